"""What the people who run the server see: /metrics, /healthz, and log lines with their context."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import event
from websockets.sync.client import connect

from conftest import Server
from parlour.store import Store
from parlour.web.app import create_app
from test_api import person_and_bots, play_out

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from servers import throwaway_postgres  # noqa: E402


def metric(text: str, name: str) -> float:
    """The value of one sample (``name`` with its labels) in Prometheus' text format."""
    return next(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name + " "))


def test_metrics_count_tables_connections_and_moves(client):
    made = client.post("/api/tables", json=person_and_bots("british-towns-sets")).json()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws, \
            client.websocket_connect(f"/ws/tables/{made['id']}"):
        during = client.get("/metrics")
        final = play_out(ws)
    assert during.headers["content-type"].startswith("text/plain")
    assert metric(during.text, 'parlour_connections{kind="seat"}') == 1
    assert metric(during.text, 'parlour_connections{kind="spectator"}') == 1
    assert metric(during.text, "parlour_live_tables") == 1
    after = client.get("/metrics").text
    moves = metric(after, 'parlour_moves_total{by="person"}') + metric(after, 'parlour_moves_total{by="bot"}')
    assert moves == final["moves"]
    assert metric(after, 'parlour_move_seconds_count{by="person"}') == metric(after, 'parlour_moves_total{by="person"}')
    assert metric(after, 'parlour_connections{kind="seat"}') == 0
    assert "parlour_database_errors_total{" not in after          # no failure, so no operation counted yet
    assert "parlour_moves_per_second" in after and "parlour_event_loop_lag_seconds_bucket" in after


def test_healthz_says_whether_the_database_answers():
    with throwaway_postgres() as url:
        client = TestClient(create_app(Store(url), bot_delay=0))
        client.__enter__()
        try:
            healthy = client.get("/healthz")
            assert healthy.status_code == 200 and healthy.json()["database"] == "ok"
            assert healthy.json()["listening"] is True               # it hears the other processes' moves
        except BaseException:
            client.__exit__(None, None, None)
            raise
    down = client.get("/healthz")                                   # the PostgreSQL server has stopped
    client.__exit__(None, None, None)
    assert down.status_code == 503 and down.json()["status"] == "unavailable"
    assert down.json()["detail"].startswith("the database does not answer")


def test_healthz_on_sqlite(client):
    assert client.get("/healthz").json() == {"status": "ok", "database": "ok", "listening": None, "detail": None}


def test_healthz_fails_when_the_database_takes_no_write(store, caplog):
    """A database that still answers reads but refuses writes (SQLite's query_only, as a read-only file or a full
    disk does) is down for players, so /healthz says 503; the database's own words go to the log only."""
    refuse = {"on": False}
    event.listen(store.engine, "connect",
                 lambda connection, _: connection.execute(f"PRAGMA query_only={int(refuse['on'])}"))
    with TestClient(create_app(store, bot_delay=0)) as client:
        assert client.get("/healthz").status_code == 200
        refuse["on"] = True
        store.engine.dispose()                               # new connections, each refusing writes
        store.ping()                                         # a read still gets through: it would say all is well
        assert client.get("/api/tables").status_code == 200
        down = client.get("/healthz")
        assert down.status_code == 503 and down.json()["status"] == "unavailable"
        assert down.json()["database"] == "down"
        assert down.json()["detail"] == ("the database does not answer: a test write failed (the server's log has "
                                         "the reason)")
        assert "readonly" in caplog.text and "readonly" not in down.text
        refuse["on"] = False
        store.engine.dispose()
        assert client.get("/healthz").status_code == 200


def test_healthz_fails_when_a_write_hangs_and_asks_only_one_at_a_time(store, monkeypatch):
    """A write that never ends is a 503 after the check's timeout; checks meanwhile wait for the same write."""
    release = threading.Event()
    writes: list[float] = []

    def hanging() -> None:
        writes.append(time.monotonic())
        release.wait(10)

    app = create_app(store, bot_delay=0)
    app.state.health.timeout = 0.3
    with TestClient(app) as client:
        monkeypatch.setattr(store, "probe", hanging)
        answers = [client.get("/healthz") for _ in range(3)]
        release.set()
    assert [a.status_code for a in answers] == [503] * 3
    assert answers[0].json()["detail"] == "the database does not answer: no write within 0.3 s"
    assert len(writes) == 1                                  # one thread held, however often it was asked


def test_healthz_answers_while_the_shared_thread_pool_is_busy(store):
    """Every thread of the pool that runs the bots' searches and the store's calls is held until the health check has
    answered (or for a minute): the check, in a thread of its own, answers while they are all still held (on a loaded
    machine too: an order of events, not a time)."""
    release = threading.Event()
    freed: list[float] = []

    def hold() -> None:
        release.wait(60)
        freed.append(time.monotonic())

    with TestClient(create_app(store, bot_delay=0)) as client:
        async def flood() -> None:
            loop = asyncio.get_running_loop()
            # as many as the default pool has threads (Python's default: the cores and four, at most 32), every one
            # held; more would only queue
            for _ in range(min(32, (os.cpu_count() or 1) + 4)):
                loop.run_in_executor(None, hold)

        assert client.portal is not None
        client.portal.call(flood)
        answer = client.get("/healthz")
        answered = time.monotonic()
        release.set()
    assert answer.status_code == 200, answer.text
    assert not freed or min(freed) > answered, (freed, answered)


def test_json_log_lines_carry_the_request_and_the_table_and_seat(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 'logged.db'}", 0.0, "--log-format", "json", "--log-level", "info")
    server.start()
    try:
        made = httpx.post(server.url + "/api/tables", json=person_and_bots("british-towns-sets"),
                          headers={"X-Request-Id": "req-42"})
        assert made.headers["x-request-id"] == "req-42"
        table = made.json()
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table['id']}?token={table['token']}") as ws:
            ws.recv(timeout=10)
    finally:
        server.stop()
    assert server.process is not None and server.process.stderr is not None
    records = [json.loads(line) for line in server.process.stderr.read().decode().splitlines()
               if line.startswith("{")]
    created = next(r for r in records if r.get("request") == "req-42")
    assert created["path"] == "/api/tables" and created["status"] == 201 and created["level"] == "INFO"
    joined = next(r for r in records if r["message"] == "a player joined the table")
    assert joined["table"] == table["id"] and joined["seat"] == 0 and joined["logger"] == "parlour.web"
