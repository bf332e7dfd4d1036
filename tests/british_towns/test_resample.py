"""Worlds for search: every British Towns resample is uniform over the deals a seat cannot tell apart.

On small positions the consistent deals are enumerated by brute force (every
deal of the cards the seat cannot place, replayed with the real actions and
kept if the seat's view and the public view come out the same), and the
worlds drawn at a fixed seed are held to the exact frequencies by a
chi-square test, deal by deal and card by card.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from parlour.engine import conformance
from parlour.engine.errors import ParlourError, ResampleError
from parlour.games.british_towns import ASKING, asking
from parlour.games.british_towns.pack import CARD_OF_TEXT, CARD_TEXT


# -- the asking game ---------------------------------------------------------------------------------------
def asking_position(seats: int, seed: int, steps: int):
    rng = random.Random(seed)
    state = ASKING.new_state(seats=seats, seed=seed)
    for _ in range(steps):
        (seat,) = state.to_move
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def unplaced(state, seat: int) -> tuple[list[int], dict[int, list[int]]]:
    """The cards ``seat`` cannot place (never moved, never laid, not its own), and who was dealt them."""
    moved = {CARD_OF_TEXT[a["card"]] for a in state.asks if a["got"]}
    laid = {c for regions in state.laid for r in regions for c in asking.CARDS_OF[r]}
    hidden = {c for c in range(asking.NUM_CARDS) if c not in moved | laid | set(state.hands[seat])}
    dealt = {s: [CARD_OF_TEXT[t] for t in state.deal["hands"][s] if CARD_OF_TEXT[t] in hidden]
             for s in range(state.num_seats) if s != seat}
    return sorted(hidden), dealt


def asking_replays(state, seat: int, hands: list[list[str]]) -> bool:
    try:
        other = ASKING.new_state(seats=state.num_seats, variant=state.variant, deal={"dealer": state.dealer,
                                                                                     "hands": hands})
        for s, action in state.history:
            other.apply(s, action)
    except ParlourError:
        return False
    return other.observation(seat) == state.observation(seat) and other.observation(None) == state.observation(None)


def consistent_asking_deals(state, seat: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every deal of the unplaced cards (as each other seat's share) that replays to the same views."""
    cards, dealt = unplaced(state, seat)
    others = sorted(dealt)
    sizes = [len(dealt[s]) for s in others]
    out = []

    def shares(pool, k):
        if k == len(others) - 1:
            yield [tuple(pool)]
            return
        for part in itertools.combinations(pool, sizes[k]):
            rest = [c for c in pool if c not in part]
            for tail in shares(rest, k + 1):
                yield [part, *tail]

    for split in shares(cards, 0):
        mine = dict(zip(others, split, strict=True))
        hands = []
        for s in range(state.num_seats):
            keep = [t for t in state.deal["hands"][s] if s == seat or CARD_OF_TEXT[t] not in cards]
            hands.append(sorted(keep + [CARD_TEXT[c] for c in mine.get(s, ())], key=CARD_OF_TEXT.__getitem__))
        if asking_replays(state, seat, hands):
            out.append(tuple(tuple(sorted(mine[s])) for s in others))
    return out


def drawn_share(world, seat: int, cards: list[int]) -> tuple[tuple[int, ...], ...]:
    others = [s for s in range(world.num_seats) if s != seat]
    return tuple(tuple(sorted(CARD_OF_TEXT[t] for t in world.deal["hands"][s] if CARD_OF_TEXT[t] in cards))
                 for s in others)


def assert_uniform(draws: list, deals: list, cards: list[int], others: list[int]) -> None:
    """Chi-square, deal by deal and each card's holder, against the enumeration (p > 0.001)."""
    assert set(draws) <= set(deals), "a world outside the consistent deals"
    tally = Counter(draws)
    n = len(draws)
    if n / len(deals) >= 5:
        assert chisquare([tally[d] for d in deals]).pvalue > 0.001
    for card in cards:
        seen = Counter(next(i for i, share in enumerate(d) if card in share) for d in draws)
        exact = Counter(next(i for i, share in enumerate(d) if card in share) for d in deals)
        if len(exact) > 1:
            places = sorted(exact)
            expected = [exact[p] * n / len(deals) for p in places]
            assert chisquare([seen[p] for p in places], expected).pvalue > 0.001, CARD_TEXT[card]


ASKING_POSITIONS = [(3, 15, 34), (3, 3, 54), (3, 27, 45), (4, 28, 85), (4, 4, 129)]


@pytest.mark.parametrize("seats, seed, steps", ASKING_POSITIONS)
def test_asking_worlds_are_uniform_over_the_consistent_deals(seats, seed, steps):
    state = asking_position(seats, seed, steps)
    seat = 0
    cards, dealt = unplaced(state, seat)
    deals = consistent_asking_deals(state, seat)
    assert 1 < len(deals) < 2000
    rng = random.Random(7)
    draws = [drawn_share(state.resample(seat, rng), seat, cards) for _ in range(4000)]
    assert_uniform(draws, deals, cards, sorted(dealt))


@pytest.mark.parametrize("seats, seed, steps", [(3, 15, 34), (4, 28, 85)])
def test_asking_worlds_stay_uniform_when_seats_are_pooled_in_the_count(seats, seed, steps):
    """The count that tracks only some seats (a big table's fallback) still draws uniformly."""
    state = asking_position(seats, seed, steps)
    cards, dealt = unplaced(state, 0)
    deals = consistent_asking_deals(state, 0)
    res = state._unknowns(0)._residual()
    for tracked in ((), res.seats[:1]):
        res._count = asking._Count(res, tracked)
        rng = random.Random(11)
        draws = [drawn_share(state.resample(0, rng), 0, cards) for _ in range(3000)]
        assert_uniform(draws, deals, cards, sorted(dealt))


def test_asking_resample_builds_a_world_that_replays():
    state = asking_position(4, 28, 85)
    world = state.resample(1, random.Random(3))
    replayed = ASKING.new_state(seats=4, variant=world.variant, seed=world.seed, deal=world.deal)
    for s, action in world.history:
        replayed.apply(s, action)
    assert replayed.snapshot() == world.snapshot() and world.seed != state.seed


def test_an_impossible_asking_view_raises_rather_than_returning_the_truth():
    state = ASKING.new_state(seats=3, seed=2)
    card = CARD_TEXT[state.hands[1][0]]
    # Told that P2 asked P3 for a card neither of them holds, though P1 does not hold it either:
    state.asks.append({"asker": 1, "asked": 2, "card": card, "got": False})
    with pytest.raises(ResampleError):
        state.resample(0, random.Random(1))


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_asking_worlds_see_only_the_view(seats):
    for seed in range(2):
        conformance.check_resample_sees_only_the_view(ASKING, seed, seats, every=0.1)
