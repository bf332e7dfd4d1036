"""Time per call of each game's tensors and legal mask, against OpenSpiel hearts' information-state tensor.

Run:  .venv/bin/python bench/tensors.py [--seconds 2] [--json]

For each game (and OpenSpiel's hearts), positions are sampled along random
games, and each function is called on them in turn, pinned to one core.  The
machine's load drifts, so each Parlour function is timed in short turns
alternating with hearts' ``information_state_tensor`` (C++ called from
Python, returning a list of 5,088 floats), and
``ratio_vs_openspiel_hearts`` divides the one's total time per call by the
other's over the same turns: the goal is at most 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from functools import partial

from parlour.games import GAMES

#: the table each game is timed at (the largest that learning studies use most)
SEATS = {"football-whist": 4, "squadron-scramble": 4, "british-towns-asking": 4, "british-towns-sets": 2, "biggles": 2}
VARIANTS = {"squadron-scramble": {"max_rounds": 1}}
POSITIONS = 200


TURNS = 10


def _timed(calls: list, seconds: float) -> tuple[float, int]:
    """(seconds, calls made), cycling through ``calls`` (no-argument functions) for about ``seconds``."""
    done = 0
    start = time.perf_counter()
    while True:
        for call in calls:
            call()
        done += len(calls)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed, done


def _per_call(calls: list, seconds: float) -> float:
    """Microseconds per call over ``seconds``."""
    elapsed, done = _timed(calls, seconds)
    return round(elapsed / done * 1e6, 2)


def _against(calls: list, reference: list, seconds: float) -> tuple[float, float]:
    """Microseconds per call of ``calls`` and of ``reference``, timed in alternating turns."""
    mine = [0.0, 0]
    theirs = [0.0, 0]
    for _ in range(TURNS):
        for total, group in ((mine, calls), (theirs, reference)):
            elapsed, done = _timed(group, seconds / TURNS)
            total[0] += elapsed
            total[1] += done
    return round(mine[0] / mine[1] * 1e6, 2), round(theirs[0] / theirs[1] * 1e6, 2)


def parlour_positions(game_id: str, count: int = POSITIONS, seed: int = 0, *, seats: dict | None = None,
                      variants: dict | None = None) -> list[tuple]:
    """(state, seat to move) pairs sampled along random games (at this bench's tables, or at ``seats``)."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    out = []
    index = 0
    tables, rules = seats or SEATS, VARIANTS if variants is None else variants
    while len(out) < count:
        state = game.new_state(seats=tables[game_id], seed=index, variant=rules.get(game_id))
        index += 1
        while not state.is_over and len(out) < count:
            seat = rng.choice(sorted(state.to_move))
            if rng.random() < 0.2:
                out.append((state.clone(), seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


FUNCTIONS = ("information_state_tensor", "observation_tensor", "information_state_string", "legal_mask")


def bench_game(game_id: str, seconds: float, hearts: list | None) -> dict:
    """Figures of one game; with ``hearts`` (its calls) each function is timed against it, turn about."""
    positions = parlour_positions(game_id)
    state = positions[0][0]
    figures: dict = {
        "seats": SEATS[game_id],
        "observation_tensor_size": state.observation_tensor(0).size,
        "information_state_tensor_size": state.information_state_tensor(0).size,
        "action_space_size": len(state.game.action_space(SEATS[game_id])),
        "us_per_call": {},
        "hearts_us_per_call": {},
        "ratio_vs_openspiel_hearts": {} if hearts else None,
    }
    for name in FUNCTIONS:
        calls = [partial(getattr(s, name), seat) for s, seat in positions]
        if hearts is None:
            figures["us_per_call"][name] = _per_call(calls, seconds)
            continue
        mine, theirs = _against(calls, hearts, 2 * seconds)
        figures["us_per_call"][name] = mine
        figures["hearts_us_per_call"][name] = theirs
        figures["ratio_vs_openspiel_hearts"][name] = round(mine / theirs, 3)
    return figures


def hearts_calls(seed: int = 0) -> list | None:
    """Hearts' information_state_tensor at positions sampled along random games (None without OpenSpiel)."""
    positions = hearts_positions(POSITIONS, seed)
    return None if positions is None else [partial(s.information_state_tensor, p) for s, p in positions]


def hearts_positions(count: int = POSITIONS, seed: int = 0) -> list | None:
    """(state, player to move) pairs along random hearts games (None without OpenSpiel); bench/resample.py too."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(positions) < count:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if rng.random() < 0.2:
                positions.append((state.clone(), state.current_player()))
            state.apply_action(rng.choice(state.legal_actions()))
    return positions


def bench_hearts(seconds: float, seed: int = 0) -> dict | None:
    positions = hearts_positions(POSITIONS, seed)
    if positions is None:
        return None
    return {
        "information_state_tensor_size": positions[0][0].get_game().information_state_tensor_size(),
        "us_per_call": {
            name: _per_call([partial(getattr(s, name), p) for s, p in positions], seconds)
            for name in ("information_state_tensor", "information_state_string")
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="time per function and game, and as much again for hearts beside it (default 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object keyed by game id")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    hearts = bench_hearts(args.seconds)
    reference = hearts_calls()
    report: dict[str, dict] = {}
    for game_id in GAMES:
        report[game_id] = bench_game(game_id, args.seconds, reference)
    report["openspiel-hearts"] = hearts or {"error": "open-spiel is not installed (pip install -e '.[bench]')"}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    names = FUNCTIONS
    print(f"{'game':<22}" + "".join(f"{n.replace('information_state', 'info_state'):>28}" for n in names))
    for game_id, f in report.items():
        if "error" in f:
            print(f"{game_id:<22}{f['error']}")
            continue
        ratios = f.get("ratio_vs_openspiel_hearts") or {}
        cells = []
        for name in names:
            us = f["us_per_call"].get(name)
            cells.append("" if us is None else f"{us:.1f} us" + (f" ({ratios[name]:.2f}x)" if name in ratios else ""))
        print(f"{game_id:<22}" + "".join(f"{c:>28}" for c in cells))
    print("(x: microseconds per call / OpenSpiel hearts' information_state_tensor, timed in alternating turns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
