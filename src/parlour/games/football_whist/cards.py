"""The pack, loaded from ``data/pack.json``.

A card is an int ``team * 11 + (number - 1)`` inside the rules, because the hot
loop of a playout compares and filters thousands of cards a second; everything
outside the rules sees its text form, team letter then number (``E7``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Final

PER_TEAM: Final = 11


@cache
def pack_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/pack.json").read_text("utf-8"))
    return data


TEAM_CODES: Final[tuple[str, ...]] = tuple(team["code"] for team in pack_data()["teams"])
TEAM_NAMES: Final[tuple[str, ...]] = tuple(team["name"] for team in pack_data()["teams"])
NUM_CARDS: Final = len(TEAM_CODES) * PER_TEAM
CARD_TEXT: Final[tuple[str, ...]] = tuple(f"{TEAM_CODES[c // PER_TEAM]}{c % PER_TEAM + 1}" for c in range(NUM_CARDS))
CARD_OF_TEXT: Final[dict[str, int]] = {text: card for card, text in enumerate(CARD_TEXT)}
TEAM_OF: Final[tuple[int, ...]] = tuple(c // PER_TEAM for c in range(NUM_CARDS))
NUMBER_OF: Final[tuple[int, ...]] = tuple(c % PER_TEAM + 1 for c in range(NUM_CARDS))


def team_index(code_or_name: str) -> int:
    """Index of a team given its letter or name, any case."""
    wanted = code_or_name.strip().lower()
    for i, (code, name) in enumerate(zip(TEAM_CODES, TEAM_NAMES, strict=True)):
        if wanted in (code.lower(), name.lower()):
            return i
    raise KeyError(code_or_name)


def card_name(card: int) -> str:
    """Short name for people, as a player says it: ``England 9``."""
    return f"{TEAM_NAMES[TEAM_OF[card]]} {NUMBER_OF[card]}"


def describe(card: int) -> str:
    """Long name for people: ``England 9, centre forward`` (with a known player's name)."""
    data = pack_data()
    number = NUMBER_OF[card]
    text = f"{TEAM_NAMES[TEAM_OF[card]]} {number}, {data['positions']['by_number'][str(number)]}"
    for player in data["named_players"]:
        if player["team"] == TEAM_CODES[TEAM_OF[card]] and player["number"] == number:
            text += f" ({player['name']})"
    return text
