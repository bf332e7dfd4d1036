"""Whole Squadron Scramble games recorded once and replayed on every run."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.record import GameRecord
from parlour.games import replay

RECORDS = Path(__file__).parent.parent / "records"
EXPECTED = {
    # rules version 2 (swaps only into another player's sets); the others are of version 1, replayed with swap_own
    "squadron-scramble-casual-vs-heuristic-3p.json": ({"P1": 280, "P2": -10, "P3": 165}, "P1", 5, 341),
    "squadron-scramble-heuristic-4p.json": ({"P1": 10, "P2": 190, "P3": 125, "P4": 335}, "P4", 10, 700),
    "squadron-scramble-heuristic-vs-random.json": ({"P1": 295, "P2": -590}, "P1", 4, 234),
    "squadron-scramble-variants-random-3p.json": ({"P1": 75, "P2": -125, "P3": 5}, "P1", 2, 367),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_result(name):
    record = GameRecord.load(RECORDS / name)
    state = replay(record)
    totals, winner, rounds, actions = EXPECTED[name]
    result = state.result()
    assert state.is_over and len(state.history) == actions
    assert result["totals"] == totals and result["winner"] == winner and result["rounds"] == rounds
    assert result == record.result
