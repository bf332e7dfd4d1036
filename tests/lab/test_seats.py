"""Seat advantage from rows whose answer is known, and the interval it reports."""

import random

from parlour.games import get_game
from parlour.lab.intervals import deals_for, mean_interval, share_interval
from parlour.lab.seats import credits, headline_by_deal, seat_advantage


def row(deal, shift, winners, first=0):
    return {"deal": deal, "shift": shift, "first": first, "winners": winners, "ended": True, "decisions": 10,
            "rounds": None, "tricks": None, "decided_at": None, "lead_changes": 0}


def test_credits_share_a_win_and_a_draw():
    assert credits([1], 3) == [0.0, 1.0, 0.0]
    assert credits([0, 2], 4) == [0.5, 0.0, 0.5, 0.0]
    assert credits([0, 1, 2], 3) == [1 / 3] * 3


def test_positions_are_counted_from_the_first_player():
    game = get_game("british-towns-sets")
    # the first player (seat 0 on even deals, seat 1 on odd ones) wins three games of four
    rows = []
    for deal in range(40):
        first = deal % 2
        rows += [row(deal, 0, [first], first), row(deal, 1, [first if deal % 4 < 2 else 1 - first], first)]
    report = seat_advantage(game, 2, rows)
    assert report["by_position"][0]["share"] == 0.75
    assert report["headline"]["name"] == "first player" and report["headline"]["advantage"] == 0.25
    assert [r["share"] for r in report["by_seat"]] == [0.5, 0.5]          # by seat name there is nothing


def test_a_partnership_game_reports_the_first_players_partnership():
    game = get_game("football-whist")
    rows = [row(d, s, [0, 2] if (d + s) % 3 else [1, 3], first=1) for d in range(30) for s in range(4)]
    report = seat_advantage(game, 4, rows)
    side_b = [r for r in report["by_side"] if r["side"] == "B"][0]["share"]
    assert report["headline"]["name"] == "first player's partnership"
    assert report["headline"]["share"] == side_b
    by_deal = headline_by_deal(game, 4, rows)
    assert abs(sum(by_deal.values()) / len(by_deal) - side_b) < 1e-4
    assert 0.3 < side_b < 0.36                               # B wins when (deal + shift) % 3 == 0: a third


def test_the_share_interval_covers_a_known_share_about_95_times_in_100():
    rng = random.Random(5)
    covered = 0
    for _ in range(400):
        values = [float(rng.random() < 0.3) for _ in range(200)]
        low, high = share_interval(values)["ci95"]
        covered += low <= 0.3 <= high
    assert 0.92 <= covered / 400 <= 0.98


def test_differences_and_the_budget_for_a_target():
    assert mean_interval([1.0, 1.0, 1.0])["ci95"] == [1.0, 1.0]
    assert mean_interval([])["mean"] is None
    assert deals_for(0.02, 100, 0.01) == 400                  # half the width: four times the deals
