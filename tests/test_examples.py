"""The learning example runs end to end (its short form) and its agent beats a random player from the same seat."""

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parent.parent / "examples" / "learn_football_whist.py"


def test_learning_example_quick_run_learns_something():
    out = subprocess.run([sys.executable, str(EXAMPLE), "--quick", "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    learned, uniform = report["learned"], report["uniform_random_player"]
    assert report["episodes"] == 1500 and learned["random"]["matches"] == 300
    for opponent in ("random", "heuristic"):
        low, high = learned[opponent]["win_rate_95"]
        assert low <= learned[opponent]["win_rate"] <= high
    # Trained for 1,500 matches, it already wins clearly more often against random bots than a random player does.
    assert learned["random"]["win_rate_95"][0] > uniform["random"]["win_rate_95"][1]
