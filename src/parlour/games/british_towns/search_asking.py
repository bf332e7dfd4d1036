"""The asking game's help for the search bots: a finished game's value, and a fair share of a shared win.

Random rollouts reach the end quickly here (every refused ask passes the
turn), so the search needs only a value for the end: +1 for the winner, -1
for the others, and a win shared by a tie split among those who share it.
"""

from __future__ import annotations

from typing import Any

#: a safety net only: a random game of four ends in a few hundred asks
ROLLOUT_LIMIT = 5_000


def evaluate(state: Any) -> list[float]:
    if not state.is_over:
        return _by_standing(state)
    result = state.result()
    names = list(state.game.seat_names(state.num_seats))
    winners = [result["winner"]] if result["winner"] else result["shared_by"]
    if not winners:
        return [0.0] * state.num_seats
    share = 2.0 / len(winners) - 1.0
    return [share if names[s] in winners else -1.0 for s in range(state.num_seats)]


def _by_standing(state: Any) -> list[float]:
    regions = [len(r) for r in state.laid]
    best = max(regions)
    return [0.5 * ((r == best) - (r < best)) for r in regions]
