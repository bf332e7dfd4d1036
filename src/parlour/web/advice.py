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

Both search in threads of their own, never on the event loop.  Hints share
``HINT_THREADS`` threads and analyses one, so a queue of analyses never keeps
a player waiting for a hint.

Each works from one seat's information only: the search is handed the seat's
view and worlds drawn from it, never the true state, so a hint tells a player
nothing he could not have worked out at the table.  An analysis is kept once
made, per table and seat (a finished game's record never changes).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from parlour.bots.analysis import ITERATIONS, SEED, THRESHOLD, analyse_record, hint
from parlour.engine.record import GameRecord

#: threads that think about hints, for all the tables of this process
HINT_THREADS = 2
#: an analysis that has run this long stops, unfinished (its rows so far are kept and shown)
ANALYSIS_SECONDS = 600.0
#: analyses kept in memory (each a few kilobytes)
KEPT = 256


class Advisor:
    """The server's hints and analyses: their threads, their one budget, and the analyses already made.

    ``iterations`` and ``seed`` are the expert's for a hint and for each decision of an analysis alike."""

    def __init__(self, *, iterations: int = ITERATIONS, seed: int = SEED,
                 analysis_seconds: float = ANALYSIS_SECONDS):
        self.iterations, self.seed, self.analysis_seconds = iterations, seed, analysis_seconds
        self.pools: dict[str, ThreadPoolExecutor] = {}
        self.kept: OrderedDict[tuple[str, int], asyncio.Future[list[dict[str, Any]]]] = OrderedDict()
        #: (table, seat) -> (decisions judged, decisions in all) of the analyses being made or made
        self.progress: dict[tuple[str, int], tuple[int, int]] = {}

    async def hint(self, game: Any, state: Any, seat: int) -> tuple[list[dict[str, Any]], float]:
        """The seat's legal moves, best first, with their chances (None: not judged), and the seconds it took;
        ``state`` is a copy the caller no longer touches (the search only draws worlds from it that the seat
        cannot tell apart)."""
        started = time.perf_counter()
        think = partial(hint, game, state, seat, iterations=self.iterations, seed=self.seed)
        options = await asyncio.get_running_loop().run_in_executor(self._pool("hint", HINT_THREADS), think)
        return options, time.perf_counter() - started

    async def analysis(self, table_id: str, record: GameRecord, game: Any, seat: int) -> list[dict[str, Any]]:
        """The seat's decisions as the expert judges them (``analyse_record``), made once per table and seat;
        a second request while it is being made waits for the same one.  Fewer rows than decisions: the
        safety cap stopped it (``progress`` has the count)."""
        key = (table_id, seat)
        made = self.kept.get(key)
        if made is None or (made.done() and made.exception() is not None):
            def report(done: int, total: int) -> None:
                self.progress[key] = (done, total)

            work = partial(analyse_record, record, game, [seat], iterations=self.iterations, seed=self.seed,
                           threshold=THRESHOLD, total_seconds=self.analysis_seconds, progress=report)
            made = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(self._pool("analysis", 1), work))
            self.kept[key] = made
            while len(self.kept) > KEPT:
                gone, _ = self.kept.popitem(last=False)
                self.progress.pop(gone, None)
        self.kept.move_to_end(key)
        return await asyncio.shield(made)

    def progress_of(self, table_id: str, seat: int) -> tuple[int, int] | None:
        """(decisions judged, decisions in all) of the seat's analysis; None before it has begun."""
        return self.progress.get((table_id, seat))

    def _pool(self, kind: str, threads: int) -> ThreadPoolExecutor:
        """The threads for hints or analyses, started when first needed (again after ``close``)."""
        if kind not in self.pools:
            self.pools[kind] = ThreadPoolExecutor(threads, thread_name_prefix=f"parlour-{kind}")
        return self.pools[kind]

    def close(self) -> None:
        """The server stops: what is thinking now finishes in its thread, what waits is dropped."""
        for pool in self.pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self.pools.clear()
