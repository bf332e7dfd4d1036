"""The expert at the server's service: hints at a table that allows them, and the analysis of a finished game.

Both search in threads of their own, never on the event loop, within bounded
budgets: a hint thinks for at most ``hint_seconds`` (and ``hint_iterations``),
and an analysis spends at most ``analysis_iterations`` a decision and
``analysis_seconds`` in all.  Hints share ``HINT_THREADS`` threads and
analyses one, so a queue of analyses never keeps a player waiting for a hint.

Each works from one seat's information only (``parlour.bots.analysis``): the
search is handed the seat's view and worlds drawn from it, never the true
state, so a hint tells a player nothing he could not have worked out at the
table.  An analysis is kept once made, per table and seat (a finished game's
record never changes).
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from parlour.bots.analysis import THRESHOLD, analyse_record, hint
from parlour.engine.record import GameRecord

#: a hint thinks for at most this long, and at most so many iterations
HINT_SECONDS, HINT_ITERATIONS = 0.5, 5000
#: threads that think about hints, for all the tables of this process
HINT_THREADS = 2
#: an analysis spends at most so many iterations a decision, and so many seconds in all
ANALYSIS_ITERATIONS, ANALYSIS_SECONDS = 300, 20.0
#: analyses kept in memory (each a few kilobytes)
KEPT = 256


class Advisor:
    """The server's hints and analyses: their threads, budgets, and the analyses already made."""

    def __init__(self, *, hint_seconds: float = HINT_SECONDS, hint_iterations: int = HINT_ITERATIONS,
                 analysis_iterations: int = ANALYSIS_ITERATIONS, analysis_seconds: float = ANALYSIS_SECONDS):
        self.hint_seconds, self.hint_iterations = hint_seconds, hint_iterations
        self.analysis_iterations, self.analysis_seconds = analysis_iterations, analysis_seconds
        self.pools: dict[str, ThreadPoolExecutor] = {}
        self.kept: OrderedDict[tuple[str, int], asyncio.Future[list[dict[str, Any]]]] = OrderedDict()

    async def hint(self, game: Any, state: Any, seat: int) -> tuple[list[dict[str, Any]], float]:
        """The seat's legal moves, best first, with their chances, and the seconds it took; ``state`` is a copy
        the caller no longer touches (the search only draws worlds from it that the seat cannot tell apart)."""
        started = time.perf_counter()
        think = partial(hint, game, state, seat, iterations=self.hint_iterations, seconds=self.hint_seconds)
        options = await asyncio.get_running_loop().run_in_executor(self._pool("hint", HINT_THREADS), think)
        return options, time.perf_counter() - started

    async def analysis(self, table_id: str, record: GameRecord, game: Any, seat: int) -> list[dict[str, Any]]:
        """The seat's decisions as the expert judges them (``analyse_record``), made once per table and seat;
        a second request while it is being made waits for the same one."""
        key = (table_id, seat)
        made = self.kept.get(key)
        if made is None or (made.done() and made.exception() is not None):
            work = partial(analyse_record, record, game, [seat], iterations=self.analysis_iterations,
                           total_seconds=self.analysis_seconds, seed=0, threshold=THRESHOLD)
            made = asyncio.ensure_future(asyncio.get_running_loop().run_in_executor(self._pool("analysis", 1), work))
            self.kept[key] = made
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        self.kept.move_to_end(key)
        return await asyncio.shield(made)

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
