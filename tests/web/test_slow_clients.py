"""No one connection can hold a table back: a flooding spectator that never reads, a slow reader, a chatterbox."""

from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from conftest import Server

FLOOD = 20_000
BOTS = {"game": "football-whist", "seed": 3, "seats": [{"kind": "bot", "bot": "heuristic"}] * 4}


def moves_per_second(server: Server, table: str, seconds: float = 1.0) -> float:
    """The table's pace, read from the API (which no socket can block) over ``seconds``."""
    url = f"{server.url}/api/tables/{table}"
    start, before = time.monotonic(), httpx.get(url, timeout=10).json()["moves"]
    time.sleep(seconds)
    after = httpx.get(url, timeout=10).json()
    elapsed = time.monotonic() - start
    assert not after["over"], "the match ended while it was timed: time a shorter window"
    return (after["moves"] - before) / elapsed


def flood(ws, sent: list[int]) -> None:
    """Asks for the view ``FLOOD`` times and reads nothing, until the server closes the connection."""
    try:
        for _ in range(FLOOD):
            ws.send('{"type": "view"}')
            sent[0] += 1
    except ConnectionClosed:
        pass


def test_a_spectator_that_floods_and_never_reads_does_not_slow_its_table(tmp_path):
    """The attack of issue 12: ~20,000 view requests from a keyless spectator that never reads its socket.

    Before each connection had its own queue, the table sent to its connections one at a time and stood
    still (1 move against 125) once the spectator's buffers were full.
    """
    server = Server(f"sqlite:///{tmp_path / 'served.db'}", bot_delay=0.02).start()
    try:
        quiet = httpx.post(server.url + "/api/tables", json=BOTS).json()["id"]
        time.sleep(0.2)
        alone = moves_per_second(server, quiet)
        loud = httpx.post(server.url + "/api/tables", json=BOTS).json()["id"]
        # no compression (views stay large) and a receive queue of one frame: the client stops reading at once
        with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{loud}", compression=None, max_queue=1) as ws:
            sent = [0]
            sender = threading.Thread(target=flood, args=(ws, sent), daemon=True)
            sender.start()
            time.sleep(0.2)
            watched = moves_per_second(server, loud)
            assert alone > 10, f"the bot table itself ran at only {alone:.1f} moves a second"
            assert watched >= alone / 2, f"{watched:.1f} moves a second with the flood, {alone:.1f} without"
            sender.join(30)
            assert not sender.is_alive()
            received = []
            try:
                while True:
                    received.append(json.loads(ws.recv(timeout=10)))
            except ConnectionClosed:
                pass
            assert ws.close_code == 1008, "a connection that floods the table is closed as a policy violation"
        errors = [m["message"] for m in received if m["type"] == "error"]
        views = [m for m in received if m["type"] == "view"]
        assert views and errors and all("too many messages" in e for e in errors)
        assert len(views) <= 80, "views asked for faster than the rate allows are refused, not built"
    finally:
        server.stop()


@pytest.fixture
def fast_socket(client):
    from test_api import person_and_bots

    made = client.post("/api/tables", json=person_and_bots("british-towns-sets")).json()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        yield ws


def test_too_many_messages_get_a_refusal_and_then_a_close(fast_socket):
    from starlette.websockets import WebSocketDisconnect

    ws = fast_socket
    for _ in range(400):
        ws.send_text('{"type": "view"}')
    seen = []
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            seen.append(ws.receive_json())
    assert closed.value.code == 1008
    assert any(m["type"] == "error" and "too many messages" in m["message"] for m in seen)


class StuckSocket:
    """A socket whose reader has stopped: the first message is taken, every later one waits for ever."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        import asyncio

        if self.sent:
            await asyncio.Event().wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code


def test_a_reader_that_falls_behind_gets_only_the_latest_view_and_is_dropped_when_it_stays_stuck(store, monkeypatch):
    import asyncio

    from parlour.web import live
    from parlour.web.live import Connection, LiveTable
    from parlour.web.models import ErrorMessage

    monkeypatch.setattr(live, "SEND_TIMEOUT", 0.3)
    table_id = store.create_table("football-whist", {}, 4, BOTS["seats"])

    async def scene() -> tuple[StuckSocket, Connection, int]:
        table = LiveTable(store.load(table_id), store)
        stuck = StuckSocket()
        connection = Connection(stuck)  # type: ignore[arg-type]
        await table.join(connection)
        await asyncio.sleep(0.05)                      # the first view is taken; the socket is stuck from now on
        for _ in range(1000):
            table.broadcast()                          # returns at once: the table never waits for a reader
        waiting = list(connection.outbox)
        for _ in range(live.QUEUE + 1):
            connection.post(ErrorMessage(message="refused"))
        await asyncio.wait_for(asyncio.shield(connection.closed), 5)
        await table.leave(connection)
        return stuck, connection, len(waiting)

    # in a thread of its own: the browser tests' client may have left an event loop running in this one
    with ThreadPoolExecutor(1) as thread:
        stuck, connection, waiting = thread.submit(asyncio.run, scene()).result()
    assert len(stuck.sent) == 1 and waiting == 1, "a thousand changes leave one view waiting, the latest"
    assert connection.closing and connection.closed.done()
