"""The attacks an outside test of ``parlour serve`` made (issue 12), each replayed against the app: who may change
what, bodies of any size at any route, creation without end, and a database that stops taking writes."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from conftest import wait_over
from parlour.store import Store, StoreUnavailable
from parlour.web.app import create_app
from parlour.web.errors import UNAVAILABLE
from parlour.web.live import NOT_SAVED

TEAMS = ["Aston Villa", "Charlton", "Q.P. Rangers", "Swansea"]
BOTS = [{"kind": "bot", "bot": "random"}] * 4
EVIL = {"origin": "http://evil.example"}


def bearer(key: str) -> dict[str, str]:
    return {"authorization": f"Bearer {key}"}


def people(n: int = 4, **flags: bool) -> dict:
    return {"game": "football-whist", "seats": [{"kind": "person"}] * 2 + [{"kind": "bot"}] * (n - 2), **flags}


# -- 1. tournament results have an owner -------------------------------------------------------
def test_a_stranger_cannot_change_a_drive_and_the_organiser_can(client):
    made = client.post("/api/drives", json={"teams": TEAMS}).json()
    drive, key = made["id"], made["key"]
    assert made["organiser"] == f"/drives/{drive}#organiser={key}"
    entries = f"/api/drives/{drive}/entries"
    result = {"kind": "result", "round": 1, "table": 1, "home_goals": 3, "away_goals": 0}
    assert client.post(entries, json=result, headers=bearer(key)).status_code == 200
    attacks = [
        ("post", entries, {**result, "kind": "correction", "home_goals": 0, "away_goals": 9}),
        ("post", entries, {"kind": "void", "round": 1, "table": 1}),
        ("post", f"/api/drives/{drive}/simulate", {"bots": "random"}),
        ("post", f"/api/drives/{drive}/fixtures/1/2/table", {"seats": BOTS}),
        ("delete", f"/api/drives/{drive}", None),
    ]
    for method, url, body in attacks:
        kwargs = {"json": body} if body is not None else {}
        bare = client.request(method, url, **kwargs)
        assert bare.status_code == 401 and "organiser key" in bare.json()["detail"], (url, bare.text)
        wrong = client.request(method, url, headers=bearer("guessed"), **kwargs)
        assert wrong.status_code == 403, (url, wrong.text)
        other = client.post("/api/drives", json={"teams": TEAMS}).json()["key"]      # another drive's key
        assert client.request(method, url, headers=bearer(other), **kwargs).status_code == 403
    after = client.get(f"/api/drives/{drive}").json()                       # reading needs no key
    [entry] = after["entries"]                                               # the organiser's, when entered
    assert entry == {**result, "meta": {"source": "organiser", "at": entry["meta"]["at"]}}
    assert not client.get("/api/tables?finished=false").json()               # no fixture table was opened
    fixed = client.post(entries, json={**result, "kind": "correction", "away_goals": 1}, headers=bearer(key))
    assert fixed.status_code == 200 and fixed.json()["rounds"][0][0]["result"]["away_goals"] == 1
    assert client.delete(f"/api/drives/{drive}", headers=bearer(key)).status_code == 204
    assert client.get(f"/api/drives/{drive}").status_code == 404


def test_a_stranger_cannot_change_a_cycle(client):
    made = client.post("/api/cycles", json={"players": ["Ann", "Bob"]}).json()
    cycle, key = made["id"], made["key"]
    entry = {"kind": "result", "match": 0, "blue_points": 8, "red_points": 3}
    table = {"seats": [{"kind": "bot", "bot": "club"}] * 2}
    for method, url, body in [("post", f"/api/cycles/{cycle}/entries", entry),
                              ("post", f"/api/cycles/{cycle}/matches/0/table", table),
                              ("delete", f"/api/cycles/{cycle}", None)]:
        kwargs = {"json": body} if body is not None else {}
        assert client.request(method, url, **kwargs).status_code == 401
        assert client.request(method, url, headers=bearer("guessed"), **kwargs).status_code == 403
    assert client.get(f"/api/cycles/{cycle}").json()["matches"][0]["points"] is None
    assert client.post(f"/api/cycles/{cycle}/entries", json=entry, headers=bearer(key)).status_code == 200


def test_a_form_post_or_a_page_of_another_site_changes_nothing(store):
    with TestClient(create_app(store, bot_delay=0, allow_origins=["https://club.example"])) as client:
        made = client.post("/api/drives", json={"teams": TEAMS}).json()
        entries = f"/api/drives/{made['id']}/entries"
        text = '{"kind": "result", "round": 1, "table": 1, "home_goals": 0, "away_goals": 9}'
        for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
            sent = client.post(entries, content=text, headers={"content-type": kind, **bearer(made["key"])})
            assert sent.status_code == 415 and "JSON" in sent.json()["detail"], kind
        assert client.post(entries, content=text, headers=bearer(made["key"])).status_code == 415   # no type
        evil = client.post(entries, content=text, headers={"content-type": "application/json", **EVIL,
                                                           **bearer(made["key"])})
        assert evil.status_code == 403 and "another site" in evil.json()["detail"]
        assert client.post("/api/tables", json=people(), headers=EVIL).status_code == 403
        assert client.get(f"/api/drives/{made['id']}", headers=EVIL).status_code == 200   # reading stays open
        assert client.get(f"/api/drives/{made['id']}").json()["entries"] == []
        for origin in ("http://testserver", "https://club.example", "https://CLUB.example:443"):
            answer = client.post(entries, content=text, headers={"content-type": "application/json",
                                                                 "origin": origin, **bearer(made["key"])})
            assert answer.status_code in (200, 422), (origin, answer.text)       # the second is a result twice
        assert len(client.get(f"/api/drives/{made['id']}").json()["entries"]) == 1


# -- 2. invited seats --------------------------------------------------------------------------
def test_a_free_seat_needs_its_join_link_unless_the_creator_opened_it(client):
    made = client.post("/api/tables", json=people()).json()
    claim = f"/api/tables/{made['id']}/seats/1/claim"
    link = made["join"]["1"]
    assert link.startswith(f"/t/{made['id']}/join/1#invite=") and "0" not in made["join"]
    assert client.post(claim, json={}).status_code == 403
    assert client.post(claim, json={"invite": "guessed"}).status_code == 403
    other = client.post("/api/tables", json=people()).json()
    assert client.post(claim, json={"invite": other["join"]["1"].split("=")[1]}).status_code == 403
    taken = client.post(claim, json={"invite": link.split("#invite=")[1], "name": "Bob"})
    assert taken.status_code == 200
    assert client.get(f"/api/tables/{made['id']}").json()["seats"][1]["name"] == "Bob"
    assert client.post(claim, json={"invite": link.split("#invite=")[1]}).status_code == 409     # once only
    open_table = client.post("/api/tables", json=people(open_seats=True)).json()
    assert client.post(f"/api/tables/{open_table['id']}/seats/1/claim", json={}).status_code == 200


def test_a_fixtures_seats_are_never_open_to_strangers(client):
    made = client.post("/api/drives", json={"teams": TEAMS}).json()
    seats = [{"kind": "person"}, {"kind": "bot"}, {"kind": "person"}, {"kind": "bot"}]
    table = client.post(f"/api/drives/{made['id']}/fixtures/1/1/table", json={"seats": seats},
                        headers=bearer(made["key"])).json()
    assert client.post(f"/api/tables/{table['id']}/seats/2/claim", json={}).status_code == 403
    invite = table["join"]["2"].split("#invite=")[1]
    assert client.post(f"/api/tables/{table['id']}/seats/2/claim", json={"invite": invite}).status_code == 200


def test_only_public_tables_are_listed_and_a_browser_sees_its_own(client):
    private = client.post("/api/tables", json=people()).json()["id"]
    public = client.post("/api/tables", json=people(public=True)).json()["id"]
    assert [t["id"] for t in client.get("/api/tables").json()] == [public]
    assert [t["id"] for t in client.get("/api/tables?finished=false").json()] == [public]
    mine = client.get(f"/api/tables?finished=false&mine={private},nosuch").json()
    assert {t["id"] for t in mine} == {public, private}


# -- 3. sockets from other sites ----------------------------------------------------------------
def test_a_socket_from_another_site_is_refused(store):
    with TestClient(create_app(store, bot_delay=0, allow_origins=["https://club.example"])) as client:
        made = client.post("/api/tables", json=people()).json()
        url = f"/ws/tables/{made['id']}?token={made['token']}"
        for origin in ("http://evil.example", "http://testserver.evil.example", "null", "http://testserver:81"):
            with pytest.raises(WebSocketDisconnect):
                with client.websocket_connect(url, headers={"origin": origin}) as ws:
                    ws.receive_json()
        for headers in ({"origin": "http://testserver"}, {"origin": "https://club.example"}, {}):
            with client.websocket_connect(url, headers=headers) as ws:
                assert ws.receive_json()["seat"] == 0


# -- 5. bodies, at every route ------------------------------------------------------------------
def every_route(app) -> list[tuple[str, str]]:
    """(method, path) of every HTTP route (the app's own, every router's, the static mounts), parameters filled in."""
    from parlour.web.routers import cycles, drives, games, pages, replays, tables

    found = []
    for route in [*app.routes, *(r for m in (cycles, drives, games, pages, replays, tables) for r in m.router.routes)]:
        methods = getattr(route, "methods", None) or {"GET"}
        path = getattr(route, "path", "")
        if not path or path.startswith("/ws/"):
            continue
        filled = path.replace("{team:path}", "x")
        while "{" in filled:
            start = filled.index("{")
            filled = filled[:start] + "1" + filled[filled.index("}", start) + 1:]
        found += [(m, filled) for m in sorted(methods) if m != "HEAD"]
    return found


def chunks(total: int, size: int = 4096):
    for _ in range(total // size):
        yield b" " * size


def test_a_big_body_is_refused_at_every_route_and_a_body_where_none_belongs(client):
    routes = every_route(client.app)
    assert ("POST", "/api/tables") in routes and ("GET", "/static") in routes and len(routes) > 25
    for method, path in routes:
        declared = client.request(method, path, content=b" " * 20000, headers={"content-type": "application/json"})
        chunked = client.request(method, path, content=chunks(10**6), headers={"content-type": "application/json"})
        for answer in (declared, chunked):
            assert answer.status_code in (400, 413), (method, path, answer.status_code)
            assert answer.json()["detail"] in ("that request is too large", "this request takes no body")
    for method, path in [("GET", "/api/games"), ("GET", "/"), ("POST", "/api/tables/x/close"),
                         ("GET", "/static/app.js")]:
        small = client.request(method, path, content=b"{}", headers={"content-type": "application/json"})
        assert small.status_code == 400 and small.json()["detail"] == "this request takes no body", path


# -- 6. creation without end ----------------------------------------------------------------------
def test_creation_is_limited_per_address(store):
    app = create_app(store, bot_delay=3600, creation_limit="3/minute")
    with TestClient(app) as client, TestClient(app, client=("10.0.0.2", 5000)) as neighbour:
        for _ in range(2):
            assert client.post("/api/tables", json=people()).status_code == 201
        assert client.post("/api/drives", json={"teams": TEAMS}).status_code == 201       # the same count
        refused = client.post("/api/tables", json=people())
        assert refused.status_code == 429 and "at most 3 per 1 minute" in refused.json()["detail"]
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert client.post("/api/cycles", json={"players": ["Ann", "Bob"]}).status_code == 429
        assert neighbour.post("/api/tables", json=people()).status_code == 201      # another address
        assert len(client.get("/api/tables?mine=" + ",".join(store_ids(store))).json()) == 3


def store_ids(store: Store) -> list[str]:
    return [t["id"] for t in store.list_tables()]


def test_tables_of_bots_alone_are_capped_and_the_reason_given(store):
    with TestClient(create_app(store, bot_delay=3600, max_bot_tables=2)) as client:
        for _ in range(2):
            assert client.post("/api/tables", json={"game": "football-whist", "seats": BOTS}).status_code == 201
        busy = client.post("/api/tables", json={"game": "football-whist", "seats": BOTS})
        assert busy.status_code == 503 and "bots alone" in busy.json()["detail"]
        assert client.post("/api/tables", json=people()).status_code == 201            # people still play
        drive = client.post("/api/drives", json={"teams": TEAMS}).json()
        refused = client.post(f"/api/drives/{drive['id']}/simulate", json={}, headers=bearer(drive["key"]))
        assert refused.status_code == 503


def test_a_table_that_does_not_end_is_closed_and_says_so(store):
    with TestClient(create_app(store, bot_delay=0, max_moves=30)) as client:
        made = client.post("/api/tables", json={"game": "football-whist", "seats": BOTS, "public": True}).json()
        info = wait_over(client, made["id"])
        assert info["moves"] == 30 and info["result"] == {
            "abandoned": True, "winner": None, "reason": "no end after 30 moves: the server closed the table"}
        assert store.load(made["id"]).finished is not None
        assert [t["id"] for t in client.get("/api/tables?finished=true").json()] == [made["id"]]
        assert client.get(f"/api/tables/{made['id']}/replay?step=30").json()["action"] is not None


# -- 7. a database that stops taking writes ---------------------------------------------------------
class Faulty(Store):
    """A store whose writes fail while ``broken`` is set, as a full disk makes them."""

    broken = False

    def append_actions(self, *args, **kwargs) -> list:        # the writer's way in (append_action's too)
        if self.broken:
            raise StoreUnavailable("the database cannot be written now (database or disk is full)")
        return super().append_actions(*args, **kwargs)

    def create_table(self, *args, **kwargs) -> str:
        if self.broken:
            raise StoreUnavailable("the database cannot be written now (database or disk is full)")
        return super().create_table(*args, **kwargs)


@pytest.fixture
def faulty(tmp_path):
    return Faulty(f"sqlite:///{tmp_path / 'faulty.db'}")


def moves(client, table_id: str) -> int:
    return client.get(f"/api/tables/{table_id}").json()["moves"]


def test_bots_carry_on_by_themselves_once_writes_work_again(faulty):
    with TestClient(create_app(faulty, bot_delay=0.01)) as client:
        tables = [client.post("/api/tables", json={"game": "football-whist", "seats": BOTS, "seed": s}).json()["id"]
                  for s in range(3)]
        faulty.broken = True
        time.sleep(0.3)
        frozen = [moves(client, t) for t in tables]
        time.sleep(0.5)
        assert [moves(client, t) for t in tables] == frozen                  # nothing applied unstored
        refused = client.post("/api/tables", json=people())
        assert refused.status_code == 503 and refused.json()["detail"] == UNAVAILABLE     # the reason: in the log
        faulty.broken = False
        for t in tables:
            info = wait_over(client, t)
            assert len(faulty.load(t).actions) == info["moves"] and faulty.load(t).finished is not None


def test_a_move_the_database_refuses_is_not_applied_and_the_player_is_told(faulty):
    with TestClient(create_app(faulty, bot_delay=0)) as client:
        made = client.post("/api/tables", json={**people(), "seats": [{"kind": "person"}] + BOTS[1:],
                                                "seed": 11}).json()
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            view = ws.receive_json()
            while not view["legal"]:
                view = ws.receive_json()
            faulty.broken = True
            ws.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
            error = ws.receive_json()
            assert error == {"type": "error", "message": NOT_SAVED}, error
            ws.send_json({"type": "view"})
            assert ws.receive_json()["moves"] == view["moves"]          # the socket is open; nothing moved
            faulty.broken = False
            ws.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
            assert ws.receive_json()["moves"] == view["moves"] + 1
        assert faulty.load(made["id"]).actions[view["moves"]][1] == view["legal"][0]


def test_a_real_sqlite_file_that_refuses_writes(tmp_path, caplog):
    """SQLite itself refuses (query_only: "attempt to write a readonly database"); the store says 503, in a plain
    sentence, and the log has SQLite's reason."""
    from sqlalchemy import event

    store = Store(f"sqlite:///{tmp_path / 'real.db'}")
    refuse = {"on": False}
    event.listen(store.engine, "connect",
                 lambda connection, _: connection.execute(f"PRAGMA query_only={int(refuse['on'])}"))
    with TestClient(create_app(store, bot_delay=0.01)) as client:
        table = client.post("/api/tables", json={"game": "football-whist", "seats": BOTS, "seed": 4}).json()["id"]
        refuse["on"] = True
        store.engine.dispose()                               # new connections, each refusing writes
        refused = client.post("/api/tables", json=people())
        assert refused.status_code == 503 and refused.json()["detail"] == UNAVAILABLE
        assert "readonly" in caplog.text
        time.sleep(0.3)
        stuck = moves(client, table)
        assert stuck < 110 and len(store.load(table).actions) == stuck
        refuse["on"] = False
        store.engine.dispose()
        assert wait_over(client, table)["over"]


