"""Terminal front ends, one module per game, found by game id."""

from __future__ import annotations

from types import ModuleType
from typing import Sequence

from parlour.engine.errors import ParlourError


def frontend(game_id: str) -> ModuleType:
    if game_id == "football-whist":
        from parlour.terminal import football_whist

        return football_whist
    if game_id == "squadron-scramble":
        from parlour.terminal import squadron_scramble

        return squadron_scramble
    raise ParlourError(f"{game_id} cannot be played in the terminal yet")


#: longer lists of choices (such as every plane name) are neither printed nor numbered
MAX_LISTED = 30


def numbered_choice(text: str, legal: Sequence[str]) -> str | None:
    """The listed choice a person picked by its number (1-based), if that is what he typed."""
    word = text.strip()
    if len(legal) <= MAX_LISTED and word.isascii() and word.isdecimal() and 1 <= int(word) <= len(legal):
        return legal[int(word) - 1]
    return None
