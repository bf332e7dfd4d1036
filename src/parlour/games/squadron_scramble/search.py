"""Squadron Scramble's help for the search bots: look ahead to the end of the turn.

A game runs to 250 points over many rounds, far too long for a rollout, so the
look-ahead ends with the turn in hand (``epoch``: the round and the player to
move), and the position is valued by how each player's total, with the round
counted as if it ended there, stands against the best rival's; the wild cards
and pairs a hand is building with are not counted against it (``_promise``:
counted, the search threw them first, and scored 0.34 against ``heuristic``
over 40 single-round deals at 2000 iterations, against 0.55 without).  (Rollouts of
a few turns of hurried play said less: an expert looking ahead to the end of
the round scored 0.28 against ``heuristic`` over 40 single-round deals, one
looking over its turn 0.41, and ten times faster.)  Rollouts
play as a hurried collector: draw mostly from the stock, put cards on the
table whenever the rules allow, shoot down a bomber when one can, discard at
random.  A laid set's plane is named rightly: naming is a test of the player's
eye, which the bot is taken to pass, so the search never wastes itself on the
wrong names; and cards go on the table before any discard (``candidates``).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Sequence

from parlour.games.squadron_scramble.cards import IS_WILD, PLANE_OF, PLANES, hand_penalty
from parlour.games.squadron_scramble.rules import DRAW, NAME, PLAY, SHOOT, SquadronScrambleState

#: a safety net: actions a rollout may take before the position is valued (the turn ends well before)
ROLLOUT_LIMIT = 60
#: points of lead that are worth about three quarters of a win
SCALE = 80.0


def epoch(state: SquadronScrambleState) -> tuple[int, int]:
    return (state.round_no, state.turn)


def _right_name(state: SquadronScrambleState) -> str:
    laid = state._open_set(state.pending)
    plane = PLANES[laid["plane"]]
    return f"name {plane['code']} {plane['nation']}"


def candidates(state: SquadronScrambleState, seat: int, legal: Sequence[str]) -> Sequence[str]:
    """The moves worth searching: the right name, and cards put on the table before any discard.

    A set in hand only costs its holder if someone goes out, and a search of a
    few hundred iterations cannot see that far: it would hold sets back for no
    gain.  So while a set can be laid, a card added or a wild card swapped, the
    search chooses among those (which to lay, with which wild cards), and it
    picks a discard only once the table has had what the hand can give it.
    """
    if state.phase == NAME:
        return (_right_name(state),)
    if state.phase == PLAY:
        building = [a for a in legal if not a.startswith("discard ")]
        if building:
            return building
    return legal


def rollout_action(state: SquadronScrambleState, seat: int, legal: Sequence[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == NAME:
        return _right_name(state)
    if phase == DRAW:
        if "draw stock" in legal and rng.random() < 0.7:
            return "draw stock"
        return "take 1" if rng.random() < 0.8 else rng.choice(legal)
    if phase == PLAY:
        building = [a for a in legal if not a.startswith("discard ")]
        if building and rng.random() < 0.9:
            return rng.choice(building)
        discards = [a for a in legal if a.startswith("discard ")]
        return rng.choice(discards or legal)
    if phase == SHOOT:
        shots = [a for a in legal if a != "hold"]
        return rng.choice(shots) if shots else legal[0]
    return rng.choice(legal)


def _promise(state: SquadronScrambleState, seat: int) -> int:
    """What the round's score, counted now, takes off for cards that are not dead weight yet.

    A wild card and a pair of one plane cost their holder only if the round
    ends before he puts them down, and they are what his next sets are made
    of; counted at their full cost, the search would throw them away first.
    """
    hand = state.hands[seat]
    held = Counter(PLANE_OF[card] for card in hand if not IS_WILD[card])
    return sum(hand_penalty(card) for card in hand if IS_WILD[card] or held[PLANE_OF[card]] > 1)


def evaluate(state: SquadronScrambleState) -> list[float]:
    if state.is_over:
        return state.returns()
    totals = list(state.totals)
    if state.phase != "over" and state.round_no == len(state.round_scores):
        # mid-round: count the round as if it ended now (sets laid for, cards in hand against), but for
        # the cards the hand is building with
        totals = [t + state._round_score(s) + _promise(state, s) for s, t in enumerate(totals)]
    values = []
    for s, mine in enumerate(totals):
        rival = max(t for o, t in enumerate(totals) if o != s)
        values.append(math.tanh((mine - rival) / SCALE))
    return values
