"""The British Towns pack, loaded from ``data/towns.json``.

Inside the rules a card is an int: towns 0-33 in file order, then the nine
REGION cards.  Outside, a town is its code (``CREWE``, ``MENAI-BRIDGE``) and a
region card is ``R`` and its number (``R7``).  The KEY card is never dealt: its
content, the regions and how many towns each has, is public to everyone.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, Final

from parlour.engine.errors import ActionSyntaxError


@cache
def pack_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/towns.json").read_text("utf-8"))
    return data


_DATA: Final = pack_data()
TOWNS: Final[tuple[dict[str, Any], ...]] = tuple(_DATA["towns"])
REGIONS: Final[tuple[dict[str, Any], ...]] = tuple(_DATA["regions"])
REGION_NUMBERS: Final[tuple[int, ...]] = tuple(r["number"] for r in REGIONS)
NUM_TOWNS: Final = len(TOWNS)
REGION_CARD: Final[dict[int, int]] = {r: NUM_TOWNS + i for i, r in enumerate(REGION_NUMBERS)}
NUM_CARDS: Final = NUM_TOWNS + len(REGIONS)
CARD_TEXT: Final[tuple[str, ...]] = tuple([t["code"] for t in TOWNS] + [f"R{r}" for r in REGION_NUMBERS])
CARD_OF_TEXT: Final[dict[str, int]] = {text: card for card, text in enumerate(CARD_TEXT)}
REGION_OF: Final[tuple[int, ...]] = tuple([t["region"] for t in TOWNS] + list(REGION_NUMBERS))
IS_REGION_CARD: Final[tuple[bool, ...]] = tuple(c >= NUM_TOWNS for c in range(NUM_CARDS))
TOWNS_OF: Final[dict[int, tuple[int, ...]]] = {
    r: tuple(c for c in range(NUM_TOWNS) if REGION_OF[c] == r) for r in REGION_NUMBERS
}
CARDS_OF: Final[dict[int, frozenset[int]]] = {r: frozenset(TOWNS_OF[r] + (REGION_CARD[r],)) for r in REGION_NUMBERS}


def key_card() -> list[dict[str, Any]]:
    """What the KEY card shows: each region's number, name and number of towns."""
    return [{"region": r["number"], "name": r["name"], "towns": len(TOWNS_OF[r["number"]])} for r in REGIONS]


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


@cache
def _names() -> dict[str, str]:
    names = {}
    for text in CARD_TEXT:
        names[_squash(text)] = text
    for town in TOWNS:
        names[_squash(town["name"])] = town["code"]
        names[_squash(town["name"].split("(")[0])] = town["code"]
    for r in REGION_NUMBERS:
        names[f"region{r}"] = f"R{r}"
    return names


def parse_card(text: str) -> str:
    """A card as a person might write it: ``Crewe``, ``menai bridge``, ``St. Andrews``, ``Region 7``."""
    found = _names().get(_squash(text))
    if found is None:
        raise ActionSyntaxError(
            f"{text!r} is not a card of this pack: type a town's name, such as 'Crewe', or a region card as "
            "'region' and its number, such as 'region 7'"
        )
    return found


def region_name(region: int) -> str:
    """A region as a player names it: ``Scotland (region 9)``, its name and the number on its cards."""
    name: str = REGIONS[REGION_NUMBERS.index(region)]["name"]
    if name.startswith("The "):
        name = "the " + name[4:]            # said in the middle of a sentence
    return f"{name} (region {region})"


def card_name(card: int) -> str:
    """A card as a player names it: the town (``Crewe``), or ``the region card of Scotland``.

    (One name for a region card, the browser's too: "the region card of" and the region's name as the key has it.)
    """
    if IS_REGION_CARD[card]:
        region: str = REGIONS[REGION_NUMBERS.index(REGION_OF[card])]["name"]
        return "the region card of " + ("the " + region[4:] if region.startswith("The ") else region)
    name: str = TOWNS[card]["name"]
    return name


def describe(card: int) -> str:
    if IS_REGION_CARD[card]:
        region = REGION_OF[card]
        towns = ", ".join(TOWNS[t]["name"] for t in TOWNS_OF[region])
        return f"Region {region}: {REGIONS[REGION_NUMBERS.index(region)]['name']} ({towns})"
    town = TOWNS[card]
    others = ", ".join(TOWNS[t]["name"] for t in TOWNS_OF[town["region"]] if t != card)
    parts = [f"{town['name']} (Region {town['region']}; with {others})"]
    if town["population"]:
        parts.append(f"pop. {town['population']:,}")
    if town["note"]:
        parts.append(town["note"])
    if town["confidence"] != "sourced":
        parts.append(f"[{town['confidence']}]")
    return " - ".join(parts)
