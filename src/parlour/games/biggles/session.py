"""A live Biggles game on the wall clock: people press keys, bots react in real time.

The session owns the clock; every action, a person's or a bot's, is applied
through the rules engine the moment it arrives and stamped with its time, so
the record shows the race as it happened.  ``clock`` is injectable, which is
how the tests run a live game deterministically.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Mapping

from parlour.games.biggles.rules import BigglesState
from parlour.games.biggles.twin import Reflexes


class LiveGame:
    def __init__(self, state: BigglesState, bots: Mapping[int, Any], clock: Callable[[], float] = time.monotonic,
                 elapsed: float = 0.0):
        """``elapsed``: seconds of the game already played, for a race that resumes after a pause."""
        self.state = state
        self.clock = clock
        self.start = clock() - elapsed
        self.reflexes = Reflexes(state, bots)
        for seat in bots:
            self.reflexes.plan(seat, self.now())

    def now(self) -> float:
        return self.clock() - self.start

    def act(self, seat: int, action: str, record: Callable[[float], None] | None = None) -> str | None:
        """A person's action, applied now; returns the reason if it is refused.

        ``record(now)`` runs once the action is known to be legal, before it is
        applied: a server stores it there, so nothing is applied unstored.
        """
        reason, now = self.judge(seat, action)
        if reason is not None:
            return reason
        if record is not None:
            record(now)
        self.take(seat, action, now)
        return None

    def judge(self, seat: int, action: str) -> tuple[str | None, float]:
        """The bots that were quicker go first; then why the action is refused (None if it is legal), and when.

        With ``take`` this is ``act`` in two steps, for a server that stores the action in between
        without holding up its other work (nothing else may move this game meanwhile).
        """
        self.tick()
        now = self.now()
        if action not in self.state.legal_actions(seat):
            return self.state.explain_illegal(seat, action), now
        return None, now

    def take(self, seat: int, action: str, now: float) -> None:
        """Apply an action ``judge`` found legal at ``now``."""
        self.state.apply(seat, action)
        self.state.times[-1] = now
        self.reflexes.changed(seat, now)

    def tick(self) -> list[tuple[int, str, bool]]:
        """Let the bots do whatever falls due by now."""
        return self.reflexes.fire_due(self.now())
