"""The Biggles bot: a player with reflexes.

What to do is simple and the same for every level (Biggles first, then a card
for one's own build, then a stopper, else keep turning); how fast it is done
is the level's (``levels.py``).  The choice reads only the legal actions, which
come from what is face up on the table.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from parlour.games.biggles.levels import DEFAULT, LEVELS


def choose(legal: Sequence[str]) -> str | None:
    """The action a quick, sensible player takes: the card his pile offers, else turn or pick up.

    The rules list the turning move first and at most one card move (the pile
    has one top card), so the card move, when there is one, is the last.
    """
    return legal[-1] if legal else None


class ReflexBot:
    def __init__(self, seat: int, seed: int | None = None, level: str = DEFAULT, speed: float = 1.0):
        if level not in LEVELS:
            raise ValueError(f"no Biggles level {level!r} (choose from {', '.join(LEVELS)})")
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        timing = LEVELS[level]
        self.turn_time = timing["turn"] / speed
        self.react_time = timing["react"] / speed
        self.miss = timing["miss"]

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        return choose(legal) or legal[0]

    def pick(self, look: Any, legal: Sequence[str]) -> str:
        """The choice on the clock; ``look()`` would give the observation, which this bot does not need."""
        return choose(legal) or legal[0]

    # -- timing, used by the live session and the discrete-event twin ---------------------------
    def delay(self, action: str) -> float:
        """Seconds this player takes to carry out ``action`` once he is free to."""
        mean = self.react_time if action.startswith(("play", "stop")) else self.turn_time
        if action == "pickup":
            mean *= 2
        return max(0.3 * mean, self.rng.gauss(mean, 0.15 * mean))

    def notices(self) -> bool:
        """Whether he sees a playable card this time."""
        return self.rng.random() >= self.miss


class TimedBot(ReflexBot):
    """Any bot (the random one, say) given a level's hands: it chooses, the level sets the pace."""

    def __init__(self, inner: Any, level: str = DEFAULT):
        super().__init__(inner.seat, None, level)
        self.rng = getattr(inner, "rng", self.rng)
        self.inner = inner

    def pick(self, look: Any, legal: Sequence[str]) -> str:
        return self.inner.act(look(), legal)
