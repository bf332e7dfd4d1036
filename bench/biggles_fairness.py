"""Contested cards over a network: who wins them when presses count on arrival, and when the referee judges them.

Run:  .venv/bin/python bench/biggles_fairness.py [--games 3000] [--level club] [--seed 0] [--json]

Two bots of the same level race whole games (two matches each) on the
network twin (``parlour.games.biggles.network``): one player 20 ms from the
server, the other 250 ms, each way's delay varying by up to ±25 ms, 2% of
messages lost and sent again, and clocks off by seconds.  The near player
sits at seat 0 in even games and seat 1 in odd ones, on the same deals in
every run.  Three runs: presses judged on arrival (a plain server), judged by
the referee (``parlour.games.biggles.fairness``), and judged by the referee
while the far player's client lies, taking ``--lie`` seconds off every press
it reports.  Each prints the near player's share of the contested cards with
its 95% interval, and what the referee counted (presses clamped, held, put
back by a rollback, moves overtaken, quota running short).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import replace

from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.network import Link, race
from parlour.games.biggles.rules import new_state

NEAR = Link(rtt=0.020, jitter=0.050, loss=0.02, offset=3.7)
FAR = Link(rtt=0.250, jitter=0.050, loss=0.02, offset=-12.0)


def run(games: int, level: str, seed: int, fair: bool, far: Link = FAR) -> dict:
    won = [0, 0]                 # near, far
    counts: dict[str, int] = {}
    started = time.perf_counter()
    for game in range(seed, seed + games):
        near_seat = game % 2
        links = [NEAR, far] if near_seat == 0 else [far, NEAR]
        bots = [ReflexBot(0, 2 * game, level), ReflexBot(1, 2 * game + 1, level)]
        tally = race(new_state(seed=game), bots, links, fair=fair, seed=game)
        won[0] += tally.won[near_seat]
        won[1] += tally.won[1 - near_seat]
        for key, value in tally.referee.items():
            counts[key] = counts.get(key, 0) + value
    contests = sum(won)
    share = won[0] / contests if contests else float("nan")
    half = 1.96 * math.sqrt(share * (1 - share) / contests) if contests else float("nan")
    return {"judged": "referee" if fair else "on arrival", "far_lies_s": far.lie, "games": games,
            "contests": contests, "near_share": round(share, 3),
            "ci95": [round(share - half, 3), round(share + half, 3)], "referee": counts,
            "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--level", default="club")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lie", type=float, default=0.2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [run(args.games, args.level, args.seed, fair=False),
            run(args.games, args.level, args.seed, fair=True),
            run(args.games, args.level, args.seed, fair=True, far=replace(FAR, lie=args.lie))]
    if args.json:
        json.dump({"near": NEAR.__dict__, "far": FAR.__dict__, "level": args.level, "runs": rows}, sys.stdout, indent=1)
        print()
        return 0
    print(f"{args.games} games of two '{args.level}' bots; near: {NEAR.rtt * 1000:.0f} ms, "
          f"far: {FAR.rtt * 1000:.0f} ms round trip, ±{FAR.jitter * 500:.0f} ms each way, {FAR.loss:.0%} lost")
    for row in rows:
        lie = f", far lies {row['far_lies_s']} s" if row["far_lies_s"] else ""
        print(f"  {row['judged']}{lie}: near player won {row['near_share']:.3f} of {row['contests']} contested cards "
              f"(95% {row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}); referee {row['referee']}; {row['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
