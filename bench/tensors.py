"""Time per call of each game's tensors and legal mask, against OpenSpiel hearts' information-state tensor,
and how that cost grows with the length of a game.

Run:  .venv/bin/python bench/tensors.py [--seconds 2] [--json] [--steps 1000,40000]

For each game (and OpenSpiel's hearts), positions are sampled along random
games, and each function is called on them in turn, pinned to one core.  The
machine's load drifts, so each Parlour function is timed in short turns
alternating with hearts' ``information_state_tensor`` (C++ called from
Python, returning a list of 5,088 floats), and
``ratio_vs_openspiel_hearts`` divides the one's total time per call by the
other's over the same turns: the goal is at most 2.

Then the cost a step: a seat's information-state tensor and legal mask
(the seat to move), at decision 1,000 and at decision 40,000 of one long game,
timed in alternating turns, and the ratio of the two: the goal is at most 2 in
every game (``cost_a_step`` in the JSON; the table says whether each game
meets it).  Bot games end long before 40,000 decisions, so each game is played
by a driver that keeps it going under its rules: random players in Squadron
Scramble at four seats (who never reach 250 points); in the asking game, asks
of a player who lacks the card (read from the true hands: a driver, not a
player); in the sets game, with the variant ``must_lay=false``, players who
never lay; in Biggles, players who only turn and pick up.  A Football Whist
match ends within 154 decisions, so there the two steps are the same point of
each half (the first card of its seventh trick): the second half must cost
what the first did, however much of the match is behind it.
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


# -- the cost a step -------------------------------------------------------------------------------------
#: the table, rules and driver of each game's long game (``long_game``)
LONG = {
    "football-whist": (4, {}, "random players (a match takes 112 to 154 decisions)"),
    "squadron-scramble": (4, {"target": 10000}, "random players, playing to 10,000 points"),
    "british-towns-asking": (4, {}, "asks of a player who lacks the card, read from the true hands"),
    "british-towns-sets": (2, {"must_lay": False}, "players who never lay (the variant must_lay=false)"),
    "biggles": (2, {}, "players who only turn and pick up"),
}
#: positions timed around each step (that step and the ones after it)
AROUND = 8


def _drive(game_id: str, state, rng: random.Random) -> tuple:
    """One decision of the long game's driver: (seat, action)."""
    seat = min(state.to_move) if game_id != "biggles" else rng.choice(sorted(state.to_move))
    legal = state.legal_actions(seat)
    if game_id == "british-towns-asking":
        hands = state.hands
        vain = [a for a in legal if state._decode[a][1] not in hands[state._decode[a][0]]]
        legal = vain or legal
    elif game_id == "british-towns-sets":
        legal = [a for a in legal if not a.startswith("lay") and a != "done"] or legal
    elif game_id == "biggles":
        legal = [a for a in legal if a in ("turn", "pickup")] or legal
    return seat, rng.choice(legal)


def long_game(game_id: str, steps: tuple[int, ...], seed: int = 0) -> dict[int, list]:
    """Step -> ``AROUND`` (state, seat to move) pairs from that decision on, along one long game of ``game_id``."""
    seats, variant, _ = LONG[game_id]
    game = GAMES[game_id]
    state = game.new_state(seats=seats, seed=seed, variant=variant)
    rng = random.Random(seed)
    out: dict[int, list] = {step: [] for step in steps}
    last = max(steps) + AROUND
    while not state.is_over and len(state.history) < last:
        for step in steps:
            if step <= len(state.history) < step + AROUND:
                out[step].append((state.clone(), min(state.to_move)))
        state.apply(*_drive(game_id, state, rng))
    return out


def same_point_of_each_half(game_id: str, seed: int = 0) -> tuple[int, int]:
    """The decisions of a Football Whist match (the long game's) that play the first card of each half's
    seventh trick: the same point of the first half and of the second."""
    game_id_seats, variant, _ = LONG[game_id]
    state = GAMES[game_id].new_state(seats=game_id_seats, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(*_drive(game_id, state, rng))
    plays = [i for i, (_, action) in enumerate(state.history) if action.startswith("play")]
    return plays[24], plays[44 + 24]


def cost_a_step(game_id: str, steps: tuple[int, int], seconds: float) -> dict:
    """A seat's information-state tensor and legal mask at the two steps of one long game, timed in turns."""
    if GAMES[game_id].max_decisions is not None:
        steps = same_point_of_each_half(game_id)
    positions = long_game(game_id, steps)
    early, late = steps
    if len(positions[late]) < AROUND:
        return {"early_step": early, "late_step": late, "error": f"the long game ended before decision {late}"}

    def calls(at: list) -> list:
        return [f for state, seat in at for f in (partial(state.information_state_tensor, seat),
                                                   partial(state.legal_mask, seat))]

    for state, seat in positions[early] + positions[late]:       # first calls read what a view keeps
        state.information_state_tensor(seat)
        state.legal_mask(seat)
    us_early, us_late = _against(calls(positions[early]), calls(positions[late]), 2 * seconds)
    ratio = round(us_late / us_early, 3)
    return {"driver": LONG[game_id][2], "seats": LONG[game_id][0], "variant": LONG[game_id][1],
            "early_step": early, "late_step": late,
            # per call of tensor and mask together (two calls): the time of one step's pair
            "early_us": round(2 * us_early, 2), "late_us": round(2 * us_late, 2),
            "ratio": ratio, "goal_met": ratio <= 2.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="time per function and game, and as much again for hearts beside it (default 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object keyed by game id")
    parser.add_argument("--steps", default="1000,40000",
                        help="the two decisions of a long game at which a step's cost is compared (default 1000,40000)")
    args = parser.parse_args(argv)
    early, late = (int(x) for x in args.steps.split(","))
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    hearts = bench_hearts(args.seconds)
    reference = hearts_calls()
    report: dict[str, dict] = {}
    for game_id in GAMES:
        report[game_id] = bench_game(game_id, args.seconds, reference)
        report[game_id]["cost_a_step"] = cost_a_step(game_id, (early, late), args.seconds)
    report["openspiel-hearts"] = hearts or {"error": "open-spiel is not installed (pip install -e '.[bench]')"}
    flat = all(report[g]["cost_a_step"].get("goal_met", False) for g in GAMES)
    report["flat_cost_goal_met"] = flat
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    names = FUNCTIONS
    print(f"{'game':<22}" + "".join(f"{n.replace('information_state', 'info_state'):>28}" for n in names))
    for game_id, f in report.items():
        if not isinstance(f, dict):
            continue
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
    print()
    print("The cost a step: a seat's information_state_tensor and legal_mask, early and late in one long game")
    print(f"{'game':<22}{'early':>20}{'late':>22}{'ratio':>8}  goal (at most 2x)  driver")
    for game_id in GAMES:
        c = report[game_id]["cost_a_step"]
        if "error" in c:
            print(f"{game_id:<22}{c['error']}")
            continue
        print(f"{game_id:<22}{c['early_us']:>9.1f} us @ {c['early_step']:<6}{c['late_us']:>10.1f} us @ "
              f"{c['late_step']:<6}{c['ratio']:>7.2f}x  {'met' if c['goal_met'] else 'NOT MET':<17}  {c['driver']}")
    print("flat cost a step in every game:", "yes" if flat else "NO")
    return 0


if __name__ == "__main__":
    sys.exit(main())
