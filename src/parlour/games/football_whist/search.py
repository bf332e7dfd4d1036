"""Football Whist's help for the search bots: a quick rollout policy and the value of a result.

Random rollouts make poor forecasts here: a random trick winner wanders the
ball about the pitch.  The rollout policy below plays as a hurried club
player would (win a trick cheaply when the partner is not already winning it,
otherwise throw the lowest card; move the ball toward the goal one's side
attacks), with a dash of randomness so that rollouts differ.  It reads only
the world it is handed, and it chooses among the legal actions the rules
give: it decides nothing about legality.

A won match is worth +1 to both partners and a drawn one 0, and each goal of
margin adds a little, so that among lost causes the search still prefers the
narrower defeat.

The hint and the analysis judge a position their own way (``JUDGE``): every
move is played out in the same worlds with the same dice
(``parlour.bots.search.paired``), and a play-out stops a trick after the one
in hand (``horizon``), where a table of the results of many matches played by
this policy values the position (``estimate``: the half, the tricks played,
the goal lead, the ball's position and the side to lead; built by
bench/fw_values.py into data/values.json).  A match's end is too far away to
tell a trick won from a trick given away in a few hundred play-outs; the start
of the next trick but one is not.
"""

from __future__ import annotations

import json
import math
import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence

from parlour.games.football_whist.cards import NUMBER_OF, TEAM_OF
from parlour.games.football_whist.rules import (
    DECODE,
    MOVE,
    PITCH,
    PLAY,
    FootballWhistState,
    attacked_goal,
    trick_winner,
)

#: the chance that a rollout move is random rather than the policy's
NOISE = 0.1
#: how the hint and the analysis judge a position (``parlour.bots.analysis``): every move played out in the same
#: worlds with the same dice (``parlour.bots.search.paired``), so that the gap between two moves is measured
#: world by world rather than lost in the spread of a match's results
JUDGE: str | None = "paired"
DISTANCE = PITCH.distance
#: each team's cards, lowest first
TEAM_CARDS: dict[int, list[int]] = {}
for _each in range(len(TEAM_OF)):
    TEAM_CARDS.setdefault(TEAM_OF[_each], []).append(_each)


def rollout_action(state: FootballWhistState, seat: int, legal: Sequence[str], rng: random.Random) -> str:
    if len(legal) == 1:
        return legal[0]
    if rng.random() < NOISE:
        return rng.choice(legal)
    verb = DECODE[legal[0]][0]
    if verb == PLAY:
        return _card(state, seat, legal)
    if verb == MOVE:
        goal = attacked_goal(seat % 2, state.half)
        return min(legal, key=lambda a: (DISTANCE[DECODE[a][1] or state.ball][goal], rng.random()))
    return rng.choice(legal)


def _card(state: FootballWhistState, seat: int, legal: Sequence[str]) -> str:
    master = state.master
    cards = [DECODE[a][1] for a in legal]

    def cheap(card: int) -> tuple[bool, int]:
        return (TEAM_OF[card] == master, NUMBER_OF[card])

    trick = state.trick
    if not trick:
        return legal[max(range(len(cards)), key=lambda i: (TEAM_OF[cards[i]] != master, NUMBER_OF[cards[i]]))]
    led = state.led_team
    best = trick_winner(trick, led, master)
    partner_winning = (state.leader + best) % 2 == seat % 2
    if not partner_winning:
        winners = [i for i, c in enumerate(cards) if trick_winner([*trick, c], led, master) == len(trick)]
        if winners:
            return legal[min(winners, key=lambda i: cheap(cards[i]))]
    return legal[min(range(len(cards)), key=lambda i: cheap(cards[i]))]


def evaluate(state: FootballWhistState) -> list[float]:
    a_lead = state.goals[0] - state.goals[1]
    a = 0.8 * (a_lead > 0) - 0.8 * (a_lead < 0) + 0.2 * math.tanh(a_lead / 2)
    return [a, -a, a, -a]


