"""The referee of races over a network (parlour.games.biggles.fairness) and the network twin that measures it."""

from __future__ import annotations

import random

import pytest

from parlour.games.biggles import fairness
from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.fairness import Press, Referee, contested
from parlour.games.biggles.network import Link, race
from parlour.games.biggles.rules import new_state
from tests.biggles.conftest import Clock


def contest():
    """A seeded game driven until each seat has a card move the other's would exclude: (state, {seat: move})."""
    state, rng = new_state(seed=1), random.Random(1)
    while True:
        moves = {s: a for s in (0, 1) for a in state.legal_actions(s) if contested(state, s, a)}
        if len(moves) == 2:
            return state, moves
        seat = rng.randrange(2)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1] if rng.random() < 0.3 else legal[0])


def referee(state, rtt=(0.02, 0.25), **options) -> Referee:
    judge = Referee(state.clone(), **options)
    for seat, trip in enumerate(rtt):
        judge.measured(seat, trip)
    return judge


def test_the_fixture_is_a_real_contest():
    state, moves = contest()
    assert moves == {0: "play 3", 1: "stop 2"}
    first = state.clone()
    first.apply(0, moves[0])
    assert moves[1] not in first.legal_actions(1)          # the play leaves the stopper nothing to stop
    assert not contested(state, 0, "turn")                  # turning touches only one's own pack


def test_a_press_nobody_contests_is_applied_at_once_and_keeps_its_compensated_time():
    state, _ = contest()
    judge = referee(state)
    outcome = judge.submit(Press(1, "turn", arrival=10.0, shown=9.7, reaction=0.2, pressed=9.88))
    assert [e.action for e in outcome.applied] == ["turn"] and judge.next_time() is None
    # half the table's way down (9.88 - 9.9 < 0: bounded to the press) is credited: the press counts before it came
    assert judge.state.times[-1] < 10.0 and judge.state.history[-1] == (1, "turn")


def test_on_arrival_the_nearer_press_wins_however_late_it_was_made():
    state, moves = contest()
    judge = referee(state, fair=False)
    judge.submit(Press(0, moves[0], arrival=10.00, shown=9.90, reaction=0.09, pressed=9.99))
    outcome = judge.submit(Press(1, moves[1], arrival=10.05, shown=9.60, reaction=0.20, pressed=9.93))
    assert outcome.refused and outcome.refused[0][0].seat == 1
    assert judge.state.history[-1] == (0, moves[0])


def test_a_contested_press_waits_and_the_earlier_claim_wins():
    state, moves = contest()
    judge = referee(state)
    near = judge.submit(Press(0, moves[0], arrival=10.00, shown=9.90, reaction=0.09, pressed=9.99))
    assert not near.applied and judge.next_time() == pytest.approx(10.0 + fairness.WINDOW)
    # the far player pressed first (9.88, having seen the table at 9.80): his press, arriving later, comes first
    far = judge.submit(Press(1, moves[1], arrival=10.01, shown=9.675, reaction=0.10, pressed=9.88))
    assert [e.seat for e in far.applied] == [1]
    later = judge.release(10.0 + fairness.WINDOW)
    assert [e.seat for e, _ in later.refused] == [0] and "stop" not in later.refused[0][1]
    assert judge.state.history[-1] == (1, moves[1]) and judge.counts["held"] == 1
    # going before a press that came sooner is paid for: the far player's compensation, 10.01 less his claim
    assert judge.quota[1] == pytest.approx(fairness.QUOTA - (10.01 - far.applied[0].time))
    assert judge.quota[0] == fairness.QUOTA


def test_overtaking_a_held_press_draws_on_the_quota_and_short_of_it_the_press_waits_its_turn():
    state, moves = contest()
    judge = referee(state)
    judge.submit(Press(0, moves[0], arrival=10.00, shown=9.90, reaction=0.09, pressed=9.99))
    judge.quota[1] = 0.005                                  # all but spent: the press counts from about 10.0025
    far = judge.submit(Press(1, moves[1], arrival=10.01, shown=9.675, reaction=0.10, pressed=9.88))
    assert judge.counts["quota_short"] == 1
    # the nearer press, made later but now the earlier claim, is judged first, and the far one is too late
    assert [e.seat for e in far.applied] == [0] and [e.seat for e, _ in far.refused] == [1]
    assert judge.state.history[-1] == (0, moves[0])
    assert judge.quota[1] == pytest.approx(0.005 + 0.01 * fairness.REFILL)   # nothing was drawn


