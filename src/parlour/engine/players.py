"""What every game's own bot shares: its seat, a random stream of its own, and that one legal move is no choice.

A bot is handed only its seat's observation and the legal actions (``parlour.bots``).  ``choose`` is
called only when there is a choice to make, so a forced move never draws from the stream: a bot's
decisions stay where a replay of the same log puts them.
"""

from __future__ import annotations

import random
from typing import Any, Sequence


class SeatedPlayer:
    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        return legal[0] if len(legal) == 1 else self.choose(observation, legal)

    def choose(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        raise NotImplementedError
