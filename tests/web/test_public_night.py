"""A public night nobody can starve (issue 36): keys hashed at rest, refusals that show no internals, deals
nobody else chooses, and the caps on play sockets and on the names the server answers to."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from parlour.store import Store, StoreUnavailable, claims, digest
from parlour.web.app import create_app
from parlour.web.errors import FAILED, UNAVAILABLE
from parlour.web.live import NOT_SAVED
from parlour.web.sockets import CLOSE_TOO_MANY, SocketCaps

TWO_PEOPLE = {"game": "football-whist",
              "seats": [{"kind": "person"}, {"kind": "bot"}, {"kind": "person"}, {"kind": "bot"}]}


def bearer(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


def invite_of(made: dict, seat: int) -> str:
    return made["join"][str(seat)].split("#invite=")[1]


def database_bytes(folder: Path) -> bytes:
    """Everything SQLite keeps of the database: the file, its write-ahead log and its shared memory."""
    return b"".join(path.read_bytes() for path in sorted(folder.glob("parlour.db*")))


# -- 1. keys hashed at rest ----------------------------------------------------------------------
def test_the_database_never_holds_a_key_the_server_handed_out(tmp_path):
    """Seat keys, invites and organiser keys all leave the server, and none is in the file: a copy of the
    database (a backup, a stolen disk) opens no seat and changes no tournament.  The keys still work."""
    store = Store(f"sqlite:///{tmp_path / 'parlour.db'}")
    with TestClient(create_app(store, bot_delay=0)) as client:
        made = client.post("/api/tables", json=TWO_PEOPLE).json()
        invite = invite_of(made, 2)
        bob = client.post(f"/api/tables/{made['id']}/seats/2/claim", json={"invite": invite, "name": "Bob"}).json()
        drive = client.post("/api/drives", json={"teams": ["A", "B", "C", "D"]}).json()
        cycle = client.post("/api/cycles", json={"players": ["Ann", "Bob", "Cyril"]}).json()
        fixture = client.post(f"/api/drives/{drive['id']}/fixtures/1/1/table", headers=bearer(drive["key"]),
                              json={"seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot"},
                                              {"kind": "bot"}]}).json()
        keys = [made["token"], invite, bob["token"], drive["key"], cycle["key"], fixture["token"],
                invite_of(fixture, 1)]
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={bob['token']}") as ws:
            assert ws.receive_json()["seat"] == 2                       # the key opens its seat, by its hash
        result = {"kind": "result", "round": 1, "table": 2, "home_goals": 2, "away_goals": 1}
        assert client.post(f"/api/drives/{drive['id']}/entries", headers=bearer(drive["key"]),
                           json=result).status_code == 200
        stored = database_bytes(tmp_path)
    assert len(stored) > 10_000
    assert not [key for key in keys if key.encode() in stored]
    with store.engine.connect() as db:
        rows = db.execute(claims.select().where(claims.c.table_id == made["id"])).all()
    assert sorted(row.key_hash for row in rows) == sorted([digest(made["token"]), digest(bob["token"])])


def old_database(folder: Path) -> tuple[str, dict[int, str]]:
    """A database as Parlour wrote it before keys were hashed: a table whose seat keys are stored as they are,
    and none of the migrations noted.  Answers the table and its keys, seat by seat."""
    store = Store(f"sqlite:///{folder / 'parlour.db'}")
    table_id = store.create_table("football-whist", {}, 7, [{"kind": "person"}] * 4)
    store.engine.dispose()
    old = {0: "Ann0old0key0handed0out0", 1: "Bob-old_key-handed-out-1"}          # 24 characters, as new_secret's
    with sqlite3.connect(folder / "parlour.db") as db:
        db.executemany("INSERT INTO seat_claims (table_id, seat, token) VALUES (?, ?, ?)",
                       [(table_id, seat, key) for seat, key in old.items()])
        db.execute("DROP TABLE schema_migrations")
    db.close()
    return table_id, old


def test_an_old_database_keeps_its_links_once_its_keys_are_hashed(tmp_path):
    """The server hashes an old database's plaintext keys when it starts: the links handed out before still
    open their seats, and no copy of a key is left in the file (SQLite's free space and log included)."""
    table_id, old = old_database(tmp_path)
    assert old[0].encode() in database_bytes(tmp_path)                  # as an earlier Parlour left it
    store = Store(f"sqlite:///{tmp_path / 'parlour.db'}")
    newer = store.claim(table_id, 2)                                    # a key of this version, hashed already
    again = Store(f"sqlite:///{tmp_path / 'parlour.db'}")               # the migration runs once; it would not harm
    with TestClient(create_app(again, bot_delay=0)) as client:
        for seat, key in [*old.items(), (2, newer)]:
            with client.websocket_connect(f"/ws/tables/{table_id}?token={key}") as ws:
                assert ws.receive_json()["seat"] == seat
            assert client.post(f"/api/tables/{table_id}/close", headers=bearer("not" + key[3:])).status_code == 403
        stored = database_bytes(tmp_path)
    assert not [key for key in old.values() if key.encode() in stored]
    with again.engine.connect() as db:
        rows = {row.seat: row.key_hash for row in db.execute(claims.select())}
    assert rows == {0: digest(old[0]), 1: digest(old[1]), 2: digest(newer)}


# -- 2. refusals never show internals ---------------------------------------------------------------
#: a database error as a driver raises it: the path of the file and the statement, which no player should read
SECRET_PATH = "/srv/parlour/private/parlour.db"


def driver_error() -> OperationalError:
    return OperationalError("INSERT INTO actions (table_id, idx) VALUES (?, ?)", {},
                            sqlite3.OperationalError(f"unable to open database file {SECRET_PATH}"))


def shows_nothing_inside(text: str) -> bool:
    return not any(word in text for word in (SECRET_PATH, "/srv", "OperationalError", "INSERT", "sqlite", "Error"))


def test_a_move_the_database_fails_is_refused_in_a_plain_sentence(store, monkeypatch, caplog):
    """A driver's error that escapes the store (with its file's path) reaches the player as one plain sentence;
    the path and the error are in the server's log; the socket stays open and the move can be sent again."""
    with TestClient(create_app(store, bot_delay=0)) as client:
        made = client.post("/api/tables", json={**TWO_PEOPLE, "seats": [{"kind": "person"}] + [{"kind": "bot"}] * 3}
                           ).json()
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            view = ws.receive_json()
            while not view["legal"]:
                view = ws.receive_json()

            def broken(*_args: object, **_kwargs: object) -> list:
                raise driver_error()

            monkeypatch.setattr(store, "append_actions", broken)
            ws.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
            refusal = ws.receive_json()
            assert refusal == {"type": "error", "message": NOT_SAVED}
            monkeypatch.undo()
            ws.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
            assert ws.receive_json()["moves"] == view["moves"] + 1          # nothing was applied, then it was
    assert SECRET_PATH in caplog.text


def test_a_request_the_database_fails_shows_no_path_nor_error(store, monkeypatch, caplog):
    """A 503 (the store's own refusal, which names the file), a 500 (an error no route expected) and a play
    socket whose key cannot be looked up: each says a plain sentence, as JSON, and the log has the rest."""
    with TestClient(create_app(store, bot_delay=0), raise_server_exceptions=False) as client:
        made = client.post("/api/tables", json=TWO_PEOPLE).json()

        def unavailable(*_args: object, **_kwargs: object) -> object:
            raise StoreUnavailable(f"the database cannot be written now (unable to open {SECRET_PATH})")

        def crashing(*_args: object, **_kwargs: object) -> object:
            raise driver_error()

        monkeypatch.setattr(store, "create_table", unavailable)
        refused = client.post("/api/tables", json=TWO_PEOPLE)
        assert refused.status_code == 503 and refused.json() == {"detail": UNAVAILABLE}
        monkeypatch.setattr(store, "claimed_seats", crashing)
        failed = client.get(f"/api/tables/{made['id']}")
        assert failed.status_code == 500 and failed.json() == {"detail": FAILED}
        monkeypatch.setattr(store, "seat_of", unavailable)
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            assert ws.receive_json() == {"type": "error", "message": UNAVAILABLE}
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 1013                                    # try again later
        monkeypatch.setattr(store, "seat_of", crashing)
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            assert ws.receive_json() == {"type": "error", "message": FAILED}
    for answer in (refused.text, failed.text, UNAVAILABLE, FAILED, NOT_SAVED):
        assert shows_nothing_inside(answer), answer
    assert SECRET_PATH in caplog.text


# -- 3. nobody chooses a deal others play ---------------------------------------------------------------
def seed_of(client, store: Store, made: dict) -> int | None:
    """The seed kept with the table, after checking that its answer and its info say who chose it alike."""
    assert client.get(f"/api/tables/{made['id']}").json()["seed_chosen_by"] == made["seed_chosen_by"]
    return store.load(made["id"]).seed


def test_a_creators_seed_is_kept_only_where_nobody_else_plays(client, store):
    """Alone with bots, the creator's seed is his (a practice deal); with another person at the table the server
    draws the deal, says so, and keeps the seed for the record once the game is over."""
    alone = client.post("/api/tables", json={"game": "football-whist", "seed": 42,
                                             "seats": [{"kind": "person"}] + [{"kind": "bot"}] * 3}).json()
    assert alone["seed_chosen_by"] == "creator" and seed_of(client, store, alone) == 42
    bots = client.post("/api/tables", json={"game": "football-whist", "seed": 43, "seats": [{"kind": "bot"}] * 4,
                                            "sit": False}).json()
    assert bots["seed_chosen_by"] == "creator" and seed_of(client, store, bots) == 43
    shared = [client.post("/api/tables", json={**TWO_PEOPLE, "seed": 42}).json() for _ in range(2)]
    drawn = [seed_of(client, store, made) for made in shared]
    assert [made["seed_chosen_by"] for made in shared] == ["server", "server"]
    assert 42 not in drawn and drawn[0] != drawn[1]                     # the creator's seed chose neither deal
    # a creator who does not sit chooses nobody's deal either: the one person seat is someone else's
    other = client.post("/api/tables", json={"game": "football-whist", "seed": 42, "sit": False,
                                             "seats": [{"kind": "person"}] + [{"kind": "bot"}] * 3}).json()
    assert other["seed_chosen_by"] == "server" and seed_of(client, store, other) != 42
    unseeded = client.post("/api/tables", json=TWO_PEOPLE).json()
    assert unseeded["seed_chosen_by"] == "server" and seed_of(client, store, unseeded) is not None
    made = shared[0]
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 403       # the deal stays hidden till the end
    client.post(f"/api/tables/{made['id']}/close", headers=bearer(made["token"]))
    assert client.get(f"/api/tables/{made['id']}/record").json()["seed"] == drawn[0]


def test_tournament_tables_follow_the_same_rule(client, store):
    """A drive's bots-only tables keep the organiser's seed (seed + k, nobody else's deal); a cycle's match
    between two people, and a drive's fixture with people at it, get the server's."""
    drive = client.post("/api/drives", json={"teams": ["A", "B", "C", "D"]}).json()
    cycle = client.post("/api/cycles", json={"players": ["Ann", "Bob", "Cyril"]}).json()
    match = client.post(f"/api/cycles/{cycle['id']}/matches/0/table", headers=bearer(cycle["key"]),
                        json={"seed": 5}).json()
    assert match["seed_chosen_by"] == "server" and seed_of(client, store, match) != 5
    people = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]
    fixture = client.post(f"/api/drives/{drive['id']}/fixtures/1/1/table", headers=bearer(drive["key"]),
                          json={"seats": people, "seed": 5}).json()
    assert fixture["seed_chosen_by"] == "server" and seed_of(client, store, fixture) != 5
    client.post(f"/api/drives/{drive['id']}/simulate", headers=bearer(drive["key"]), json={"seed": 100})
    simulated = [t for t in store.tables_for("drive", drive["id"]) if t["id"] != fixture["id"]]
    assert simulated and {t["options"]["seed_chosen_by"] for t in simulated} == {"creator"}
    assert sorted(store.load(t["id"]).seed for t in simulated) == [100 + k for k in range(len(simulated))]


