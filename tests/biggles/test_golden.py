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
    result = state.result()
    # these records were written before a match's result kept the builds as they ended: all else is the same
    assert [{k: v for k, v in m.items() if k != "builds"} for m in result["matches"]] == record.result["matches"]
    assert {**result, "matches": None} == {**record.result, "matches": None}
    for match in result["matches"]:
        winner, loser = match["builds"][match["winner"]], match["builds"][1 - match["winner"]]
        assert winner[-1] == "BIG"                   # the winning card is in the build as it ended
        standing = [card for card in loser if not card.endswith("x")]
        assert match["scores"][1 - match["winner"]] == (int(standing[-1][1:]) if standing else 0)
    times = [entry[2] for entry in record.actions]
    assert times == sorted(times)               # the race, in the order it happened
