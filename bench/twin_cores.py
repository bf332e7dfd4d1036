"""Biggles single matches a second on the twin, on one core and on every core.

Run:  .venv/bin/python bench/twin_cores.py [--matches 20000] [--json]

It goes through ``parlour.sim.simulate`` (what ``parlour simulate biggles
--workers N`` runs), two 'club' bots, one match a game, no decider.  The
figures include starting the worker processes, so they are what a researcher
gets from the command; the report is the same for every number of workers.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time

from parlour.games import get_game
from parlour.sim import simulate

ONE_MATCH = {"matches": 1, "deciders": 0}


def run(matches: int, workers: int) -> dict:
    start = time.perf_counter()
    report = simulate(get_game("biggles"), matches, 1, ["club", "club"], variant=ONE_MATCH, workers=workers)
    elapsed = time.perf_counter() - start
    digest = hashlib.sha256(json.dumps(report, sort_keys=True).encode()).hexdigest()[:16]
    return {"workers": workers, "matches": matches, "seconds": round(elapsed, 2),
            "matches_per_s": round(matches / elapsed, 1), "report_digest": digest}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    rows = [run(args.matches, 1)] + ([run(args.matches, cores)] if cores > 1 else [])
    if args.json:
        print(json.dumps({"cores": cores, "runs": rows}, indent=1))
    else:
        for r in rows:
            print(f"{r['workers']} worker(s): {r['matches_per_s']:>8.1f} single matches/s "
                  f"({r['matches']} in {r['seconds']} s, report {r['report_digest']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
