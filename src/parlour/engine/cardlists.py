"""Searches over short lists of card ints, quick in both forms of the rules.

A hand is a short list of small ints.  In the compiled build (``make
compiled``) a loop over a ``list[int]`` compares machine ints, while the
list's own methods (``in``, ``index``, ``remove``) and ``bisect`` compare
through Python's generic protocol: several times the work for a hand of ten
cards, and a call to ``bisect`` costs more than the search.  In the Python
sources it is the other way round, so each function here runs the library's
own search there, and its plain loop compiled.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from parlour.engine.state import COMPILED


def index_of(cards: list[int], card: int, start: int = 0) -> int:
    """Where ``card`` first is in ``cards`` (from ``start`` on); -1 if it is not there."""
    if not COMPILED:
        return cards.index(card, start) if card in cards else -1
    for at in range(start, len(cards)):
        if cards[at] == card:
            return at
    return -1


def first_at_least(cards: list[int], card: int, start: int = 0) -> int:
    """Where the first card not below ``card`` is in the sorted ``cards``, from ``start`` on (``bisect_left``);
    ``len(cards)`` if there is none."""
    if not COMPILED:
        return bisect_left(cards, card, start)
    for at in range(start, len(cards)):
        if cards[at] >= card:
            return at
    return len(cards)


def insert_sorted(cards: list[int], card: int, start: int = 0) -> None:
    """Put ``card`` into the sorted ``cards``, after any equal to it, at ``start`` or later (``insort``)."""
    if not COMPILED:
        insort(cards, card, start)
        return
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
    """Whether ``action`` is one of ``options``, compiled: first by identity (a bot or front end passes back
    one of the very strings it was offered), then by value.  (The Python sources' ``in`` is quicker than
    this call: the hot paths call it only compiled.)"""
    for option in options:
        if option is action:
            return True
    return action in options
