"""Time per call of each game's ``resample`` (a world for a seat), against OpenSpiel hearts' resampler.

Run:  .venv/bin/python bench/resample.py [--seconds 2] [--positions 200] [--json]

For each game, positions are sampled along random games (the seat to move
keeps its view), and ``state.resample(seat, rng)`` is timed call by call,
pinned to one core: the median and the 99th percentile of the calls.  The
machine's load drifts, so the calls are made in short turns alternating with
OpenSpiel hearts' ``resample_from_infostate`` (C++ driven from Python, with a
``UniformProbabilitySampler``) on hearts positions from random play, and
``ratio_vs_openspiel_hearts`` divides the one's median (99th percentile) by
the other's over the same turns.  The goal (issue 11): at most 3 at the
median and 10 at the 99th percentile.

A search bot draws hundreds of worlds from one position, and a resampler may
build tables for a position on its first call, so each position is resampled
once before timing; those first calls are reported apart (``first_call``).
Garbage collection is off while a turn is timed, as in ``timeit``.

The sets game works a world's deal record (the order of the pack and of each
reshuffle) out only when it is first read, since a search never reads it:
the row ``british-towns-sets+deal`` times a world with its deal read as well,
for comparison (what a caller who records every world pays).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import time

import tensors  # bench/ is on the path of a script run from it
from tensors import hearts_positions

#: the table each game is timed at
SEATS = {"football-whist": 4, "squadron-scramble": 4, "british-towns-asking": 4, "british-towns-sets": 3, "biggles": 2}
#: random players seldom finish a Squadron Scramble game: two rounds, so that finished rounds are in play
VARIANTS = {"squadron-scramble": {"max_rounds": 2}}
POSITIONS = 200
TURNS = 10
TARGETS = {"median": 3.0, "p99": 10.0}
#: extra rows: name -> (game, what is read from each world)
EXTRA = {"british-towns-sets+deal": ("british-towns-sets", "deal")}


def parlour_positions(game_id: str, count: int = POSITIONS, seed: int = 0) -> list[tuple]:
    """(state, seat to move) pairs sampled along random games at this bench's tables."""
    return tensors.parlour_positions(game_id, count, seed, seats=SEATS, variants=VARIANTS)


def parlour_calls(positions: list[tuple], seed: int = 1, read: str | None = None) -> list:
    rng = random.Random(seed)
    if read is not None:
        return [lambda s=state, p=seat: getattr(s.resample(p, rng), read) for state, seat in positions]
    return [lambda s=state, p=seat: s.resample(p, rng) for state, seat in positions]


def hearts_calls(positions: list[tuple]) -> list:
    import pyspiel

    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    return [lambda s=state, p=player: s.resample_from_infostate(p, sampler) for state, player in positions]


class Rotation:
    """Calls a list of functions in turn, each call timed on its own, carrying on where the last turn stopped."""

    def __init__(self, calls: list):
        self.calls = calls
        self.next = 0
        self.times: list[float] = []

    def turn(self, seconds: float) -> None:
        clock = time.perf_counter
        calls, times = self.calls, self.times
        end = clock() + seconds
        gc.collect()
        gc.disable()
        try:
            while True:
                call = calls[self.next]
                self.next = (self.next + 1) % len(calls)
                start = clock()
                call()
                stop = clock()
                times.append(stop - start)
                if stop >= end:
                    return
        finally:
            gc.enable()


def _figures(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "calls": len(ordered),
        "us_median": round(ordered[len(ordered) // 2] * 1e6, 2),
        "us_p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e6, 2),
    }


def first_calls(calls: list) -> dict[str, float]:
    """Each position's first resample (untimed elsewhere): what a resampler pays to set up a position."""
    times = []
    gc.disable()
    try:
        for call in calls:
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
    finally:
        gc.enable()
    return _figures(times)


def bench_game(game_id: str, seconds: float, positions: int, hearts: list | None, read: str | None = None) -> dict:
    """One game's figures, timed turn about with ``hearts`` (its calls) when OpenSpiel is there."""
    calls = parlour_calls(parlour_positions(game_id, positions), read=read)
    figures: dict = {"seats": SEATS[game_id], "positions": len(calls), "first_call": first_calls(calls)}
    mine = Rotation(calls)
    theirs = Rotation(hearts) if hearts else None
    for _ in range(TURNS):
        mine.turn(seconds / TURNS)
        if theirs:
            theirs.turn(seconds / TURNS)
    figures.update(_figures(mine.times))
    if theirs:
        figures["hearts"] = _figures(theirs.times)
        figures["ratio_vs_openspiel_hearts"] = {
            "median": round(figures["us_median"] / figures["hearts"]["us_median"], 3),
            "p99": round(figures["us_p99"] / figures["hearts"]["us_p99"], 3),
        }
    else:
        figures["hearts"] = figures["ratio_vs_openspiel_hearts"] = None
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="timed calls per game, and as much again for hearts beside it (default 2)")
    parser.add_argument("--positions", type=int, default=POSITIONS,
                        help=f"positions per game, sampled along random games (default {POSITIONS})")
    parser.add_argument("--json", action="store_true", help="print one JSON object keyed by game id")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    positions = hearts_positions(args.positions)
    hearts = None
    if positions is not None:
        hearts = hearts_calls(positions)
        first_calls(hearts)                      # the same warm-up as Parlour's positions get
    report: dict[str, dict] = {}
    for game_id in SEATS:
        report[game_id] = bench_game(game_id, args.seconds, args.positions, hearts)
    for name, (game_id, read) in EXTRA.items():
        report[name] = bench_game(game_id, args.seconds, args.positions, hearts, read)
    report["openspiel-hearts"] = (
        {"positions": len(positions), "note": "timed beside each game: see each game's 'hearts'"}
        if positions is not None else {"error": "open-spiel is not installed (pip install -e '.[bench]')"}
    )
    report["targets"] = dict(TARGETS)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{'game':<26}{'median':>12}{'p99':>12}{'hearts median':>16}{'hearts p99':>12}"
          f"{'x median':>10}{'x p99':>10}{'first call p99':>16}")
    for game_id in [*SEATS, *EXTRA]:
        f = report[game_id]
        h = f["hearts"] or {}
        r = f["ratio_vs_openspiel_hearts"] or {}
        print(f"{game_id:<26}{f['us_median']:>9.1f} us{f['us_p99']:>9.1f} us"
              f"{h.get('us_median', float('nan')):>13.1f} us{h.get('us_p99', float('nan')):>9.1f} us"
              f"{r.get('median', float('nan')):>9.2f}x{r.get('p99', float('nan')):>9.2f}x"
              f"{f['first_call']['us_p99']:>13.1f} us")
    if "error" in report["openspiel-hearts"]:
        print(report["openspiel-hearts"]["error"])
    print(f"(x: per-call time / OpenSpiel hearts' resample_from_infostate in alternating turns; "
          f"targets {TARGETS['median']:g}x median, {TARGETS['p99']:g}x p99)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
