"""The expert at the server's service: hints at a table that allows them, and the analysis of a finished game.

One judgement: a hint and an analysis are the same search (``parlour.bots.analysis``)
with the same budget, ``iterations`` a decision (``ITERATIONS``, 500: a hint
takes at most 0.4 s on one core of the development machine), and the same
seed, so the hint at a position and the analysis of the move made there give
the same best move and the same chances.  No clock cuts a judgement short:
under load a hint takes longer, never says less.  An analysis takes as long
as its decisions take (``progress`` tells how far it has got); its one safety
cap, ``analysis_seconds`` in all, stops it unfinished rather than thinning
the budget of the decisions still to come.

Both search in the server's thinking workers (``web.thinking``), never on the
event loop: a hint in its table's share, beside the table's bots, an analysis
in the share of the client that asked, so a queue of analyses takes its turn
with everyone else's thinking and never keeps a player waiting for long.
At most ``ANALYSES_PER_CLIENT`` analyses are made at once for one client.

Each works from one seat's information only: the search is handed the seat's
view and worlds drawn from it, never the true state, so a hint tells a player
nothing he could not have worked out at the table.  An analysis is kept once
made, per table and seat (a finished game's record never changes).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from functools import partial
from typing import Any

from parlour.bots.analysis import ITERATIONS, SEED, THRESHOLD, hint
from parlour.engine.errors import ParlourError
from parlour.engine.record import GameRecord
from parlour.web.thinking import Thinker, _analyse

#: analyses being made at once for one client address; another is refused until one is done
ANALYSES_PER_CLIENT = 2
#: an analysis that has run this long stops, unfinished (its rows so far are kept and shown)
ANALYSIS_SECONDS = 600.0
#: analyses kept in memory (each a few kilobytes)
KEPT = 256


class TooManyAnalyses(ParlourError):
    """A client asked for more analyses at once than ``per_client`` allows."""


class Advisor:
    """The server's hints and analyses: their budget, their share of the thinking workers, the analyses made.

    ``iterations`` and ``seed`` are the expert's for a hint and for each decision of an analysis alike;
    ``thinker`` the server's thinking workers (``web.thinking``; its own if None); ``per_client`` the
    analyses one client address may have being made at once."""

    def __init__(self, *, iterations: int = ITERATIONS, seed: int = SEED,
                 analysis_seconds: float = ANALYSIS_SECONDS, thinker: Thinker | None = None,
                 per_client: int = ANALYSES_PER_CLIENT):
        self.iterations, self.seed, self.analysis_seconds = iterations, seed, analysis_seconds
        self.thinker = thinker or Thinker()
        self.per_client = per_client
        self.kept: OrderedDict[tuple[str, int], asyncio.Future[list[dict[str, Any]]]] = OrderedDict()
        #: client address -> analyses being made for it now
        self.asking: dict[str, int] = {}

    async def hint(self, game: Any, state: Any, seat: int, share: str = "hints") -> tuple[list[dict[str, Any]], float]:
        """The seat's legal moves, best first, with their chances (None: not judged), and the seconds it took;
        ``state`` is a copy the caller no longer touches (the search only draws worlds from it that the seat
        cannot tell apart).  ``share``: the table's, whose turn it waits for among the workers."""
        started = time.perf_counter()
        think = partial(hint, game, state, seat, iterations=self.iterations, seed=self.seed)
        options = await self.thinker.think("hint", share, think)
        return options, time.perf_counter() - started

    async def analysis(self, table_id: str, record: GameRecord, game: Any, seat: int,
                       client: str = "anyone") -> list[dict[str, Any]]:
        """The seat's decisions as the expert judges them (``analyse_record``), made once per table and seat;
        a second request while it is being made waits for the same one.  Fewer rows than decisions: the
        safety cap stopped it (``progress`` has the count).  A new analysis for a ``client`` that already has
        ``per_client`` being made raises ``TooManyAnalyses``."""
        key = (table_id, seat)
        made = self.kept.get(key)
        if made is None or (made.done() and made.exception() is not None):
            if self.asking.get(client, 0) >= self.per_client:
                raise TooManyAnalyses(f"too many analyses at once: at most {self.per_client} are made at a time "
                                      "for one client; ask again once one is done")
            self.asking[client] = self.asking.get(client, 0) + 1
            work = partial(_analyse, key, record, game, [seat], iterations=self.iterations, seed=self.seed,
                           threshold=THRESHOLD, total_seconds=self.analysis_seconds)
            made = asyncio.ensure_future(self._made(key, client, work))

            def done(_: Any, client: str = client) -> None:
                self.asking[client] -= 1
                if not self.asking[client]:
                    del self.asking[client]

            made.add_done_callback(done)
            self.kept[key] = made
            while len(self.kept) > KEPT:
                gone, _ = self.kept.popitem(last=False)
                self.thinker.progress.pop(gone, None)
        self.kept.move_to_end(key)
        return await asyncio.shield(made)

    async def _made(self, key: tuple[str, int], client: str, work: Any) -> list[dict[str, Any]]:
        rows, last = await self.thinker.think("analysis", f"client:{client}", work)
        self.thinker.progress[key] = last          # the last report, whether or not its message was read yet
        return list(rows)

    def progress_of(self, table_id: str, seat: int) -> tuple[int, int] | None:
        """(decisions judged, decisions in all) of the seat's analysis; None before it has begun."""
        return self.thinker.progress.get((table_id, seat))

    def close(self) -> None:
        """The server stops: what is thinking now finishes in its worker, what waits is dropped."""
        self.thinker.close()
