"""What a server process tells Prometheus at ``/metrics``: tables, connections, moves, latency, failures,
each HTTP route's latency and answers, the thinking workers' queues and waits, the database's commits.

Each app has its own ``CollectorRegistry`` (tests make many apps in one process).  Several server
processes are scraped one by one, each at its own ``/metrics``; Prometheus adds them up.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from functools import partial
from typing import Any, Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.process_collector import ProcessCollector

#: seconds over which ``parlour_moves_per_second`` is averaged
WINDOW = 10.0
#: buckets of the move latency histogram, in seconds: what a player would notice starts near 0.1
LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        ProcessCollector(registry=r)
        self.live_tables = Gauge("parlour_live_tables", "Tables in play or watched in this process", registry=r)
        self.connections = Gauge("parlour_connections", "Play sockets open, by kind", ["kind"], registry=r)
        self.moves = Counter("parlour_moves", "Moves stored and applied in this process, by who made them",
                             ["by"], registry=r)
        self.move_seconds = Histogram("parlour_move_seconds",
                                      "From a move's arrival to its acknowledgement (judged, committed, applied, "
                                      "every view queued)", ["by"], buckets=LATENCY, registry=r)
        self.database_errors = Counter("parlour_database_errors", "Failed database operations, by operation",
                                       ["operation"], registry=r)
        self.dropped = Counter("parlour_dropped_connections",
                               "Connections closed by the server: too slow a reader, or too many messages",
                               ["reason"], registry=r)
        self.refused = Counter("parlour_refused_messages", "Socket messages refused for coming too fast",
                               registry=r)
        self.advice = Counter("parlour_advice", "The expert's work: hints given, analyses of finished games made",
                              ["kind"], registry=r)
        self.race_claims = Counter("parlour_race_claims",
                                   "Presses in a race judged by their compensated time (ruling 14), by what befell "
                                   "them: clamped (a claim beyond its measured round trip), held (a contested press "
                                   "waiting for the other's), rolled_back (a late earlier press put back in its "
                                   "place), overtaken (a move undone by one), quota_short (compensation cut by the "
                                   "quota)", ["outcome"], registry=r)
        self.caught_up = Counter("parlour_reloaded_moves",
                                 "Moves another process stored, reloaded into this one's copy of a table",
                                 registry=r)
        self.loop_lag = Histogram("parlour_event_loop_lag_seconds",
                                  "How late the event loop runs a task due now (blocking work or a busy machine)",
                                  buckets=LATENCY, registry=r)
        self.move_delivered = Histogram("parlour_move_delivered_seconds",
                                        "A move's whole path: from its arrival (or a bot's turn) until its view has "
                                        "been sent on the last socket at the table", ["by"], buckets=LATENCY,
                                        registry=r)
        self.commit_seconds = Histogram("parlour_database_commit_seconds",
                                        "How long the database took to commit each batch of moves",
                                        buckets=LATENCY, registry=r)
        self.requests = Histogram("parlour_http_request_seconds",
                                  "HTTP requests' time to answer, by route template (/api/tables/{table_id}...)",
                                  ["route"], buckets=LATENCY, registry=r)
        self.responses = Counter("parlour_http_responses", "HTTP answers by route template and status class (2xx...)",
                                 ["route", "status"], registry=r)
        self.thinking_wait = Histogram("parlour_thinking_wait_seconds",
                                       "How long a bot's search, a hint or an analysis waited for a thinking worker",
                                       ["kind"], buckets=LATENCY, registry=r)
        self.fallbacks = Counter("parlour_bot_fallbacks",
                                 "Bot moves played by rule of thumb because no thinking worker was free in time",
                                 registry=r)
        self._recent: deque[float] = deque()
        Gauge("parlour_moves_per_second", f"Moves in this process over the last {WINDOW:.0f} seconds, a second",
              registry=r).set_function(self._per_second)

    def count_thinking(self, thinker: Any) -> None:
        """Queue depths and busy workers, read from the ``web.thinking.Thinker`` at each scrape."""
        from parlour.web.thinking import KINDS

        queued = Gauge("parlour_thinking_queued", "Searches waiting for a thinking worker, by kind (bot, hint, "
                       "analysis)", ["kind"], registry=self.registry)
        running = Gauge("parlour_thinking_running", "Searches being thought about now, by kind", ["kind"],
                        registry=self.registry)
        for kind in KINDS:
            queued.labels(kind).set_function(partial(_count, thinker.queued, kind))
            running.labels(kind).set_function(partial(_count, thinker.running.__getitem__, kind))
        Gauge("parlour_thinking_workers", "Thinking workers of this process (its budget of thinking)",
              registry=self.registry).set_function(lambda: float(thinker.workers))
        thinker.on_start = lambda kind, seconds: self.thinking_wait.labels(kind).observe(seconds)

    def count_tables(self, live: Callable[[], int]) -> None:
        self.live_tables.set_function(lambda: float(live()))

    def moved(self, by: str, seconds: float) -> None:
        self.moves.labels(by).inc()
        self.move_seconds.labels(by).observe(seconds)
        now = time.monotonic()
        self._recent.append(now)
        while self._recent and self._recent[0] < now - WINDOW:
            self._recent.popleft()

    def _per_second(self) -> float:
        now = time.monotonic()
        while self._recent and self._recent[0] < now - WINDOW:
            self._recent.popleft()
        return len(self._recent) / WINDOW

    async def watch_loop(self, every: float = 0.05) -> None:
        """Measure, for ever, how late the event loop wakes from a short sleep."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(every)
            self.loop_lag.observe(max(0.0, time.perf_counter() - before - every))

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def _count(read: Callable[[str], int], kind: str) -> float:
    return float(read(kind))


class RouteMetrics:
    """ASGI middleware: each HTTP request's time and status class, by the route template that answered it
    (``/api/tables/{table_id}``, never the path itself, so a scan of made-up paths makes one label, "unmatched")."""

    def __init__(self, app: Any, metrics: Metrics):
        self.app, self.metrics = app, metrics

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = [500]

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            route = scope.get("route")
            template = getattr(route, "path", None) or (
                "/static" if scope.get("path", "").startswith("/static/") else "unmatched")
            self.metrics.requests.labels(template).observe(time.perf_counter() - started)
            self.metrics.responses.labels(template, f"{status[0] // 100}xx").inc()
