"""The asking game's help for the search bots: a finished game's value, and a fair share of a shared win.

Rollouts reach the end quickly here (every refused ask passes the turn), so
the search needs only a value for the end: +1 for the winner, -1 for the
others, and a win shared by a tie split among those who share it; and a
rollout policy whose players ask as if they kept track of the asks.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from parlour.games.british_towns.pack import CARD_OF_TEXT

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


#: how often a rollout's asker asks where the card really is in that world (a player who remembers well)
KNOWING = 0.5


def rollout_action(state: Any, seat: int, legal: Sequence[str], rng: random.Random) -> str:
    """Ask at random, but half the time ask the player who holds a wanted card in this world.

    Random asks alone would make every rollout a lottery; players who keep
    track of the asks find their cards far more often than chance, and the
    rollouts should look like such a game.
    """
    if len(legal) > 1 and rng.random() < KNOWING:
        hands = state.hands
        names = state.game.seat_names(state.num_seats)
        sure = [a for a in legal if _holder_is_asked(a, hands, names)]
        if sure:
            return rng.choice(sure)
    return rng.choice(legal)


def _holder_is_asked(action: str, hands: list[list[int]], names: Sequence[str]) -> bool:
    _, name, text = action.split()
    return CARD_OF_TEXT[text] in hands[names.index(name)]
