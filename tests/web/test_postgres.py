"""The same store and app on PostgreSQL: a throwaway server in a temporary folder."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from parlour.store import Store, StoreError
from parlour.web.app import create_app
from test_api import person_and_bots, play_out


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
