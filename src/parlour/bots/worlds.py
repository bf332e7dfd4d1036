"""Worlds: the full states a seat cannot tell apart from the one it is in.

A search bot needs whole states to look ahead in, yet it may know only what
its seat has seen.  ``Worlds`` is the bridge, and the only one: it is made
by ``parlour.bots.decide`` next to the seat's observation and draws states
through the game's ``resample(seat, rng)``, which deals every hidden card
afresh from the deals consistent with that seat's view.

It never holds the true state.  It keeps one world drawn at construction
(the *anchor*) and resamples from it.  Every game's resample depends only on
the seat's view and the random stream (``check_resample_sees_only_the_view``
in the conformance suite), so the anchor, and every world drawn from it, is
the same whatever the hidden cards really are: a bot handed ``Worlds`` learns
nothing a person in its seat would not know.
"""

from __future__ import annotations

import random
from typing import Any

from parlour.engine.errors import ResampleError


class Worlds:
    """Draws full states consistent with what ``seat`` has seen, never the true one."""

    __slots__ = ("seat", "moves", "_anchor")

    def __init__(self, state: Any, seat: int):
        self.seat = seat
        #: actions played so far (public: every seat saw them), handy as a per-decision seed
        self.moves = len(state.history)
        # may raise ResampleError (a game may find no consistent deal in a bounded effort): the bot
        # asking for worlds hears of it, never the caller of ``decide``
        try:
            self._anchor: Any = state.resample(seat, random.Random(f"parlour-worlds/{seat}/{self.moves}"))
        except ResampleError as error:
            self._anchor = error

    def sample(self, rng: random.Random) -> Any:
        """One world: hidden cards dealt at random from the deals consistent with the seat's view.

        Raises ``ResampleError`` where the game found no consistent deal.
        """
        if isinstance(self._anchor, ResampleError):
            raise self._anchor
        return self._anchor.resample(self.seat, rng)
