"""The sets game's valuation: how well the search's figure at the end of a turn foretells who wins.

Run:  nice -n 19 .venv/bin/python bench/sets_valuation.py [--games 300] [--seed 5000]

The expert looks ahead to the end of the turn in hand and values the position there by each player's points
(``search_sets.standing``: score now plus the hand's prospects) against the best rival's, ``tanh(margin / scale)``,
read as ``2 * chance - 1``.  This plays two-player games between the game's bots (club against club, the casual
player against the newcomer and against the simple player), notes at the start of every turn the mover's margin
and the cards left to draw from (stock and discards), and the game's result for him; then it finds the scale,
``A + B * cards left``, that foretells the results best (the least log loss), and prints the loss of the scale as
shipped beside it, with how far the chance moves for a one-point margin at a few stages of the game.
"""

from __future__ import annotations

import argparse
import math
import time

from parlour.bots import make_bot
from parlour.bots.plain import decide
from parlour.games import get_game
from parlour.games.british_towns import search_sets

PAIRS = [("heuristic", "heuristic"), ("casual", "newcomer"), ("casual", "simple"), ("heuristic", "newcomer")]


def collect(games: int, seed: int) -> list[tuple[float, int, float]]:
    game = get_game("british-towns-sets")
    rows: list[tuple[float, int, float]] = []
    for g in range(games):
        a, b = PAIRS[g % len(PAIRS)]
        names = (a, b) if g % 2 == 0 else (b, a)
        state = game.new_state(seats=2, seed=seed + g)
        bots = {s: make_bot(game, names[s], s, (seed + g) * 10 + s) for s in range(2)}
        marks: list[tuple[int, float, int]] = []
        actions = 0
        while not state.is_over and actions < 3000:
            (seat,) = state.to_move
            legal = state.legal_actions(seat)
            if state.phase == "draw" and not state.stalled():
                points = search_sets.standing(state)
                marks.append((seat, points[seat] - points[1 - seat], len(state.stock) + len(state.discards)))
            action = legal[0] if len(legal) == 1 else decide(bots[seat], state, seat, legal)
            if action == "finish" and "finish" not in legal:
                break
            state.apply(seat, action)
            actions += 1
        if not state.is_over:
            continue
        final = state._scores()
        for seat, margin, left in marks:
            mine, theirs = final[seat], final[1 - seat]
            rows.append((margin, left, 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5))
    return rows


def loss(rows: list[tuple[float, int, float]], a: float, b: float) -> float:
    total = 0.0
    for margin, left, won in rows:
        p = (1 + math.tanh(margin / (a + b * left))) / 2
        p = min(max(p, 1e-6), 1 - 1e-6)
        total -= won * math.log(p) + (1 - won) * math.log(1 - p)
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    started = time.perf_counter()
    rows = collect(args.games, args.seed)
    print(f"{args.games} games, {len(rows)} turn starts, {time.perf_counter() - started:.0f} s")
    grid = [(a / 2, b / 20) for a in range(2, 41) for b in range(0, 21)]
    best = min(((loss(rows, a, b), a, b) for a, b in grid), key=lambda t: t[0])
    print(f"as shipped: scale {search_sets.SCALE} + {search_sets.PER_CARD} x cards left, log loss "
          f"{loss(rows, search_sets.SCALE, search_sets.PER_CARD):.4f}")
    flat = min(((loss(rows, a, 0.0), a) for a in [x / 2 for x in range(2, 41)]), key=lambda t: t[0])
    print(f"best flat scale: {flat[1]}, log loss {flat[0]:.4f}")
    print(f"best scale: {best[1]} + {best[2]} x cards left, log loss {best[0]:.4f}")
    for left in (25, 15, 8, 3):
        scale = best[1] + best[2] * left
        print(f"  {left:>2} cards left: scale {scale:.1f}; a one-point margin moves the chance "
              f"{50 * math.tanh(1 / scale):.1f} points")
    # the result's rate by margin band, a check on the fit
    for low, high in ((-99, -6), (-6, -2), (-2, 2), (2, 6), (6, 99)):
        band = [w for m, _, w in rows if low <= m < high]
        if band:
            print(f"  margin {low:>3} to {high:>3}: {len(band):>6} turns, won {sum(band) / len(band):.3f}")


if __name__ == "__main__":
    main()
