"""British Towns, the first game: asking for towns, Happy Families fashion.

One phase of play: the player whose turn it is asks another player for a named
card of a region in which he already holds a card.  A player who has it hands
it over and the asker asks again; a player who has not takes the turn.  A
region that someone completes (its REGION card and all its towns) goes face
down in front of him at once.  The game ends when all nine regions are down.

Every ask and its answer is public, and the observation carries that history
so a player, or a bot, can reason from it.  Rulings are in
``docs/rules/british-towns-asking.md``.
"""

from __future__ import annotations

import copy
import random
from bisect import bisect_left, insort
from functools import cache
from operator import itemgetter
from typing import Any

from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction
from parlour.engine.state import State
from parlour.engine.turns import OVER, TurnState
from parlour.games.british_towns.pack import (
    CARD_OF_TEXT,
    CARD_TEXT,
    CARDS_OF,
    NUM_CARDS,
    REGION_NUMBERS,
    REGION_OF,
    key_card,
    parse_card,
)

SEAT_COUNTS = tuple(range(3, NUM_CARDS + 1))     # the sheet: three or more; every player is dealt a card
PLAY = "ask"


@cache
def seat_names(seats: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(seats))


#: each region's cards in card order
SORTED_CARDS_OF: dict[int, tuple[int, ...]] = {r: tuple(sorted(CARDS_OF[r])) for r in REGION_NUMBERS}
#: every card in the order the legal asks list them: by region number, then card
ORDER: tuple[int, ...] = tuple(c for r in sorted(REGION_NUMBERS) for c in SORTED_CARDS_OF[r])
#: card -> its place in ORDER, and region -> the span of its cards' places there
KEY_OF: tuple[int, ...] = tuple(ORDER.index(c) for c in range(NUM_CARDS))
SPAN: dict[int, tuple[int, int]] = {
    r: (KEY_OF[SORTED_CARDS_OF[r][0]], KEY_OF[SORTED_CARDS_OF[r][0]] + len(CARDS_OF[r])) for r in REGION_NUMBERS
}


@cache
def ask_tables(seats: int) -> tuple[tuple[tuple[str, ...], ...], dict[str, tuple[int, int]]]:
    """The text of every ask at a table of ``seats``, ``[asked][place in ORDER]``, and text -> (asked, card).

    Built once per table size, so that the hot loop never formats or parses an ask.
    """
    names = seat_names(seats)
    texts = tuple(tuple(f"ask {names[other]} {CARD_TEXT[c]}" for c in ORDER) for other in range(seats))
    decode = {texts[other][KEY_OF[c]]: (other, c) for other in range(seats) for c in range(NUM_CARDS)}
    return texts, decode


def deal_all(rng: random.Random, seats: int, dealer: int) -> list[list[str]]:
    """Shuffle and deal every card, one at a time from the dealer's left."""
    pack = list(range(NUM_CARDS))
    rng.shuffle(pack)
    hands: list[list[int]] = [[] for _ in range(seats)]
    for i, card in enumerate(pack):
        hands[(dealer + 1 + i) % seats].append(card)
    return [[CARD_TEXT[c] for c in sorted(h)] for h in hands]


def check_deal(deal: Any, seats: int) -> list[list[int]]:
    if not isinstance(deal, dict):
        raise DealError("an asking-game deal is an object with 'dealer' and 'hands'")
    dealer = deal.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise DealError(f"'dealer' must be a seat from 0 to {seats - 1}")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != seats or not all(isinstance(h, list) for h in hands):
        raise DealError(f"'hands' must list one hand for each of the {seats} players")
    seen: set[int] = set()
    out = []
    for seat, hand in enumerate(hands):
        cards = []
        for text in hand:
            if not isinstance(text, str) or text not in CARD_OF_TEXT:
                raise DealError(f"seat {seat}: {text!r} is not a card")
            card = CARD_OF_TEXT[text]
            if card in seen:
                raise DealError(f"{text} is dealt twice")
            seen.add(card)
            cards.append(card)
        out.append(sorted(cards))
    if len(seen) != NUM_CARDS:
        raise DealError(f"every card but the KEY is dealt: {NUM_CARDS} cards, not {len(seen)}")
    sizes = sorted(len(h) for h in out)
    if sizes[-1] - sizes[0] > 1:
        raise DealError("cards are dealt round the table one at a time: hands differ by one card at most")
    return out


