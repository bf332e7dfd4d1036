"""``/api/games``: the games, their seats, bots and variant options, and their equipment's data files."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from fastapi import APIRouter

from parlour.bots import bot_catalogue, bot_names, default_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.games import GAMES
from parlour.web.bodies import JSONRoute
from parlour.web.deps import GameDep
from parlour.web.models import BotInfo, GameInfo, VariantOption

router = APIRouter(prefix="/api/games", tags=["games"], route_class=JSONRoute)


def describe(game: GameDescriptor) -> GameInfo:
    return GameInfo(
        id=game.id, title=game.title, summary=game.summary, seat_counts=list(game.seat_counts),
        seat_names={n: list(game.seat_names(n)) for n in game.seat_counts},
        seat_count_notes=dict(game.seat_count_notes), bots=bot_names(game),
        bot_catalogue=[BotInfo(**b) for b in bot_catalogue(game)], default_bot=default_bot(game),
        real_time=game.real_time, rules=f"/rules/{game.id}",
        variants=[VariantOption(**o.to_dict()) for o in game.variants],
    )


@router.get("")
def games() -> list[GameInfo]:
    return [describe(g) for g in GAMES.values()]


@router.get("/{game_id}")
def game(game: GameDep) -> GameInfo:
    return describe(game)


@router.get("/{game_id}/data")
def game_data(game: GameDep) -> dict[str, Any]:
    """The game's equipment as its data files give it (pack, pitch, towns), reconstructed facts marked.

    Each ``data/NAME.json`` of the game's package comes under NAME: the browser draws from the same files
    the rules load.
    """
    if not game.data_package:
        return {}
    folder = resources.files(game.data_package).joinpath("data")
    return {entry.name[:-5]: json.loads(entry.read_text("utf-8"))
            for entry in sorted(folder.iterdir(), key=lambda e: e.name) if entry.name.endswith(".json")}
