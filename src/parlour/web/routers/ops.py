"""For the people who run the server: ``/metrics`` for Prometheus and ``/healthz`` for a load balancer.

``/healthz`` answers 200 while the database takes a write (and, on PostgreSQL, while this process hears
the others' moves); otherwise 503 with the reason, so a load balancer sends players elsewhere.

What it checks is what players need: a real write, committed (``Store.probe``), not a read, since a
database that answers a ``SELECT`` may still refuse every move (a full disk, a read-only file, a standby).
And it answers from a thread of its own (``HealthCheck``): the shared thread pool also runs the bots'
searches and every other store call, and a health check queued behind them would report a busy server
as a dead one, or a dead one late.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST

from parlour.store import Store
from parlour.web.deps import MetricsDep, TablesDep
from parlour.web.models import Health

router = APIRouter(tags=["operations"])
log = logging.getLogger("parlour.web")
#: seconds the database has to take the test write before the server is reported unhealthy
PROBE_TIMEOUT = 5.0


class HealthCheck:
    """The database's test write, made in a thread of its own, one at a time.

    A check asked for while one is under way waits for that one rather than queueing another: a database
    that hangs holds one thread, however often the load balancer asks.
    """

    def __init__(self, store: Store, timeout: float = PROBE_TIMEOUT):
        self.store = store
        self.timeout = timeout
        self.executor: ThreadPoolExecutor | None = None         # made at the first check, again after ``close``
        self.running: asyncio.Future[None] | None = None

    async def write(self) -> None:
        """Returns once the test write is committed; raises its error, or ``TimeoutError`` after ``timeout``."""
        loop = asyncio.get_running_loop()
        if self.running is None or self.running.done() or self.running.get_loop() is not loop:
            if self.executor is None:
                self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-health")
            self.running = loop.run_in_executor(self.executor, self.store.probe)
        await asyncio.wait_for(asyncio.shield(self.running), self.timeout)

    def close(self) -> None:
        """The server stops: its thread goes (a write under way is not waited for)."""
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        self.executor = self.running = None


def _health(request: Request) -> HealthCheck:
    check: HealthCheck = request.app.state.health
    return check


HealthDep = Annotated[HealthCheck, Depends(_health)]


@router.get("/metrics", response_class=Response,
            responses={200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "Prometheus' text format"}})
def metrics(metrics: MetricsDep) -> Response:
    """Live tables, connections, moves (and moves a second), move latency, database errors, dropped sockets."""
    return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)


@router.get("/healthz", response_model=Health,
            responses={503: {"model": Health, "description": "the database takes no write (or the listener is down)"}})
async def healthz(check: HealthDep, tables: TablesDep, metrics: MetricsDep) -> Health | JSONResponse:
    """Whether this process can serve: its database takes a write, and on PostgreSQL it hears the other processes.

    The reason a write failed (the database's own words, which name its file or host) goes to the log only."""
    try:
        await check.write()
    except Exception as error:
        metrics.database_errors.labels("ping").inc()
        timed_out = isinstance(error, asyncio.TimeoutError)
        log.warning("/healthz: the database took no write: %s", "no answer in time" if timed_out else error)
        reason = (f"no write within {check.timeout:g} s" if timed_out
                  else "a test write failed (the server's log has the reason)")
        return _unwell(Health(status="unavailable", database="down", detail=f"the database does not answer: {reason}"))
    if tables.listener is not None and not tables.listener.up:
        return _unwell(Health(status="unavailable", database="ok", listening=False,
                              detail="not hearing the other server processes' moves (reconnecting)"))
    return Health(status="ok", database="ok", listening=tables.listener.up if tables.listener else None)


def _unwell(health: Health) -> JSONResponse:
    return JSONResponse(health.model_dump(), status_code=503)
