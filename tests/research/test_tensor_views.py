"""The tensors read a view that does not grow with the game, and make of it what they make of the whole view.

``bench/tensors.py`` times the cost a step; these tests check why it stays
flat: the tensor view (``state.tensor_view``) of a long game holds no list that
grows with it, and the counts it keeps as the game goes (carried over to
clones, never changed in place) give the tensors of the whole observation.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour.engine.numbers import encoding_of
from parlour.games import get_game

#: a game that runs long under its rules, and the driver that keeps it going (as bench/tensors.py's)
LONG = {
    "squadron-scramble": (4, {}),
    "british-towns-asking": (4, {}),
    "british-towns-sets": (2, {"must_lay": False}),
    "biggles": (2, {}),
}


def _drive(game_id: str, state, rng: random.Random) -> None:
    seat = rng.choice(sorted(state.to_move))
    legal = state.legal_actions(seat)
    if game_id == "british-towns-asking":              # asks of a player who lacks the card
        legal = [a for a in legal if state._decode[a][1] not in state.hands[state._decode[a][0]]] or legal
    elif game_id == "british-towns-sets":               # never lay
        legal = [a for a in legal if not a.startswith("lay") and a != "done"] or legal
    elif game_id == "biggles":                          # only turn and pick up
        legal = [a for a in legal if a in ("turn", "pickup")] or legal
    state.apply(seat, rng.choice(legal))


def _lists(value) -> list[int]:
    """The length of every list in a JSON-like value."""
    if isinstance(value, dict):
        return [n for v in value.values() for n in _lists(v)]
    if isinstance(value, list):
        return [len(value), *(n for v in value for n in _lists(v))]
    return []


def _same_tensors(state, seats: int) -> None:
    encoding = encoding_of(state.game, seats)
    for seat in range(seats):
        whole = state.observation(seat)
        np.testing.assert_array_equal(state.information_state_tensor(seat), encoding.information_state_tensor(whole))
        np.testing.assert_array_equal(state.observation_tensor(seat), encoding.observation_tensor(whole))


@pytest.mark.parametrize("game_id", sorted(LONG))
def test_a_long_games_tensor_view_holds_nothing_that_grows_with_it(game_id):
    seats, variant = LONG[game_id]
    state = get_game(game_id).new_state(seats=seats, seed=1, variant=variant)
    rng = random.Random(1)
    while len(state.history) < 3_000:
        _drive(game_id, state, rng)
    assert not state.is_over
    for seat in (None, *range(seats)):
        view = state.tensor_view(seat)
        assert "history" not in view and max(_lists(view)) <= 52        # a pile of the whole pack at most
    assert len(state.observation(0)["history"]) == 3_000
    _same_tensors(state, seats)


@pytest.mark.parametrize("game_id", sorted(LONG))
def test_what_the_view_keeps_is_carried_to_clones_and_each_goes_its_own_way(game_id):
    """A clone takes the counts read so far; each state then reads on from its own actions alone."""
    seats, variant = LONG[game_id]
    state = get_game(game_id).new_state(seats=seats, seed=2, variant=variant)
    rng = random.Random(2)
    for _ in range(300):
        _drive(game_id, state, rng)
    _same_tensors(state, seats)                        # read up to here
    other = state.clone()
    for _ in range(40):
        _drive(game_id, state, rng)
        _drive(game_id, other, rng)
        _same_tensors(state, seats)
        _same_tensors(other, seats)
    world = state.resample(0, random.Random(3))
    _same_tensors(world, seats)
    np.testing.assert_array_equal(world.information_state_tensor(0), state.information_state_tensor(0))


def test_the_perfect_recall_tensor_refuses_a_game_longer_than_it_holds():
    state = get_game("squadron-scramble").new_state(seats=2, seed=1)
    rng = random.Random(0)
    for _ in range(30):
        _drive("squadron-scramble", state, rng)
    assert state.perfect_recall_tensor(0, 30).shape == encoding_of(state.game, 2).perfect_recall_layout(30).shape
    with pytest.raises(ValueError, match="longer than the 29"):
        state.perfect_recall_tensor(0, 29)
