"""Fewer games for the same answer: the luck of the draw taken out of each game's result (after AIVAT).

A game's result is skill, seat and luck.  Duplicate play (``parlour.lab.deals``)
takes out the luck of the deal; what is left is mostly the luck of the cards
drawn later.  This module measures that luck as it happens and subtracts it,
as AIVAT does for poker (Burch, Schmid, Moravčík, Morrill and Bowling, 2018),
at the chance events only:

At every draw from the stock, the game's own valuation (its search
``evaluate(state)``: a value a seat in [-1, 1], turned into a share in
[0, 1]) is taken of the position after the card actually drawn and of the
position after each card that could have been drawn (every card then in the
stock, each equally likely: the stock is a shuffle no player has seen, and no
bot reads it).  The draw's *luck* for a seat is the first less the mean of the
others.  Whatever the valuation, a draw's luck has mean zero given everything
before it, so the luck summed over a game has mean zero too, and a seat's
result less any fixed multiple of its luck has the same mean as its result:
**the correction cannot bias the answer**; a good valuation only makes it
vary less.  The multiple (``beta``) is the regression of result on luck,
fitted on the other half of the deals (cross-fitting), so that it is never
fitted on the deals it corrects.

Games with a stock drawn from (``state.stock``, top card last, and a ``draw
stock`` action) and a valuation: Squadron Scramble and the sets game.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Sequence

from parlour.engine.descriptor import GameDescriptor
from parlour.lab.intervals import mean_interval

#: the action that draws the stock's top card
DRAW = "draw stock"


def valuation(game: GameDescriptor) -> Callable[[Any], Sequence[float]] | None:
    """The game's own ``evaluate(state)`` from its search module, where it has one and a stock to draw from."""
    if not game.search or game.play_game is not None:
        return None
    module = importlib.import_module(game.search.partition(":")[0])
    evaluate = getattr(module, "evaluate", None)
    return evaluate if callable(evaluate) else None


def corrects(game: GameDescriptor) -> bool:
    """Whether the lab can take the luck of the draw out of this game's results."""
    return game.id in ("british-towns-sets", "squadron-scramble") and valuation(game) is not None


def draw_luck(state: Any, seat: int, evaluate: Callable[[Any], Sequence[float]]) -> list[float] | None:
    """Each seat's luck in ``seat``'s draw from the stock about to be made (None: not a draw of a known card)."""
    stock = getattr(state, "stock", None)
    if not stock or len(stock) < 2:
        return None
    shares = []
    for place in range(len(stock)):
        world = state.clone()
        cards = list(world.stock)
        cards[-1], cards[place] = cards[place], cards[-1]
        world.stock = cards
        world.apply(seat, DRAW)
        shares.append([(v + 1) / 2 for v in evaluate(world)])
    seats = len(shares[0])
    actual = shares[-1]                          # the card on top is the one drawn
    return [actual[s] - sum(row[s] for row in shares) / len(shares) for s in range(seats)]


def corrected_shares(game: GameDescriptor, seats: int, rows: Sequence[Any], position: int = 0,
                     seat: int | None = None) -> dict[str, Any]:
    """The position's share of the wins, plain and with the luck of the draw taken out (cross-fitted beta).

    ``rows`` carry ``luck`` (each seat's summed luck in the game).  ``seat``: the share of that seat (by its
    place at the table, whoever moves first) instead of a position's.  Returns both estimates with their intervals,
    the fitted betas, and the variance ratio: how many times fewer deals the corrected estimate needs.
    """
    from parlour.lab.seats import by_deal, credits

    deals = by_deal(rows)
    plain, luck = [], []
    for games in deals.values():
        at = [seat if seat is not None else (r["first"] + position) % seats for r in games]
        x = [credits(r["winners"], seats)[s] for r, s in zip(games, at, strict=True)]
        lk = [r["luck"][s] for r, s in zip(games, at, strict=True)]
        plain.append(sum(x) / len(x))
        luck.append(sum(lk) / len(lk))
    n = len(plain)
    folds = [list(range(0, n, 2)), list(range(1, n, 2))]
    betas, corrected = [], [0.0] * n
    for k, fold in enumerate(folds):
        other = folds[1 - k]
        beta = _slope([luck[i] for i in other], [plain[i] for i in other])
        betas.append(round(beta, 4))
        for i in fold:
            corrected[i] = plain[i] - beta * luck[i]
    before, after = mean_interval(plain), mean_interval(corrected)
    ratio = (before["sd"] / after["sd"]) ** 2 if before["sd"] and after["sd"] else None
    return {"plain": before, "corrected": after, "beta": betas, "luck": mean_interval(luck),
            "variance_ratio": None if ratio is None else round(ratio, 2)}


def _slope(x: Sequence[float], y: Sequence[float]) -> float:
    n = len(x)
    if n < 2:
        return 0.0
    mx, my = sum(x) / n, sum(y) / n
    sxx = sum((a - mx) ** 2 for a in x)
    return 0.0 if sxx == 0 else sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True)) / sxx
