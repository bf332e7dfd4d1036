"""The engine's conformance suite applied to Football Whist."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from parlour.engine import conformance
from parlour.games.football_whist import GAME

SEATS = 4


def test_random_playouts_finish_over_many_seeds():
    finals = conformance.check_playouts(GAME, range(300), SEATS)
    assert all(f.is_over and f.half == 2 for f in finals)
    # every match has both halves of 11 tricks
    assert all(len(f.tricks[0]) == 11 and len(f.tricks[1]) == 11 for f in finals)


VARIANTS = [
    {"own_goals": True}, {"centre_stops_double": True}, {"after_goal_lead": "kicker-left"}, {"idle_last_move": True},
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_finish_under_each_variant(variant):
    conformance.check_playouts(GAME, range(60), SEATS, variant=variant)


@pytest.mark.parametrize("seed", range(12))
def test_record_round_trip(seed):
    conformance.check_record_round_trip(GAME, seed, SEATS)


@pytest.mark.parametrize("seed", range(12))
def test_clone_independence(seed):
    conformance.check_clone_independence(GAME, seed, SEATS)


@pytest.mark.parametrize("seed", range(5))
def test_seed_determinism(seed):
    conformance.check_seed_determinism(GAME, seed, SEATS)


def test_different_seeds_give_different_deals():
    deals = {str(GAME.new_state(seed=s).deal) for s in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("seed", range(3))
def test_illegal_actions_change_nothing(seed):
    conformance.check_illegal_actions_change_nothing(GAME, seed, SEATS)


@pytest.mark.parametrize("seed", range(10))
def test_observation_audit(seed):
    conformance.check_observation_audit(GAME, seed, SEATS)


@pytest.mark.parametrize("seed", range(5))
def test_each_seat_sees_only_its_own_hand(seed):
    conformance.check_spectator_sees_no_hand(GAME, seed, SEATS)


def pack_in_play(state) -> Counter:
    snap = state.snapshot()
    cards = Counter(c for hand in snap["hands"] for c in hand)
    cards.update(c for _, c in snap["trick"]["cards"])
    cards.update(c for trick in snap["tricks"][state.half - 1] for c in trick["cards"])
    return cards


@pytest.mark.parametrize("seed", range(10))
def test_card_conservation(seed):
    conformance.check_card_conservation(GAME, seed, SEATS, pack_in_play)
    assert sum(pack_in_play(GAME.new_state(seed=seed)).values()) == 44


def test_resample_respects_shown_voids():
    rng = random.Random(4)
    for seed in range(40):
        state = GAME.new_state(seed=seed)
        conformance.random_steps(state, rng, rng.randrange(20, 60))
        if state.is_over:
            continue
        for seat in range(SEATS):
            other = state.resample(seat, random.Random(seed))
            for s in range(SEATS):
                for card in other.hands[s]:
                    assert not other.voids[s] >> (card // 11) & 1
            assert other.hands[seat] == state.hands[seat]
            assert [len(h) for h in other.hands] == [len(h) for h in state.hands]


def test_observation_does_not_depend_on_phase_for_hand_visibility():
    """Ownership, not the phase of play, decides what a seat sees: check every phase."""
    rng = random.Random(1)
    state = GAME.new_state(seed=1)
    seen_phases = set()
    while not state.is_over:
        seen_phases.add(state.phase)
        for seat in range(SEATS):
            assert state.observation(seat)["hand"] == state.snapshot()["hands"][seat]
            assert "hand" not in state.observation(None)
        conformance.random_steps(state, rng, 1)
    assert seen_phases == {"kick", "play", "move"}


@pytest.mark.parametrize("seed", range(3))
def test_numbers_keep_their_promises(seed):
    """Action ids, masks and tensors (sizes, bounds, built from the view); resample invariance is in the audit."""
    conformance.check_numbers(GAME, seed, SEATS)


@pytest.mark.parametrize("seed", range(6))
def test_resample_sees_only_the_view(seed):
    """Worlds depend on the seat's view and the random stream alone, and never keep the true seed."""
    conformance.check_resample_sees_only_the_view(GAME, seed, SEATS)


# -- refusals in words ---------------------------------------------------------------------------

def notation():
    """What Football Whist's codes look like: cards (E7), pitch positions (W3, WG), seats (A1), action texts."""
    from parlour.games.football_whist.cards import CARD_TEXT
    from parlour.games.football_whist.rules import PITCH, SEAT_NAMES

    codes = [*CARD_TEXT, *PITCH.nodes, *SEAT_NAMES]
    return [re.compile(r"\b(" + "|".join(map(re.escape, codes)) + r")\b"),
            re.compile(r"'(play|kick|move|stay)\b"), re.compile(r"\b(play|kick|move) [A-Z]")]


@pytest.mark.parametrize("seed", range(4))
def test_refusals_are_words_and_the_same_in_every_world_the_seat_cannot_tell_apart(seed):
    variant = [None, {"own_goals": True}, {"centre_stops_double": True}, None][seed]
    assert conformance.check_refusals(GAME, seed, SEATS, notation(), variant=variant, every=0.5) > 1000
