"""British Towns bots, each reading only its seat's observation.

``RememberingBot`` (the asking game) replays the public history of asks and
answers to work out who must hold which card, asks first where it is sure,
and otherwise asks the player most likely to have the card.

``SetsBot`` (the regional-sets game) keeps the regions it is closest to
completing, takes a discard only when it helps, and throws the card it is
least likely to use.  When the game stalls, because each player hoards part
of a region another needs while the rest of the pack goes round and round,
it gives up the regions it cannot finish, or else varies its discards at
random (see ``SetsBot.gone_by``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from parlour.engine.players import SeatedPlayer
from parlour.games.british_towns.pack import CARD_OF_TEXT, CARDS_OF, REGION_CARD, REGION_OF, TOWNS_OF


def gone_round(history: Sequence[tuple[int, str]], discards: Sequence[int], stock_size: int,
               seats: int) -> tuple[bool, set[int]]:
    """Whether the whole pack outside the hands has gone by since anyone last laid or added a card, and the cards
    seen going by since (those discarded, and the pile as it lies): what every player at the table sees.  The club
    player (``SetsBot.gone_by``) and the expert's search (``search_sets.candidates``) both read a stall by it."""
    turns, seen = 0, set(discards)
    for _, action in reversed(history):
        verb, _, card = action.partition(" ")
        if verb in ("lay", "add"):
            break
        if verb == "discard":
            turns += 1
            seen.add(CARD_OF_TEXT[card])
    return turns > stock_size + len(discards) + seats, seen


class RememberingBot(SeatedPlayer):
    def beliefs(self, obs: dict[str, Any]) -> tuple[dict[int, int], dict[int, set[int]], dict[int, set[int]]]:
        """From the public asks: who surely holds a card, who surely does not, who holds each region."""
        holder: dict[int, int] = {}
        lacks: dict[int, set[int]] = {}
        region_holders: dict[int, set[int]] = {}
        for ask in obs["asks"]:
            card = CARD_OF_TEXT[ask["card"]]
            region_holders.setdefault(REGION_OF[card], set()).add(ask["asker"])
            if ask["got"]:
                holder[card] = ask["asker"]
                lacks[card] = set()
            else:
                lacks.setdefault(card, set()).update({ask["asked"], ask["asker"]})
                if holder.get(card) in (ask["asked"], ask["asker"]):
                    del holder[card]
        return holder, lacks, region_holders

    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        names = obs["seat_names"]
        holder, lacks, region_holders = self.beliefs(obs)
        mine = Counter(REGION_OF[CARD_OF_TEXT[c]] for c in obs["hand"])
        players_in = [s for s in range(len(names)) if not obs["out"][s] and s != self.seat]

        def score(action: str) -> tuple[float, int, float]:
            _, name, text = action.split()
            asked, card = names.index(name), CARD_OF_TEXT[text]
            if holder.get(card) == asked:
                chance = 1.0
            elif card in holder and holder[card] != self.seat:
                chance = 0.0
            else:
                possible = [s for s in players_in if s not in lacks.get(card, set())]
                chance = 1.0 / len(possible) if asked in possible else 0.0
                if asked in region_holders.get(REGION_OF[card], set()):
                    chance *= 1.5     # he has asked for this region, so he holds some of it
            return (chance, mine[REGION_OF[card]], self.rng.random())

        return max(legal, key=score)


