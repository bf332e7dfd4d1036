"""Football Whist: does the default opponent let a player who follows the hint win?

Run:  .venv/bin/python bench/fw_hint_vs_casual.py [--deals 40] [--seed 0] [--partner casual] [--hero hint]

Seat 0 (partners A) plays the hint's move at every decision (``parlour.bots.analysis.hint``, the
server's budget and seed: what a player who always takes the expert's choice would play), with a
``--partner`` bot opposite (seat 2) against two Casual bots (the default opponent, seats 1 and 3),
over ``--deals`` seeded matches (two halves each).  ``--hero casual`` seats a Casual bot at seat 0
instead: the same deals as a yardstick.  Prints wins, draws and losses for partners A and their
score (a draw counts half), with its 95% interval.
"""

from __future__ import annotations

import argparse
import math
import time

from parlour.bots import make_bot
from parlour.bots.analysis import hint
from parlour.bots.plain import decide
from parlour.games import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--partner", default="casual")
    parser.add_argument("--hero", default="hint", help="hint, or a bot's name")
    args = parser.parse_args()
    game = get_game("football-whist")
    tally = {"won": 0, "drawn": 0, "lost": 0}
    margins = []
    started = time.perf_counter()
    for deal in range(args.deals):
        seed = args.seed + deal
        state = game.new_state(seats=4, seed=seed)
        bots = {1: make_bot(game, "casual", 1, seed * 10 + 1), 3: make_bot(game, "casual", 3, seed * 10 + 3),
                2: make_bot(game, args.partner, 2, seed * 10 + 2)}
        if args.hero != "hint":
            bots[0] = make_bot(game, args.hero, 0, seed * 10)
        while not state.is_over:
            (seat,) = state.to_move
            legal = state.legal_actions(seat)
            if seat == 0 and args.hero == "hint":
                action = legal[0] if len(legal) == 1 else hint(game, state, 0)[0]["action"]
            else:
                action = decide(bots[seat], state, seat, legal)
            state.apply(seat, action)
        a, b = state.goals
        margins.append(a - b)
        tally["won" if a > b else "lost" if a < b else "drawn"] += 1
        print(f"deal {seed}: A {a}-{b} B", flush=True)
    n = args.deals
    score = (tally["won"] + 0.5 * tally["drawn"]) / n
    points = [1.0 if m > 0 else 0.0 if m < 0 else 0.5 for m in margins]
    sd = math.sqrt(sum((p - score) ** 2 for p in points) / max(1, n - 1))
    print(f"hero {args.hero}, partner {args.partner}, opponents casual, {n} matches: "
          f"won {tally['won']}, drawn {tally['drawn']}, lost {tally['lost']}; score {score:.2f} "
          f"+/- {1.96 * sd / math.sqrt(n):.2f}; mean goal margin {sum(margins) / n:+.2f}; "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
