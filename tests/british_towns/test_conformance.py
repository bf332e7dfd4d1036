"""The engine's conformance suite applied to both British Towns games, at every table size."""

from __future__ import annotations

import random
import re
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


@pytest.mark.parametrize("variant", [{"must_lay": False}, {"sets_per_turn": "one"}, {"stalemate": 1},
                                     {"one_discard_ends": True}])
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


def test_asking_resample_moves_what_nobody_knows_and_keeps_what_the_table_saw():
    rng = random.Random(2)
    moved_refused_card = varied = 0
    for seed in range(12):
        state = ASKING.new_state(seats=4, seed=seed)
        conformance.random_steps(state, rng, rng.randrange(5, 30))
        if state.is_over:
            continue
        asks = state.observation(None)["asks"]
        taken = {CARD_OF_TEXT[a["card"]]: a["asker"] for a in asks if a["got"]}
        refused = {CARD_OF_TEXT[a["card"]] for a in asks if not a["got"]} - set(taken)
        deals = set()
        for i in range(10):
            other = state.resample(0, random.Random(i))
            deals.add(str(other.deal["hands"]))
            for card, holder in taken.items():
                if card in state.hands[holder]:
                    assert card in other.hands[holder]          # seen changing hands: stays put
            moved_refused_card += any(
                (card in state.hands[s]) != (card in other.hands[s]) for card in refused for s in range(1, 4))
        varied += len(deals) > 1
    assert varied >= 8 and moved_refused_card > 0


def _region(card: int) -> int:
    from parlour.games.british_towns.pack import REGION_OF
    return REGION_OF[card]


def test_sets_resample_reshuffles_a_stock_made_from_the_discards():
    rng = random.Random(5)
    state = SETS.new_state(seats=2, seed=3)
    while state.reshuffles_used == 0 and not state.is_over:
        conformance.random_steps(state, rng, 1)
    assert state.reshuffles_used and not state.is_over and len(state.stock) > 3
    orders = {tuple(state.resample(0, random.Random(i)).stock) for i in range(10)}
    assert len(orders) > 1                        # the stock's order is not handed to a search bot


def test_a_seat_count_must_be_a_whole_number():
    from parlour.engine.errors import VariantError
    with pytest.raises(VariantError):
        ASKING.new_state(seats=3.0, seed=1)


def test_resample_refuses_a_seat_that_does_not_exist():
    for game in (ASKING, SETS):
        state = game.new_state(seats=game.seat_counts[0], seed=1)
        for seat in (9, "0", None):
            with pytest.raises(ValueError):
                state.resample(seat, random.Random(0))


@pytest.mark.parametrize("game, seats", AUDITED, ids=[f"{g.id}-{n}" for g, n in AUDITED])
def test_numbers_keep_their_promises(game, seats):
    """Action ids, masks and tensors (sizes, bounds, built from the view); resample invariance is in the audit."""
    conformance.check_numbers(game, 1, seats)


# -- refusals in words ---------------------------------------------------------------------------

def notation(game, seats):
    """What the British Towns codes look like: cards (CREWE, R7), seats (P2), and action texts."""
    codes = [*CARD_TEXT, *game.seat_names(seats)]
    return [re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, codes)) + r")(?![\w-])"),
            re.compile(r"\bask P\d|\bdraw stock\b|\btake discard\b|\blay \d|'(ask|draw|take|lay|discard|add|done)\b")]


@pytest.mark.parametrize("game, seats", GAMES, ids=IDS)
def test_refusals_are_words_and_the_same_in_every_world_the_seat_cannot_tell_apart(game, seats):
    variants = [None, {"must_lay": False, "sets_per_turn": "one"}] if game is SETS else [None]
    for seed, variant in enumerate(variants):
        assert conformance.check_refusals(game, seed, seats, notation(game, seats), variant=variant,
                                          every=0.15, worlds=1) > 200
