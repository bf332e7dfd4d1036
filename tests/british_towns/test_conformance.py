"""The engine's conformance suite applied to both British Towns games, at every table size."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from parlour.engine import conformance
from parlour.games.british_towns import ASKING, SETS
from parlour.games.british_towns.pack import CARD_TEXT, CARDS_OF, CARD_OF_TEXT

GAMES = [(ASKING, seats) for seats in (3, 5, 8)] + [(SETS, seats) for seats in (2, 3, 5)]
IDS = [f"{g.id}-{n}" for g, n in GAMES]


@pytest.mark.parametrize("game, seats", GAMES, ids=IDS)
def test_random_playouts_finish(game, seats):
    finals = conformance.check_playouts(game, range(40), seats)
    assert all(f.is_over for f in finals)


@pytest.mark.parametrize("variant", [{"must_lay": False}, {"sets_per_turn": "one"}, {"stalemate": 1}])
def test_sets_variants_finish(variant):
    conformance.check_playouts(SETS, range(25), 2, variant=variant)


def test_asking_variant_finishes():
    conformance.check_playouts(ASKING, range(25), 4, variant={"tie_break": "none"})


@pytest.mark.parametrize("game, seats", GAMES, ids=IDS)
def test_record_round_trip(game, seats):
    for seed in range(3):
        conformance.check_record_round_trip(game, seed, seats)


@pytest.mark.parametrize("game, seats", GAMES, ids=IDS)
def test_clone_independence_and_seed_determinism(game, seats):
    for seed in range(4):
        conformance.check_clone_independence(game, seed, seats)
    conformance.check_seed_determinism(game, 9, seats)


@pytest.mark.parametrize("game", [ASKING, SETS], ids=["asking", "sets"])
def test_illegal_actions_change_nothing(game):
    conformance.check_illegal_actions_change_nothing(game, 1, game.seat_counts[0])


# Random asking games at big tables run to thousands of asks, and the audit replays the
# game at every sampled step, so it runs at the smaller tables.
AUDITED = [(ASKING, 3), (ASKING, 4), (SETS, 2), (SETS, 3), (SETS, 5)]


@pytest.mark.parametrize("game, seats", AUDITED, ids=[f"{g.id}-{n}" for g, n in AUDITED])
def test_observation_audit(game, seats):
    for seed in range(2):
        conformance.check_observation_audit(game, seed, seats)


@pytest.mark.parametrize("game, seats", GAMES, ids=IDS)
def test_each_seat_sees_only_its_own_hand(game, seats):
    conformance.check_spectator_sees_no_hand(game, 3, seats)


def asking_cards(state) -> Counter:
    snap = state.snapshot()
    cards = Counter(c for hand in snap["hands"] for c in hand)
    for regions in snap["laid"]:
        cards.update(CARD_TEXT[c] for r in regions for c in CARDS_OF[r])
    return cards


def sets_cards(state) -> Counter:
    snap = state.snapshot()
    cards = Counter(c for hand in snap["hands"] for c in hand)
    cards.update(snap["stock"])
    cards.update(snap["discards"])
    for laid in snap["sets"]:
        for group in laid.values():
            cards.update(group)
    return cards


@pytest.mark.parametrize("game, seats", GAMES, ids=IDS)
def test_card_conservation(game, seats):
    count = asking_cards if game is ASKING else sets_cards
    for seed in range(3):
        conformance.check_card_conservation(game, seed, seats, count)
    assert count(game.new_state(seats=seats, seed=0)) == Counter(CARD_TEXT)


def test_asking_resample_keeps_every_named_card_in_place():
    rng = random.Random(2)
    for seed in range(20):
        state = ASKING.new_state(seats=4, seed=seed)
        conformance.random_steps(state, rng, rng.randrange(5, 40))
        named = {CARD_OF_TEXT[a["card"]] for a in state.asks}
        for seat in range(4):
            other = state.resample(seat, random.Random(seed))
            for s in range(4):
                assert {c for c in other.hands[s] if c in named} == {c for c in state.hands[s] if c in named}
                assert sorted(map(_region, other.hands[s])) == sorted(map(_region, state.hands[s]))


def _region(card: int) -> int:
    from parlour.games.british_towns.pack import REGION_OF
    return REGION_OF[card]
