"""The web app: HTTP for the lobby, the rules and finished games; a WebSocket per seat for play.

Pages are static files (plain HTML, CSS and ES modules, no build step) that
talk to the JSON API.  The server decides everything: legality, hidden
information, the bots' moves, the seed and the log.  This module only
assembles the app, as FastAPI's "Bigger Applications" does: the routes are in
``routers/`` (one module per resource), what goes over the wire in
``models.py``, the tables in memory in ``registry.py`` (given to routes as a
dependency, ``deps.py``), request bodies are read in ``bodies.py`` and
refusals answered in ``errors.py``.  ``/metrics`` and ``/healthz`` (``routers/ops.py``)
are for the people who run the server; ``logs.py`` gives every log record its
request or table.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any, Callable

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from parlour.store import Store
from parlour.store.tournaments import Tournaments
from parlour.tournaments.drive_card import FONT_URL, FONTS
from parlour.web import errors, logs, origins
from parlour.web.advice import Advisor
from parlour.web.bodies import BodyLimit
from parlour.web.deps import CreationLimit
from parlour.web.live import LiveTable
from parlour.web.metrics import Metrics, RouteMetrics
from parlour.web.models import socket_schemas
from parlour.web.origins import AllowedHosts, SameOrigin
from parlour.web.registry import LEASE, MAX_BOT_TABLES, MAX_MOVES, Tables
from parlour.web.routers import cycles, drives, games, ops, pages, replays, tables
from parlour.web.routers.pages import STATIC
from parlour.web.sockets import SocketCaps
from parlour.web.tournaments import Carrier

#: how many tables, tournaments and rematches one client address may make (``limits``' notation)
CREATION_LIMIT = "30/minute"


def create_app(store: Store | None = None, *, bot_delay: float = 0.6,
               clock: Callable[[], float] = time.monotonic, allow_origins: Iterable[str] = (),
               creation_limit: str | None = CREATION_LIMIT, max_bot_tables: int = MAX_BOT_TABLES,
               max_moves: int = MAX_MOVES, lease: float = LEASE, advisor: Advisor | None = None,
               creator_seeds: bool = False, sockets: SocketCaps | None = None,
               host_names: Iterable[str] = (), max_search_tables: int | None = None) -> FastAPI:
    """``bot_delay`` paces bots in turn-by-turn games; ``clock`` drives real-time games (tests speed it up).

    ``allow_origins``: other sites whose pages may use this server (its own always may); ``creation_limit``
    per client address (None: no limit, for a load benchmark on one address); ``max_bot_tables``: tables of
    bots alone in play at once; ``max_moves``: a table that has not ended after so many moves is closed, and
    says why; ``lease``: seconds a process holds a table's bots without renewing (several processes on
    PostgreSQL); ``advisor``: the expert's hints and analyses, with their budgets (``web.advice``);
    ``creator_seeds`` keeps a creator's seed even at a table where others play (``registry._seed_for``);
    ``sockets``: the caps on play sockets per seat, table and client address (``web.sockets``; the defaults if
    None); ``host_names``: the only names the server answers to in ``Host`` (none given: any, for development;
    ``origins.AllowedHosts``); ``max_search_tables``: tables with a search bot in play at once (None:
    ``registry.SEARCH_TABLES_PER_WORKER`` per thinking worker; the workers are the ``advisor``'s ``thinker``).
    """
    store = store or Store()
    tournaments = Tournaments(store)
    metrics = Metrics()

    def enter_result(table: LiveTable) -> None:
        if not table.abandoned:                   # a table closed before its end has no result to enter
            tournaments.enter_finished(table.id, table.meta, table.state)
            doc_id = table.meta.get("drive") or table.meta.get("cycle")
            if doc_id:
                carrier.poke_threadsafe(doc_id)   # the bots' next round, if they play it

    registry = Tables(store, bot_delay=bot_delay, clock=clock, on_finish=enter_result, metrics=metrics,
                      lease=lease, max_bot_tables=max_bot_tables, max_moves=max_moves, advisor=advisor,
                      creator_seeds=creator_seeds, max_search_tables=max_search_tables)

    carrier = Carrier(tournaments, store, registry)
    health = ops.HealthCheck(store)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await registry.start()
        await carrier.start()                     # the tournaments whose bots play go on
        yield
        carrier.close()
        await registry.close()
        health.close()

    app = FastAPI(title="Parlour", docs_url="/api/docs", openapi_url="/api/openapi.json", lifespan=lifespan,
                  strict_content_type=True)        # a body must say it is JSON: no form post from another site
    app.state.store = store
    app.state.tables = registry
    app.state.tournaments = tournaments
    app.state.carrier = carrier
    app.state.metrics = metrics
    app.state.health = health               # /healthz's test write, in a thread of its own
    app.state.sockets = sockets or SocketCaps()
    app.state.creation_limit = CreationLimit(MovingWindowRateLimiter(MemoryStorage()),
                                             parse(creation_limit) if creation_limit else None)
    app.add_middleware(SameOrigin, allowed=list(allow_origins))
    names = origins.host_names(host_names)      # ValueError for a bad pattern, before the server starts
    if names:
        app.add_middleware(AllowedHosts, names=names)   # outside SameOrigin: Host is checked before Origin is
                                                        # compared with it
    app.add_middleware(BodyLimit)               # no body past the limit reaches anything
    app.middleware("http")(logs.requests)       # every request is logged, refusals included
    app.add_middleware(RouteMetrics, metrics=metrics)   # outermost: each route's time and answers
    errors.install(app)
    for router in (games.router, tables.router, replays.router, drives.router, cycles.router):
        app.include_router(router, responses=errors.REFUSALS)
    app.include_router(pages.router)
    app.include_router(cycles.sheets, responses=errors.REFUSALS)
    app.include_router(ops.router)
    describe = app.openapi

    def openapi() -> dict[str, Any]:
        """The HTTP API as FastAPI describes it (made once, then kept), and the play socket's messages beside it."""
        if app.openapi_schema is None:
            describe().setdefault("components", {}).setdefault("schemas", {}).update(socket_schemas())
        return describe()

    app.openapi = openapi  # type: ignore[method-assign]
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # the typeface of the printable score cards, which name it by this address
    app.mount(FONT_URL.rstrip("/"), StaticFiles(directory=FONTS), name="card-fonts")
    return app
