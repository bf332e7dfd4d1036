"""Worlds for a seat: the hidden cards dealt in proportion to the packs that fit its view.

Each distribution test builds a small position by hand, works out the exact
frequencies by brute force (every way to fill a hand's pack positions, or
every hand a player bound to go out might hold, checked with the rules' own
``_out_possible``), and compares worlds drawn at a fixed seed with them
(chi-square, p > 0.001).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

import pytest
from scipy.stats import chisquare

from parlour.engine.errors import ResampleError
from parlour.engine.record import record_of, replay
from parlour.games.squadron_scramble import GAME, worlds
from parlour.games.squadron_scramble.cards import CARD_TEXT, KEF_IDS, VIC_ID
from tests.squadron_scramble.conftest import make, run

KEFS = set(KEF_IDS)


def fillings(times: list[int], items: list[tuple[str, int | None]]) -> int:
    """Brute force: the ways to put ``items`` (kind, leaves at) into positions reached at ``times``.

    A card given up must have come before it left; alike KEEP 'EM FLYING
    cards ("kef") only need their i-th earliest position before their i-th
    departure.  Every item is a distinct physical card.
    """
    kef_deadlines = sorted(d for kind, d in items if kind == "kef" and d is not None)
    count = 0
    for order in itertools.permutations(range(len(items))):
        ok = True
        kef_times = []
        for slot, i in enumerate(order):
            kind, leaves = items[i]
            if kind == "kef":
                kef_times.append(times[slot])
            elif leaves is not None and times[slot] >= leaves:
                ok = False
                break
        kef_times.sort()
        if ok and all(t < d for t, d in zip(kef_times, kef_deadlines, strict=False)):
            count += 1
    return count


@pytest.mark.parametrize("case", range(30))
def test_arrival_weights_count_the_fillings_a_brute_force_finds(case):
    rng = random.Random(case)
    draws = sorted(rng.sample(range(1, 30), rng.randrange(0, 3)))
    times = [-1] * rng.randrange(1, 4) + draws
    size = len(times)
    gone_kefs = rng.randrange(0, min(2, size) + 1)
    gone_others = rng.randrange(0, size - gone_kefs + 1)
    hidden = size - gone_kefs - gone_others
    kef_deadlines = sorted(rng.randrange(0, 32) for _ in range(gone_kefs))
    other_deadlines = sorted(rng.randrange(0, 32) for _ in range(gone_others))
    most = min(hidden, 2)
    got = worlds.arrival_weights(tuple(times), tuple(other_deadlines), tuple(kef_deadlines), hidden, most)
    for h in range(most + 1):
        items = ([("kef", d) for d in kef_deadlines] + [("card", d) for d in other_deadlines]
                 + [("kef", None)] * h + [("card", None)] * (hidden - h))
        assert got[h] == fillings(times, items), (case, h)


def kef_position():
    """Seat 1 throws away a KEEP 'EM FLYING it was dealt, then draws from the stock; two more are hidden.

    Seat 0 watches.  Seat 1 now holds seven unseen cards.  It fits more
    packs for seat 1 to hold a hidden KEEP 'EM FLYING (either copy may then
    be the one it threw away, even one it drew later), so the naive 'every
    hidden card equally likely anywhere' is wrong here.
    """
    hands = [["B17/T", "B17/S", "WEL/T", "WEL/S", "DB3/T", "DB3/S", "A17/T"],
             ["KEF", "BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S"]]
    state = make(hands, pile="SM79/T", stock=["ME109/T", "I16/T", "MI96/T"], target=1000)
    run(state, "draw stock", "discard ME109/T", "take 1", "discard KEF",
        "draw stock", "discard I16/T", "draw stock", "discard ME109/T")
    return state


def test_a_kef_given_up_unseen_weighs_the_hidden_kefs_towards_that_hand():
    state = kef_position()
    pool = 7 + len(state.stock)
    kefs = sum(1 for c in state.stock + state.hands[1] if c in KEFS)
    assert kefs == 2 and state.gone[1] == [(KEF_IDS[0], 3)]
    # Exact: each count of hidden KEFs in seat 1's hand, weighted by the fillings of its 8 positions.
    times = [-1] * 7 + [6]
    exact = {}
    for h in range(kefs + 1):
        items = [("kef", 3)] + [("kef", None)] * h + [("card", None)] * (7 - h)
        exact[h] = comb(7, h) * comb(pool - 7, kefs - h) * fillings(times, items)
    total = sum(exact.values())
    draws = 12000
    rng = random.Random(7)
    held = Counter()
    cards = Counter()
    for _ in range(draws):
        world = state.resample(0, random.Random(rng.random()))
        hand = world.hands[1]
        held[sum(1 for c in hand if c in KEFS)] += 1
        cards.update(c for c in hand if c not in KEFS)
    observed = [held[h] for h in range(kefs + 1)]
    expected = [exact[h] * draws / total for h in range(kefs + 1)]
    assert chisquare(observed, expected).pvalue > 0.001
    naive = [comb(7, h) * comb(pool - 7, kefs - h) / comb(pool, kefs) * draws for h in range(kefs + 1)]
    assert chisquare(observed, naive).pvalue < 1e-6        # the weighting matters, and is seen
    # Every other hidden card is in the hand as often as the rest: the non-KEF places shared evenly.
    others = pool - kefs
    in_hand = sum(exact[h] * (7 - h) for h in exact) / total / others
    for card in (VIC_ID, *sorted(c for c in state.hands[1])[:3]):
        assert chisquare([cards[card], draws - cards[card]], [in_hand * draws, (1 - in_hand) * draws]).pvalue > 0.001


def bound_position():
    """Seat 1 has put a fourth card down, so must go out this turn; three of its five cards are unseen."""
    hands = [["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "WEL/S"],
             ["P38/T", "P38/S", "P38/F", "KEF", "WEL/F", "VIC", "DO26/T"]]
    state = make(hands, pile="WEL/T", stock=["ME109/T"], target=1000)
    run(state, "draw stock", "discard WEL/S", "take 2", "lay P38/T P38/S P38/F +KEF", "name P38 US")
    assert state.committed and state.turn == 1
    return state


@pytest.mark.parametrize("tries", [0, worlds.TRIES])
def test_a_player_bound_to_go_out_gets_each_hand_he_could_go_out_with_equally_often(tries, monkeypatch):
    monkeypatch.setattr(worlds, "TRIES", tries)       # 0: every hand drawn by counting; else mostly by rejection
    state = bound_position()
    seen = state.known[1]
    hidden = [c for c in state.hands[1] if c not in seen]
    pool = sorted(hidden + state.stock)
    feasible = [s for s in itertools.combinations(pool, len(hidden)) if state._out_possible(1, hand=seen + list(s))]
    assert 50 < len(feasible) < len(list(itertools.combinations(pool, len(hidden)))) // 10
    index = {s: i for i, s in enumerate(feasible)}
    draws = 25 * len(feasible)
    rng = random.Random(11)
    counts = Counter()
    for _ in range(draws):
        world = state.resample(0, random.Random(rng.random()))
        share = tuple(sorted(c for c in world.hands[1] if c not in seen))
        assert share in index, [CARD_TEXT[c] for c in share]
        counts[index[share]] += 1
    assert chisquare([counts[i] for i in range(len(feasible))]).pvalue > 0.001


def test_worlds_of_a_bound_player_replay_and_can_go_out():
    state = bound_position()
    for k in range(20):
        world = state.resample(0, random.Random(k))
        assert world._out_possible(1)
        assert replay(record_of(world), GAME).observation(0) == state.observation(0)


def test_with_nothing_to_weigh_every_hidden_card_is_anywhere_equally_often():
    state = make([["B17/T", "B17/S", "WEL/T", "WEL/S", "DB3/T", "DB3/S", "A17/T"],
                  ["KEF", "BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S"]], pile="SM79/T", target=1000)
    run(state, "draw stock")
    pool = sorted(state.hands[1] + state.stock)
    draws = 4000
    rng = random.Random(3)
    places = Counter()
    for _ in range(draws):
        world = state.resample(0, random.Random(rng.random()))
        places.update((c, "hand") for c in world.hands[1])
        places.update((c, "top") for c in world.stock[-3:])   # the next three draws
    for card in pool[::5]:
        hand, top = places[card, "hand"], places[card, "top"]
        expected = [7 / len(pool) * draws, 3 / len(pool) * draws, (1 - 10 / len(pool)) * draws]
        assert chisquare([hand, top, draws - hand - top], expected).pvalue > 0.001, CARD_TEXT[card]


def test_worlds_rebuild_every_pack_and_leave_later_rounds_to_a_fresh_seed():
    rng = random.Random(2)
    state = GAME.new_state(seats=3, seed=4, variant={"max_rounds": 3})
    while state.round_no < 1 or len(state.history) % 7:
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    explicit = GAME.new_state(seats=3, deal={**state.deal, "rounds": state.deal["rounds"] + [state.deal["rounds"][0]]},
                              variant={"max_rounds": 3})
    for seat, action in state.history:
        explicit.apply(seat, action)
    for source in (state, explicit):
        world = source.resample(0, random.Random(1))
        assert world.seed is not None and world.seed != state.seed
        assert len(world.deal["rounds"]) == state.round_no + 1          # no stored pack of a round to come
        replayed = replay(record_of(world), GAME)
        assert replayed.observation(0) == state.observation(0)
        assert replayed.snapshot()["stock"] == world.snapshot()["stock"]
        assert replayed.snapshot()["hands"] == world.snapshot()["hands"]
    # A finished round's pack is the one the view determines, whoever holds what now.
    again = state.resample(0, random.Random(2)).resample(1, random.Random(3))
    assert again.deal["rounds"][0] == world.deal["rounds"][0]


def test_a_view_no_pack_can_fit_raises_instead_of_returning_the_truth():
    state = kef_position()
    state.gone[1] = [(KEF_IDS[0], -1)]          # "gave up" a card before anything was dealt
    with pytest.raises(ResampleError, match="before any unseen card"):
        state.resample(0, random.Random(0))
