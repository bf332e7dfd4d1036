"""Football Whist's table of values at the start of a trick, for the hint's short look-ahead (``search.estimate``).

Plays many matches by the search's own rollout policy and records, at the start of every trick, the half, the tricks
played in it, the goal lead (partners A's, -4 to 4), the ball's position and the side to lead; a cell's value is the
mean of ``search.evaluate`` at the match's end (partners A's, in [-1, 1]) over the matches that passed through it.  The
coarser cells, without the ball's position, stand in where a cell was seldom reached.

    PYTHONPATH=src python bench/fw_values.py [matches]     (writes src/parlour/games/football_whist/data/values.json)
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from parlour.games import FOOTBALL_WHIST as GAME
from parlour.games.football_whist import search

OUT = Path(search.__file__).parent / "data" / "values.json"


def main(matches: int) -> None:
    started = time.perf_counter()
    cells: dict[str, list[float]] = {}
    for match in range(matches):
        state, rng = GAME.new_state(seats=4, seed=1_000_000 + match), random.Random(match)
        passed: list[tuple[str, str]] = []
        while not state.is_over:
            (seat,) = state.to_move
            if state.phase == "play" and not state.trick:
                passed.append((search.cell(state), search.cell(state, coarse=True)))
            state.apply(seat, search.rollout_action(state, seat, state.legal_actions(seat), rng))
        value = search.evaluate(state)[0]
        for keys in passed:
            for key in keys:
                count_total = cells.setdefault(key, [0, 0.0])
                count_total[0] += 1
                count_total[1] += value
    table = {key: [int(n), round(total / n, 4)] for key, (n, total) in sorted(cells.items())}
    OUT.write_text(json.dumps({"matches": matches, "cells": table}, separators=(",", ":")) + "\n")
    print(f"{matches} matches, {len(table)} cells, {time.perf_counter() - started:.0f} s: {OUT}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
