"""Terminal front ends, one module per game, found by game id."""

from __future__ import annotations

from types import ModuleType

from parlour.engine.errors import ParlourError


def frontend(game_id: str) -> ModuleType:
    if game_id == "football-whist":
        from parlour.terminal import football_whist

        return football_whist
    if game_id == "squadron-scramble":
        from parlour.terminal import squadron_scramble

        return squadron_scramble
    raise ParlourError(f"{game_id} cannot be played in the terminal yet")
