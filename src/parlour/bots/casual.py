"""The casual player: a game's own bot, softened, so that a newcomer wins about half the games against it.

``CasualBot`` plays its game's sensible bot's move (the club player's) with
probability ``keep`` and, otherwise, a slip: any legal move chosen at random,
or where the game names one, the move of a plainer player (``slip``: the
game's newcomer model, who lays what he can and throws what pairs with
nothing).  A slip of the second kind is a mistake a person makes; a random
one, in a game of sets, is a card thrown from a set he was one card short
of, which no person at the table does, and the other players see it.  It is
every turn-based game's default opponent (``parlour.bots.default_bot``):
``keep`` is tuned per game, in the arena, until the game's model of a newcomer
(its ``newcomer`` yardstick, a player who knows the rules and plays the
obvious move) scores about 0.5 against it.  The runs are in docs/arena.md.

It reads what its base bot reads, the seat's observation, and nothing more;
its coin and its random moves come from its own seeded stream, so the same
seed gives the same game.
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Mapping, Sequence


def keep_at(keep: float | Mapping[int, float], players: int) -> float:
    """The probability for a table of ``players``: ``keep`` itself, or where it is given by table size
    (``{3: 0.3, 4: 0.2}``), the value of the largest size up to ``players`` (the smallest size's below it)."""
    if not isinstance(keep, Mapping):
        return keep
    sizes = sorted(keep)
    return keep[max([n for n in sizes if n <= players], default=sizes[0])]


class CasualBot:
    """The base bot's move with probability ``keep``, else the ``slip`` bot's move or a random legal one
    (``keep`` may depend on the number of players: see ``keep_at``; the table's size is read off the observation)."""

    def __init__(
        self, seat: int, seed: int | None = None, *,
        base: str, keep: float | Mapping[int, float], slip: str | None = None,
    ):
        for value in keep.values() if isinstance(keep, Mapping) else (keep,):
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"keep is a probability, not {value!r}")
        # The base bot gets a stream of its own, so that the coin never shifts the base's choices.
        rng = random.Random(seed)
        self.seat = seat
        self.keep = keep
        self.base = make(base, seat, rng.randrange(2**63))
        self.rng = random.Random(rng.randrange(2**63))
        self.slip = make(slip, seat, rng.randrange(2**63)) if slip else None

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if self.rng.random() < keep_at(self.keep, len(observation["seat_names"])):
            action: str = self.base.act(observation, legal)
            return action
        if self.slip is not None:
            slipped: str = self.slip.act(observation, legal)
            return slipped
        return self.rng.choice(legal)


def make(path: str, seat: int, seed: int) -> Any:
    """The bot at ``path`` ("module:Class"), seated and seeded."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)(seat, seed)
