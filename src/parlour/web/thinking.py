"""The server's thinking: bots' searches, hints and analyses, in a bounded pool of worker processes.

A search holds a core for most of a second; in a thread of the server's own process it would hold the
interpreter's lock too, and slow the event loop that answers every player and ``/healthz``.  So every
search goes to ``Thinker``: ``workers`` processes (``parlour serve --thinkers``, by default one fewer than
the machine's cores, at least one), the server's whole budget of thinking.

Work waits in one queue per *share*, a table's bots and hints, or one client's analyses, and the workers
take from the shares in turn (round robin), not first come first served: thirty tables of one person
cannot push a thirty-first to the back of a queue thirty searches long.  A bot asks with a bound on its
wait (``busy_after``): a request not begun by then is withdrawn and the bot plays by its game's rule of
thumb instead, and the table says so (``LiveTable._turns``).

What goes to a worker is pickled: the bot (a search bot keeps no random stream of its own: its
decision is drawn from its seed and the number of moves, so deciding in another process decides as it
would in this one, and a replay of the log agrees), a copy of the state, the game's descriptor.  An
analysis reports its progress through a queue that a thread of this process reads.

The worker processes run at a lower priority than the server (``NICENESS``): on a machine short of cores
the event loop, the database's threads and ``/healthz`` get a core first, and the thinking waits.

``processes=False`` thinks in threads instead (a test's app, where a worker process would cost more than
the thinking).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import queue as queues
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

from parlour.engine.errors import ParlourError

log = logging.getLogger("parlour.web")

#: seconds a bot's search may wait for a worker before the bot plays by rule of thumb instead
BUSY_AFTER = 1.0
#: how much lower a worker process's priority is than the server's (``os.nice``): thinking yields to serving
NICENESS = 10
#: the kinds of thinking, as the metrics name them
KINDS = ("bot", "hint", "analysis")


def default_workers() -> int:
    """One fewer worker than the machine has cores (the event loop and the database keep one), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class ThinkingBusy(ParlourError):
    """A request waited longer than its bound for a worker and was withdrawn."""


@dataclass(eq=False)
class _Job:
    kind: str
    share: str
    work: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    queued: float = field(default_factory=time.perf_counter)
    started: bool = False


# -- in the worker -----------------------------------------------------------------------------------
_progress: Any = None


def _start_worker(progress: Any, niceness: int = 0) -> None:
    """A worker's start: where to send an analysis's progress, and (a process) a lower priority than the
    server's, so that on a busy machine the event loop and the database's threads get a core first."""
    global _progress
    _progress = progress
    if niceness:
        try:
            os.nice(niceness)
        except OSError:
            pass


def _analyse(key: tuple[str, int], record: Any, game: Any, seats: list[int], **options: Any) -> Any:
    """``analyse_record`` in a worker, its progress sent back through the pool's queue."""
    from parlour.bots.analysis import analyse_record

    sink, last = _progress, [(0, 0)]

    def report(done: int, total: int) -> None:
        last[0] = (done, total)
        if sink is not None:
            sink.put((key, done, total))

    rows = analyse_record(record, game, seats, progress=report, **options)
    return rows, last[0]


def decide_in_worker(bot: Any, state: Any, seat: int) -> tuple[str, Any]:
    """A bot's decision; the bot comes back too where it keeps a random stream (a search bot keeps none)."""
    from parlour.bots import decide

    action = decide(bot, state, seat)
    return action, None if getattr(bot, "stateless", False) else bot


