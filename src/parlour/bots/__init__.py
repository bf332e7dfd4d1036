"""Bots: players that see exactly what a person in their seat would.

A bot is any object with ``act(observation, legal) -> action``.  It is given
the seat's observation (never the state) and the legal actions, which a
person at the table would also know.  ``random`` serves every game; each game
adds its own bots through its descriptor's ``bots`` mapping.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError


class Bot(Protocol):
    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str: ...


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    #: it never looks at the table, so the simulator need not build its view (which grows with the game)
    reads_observation = False

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        return self.rng.choice(legal)


def bot_names(game: GameDescriptor) -> list[str]:
    return ["random", *game.bots]


def make_bot(game: GameDescriptor, name: str, seat: int, seed: int | None = None) -> Bot:
    if name == "random":
        return RandomBot(seat, seed)
    factory = game.bots.get(name)
    if factory is None:
        raise ParlourError(f"no bot called {name!r} for {game.title} (choose from: {', '.join(bot_names(game))})")
    return factory(seat, seed)


def replay_with_bots(state: Any, bots: dict[int, Bot], actions: Any) -> None:
    """Apply logged ``(seat, action)`` pairs, letting each bot decide again at its own turns.

    A bot's random stream then stands where it stood when the log was written,
    so a resumed or restarted game plays on exactly as the uninterrupted one would.
    """
    for seat, text in actions:
        if seat in bots:
            bots[seat].act(state.observation(seat), state.legal_actions(seat))
        state.apply(seat, state.parse_action(text))