class AskingState(TurnState):
    card_text = CARD_TEXT
    example_action = 'ask P2 CREWE'

    def __init__(self, seats: int, variant: dict[str, Any], seed: int | None, deal: dict[str, Any]):
        self.hands = check_deal(deal, seats)
        self.num_seats = seats
        self.variant = variant
        self.seed = seed
        # An independent copy (as deepcopy, without its cost): the dealer is an int, the hands lists of texts.
        self.deal = {k: v if k == "dealer" else [list(h) for h in v] if k == "hands" else copy.deepcopy(v)
                     for k, v in deal.items()}
        self.history: list[tuple[int, str]] = []
        self._history_shared = False
        self.dealer = deal["dealer"]
        self.laid: list[list[int]] = [[] for _ in range(seats)]    # region numbers, in the order laid
        self.asks: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self._legal: tuple[str, ...] | None = None
        self._texts, self._decode = ask_tables(seats)
        #: per seat, the places in ORDER of the cards it may ask for, kept up to date by ``_ask``
        #: (None: work it out from the hand when next needed; a clone starts so)
        self._wanted: list[list[int] | None] = [None] * seats
        # A region dealt complete goes down before play starts (from the dealer's left).
        for offset in range(1, seats + 1):
            self._lay_complete((self.dealer + offset) % seats)
        self.phase = PLAY
        self.turn = self.dealer
        self._pass_turn_if_out()

    # -- turn order ---------------------------------------------------------------
    def _pass_turn_if_out(self) -> None:
        """A player with no cards is out: his turn goes on round to the left."""
        if self._all_laid():
            self.phase, self.turn = OVER, -1
            return
        for step in range(self.num_seats):
            seat = (self.turn + step) % self.num_seats
            if self.hands[seat]:
                self.turn = seat
                return
        self.phase, self.turn = OVER, -1

    def _all_laid(self) -> bool:
        return sum(map(len, self.laid)) == len(REGION_NUMBERS)

    def _lay_complete(self, seat: int) -> None:
        held = set(self.hands[seat])
        for region in REGION_NUMBERS:
            if CARDS_OF[region] <= held:
                self.hands[seat] = [c for c in self.hands[seat] if REGION_OF[c] != region]
                held -= CARDS_OF[region]
                self._laid_down(seat, region)

    def _laid_down(self, seat: int, region: int) -> None:
        # New lists, not appends: clones share them (see clone).
        self.laid[seat] = self.laid[seat] + [region]
        self.events = [*self.events, {"event": "region laid", "seat": seat, "region": region,
                                      "after_ask": len(self.asks)}]

    # -- asking ----------------------------------------------------------------------
    def _legal_now(self, seat: int) -> tuple[str, ...]:
        # Each other player who holds a card, in seat order, for every card missing from the
        # regions this player holds a card of (in ORDER: regions by number, then cards).
        wanted = self._wanted[seat]
        if wanted is None:
            wanted = self._wanted[seat] = self._wanted_now(seat)
        texts = self._texts
        if not wanted:
            return ()
        if len(wanted) == 1:
            key = wanted[0]
            return tuple([texts[other][key] for other, hand in enumerate(self.hands) if other != seat and hand])
        asks = itemgetter(*wanted)          # one row of texts -> the tuple of this player's asks of it
        legal: tuple[str, ...] = ()
        for other, hand in enumerate(self.hands):
            if other != seat and hand:
                legal += asks(texts[other])
        return legal

    def _wanted_now(self, seat: int) -> list[int]:
        """The places in ORDER of the cards ``seat`` may ask for, worked out from its hand."""
        mine = self.hands[seat]
        held = set(mine)
        return [KEY_OF[c] for r in sorted({REGION_OF[c] for c in mine}) for c in SORTED_CARDS_OF[r] if c not in held]

    def apply(self, seat: int, action: str) -> None:
        """``TurnState.apply`` with this game's one verb decoded from a table (the hot path, written out)."""
        legal = self._legal
        if legal is None or seat != self.turn or type(seat) is not int:
            TurnState.apply(self, seat, action)        # works the legal actions out (or refuses the seat)
            return
        if action not in legal:
            raise IllegalAction(self.explain_illegal(seat, action), seat=seat, action=action)
        self._legal = None
        asked, card = self._decode[action]
        self._ask(seat, asked, card)
        if self._history_shared:
            self._own_history()
        self.history.append((seat, action))

    def _apply(self, seat: int, action: str) -> None:
        self._legal = None
        asked, card = self._decode[action]
        self._ask(seat, asked, card)

    def _moved_wanted(self, asker: int, asked: int, card: int, region: int) -> bool:
        """Keep the two players' wanted cards up to date as ``card`` goes from ``asked`` to ``asker``;
        whether the asker now holds the whole region."""
        lo, hi = SPAN[region]
        key = KEY_OF[card]
        wanted = self._wanted[asked]
        if wanted is not None:
            i = bisect_left(wanted, lo)
            j = bisect_left(wanted, hi, i)
            if hi - lo - (j - i) > 1:
                insort(wanted, key, i, j)          # he still holds the region: he may ask for the card back
            else:
                del wanted[i:j]                    # that was his only card of the region
        wanted = self._wanted[asker]
        if wanted is None:
            return CARDS_OF[region].issubset(self.hands[asker])
        i = bisect_left(wanted, lo)
        j = bisect_left(wanted, hi, i)
        if i == j:                                 # a region new to him (not reached by a legal ask)
            wanted[i:i] = [k for k in range(lo, hi) if k != key]
            return hi - lo == 1
        del wanted[bisect_left(wanted, key, i, j)]
        return j - i == 1                          # that was the region's last card he lacked

    def _ask(self, seat: int, asked: int, card: int) -> None:
        hands = self.hands
        got = card in hands[asked]
        if self._history_shared:
            self._own_history()       # the asks are shared with clones as the history is
        self.asks.append({"asker": seat, "asked": asked, "card": CARD_TEXT[card], "got": got})
        if not got:
            self.turn = asked
            return
        hands[asked].remove(card)
        hand = hands[seat]
        hand.append(card)
        hand.sort()
        region = REGION_OF[card]
        if self._moved_wanted(seat, asked, card, region):
            # Complete: it goes down at once (``_lay_complete``, where no other region can have become complete).
            hands[seat] = [c for c in hand if REGION_OF[c] != region]
            self._laid_down(seat, region)
            if self._all_laid():
                self.phase, self.turn = OVER, -1
                return
            self._pass_turn_if_out()      # an asker whose last region went down is out
        # (with no region laid, the asker still holds cards and asks again)

    # -- text ----------------------------------------------------------------------------
    def parse_action(self, text: str) -> str:
        return parse_action(text, self.num_seats)

    def _explain(self, seat: int, action: str) -> str:
        names = seat_names(self.num_seats)
        try:
            _, name, text = action.split()
            asked = names.index(name)
            card = CARD_OF_TEXT[text]
        except (ValueError, KeyError):
            return "ask a player for a card: 'ask P2 CREWE'"
        if asked == seat:
            return "you cannot ask yourself"
        if not self.hands[asked]:
            return f"{name} has no cards left and is out of the game"
        if card in self.hands[seat]:
            return f"you hold {text} already"
        region = REGION_OF[card]
        if any(region in laid for laid in self.laid):
            return f"region {region} has been laid down already"
        return f"you may ask only for a card of a region you hold a card of, and you hold none of region {region}"

    # -- views ---------------------------------------------------------------------------
    def _public_view(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "key": key_card(),
            "hand_sizes": [len(h) for h in self.hands],
            "out": [not h for h in self.hands],
            "laid": [list(r) for r in self.laid],
            # Every ask and its answer is heard by the whole table.
            "asks": [dict(a) for a in self.asks],
            "events": [dict(e) for e in self.events],
            "history": [[s, a] for s, a in self.history],
        }

    # -- results -----------------------------------------------------------------------
    def _standing(self) -> list[tuple[int, int]]:
        return [(len(r), sum(len(CARDS_OF[x]) for x in r)) for r in self.laid]

    def result(self) -> dict[str, Any]:
        names = seat_names(self.num_seats)
        standing = self._standing()
        key = (lambda s: standing[s]) if self.variant["tie_break"] == "cards" else (lambda s: standing[s][0])
        best = max(key(s) for s in range(self.num_seats))
        leaders = [s for s in range(self.num_seats) if key(s) == best]
        finished = self.phase == OVER
        return {
            "regions": {names[s]: len(self.laid[s]) for s in range(self.num_seats)},
            "cards_in_regions": {names[s]: standing[s][1] for s in range(self.num_seats)},
            "winner": names[leaders[0]] if finished and len(leaders) == 1 else None,
            "shared_by": [names[s] for s in leaders] if finished and len(leaders) > 1 else [],
            "finished": finished,
        }

    # -- copies --------------------------------------------------------------------------
    def clone(self) -> "AskingState":
        # Copied: the hands, and the list of each seat's regions laid (each seat's list, and the events,
        # are replaced when a region goes down, never changed in place, so they are shared).  The history
        # and the asks, which grow at every action, are shared until either state records one.
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.hands = [*map(list.copy, self.hands)]
        new.laid = self.laid[:]
        self._share_history(new)
        new._wanted = [None] * self.num_seats      # worked out again from the hands when needed
        return new

    def _own_history(self) -> None:
        super()._own_history()
        self.asks = self.asks[:]

    def _share_history(self, new: "State") -> None:
        super()._share_history(new)
        new.asks = self.asks

    def resample(self, seat: int, rng: random.Random, tries: int = 30) -> "AskingState":
        """Deal again the cards whose holder ``seat`` cannot know, and replay the game to check.

        A card seen changing hands in an ask is known to be with its taker;
        every other card in another hand has not moved since the deal, so it
        may have been dealt to any other player the asks do not rule out: not
        to a player who was asked for it in vain, nor to one who asked for
        it; and an asker who showed no card of a region must have been dealt
        one.  Each candidate deal is replayed with the real asks and the first
        that gives the same answers is returned; should none, the state itself
        is a consistent answer.
        """
        self._check_resampler(seat)
        taken = {CARD_OF_TEXT[a["card"]] for a in self.asks if a["got"]}
        others = [s for s in range(self.num_seats) if s != seat]
        originals = {s: [c for c in self.hands[s] if c not in taken] for s in others}
        barred: dict[int, set[int]] = {}
        needs: set[tuple[int, int]] = set()
        fixed = {s: {CARD_OF_TEXT[t] for t in self.deal["hands"][s]} & taken for s in range(self.num_seats)}
        shown: list[set[int]] = [set(fixed[s]) for s in range(self.num_seats)]
        for ask in self.asks:
            card, asker, asked = CARD_OF_TEXT[ask["card"]], ask["asker"], ask["asked"]
            if not ask["got"]:
                barred.setdefault(card, set()).update({asker, asked})
            if asker in originals and not any(REGION_OF[c] == REGION_OF[card] for c in shown[asker]):
                needs.add((asker, REGION_OF[card]))
            if ask["got"]:
                shown[asker].add(card)
        for _ in range(tries):
            relabel = _constrained_deal(originals, barred, needs, rng)
            if relabel is None:
                continue
            names = {CARD_TEXT[c]: CARD_TEXT[d] for c, d in relabel.items()}
            deal = {**self.deal, "hands": [[names.get(t, t) for t in h] for h in self.deal["hands"]]}
            other = self._replayed_copy(seat, deal, self.seed)
            if other is not None:
                return other
        return self.clone()


