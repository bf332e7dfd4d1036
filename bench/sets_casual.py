"""The sets game's default opponent: how a simple player fares against the casual player, and the levels above it.

Run:  nice -n 19 .venv/bin/python bench/sets_casual.py [--deals 200] [--seed 13] [--workers 2] [--keep 0.1 ...]
      [--slip newcomer|simple] [--levels]

Each line is an arena pair (``parlour.sim.arena.run_arena``: duplicate play, both seatings of every deal, two
players): A's score against B (A's share of the wins, a draw counting half) with its 95% interval, and the mean
points margin (A less B) a game.  The yardsticks are the game's ``newcomer`` (the obvious move every time) and
``simple`` (review 26a's player: takes any discard of a region he holds, throws the card of his smallest region,
heedless of the others' sets).  For each ``--keep`` the casual player is built as shipped but for its coin
(``CasualBot(base=SetsBot, keep=K, slip=...)``), so a grid of ``--keep`` values is the tuning run.  ``--levels``
adds the levels above: casual against the club player (``heuristic``), and the club player against the expert at
``--iterations`` (default 300) a decision, fewer deals (``--level-deals``, default 40).
"""

from __future__ import annotations

import argparse
import time

from parlour.engine.descriptor import lazy_bot
from parlour.games import get_game
from parlour.sim.arena import run_arena

BOTS = "parlour.games.british_towns.bots"
SLIPS = {"newcomer": f"{BOTS}:NewcomerSetsBot", "simple": f"{BOTS}:SimpleSetsBot"}


def line(report: dict, label: str) -> str:
    pair = report["pairs"][0]
    low, high = pair["ci95"]
    return (f"{label:<44} {pair['a']:>10} v {pair['b']:<10} {pair['games']:>5} games  score {pair['score']:.3f} "
            f"({low:.3f}-{high:.3f})  A won {pair['a_wins']}, B won {pair['b_wins']}, split {pair['drawn_or_shared']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", type=float, nargs="*", default=[])
    parser.add_argument("--slip", default="newcomer", choices=sorted(SLIPS))
    parser.add_argument("--yardsticks", default="simple,newcomer")
    parser.add_argument("--levels", action="store_true")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--level-deals", type=int, default=40)
    args = parser.parse_args()
    game = get_game("british-towns-sets")
    started = time.perf_counter()
    print(f"british-towns-sets, 2 players, seed {args.seed}; score = A's share of the wins, 95% interval")
    yardsticks = args.yardsticks.split(",")
    for who in yardsticks:
        report = run_arena(game, [who, "casual"], args.deals, args.seed, workers=args.workers)
        print(line(report, "as shipped"), flush=True)
    for keep in args.keep:
        soft = {"soft": lazy_bot("parlour.bots.casual:CasualBot", base=f"{BOTS}:SetsBot", keep=keep,
                                 slip=SLIPS[args.slip])}
        for who in yardsticks:
            report = run_arena(game, [who, "soft"], args.deals, args.seed, workers=args.workers, players=soft)
            print(line(report, f"keep {keep}, slip {args.slip}"), flush=True)
    if args.levels:
        report = run_arena(game, ["casual", "heuristic"], args.deals, args.seed, workers=args.workers)
        print(line(report, "the level above"), flush=True)
        report = run_arena(game, ["heuristic", "expert"], args.level_deals, args.seed, workers=args.workers,
                           iterations=args.iterations)
        print(line(report, f"expert at {args.iterations} iterations"), flush=True)
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
