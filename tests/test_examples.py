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


CLONE = Path(__file__).parent.parent / "examples" / "clone_football_whist.py"
BASELINES = Path(__file__).parent.parent / "bench" / "baselines.py"


def test_cloning_example_quick_run_learns_from_the_simulators_dataset_and_is_judged_in_the_arena(tmp_path):
    """The short form end to end: the expert's games made by ``parlour simulate --dataset``, a policy learnt from
    them, judged against the heuristic in the duplicate arena; its saved weights then sit in the baselines table."""
    weights = tmp_path / "cloned.npz"
    out = subprocess.run([sys.executable, str(CLONE), "--quick", "--json", "--data", str(tmp_path / "data"),
                          "--save", str(weights)], check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    assert report["teacher"] == "expert:30" and report["teacher_games"] == 8 and report["decisions"] > 200
    assert 0 < report["agreement_with_teacher"] <= 1
    arena = report["arena"]
    assert arena["deals"] == 40 and arena["games"] == 80 and arena["won"] + arena["lost"] + arena["split"] == 80
    low, high = arena["ci95"]
    assert low <= arena["score"] <= high
    cloned = report["cloned_against_heuristic"]
    assert (cloned["won"], cloned["lost"]) == (arena["won"], arena["lost"])
    assert cloned["wilson_95"][0] <= cloned["share"] <= cloned["wilson_95"][1]
    assert (tmp_path / "data" / "expert-as-A" / "dataset.json").exists() and weights.exists()

    out = subprocess.run([sys.executable, str(BASELINES), "--game", "football-whist", "--deals", "1",
                          "--iterations", "2", "--learned", str(weights), "--workers", "1", "--json"],
                         check=True, capture_output=True, text=True).stdout
    table = json.loads(out)
    fw = table["reports"]["football-whist"]
    assert fw["bots"] == ["random", "heuristic", "pimc:2", "expert:2", "cloned"] and len(fw["pairs"]) == 10
    assert table["made"]["games"]["football-whist"]["rules_version"] == "2"
