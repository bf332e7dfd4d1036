"""Whole Biggles games raced by the twin, recorded with their times, replayed on every run."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.record import GameRecord
from parlour.games import replay

RECORDS = Path(__file__).parent.parent / "records"
EXPECTED = {
    "biggles-practised-vs-club.json": (304, "P1", {"P1": 16, "P2": 10}),
    "biggles-newcomer-vs-casual-no-cascade.json": (433, "P2", {"P1": 9, "P2": 16}),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_result(name):
    record = GameRecord.load(RECORDS / name)
    state = replay(record)
    actions, winner, points = EXPECTED[name]
    assert state.is_over and len(state.history) == actions
    assert state.result()["winner"] == winner and state.result()["points"] == points
    assert state.result() == record.result
    times = [entry[2] for entry in record.actions]
    assert times == sorted(times)               # the race, in the order it happened