def _constrained_deal(
    originals: dict[int, list[int]], barred: dict[int, set[int]], needs: set[tuple[int, int]], rng: random.Random,
) -> dict[int, int] | None:
    """Deal the hidden cards afresh: returns old card -> new card, or None if this try got stuck.

    Each seat keeps its number of hidden cards; no card goes to a seat barred
    from it; each (seat, region) need gets a card of that region.
    """
    pool = [c for cards in originals.values() for c in cards]
    rng.shuffle(pool)
    left = {s: len(cards) for s, cards in originals.items()}
    places: dict[int, list[int]] = {s: [] for s in originals}
    for seat, region in sorted(needs, key=lambda _: rng.random()):
        if any(REGION_OF[c] == region for c in places[seat]):
            continue
        choices = [c for c in pool if REGION_OF[c] == region and seat not in barred.get(c, ())]
        if not choices or not left[seat]:
            return None
        card = rng.choice(choices)
        pool.remove(card)
        places[seat].append(card)
        left[seat] -= 1
    for card in sorted(pool, key=lambda c: -len(barred.get(c, ()))):
        seats = [s for s in left if left[s] and s not in barred.get(card, ())]
        if not seats:
            return None
        chosen = rng.choice(seats)
        places[chosen].append(card)
        left[chosen] -= 1
    return {old: new for s in originals for old, new in zip(originals[s], places[s])}


