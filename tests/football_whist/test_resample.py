"""Worlds for a seat: every deal of the unseen cards that fits its view, each equally likely.

The distribution tests take small positions late in a half, list every deal
of the hidden cards that fits the hand sizes and the voids shown by brute
force, and compare the worlds drawn at a fixed seed with the exact
frequencies (chi-square, p > 0.001).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import factorial

import pytest
from scipy.stats import chisquare

from parlour.engine import conformance
from parlour.engine.errors import ResampleError
from parlour.engine.record import record_of, replay
from parlour.games.football_whist import GAME
from parlour.games.football_whist.cards import CARD_TEXT

SEATS = 4


def late_position(seed: int, cards_left: int, *, half: int = 1):
    """A random match stopped where every hand holds ``cards_left`` cards (a trick about to be led)."""
    rng = random.Random(seed)
    state = GAME.new_state(seed=seed)
    while not (state.half == half and state.phase == "play" and not state.trick
               and all(len(h) == cards_left for h in state.hands)):
        (seat,) = state.to_move
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def consistent_deals(state, seat: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every deal of the cards ``seat`` cannot see: hand sizes kept, no team to a seat void in it."""
    others = [s for s in range(SEATS) if s != seat]
    hidden = sorted(c for s in others for c in state.hands[s])
    sizes = [len(state.hands[s]) for s in others]
    deals = []

    def deal(rest: tuple[int, ...], hands: tuple) -> None:
        if len(hands) == len(others):
            deals.append(hands)
            return
        s = others[len(hands)]
        for hand in itertools.combinations(rest, sizes[len(hands)]):
            if not any(state.voids[s] >> (c // 11) & 1 for c in hand):
                deal(tuple(c for c in rest if c not in hand), (*hands, hand))

    deal(tuple(hidden), ())
    return deals


def voided_position(cards_left: int, half: int = 1):
    """The first seeded position with ``cards_left`` cards a hand where a void shown constrains the deal."""
    for seed in range(200):
        state = late_position(seed, cards_left, half=half)
        for seat in range(SEATS):
            others = [s for s in range(SEATS) if s != seat]
            hidden_teams = {c // 11 for s in others for c in state.hands[s]}
            if any(state.voids[s] >> t & 1 for s in others for t in hidden_teams):
                deals = consistent_deals(state, seat)
                if 3 <= len(deals) <= 400:
                    return state, seat, deals
    raise AssertionError("no seed gives a position where a void constrains the deal")


@pytest.mark.parametrize("cards_left, half", [(3, 1), (2, 2)])
def test_worlds_are_uniform_over_the_consistent_deals(cards_left, half):
    state, seat, deals = voided_position(cards_left, half)
    assert len(deals) < factorial(3 * cards_left) // factorial(cards_left) ** 3     # the voids bite
    others = [s for s in range(SEATS) if s != seat]
    index = {deal: i for i, deal in enumerate(deals)}
    draws = 60 * len(deals)
    seen = Counter()
    places = Counter()
    rng = random.Random(2024)
    for _ in range(draws):
        world = state.resample(seat, random.Random(rng.random()))
        deal = tuple(tuple(world.hands[s]) for s in others)
        assert deal in index, "a world dealt a hand the view rules out"
        seen[index[deal]] += 1
        for s in others:
            places.update((card, s) for card in world.hands[s])
    # The whole deal: every consistent one equally often.
    assert chisquare([seen[i] for i in range(len(deals))]).pvalue > 0.001
    # Each hidden card's seat, against the exact frequencies from the enumeration.
    exact = Counter((card, s) for deal in deals for s, hand in zip(others, deal, strict=True) for card in hand)
    for card in sorted({c for c, _ in exact}):
        cells = [s for s in others if exact[card, s]]
        assert not any(places[card, s] for s in others if s not in cells), f"{CARD_TEXT[card]} went to a void seat"
        if len(cells) > 1:
            observed = [places[card, s] for s in cells]
            expected = [exact[card, s] * draws / len(deals) for s in cells]
            assert chisquare(observed, expected).pvalue > 0.001, CARD_TEXT[card]


def test_a_world_keeps_every_public_fact_and_replays():
    state, seat, _ = voided_position(3)
    world = state.resample(seat, random.Random(5))
    assert world.observation(seat) == state.observation(seat)
    assert world.observation(None) == state.observation(None)
    assert replay(record_of(world), GAME).observation(seat) == state.observation(seat)
    assert world.seed != state.seed


def test_the_second_half_deal_is_drawn_afresh_in_the_first_half():
    state = late_position(3, 8)
    seconds = {str(state.resample(0, random.Random(k)).deal["hands"][1]) for k in range(10)}
    assert len(seconds) == 10 and str(state.deal["hands"][1]) not in seconds
    # ... and in the second half the first half's deal (all of it played) is kept as it was.
    later = late_position(3, 5, half=2)
    world = later.resample(1, random.Random(0))
    assert world.deal["hands"][0] == later.deal["hands"][0]


def test_a_view_no_deal_can_fit_raises_instead_of_returning_the_truth():
    state = late_position(1, 6)
    state.voids[1] = 0b1111                 # seat 1 "shown out" of every team yet holding cards
    with pytest.raises(ResampleError, match="no deal fits"):
        state.resample(0, random.Random(0))


@pytest.mark.parametrize("seed", range(3))
def test_worlds_of_indistinguishable_states_are_the_same(seed):
    conformance.check_resample_sees_only_the_view(GAME, seed, SEATS, every=0.5)
