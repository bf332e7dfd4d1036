"""Several `parlour serve` processes on one PostgreSQL database; SQLite refusing a second one.

Real server processes, real sockets: a person on process A and a person and a spectator on process B
play one table; a bot table's lease holder is killed with SIGKILL and the other process finishes the game,
the very game one process alone would have played.
"""

from __future__ import annotations

import json
import threading
import time
import uuid

import httpx
import psycopg
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from conftest import Server
from parlour.store import Store
from parlour.store.pubsub import conninfo

LEASE = "2"          # seconds: a dead process's tables are taken over within a few seconds


@pytest.fixture
def database(postgres_url):
    """A database of its own on the throwaway PostgreSQL server (no other test's tables to resume)."""
    name = f"parlour_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(conninfo(postgres_url), autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return postgres_url.replace("/postgres?", f"/{name}?")


def socket_url(server: Server, table: str, token: str | None = None) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{table}" + (f"?token={token}" if token else "")


def play(url: str, log: list[dict], errors: list[str]) -> None:
    """A person who plays the last legal move of every view until the game is over."""
    with connect(url) as ws:
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "error":
                errors.append(message["message"])
                continue
            log.append(message)
            if message["over"]:
                return
            if message["legal"]:
                ws.send(json.dumps({"type": "act", "action": message["legal"][-1], "moves": message["moves"]}))


def watch(url: str, log: list[dict], until_over: bool = True) -> None:
    try:
        with connect(url) as ws:
            while True:
                message = json.loads(ws.recv(timeout=30))
                if message["type"] == "view":
                    log.append(message)
                    if message["over"] and until_over:
                        return
    except (ConnectionClosed, TimeoutError):
        pass


def test_people_on_two_processes_play_one_table_and_a_spectator_on_either_sees_every_move(database):
    """Ann plays on A (which runs the bots), Bob on B; a spectator on each sees every move, in order."""
    a = Server(database, 0.02, "--lease", LEASE).start()
    b = Server(database, 0.02, "--lease", LEASE).start()
    try:
        made = httpx.post(a.url + "/api/tables", json={
            "game": "football-whist", "seed": 8,
            "seats": [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}] * 2}).json()
        invite = made["join"]["2"].split("#invite=")[1]              # Bob's join link, opened on B
        other = httpx.post(f"{b.url}/api/tables/{made['id']}/seats/2/claim", json={"invite": invite}).json()
        logs: dict[str, list[dict]] = {"ann": [], "bob": [], "watch_a": [], "watch_b": []}
        errors: list[str] = []
        threads = [
            threading.Thread(target=watch, args=(socket_url(a, made["id"]), logs["watch_a"])),
            threading.Thread(target=watch, args=(socket_url(b, made["id"]), logs["watch_b"])),
            threading.Thread(target=play, args=(socket_url(a, made["id"], made["token"]), logs["ann"], errors)),
            threading.Thread(target=play, args=(socket_url(b, made["id"], other["token"]), logs["bob"], errors)),
        ]
        for thread in threads:
            thread.start()
            time.sleep(0.1)
        for thread in threads:
            thread.join(120)
        assert not any(t.is_alive() for t in threads), "the game did not finish on both processes"
        final = {name: log[-1] for name, log in logs.items()}
        assert all(view["over"] for view in final.values())
        assert len({view["moves"] for view in final.values()}) == 1, "every connection saw the whole game"
        assert final["watch_a"]["observation"] == final["watch_b"]["observation"]
        # each spectator saw the moves in order; on B it saw Ann's moves and the bots', made on A, and Bob's
        for name in ("watch_a", "watch_b"):
            moves = [view["moves"] for view in logs[name]]
            assert moves == sorted(moves)
        # a copy behind the other reloads; nothing else (the refusal of a move chosen on an old view, in its words)
        stale = ("moved on before your move", "changed before your move", "already made, so it was not made twice")
        assert all(any(words in e for words in stale) for e in errors), errors
        stored = Store(database).load(made["id"])
        assert len(stored.actions) == final["ann"]["moves"] and stored.finished is not None
        for server in (a, b):
            info = httpx.get(f"{server.url}/api/tables/{made['id']}").json()
            assert info["over"] and info["moves"] == len(stored.actions)
    finally:
        a.stop()
        b.stop()


