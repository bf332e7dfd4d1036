"""Time per ``clone()`` of each game's state, against OpenSpiel hearts' ``clone()``.

Run:  .venv/bin/python bench/clone.py [--seconds 2] [--json]

Positions are sampled along random games (as in ``bench/tensors.py``), pinned
to one core.  The machine's load drifts, so each game is timed in alternation
with hearts (C++ called from Python): a short burst of clones of one of the
game's positions, then a burst of clones of one of hearts' positions, again
and again for ``--seconds``.  Each burst gives a time per call; the figures
are the medians over the bursts, and ``ratio_vs_openspiel_hearts`` divides the
game's median by hearts' median over the same turns: the goal is at most 3.
Each game's figures say which form of the rules ran (``"rules"``: see
``bench/playouts.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

from tensors import SEATS, hearts_positions, parlour_positions

from parlour.compiled import running
from parlour.games import GAMES

#: clones per burst: long enough to dwarf the timer, short enough to follow the machine's drift
BURST = 20


def _burst(clone) -> float:
    """Microseconds per call of ``clone`` (a bound method), over one burst."""
    start = time.perf_counter()
    for _ in range(BURST):
        clone()
    return (time.perf_counter() - start) / BURST * 1e6


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


def bench_game(game_id: str, seconds: float, hearts: list | None) -> dict:
    """One game's clone times; with ``hearts`` (bound ``clone`` methods) timed burst about with them."""
    clones = [state.clone for state, _ in parlour_positions(game_id)]
    mine: list[float] = []
    theirs: list[float] = []
    start = time.perf_counter()
    i = 0
    while time.perf_counter() - start < seconds or not mine:
        mine.append(_burst(clones[i % len(clones)]))
        if hearts is not None:
            theirs.append(_burst(hearts[i % len(hearts)]))
        i += 1
    figures: dict = {"seats": SEATS[game_id], "bursts": len(mine), "us_per_call": _median(mine),
                     "us_per_call_mean": round(statistics.fmean(mine), 3)}
    if hearts is not None:
        figures["hearts_us_per_call"] = _median(theirs)
        figures["ratio_vs_openspiel_hearts"] = round(statistics.median(mine) / statistics.median(theirs), 3)
    else:
        figures["ratio_vs_openspiel_hearts"] = None
    return figures


def hearts_clones(seed: int = 0) -> list | None:
    """Hearts' bound ``clone`` methods at positions sampled along random games (None without OpenSpiel)."""
    positions = hearts_positions(seed=seed)
    return None if positions is None else [state.clone for state, _ in positions]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="time per game, hearts' bursts included (default 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object keyed by game id")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), metavar="ID",
                        help="time only this game (may be given again; default: every game)")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    hearts = hearts_clones()
    report: dict[str, dict] = {}
    for game_id in args.game or GAMES:
        report[game_id] = bench_game(game_id, args.seconds, hearts)
        report[game_id]["rules"] = running()
    if hearts is None:
        report["openspiel-hearts"] = {"error": "open-spiel is not installed (pip install -e '.[bench]')"}
    else:
        hearts_alone = [_burst(hearts[i % len(hearts)]) for i in range(len(hearts))]
        report["openspiel-hearts"] = {"bursts": len(hearts_alone), "us_per_call": _median(hearts_alone)}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"rules: {running()}")
    print(f"{'game':<22}{'seats':>6}{'us/clone':>10}{'hearts us':>11}{'ratio':>8}")
    for game_id, f in report.items():
        if "error" in f:
            print(f"{game_id:<22}{f['error']}")
            continue
        ratio = f.get("ratio_vs_openspiel_hearts")
        print(f"{game_id:<22}{f.get('seats', ''):>6}{f['us_per_call']:>10.2f}"
              f"{f.get('hearts_us_per_call', ''):>11}{'' if ratio is None else format(ratio, '.2f'):>8}")
    print(f"(median microseconds per clone() over bursts of {BURST}, a game's bursts alternating with hearts';"
          " ratio: game / hearts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
