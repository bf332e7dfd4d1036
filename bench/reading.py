"""The reading expert (worlds weighed by the others' moves) against another bot in the duplicate arena.

Run:  .venv/bin/python bench/reading.py GAME OTHER [--deals 30] [--iterations 1000] [--seats N]
      [--variant NAME=VALUE ...] [--seed 7] [--json]

``reader`` is ``SearchBot(..., reads=True)``, the expert searching worlds
drawn from a pool weighed by ``parlour.bots.inference``; OTHER is any bot
the game seats (``expert`` to see what the reading adds).  Both search bots
get the same iterations, so the run gives the same table again.
docs/arena.md keeps the runs.
"""

from __future__ import annotations

import argparse
import json
import sys

from parlour.bots.search import SearchBot
from parlour.games import get_game
from parlour.sim.arena import run_arena


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("other")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = get_game(args.game)
    options = {o.name: o for o in game.variants}
    variant = {}
    for pair in args.variant:
        name, _, value = pair.partition("=")
        variant[name] = options[name].parse(value)

    def reader(seat: int, seed: int | None = None) -> SearchBot:
        return SearchBot(seat, seed, game=game, iterations=args.iterations, reads=True)

    report = run_arena(game, ["reader", args.other], args.deals, args.seed, seats=args.seats,
                       variant=variant or None, iterations=args.iterations,
                       players={"reader": reader})
    (pair,) = report["pairs"]
    if args.json:
        json.dump(pair, sys.stdout, indent=2)
        print()
    else:
        low, high = pair["ci95"]
        print(f"{args.game}: reader against {args.other}, {pair['deals']} deals, {args.iterations} iterations: "
              f"{pair['score']:.3f} ({low:.3f}-{high:.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
