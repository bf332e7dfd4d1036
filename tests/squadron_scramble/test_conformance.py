"""The engine's conformance suite applied to Squadron Scramble, for 2, 3 and 4 players.

Random players rarely reach 250 points (their rounds often score below zero),
so random playouts use the ``max_rounds`` limit to end.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from parlour.engine import conformance
from parlour.games.squadron_scramble import GAME
from parlour.games.squadron_scramble.cards import CARD_TEXT

SHORT = {"max_rounds": 2}
SEATS = (2, 3, 4)


@pytest.mark.parametrize("seats", SEATS)
def test_random_playouts_finish(seats):
    finals = conformance.check_playouts(GAME, range(60), seats, variant=SHORT)
    # Two rounds, unless a lucky going-out turn (VICTORY doubling all he laid) took someone to the target.
    assert all(f.is_over and (len(f.round_scores) == 2 or max(f.totals) >= 250) for f in finals)
    assert sum(len(f.round_scores) == 2 for f in finals) > 50


@pytest.mark.parametrize("variant", [
    {"auto_name": True}, {"shoot_down": "all"}, {"swap_then_lay": False}, {"stock_out": "end-round"},
])
def test_random_playouts_finish_under_each_variant(variant):
    conformance.check_playouts(GAME, range(30), 3, variant={**SHORT, **variant})


@pytest.mark.parametrize("seats", SEATS)
def test_record_round_trip(seats):
    for seed in range(4):
        conformance.check_record_round_trip(GAME, seed, seats, variant=SHORT)


@pytest.mark.parametrize("seats", SEATS)
def test_clone_independence(seats):
    for seed in range(6):
        conformance.check_clone_independence(GAME, seed, seats, variant=SHORT)


@pytest.mark.parametrize("seats", SEATS)
def test_seed_determinism(seats):
    conformance.check_seed_determinism(GAME, 7, seats, variant=SHORT)


def test_illegal_actions_change_nothing():
    conformance.check_illegal_actions_change_nothing(GAME, 1, 2, variant={"max_rounds": 1})


@pytest.mark.parametrize("seats", SEATS)
def test_observation_audit(seats):
    for seed in range(3):
        conformance.check_observation_audit(GAME, seed, seats, variant=SHORT)


@pytest.mark.parametrize("seats", SEATS)
def test_each_seat_sees_only_its_own_hand(seats):
    conformance.check_spectator_sees_no_hand(GAME, 2, seats, variant=SHORT)


def pack_in_play(state) -> Counter:
    snap = state.snapshot()
    cards = Counter(c for hand in snap["hands"] for c in hand)
    cards.update(snap["pile"])
    cards.update(snap["stock"])
    for laid in snap["table"] + [x for pile in snap["captured"] for x in pile]:
        cards.update(laid["cards"])
        if laid["extra"]:
            cards[laid["extra"]] += 1
    return cards


@pytest.mark.parametrize("seats", SEATS)
def test_card_conservation(seats):
    for seed in range(4):
        conformance.check_card_conservation(GAME, seed, seats, pack_in_play, variant=SHORT)
    assert pack_in_play(GAME.new_state(seats=seats, seed=0)) == Counter(CARD_TEXT)


def test_resample_keeps_publicly_known_cards_where_they_are():
    """A card taken from the discard pile stays in the taker's hand in every resample."""
    rng = random.Random(0)
    checked = 0
    for seed in range(40):
        state = GAME.new_state(seats=3, seed=seed, variant=SHORT)
        conformance.random_steps(state, rng, rng.randrange(5, 60))
        if state.is_over:
            continue
        for seat in range(3):
            other = state.resample(seat, random.Random(seed))
            assert other.hands[seat] == state.hands[seat]
            for s in range(3):
                held = Counter(other.hands[s])
                assert not Counter(state.known[s]) - held
                checked += bool(state.known[s])
    assert checked > 5


@pytest.mark.parametrize("seats", SEATS)
def test_numbers_keep_their_promises(seats):
    """Action ids, masks and tensors (sizes, bounds, built from the view); resample invariance is in the audit."""
    conformance.check_numbers(GAME, 1, seats, variant=SHORT)


@pytest.mark.parametrize("seats", SEATS)
def test_resample_sees_only_the_view(seats):
    """Worlds depend on the seat's view and the random stream alone, and never keep the true seed."""
    for seed in range(3):
        conformance.check_resample_sees_only_the_view(GAME, seed, seats, variant=SHORT)


# -- refusals in words ---------------------------------------------------------------------------

def notation(seats):
    """What Squadron Scramble's codes look like: cards (P38/T, KEF, VIC), planes and nations by code, seats
    (P2), and action texts ('draw stock', 'take 2', 'name P38 US')."""
    from parlour.games.squadron_scramble.cards import NATIONS, PLANE_CODES

    codes = [*dict.fromkeys(CARD_TEXT), *PLANE_CODES, *NATIONS, *GAME.seat_names(seats)]
    return [re.compile(r"(?<![\w/-])(" + "|".join(map(re.escape, codes)) + r")(?![\w/-])"),
            re.compile(r"\bdraw stock\b|\btake \d|'(draw|take|lay|name|swap|add|shoot|hold|discard)\b")]


@pytest.mark.parametrize("seats", SEATS)
def test_refusals_are_words_and_the_same_in_every_world_the_seat_cannot_tell_apart(seats):
    for seed in range(2):
        variant = {**SHORT, **({"stock_out": "end-round"} if seed else {"shoot_down": "all"})}
        assert conformance.check_refusals(GAME, seed, seats, notation(seats), variant=variant) > 500
