"""Observers that mean what they say: perfect recall that forgets nothing, public information with no card in it.

Perfect recall is checked the way a researcher would: pairs of histories that
branch from one position (and positions of other deals beside them), every
seat's information-state string and perfect-recall tensor at every step of
both branches.  Wherever two strings differ, the tensors must differ too.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pyspiel
import pytest

from parlour.engine.numbers import encoding_of, max_game_length
from parlour.games import get_game
from parlour.games.british_towns.pack import CARD_OF_TEXT
from parlour.research import openspiel as adapter

#: (game id, seats, variant): every turn-based game, at small and large tables
TABLES = [
    ("football-whist", 4, {}),
    ("squadron-scramble", 2, {}),
    ("squadron-scramble", 4, {}),
    ("british-towns-asking", 3, {}),
    ("british-towns-asking", 5, {}),
    ("british-towns-sets", 2, {}),
    ("british-towns-sets", 3, {"must_lay": False}),
]


def _random_step(state, rng: random.Random) -> None:
    (seat,) = state.to_move
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def _branch_pairs(game_id: str, seats: int, variant: dict, deals: int, seed: int = 0):
    """Each position along pairs of branches: a random prefix of a random game, then two random continuations."""
    game = get_game(game_id)
    rng = random.Random(seed)
    for deal in range(deals):
        state = game.new_state(seats=seats, seed=deal, variant=variant)
        for _ in range(rng.randrange(0, 150)):
            if state.is_over:
                break
            _random_step(state, rng)
        for branch in range(2):
            other = state.clone()
            yield deal, branch, other
            for _ in range(rng.randrange(1, 40)):
                if other.is_over:
                    break
                _random_step(other, rng)
                yield deal, branch, other


def _collisions(game_id: str, seats: int, variant: dict, tensor: str, deals: int) -> tuple[int, int]:
    """(pairs of different strings found sharing a tensor, views seen) over every seat of the branch pairs."""
    seen: dict[tuple[int, bytes], str] = {}
    clashes = views = 0
    length = max_game_length(get_game(game_id), seats, variant)
    for _, _, state in _branch_pairs(game_id, seats, variant, deals):
        for seat in range(seats):
            text = state.information_state_string(seat)
            x = (state.perfect_recall_tensor(seat, length) if tensor == "perfect_recall"
                 else state.information_state_tensor(seat))
            key = (seat, hashlib.blake2b(x.tobytes(), digest_size=20).digest())
            views += 1
            if seen.setdefault(key, text) != text:
                clashes += 1
    return clashes, views


@pytest.mark.parametrize("game_id, seats, variant", TABLES, ids=[f"{g}-{n}-{v}" for g, n, v in TABLES])
def test_histories_a_seat_can_tell_apart_never_share_a_perfect_recall_tensor(game_id, seats, variant):
    clashes, views = _collisions(game_id, seats, variant, "perfect_recall", deals=40)
    assert views > 3000 and clashes == 0


FORGETFUL = [("football-whist", 4), ("squadron-scramble", 2), ("british-towns-asking", 3), ("british-towns-sets", 2)]


@pytest.mark.parametrize("game_id, seats", FORGETFUL, ids=[g for g, _ in FORGETFUL])
def test_the_information_state_summary_forgets_which_is_why_it_is_not_served_as_perfect_recall(game_id, seats):
    """The summary (``information_state_tensor``) keeps what matters for play, not every past action: the
    half that ended in Football Whist, a card discarded and taken back, the order of asks or of turns."""
    clashes, _ = _collisions(game_id, seats, {}, "summary", deals=40)
    assert clashes > 0


def test_football_whist_remembers_the_half_that_ended():
    """The summary keeps only the current half's tricks; the perfect-recall tensor keeps the first half's
    too: two matches that differ only in a first-half trick stay apart after half time."""
    game = get_game("football-whist")
    rng = random.Random(4)
    for seed in range(40):
        a = game.new_state(seed=seed)
        while not a.is_over and a.half == 1:
            _random_step(a, rng)
        # the same deal, the same first card led, another card followed: a first half that differs
        b = game.new_state(seed=seed)
        (seat,) = b.to_move
        b.apply(seat, a.history[0][1])
        (leader,) = b.to_move
        b.apply(leader, a.history[1][1])
        (follower,) = b.to_move
        others = [x for x in b.legal_actions(follower) if x != a.history[2][1]]
        if not others:
            continue
        b.apply(follower, rng.choice(others))
        while not b.is_over and b.half == 1:
            _random_step(b, rng)
        if b.half != 2 or a.goals != b.goals:
            continue
        for viewer in range(4):
            assert a.information_state_string(viewer) != b.information_state_string(viewer)
            assert not np.array_equal(a.perfect_recall_tensor(viewer), b.perfect_recall_tensor(viewer))
        return
    pytest.fail("no pair of first halves with the same score was found")


def test_the_perfect_recall_tensor_lays_out_the_history_as_tokens():
    state = get_game("british-towns-asking").new_state(seats=4, seed=3)
    rng = random.Random(0)
    for _ in range(12):
        _random_step(state, rng)
    encoding = encoding_of(state.game, 4)
    layout = encoding.perfect_recall_layout(max_game_length(state.game, 4))
    x = state.perfect_recall_tensor(2)
    assert x.shape == layout.shape and x.dtype == np.float32 and -1 <= x.min() and x.max() <= 1
    rows = layout.views(x)["history"]
    assert rows.shape == (10_000, 2) and not rows[12:].any()
    for (seat, action), (who, what) in zip(state.history, rows[:12], strict=True):
        assert round(who * 4) - 1 == (seat - 2) % 4
        assert round(what * encoding.space.size) - 1 == state.action_id(action)
    np.testing.assert_array_equal(x[:encoding.information_state_layout.size], state.information_state_tensor(2))


def test_the_sets_game_remembers_the_order_of_its_own_draws():
    """The seat's own face-down draws, in order, are in its perfect-recall tensor (``drawn``), as in its view."""
    state = get_game("british-towns-sets").new_state(seats=2, seed=5)
    rng = random.Random(1)
    while len(state.observation(0)["drawn"]) < 3:
        _random_step(state, rng)
    layout = encoding_of(state.game, 2).perfect_recall_layout(max_game_length(state.game, 2))
    views = layout.views(state.perfect_recall_tensor(0))
    drawn = [CARD_OF_TEXT[text] for text in state.observation(0)["drawn"]]
    assert [round(v * 43) - 1 for v in views["drawn"][:len(drawn)]] == drawn
    assert not views["drawn"][len(drawn):].any()
    assert sorted(np.flatnonzero(views["dealt"])) == sorted(CARD_OF_TEXT[t] for t in state.observation(0)["dealt"])


