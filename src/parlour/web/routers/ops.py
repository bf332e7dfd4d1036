"""For the people who run the server: ``/metrics`` for Prometheus and ``/healthz`` for a load balancer.

``/healthz`` answers 200 while the database answers (and, on PostgreSQL, while this process hears
the others' moves); otherwise 503 with the reason, so a load balancer sends players elsewhere.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST

from parlour.web.deps import MetricsDep, StoreDep, TablesDep
from parlour.web.models import Health

router = APIRouter(tags=["operations"])
#: seconds the database has to answer before the server is reported unhealthy
PING_TIMEOUT = 5.0


@router.get("/metrics", response_class=Response,
            responses={200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "Prometheus' text format"}})
def metrics(metrics: MetricsDep) -> Response:
    """Live tables, connections, moves (and moves a second), move latency, database errors, dropped sockets."""
    return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)


@router.get("/healthz", response_model=Health,
            responses={503: {"model": Health, "description": "the database (or the listener) is down"}})
async def healthz(store: StoreDep, tables: TablesDep, metrics: MetricsDep) -> Health | JSONResponse:
    """Whether this process can serve: its database answers, and on PostgreSQL it hears the other processes."""
    try:
        await asyncio.wait_for(asyncio.to_thread(store.ping), PING_TIMEOUT)
    except Exception as error:
        metrics.database_errors.labels("ping").inc()
        reason = "no answer in time" if isinstance(error, asyncio.TimeoutError) else str(error).splitlines()[0]
        return _unwell(Health(status="unavailable", database="down", detail=f"the database does not answer: {reason}"))
    if tables.listener is not None and not tables.listener.up:
        return _unwell(Health(status="unavailable", database="ok", listening=False,
                              detail="not hearing the other server processes' moves (reconnecting)"))
    return Health(status="ok", database="ok", listening=tables.listener.up if tables.listener else None)


def _unwell(health: Health) -> JSONResponse:
    return JSONResponse(health.model_dump(), status_code=503)
