"""Whole British Towns games recorded once and replayed on every run."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.record import GameRecord
from parlour.games import replay

RECORDS = Path(__file__).parent.parent / "records"
EXPECTED = {
    "british-towns-asking-random-3p.json": (149, None, {"P1": 4, "P2": 1, "P3": 4}),
    "british-towns-asking-remembering-vs-random-4p.json": (58, "P1", {"P1": 4, "P2": 2, "P3": 3, "P4": 0}),
    "british-towns-sets-heuristic-3p.json": (98, "P2", {"P1": -2, "P2": 8, "P3": 0}),
    "british-towns-sets-heuristic-vs-random.json": (114, "P1", {"P1": 23, "P2": -7}),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_result(name):
    record = GameRecord.load(RECORDS / name)
    state = replay(record)
    actions, winner, figures = EXPECTED[name]
    result = state.result()
    assert state.is_over and len(state.history) == actions and result["winner"] == winner
    assert (result.get("regions") or result.get("scores")) == figures
    assert result == record.result