# -- OpenSpiel's observers ------------------------------------------------------------------------------------
OPENSPIEL = [
    ("football-whist", {}),
    ("squadron-scramble", {"players": 3}),
    ("british-towns-asking", {"players": 4}),
    ("british-towns-sets", {"players": 3}),
]
PUBLIC = {
    "perfect recall": pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                                 private_info=pyspiel.PrivateInfoType.NONE),
    "observation": pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                              private_info=pyspiel.PrivateInfoType.NONE),
}


def _openspiel_positions(game, rng: random.Random, count: int, every: float = 0.1):
    state = game.new_initial_state()
    positions = []
    while count and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if rng.random() < every:
            positions.append(state.clone())
            count -= 1
        state.apply_action(rng.choice(state.legal_actions()))
    return positions


@pytest.mark.parametrize("game_id, params", OPENSPIEL, ids=[g for g, _ in OPENSPIEL])
def test_public_only_observers_are_the_same_in_worlds_that_differ_in_hidden_cards_the_seats_own_included(
        game_id, params):
    """``private_info=NONE``: no card of the seat's own.  A world drawn from another seat's view redeals the
    cards that seat cannot see, this seat's hand among them; the public observation does not change."""
    game = pyspiel.load_game(adapter.short_name(game_id), params)
    players = game.num_players()
    observers = {name: game.make_py_observer(kind) for name, kind in PUBLIC.items()}
    private = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    rng = random.Random(7)
    own_hand_changed = 0
    for state in _openspiel_positions(game, rng, 12):
        for player in range(players):
            other = (player + 1) % players
            world = adapter.resample(state, other, random.Random(rng.random()))
            if world.parlour.observation(player)["hand"] != state.parlour.observation(player)["hand"]:
                own_hand_changed += 1
            for name, observer in observers.items():
                observer.set_from(state, player)
                mine = observer.tensor.copy()
                text = observer.string_from(state, player)
                observer.set_from(world, player)
                np.testing.assert_array_equal(mine, observer.tensor, err_msg=f"{name}: a hidden card shows")
                assert text == observer.string_from(world, player)
                hand = observer.dict["hand"]
                assert not hand.any(), f"{name}: the public observation holds a card of the seat's own"
                assert '"hand"' not in text and " hand " not in text
            private.set_from(state, player)
            assert private.dict["hand"].any() or not state.parlour.observation(player)["hand"]
    assert own_hand_changed > 5


def test_observer_requests_it_cannot_honour_are_refused_and_the_summary_is_served_by_name():
    game = pyspiel.load_game("python_parlour_football_whist")
    with pytest.raises(ValueError, match="never every seat's"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                         private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    with pytest.raises(ValueError, match="public information"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, public_info=False))
    with pytest.raises(ValueError, match="forgets"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True), {"tensor": "summary"})
    with pytest.raises(ValueError, match="unknown observer parameters"):
        game.make_py_observer(None, {"colour": "blue"})
    summary = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False), {"tensor": "summary"})
    state = _openspiel_positions(game, random.Random(2), 1, every=0.5)[0]
    summary.set_from(state, 1)
    np.testing.assert_array_equal(summary.tensor, state.parlour.information_state_tensor(1))
    assert game.information_state_tensor_size() == encoding_of(get_game("football-whist"), 4).perfect_recall_layout(
        154).size
