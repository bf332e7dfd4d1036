"""A try refused because a reshuffle or a new round must first be dealt changes nothing (issue 34).

The OpenSpiel form deals every shuffle at chance nodes, so the action that empties a stock or ends a
round is first refused for want of cards; that refusal must leave every seat's view, tensors,
information-state string and mask, and all later play, exactly as in the game dealt in one go.
"""

from __future__ import annotations

import pytest

from parlour.engine.conformance import check_chance_refusals
from parlour.games import get_game

CASES = [
    ("british-towns-sets", 2, {}, range(6)),
    ("british-towns-sets", 4, {}, range(3)),
    ("squadron-scramble", 2, {"max_rounds": 3}, range(4)),
    ("squadron-scramble", 4, {"max_rounds": 3}, range(3)),
]


@pytest.mark.parametrize("game_id,seats,variant,seeds", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_refusals_at_chance_boundaries_change_nothing(game_id, seats, variant, seeds):
    game = get_game(game_id)
    met = sum(check_chance_refusals(game, seed, seats, variant=variant) for seed in seeds)
    assert met >= len(seeds), f"{game_id}: too few boundaries met ({met}) to test anything"
