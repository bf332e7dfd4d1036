"""Searches over short lists of card ints, quick in both forms of the rules.

A hand is a short list of small ints.  In the compiled form (built by the
install; ``parlour.compiled``) a loop over a ``list[int]`` compares machine ints, while the
list's own methods (``in``, ``index``, ``remove``) and ``bisect`` compare
through Python's generic protocol: several times the work for a hand of ten
cards, and a call to ``bisect`` costs more than the search.  In the Python
sources it is the other way round: there the names below are bound to the
library's own functions (``operator.contains``, ``list.remove``, ``bisect``),
which search in C with no Python call around them, and compiled they are
these plain loops.
"""

from __future__ import annotations

import operator
from bisect import bisect_left, insort

from parlour.engine.state import COMPILED


def holds(cards: list[int], card: int) -> bool:
    """Whether ``card`` is in ``cards`` (``card in cards``)."""
    for held in cards:
        if held == card:
            return True
    return False


def remove_card(cards: list[int], card: int) -> None:
    """Take the first ``card`` out of ``cards`` (``cards.remove(card)``: a ValueError if there is none)."""
    for at in range(len(cards)):
        if cards[at] == card:
            cards.pop(at)
            return
    raise ValueError(f"{card} is not in the list")


def first_at_least(cards: list[int], card: int, start: int = 0) -> int:
    """Where the first card not below ``card`` is in the sorted ``cards``, from ``start`` on (``bisect_left``);
    ``len(cards)`` if there is none."""
    for at in range(start, len(cards)):
        if cards[at] >= card:
            return at
    return len(cards)


def insert_sorted(cards: list[int], card: int, start: int = 0) -> None:
    """Put ``card`` into the sorted ``cards``, after any equal to it, at ``start`` or later (``insort``)."""
    at = start
    end = len(cards)
    while at < end and cards[at] <= card:
        at += 1
    cards.insert(at, card)


def without(cards: list[int], gone: tuple[int, ...]) -> list[int]:
    """The ``cards`` that are not in ``gone``, in order."""
    if not COMPILED:
        return [c for c in cards if c not in gone]
    kept: list[int] = []
    for held in cards:
        for card in gone:
            if held == card:
                break
        else:
            kept.append(held)
    return kept


def offered(options: tuple[str, ...], action: object) -> bool:
    """Whether ``action`` is one of ``options`` (``action in options``), looking first for the very string
    (a bot or front end passes back one of the strings it was offered), then for an equal one."""
    for option in options:
        if option is action:
            return True
    return action in options


if not COMPILED:
    # The Python sources: the library's own functions, which search in C (the same arguments, the same result).
    globals().update(holds=operator.contains, offered=operator.contains, remove_card=list.remove,
                     first_at_least=bisect_left, insert_sorted=insort)