class SetsBot(SeatedPlayer):
    def _need(self, hand: list[int], region: int) -> int:
        """Cards still missing before this region can be laid."""
        towns = set(TOWNS_OF[region])
        have = len(towns & set(hand)) + (REGION_CARD[region] in hand)
        return max(0, len(towns) - have)

    @staticmethod
    def gone_by(obs: dict[str, Any]) -> set[int] | None:
        """When the game has stalled, the cards seen going by since; otherwise ``None``.

        The sheet ends the game only when a hand cannot be made up to seven,
        so players who each keep back towns the other needs would draw and
        throw the rest of the pack round for ever.  A player notices it: the
        whole pack outside the hands has gone by since anyone last laid or
        added a card.
        """
        went_round, seen = gone_round(obs["history"], [CARD_OF_TEXT[c] for c in obs["discards"]], obs["stock_size"],
                                      len(obs["seat_names"]))
        return seen if went_round else None

    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        hand = [CARD_OF_TEXT[c] for c in obs["hand"]]
        laid_anywhere = {int(r) for sets in obs["sets"] for r in sets}
        lays = [a for a in legal if a.startswith("lay ")]
        if lays:
            return lays[0]
        if obs["phase"] == "draw":
            top = CARD_OF_TEXT[obs["discards"][-1]] if obs["discards"] else None
            if top is not None and "take discard" in legal and REGION_OF[top] not in laid_anywhere:
                region = REGION_OF[top]
                if self._need(hand, region) < self._need([c for c in hand if c != top], region) or \
                        self._need(hand + [top], region) < self._need(hand, region) and self._need(hand, region) <= 2:
                    return "take discard"
            return "draw stock" if "draw stock" in legal else legal[0]
        if "done" in legal:
            return "done"
        discards = [a for a in legal if a.startswith("discard ")]
        held = Counter(REGION_OF[c] for c in hand)
        gone_by = self.gone_by(obs)

        def blocked(region: int) -> bool:
            """Stalled, and none of the cards this region lacks went by: another player keeps them."""
            return gone_by is not None and not (CARDS_OF[region] - set(hand)) & gone_by

        def keep(action: str) -> tuple[int, int, int, float]:
            card = CARD_OF_TEXT[action.split()[1]]
            region = REGION_OF[card]
            dead = region in laid_anywhere     # another player's region: this card is useless here
            if blocked(region):
                # Change course: give the hoarded region up (the smallest hoard first) for him to finish.
                return (0 if dead else 1, 0, held[region], self.rng.random())
            return (0 if dead else 1, 1, -self._need(hand, region), self.rng.random())

        if gone_by is not None and not any(blocked(REGION_OF[c]) for c in hand) and self.rng.random() < 0.5:
            # Stalled with no hoard to give up: vary the discard at random, so that no circle can last.
            live = [a for a in discards if REGION_OF[CARD_OF_TEXT[a.split()[1]]] not in laid_anywhere]
            return self.rng.choice(live or discards)
        return min(discards, key=keep)



class NewcomerAskingBot(SeatedPlayer):
    """A model of a newcomer to the asking game: the default opponent's measure, and its slips (docs/arena.md).

    He knows the rules and asks the obvious way: for a card he lacks of the
    region he holds most of, of any player who still has cards, at random.  He
    keeps no track of who may hold what, but he remembers two things every
    player at the table does: who told him no, and who handed a card over.  He
    does not ask a player again for a card that player said he lacked when he
    himself asked, nor ask a player for a card the whole table heard that
    player give up, unless the player has since won it back (where every ask
    of his region is one of those, he asks at random among them).  It reads
    only its seat's observation.
    """

    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        names = obs["seat_names"]
        refused: set[tuple[int, str]] = set()     # (player, card): he does not hold it, as far as he remembers
        for ask in obs["asks"]:
            if ask["got"]:
                refused.discard((ask["asker"], ask["card"]))
                refused.add((ask["asked"], ask["card"]))     # heard it go: he gave it up
            elif ask["asker"] == self.seat:
                refused.add((ask["asked"], ask["card"]))
        mine = Counter(REGION_OF[CARD_OF_TEXT[c]] for c in obs["hand"])
        most = max(mine.values())
        region = self.rng.choice(sorted(r for r, n in mine.items() if n == most))
        asks = [a for a in legal if REGION_OF[CARD_OF_TEXT[a.split()[2]]] == region]
        fresh = [a for a in asks if (names.index(a.split()[1]), a.split()[2]) not in refused]
        return self.rng.choice(fresh or asks)


