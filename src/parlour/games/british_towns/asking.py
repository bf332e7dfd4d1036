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

import bisect
import copy
import math
import random
from functools import cache
from operator import itemgetter
from typing import Any, Final

from parlour.engine.cardlists import first_at_least, holds, insert_sorted, remove_card
from parlour.engine.chance import shuffle
from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction, ResampleError
from parlour.engine.state import COMPILED, shallow_copy
from parlour.engine.turns import OVER, TurnState
from parlour.engine.words import either, seat_words
from parlour.games.british_towns.pack import (
    CARD_OF_TEXT,
    CARD_TEXT,
    CARDS_OF,
    NUM_CARDS,
    REGION_NUMBERS,
    REGION_OF,
    card_name,
    key_card,
    parse_card,
    region_name,
)
from parlour.games.british_towns.terms import ASKING_TERMS

PLAY: Final = "ask"


@cache
def seat_names(seats: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(seats))


#: each region's cards in card order
SORTED_CARDS_OF: Final[dict[int, tuple[int, ...]]] = {r: tuple(sorted(CARDS_OF[r])) for r in REGION_NUMBERS}
#: every card in the order the legal asks list them: by region number, then card
ORDER: Final[tuple[int, ...]] = tuple(c for r in sorted(REGION_NUMBERS) for c in SORTED_CARDS_OF[r])
#: card -> its place in ORDER, and region -> the span of its cards' places there
KEY_OF: Final[tuple[int, ...]] = tuple(ORDER.index(c) for c in range(NUM_CARDS))
SPAN: Final[dict[int, tuple[int, int]]] = {
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
    shuffle(rng, pack)
    # The i-th card dealt goes to seat (dealer + 1 + i) % seats: seat s gets every seats-th from its first.
    return [[CARD_TEXT[c] for c in sorted(pack[(s - dealer - 1) % seats::seats])] for s in range(seats)]


def check_deal(deal: Any, seats: int) -> list[list[int]]:
    if not isinstance(deal, dict):
        raise DealError("an asking-game deal is an object with 'dealer' and 'hands'")
    dealer = deal.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise DealError(f"'dealer' must be a seat from 0 to {seats - 1}")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != seats or not all(isinstance(h, list) for h in hands):
        raise DealError(f"'hands' must list one hand for each of the {seats} players")
    try:                             # the usual case at once: every text a card, none twice
        out = [sorted([CARD_OF_TEXT[t] for t in hand]) for hand in hands]
        seen: set[int] = set().union(*out)
    except (KeyError, TypeError):
        seen = set()
    if len(seen) != sum(map(len, hands)):
        # Something is wrong with a card: find the first, card by card, and say what.
        seen = set()
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


#: what a run of asks says, for the tensors: (asks read, (seat, card) -> whether the seat is known to hold the card
#: (True) or to lack it (False), the (seat, region) pairs of regions each seat asked within)
AskFacts = tuple[int, dict[tuple[int, int], bool], frozenset[tuple[int, int]]]
NO_FACTS: Final[AskFacts] = (0, {}, frozenset())


def read_asks(facts: AskFacts, asks: list[tuple[int, int, int, bool]]) -> AskFacts:
    """``facts`` carried on through ``asks`` (asker, asked, card, whether it changed hands): a new value, as clones
    share the old.  The last ask about a (seat, card) pair stands: the player asked lacks the card now (he
    handed it over, or never had it); the asker holds it if he got it, else lacks it.  Asking shows that the
    asker held a card of that region."""
    count, known, asked_in = facts
    if not asks:
        return facts
    known = dict(known)
    regions = set(asked_in)
    for asker, asked, card, got in asks:
        known[(asked, card)] = False
        known[(asker, card)] = got
        regions.add((asker, REGION_OF[card]))
    return count + len(asks), known, frozenset(regions)


def facts_view(facts: AskFacts, seats: int) -> dict[str, Any]:
    """The facts as a view gives them (``ask_facts``): per seat the cards it is known to hold and to lack,
    and the regions it asked within, then the number of asks."""
    _, known, asked_in = facts
    holds: list[list[int]] = [[] for _ in range(seats)]
    lacks: list[list[int]] = [[] for _ in range(seats)]
    for (seat, card), held in known.items():
        (holds if held else lacks)[seat].append(card)
    regions: list[list[int]] = [[] for _ in range(seats)]
    for seat, region in asked_in:
        regions[seat].append(region)
    return {"holds": [[CARD_TEXT[c] for c in sorted(h)] for h in holds],
            "lacks": [[CARD_TEXT[c] for c in sorted(h)] for h in lacks],
            "asked_regions": [sorted(r) for r in regions], "asks": facts[0]}


class AskingState(TurnState):
    card_text = CARD_TEXT
    example_action = 'ask P2 CREWE'
    #: ``read_asks`` of the asks so far, as far as the tensors last read them (``_ask_facts``): replaced, never
    #: changed, so clones share it
    _ask_memo: AskFacts | None = None

    def _begin(self, seats: int, variant: dict[str, Any], seed: int | None, deal: Any) -> None:
        """A new game (not ``__init__``: see ``parlour.engine.state.shallow_copy``)."""
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
        #: every ask and its answer: (asker, asked, card, whether the card changed hands); the view spells it out
        self.asks: list[tuple[int, int, int, bool]] = []
        self.events: list[dict[str, Any]] = []
        self._legal: tuple[str, ...] | None = None
        self._texts, self._decode = ask_tables(seats)
        #: per seat, the places in ORDER of the cards it may ask for, kept up to date by ``_ask``
        #: (None: work it out from the hand when next needed; a clone starts so)
        self._wanted: list[list[int] | None] = [None] * seats
        self._facts: dict[int, tuple[Any, "_Unknowns"]] = {}     # seat -> what its view says (``resample``)
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
        if COMPILED:                        # a plain loop, compiled; itemgetter is quicker in Python
            found: list[str] = []
            for other, hand in enumerate(self.hands):
                if other != seat and hand:
                    row = texts[other]
                    for key in wanted:
                        found.append(row[key])
            return tuple(found)
        asks = itemgetter(*wanted)          # one row of texts -> the tuple of this player's asks of it
        legal: tuple[str, ...] = ()
        for other, hand in enumerate(self.hands):
            if other != seat and hand:
                legal += asks(texts[other])
        return legal

    def _wants(self, seat: int, card: int) -> bool:
        """Whether ``seat`` may ask for ``card`` (of somebody holding cards): as ``_legal_now`` lists it."""
        wanted = self._wanted[seat]
        if wanted is None:
            wanted = self._wanted[seat] = self._wanted_now(seat)
        return holds(wanted, KEY_OF[card])

    def _wanted_now(self, seat: int) -> list[int]:
        """The places in ORDER of the cards ``seat`` may ask for, worked out from its hand."""
        mine = self.hands[seat]
        held = set(mine)
        return [KEY_OF[c] for r in sorted({REGION_OF[c] for c in mine}) for c in SORTED_CARDS_OF[r] if c not in held]

    def apply(self, seat: Any, action: Any) -> None:
        """``TurnState.apply`` with this game's one verb decoded from a table (the hot path, written out)."""
        legal = self._legal
        if legal is None or seat != self.turn or type(seat) is not int:
            TurnState.apply(self, seat, action)        # works the legal actions out (or refuses the seat)
            return
        # Legal exactly when _legal_now lists it: an ask of another player who holds cards, for a wanted card.
        decoded = self._decode.get(action) if type(action) is str else None
        if decoded is None or decoded[0] == seat or not self.hands[decoded[0]] or not self._wants(seat, decoded[1]):
            raise IllegalAction(self.explain_illegal(seat, action), seat=seat, action=action)
        self._legal = None
        asked, card = decoded
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
            i = first_at_least(wanted, lo)
            j = first_at_least(wanted, hi, i)
            if hi - lo - (j - i) > 1:
                insert_sorted(wanted, key, i)      # he still holds the region: he may ask for the card back
            else:
                del wanted[i:j]                    # that was his only card of the region
        wanted = self._wanted[asker]
        if wanted is None:
            return CARDS_OF[region].issubset(self.hands[asker])
        i = first_at_least(wanted, lo)
        j = first_at_least(wanted, hi, i)
        if i == j:                                 # a region new to him (not reached by a legal ask)
            wanted[i:i] = [k for k in range(lo, hi) if k != key]
            return hi - lo == 1
        del wanted[first_at_least(wanted, key, i)]
        return j - i == 1                          # that was the region's last card he lacked

    def _ask(self, seat: int, asked: int, card: int) -> None:
        hands = self.hands
        got = holds(hands[asked], card)
        if self._history_shared:
            self._own_history()       # the asks are shared with clones as the history is
        self.asks.append((seat, asked, card, got))
        if not got:
            self.turn = asked
            return
        remove_card(hands[asked], card)
        hand = hands[seat]
        insert_sorted(hand, card)
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
    def parse_action(self, text: Any) -> str:
        return parse_action(text, self.num_seats)

    def _explain(self, seat: Any, action: Any) -> str:
        """Why an ask is refused and what the player may ask instead, from his own hand and the public table."""
        instead = self._asks_now(seat)
        decoded = self._decode.get(action)
        if decoded is None:
            return f"Ask another player for a card: {instead}."
        asked, card = decoded
        if asked == seat:
            return f"You cannot ask yourself: {instead}."
        if not self.hands[asked]:
            who = seat_words(seat, asked, self.num_seats)
            return f"{who[0].upper()}{who[1:]} has no cards left and is out of the game: {instead}."
        if card in self.hands[seat]:
            # (the card is the mistake, not the player asked: what to ask for, whoever is asked)
            return f"You hold {card_name(card)} already: {self._asks_now(seat, whom=False)}."
        region = REGION_OF[card]
        if any(region in laid for laid in self.laid):
            return f"{region_name(region)[0].upper()}{region_name(region)[1:]} has been laid down already: {instead}."
        return f"You hold no card of {region_name(region)}, so you may not ask for one: {instead}."

    def _asks_now(self, seat: int, whom: bool = True) -> str:
        """What the player may ask for: a card he lacks of a region he holds (named, when he holds few); whom=False
        leaves out whom to ask ("ask for a card you lack, from a region you hold a card of")."""
        regions = sorted({REGION_OF[c] for c in self.hands[seat]})
        ask = "ask another player for" if whom else "ask for"
        if len(regions) > 2:
            return f"{ask} a card you lack, {'of' if whom else 'from'} a region you hold a card of"
        return f"{ask} a card you lack {'of' if whom else 'from'} {either([region_name(r) for r in regions])}"

    # -- views ---------------------------------------------------------------------------
    def _public_view(self) -> dict[str, Any]:
        view = self._table_view()
        view["key"] = key_card()
        # Every ask and its answer is heard by the whole table.
        view["asks"] = [{"asker": asker, "asked": asked, "card": CARD_TEXT[card], "got": got}
                        for asker, asked, card, got in self.asks]
        view["history"] = [[s, a] for s, a in self.history]
        return view

    def _tensor_public_view(self) -> dict[str, Any]:
        # The asks and the history, which grow all game, give way to what the asks say (``read_asks``).
        view = self._table_view()
        view["ask_facts"] = facts_view(self._ask_facts(), self.num_seats)
        return view

    def _table_view(self) -> dict[str, Any]:
        """What both views share: the table now, and its events."""
        return {
            "dealer": self.dealer,
            "hand_sizes": [len(h) for h in self.hands],
            "out": [not h for h in self.hands],
            "laid": [list(r) for r in self.laid],
            "events": [dict(e) for e in self.events],
        }

    def _ask_facts(self) -> AskFacts:
        """What the asks so far say, read on from where the last call left off."""
        memo = self._ask_memo or NO_FACTS
        if memo[0] > len(self.asks):
            memo = NO_FACTS
        if memo[0] < len(self.asks):
            memo = self._ask_memo = read_asks(memo, self.asks[memo[0]:])
        return memo

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
    def _shallow(self) -> "AskingState":
        """``shallow_copy(self)``: compiled, with each attribute written out (``_each_attribute``), several times
        quicker there than mypyc's ``__getstate__`` and ``__setstate__``; in Python the ``__dict__`` copy is quicker."""
        return self._each_attribute() if COMPILED else shallow_copy(self)

    def _each_attribute(self) -> "AskingState":
        """A new state holding every attribute of this one (tests check that none is left out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._ask_memo = self._ask_memo
        new._deal = self._deal
        new._decode = self._decode
        new._facts = self._facts
        new._history_shared = self._history_shared
        new._legal = self._legal
        new._texts = self._texts
        new._wanted = self._wanted
        new.asks = self.asks
        new.dealer = self.dealer
        new.events = self.events
        new.hands = self.hands
        new.history = self.history
        new.laid = self.laid
        new.num_seats = self.num_seats
        new.phase = self.phase
        new.seed = self.seed
        new.turn = self.turn
        new.variant = self.variant
        return new

    def clone(self) -> "AskingState":
        # Copied: the hands, and the list of each seat's regions laid (each seat's list, and the events,
        # are replaced when a region goes down, never changed in place, so they are shared).  The history
        # and the asks, which grow at every action, are shared until either state records one.
        new = self._shallow()
        new.hands = [*map(list.copy, self.hands)]
        new.laid = self.laid[:]
        new._history_shared = self._history_shared = True     # the history and the asks: see State
        new._wanted = [None] * self.num_seats      # worked out again from the hands when needed
        return new

    def _own_history(self) -> None:
        super()._own_history()
        self.asks = self.asks[:]

    def resample(self, seat: Any, rng: random.Random) -> "AskingState":
        """A world ``seat`` cannot tell from this one, drawn uniformly from all of them.

        Only cards that have never changed hands and never gone down are
        unknown to ``seat``: each still lies where it was dealt.  ``_Unknowns``
        reads, from the view alone, what the asks and lays say about them
        (who may hold each, who must hold some card of a region, who cannot
        hold a whole region), and ``_Unknowns.draw`` deals them uniformly among
        the deals that satisfy it all.  The world is then built directly, not
        replayed: the same table, the drawn hands, the deal they imply, and a
        fresh seed (the asking game has no chance after the deal, but a world
        never carries the true seed).
        """
        self._check_resampler(seat)
        facts = self._unknowns(seat)
        placed = facts.draw(rng)
        new = self.clone()
        dealt = [list(cards) for cards in facts.dealt_known]
        for s in range(self.num_seats):
            if s != seat:
                new.hands[s] = sorted(facts.current_known[s] + placed.get(s, []))
                dealt[s] += placed.get(s, [])
        new.deal = {"dealer": self.dealer, "hands": [[CARD_TEXT[c] for c in sorted(h)] for h in dealt]}
        new.seed = rng.randrange(2**63)
        new._legal = None
        new._facts = self._facts          # the world shows the seat the same view
        return new

    def _unknowns(self, seat: int) -> "_Unknowns":
        """What ``seat``'s view says of the cards it cannot place, kept for as long as the position lasts.

        The key holds what changes the view (the history, the seat's hand, the
        hand sizes), so a state played on, or edited by hand, reads it afresh.
        The cache is replaced, never changed in place, since clones share it.
        """
        key = (len(self.history), len(self.asks), tuple(self.hands[seat]), tuple(len(h) for h in self.hands))
        entry = self._facts.get(seat)
        if entry is None or entry[0] != key:
            entry = (key, _Unknowns.of(self, seat))
            self._facts = {**self._facts, seat: entry}
        return entry[1]


class _Unknowns:
    """What one seat's view tells of the cards it cannot place, and uniform deals of them.

    A card is *known* to the seat if it is in the seat's hand, has changed
    hands in an ask (all heard it), or lies in a region laid down; its
    original holder is known too (the player first asked for it, else the one
    who laid it, else the seat itself).  Every other card is *unknown*: it has
    never moved, so it lies now with the player it was dealt to, one of the
    others.  A world is an assignment of the unknown cards to the other
    players such that the game replays to the same view, which holds exactly
    when:

    * each player gets as many unknown cards as his hand holds beyond the
      known ones (``sizes``);
    * no card goes to a player who asked for it (he did not hold it) or who
      was asked for it in vain (``allowed``);
    * a player who asked for a card of a region while holding no known card
      of it was dealt an unknown one (``needs``: the sheet lets a player ask
      only within a region he holds a card of);
    * no player ever held a whole region he did not lay: at the deal and after
      each card he took, had he held the region's known cards, the unknown
      ones cannot all be his (``whole``), for he would have laid it at once.

    Nothing else in the view depends on the unknown cards: turns, hand sizes,
    who is out and the answers to asks for known cards follow from the known
    ones.  The rules are those of ``AskingState``; this reads only the view
    (the asks, lays, hand sizes and the seat's own hand), never another hand.
    """

    __slots__ = ("seats", "sizes", "cards", "allowed", "needs", "whole", "current_known", "dealt_known",
                 "region_cards", "_res")

    @classmethod
    def of(cls, state: "AskingState", me: int) -> _Unknowns:
        """(No ``__init__``, so that a copy or an unpickling can make one empty: see ``shallow_copy``.)"""
        made = cls()
        made._fill(state, me)
        return made

    def _fill(self, state: "AskingState", me: int) -> None:
        n = state.num_seats
        origin, laid = _origins(state, me)
        unknown = [c for c in range(NUM_CARDS) if c not in origin]
        open_regions = {REGION_OF[c] for c in unknown}
        others = [s for s in range(n) if s != me]
        barred, needs, whole, where = _read_asks(state, me, origin, unknown)
        current: list[list[int]] = [[] for _ in range(n)]
        dealt: list[list[int]] = [[] for _ in range(n)]
        for card in sorted(origin):
            dealt[origin[card]].append(card)
            if REGION_OF[card] not in laid:
                current[where[card]].append(card)
        self.current_known = current
        self.dealt_known = dealt
        self.sizes = {s: len(state.hands[s]) - len(current[s]) for s in others}
        self.seats = tuple(s for s in others if self.sizes[s] > 0)
        self.cards = tuple(unknown)
        self.allowed = {c: tuple(s for s in self.seats if s not in barred[c]) for c in unknown}
        self.needs = needs
        self.whole = whole
        self.region_cards = {r: [c for c in unknown if REGION_OF[c] == r] for r in sorted(open_regions)}
        self._res: _Residual | None = None

    # -- drawing a world ------------------------------------------------------------------
    def draw(self, rng: random.Random) -> dict[int, list[int]]:
        """The unknown cards dealt uniformly among the consistent deals: seat -> its cards.

        The cards the rules force into one hand are placed first
        (``_Forcing``), and the rest are dealt by exact counting (``_Count``),
        uniform by construction.  Where counting every seat apart is too dear
        (a big table), the seats the view says least about share one field of
        the count and each deal drawn is kept only if it keeps their rules
        too, which is still exactly uniform.  Which way is taken depends on the
        view alone.  A view no deal fits, or one whose deal is not found within
        the effort allowed, raises ``ResampleError``; the truth is never
        returned.
        """
        res = self._residual()
        if not res.cards:
            return {s: list(res.fixed[s]) for s in self.seats}
        return res.counted_draw(rng)

    def fits(self, placed: dict[int, list[int]]) -> bool:
        """Whether a deal of the unknown cards breaks none of the view's rules."""
        allowed = self.allowed
        for s, cards in placed.items():
            for c in cards:
                if s not in allowed[c]:
                    return False
        for s, r in self.needs:
            if not any(REGION_OF[c] == r for c in placed.get(s, ())):
                return False
        for s, r in self.whole:
            if s in placed and sum(REGION_OF[c] == r for c in placed[s]) == len(self.region_cards[r]):
                return False
        return True

    def _residual(self) -> "_Residual":
        if self._res is None:
            self._res = _Residual.of(self)
        return self._res


def _origins(state: "AskingState", me: int) -> tuple[dict[int, int], set[int]]:
    """Each card ``me`` can place, with the seat it was dealt to; and the regions laid down.

    A card taken in an ask was dealt to the first player asked for it; a card
    of a laid region that never moved, to the player who laid it; a card of
    ``me``'s hand that never moved, to ``me``.
    """
    origin: dict[int, int] = {}
    for _, asked, card, got in state.asks:
        if got:
            origin.setdefault(card, asked)
    laid = set()
    for event in state.events:
        if event["event"] == "region laid":
            laid.add(event["region"])
            for card in CARDS_OF[event["region"]]:
                origin.setdefault(card, event["seat"])
    for card in state.hands[me]:
        origin.setdefault(card, me)
    return origin, laid


def _read_asks(state: "AskingState", me: int, origin: dict[int, int], unknown: list[int]) -> tuple[
        dict[int, set[int]], set[tuple[int, int]], set[tuple[int, int]], dict[int, int]]:
    """The asks replayed over the known cards: who may not hold each unknown card, needs, wholes, and where.

    ``held[s][r]`` counts the known cards of region ``r`` seat ``s`` holds at
    each point, so an asker holding none of the region asked about shows a
    need; and a player who held every known card of a region at the deal, or
    just after taking one, could not then have held all its unknown ones.
    """
    n = state.num_seats
    known_of = {r: sum(c in origin for c in CARDS_OF[r]) for r in REGION_NUMBERS}
    where = dict(origin)
    held = [dict.fromkeys(REGION_NUMBERS, 0) for _ in range(n)]
    for card, s in origin.items():
        held[s][REGION_OF[card]] += 1
    open_regions = {REGION_OF[c] for c in unknown}
    whole = {(s, r) for r in open_regions for s in range(n) if s != me and held[s][r] == known_of[r]}
    barred: dict[int, set[int]] = {c: set() for c in unknown}
    needs: set[tuple[int, int]] = set()
    for asker, asked, card, got in state.asks:
        r = REGION_OF[card]
        if asker != me and not held[asker][r]:
            needs.add((asker, r))
        if card in barred:
            barred[card].update((asker, asked))
        elif got:
            held[where[card]][r] -= 1
            held[asker][r] += 1
            where[card] = asker
            if r in open_regions and asker != me and held[asker][r] == known_of[r]:
                whole.add((asker, r))
    return barred, needs, whole, where


class _Forcing:
    """The placings the rules force, repeated until none is left (``fixed``, ``room`` left, ``free`` cards)."""

    # (Made and dropped within ``_Residual``'s making, never kept by a state: it may have an ``__init__``.)
    def __init__(self, facts: _Unknowns):
        self.facts = facts
        self.room = dict(facts.sizes)
        self.fixed: dict[int, list[int]] = {s: [] for s in facts.seats}
        self.free = set(facts.cards)
        while self.lone_holders() | self.full_rooms() | self.lone_needs():
            pass

    def place(self, card: int, seat: int) -> None:
        self.fixed[seat].append(card)
        self.room[seat] -= 1
        self.free.discard(card)

    def lone_holders(self) -> bool:
        """A card only one player with room may hold is his."""
        changed = False
        for card in sorted(self.free):
            if card not in self.free:
                continue
            options = [s for s in self.facts.allowed[card] if self.room[s] > 0]
            if not options:
                raise ResampleError(f"no player could hold {CARD_TEXT[card]}: the view is impossible")
            if len(options) == 1:
                self.place(card, options[0])
                changed = True
        return changed

    def full_rooms(self) -> bool:
        """A player with room for exactly the cards he may hold gets them all."""
        changed = False
        for s in self.facts.seats:
            if self.room[s] > 0:
                options = [c for c in sorted(self.free) if s in self.facts.allowed[c]]
                if len(options) < self.room[s]:
                    raise ResampleError(f"seat {s} holds more unknown cards than it could have been dealt")
                if len(options) == self.room[s]:
                    for card in options:
                        self.place(card, s)
                    changed = True
        return changed

    def lone_needs(self) -> bool:
        """A need only one card can meet gets it."""
        changed = False
        for s, r in sorted(self.facts.needs):
            if any(REGION_OF[c] == r for c in self.fixed.get(s, ())):
                continue
            options = [c for c in sorted(self.free)
                       if REGION_OF[c] == r and self.room.get(s, 0) > 0 and s in self.facts.allowed[c]]
            if not options:
                raise ResampleError(f"seat {s} asked within region {r} but could hold none of it")
            if len(options) == 1:
                self.place(options[0], s)
                changed = True
        return changed


class _Residual:
    """The deal left to draw once the cards the rules force are placed (``_Forcing``), and its count.

    Forced placings: a card only one player with room may hold goes to him; a
    player whose room equals the cards he may hold gets them all; a need only
    one card can meet gets it.  Each follows from the rules, so every
    consistent deal agrees with them, and dealing the rest uniformly among
    what is left loses no deal and favours none.
    """

    __slots__ = ("facts", "fixed", "room", "seats", "cards", "by_region", "allowed", "needs", "whole",
                 "_count", "_full")

    #: most vectors of room a count that pools seats may range over before it is not tried
    DENSE = 60_000

    @classmethod
    def of(cls, facts: _Unknowns) -> _Residual:
        """(No ``__init__``, so that a copy or an unpickling can make one empty: see ``shallow_copy``.)"""
        made = cls()
        made._fill(facts)
        return made

    def _fill(self, facts: _Unknowns) -> None:
        self.facts = facts
        allowed = facts.allowed
        forced = _Forcing(facts)
        fixed, room, free = forced.fixed, forced.room, forced.free
        self.fixed = {s: sorted(cards) for s, cards in fixed.items()}
        self.room = {s: k for s, k in room.items() if k > 0}
        self.seats = tuple(s for s in facts.seats if s in self.room)
        self.cards = tuple(sorted(free))
        self.by_region: dict[int, list[int]] = {}
        for card in self.cards:
            self.by_region.setdefault(REGION_OF[card], []).append(card)
        self.allowed = {c: tuple(s for s in allowed[c] if s in self.room) for c in self.cards}
        self.needs = {(s, r) for s, r in facts.needs if not any(REGION_OF[c] == r for c in self.fixed.get(s, ()))}
        # (seat, region) -> the share of the region's free cards that would give him the whole region
        self.whole: dict[tuple[int, int], int] = {}
        for s, r in facts.whole:
            elsewhere = any(REGION_OF[c] == r for t, cards in self.fixed.items() if t != s for c in cards)
            if not elsewhere and (s in self.room or not any(REGION_OF[c] == r for c in self.cards)):
                left = sum(REGION_OF[c] == r for c in self.cards)
                if not left:
                    raise ResampleError(f"seat {s} would hold all of region {r}, which he never laid")
                self.whole[(s, r)] = left
        self._count: _Count | None = None
        self._full: _Count | None = None

    def counted_draw(self, rng: random.Random) -> dict[int, list[int]]:
        """One deal, uniform among the consistent ones (``_Count.draw``).

        Where the cheap count's deals are kept too rarely (a seat pooled with
        others that the view says much of), or no cheap count fits the budget,
        every seat gets a field of its own and a larger budget: dearer, and
        exact with no draw refused.  Each way is uniform over the consistent
        deals, so which one gives the deal changes nothing of its law.
        """
        try:
            return self.count().draw(rng)
        except ResampleError:
            return self.full_count().draw(rng)

    def full_count(self) -> "_Count":
        """The count that tracks every seat apart, kept for the position (``counted_draw``'s fallback)."""
        if self._full is None:
            try:
                self._full = _DearCount.of(self, self.seats)
            except _TooDear:
                raise ResampleError("the deals consistent with this view are too many kinds to count") from None
        return self._full

    def count(self) -> "_Count":
        """The exact count of this residual's deals, kept for the position.

        Every seat has its own field in the count when that is cheap enough;
        otherwise the seats the view says least about are pooled into one
        field, and their rules checked on each deal drawn (``_Count``).  The
        choice depends on the view alone.
        """
        if self._count is None:
            total = len(self.cards)
            # how unlikely a plain shuffle is to keep each seat's rules (the seats pooled first are the likeliest)
            score = {s: 0.0 for s in self.seats}
            for s, r in self.needs:
                hits = sum(REGION_OF[c] == r and s in self.allowed[c] for c in self.cards)
                score[s] -= math.log(max(1e-9, 1 - (1 - self.room[s] / total) ** hits))
            for card in self.cards:
                for s in self.seats:
                    if s not in self.allowed[card]:
                        score[s] -= math.log(max(1e-9, 1 - self.room[s] / total))
            order = sorted(self.seats, key=lambda s: (-score[s], s))
            for k in range(len(order), -1, -1):
                if k == len(order) - 1 and k:
                    continue                   # one seat pooled alone is no cheaper than its own field
                tracked = tuple(s for s in self.seats if s in order[:k])
                rooms = [self.room[s] for s in tracked] + [sum(self.room[s] for s in order[k:])]
                if k < len(order) and math.prod(r + 1 for r in rooms) > self.DENSE:
                    continue
                try:
                    self._count = _Count.of(self, tracked)
                    break
                except _TooDear:
                    continue
        if self._count is None:
            raise ResampleError("the deals consistent with this view are too many kinds to count in time")
        return self._count


class _Count:
    """Exact counts of a residual's deals, region by region, with the seats' room packed in one integer.

    The seats are in *fields*: each seat the count tracks has its own, and
    any others share one (its room their total).  A region is counted if the
    view says something of it for a tracked seat (a need, a card that seat
    may not hold, or a seat that may not take all of it while that is
    likely: three cards or fewer left); the other cards, *the pool*, may go
    to any field and take the room left.  A deal is drawn backwards: the room
    the pool takes in proportion to the deals that leave it (times the
    multinomial ways the pool fills it), then each counted region's share
    from the last back, then the cards within each share, the pool and the
    shared field uniformly.  That is uniform over the deals that keep the
    tracked seats' rules; a deal is kept only if it keeps every rule (which
    it always does when every seat is tracked, but for a pool that gives a
    seat a whole region), else drawn again, so what is kept is uniform over
    the consistent deals.

    A field is ``width`` bits with a guard bit on top, so one subtraction and
    one mask tell whether a share fits in the room left.
    """

    #: most steps one count may take, some 50 ms
    BUDGET = 200_000

    @classmethod
    def of(cls, res: "_Residual", tracked: tuple[int, ...]) -> _Count:
        """(No ``__init__``, so that a copy or an unpickling can make one empty: see ``shallow_copy``.)"""
        made = cls()
        made._fill(res, tracked)
        return made

    def _fill(self, res: "_Residual", tracked: tuple[int, ...]) -> None:
        self.res = res
        seats = res.seats
        self.tracked = tracked
        self.others = tuple(s for s in seats if s not in tracked)
        fields = [(s,) for s in tracked] + ([self.others] if self.others else [])
        self.fields = fields
        field_of = {s: i for i, f in enumerate(fields) for s in f}
        rooms = [sum(res.room[s] for s in f) for f in fields]
        self.width = w = max([1, *rooms]).bit_length() + 1
        self.mask = mask = (1 << (w - 1)) - 1
        guard = sum(1 << (i * w + w - 1) for i in range(len(fields)))
        cap = sum(r << (i * w) for i, r in enumerate(rooms))
        self.goes = {c: tuple(sorted({field_of[s] for s in res.allowed[c]})) for c in res.cards}
        every = tuple(range(len(fields)))
        counted, pool, self.loose_whole = [], [], []
        for region, cards in sorted(res.by_region.items()):
            needs = [field_of[s] for s, r in res.needs if r == region and s in tracked]
            whole = [(field_of[s], k) for (s, r), k in res.whole.items() if r == region and s in tracked]
            if needs or any(k <= 3 for _, k in whole) or any(self.goes[c] != every for c in cards):
                counted.append((len(cards), region, cards, needs, whole))
            else:
                pool += cards
                self.loose_whole += [(fields[i][0], region, k) for i, k in whole]
        self.pool = pool
        work = 0
        shares = []
        for _n, _region, cards, needs, whole in sorted(counted):
            steps = [{0: 1}]
            for card in cards:
                nxt: dict[int, int] = {}
                for v, ways in steps[-1].items():
                    for i in self.goes[card]:
                        up = v + (1 << (i * w))
                        if (cap + guard - up) & guard == guard:
                            nxt[up] = nxt.get(up, 0) + ways
                work += len(nxt)
                steps.append(nxt)
            steps[-1] = {v: ways for v, ways in steps[-1].items()
                         if all(v >> (i * w) & mask for i in needs)
                         and not any(v >> (i * w) & mask == k for i, k in whole)}
            shares.append((cards, steps))
        layers = [{cap: 1}]
        for _cards, steps in shares:
            nxt = {}
            last = steps[-1]
            work += len(layers[-1]) * len(last)
            if work > self.BUDGET:
                raise _TooDear
            for room, count in layers[-1].items():
                room += guard
                for v, ways in last.items():
                    left = room - v
                    if left & guard == guard:
                        left ^= guard
                        nxt[left] = nxt.get(left, 0) + count * ways
            layers.append(nxt)
        self.layers, self.shares = layers, shares
        self.ends, self.weights, total = [], [], 0
        for room, count in sorted(layers[-1].items()):
            total += count * _multinomial([room >> (i * w) & mask for i in range(len(fields))])
            self.ends.append(room)
            self.weights.append(total)
        if not total:
            raise ResampleError("no deal of the unknown cards fits what this seat has seen (an impossible view)")

    def draw(self, rng: random.Random, tries: int = 2000) -> dict[int, list[int]]:
        res, w, mask = self.res, self.width, self.mask
        for _ in range(tries):
            got: list[list[int]] = [[] for _ in self.fields]
            room = self.ends[bisect.bisect_right(self.weights, rng.randrange(self.weights[-1]))]
            cards = list(self.pool)
            shuffle(rng, cards)
            at = 0
            for i in range(len(self.fields)):
                take = room >> (i * w) & mask
                got[i] += cards[at : at + take]
                at += take
            for j in range(len(self.shares) - 1, -1, -1):
                cards, steps = self.shares[j]
                before = self.layers[j]
                options = []
                for share, ways in steps[-1].items():
                    count = before.get(room + share)
                    if count:
                        options.append((room + share, share, ways * count))
                room, share = _pick(options, rng)
                for k in range(len(cards) - 1, -1, -1):
                    card = cards[k]
                    options = []
                    for i in self.goes[card]:
                        if share >> (i * w) & mask:
                            prev = share - (1 << (i * w))
                            found = steps[k].get(prev)
                            if found:
                                options.append((i, prev, found))
                    i, share = _pick(options, rng)
                    got[i].append(card)
            placed = {s: list(res.fixed[s]) for s in res.facts.seats}
            for i, s in enumerate(self.tracked):
                placed[s] += got[i]
            if self.others:
                cards = got[-1]
                shuffle(rng, cards)
                at = 0
                for s in self.others:
                    placed[s] += cards[at : at + res.room[s]]
                    at += res.room[s]
                if res.facts.fits(placed):
                    return placed
            elif not any(sum(REGION_OF[c] == r for c in placed[s]) == k for s, r, k in self.loose_whole):
                return placed
        raise ResampleError(f"no deal fitting this view was found in {tries} draws (too many kinds to count exactly)")


class _DearCount(_Count):
    """The count that tracks every seat apart, allowed a hundred times the steps (``_Residual.full_count``)."""

    BUDGET = 20_000_000                        # a hundred times _Count.BUDGET


class _TooDear(Exception):
    """An exact count would take more steps than a resample should."""


@cache
def _factorial(n: int) -> int:
    return math.factorial(n)


def _multinomial(parts: list[int]) -> int:
    """The ways to deal ``sum(parts)`` cards into hands of ``parts`` cards."""
    out = _factorial(sum(parts))
    for k in parts:
        out //= _factorial(k)
    return out


def _pick(options: list[tuple[Any, Any, int]], rng: random.Random) -> tuple[Any, Any]:
    """One of ``(a, b, weight)`` options, in proportion to its (whole-number) weight."""
    pick = rng.randrange(sum(w for _, _, w in options))
    for a, b, w in options:
        if pick < w:
            return a, b
        pick -= w
    raise AssertionError("unreachable")


def parse_action(text: Any, seats: int) -> str:
    if not isinstance(text, str):
        raise ActionSyntaxError(f"a move is typed as text, not {type(text).__name__}")
    words = text.split()
    if len(words) >= 3 and words[0].lower() == "ask":
        who = words[1].upper()
        if who.isascii() and who.isdecimal():
            who = f"P{who}"
        if who not in seat_names(seats):
            raise ActionSyntaxError(
                f"{words[1]!r} is not a player at this table: type a player as the table shows him, P1 to "
                f"P{seats}, or just his number"
            )
        return f"ask {who} {parse_card(' '.join(words[2:]))}"
    raise ActionSyntaxError(
        f"{text!r} is not a move of the asking game: type 'ask', a player and a card, such as 'ask P2 Crewe' "
        "(ask the second player for Crewe)"
    )


def all_actions(seats: int) -> tuple[str, ...]:
    return tuple(f"ask {name} {text}" for name in seat_names(seats) for text in CARD_TEXT)


def new_state(seats: Any = 4, variant: Any = None, seed: Any = None,
              deal: Any = None) -> AskingState:
    resolved, seed = ASKING_TERMS.prepare(seats, variant, seed, deal)
    if deal is None:
        rng = random.Random(f"british-towns-asking/{seed}")
        dealer = rng.randrange(seats)
        deal = {"dealer": dealer, "hands": deal_all(rng, seats, dealer)}
    state = AskingState()
    state._begin(seats, resolved, seed, deal)
    return state