def rss_kib(pid: int) -> int:
    """The resident memory of a process, from /proc (Linux)."""
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def send_chunked(port: int, method: str, path: str, total: int) -> tuple[str, int]:
    """Sends ``total`` bytes as a chunked body, for as long as the server reads; its status line, and bytes sent."""
    import socket

    sent = 0
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     "Transfer-Encoding: chunked\r\n\r\n".encode())
        chunk = b"%x\r\n" % (1 << 20) + b" " * (1 << 20) + b"\r\n"
        sock.settimeout(10)
        try:
            while sent < total:
                sock.sendall(chunk)
                sent += 1 << 20
        except OSError:                     # the server answered and closed: it reads no further
            pass
        try:
            answer = sock.recv(4096).decode(errors="replace")
        except OSError:
            answer = ""
    return answer.split("\r\n", 1)[0], sent


def test_a_400_mb_body_does_not_raise_the_servers_memory(server):
    pid = server.process.pid
    before = rss_kib(pid)
    for method, path in (("POST", "/api/tables"), ("GET", "/api/games"), ("POST", "/api/drives/x/entries")):
        status, sent = send_chunked(server.port, method, path, 400 << 20)
        print(method, path, status, f"{sent >> 20} MiB sent")
        assert status.split()[1:2] in (["413"], ["400"]), status
        assert sent < 400 << 20, (path, status)          # the server stopped reading long before the end
    grown = (rss_kib(pid) - before) / 1024
    print(f"server memory before: {before / 1024:.1f} MiB, grown by {grown:.1f} MiB after three 400 MB bodies")
    assert grown < 30
    assert httpx_get(server.url + "/api/games") == 200


def httpx_get(url: str) -> int:
    import httpx

    return httpx.get(url, timeout=10).status_code
