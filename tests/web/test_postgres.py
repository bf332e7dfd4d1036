"""The same store and app on PostgreSQL: a throwaway server in a temporary folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import free_port
from parlour.store import Store, StoreError
from parlour.web.app import create_app
from test_api import person_and_bots, play_out


def _tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(os.listdir("/usr/lib/postgresql")) if os.path.isdir("/usr/lib/postgresql") else []
    return next((f"/usr/lib/postgresql/{v}/bin/{name}" for v in reversed(versions)
                 if os.path.exists(f"/usr/lib/postgresql/{v}/bin/{name}")), None)


@pytest.fixture(scope="module")
def postgres_url():
    initdb, pg_ctl = _tool("initdb"), _tool("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.fail("PostgreSQL's server programs are missing (make test installs Debian's postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="parlour-pg-"))      # pytest's own folders are closed to other users
    os.chmod(folder, 0o777)
    data = folder / "data"
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", str(data), "-U", "parlour", "-A", "trust"], check=True, capture_output=True)
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
                    f"-p {port} -k {folder} -c listen_addresses=''", "start"], check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://parlour@/postgres?host={folder}&port={port}"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_store_on_postgres(postgres_url):
    store = Store(postgres_url)
    table = store.create_table("football-whist", {}, 2**62, [{"kind": "person"}] * 4)
    store.append_action(table, 0, 0, "kick E3", None)
    with pytest.raises(StoreError):
        store.append_action(table, 0, 1, "kick E4", None)            # two writers raced: the second is refused
    token = store.claim(table, 2)
    with pytest.raises(StoreError):
        store.claim(table, 2)
    loaded = store.load(table)
    assert loaded.seed == 2**62 and loaded.actions == [(0, "kick E3", None)] and store.seat_of(table, token) == 2
    linked = store.create_table("football-whist", {}, 1, [{"kind": "person"}] * 4, meta={"drive": "d1", "round": 1})
    store.create_table("football-whist", {}, 2, [{"kind": "person"}] * 4, meta={"drive": "d2", "round": 1})
    assert [t["id"] for t in store.tables_for("drive", "d1")] == [linked]      # the JSON lookup in SQL


def test_a_whole_game_on_postgres(postgres_url):
    with TestClient(create_app(Store(postgres_url), bot_delay=0)) as client:
        made = client.post("/api/tables", json=person_and_bots("british-towns-asking")).json()
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            final = play_out(ws)
        assert client.get(f"/api/tables/{made['id']}").json()["result"] == final["result"]
