"""Servers for benchmarks and tests: a free port, a `parlour serve` of the benchmark's own, and a throwaway
PostgreSQL in a temporary folder.

The PostgreSQL server is Debian's (``make test`` installs it: ``make postgres-server``), started with
``initdb`` and ``pg_ctl`` as the ``postgres`` user when run as root, listening on a Unix socket only.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def parlour_server(database: str, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A `parlour serve` on a free port for as long as the block runs, once its /healthz answers; yields the
    process and its address.  Every client of a benchmark is one address, so the limits per address are lifted
    (``--creation-limit none --sockets-per-address 100000``); ``options`` are added after them."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "parlour.cli", "serve", "--port", str(port),
                               "--database", database, "--creation-limit", "none",
                               "--sockets-per-address", "100000", *options],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
        yield server, base
    finally:
        server.terminate()


def postgres_tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(os.listdir("/usr/lib/postgresql")) if os.path.isdir("/usr/lib/postgresql") else []
    return next((f"/usr/lib/postgresql/{v}/bin/{name}" for v in reversed(versions)
                 if os.path.exists(f"/usr/lib/postgresql/{v}/bin/{name}")), None)


@contextmanager
def throwaway_postgres(*settings: str) -> Iterator[str]:
    """A PostgreSQL server for as long as the block runs; yields its SQLAlchemy URL. ``settings``: "-c name=value"."""
    initdb, pg_ctl = postgres_tool("initdb"), postgres_tool("pg_ctl")
    if not initdb or not pg_ctl:
        raise RuntimeError("PostgreSQL's server programs are missing (make postgres-server installs Debian's)")
    folder = Path(tempfile.mkdtemp(prefix="parlour-pg-"))      # pytest's own folders are closed to other users
    os.chmod(folder, 0o777)
    data = folder / "data"
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", str(data), "-U", "parlour", "-A", "trust"], check=True, capture_output=True)
    options = " ".join([f"-p {port} -k {folder} -c listen_addresses=''", *settings])
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-w", "-o", options, "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://parlour@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
