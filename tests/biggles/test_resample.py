"""Biggles' resample: worlds drawn uniformly from the deals consistent with what the table has shown.

The exact set of consistent deals is found here by brute force, independently
of how ``resample`` builds its worlds: candidate packs are replayed through
the rules with the game's real actions, and a candidate counts only if every
step shows the same table (both piles' top cards, builds, stoppers, sizes) as
the true game did.  Sampled worlds are then compared with that set by a
chi-square test at a fixed seed.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from parlour.engine.errors import ResampleError
from parlour.engine.record import record_of, replay
from parlour.games.biggles import GAME
from parlour.games.biggles.rules import PACK_SIZE, PACKS, shuffled_packs


def greedy_game(seed: int, stop, **variant):
    """A game in which the seat to act is drawn at random and takes any card move it has, else turns.

    Such games end fast, so some cards may never show; ``stop(state)`` says when to leave off.
    """
    state = GAME.new_state(seats=2, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not state.is_over and not stop(state):
        seat = rng.choice((0, 1))
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1])
    return state


def table(state) -> list:
    """What both seats see now, less the list of actions (which a replay repeats by construction)."""
    return [[p.view() for p in state.players], list(state.points), state.phase, state.match_no]


def tables(state) -> list:
    """The table after every action of ``state``'s game: everything a seat has been shown."""
    deal = {"matches": [dict(m) for m in state.deal["matches"][: state.match_no + 1]]}
    again = GAME.new_state(seats=2, variant=state.variant, seed=state.seed, deal=deal)
    out = [table(again)]
    for seat, action in state.history:
        again.apply(seat, action)
        out.append(table(again))
    return out


def fits(state, deal, shown) -> bool:
    """Whether ``deal`` replays ``state``'s actions showing, step by step, what the true deal showed."""
    try:
        again = GAME.new_state(seats=2, variant=state.variant, seed=state.seed, deal=deal)
        if table(again) != shown[0]:
            return False
        for step, (seat, action) in enumerate(state.history, 1):
            if action not in again.legal_actions(seat):
                return False
            again.apply(seat, action)
            if table(again) != shown[step]:
                return False
    except Exception:       # a deal the rules refuse fits nothing
        return False
    return True


def never_shown(state) -> dict[tuple[int, str], list[int]]:
    """Per (match, pack), the places found by swapping to be free: a card there may trade with another.

    Independent of resample's bookkeeping: place p is free when swapping its
    card with one of another face still replays to the same tables.  (A card
    left alone unseen, or unseen only beside its like, is fixed all the same.)
    """
    shown = tables(state)
    out = {}
    for m in range(state.match_no + 1):
        for pack in PACKS:
            texts = state.deal["matches"][m][pack]

            def swaps(p, q, m=m, pack=pack, texts=texts):
                deal = copy.deepcopy({"matches": state.deal["matches"][: state.match_no + 1]})
                new = list(texts)
                new[p], new[q] = new[q], new[p]
                deal["matches"][m][pack] = new
                return fits(state, deal, shown)

            free = []
            for p in range(PACK_SIZE):
                partners = [q for q in range(PACK_SIZE) if texts[q] != texts[p]]
                if any(swaps(p, q) for q in partners):
                    free.append(p)
            out[(m, pack)] = free
    return out


def enumerate_deals(state, units) -> tuple[list[tuple], list[tuple]]:
    """Every consistent deal, as the tuple of texts at the given (match, pack, places) units."""
    shown = tables(state)
    base = {"matches": state.deal["matches"][: state.match_no + 1]}
    options = []
    for m, pack, places in units:
        texts = [base["matches"][m][pack][i] for i in places]
        options.append(sorted(set(itertools.permutations(texts))))
    found = []
    for combo in itertools.product(*options):
        deal = copy.deepcopy(base)
        for (m, pack, places), texts in zip(units, combo, strict=True):
            for i, text in zip(places, texts, strict=True):
                deal["matches"][m][pack][i] = text
        if fits(state, deal, shown):
            found.append(combo)
    return found, options


def key_of(world, units) -> tuple:
    return tuple(tuple(world.deal["matches"][m][pack][i] for i in places) for m, pack, places in units)