def test_a_later_earlier_claim_is_put_back_in_its_place_and_undoes_the_move_it_overtook():
    state, moves = contest()
    judge = referee(state)
    held = judge.state
    judge.submit(Press(0, moves[0], arrival=10.00, shown=9.90, reaction=0.09, pressed=9.99))
    judge.release(10.15)                                     # nothing came in the window: the play stands
    assert judge.state.history[-1] == (0, moves[0])
    # pressed at 10.03, having seen the table at 9.90: it counts from 9.965, before the play's 9.99
    outcome = judge.submit(Press(1, moves[1], arrival=10.16, shown=9.80, reaction=0.10, pressed=10.03))
    assert [e.seat for e in outcome.overtaken] == [0] and [e.seat for e in outcome.applied] == [1]
    assert judge.state.history[-1] == (1, moves[1]) and (0, moves[0]) not in judge.state.history[-3:]
    assert judge.counts["rolled_back"] == 1 and judge.quota[1] < fairness.QUOTA
    assert judge.state is held                               # rewritten in place: whoever holds it sees the change


def test_claims_beyond_the_measured_round_trip_are_clamped_and_counted():
    state, _ = contest()
    judge = referee(state)
    honest = judge.claimed(Press(1, "turn", arrival=10.0, shown=9.65, reaction=0.10, pressed=9.875))
    liar = judge.claimed(Press(1, "turn", arrival=10.0, shown=9.65, reaction=-0.40, pressed=9.0))
    assert judge.counts["clamped"] == 2                     # the liar's press time, and his reaction
    # however much he claims, a press counts no earlier than his round trip allows: a few ms before the honest one
    assert liar == pytest.approx(10.0 - judge.allowed(1)) and 0 < honest - liar < 0.02


def test_rollbacks_draw_on_a_quota_that_refills_slowly():
    state, moves = contest()
    judge = referee(state, rtt=(0.02, 0.6))
    judge.submit(Press(0, moves[0], arrival=10.00, shown=9.90, reaction=0.09, pressed=9.99))
    judge.release(10.2)
    judge.quota[1] = 0.05                                    # spent: 0.4 s later it has 0.15 s back
    # a claim of 9.95, 0.45 s back, but only 0.15 s in hand: the press counts from 10.25, too late
    outcome = judge.submit(Press(1, moves[1], arrival=10.40, shown=9.50, reaction=0.30, pressed=10.10))
    assert judge.counts["quota_short"] == 1 and not outcome.overtaken
    assert judge.state.history[-1] == (0, moves[0])


@pytest.mark.parametrize("fair", [False, True])
def test_the_twin_over_a_network_is_reproducible(fair):
    links = [Link(rtt=0.02, jitter=0.05, loss=0.02), Link(rtt=0.25, jitter=0.05, loss=0.02, offset=-3.0)]

    def once():
        state = new_state(seed=4)
        tally = race(state, [ReflexBot(0, 8, "club"), ReflexBot(1, 9, "club")], links, fair=fair, seed=4)
        return tally, state.history, state.times

    assert once() == once()


def test_the_referee_evens_the_contested_cards_that_arrival_order_gives_the_near_player():
    """A small run of bench/biggles_fairness.py (its full figures are in docs/simulation.md)."""
    from importlib import util
    from pathlib import Path

    spec = util.spec_from_file_location("biggles_fairness", Path(__file__).parents[2] / "bench/biggles_fairness.py")
    bench = util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    arrival = bench.run(300, "club", 0, fair=False)
    judged = bench.run(300, "club", 0, fair=True)
    assert arrival["contests"] > 200 and judged["contests"] > 200
    assert arrival["ci95"][0] > 0.55                       # the near player wins most on arrival
    assert judged["ci95"][0] < 0.5 < judged["ci95"][1]     # and half under the referee


def test_a_live_race_judges_two_people_by_their_claims_and_tells_the_later_one():
    """The live session (parlour.games.biggles.session) with the referee: the nearer player's press comes first
    but was made later; it waits, the other's arrives with an earlier claim and stands, and the nearer player
    hears why his did not."""
    from parlour.games.biggles.session import Claim, LiveGame

    state, moves = contest()
    clock = Clock()
    live = LiveGame(state, {}, clock=clock, count=0.0)       # a race in the middle of a match: Go at once
    live.measured(0, 0.02)
    live.measured(1, 0.25)
    clock.now = 10.0
    assert live.act(0, moves[0], Claim(9.90, 0.09, 9.99)) is None          # held a moment: no answer yet
    assert state.history[-1] != (0, moves[0]) and live.next_time() is not None
    clock.now = 10.01
    assert live.act(1, moves[1], Claim(9.675, 0.10, 9.88)) is None         # earlier: it stands at once
    assert state.history[-1] == (1, moves[1])
    clock.now = 10.2
    live.tick()
    assert [seat for seat, _ in live.notes] == [0] and "build" in live.notes[0][1].lower()
    assert state.history[-1] == (1, moves[1]) and state.times[-1] < 10.0    # the record keeps the claimed time


def test_without_claims_a_live_race_goes_by_arrival_as_before():
    from parlour.games.biggles.session import LiveGame

    state, moves = contest()
    clock = Clock()
    live = LiveGame(state, {}, clock=clock, count=0.0)
    clock.now = 10.0
    assert live.act(0, moves[0]) is None and state.history[-1] == (0, moves[0])   # not held: nothing claimed
    clock.now = 10.01
    assert live.act(1, moves[1])                                                   # refused, with the reason
