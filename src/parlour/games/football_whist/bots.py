"""A Football Whist bot that plays like a sensible club player.

It reads only its seat's observation.  At the table it follows, wins a trick
as cheaply as it can, lets a partner's winning card stand, and, when it wins,
moves the ball toward the opponents' goal and onto a badge of a team its side
is long in (the next Master team).
"""

from __future__ import annotations

from typing import Any, Sequence

from parlour.engine.players import SeatedPlayer
from parlour.games.football_whist.cards import CARD_OF_TEXT, CARD_TEXT, NUMBER_OF, TEAM_CODES, TEAM_OF
from parlour.games.football_whist.pitch import default_pitch
from parlour.games.football_whist.rules import trick_winner

PITCH = default_pitch()


class HeuristicBot(SeatedPlayer):
    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        phase = obs["phase"]
        if phase == "play":
            return self._play(obs, legal)
        return self._move(obs, legal)

    # -- cards -------------------------------------------------------------
    def _play(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        master = None if obs["master"] is None else TEAM_CODES.index(obs["master"])
        mine = [CARD_OF_TEXT[a.split()[1]] for a in legal]
        trick = [(seat, CARD_OF_TEXT[text]) for seat, text in obs["trick"]["cards"]]
        low = lambda c: (TEAM_OF[c] == master, NUMBER_OF[c])  # cheapest first, Master cards last
        if not trick:
            return "play " + _text(self._lead(obs, mine, master))
        led = TEAM_OF[trick[0][1]]
        cards = [c for _, c in trick]
        best = trick_winner(cards, led, master)
        winning_seat, winning_card = trick[best]
        partner_winning = winning_seat % 2 == self.seat % 2
        last_to_play = len(trick) == 3
        strong = NUMBER_OF[winning_card] >= 9 or TEAM_OF[winning_card] == master
        if partner_winning and (last_to_play or strong):
            return "play " + _text(min(mine, key=low))
        winners = [c for c in mine if trick_winner([*cards, c], led, master) == len(cards)]
        if winners:
            return "play " + _text(min(winners, key=lambda c: (TEAM_OF[c] == master, NUMBER_OF[c])))
        return "play " + _text(min(mine, key=low))

    def _lead(self, obs: dict[str, Any], mine: list[int], master: int | None) -> int:
        masters = [c for c in mine if TEAM_OF[c] == master]
        # Leading a Master card earns a double move; worth it with a long Master suit.
        if len(masters) >= 3 or (masters and max(NUMBER_OF[c] for c in masters) >= 10):
            return max(masters, key=lambda c: NUMBER_OF[c])
        counts: dict[int, int] = {}
        for c in mine:
            counts[TEAM_OF[c]] = counts.get(TEAM_OF[c], 0) + 1
        others = [c for c in mine if TEAM_OF[c] != master] or mine
        return max(others, key=lambda c: (NUMBER_OF[c] >= 10, counts[TEAM_OF[c]], NUMBER_OF[c]))

    # -- the ball ----------------------------------------------------------
    def _move(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        side = "AB"[self.seat % 2]
        target = obs["attacking"][side]
        own = obs["attacking"]["B" if side == "A" else "A"]
        hand = [CARD_OF_TEXT[t] for t in obs.get("hand", [])]
        length = [0] * len(TEAM_CODES)
        for c in hand:
            length[TEAM_OF[c]] += 1
        moves_left = obs["move"]["moves_left"] if obs.get("move") else 1

        def value(node: str, steps_left: int) -> float:
            if node == target:
                return 1000.0
            score = 10.0 * (PITCH.distance[node][own] - PITCH.distance[node][target])
            team = PITCH.badge.get(node)
            score += 3.0 * length[team] if team is not None else 4.0
            if steps_left > 0:  # a second step will follow: look one further
                nexts = [n for n in PITCH.neighbours[node] if n != own and n != obs["ball"]]
                score = max([score, *(value(n, 0) for n in nexts)])
            return score

        best, best_value = legal[0], float("-inf")
        for action in legal:
            if action.startswith("kick "):
                node = action.split()[1]
                v = value(node, 0)
            elif action == "stay":
                v = value(obs["ball"], 0) + 0.5
            else:
                v = value(action.split()[1], moves_left - 1)
            v += self.rng.random() * 0.01  # break exact ties without favouring list order
            if v > best_value:
                best, best_value = action, v
        return best



def _text(card: int) -> str:
    return CARD_TEXT[card]


class NewcomerBot(SeatedPlayer):
    """A model of a newcomer, for tuning the default opponent in the arena (docs/arena.md); no menu offers it.

    He knows the rules and plays the obvious move, one trick at a time: he leads
    his highest card; following, he plays his highest card that would take the
    trick as it stands, or else his lowest; he pays no heed to his partner, to
    the cards gone, or to which badge the ball lands on, and simply moves the
    ball toward the goal his side attacks (into it when he can).  Ties go at
    random.  It reads only its seat's observation.
    """

    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        if obs["phase"] == "play":
            return self._play(obs, legal)
        target = obs["attacking"]["AB"[self.seat % 2]]

        def distance(action: str) -> tuple[int, float]:
            node = obs["ball"] if action == "stay" else action.split()[1]
            return (PITCH.distance[node].get(target, 99), self.rng.random())

        return min(legal, key=distance)

    def _play(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        master = None if obs["master"] is None else TEAM_CODES.index(obs["master"])
        mine = [CARD_OF_TEXT[a.split()[1]] for a in legal]
        cards = [CARD_OF_TEXT[text] for _, text in obs["trick"]["cards"]]
        high = lambda c: (NUMBER_OF[c], self.rng.random())
        if not cards:
            return "play " + _text(max(mine, key=high))
        led = TEAM_OF[cards[0]]
        winners = [c for c in mine if trick_winner([*cards, c], led, master) == len(cards)]
        if winners:
            return "play " + _text(max(winners, key=high))
        return "play " + _text(min(mine, key=high))
