"""The sets game's help for the search bots: look ahead to the end of the turn, and value the hands.

Random rollouts of the sets game say little: random players take and throw
cards for hundreds of actions.  So the search looks ahead over the turn in
hand only (``epoch``: the player to move), where the choices are whether to
take the discard or draw, which set to lay and which card to throw, and it
values where the turn leaves each player by the sheet's score (cards laid
less cards held) plus the sets his hand is on its way to (``_prospects``,
a lone card of a region still open counting a little, so that a card of a
region someone has laid goes first), against the best rival's; and the
player about to draw has the top discard as if in hand where it helps him,
so that the search sees what a card it throws gives away (the last card of a set he has laid a whole point: he
must add it).  The lead is read as a chance by a scale fitted to the bots' results, smaller as the stock runs
down (``scale``).  A finished game
is valued by its result.  (Without those two, the expert scored 0.46 against
``heuristic`` over 30 deals at 6000 iterations; with them, 0.70.)

A look-ahead of one turn cannot see a stall: two players who each keep back
towns the other needs throw back every card they draw, and the pack goes
round for ever (review 22a: over 100 turns, the hint still giving 65%).  So
once the game has stalled (the table says so, ``SetsState.stalled``, or as the
club player sees it, the whole pack outside the hands went by since the last
set was laid or added to: what every player sees), ``candidates`` leaves the search only the discards that break
it, as the club player does (``SetsBot.gone_by``), and never the card just
drawn or taken: a card of a region it keeps whose missing cards never went
by (the other player holds them: give up the smallest such hoard), else a
card that has not gone round since the last set.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Sequence

from parlour.games.british_towns.bots import gone_round
from parlour.games.british_towns.pack import CARD_OF_TEXT, CARDS_OF, REGION_OF
from parlour.games.british_towns.sets import DRAW, LAY_NEEDS, PLAY, SetsState

#: a safety net only: a look-ahead ends with the turn
ROLLOUT_LIMIT = 400
#: the points of lead worth about three quarters of a win (``tanh(1)``): ``SCALE`` with the stock and the discards
#: empty, and ``PER_CARD`` more for each card in them, the game left to play (``scale``)
SCALE = 5.5
PER_CARD = 0.2
#: the worth of a card towards a set not yet laid, at its fullest (a set one card short)
PROSPECT = 0.8
#: the worth of the top discard to the player about to draw when it is the last card of a set he has laid: he must
#: add it (ruling S8), a point for certain (review 26a: valued at nothing, the expert's hint chose to throw such a card)
COMPLETES = 1.0


def epoch(state: SetsState) -> int:
    return state.turn


def candidates(state: SetsState, seat: int, legal: Sequence[str]) -> Sequence[str]:
    """Every legal action, but in a stalled game the discards that break the stall (the module's docstring).

    It reads only what the seat knows: its own hand, the sets on the table and the public history.
    """
    if state.phase != PLAY or not all(a.startswith("discard ") for a in legal):
        return legal
    went_round, gone_by = gone_round(state.history, state.discards, len(state.stock), state.num_seats)
    # stalled: the table says so, or (as the club player sees it) the whole pack outside the hands went by
    if not went_round and not state.stalled():
        return legal
    hand = set(state.hands[seat])
    held = Counter(REGION_OF[c] for c in state.hands[seat])
    laid = {r for sets in state.sets for r in sets}

    def card(action: str) -> int:
        return CARD_OF_TEXT[action.split()[1]]

    # never the card just drawn or taken straight back: that is the loop itself
    drawn = _just_drawn(state, seat)
    options = [a for a in legal if card(a) != drawn] or list(legal)

    # a region of his, not laid, whose missing cards never went by: the other keeps them, so give it up (the smallest
    # hoard first, as the club player does)
    def hoarded(region: int) -> bool:
        return region not in laid and not (CARDS_OF[region] - hand) & gone_by

    hoards = [a for a in options if hoarded(REGION_OF[card(a)])]
    if hoards:
        least = min(held[REGION_OF[card(a)]] for a in hoards)
        return [a for a in hoards if held[REGION_OF[card(a)]] == least]
    fresh = [a for a in options if card(a) not in gone_by]
    return fresh or options


def _just_drawn(state: SetsState, seat: int) -> int | None:
    """The card the seat drew or took from the discards this turn, if it knows it (it always does: it saw it)."""
    if not state.history or state.history[-1][0] != seat:
        return None
    if state.history[-1][1] == "take discard":
        for _, action in reversed(state.history[:-1]):
            if action.startswith("discard "):
                return CARD_OF_TEXT[action.split()[1]]
        return None
    if state.history[-1][1] == "draw stock":
        drawn = state._own_cards(seat)[1]
        return drawn[-1] if drawn else None
    return None


def _prospects(state: SetsState, seat: int, extra: int | None = None) -> float:
    """The cards of the hand (and ``extra``) on their way to a set no one else has laid, each by how near."""
    taken = {r for s, sets in enumerate(state.sets) if s != seat for r in sets}
    held: dict[int, int] = {}
    for card in state.hands[seat] if extra is None else [*state.hands[seat], extra]:
        region = REGION_OF[card]
        if region not in taken:
            held[region] = held.get(region, 0) + 1
    return sum(PROSPECT * k * min(1.0, k / LAY_NEEDS[r]) for r, k in held.items())


def standing(state: SetsState) -> list[float]:
    """Each player's points as the search weighs them: the sheet's score now (cards laid less cards held) plus
    his hand's prospects, the player about to draw counting what the top discard gives him."""
    scores: list[float] = list(state._scores())
    if state.is_over:
        return scores
    prospects = [_prospects(state, s) for s in range(len(scores))]
    if state.phase == DRAW and state.discards:
        # The player about to draw may take the top discard: a card thrown to him is worth what it
        # adds to his hand's prospects (less the card it will cost him to throw); the last card of a set he
        # has laid he must add to it (ruling S8), a point laid for certain.
        s, top = state.turn, state.discards[-1]
        if state._completes(s, top) is not None:
            prospects[s] += COMPLETES
        else:
            prospects[s] = max(prospects[s], _prospects(state, s, top) - PROSPECT / 4)
    return [v + p for v, p in zip(scores, prospects, strict=True)]


def scale(state: SetsState) -> float:
    """The points of lead worth about three quarters of a win here: a lead counts for more as the game nears its
    end, with fewer cards left to draw (fitted to the results of the bots' games: bench/sets_valuation.py)."""
    return SCALE + PER_CARD * (len(state.stock) + len(state.discards))


def evaluate(state: SetsState) -> list[float]:
    scores = standing(state)
    spread = scale(state)
    values = []
    for s, mine in enumerate(scores):
        rival = max(t for o, t in enumerate(scores) if o != s)
        if state.is_over:
            values.append(1.0 if mine > rival else (0.0 if mine == rival else -1.0))
        else:
            values.append(math.tanh((mine - rival) / spread))
    return values
