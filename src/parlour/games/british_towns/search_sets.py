"""The sets game's help for the search bots: the value of a finished game, or of one cut short.

A random rollout of the sets game usually ends within a few hundred actions,
but random players can pass the same discards round for a long while, so a
rollout is cut after ``ROLLOUT_LIMIT`` actions and valued by the scores as
they stand then.
"""

from __future__ import annotations

import math

from parlour.games.british_towns.sets import SetsState

ROLLOUT_LIMIT = 400


def evaluate(state: SetsState) -> list[float]:
    scores = state._scores()
    values = []
    for s, mine in enumerate(scores):
        rival = max(t for o, t in enumerate(scores) if o != s)
        if state.is_over:
            values.append(1.0 if mine > rival else (0.0 if mine == rival else -1.0))
        else:
            values.append(math.tanh((mine - rival) / 10.0))
    return values
