"""Moves written to the database without stopping the server's event loop: one thread, batched commits.

A move is acknowledged only once it is committed, as before.  What changes is who waits: the table
that made the move awaits its future while the event loop serves every other table, and a writer
thread commits whatever moves arrived meanwhile (from any tables) in one transaction.  Under load a
commit then carries many moves instead of one, and a slow disk or a distant PostgreSQL holds up only
the tables whose moves are in flight, never the loop.

PostgreSQL gets several writer threads: while one waits for its commit to reach the disk, another
sends the next batch (the server flushes commits that arrive together at once).  That cannot reorder
a table's moves: a table sends its next move only once the last is committed.  SQLite, which takes
one writer at a time, gets one thread.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from typing import Any, Callable

from parlour.store import Logged, Store, StoreConflict, StoreUnavailable

log = logging.getLogger("parlour.store")
#: the most moves one transaction carries
BATCH = 500
#: writer threads on PostgreSQL
THREADS = 4
_STOP = object()


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():                        # its table stopped waiting (a cancelled bot loop)
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)


class Writer:
    """Appends moves to the store from a thread of its own, a batch per commit.

    ``failed(error)`` is told of each failed commit (the server counts them); the error itself goes to
    every move of that batch.  ``committed(seconds)`` is told how long each batch's commit took.
    """

    def __init__(self, store: Store, failed: Callable[[BaseException], None] | None = None,
                 threads: int | None = None, committed: Callable[[float], None] | None = None):
        self.store = store
        self.failed = failed
        self.committed = committed
        self.jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.size = threads or (THREADS if store.shared else 1)
        self.threads: list[threading.Thread] = []
        self.lock = threading.Lock()

    async def append(self, row: Logged) -> None:
        """Store one move; returns once it is committed.  Raises ``StoreConflict`` if its index is taken."""
        self._start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.jobs.put((row, loop, future))
        await future

    def _start(self) -> None:
        if len(self.threads) == self.size:
            return
        with self.lock:
            while len(self.threads) < self.size:
                thread = threading.Thread(target=self._run, name=f"parlour-writer-{len(self.threads)}", daemon=True)
                thread.start()
                self.threads.append(thread)

    def stop(self, wait: float = 5.0) -> None:
        """Write what is queued, then end the threads."""
        with self.lock:
            threads, self.threads = self.threads, []
        for _ in threads:
            self.jobs.put(_STOP)
        deadline = time.monotonic() + wait
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    def _run(self) -> None:
        while True:
            batch = [self.jobs.get()]
            while len(batch) < BATCH and batch[-1] is not _STOP:
                try:
                    batch.append(self.jobs.get_nowait())
                except queue.Empty:
                    break
            jobs = [job for job in batch if job is not _STOP]
            if jobs:
                self._write(jobs)
            if batch[-1] is _STOP:
                return

    def _write(self, jobs: list[tuple[Logged, asyncio.AbstractEventLoop, asyncio.Future[None]]]) -> None:
        outcomes: list[BaseException | None]
        try:
            started = time.perf_counter()
            answers: list[StoreConflict | None] = self.store.append_actions([row for row, _, _ in jobs])
            if self.committed is not None:
                self.committed(time.perf_counter() - started)
            outcomes = list(answers)
        except Exception as error:               # the database failed: every move of the batch is refused
            log.error("writing %d moves failed: %s", len(jobs), error, exc_info=not isinstance(error, StoreUnavailable))
            if self.failed is not None:
                self.failed(error)
            # as StoreUnavailable whatever the failure (a driver's error that escaped the store, a bug): each
            # table then deals with it as with a full disk, refusing the move in words and trying a bot's again
            refused = error if isinstance(error, StoreUnavailable) else StoreUnavailable(
                f"the moves could not be written ({type(error).__name__}: {error})")
            outcomes = [refused] * len(jobs)
        for (_, loop, future), outcome in zip(jobs, outcomes, strict=True):
            try:
                loop.call_soon_threadsafe(_settle, future, outcome)
            except RuntimeError:                  # that event loop has closed (the server stopped)
                pass
