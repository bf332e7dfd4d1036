"""Every variant option of every game, set away from its default, plays to the end at a server table."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from conftest import wait_over
from parlour.games import GAMES
from parlour.web.app import create_app

#: what keeps each game short enough for a test, whatever else is set
BOUNDS = {"squadron-scramble": {"max_rounds": 1}, "biggles": {"matches": 1, "deciders": 0}}
#: the value an int option is set to (a bool flips, a choice takes another)
INTS = {"target": 60, "stalemate_turns": 4, "max_rounds": 1, "stalemate": 1, "matches": 2, "deciders": 2}


def other_value(option):
    if option.type is bool:
        return not option.default
    if option.choices:
        return next(c for c in option.choices if c != option.default)
    return INTS[option.name]


CASES = [(game.id, option.name, other_value(option)) for game in GAMES.values() for option in game.variants]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from parlour.store import Store

    store = Store(f"sqlite:///{tmp_path_factory.mktemp('v') / 'v.db'}")
    with TestClient(create_app(store, bot_delay=0, clock=lambda: time.monotonic() * 40)) as c:
        yield c


@pytest.mark.parametrize("game_id,name,value", CASES, ids=[f"{g}:{n}={v}" for g, n, v in CASES])
def test_every_variant_plays_at_a_table(client, game_id, name, value):
    game = GAMES[game_id]
    bots = [b for b in game.bots] or ["random"]
    variant = {**BOUNDS.get(game_id, {}), name: value}
    seats = game.seat_counts[0]
    made = client.post("/api/tables", json={"game": game_id, "seed": 21, "variant": variant,
                                            "seats": [{"kind": "bot", "bot": bots[0]}] * seats})
    assert made.status_code == 201, made.json()
    info = wait_over(client, made.json()["id"], limit=120)
    assert info["result"] is not None
    record = client.get(f"/api/tables/{made.json()['id']}/record").json()
    assert record["variant"][name] == value
