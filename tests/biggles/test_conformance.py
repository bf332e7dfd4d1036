"""The engine's conformance suite applied to Biggles (both seats acting in a random order)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from parlour.engine import conformance
from parlour.games.biggles import GAME
from parlour.games.biggles.rules import CARD_TEXT


def test_random_playouts_finish():
    finals = conformance.check_playouts(GAME, range(40), 2)
    assert all(f.is_over and len(f.match_results) >= 2 for f in finals)


@pytest.mark.parametrize("variant", [{"cascade": True}, {"matches": 3, "deciders": 0}])
def test_random_playouts_finish_under_variants(variant):
    conformance.check_playouts(GAME, range(20), 2, variant=variant)


def test_record_round_trip_clone_and_determinism():
    for seed in range(4):
        conformance.check_record_round_trip(GAME, seed, 2)
        conformance.check_clone_independence(GAME, seed, 2)
    conformance.check_seed_determinism(GAME, 5, 2)


def test_illegal_actions_change_nothing():
    conformance.check_illegal_actions_change_nothing(GAME, 2, 2)


def test_observation_audit():
    for seed in range(2):
        conformance.check_observation_audit(GAME, seed, 2, samples=2)


@pytest.mark.parametrize("variant", [None, {"cascade": True}, {"matches": 1}])
def test_resample_sees_only_the_view(variant):
    """Worlds depend on the table alone (both seats see the same), never on the true order or seed."""
    for seed in range(3):
        conformance.check_resample_sees_only_the_view(GAME, seed, 2, variant=variant, every=0.1)


def pack_in_play(state) -> Counter:
    """Each pack's cards: its owner's hand, pile and build, and its red cards on the other build."""
    cards = Counter()
    for seat, player in enumerate(state.players):
        other = state.players[1 - seat]
        for c in player.hand + player.pile + player.build + other.stoppers:
            cards[(player.pack, CARD_TEXT[c])] += 1
    return cards


def test_card_conservation():
    for seed in range(4):
        full = Counter({(pack, text): n for pack in ("blue", "red") for text, n in Counter(CARD_TEXT).items()})
        state = GAME.new_state(seats=2, seed=seed)
        assert pack_in_play(state) == full
        conformance.check_card_conservation(GAME, seed, 2, pack_in_play)


def test_numbers_keep_their_promises():
    """Action ids, masks and tensors (sizes, bounds, built from the view); resample invariance is in the audit."""
    conformance.check_numbers(GAME, 1, 2)


# -- refusals in words ---------------------------------------------------------------------------

NOTATION = [
    re.compile(r"\b(" + "|".join(sorted(set(CARD_TEXT))) + r"|P1|P2)\b"),
    re.compile(r"'(turn|pickup|play|stop)\b|\b(play [1-7B]|stop [1-7])\b"),
]


@pytest.mark.parametrize("variant", [None, {"cascade": True}])
def test_refusals_are_words_and_the_same_in_every_world_the_seat_cannot_tell_apart(variant):
    for seed in range(2):
        assert conformance.check_refusals(GAME, seed, 2, NOTATION, variant=variant, every=0.3) > 500
