"""Simulations shared between processes give the report a single process gives, byte for byte."""

import json
import subprocess
import sys
from pathlib import Path

from parlour.games import get_game
from parlour.sim import simulate


def test_workers_change_nothing_but_the_time(tmp_path):
    one = simulate(get_game("biggles"), 30, 7, ["club", "newcomer"], variant={"matches": 1, "deciders": 0})
    two = simulate(get_game("biggles"), 30, 7, ["club", "newcomer"], variant={"matches": 1, "deciders": 0}, workers=2)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    serial = simulate(get_game("british-towns-sets"), 6, 3, ["random", "random"], records_dir=tmp_path / "a")
    shared = simulate(get_game("british-towns-sets"), 6, 3, ["random", "random"], records_dir=tmp_path / "b", workers=2)
    assert serial == shared
    for path in sorted((tmp_path / "a").iterdir()):
        assert path.read_text() == (tmp_path / "b" / path.name).read_text()


def test_twin_cores_benchmark_reports_both_runs():
    out = subprocess.run([sys.executable, str(Path(__file__).parent.parent / "bench" / "twin_cores.py"),
                          "--matches", "40", "--json"], check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    runs = report["runs"]
    assert runs[0]["workers"] == 1 and runs[0]["matches_per_s"] > 0
    assert len({r["report_digest"] for r in runs}) == 1