def test_a_server_may_keep_every_creators_seed_by_its_owners_choice(store):
    """``parlour serve --creator-seeds``: a duplicate night (one deal at every table), by the players' agreement."""
    with TestClient(create_app(store, bot_delay=0, creator_seeds=True)) as client:
        made = client.post("/api/tables", json={**TWO_PEOPLE, "seed": 42}).json()
        assert made["seed_chosen_by"] == "creator" and seed_of(client, store, made) == 42


# -- 5. bounded per client -----------------------------------------------------------------------------
def turned_away(client, url: str) -> tuple[str, int, str]:
    """A socket over a cap: the error it is told, and the code and reason it is closed with."""
    with client.websocket_connect(url) as ws:
        told = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert told["type"] == "error"
    return told["message"], closed.value.code, closed.value.reason


def test_play_sockets_are_capped_per_seat_per_table_and_per_address(store):
    """Two sockets a seat, four a table (spectators included), six an address (over every table): the one over
    is told why and closed with 4429; a socket that closes frees its place."""
    caps = SocketCaps(per_seat=2, per_table=4, per_address=6)
    with TestClient(create_app(store, bot_delay=0, sockets=caps)) as client:
        made = client.post("/api/tables", json=TWO_PEOPLE).json()
        other = client.post("/api/tables", json=TWO_PEOPLE).json()
        seat = f"/ws/tables/{made['id']}?token={made['token']}"
        watch = f"/ws/tables/{made['id']}"
        with client.websocket_connect(seat) as a, client.websocket_connect(seat) as b:
            a.receive_json(), b.receive_json()
            message, code, reason = turned_away(client, seat)
            assert code == CLOSE_TOO_MANY and reason == message == (
                "this seat is already open in 2 places (at most 2); close one of them")
            with client.websocket_connect(watch) as c, client.websocket_connect(watch) as d:
                c.receive_json(), d.receive_json()
                message, code, _ = turned_away(client, watch)
                assert code == CLOSE_TOO_MANY and "this table has as many connections as it allows (4)" in message
                elsewhere = f"/ws/tables/{other['id']}"
                with client.websocket_connect(elsewhere) as e, client.websocket_connect(elsewhere) as f:
                    e.receive_json(), f.receive_json()
                    message, code, _ = turned_away(client, elsewhere)        # a seventh, at another table
                    assert code == CLOSE_TOO_MANY and message == (
                        "too many connections from your address (at most 6 at once)")
                    assert caps.by_address == {"testclient": 6}             # the ones turned away are not kept
            with client.websocket_connect(watch) as g:                      # closed sockets free their places
                assert g.receive_json()["type"] == "view"
        assert caps.by_address == {}
        assert 'parlour_dropped_connections_total{reason="cap"} 3.0' in client.get("/metrics").text


