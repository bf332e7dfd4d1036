"""Worlds for search: every British Towns resample is uniform over the deals a seat cannot tell apart.

On small positions the consistent deals are enumerated by brute force (every
deal of the cards the seat cannot place, replayed with the real actions and
kept if the seat's view and the public view come out the same), and the
worlds drawn at a fixed seed are held to the exact frequencies by a
chi-square test, deal by deal and card by card.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chi2_contingency, chisquare

from parlour.engine import conformance
from parlour.engine.errors import ParlourError, ResampleError
from parlour.engine.record import record_of, replay
from parlour.games.british_towns import ASKING, SETS, asking, sets
from parlour.games.british_towns.pack import CARD_OF_TEXT, CARD_TEXT
from tests.british_towns.conftest import run, sets_game


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
    moved = {CARD_OF_TEXT[a["card"]] for a in state.observation(None)["asks"] if a["got"]}
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
        res._count = asking._Count.of(res, tracked)
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
    card = state.hands[1][0]
    # Told that P2 asked P3 for a card neither of them holds, though P1 does not hold it either:
    state.asks.append((1, 2, card, False))
    with pytest.raises(ResampleError):
        state.resample(0, random.Random(1))


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_asking_worlds_see_only_the_view(seats):
    for seed in range(2):
        conformance.check_resample_sees_only_the_view(ASKING, seed, seats, every=0.1)


# -- the regional-sets game -----------------------------------------------------------------------------------
def sets_position(seats: int, seed: int, steps: int, **variant):
    rng = random.Random(seed)
    state = SETS.new_state(seats=seats, seed=seed, variant=variant or None)
    for _ in range(steps):
        (seat,) = state.to_move
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def sets_replays(world, state, seat: int) -> bool:
    try:
        again = replay(record_of(world), SETS)
    except ParlourError:
        return False
    return again.observation(seat) == state.observation(seat) and again.observation(None) == state.observation(None)


def whereabouts(world) -> dict[int, str]:
    """Where each card began its last stay out of sight: a seat's first hand, a draw by a seat, or the stock."""
    n = world.num_seats
    where: dict[tuple[int, int], str] = {(0, p): f"dealt {(p + world.dealer + 1) % n}" for p in range(7 * n)}
    for t, entry in enumerate(world.trail):
        if entry[0] == "hidden":
            where[(entry[2], entry[3])] = f"drawn {entry[1]} at {t}"
    rows = [world.deal["pack"], *world.deal["reshuffles"]]
    out = {}
    for k, row in enumerate(rows):
        for p, text in enumerate(row):
            out[CARD_OF_TEXT[text]] = where.get((k, p), "stock" if k == len(rows) - 1 else "shown")
    return out


SETS_POSITIONS = [(2, 1, 30, {}), (2, 4, 60, {}), (3, 2, 45, {}), (2, 5, 40, {"sets_per_turn": "one"}),
                  (3, 6, 40, {"must_lay": False})]


@pytest.mark.parametrize("seats, seed, steps, variant", SETS_POSITIONS)
def test_sets_worlds_match_a_sampler_that_checks_each_world_by_replaying_it(seats, seed, steps, variant, monkeypatch):
    """The rules the sampler checks (sets never held, last cards) are exactly what a replay checks.

    The reference draws from the same uniform proposal, keeping a world only
    if its record replays to the same views; both samples must agree, card by
    card, on where each card came from (chi-square of homogeneity).
    """
    state = sets_position(seats, seed, steps, **variant)
    seat = 0
    rng = random.Random(7)
    ours = [whereabouts(state.resample(seat, rng)) for _ in range(1500)]
    monkeypatch.setattr(sets._Hidden, "RULES", False)
    state._worlds = None
    theirs, rng = [], random.Random(8)
    while len(theirs) < 1500:
        world = state.resample(seat, rng)
        if sets_replays(world, state, seat):
            theirs.append(whereabouts(world))
    # One test a card that can lie in more than one place, so the bar is shared out among them
    # (Bonferroni): at a fixed 0.001 each, a position of 20 such cards would fail 2% of seeds by chance.
    pvalues = {}
    for card in range(len(CARD_TEXT)):
        places = sorted({w[card] for w in ours + theirs})
        if len(places) > 1:
            table = [[sum(w[card] == p for w in sample) for p in places] for sample in (ours, theirs)]
            pvalues[CARD_TEXT[card]] = chi2_contingency(table).pvalue
    assert pvalues, "no hidden card to compare"
    worst = min(pvalues, key=pvalues.__getitem__)
    assert pvalues[worst] > 0.01 / len(pvalues), (worst, pvalues[worst])


