"""A table set up under older rules of its game goes on under them after the rules change (a restart rebuilds it
from its log, which the new rules might refuse)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from pathlib import Path

import pytest

from parlour.engine.errors import ParlourError

#: a game of rules version 1 with swaps into one's own sets (not allowed by the present default)
OLD = Path(__file__).parents[1] / "records" / "squadron-scramble-heuristic-4p.json"
BOTS = [{"kind": "bot", "name": f"Bot {i}", "bot": "heuristic"} for i in range(4)]


def rebuilt(store, table_id):
    """The live table made from the store, as a server starting again makes it (in a thread of its own: a browser
    test before it on this worker may have left an event loop running here)."""
    from parlour.web.live import LiveTable

    async def make():
        return LiveTable(store.load(table_id), store)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, make()).result()


def logged(store, table_id, actions):
    for i, (seat, action) in enumerate(actions):
        store.append_action(table_id, i, seat, action)


def test_a_table_stored_before_tables_kept_their_rules_version_goes_on_under_the_rules_it_began_with(store):
    from parlour.games import get_game

    record = json.loads(OLD.read_text())
    game = get_game("squadron-scramble")
    assert record["rules_version"] == "1" != game.rules_version
    assert "swap_own" not in record["variant"]
    # a table stored as they were before this change: its variant in the options of the day, no rules version
    table_id = store.create_table("squadron-scramble", record["variant"], record["seed"], BOTS)
    logged(store, table_id, record["actions"])
    table = rebuilt(store, table_id)
    assert table.state.variant["swap_own"] is True
    assert table.state.is_over and table.state.result() == record["result"]


def test_a_new_table_keeps_its_rules_version_and_an_unknown_one_is_refused_in_words(store):
    from parlour.games import get_game
    from parlour.web.live import RULES_VERSION, played_variant

    game = get_game("squadron-scramble")
    table_id = store.create_table("squadron-scramble", dict(game.variant({})), 5, BOTS,
                                  table_options={RULES_VERSION: game.rules_version})
    stored = store.load(table_id)
    assert played_variant(game, stored)["swap_own"] is False
    stored.options[RULES_VERSION] = "0"
    with pytest.raises(ParlourError, match="rules version 0"):
        played_variant(game, stored)


def test_a_football_whist_table_of_rules_version_1_goes_on_with_its_idle_last_moves(store):
    """(review 16c) rules version 2 asks the winner of a half's last trick to move the ball only where a goal may
    come of it; a table stored before, whose log moves the ball after a last trick, is rebuilt under version 1."""
    from parlour.games import get_game

    record = json.loads((Path(__file__).parents[1] / "records" / "football-whist-heuristic.json").read_text())
    game = get_game("football-whist")
    assert record["rules_version"] == "1" != game.rules_version
    bots = [{"kind": "bot", "name": f"Bot {i}", "bot": "heuristic"} for i in range(4)]
    table_id = store.create_table("football-whist", record["variant"], record["seed"], bots)
    logged(store, table_id, record["actions"])
    table = rebuilt(store, table_id)
    assert table.state.variant["idle_last_move"] is True
    assert table.state.is_over and table.state.result() == record["result"]
