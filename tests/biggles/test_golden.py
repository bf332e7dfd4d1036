"""Whole Biggles games raced by the twin, recorded with their times, replayed on every run."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.engine.record import GameRecord
from parlour.games import replay

RECORDS = Path(__file__).parent.parent / "records"
EXPECTED = {
    "biggles-practised-vs-club.json": (304, "P1", {"P1": 16, "P2": 10}),
    # (raced again at round 14's paces, which made the newcomer and casual levels slower: 433 actions, P2 16-9 before)
    "biggles-newcomer-vs-casual-no-cascade.json": (303, "P2", {"P1": 8, "P2": 16}),
}


def as_recorded(result: dict, recorded: dict) -> dict:
    """``result`` as a record of its time wrote it: a record written before a match's result kept the builds as they
    ended (the practised-vs-club one: an old record loads as it was written) is compared without them."""
    if all("builds" in match for match in recorded["matches"]):
        return result
    return {**result, "matches": [{k: v for k, v in m.items() if k != "builds"} for m in result["matches"]]}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_result(name):
    record = GameRecord.load(RECORDS / name)
    state = replay(record)
    actions, winner, points = EXPECTED[name]
    assert state.is_over and len(state.history) == actions
    assert state.result()["winner"] == winner and state.result()["points"] == points
    result = state.result()
    assert as_recorded(result, record.result) == record.result
    for match in result["matches"]:
        winner, loser = match["builds"][match["winner"]], match["builds"][1 - match["winner"]]
        assert winner[-1] == "BIG"                   # the winning card is in the build as it ended
        standing = [card for card in loser if not card.endswith("x")]
        assert match["scores"][1 - match["winner"]] == (int(standing[-1][1:]) if standing else 0)
    times = [entry[2] for entry in record.actions]
    assert times == sorted(times)               # the race, in the order it happened