def test_sets_worlds_never_put_a_laid_regions_last_card_in_its_layers_hand():
    junk = ["LONDON", "COWES", "CARDIFF", "BIRMINGHAM"]
    state = sets_game([["CAMBRIDGE", "NORWICH", "R6", *junk], ["DOVER", "WINDSOR", "SWANSEA", "COVENTRY",
                                                              "MANCHESTER", "LEEDS", "GLASGOW"]],
                      stock=["YORK", "AYR", "OXFORD", "DERBY", "WELLS"])
    run(state, "draw stock", "lay 6", "draw stock", "discard DOVER")     # P1 lays region 6 without IPSWICH
    ipswich = CARD_OF_TEXT["IPSWICH"]
    rng = random.Random(1)
    held = Counter()
    for _ in range(300):
        world = state.resample(1, rng)
        assert ipswich not in world.hands[0]
        held.update(world.hands[0])
    assert len(held) > 6                  # P1's unseen cards do vary


def test_sets_worlds_are_built_directly_and_replay():
    state = sets_position(3, 2, 45)
    world = state.resample(1, random.Random(3))
    again = replay(record_of(world), SETS)
    assert again.snapshot() == world.snapshot() and again.trail == world.trail and world.seed != state.seed
    assert len(world.deal["reshuffles"]) == world.reshuffles_used


def test_a_sets_worlds_deal_is_the_same_whenever_it_is_read():
    """A world works its deal record out when first read: read at once, after a clone, or after play on."""
    state = sets_position(3, 2, 45)
    early = state.resample(1, random.Random(3))
    deal = copy.deepcopy(early.deal)
    late = state.resample(1, random.Random(3))
    twin = late.clone()
    rng = random.Random(4)
    while not twin.is_over:
        (seat,) = twin.to_move
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
    assert twin.reshuffles_used > late.reshuffles_used        # play on reached new shuffles
    assert late.deal == deal and twin.deal["pack"] == deal["pack"]
    assert twin.deal["reshuffles"][: len(deal["reshuffles"])] == deal["reshuffles"]
    for world in (twin, late):
        again = replay(record_of(world), SETS)
        assert again.snapshot() == world.snapshot()
        # every seat's own cards, the resampled seat's kept from the view and the others' from the world's deal
        assert [again.observation(s) for s in range(3)] == [world.observation(s) for s in range(3)]
    assert late.observation(1)["drawn"] == state.observation(1)["drawn"]


def test_an_impossible_sets_view_raises_rather_than_returning_the_truth():
    state = sets_position(2, 1, 30)
    state.hands[1].pop()                    # a card gone from P2's hand, with nothing on the table to say where
    with pytest.raises(ResampleError):
        state.resample(0, random.Random(1))


@pytest.mark.parametrize("seats, variant", [(2, None), (3, None), (5, None), (2, {"must_lay": False}),
                                            (3, {"sets_per_turn": "one"})])
def test_sets_worlds_see_only_the_view(seats, variant):
    for seed in range(2):
        every = 0.1 if variant is None else 0.04
        conformance.check_resample_sees_only_the_view(SETS, seed, seats, variant=variant, every=every)