def test_killing_the_process_that_runs_a_tables_bots_lets_another_finish_the_game(database, tmp_path):
    bots = {"game": "football-whist", "seed": 21, "seats": [{"kind": "bot", "bot": "heuristic"}] * 4}
    a = Server(database, 0.05, "--lease", LEASE).start()
    b = Server(database, 0.05, "--lease", LEASE).start()
    try:
        table = httpx.post(a.url + "/api/tables", json=bots).json()["id"]      # A takes the lease: its bots play
        seen_on_b: list[dict] = []
        watcher = threading.Thread(target=watch, args=(socket_url(b, table), seen_on_b))
        watcher.start()
        deadline = time.monotonic() + 30
        while httpx.get(f"{b.url}/api/tables/{table}").json()["moves"] < 20 and time.monotonic() < deadline:
            time.sleep(0.05)
        before = httpx.get(f"{b.url}/api/tables/{table}").json()["moves"]
        assert before >= 20, "B's copy follows the moves A's bots make"
        a.kill()                                        # SIGKILL: no goodbye, the lease just stops being renewed
        watcher.join(120)
        assert not watcher.is_alive() and seen_on_b[-1]["over"], "B took the bots over and finished the game"
        moves = [view["moves"] for view in seen_on_b]
        assert moves == sorted(moves) and moves[-1] > before
    finally:
        a.stop()
        b.stop()
    stored = Store(database).load(table)
    assert stored.finished is not None and len(stored.actions) == seen_on_b[-1]["moves"]
    # the game is the one a single process would have played: nothing lost, nothing played twice
    alone = Server(f"sqlite:///{tmp_path / 'alone.db'}", 0.0).start()
    try:
        again = httpx.post(alone.url + "/api/tables", json=bots).json()["id"]
        deadline = time.monotonic() + 60
        while not httpx.get(f"{alone.url}/api/tables/{again}").json()["over"] and time.monotonic() < deadline:
            time.sleep(0.1)
        record = httpx.get(f"{alone.url}/api/tables/{again}/record").json()
    finally:
        alone.stop()
    assert [[seat, action] for seat, action, _ in stored.actions] == [a[:2] for a in record["actions"]]


def test_a_table_made_on_one_process_is_joined_on_the_other_and_closed_on_both(database):
    """Behind one address (here the club's site, allowed on both), keys, invites and Origin checks hold on every
    process, and a table a seat closes on A is closed on B at once: B's copy refuses moves and runs no bots."""
    club, evil = {"origin": "https://club.example"}, {"origin": "http://evil.example"}
    # leases long enough that B hears of the close only by A's announcement, not by taking the table over
    a = Server(database, 0.05, "--lease", "60", "--allow-origin", club["origin"]).start()
    b = Server(database, 0.05, "--lease", "60", "--allow-origin", club["origin"]).start()
    try:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}] * 2
        assert httpx.post(b.url + "/api/tables", json={"game": "football-whist", "seats": seats},
                          headers=evil).status_code == 403
        made = httpx.post(a.url + "/api/tables", json={"game": "football-whist", "seed": 5, "seats": seats},
                          headers=club).json()
        claim = f"{b.url}/api/tables/{made['id']}/seats/2/claim"
        assert httpx.post(claim, json={}, headers=club).status_code == 403               # no invite
        invite = made["join"]["2"].split("#invite=")[1]
        bob = httpx.post(claim, json={"invite": invite, "name": "Bob"}, headers=club).json()
        with pytest.raises(InvalidStatus):
            connect(socket_url(b, made["id"], bob["token"]), origin=Origin(evil["origin"])).close()
        with connect(socket_url(b, made["id"], bob["token"]), origin=Origin(club["origin"])) as ws:
            assert json.loads(ws.recv(timeout=10))["seat"] == 2                       # B holds a copy now
            closed = httpx.post(f"{a.url}/api/tables/{made['id']}/close", headers={
                **club, "authorization": f"Bearer {made['token']}"})
            assert closed.status_code == 200 and closed.json()["over"]
            view = json.loads(ws.recv(timeout=10))
            while not view["over"]:                                                   # moves made before the close
                view = json.loads(ws.recv(timeout=10))
            assert view["result"]["abandoned"] and not view["legal"]
            ws.send(json.dumps({"type": "act", "action": "play E7"}))
            assert json.loads(ws.recv(timeout=10)) == {"type": "error", "message": "the game is over"}
        stored = Store(database).load(made["id"])
        assert stored.result is not None and stored.result["abandoned"] and len(stored.actions) == view["moves"]
        for server in (a, b):
            assert httpx.get(f"{server.url}/api/tables/{made['id']}").json()["moves"] == view["moves"]
    finally:
        a.stop()
        b.stop()


def test_a_second_server_on_one_sqlite_file_is_refused_with_the_reason(tmp_path):
    database = f"sqlite:///{tmp_path / 'one.db'}"
    first = Server(database).start()
    try:
        with pytest.raises(RuntimeError, match="SQLite serves one process only"):
            Server(database).start()
    finally:
        first.stop()
    Server(database).start().stop()            # once the first has stopped, the file is free again