def parse_action(text: str, seats: int) -> str:
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    if len(words) >= 3 and words[0].lower() == "ask":
        who = words[1].upper()
        if who.isascii() and who.isdecimal():
            who = f"P{who}"
        if who not in seat_names(seats):
            raise ActionSyntaxError(f"{words[1]!r} is not a player: P1 to P{seats}")
        return f"ask {who} {parse_card(' '.join(words[2:]))}"
    raise ActionSyntaxError(f"{text!r} is not an asking-game action: 'ask PLAYER CARD', e.g. 'ask P2 Crewe'")


def all_actions(seats: int) -> tuple[str, ...]:
    return tuple(f"ask {name} {text}" for name in seat_names(seats) for text in CARD_TEXT)


def new_state(seats: int = 4, variant: dict[str, Any] | None = None, seed: int | None = None,
              deal: dict[str, Any] | None = None) -> AskingState:
    from parlour.games.british_towns.descriptor import ASKING

    resolved, seed = ASKING.prepare(seats, variant, seed, deal)
    if deal is None:
        rng = random.Random(f"british-towns-asking/{seed}")
        dealer = rng.randrange(seats)
        deal = {"dealer": dealer, "hands": deal_all(rng, seats, dealer)}
    return AskingState(seats, resolved, seed, deal)