def test_a_server_with_host_names_answers_to_those_alone(store):
    """``--host-name``: a request or a socket for any other Host is refused (400 in words; the handshake
    refused), which a page of a site that points its own name at this server (DNS rebinding) cannot get past."""
    app = create_app(store, bot_delay=0, host_names=["club.example", "*.parlour.example"])
    with TestClient(app, base_url="http://club.example") as client:
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games", headers={"host": "club.example:8000"}).status_code == 200
        assert client.get("/healthz", headers={"host": "night.parlour.example"}).status_code == 200
        for host in ("evil.example", "parlour.example", "club.example.evil.example", "127.0.0.1", ""):
            refused = client.post("/api/tables", json=TWO_PEOPLE, headers={"host": host})
            assert refused.status_code == 400, host
            assert refused.json()["detail"].startswith("this server answers only to club.example, *.parlour.example")
        made = client.post("/api/tables", json=TWO_PEOPLE).json()
        with client.websocket_connect(f"/ws/tables/{made['id']}", headers={"host": "club.example"}) as ws:
            assert ws.receive_json()["type"] == "view"
        with pytest.raises(WebSocketDisconnect) as refused_socket:
            with client.websocket_connect(f"/ws/tables/{made['id']}", headers={"host": "evil.example"}):
                pass
        assert refused_socket.value.code == 1008
    with TestClient(create_app(store, bot_delay=0)) as anywhere:              # none given: any name, for a laptop
        assert anywhere.get("/api/games", headers={"host": "evil.example"}).status_code == 200
    with pytest.raises(ValueError):
        create_app(store, host_names=["club.*.example"])


def test_a_card_with_no_pdf_says_so_without_the_librarys_path(client, monkeypatch):
    """WeasyPrint's own error names the library it looked for and where: the organiser is told what to do."""
    from parlour.tournaments.printing import PrintingUnavailable
    from parlour.web import tournaments as printed

    def missing(_pages: list[str]) -> bytes:
        raise PrintingUnavailable("PDF needs WeasyPrint and Pango (pip install weasyprint): cannot load library "
                                  "'/usr/lib/x86_64-linux-gnu/libpango-1.0.so.0'")

    monkeypatch.setattr(printed, "pdf", missing)
    drive = client.post("/api/drives", json={"teams": ["A", "B", "C", "D"]}).json()
    answer = client.get(f"/drives/{drive['id']}/cards.pdf")
    assert answer.status_code == 501 and answer.json() == {"detail": printed.NO_PDF}
    assert "/usr/lib" not in answer.text
    cycle = client.post("/api/cycles", json={"players": ["Ann", "Bob"]}).json()       # a cycle's sheet: the same
    answer = client.get(f"/cycles/{cycle['id']}/sheet?format=pdf")
    assert answer.status_code == 501 and answer.json() == {"detail": printed.NO_PDF}
