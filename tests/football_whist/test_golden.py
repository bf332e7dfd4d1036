"""Whole matches recorded once and replayed on every run: any rule change shows here."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.record import GameRecord
from parlour.games import replay

RECORDS = Path(__file__).parent.parent / "records"
EXPECTED = {
    "football-whist-heuristic-vs-random.json": ({"A": 6, "B": 0}, "A", 126),
    "football-whist-heuristic.json": ({"A": 3, "B": 1}, "A", 122),
    "football-whist-variants-random.json": ({"A": 0, "B": 0}, None, 116),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_result(name):
    record = GameRecord.load(RECORDS / name)
    state = replay(record)
    goals, winner, actions = EXPECTED[name]
    assert state.is_over and len(state.history) == actions
    assert state.result()["goals"] == goals and state.result()["winner"] == winner
    assert state.result() == record.result


def test_hand_written_record_replays():
    record = GameRecord.load(RECORDS / "football-whist-hand-written.json")
    state = replay(record)
    assert state.history == [tuple(a) for a in record.actions]