class NewcomerSetsBot(SeatedPlayer):
    """A model of a newcomer to the sets game, for tuning its default opponent (docs/arena.md); no menu offers it.

    He knows the rules and plays the obvious move: he takes the top discard when
    it plainly brings a set of his nearer (he holds two or more of its region, or
    it is the region card of a region he holds any of), else draws from the
    stock; he lays a set as soon as he can; and he throws a card of the region he
    holds fewest of, but never the last card of a set another player has laid
    while he has any other card to throw (that is a card given away, and anyone
    at the table sees it).  He pays no other heed to what the others have laid
    or take.  Ties go at random.  It reads only its seat's observation.
    """

    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        held, theirs = _held_and_laid(obs, self.seat)
        if obs["phase"] == "draw":
            top = CARD_OF_TEXT[obs["discards"][-1]] if obs["discards"] else None
            if "take discard" in legal and top is not None and REGION_OF[top] not in theirs:
                region = REGION_OF[top]
                if held[region] >= 2 or (held[region] >= 1 and top == REGION_CARD[region]):
                    return "take discard"
            return "draw stock" if "draw stock" in legal else legal[0]
        laid = _lay_first(legal)
        if laid:
            return laid
        discards = [a for a in legal if a.startswith("discard ")]
        # A card of a region another player has laid is the last card of his set: thrown, it is his.
        safe = [a for a in discards if REGION_OF[CARD_OF_TEXT[a.split()[1]]] not in theirs]
        return min(safe or discards, key=lambda a: (held[REGION_OF[CARD_OF_TEXT[a.split()[1]]]], self.rng.random()))


class SimpleSetsBot(SeatedPlayer):
    """A simpler person than the newcomer, for measuring the default opponent (docs/arena.md); no menu offers it.

    Modelled on review 26a's player, who lost both his finished games against the casual player: he takes the top
    discard whenever he holds a card of its region (a region no one else has laid), lays a set as soon as he can, and
    throws a card of the region he holds fewest of, ties at random, but never the card he has just taken (no one
    takes a card to throw it straight back).  Unlike the newcomer he pays no heed to the sets the others have
    laid: a card of one of their regions is, to him, just a lonely card.  It reads only its seat's observation.
    """

    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        held, theirs = _held_and_laid(obs, self.seat)
        if obs["phase"] == "draw":
            top = CARD_OF_TEXT[obs["discards"][-1]] if obs["discards"] else None
            if "take discard" in legal and top is not None and REGION_OF[top] not in theirs and held[REGION_OF[top]]:
                return "take discard"
            return "draw stock" if "draw stock" in legal else legal[0]
        laid = _lay_first(legal)
        if laid:
            return laid
        discards = [a for a in legal if a.startswith("discard ")]
        history, seen = obs["history"], obs["seen_in_hands"][self.seat]
        # (the card the table saw go into his hand last, his last move being that take)
        just_taken = seen[-1] if history and tuple(history[-1]) == (self.seat, "take discard") and seen else None
        others = [a for a in discards if a.split()[1] != just_taken] or discards
        return min(others, key=lambda a: (held[REGION_OF[CARD_OF_TEXT[a.split()[1]]]], self.rng.random()))


def _held_and_laid(obs: dict[str, Any], seat: int) -> tuple[Counter[int], set[int]]:
    """The seat's cards counted by region, and the regions the other players have laid (the simple bots' reading)."""
    held = Counter(REGION_OF[CARD_OF_TEXT[c]] for c in obs["hand"])
    return held, {int(r) for s, sets in enumerate(obs["sets"]) if s != seat for r in sets}


def _lay_first(legal: Sequence[str]) -> str | None:
    """A set laid as soon as one can be, then the turn's laying ended: the simple bots' middle of a turn."""
    lays = [a for a in legal if a.startswith("lay ")]
    return lays[0] if lays else "done" if "done" in legal else None