def test_sets_worlds_give_the_seat_the_cards_it_picked_up_and_nobody_else_sees_them():
    """P1 saw every card he picked up (perfect recall): his view keeps them, and so does every world.

    P1 is dealt seven cards, draws AYR, IPSWICH, DERBY and BATH and throws
    four.  His view lists his first hand and his draws in order; P2's view
    and a spectator's do not.  Every world of P1's has his draws in the
    places he drew them from, and his first cards in his dealt places in a
    random order (which went where, he never saw): each card lies in each of
    those places equally often.
    """
    p1 = ["CAMBRIDGE", "NORWICH", "WELLS", "PLYMOUTH", "LONDON", "COWES", "CARDIFF"]
    p2 = ["DOVER", "WINDSOR", "SWANSEA", "COVENTRY", "MANCHESTER", "LEEDS", "GLASGOW"]
    state = sets_game([p1, p2], face_up="YORK", stock=["AYR", "IPSWICH", "DERBY", "BATH", "OXFORD"])
    run(state, "draw stock", "discard NORWICH", "take discard", "discard NORWICH",
        "draw stock", "discard CAMBRIDGE", "take discard", "discard CAMBRIDGE",
        "draw stock", "discard WELLS", "take discard", "discard WELLS",
        "draw stock", "discard IPSWICH", "take discard", "discard IPSWICH")
    mine = state.observation(0)
    assert mine["dealt"] == sorted(p1, key=CARD_OF_TEXT.__getitem__)
    assert mine["drawn"] == ["AYR", "IPSWICH", "DERBY", "BATH"]
    assert "drawn" not in state.observation(None) and "dealt" not in state.observation(None)
    assert state.observation(1)["drawn"] != mine["drawn"] and state.observation(1)["dealt"] != mine["dealt"]
    draws = [t for t, e in enumerate(state.trail) if e[0] == "hidden" and e[1] == 0]
    rng = random.Random(2)
    places = Counter()
    for _ in range(1400):
        world = state.resample(0, rng)
        assert world.observation(0) == mine
        w = whereabouts(world)
        assert [next(c for c, where in w.items() if where == f"drawn 0 at {t}") for t in draws] == \
            [CARD_OF_TEXT[t] for t in mine["drawn"]]
        dealt_at = {text: world.deal["pack"].index(text) for text in p1}
        places.update(dealt_at.items())
    for text in p1:
        counts = [places[(text, p)] for p in range(0, 14, 2)]      # P1's dealt places (P2 deals)
        assert sum(counts) == 1400 and chisquare(counts).pvalue > 0.001, (text, counts)


def test_a_sets_seats_picked_up_cards_read_as_the_game_goes_match_a_fresh_reading():
    """The view's ``dealt`` and ``drawn`` are kept as the trail grows; clones that part ways keep their own."""
    rng = random.Random(3)
    state = SETS.new_state(seats=3, seed=9)
    while not state.is_over:
        views = [state.observation(s) for s in range(3)]
        twin = state.clone()
        for _ in range(4):
            if twin.is_over:
                break
            (s,) = twin.to_move
            twin.apply(s, rng.choice(twin.legal_actions(s)))
        for one in (state, twin):
            fresh = one.clone()
            fresh._picked = None
            assert [one.observation(s) for s in range(3)] == [fresh.observation(s) for s in range(3)]
        assert [state.observation(s) for s in range(3)] == views          # the twin's play left it as it was
        (s,) = state.to_move
        state.apply(s, rng.choice(state.legal_actions(s)))


def test_sets_worlds_of_a_game_that_ended_while_drawing_up_keep_the_order_drawn():
    """The game ends as P1 draws up to seven: his drawn cards stay unsorted, and every world replays exactly."""
    state = sets_position(2, 15, 176)
    assert state.is_over and state.events[-1]["why"] == "could not make his hand up to seven"
    assert state.hands[0] != sorted(state.hands[0])
    for seat in (0, 1):
        for i in range(20):
            world = state.resample(seat, random.Random(i))
            again = replay(record_of(world), SETS)
            assert again.snapshot() == world.snapshot()
            assert again.observation(seat) == state.observation(seat)