# -- in the server -----------------------------------------------------------------------------------
class Thinker:
    """The server's budget of thinking: ``workers`` workers, shared in turn between the shares that wait."""

    def __init__(self, workers: int | None = None, *, busy_after: float = BUSY_AFTER, processes: bool = True):
        self.workers = max(1, workers if workers is not None else default_workers())
        self.busy_after = busy_after
        self.processes = processes
        self.shares: OrderedDict[str, deque[_Job]] = OrderedDict()
        self.running: dict[str, int] = {kind: 0 for kind in KINDS}
        self.pool: Executor | None = None
        self.closing = False
        #: (table, seat) -> (decisions judged, decisions in all), sent by the analyses in the workers
        self.progress: dict[tuple[str, int], tuple[int, int]] = {}
        self._reports: Any = None
        self._reader: threading.Thread | None = None
        #: called with (kind, seconds waited) as each request starts (``Metrics.thinking_wait``)
        self.on_start: Callable[[str, float], None] = lambda kind, seconds: None

    # -- what the metrics read --------------------------------------------------------------------
    def queued(self, kind: str) -> int:
        return sum(1 for jobs in self.shares.values() for job in jobs if job.kind == kind)

    def busy(self) -> int:
        return sum(self.running.values())

    # -- asking -------------------------------------------------------------------------------------
    async def think(self, kind: str, share: str, work: Callable[..., Any], *args: Any,
                    wait_at_most: float | None = None) -> Any:
        """``work(*args)`` in a worker once the share's turn comes; ``ThinkingBusy`` if it has not begun
        within ``wait_at_most`` seconds (it is then withdrawn).  Cancelling the caller withdraws a request
        not yet begun."""
        job = _Job(kind, share, work, args, asyncio.get_running_loop().create_future())
        self.shares.setdefault(share, deque()).append(job)
        self._dispatch()
        try:
            if wait_at_most is None:
                return await asyncio.shield(job.future)
            done, _ = await asyncio.wait([job.future], timeout=wait_at_most)
            if not done and not job.started:
                self._withdraw(job)
                raise ThinkingBusy(f"no worker was free within {wait_at_most:g} s")
            return await asyncio.shield(job.future)
        except asyncio.CancelledError:
            if not job.started:
                self._withdraw(job)
            raise

    def _withdraw(self, job: _Job) -> None:
        jobs = self.shares.get(job.share)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            if not jobs:
                del self.shares[job.share]
        if not job.future.done():
            job.future.cancel()

    def _dispatch(self) -> None:
        """Start waiting requests while workers are free, taking one from each share in turn."""
        while self.shares and self.busy() < self.workers:
            share, jobs = next(iter(self.shares.items()))
            job = jobs.popleft()
            if jobs:
                self.shares.move_to_end(share)     # its next request waits for every other share's turn
            else:
                del self.shares[share]
            job.started = True
            self.running[job.kind] += 1
            self.on_start(job.kind, time.perf_counter() - job.queued)
            try:
                running = asyncio.get_running_loop().run_in_executor(self._pool(), job.work, *job.args)
            except (BrokenExecutor, RuntimeError) as error:     # a worker died: the next request starts afresh
                self._broken(error)
                running = asyncio.get_running_loop().create_future()
                running.set_exception(ThinkingBusy("the thinking workers stopped; they are started again"))
            running.add_done_callback(partial(self._finished, job))

    def _finished(self, job: _Job, done: asyncio.Future[Any]) -> None:
        self.running[job.kind] -= 1
        if not job.future.done():
            if done.cancelled():
                job.future.cancel()
            elif isinstance(done.exception(), BrokenExecutor):
                self._broken(done.exception())
                job.future.set_exception(ThinkingBusy("the thinking workers stopped; they are started again"))
            elif done.exception() is not None:
                job.future.set_exception(done.exception())   # type: ignore[arg-type]
            else:
                job.future.set_result(done.result())
            if not job.future.cancelled():
                job.future.exception()      # heard here: its caller may have gone (a table stopped meanwhile)
        self._dispatch()

    def _broken(self, error: BaseException | None) -> None:
        """A worker process died (killed, out of memory): the pool is dropped, and the next request starts one."""
        if not self.closing:
            log.error("a thinking worker stopped (%s); the workers are started again", error)
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=False)
            self.pool = None

    # -- the workers ----------------------------------------------------------------------------------
    def _pool(self) -> Executor:
        """The workers, started when first needed (again after ``close``)."""
        if self.pool is None:
            self.closing = False
            if self.processes:
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(["parlour.bots", "parlour.bots.search", "parlour.bots.analysis",
                                                "parlour.games"])
                self._reports = context.SimpleQueue()
                self.pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_start_worker,
                                                initargs=(self._reports, NICENESS))
                self._reader = threading.Thread(target=self._read_reports, args=(self._reports,),
                                                name="parlour-thinking-progress", daemon=True)
                self._reader.start()
            else:
                self._reports = queues.SimpleQueue()
                _start_worker(self._reports)
                self.pool = ThreadPoolExecutor(self.workers, thread_name_prefix="parlour-thinking")
                self._reader = threading.Thread(target=self._read_reports, args=(self._reports,),
                                                name="parlour-thinking-progress", daemon=True)
                self._reader.start()
        return self.pool

    def _read_reports(self, reports: Any) -> None:
        while True:
            try:
                item = reports.get()
            except (EOFError, OSError):
                return
            if item is None:
                return
            key, done, total = item
            self.progress[key] = (done, total)

    def close(self) -> None:
        """The server stops: what waits is dropped, a worker process is stopped (a thread finishes its work)."""
        self.closing = True
        for jobs in self.shares.values():
            for job in jobs:
                if not job.future.done():
                    job.future.cancel()
        self.shares.clear()
        if self.pool is not None:
            pool, self.pool = self.pool, None
            # the server stops: a search under way is not waited for (an analysis may run for minutes); its
            # process ends now, so that the pool's queues are closed before the server's process exits
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()
            pool.shutdown(wait=isinstance(pool, ProcessPoolExecutor), cancel_futures=True)
        if self._reports is not None:
            try:
                self._reports.put(None)
            except (OSError, ValueError):
                pass
            self._reports = None
