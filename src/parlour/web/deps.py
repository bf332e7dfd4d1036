"""What routes are given through ``Depends``: the app's store, tables, tournaments and metrics, and a game by its id.

``create_app`` keeps one of each on ``app.state``; a route names the one it
needs by its type alias (``TablesDep``...), as FastAPI's own template does.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException
from starlette.requests import HTTPConnection

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.games import get_game
from parlour.store import Store
from parlour.store.tournaments import Tournaments
from parlour.web.metrics import Metrics
from parlour.web.registry import Tables


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
GameDep = Annotated[GameDescriptor, Depends(game_by_id)]
