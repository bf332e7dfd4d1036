"""``parlour serve`` prints the address to open, and refuses a database it cannot open."""

from __future__ import annotations

import subprocess
import sys

import httpx

from conftest import free_port


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
