"""The Squadron Scramble pack, loaded from ``data/planes.json``.

Inside the rules a card is an int: plane ``p`` in view ``v`` is ``3 * p + v``
(0-47), the three KEEP 'EM FLYING cards are 48-50 and VICTORY is 51.  The three
KEEP 'EM FLYING cards look alike, so their text is the same (``KEF``); they
keep separate ints only so that every physical card can be followed.
Outside the rules a card is its text: plane code and view letter (``P38/T``),
``KEF`` or ``VIC``.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any, Final


@cache
def pack_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/planes.json").read_text("utf-8"))
    return data


_DATA: Final = pack_data()
VIEWS: Final[tuple[str, ...]] = tuple(v["code"] for v in _DATA["views"])
VIEW_NAMES: Final[tuple[str, ...]] = tuple(v["name"] for v in _DATA["views"])
PLANES: Final[tuple[dict[str, Any], ...]] = tuple(_DATA["planes"])
PLANE_CODES: Final[tuple[str, ...]] = tuple(p["code"] for p in PLANES)
NATIONS: Final[tuple[str, ...]] = tuple(n["code"] for n in _DATA["nations"])
NATION_NAMES: Final[dict[str, str]] = {n["code"]: n["name"] for n in _DATA["nations"]}
ALLIANCE_OF_NATION: Final[dict[str, str]] = {
    code: alliance
    for alliance, names in _DATA["alliances"].items()
    for code, name in NATION_NAMES.items()
    if name in names
}
KIND_POINTS: Final[dict[str, int]] = {kind: info["points"] for kind, info in _DATA["kinds"].items()}

NUM_PLANES: Final = len(PLANES)
NATURALS: Final = NUM_PLANES * len(VIEWS)
KEF_IDS: Final = tuple(range(NATURALS, NATURALS + _DATA["wild"]["KEF"]["count"]))
VIC_ID: Final = NATURALS + len(KEF_IDS)
NUM_CARDS: Final = VIC_ID + 1
KEF: Final = "KEF"
VIC: Final = "VIC"
WILD_PENALTY: Final[dict[str, int]] = {KEF: _DATA["wild"]["KEF"]["penalty"], VIC: _DATA["wild"]["VIC"]["penalty"]}

CARD_TEXT: Final[tuple[str, ...]] = tuple(
    [f"{PLANE_CODES[c // 3]}/{VIEWS[c % 3]}" for c in range(NATURALS)] + [KEF] * len(KEF_IDS) + [VIC]
)
NATURAL_OF_TEXT: Final[dict[str, int]] = {CARD_TEXT[c]: c for c in range(NATURALS)}
IS_WILD: Final[tuple[bool, ...]] = tuple(c >= NATURALS for c in range(NUM_CARDS))
IS_KEF: Final[tuple[bool, ...]] = tuple(c in KEF_IDS for c in range(NUM_CARDS))
PLANE_OF: Final[tuple[int, ...]] = tuple(c // 3 if c < NATURALS else -1 for c in range(NUM_CARDS))
POINTS_OF_PLANE: Final[tuple[int, ...]] = tuple(KIND_POINTS[p["kind"]] for p in PLANES)
IS_BOMBER: Final[tuple[bool, ...]] = tuple(p["kind"] == "bomber" for p in PLANES)
ALLIANCE_OF_PLANE: Final[tuple[str, ...]] = tuple(ALLIANCE_OF_NATION[p["nation"]] for p in PLANES)


def hand_penalty(card: int) -> int:
    """What a card left in hand costs at the end of a round."""
    if card == VIC_ID:
        return WILD_PENALTY[VIC]
    if IS_WILD[card]:
        return WILD_PENALTY[KEF]
    return POINTS_OF_PLANE[PLANE_OF[card]]


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


@cache
def _plane_names() -> dict[str, int]:
    names: dict[str, int] = {}
    for i, plane in enumerate(PLANES):
        for name in (plane["code"], plane["name"], *plane["aliases"]):
            names[_squash(name)] = i
        # the name without its maker: "Lockheed P-38 Lightning" -> "P-38 Lightning"
        names.setdefault(_squash(plane["name"].split(" ", 1)[-1]), i)
    return names


@cache
def _nation_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for nation in _DATA["nations"]:
        for name in (nation["code"], nation["name"], *nation["aliases"]):
            names[_squash(name)] = nation["code"]
    return names


def plane_from_name(text: str) -> int | None:
    """The plane a person meant: ``P-38``, ``Lightning``, ``lockheed p38`` all give the P-38."""
    return _plane_names().get(_squash(text))


def nation_from_name(text: str) -> str | None:
    return _nation_names().get(_squash(text))


def card_name(card: int) -> str:
    """A card as a player names it: ``the Dornier Do 26 (side view)``, ``a KEEP 'EM FLYING card``."""
    if card == VIC_ID:
        return f"the {_DATA['wild'][VIC]['name']} card"
    if IS_WILD[card]:
        return f"a {_DATA['wild'][KEF]['name']} card"
    return f"the {PLANES[PLANE_OF[card]]['name']} ({VIEW_NAMES[card % 3]} view)"


def name_of_text(text: str) -> str:
    """``card_name`` of a card given by its text (``P38/T``, ``KEF``, ``VIC``)."""
    return card_name(CARD_TEXT.index(text))


def describe(card: int) -> str:
    if card == VIC_ID:
        return "VICTORY (wild; doubles its set)"
    if IS_WILD[card]:
        return "KEEP 'EM FLYING (wild)"
    plane = PLANES[PLANE_OF[card]]
    return f"{plane['name']}, {VIEW_NAMES[card % 3]} view ({plane['kind']})"
