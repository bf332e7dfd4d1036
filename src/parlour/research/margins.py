"""Each game's running margin for a seat: what a per-step reward pays the change of.

A game's result (+1, -1, 0) comes only at its end, after a hundred decisions
in Football Whist and thousands in Squadron Scramble; a learner gets on
faster with a signal on the way.  The margin is the seat's standing in the
game's own count against the best of the rest, read from ``state.result()``
(the public score, never a hidden card), so its change at a step says how
the seat's position moved:

* Football Whist: the goals of the seat's partnership less the other's
  (a goal for is +1, against -1).
* Squadron Scramble: the seat's total less the highest other total, over the
  points to win (the ``target`` variant, 250 by default).
* The asking game: regions the seat has laid less the most laid by another,
  over the 9 regions.
* The sets game: the seat's score (cards laid less cards held) less the best
  other score, over the 43 cards.

The margin is zero at the deal in every game, so the changes over a whole
game add up to the margin at its end.  ``docs/research.md`` documents it.
"""

from __future__ import annotations

from typing import Any, Callable

#: the regions of Britain in the British Towns pack, and its cards
REGIONS = 9
CARDS = 43


def _football_whist(state: Any, seat: int) -> float:
    goals = state.result()["goals"]
    side = "AB"[seat % 2]
    return float(goals[side] - goals["B" if side == "A" else "A"])


def _by_seat(key: str, scale: Callable[[Any], float]) -> Callable[[Any, int], float]:
    """The margin of a game whose result keeps one number per seat under ``key``, by seat name."""

    def margin(state: Any, seat: int) -> float:
        values = list(state.result()[key].values())
        others = values[:seat] + values[seat + 1:]
        return (values[seat] - max(others)) / scale(state)

    return margin


MARGINS: dict[str, Callable[[Any, int], float]] = {
    "football-whist": _football_whist,
    "squadron-scramble": _by_seat("totals", lambda state: float(state.variant["target"])),
    "british-towns-asking": _by_seat("regions", lambda state: float(REGIONS)),
    "british-towns-sets": _by_seat("scores", lambda state: float(CARDS)),
}


def margin(state: Any, seat: int) -> float:
    """The seat's margin now (see the module's docstring); refused for a game that has none."""
    try:
        of = MARGINS[state.game.id]
    except KeyError:
        raise ValueError(f"{state.game.title} has no per-step margin") from None
    return of(state, seat)
