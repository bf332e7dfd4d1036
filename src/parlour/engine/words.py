"""Wording shared by the rules' messages and the command line (the browser has its own, ``static/words.js``)."""

from __future__ import annotations

from typing import Sequence


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 round"``, ``"2 rounds"``, ``"0 rounds"``; ``many`` for a word that does not just add an s."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def either(items: Sequence[str], joiner: str = "or") -> str:
    """``"a"``, ``"a or b"``, ``"a, b or c"``: a choice (or, with ``joiner="and"``, a list) in words."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def seat_words(seat: int, other: int, seats: int, *, partners: bool = False) -> str:
    """Who ``other`` is, as the player at ``seat`` would say it: ``"the player on your left"``.

    The rules know seats only by number, never by the names people give them,
    and play passes to the left (to ``seat + 1``) in every game, so a refusal
    can say where the player sits.  ``partners``: the player opposite is one's
    partner (Football Whist).
    """
    offset = (other - seat) % seats
    if offset == 0:
        return "you"
    if seats == 2:
        return "your opponent"
    if partners and 2 * offset == seats:
        return "your partner"
    if offset == 1:
        return "the player on your left"
    if offset == seats - 1:
        return "the player on your right"
    if offset <= seats // 2:
        return f"the player {offset} places to your left"
    return f"the player {seats - offset} places to your right"


def not_your_turn(seat: int, turn: int, seats: int, *, partners: bool = False) -> str:
    """The refusal of a move made out of turn, saying whose turn it is in the player's own terms."""
    return f"It is not your turn: wait for {seat_words(seat, turn, seats, partners=partners)}."
