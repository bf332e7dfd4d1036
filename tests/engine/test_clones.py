"""Clones share what the rules never change in place, and nothing else: every attribute of a state, not
only what its snapshot shows, stays as it was whatever is then played on its clone, and the other way
round; and a copied history or log is copied before either state records its next action."""

from __future__ import annotations

import random

import pytest

from parlour.engine.state import COMPILED
from parlour.games import GAMES
from parlour.games.football_whist.rules import FootballWhistState

#: (game, seats, variant): the rules' every path that puts a card or a log entry somewhere
TABLES = [
    ("football-whist", 4, None),
    ("football-whist", 4, {"own_goals": False, "after_goal_lead": "trick-winner"}),
    ("squadron-scramble", 2, {"max_rounds": 2}),
    ("squadron-scramble", 3, {"max_rounds": 1, "shoot_down": "all", "swap_then_lay": False}),
    ("squadron-scramble", 4, {"max_rounds": 1, "auto_name": True, "stalemate_turns": 6}),
    ("british-towns-asking", 3, None),
    ("british-towns-asking", 5, None),
    ("british-towns-sets", 2, None),
    ("british-towns-sets", 4, {"must_lay": False, "sets_per_turn": "one", "stalemate": 2}),
    ("biggles", 2, None),
]
#: caches, worked out again when needed: a clone may start without them
CACHES = {"_legal", "_wanted", "_history_shared"}


def _plain(value, seen=None):
    """Everything a value holds, as plain data (objects by their attributes), to compare before and after."""
    if isinstance(value, dict):
        return {repr(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if hasattr(value, "__slots__") or hasattr(value, "__dict__"):
        return _whole(value)
    return value


def _whole(state) -> dict:
    names = set(getattr(state, "__dict__", {}))
    for cls in type(state).__mro__:
        names |= set(getattr(cls, "__slots__", ()))
    return {name: _plain(getattr(state, name)) for name in sorted(names - CACHES) if hasattr(state, name)}


def _steps(state, rng: random.Random, count: int) -> None:
    for _ in range(count):
        if state.is_over:
            return
        seat = rng.choice(sorted(state.to_move))
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id,seats,variant", TABLES)
def test_playing_on_a_clone_or_its_original_leaves_the_other_exactly_as_it_was(game_id, seats, variant):
    game = GAMES[game_id]
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_state(seats=seats, seed=seed, variant=variant)
        while not state.is_over:
            before = _whole(state)
            copy = state.clone()
            assert _whole(copy) == before
            _steps(copy, random.Random(rng.random()), rng.choice((1, 3, 40)))
            assert _whole(state) == before, f"seed {seed}: playing on the clone changed the original"
            frozen = _whole(copy)
            twin = state.clone()
            _steps(state, rng, rng.choice((1, 2, 7)))
            assert _whole(copy) == frozen, f"seed {seed}: playing on the original changed a clone"
            assert _whole(twin) == before, f"seed {seed}: playing on the original changed a clone"
            if len(state.history) > 2000:
                break


@pytest.mark.parametrize("game_id,seats,variant", TABLES[::2])
def test_a_clone_plays_on_exactly_as_its_original_would(game_id, seats, variant):
    game = GAMES[game_id]
    for seed in range(3):
        state = game.new_state(seats=seats, seed=seed, variant=variant)
        _steps(state, random.Random(seed), 25)
        copy = state.clone()
        _steps(state, random.Random(99), 400)
        _steps(copy, random.Random(99), 400)
        assert _whole(copy) == _whole(state)
        assert copy.legal_actions(min(copy.to_move or {0})) == state.legal_actions(min(state.to_move or {0}))


def test_a_shared_history_is_copied_before_either_state_records_an_action():
    game = GAMES["british-towns-asking"]
    state = game.new_state(seats=3, seed=2)
    _steps(state, random.Random(2), 10)
    copy = state.clone()
    assert copy.history is state.history and copy.asks is state.asks       # shared, as nothing changed yet
    history, asks = list(state.history), list(state.asks)
    (seat,) = copy.to_move
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert copy.history is not state.history and state.history == history and state.asks == asks
    assert len(copy.history) == len(history) + 1 and len(copy.asks) == len(asks) + 1
    (seat,) = state.to_move
    state.apply(seat, state.legal_actions(seat)[-1])
    assert copy.history[:-1] == state.history[:-1] == history and copy.history[-1] != state.history[-1]


def test_the_football_whist_clone_sets_every_slot():
    state = GAMES["football-whist"].new_state(seed=1)
    copy = state.clone()
    for name in FootballWhistState.__slots__:
        assert getattr(copy, name) == getattr(state, name), name


def _attributes(state) -> dict:
    """Every attribute a state holds, by name (compiled, a native class's own ``__getstate__`` lists them)."""
    return state.__getstate__() if COMPILED else vars(state)


@pytest.mark.parametrize("game_id,seats,variant", [table for table in TABLES if table[0] != "football-whist"])
def test_the_compiled_copy_writes_out_every_attribute_a_state_has(game_id, seats, variant):
    # Compiled, a clone starts from _each_attribute, which names each attribute in turn: one left out would
    # be missing from every compiled clone.  It must carry every attribute the state has, the very objects,
    # and beyond them only class-level defaults; the worlds' caches are filled in on the way.
    game = GAMES[game_id]
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(seats=seats, seed=seed, variant=variant)
        while True:
            mine, theirs = _attributes(state), _attributes(state._each_attribute())
            assert mine.keys() <= theirs.keys(), f"left out: {sorted(mine.keys() - theirs.keys())}"
            for name, value in theirs.items():
                original = mine[name] if name in mine else getattr(type(state), name)
                # (compiled, a native int or bool attribute is boxed afresh at each reading)
                assert value is original or (type(value) in (int, bool) and value == original), name
            if state.is_over or len(state.history) > 600:
                break
            if rng.random() < 0.1:
                state.resample(rng.choice(sorted(state.to_move)), rng)
            _steps(state, rng, rng.choice((1, 5, 20)))
