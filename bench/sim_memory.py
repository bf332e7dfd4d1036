"""The simulator's parent process stays flat in memory however many games it plays.

Run:  .venv/bin/python bench/sim_memory.py [--games 10000 100000 1000000] [--workers 2] [--out] [--json]

For each number of games it runs ``parlour simulate football-whist --bots
random --games N --workers W --json`` (the command itself, in a fresh
process of its own) and reports that process's peak resident memory (its
high-water mark, ``ru_maxrss``: the parent alone, not its workers) and its
memory at the end.  The runs pass when every peak is within 10% of the
first.  ``--out`` keeps every game in a run folder as well (Parquet chunks,
in a temporary folder removed afterwards).  The figures for 1,000,000 games
take some minutes of every core.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def child(games: int, workers: int, out: str | None) -> dict:
    """In this process: the command, as a person runs it, then this process's own memory."""
    from parlour.cli import app

    args = ["simulate", "football-whist", "--bots", "random", "--games", str(games), "--seed", "1",
            "--workers", str(workers), "--json"] + (["--out", out] if out else [])
    printed = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(printed):
        app(args, standalone_mode=False)
    seconds = time.perf_counter() - start
    report = json.loads(printed.getvalue())
    status = Path("/proc/self/status").read_text()
    rss_kib = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
    return {"games": games, "workers": workers, "seconds": round(seconds, 1),
            "games_per_s": round(games / seconds, 1), "games_in_report": report["games"],
            "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "final_rss_mib": round(rss_kib / 1024, 1)}


def measure(games: int, workers: int, out: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="parlour-sim-memory-") as folder:
        command = [sys.executable, __file__, "--child", str(games), "--workers", str(workers)]
        if out:
            command += ["--folder", os.path.join(folder, "run")]
        done = subprocess.run(command, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", action="store_true", help="keep every game in a (temporary) run folder too")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(child(args.child, args.workers, args.folder)))
        return 0
    runs = [measure(games, args.workers, args.out) for games in args.games]
    first = runs[0]["peak_rss_mib"]
    report = {"game": "football-whist", "bots": "random", "workers": args.workers, "out": args.out,
              "runs": runs, "within_10_percent_of_first": all(r["peak_rss_mib"] <= 1.1 * first for r in runs)}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for r in runs:
        print(f"{r['games']:>10,} games: parent peak {r['peak_rss_mib']:6.1f} MiB, at the end "
              f"{r['final_rss_mib']:6.1f} MiB ({r['seconds']} s, {r['games_per_s']:,.0f} games/s)")
    print("every peak within 10% of the first:", report["within_10_percent_of_first"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
