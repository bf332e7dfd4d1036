"""Search bots at a web table think in the server's thinking workers: the server answers everyone else meanwhile."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

import parlour.bots.search as search
from parlour.web.app import create_app


def test_the_server_answers_while_an_expert_bot_thinks(store, monkeypatch):
    monkeypatch.setattr(search, "DEFAULT_SECONDS", 2.0)       # each expert move takes two seconds
    with TestClient(create_app(store, bot_delay=0)) as client:
        made = client.post("/api/tables", json={
            "game": "football-whist", "seed": 3, "seats": [{"kind": "bot", "bot": "expert"}] * 4}).json()
        time.sleep(0.3)                                       # the first bot is thinking now
        slowest = 0.0
        for _ in range(12):
            started = time.perf_counter()
            assert client.get("/api/games").status_code == 200
            slowest = max(slowest, time.perf_counter() - started)
            time.sleep(0.15)
        assert slowest < 1.0, f"a request waited {slowest:.2f} s behind a bot's thinking"
        listed = client.get(f"/api/tables?mine={made['id']}").json()
        assert listed[0]["moves"] >= 1, "the expert bots play on, in their worker"
