"""The game registry: every front end finds games here by id, never by import."""

from __future__ import annotations

from typing import Any, Callable

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import UnknownGame
from parlour.engine.record import GameRecord, replay as _replay
from parlour.games.biggles import GAME as BIGGLES
from parlour.games.british_towns import ASKING as BRITISH_TOWNS_ASKING, SETS as BRITISH_TOWNS_SETS
from parlour.games.football_whist import GAME as FOOTBALL_WHIST
from parlour.games.squadron_scramble import GAME as SQUADRON_SCRAMBLE

GAMES: dict[str, GameDescriptor] = {
    game.id: game
    for game in (FOOTBALL_WHIST, SQUADRON_SCRAMBLE, BRITISH_TOWNS_ASKING, BRITISH_TOWNS_SETS, BIGGLES)
}


def get_game(game_id: str) -> GameDescriptor:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"no game called {game_id!r} (Parlour has: {known})") from None


def replay(
    record: GameRecord, *, upto: int | None = None, on_step: Callable[[int, Any], None] | None = None
) -> Any:
    """Replay a record with the game it names; see ``parlour.engine.record.replay``."""
    return _replay(record, get_game(record.game), upto=upto, on_step=on_step)
