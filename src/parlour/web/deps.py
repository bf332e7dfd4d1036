"""What routes are given through ``Depends``: the app's store, tables, tournaments and metrics, a game by its id,
the keys that say who may change what, and the limit on how much one client may create.

``create_app`` keeps one of each on ``app.state``; a route names the one it
needs by its type alias (``TablesDep``...), as FastAPI's own template does.

Keys travel as ``Authorization: Bearer KEY``: a drive's or a cycle's
organiser key (``OrganiserDep``), or a seat's key (``SeatDep``).  Reading
needs no key; every change does.
"""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from limits import RateLimitItem
from limits.strategies import RateLimiter
from starlette.requests import HTTPConnection

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.games import get_game
from parlour.store import Store
from parlour.store.tournaments import Tournaments
from parlour.web.metrics import Metrics
from parlour.web.registry import Tables
from parlour.web.sockets import SocketCaps

NO_ORGANISER_KEY = ("changing a tournament needs its organiser key (the organiser link holds it; "
                    "send it as Authorization: Bearer KEY)")
WRONG_ORGANISER_KEY = "that is not this tournament's organiser key: only its organiser may change it"
NO_SEAT_KEY = "this needs the key of a seat at the table (send it as Authorization: Bearer KEY)"
WRONG_SEAT_KEY = "that seat key does not belong to this table"


def _store(connection: HTTPConnection) -> Store:
    store: Store = connection.app.state.store
    return store


def _tables(connection: HTTPConnection) -> Tables:
    tables: Tables = connection.app.state.tables
    return tables


def _tournaments(connection: HTTPConnection) -> Tournaments:
    tournaments: Tournaments = connection.app.state.tournaments
    return tournaments


def _metrics(connection: HTTPConnection) -> Metrics:
    metrics: Metrics = connection.app.state.metrics
    return metrics


def _sockets(connection: HTTPConnection) -> SocketCaps:
    sockets: SocketCaps = connection.app.state.sockets
    return sockets


def game_by_id(game_id: str) -> GameDescriptor:
    """The game a path names; 404 for an unknown id."""
    try:
        return get_game(game_id)
    except ParlourError as error:
        raise HTTPException(404, str(error)) from None


StoreDep = Annotated[Store, Depends(_store)]
TablesDep = Annotated[Tables, Depends(_tables)]
TournamentsDep = Annotated[Tournaments, Depends(_tournaments)]
MetricsDep = Annotated[Metrics, Depends(_metrics)]
SocketsDep = Annotated[SocketCaps, Depends(_sockets)]
GameDep = Annotated[GameDescriptor, Depends(game_by_id)]
Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(HTTPBearer(auto_error=False))]


def key_of(credentials: HTTPAuthorizationCredentials | None, missing: str) -> str:
    if credentials is None or not credentials.credentials:
        raise HTTPException(401, missing, headers={"WWW-Authenticate": "Bearer"})
    return credentials.credentials


def organiser(doc_id: str, store: StoreDep, credentials: Bearer) -> str:
    """The tournament a path names, when the request carries its organiser key (401 without, 403 a wrong one)."""
    store.load_document(doc_id)                           # 404 for a tournament that does not exist
    if not store.is_owner(doc_id, key_of(credentials, NO_ORGANISER_KEY)):
        raise HTTPException(403, WRONG_ORGANISER_KEY)
    return doc_id


def seat_holder(table_id: str, store: StoreDep, credentials: Bearer) -> int:
    """The seat whose key the request carries, at the table the path names (401 without, 403 a wrong one)."""
    store.load(table_id)                                  # 404 for a table that does not exist
    seat = store.seat_of(table_id, key_of(credentials, NO_SEAT_KEY))
    if seat is None:
        raise HTTPException(403, WRONG_SEAT_KEY)
    return seat


OrganiserDep = Annotated[str, Depends(organiser)]
SeatDep = Annotated[int, Depends(seat_holder)]


class CreationLimit:
    """How many tables, tournaments and rematches one client address may make (``limits``' moving window);
    ``per_address`` None lifts the limit (``parlour serve --creation-limit none``, for a load benchmark)."""

    def __init__(self, limiter: RateLimiter, per_address: RateLimitItem | None):
        self.limiter = limiter
        self.per_address = per_address

    def __call__(self, request: Request) -> None:
        if self.per_address is None:
            return
        address = request.client.host if request.client else "unknown"
        if not self.limiter.hit(self.per_address, address):
            reset = self.limiter.get_window_stats(self.per_address, address).reset_time
            wait = max(1, int(reset - time.time()) + 1)
            raise HTTPException(429, f"too many new tables and tournaments from your address (at most "
                                     f"{self.per_address}); try again in {wait} s",
                                headers={"Retry-After": str(wait)})


def creation_allowed(request: Request) -> None:
    """Counts one creation against the client's address; 429 with the wait once it is over the limit."""
    limit: CreationLimit = request.app.state.creation_limit
    limit(request)


Creates = Depends(creation_allowed)