def check_uniform(state, draws_per_deal: int = 40, seed: int = 7) -> None:
    free = never_shown(state)
    # The brute force ranges over the free places and, to show they stay put, one shown place per pack.
    units = []
    for (m, pack), places in free.items():
        if not places:
            continue
        extra = [p for p in range(PACK_SIZE) if p not in places][:1]
        units.append((m, pack, sorted(places + extra)))
    assert units, "the position has no hidden cards to test"
    deals, options = enumerate_deals(state, units)
    assert len(deals) >= 2 and len(deals) < len(list(itertools.product(*options)))
    rng = random.Random(seed)
    draws = len(deals) * draws_per_deal
    seen = Counter()
    inside = {(m, pack): set(places) for m, pack, places in units}
    for i in range(draws):
        world = state.resample(i % 2, rng)
        seen[key_of(world, units)] += 1
        if i < 50:      # and no card moves that the brute force found fixed
            for m in range(state.match_no + 1):
                for pack in PACKS:
                    true, drawn = state.deal["matches"][m][pack], world.deal["matches"][m][pack]
                    free = inside.get((m, pack), set())
                    assert all(true[p] == drawn[p] for p in range(PACK_SIZE) if p not in free)
    assert set(seen) <= set(deals), "a world shows a deal the table rules out"
    assert chisquare([seen[d] for d in deals]).pvalue > 0.001
    # Each hidden card's place, against its exact frequency over the consistent deals.
    for u, (m, pack, places) in enumerate(units):
        for j, _ in enumerate(places):
            exact = Counter(d[u][j] for d in deals)
            if len(exact) < 2:
                continue
            got = Counter(k[u][j] for k in seen.elements())
            faces = sorted(exact)
            expected = [exact[f] / len(deals) * draws for f in faces]
            assert chisquare([got[f] for f in faces], expected).pvalue > 0.001, (m, pack, places[j])


def test_worlds_are_uniform_over_the_deals_of_a_finished_and_a_running_match():
    # Seed 8: the first match ends with four blue cards and one red never shown; well into the
    # second, five cards of the running match are still unseen.
    state = greedy_game(8, lambda s: len(s.history) >= 128)
    assert state.match_no == 1
    check_uniform(state)


def test_worlds_are_uniform_when_the_game_is_over():
    state = greedy_game(112, lambda s: False, matches=1)
    assert state.is_over
    check_uniform(state, draws_per_deal=30)


def test_worlds_are_uniform_early_in_a_match_with_two_packs_hidden():
    state = greedy_game(179, lambda s: sum(len(x) for x in s.seen) >= 2 * PACK_SIZE - 5)
    assert state.match_no == 0
    check_uniform(state)


def test_a_world_replays_to_itself_and_takes_a_fresh_seed_for_the_matches_to_come():
    state = GAME.new_state(seats=2, seed=3)
    r = random.Random(3)
    for _ in range(40):
        seat = r.choice((0, 1))
        state.apply(seat, r.choice(state.legal_actions(seat)))
    world = state.resample(0, random.Random(1))
    assert world.seed != state.seed
    again = replay(record_of(world), GAME)
    assert again.snapshot() == world.snapshot()
    assert [p.hand for p in again.players] == [p.hand for p in world.players]
    assert again.seen == world.seen
    assert len(world.deal["matches"]) == 1       # the true second match's packs are not copied
    # Played on to the second match, the world deals it from its own seed.
    while world.match_no == 0:
        seat = r.choice((0, 1))
        legal = world.legal_actions(seat)
        world.apply(seat, legal[-1])
    assert world.deal["matches"][1] == shuffled_packs(world.seed, 1) != state.deal["matches"][1]


def test_both_seats_and_every_indistinguishable_state_give_the_same_world():
    state = greedy_game(5, lambda s: len(s.history) >= 30)
    other = state.resample(1, random.Random(99))
    assert other.deal != state.deal
    worlds = [s.resample(seat, random.Random(4)) for s in (state, other) for seat in (0, 1)]
    assert len({repr(w.snapshot()) + repr(w.seed) for w in worlds}) == 1


def test_a_state_not_reached_from_its_deal_cannot_be_resampled():
    state = GAME.new_state(seats=2, seed=2)
    state.apply(0, "turn")
    state.players[0].hand.pop()          # a card gone missing: no deal explains this table
    with pytest.raises(ResampleError):
        state.resample(0, random.Random(0))


def test_resample_refuses_a_seat_that_does_not_exist():
    state = GAME.new_state(seats=2, seed=2)
    with pytest.raises(ValueError):
        state.resample(2, random.Random(0))
