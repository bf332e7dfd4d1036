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
"""

from __future__ import annotations

import math
import random
from typing import Sequence

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
