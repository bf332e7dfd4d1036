"""``parlour serve`` prints the address to open, refuses a database it cannot open, and holds each connection to
its limits."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from conftest import Server, free_port


def test_serve_prints_the_address_and_answers_there(tmp_path):
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "parlour.cli", "serve", "--port", str(port),
                                "--database", f"sqlite:///{tmp_path / 'p.db'}"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert f"http://localhost:{port}/" in line, line
        for _ in range(100):
            try:
                games = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).json()
                break
            except httpx.HTTPError:
                import time

                time.sleep(0.1)
        assert [g["id"] for g in games][:1] == ["football-whist"]
    finally:
        process.terminate()
        process.wait(10)


def test_serve_refuses_a_database_it_cannot_open():
    result = subprocess.run([sys.executable, "-m", "parlour.cli", "serve", "--database", "nosuchdb://x"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "cannot open the database" in result.stderr


def closed_by_server(raw: socket.socket, trickle: bytes, seconds: float) -> float | None:
    """Sends ``trickle`` every 0.2 s for up to ``seconds``; how long until the server closed the connection
    (None: it never did)."""
    started = time.monotonic()
    raw.settimeout(0.2)
    while time.monotonic() - started < seconds:
        try:
            if trickle:
                raw.sendall(trickle)
            if raw.recv(1024) == b"":
                return time.monotonic() - started
        except socket.timeout:
            continue
        except OSError:                                   # reset: closed all the same
            return time.monotonic() - started
    return None


def test_serve_holds_each_connection_to_its_limits(tmp_path):
    """``parlour serve`` with --host-name, --sockets-per-seat and --header-timeout: another Host gets 400, a
    seat's second socket is closed with 4429, a head that trickles in or never comes is cut off at the deadline
    (uvicorn alone would wait for ever), and a head that grows past 16 KiB gets 400 (with httptools, uvicorn's
    default parser, it would grow without end)."""
    server = Server(f"sqlite:///{tmp_path / 'p.db'}", 0.05, "--host-name", "127.0.0.1",
                    "--sockets-per-seat", "1", "--header-timeout", "1").start()
    try:
        other = httpx.get(server.url + "/api/games", headers={"host": "evil.example"})
        assert other.status_code == 400 and "answers only to 127.0.0.1" in other.json()["detail"]
        made = httpx.post(server.url + "/api/tables", json={
            "game": "football-whist", "seats": [{"kind": "person"}] + [{"kind": "bot"}] * 3}).json()
        url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['token']}"
        with connect(url) as first:
            assert json.loads(first.recv(timeout=10))["type"] == "view"
            with connect(url) as second:
                told = json.loads(second.recv(timeout=10))
                with pytest.raises(ConnectionClosed) as closed:
                    second.recv(timeout=10)
        assert told["message"].startswith("this seat is already open in 1 place")
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        with socket.create_connection(("127.0.0.1", server.port)) as slow:
            slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            took = closed_by_server(slow, b"X-Slow: 1\r\n", 8)
            assert took is not None and took < 3, took
        with socket.create_connection(("127.0.0.1", server.port)) as silent:
            took = closed_by_server(silent, b"", 8)
            assert took is not None and took < 3, took
        with socket.create_connection(("127.0.0.1", server.port)) as big:
            big.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 20_000)  # and more to come
            big.settimeout(5)
            assert big.recv(12).startswith(b"HTTP/1.1 400")
        assert httpx.get(server.url + "/api/games").status_code == 200       # a head in time is served as ever
    finally:
        server.stop()
