"""A public night nobody can starve (issue 36): keys hashed at rest, refusals that show no internals, deals
nobody else chooses, and the caps on play sockets and on the names the server answers to."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from parlour.store import Store, claims, digest
from parlour.web.app import create_app

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