def alike(state: FootballWhistState, seat: int, legal: Sequence[str]) -> list[list[str]]:
    """The cards among ``legal`` that are one card for the rest of the half: groups of two or more.

    Two cards of one team in the seat's hand are alike when every card of that team numbered between
    them is in the same hand or already gone in a finished trick of this half: whichever is played, the
    other stays, and it beats and loses to the same cards, now and later (a card's number counts for
    nothing but the tricks).  A card in the trick on the table keeps them apart (one may beat it and the
    other not).  It reads only the seat's own hand and the tricks everyone saw."""
    gone = {card for _, cards, _ in state.tricks[state.half - 1] for card in cards}
    held = set(state.hands[seat])
    by_team: dict[int, list[tuple[int, str]]] = {}
    for action in legal:
        verb, card = DECODE[action]
        if verb == PLAY:
            by_team.setdefault(TEAM_OF[card], []).append((card, action))
    groups: list[list[str]] = []
    for cards in by_team.values():
        cards.sort(key=lambda pair: NUMBER_OF[pair[0]])
        run = [cards[0]]
        for card, action in cards[1:]:
            low, high = NUMBER_OF[run[-1][0]], NUMBER_OF[card]
            between = [c for c in TEAM_CARDS[TEAM_OF[card]] if low < NUMBER_OF[c] < high]
            if all(c in held or c in gone for c in between):
                run.append((card, action))
            else:
                if len(run) > 1:
                    groups.append([a for _, a in run])
                run = [(card, action)]
        if len(run) > 1:
            groups.append([a for _, a in run])
    return groups


def cell(state: FootballWhistState, coarse: bool = False) -> str:
    """The key of ``state`` (at the start of a trick) in the table of values: the half, the tricks played in it,
    partners A's goal lead (-4 to 4), the side to lead and, unless ``coarse``, the ball's position."""
    lead = max(-4, min(4, state.goals[0] - state.goals[1]))
    key = f"{state.half}/{len(state.tricks[state.half - 1])}/{lead}/{'AB'[state.turn % 2]}"
    return key if coarse else f"{key}/{state.ball}"


@lru_cache(maxsize=1)
def _values() -> dict[str, Any]:
    cells: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "values.json").read_text())["cells"]
    return cells


#: how many matches' worth of its coarser cell's value a cell's own value is blended with (a cell seldom reached
#: leans on the coarser one, without the ball's position; one reached often keeps its own)
PRIOR = 100
#: how many tricks the hint's play-outs finish after the one in hand before the table values the position
TRICKS_AHEAD = 1


def _finished(state: FootballWhistState) -> int:
    """Tricks over so far this match."""
    return 11 * (state.half - 1) + len(state.tricks[state.half - 1])


def horizon(root: FootballWhistState) -> Callable[[FootballWhistState], bool]:
    """Where the hint's play-outs from ``root`` stop (``parlour.bots.search.paired``): at the start of a trick once
    the trick in hand (the one being played, or about to be led after a move of the ball or a kick-off) and
    ``TRICKS_AHEAD`` more are over, or at the match's end."""
    goal = _finished(root) + TRICKS_AHEAD + (1 if root.phase == PLAY else 0)

    def far(state: FootballWhistState) -> bool:
        return state.phase == PLAY and not state.trick and _finished(state) >= goal

    return far


def estimate(state: FootballWhistState) -> list[float]:
    """The value of a position where a play-out stops: the match's result where it is over, else the mean result of
    the matches that passed through its cell of the table (bench/fw_values.py), blended with its coarser cell's
    (``PRIOR``), and the goal lead alone (``evaluate``) where no match of the table passed that way."""
    if state.is_over or state.phase != PLAY or state.trick:
        return evaluate(state)
    table = _values()
    fine, coarse = table.get(cell(state)), table.get(cell(state, coarse=True))
    if coarse is None:
        return evaluate(state)
    count, own = (0, 0.0) if fine is None else (fine[0], fine[1])
    a = (count * own + PRIOR * coarse[1]) / (count + PRIOR)
    return [a, -a, a, -a]
