"""British Towns, the second game: collecting regional sets, rummy fashion.

A turn runs through phases, each a ``_legal_<phase>`` / ``_apply_<phase>`` pair:

``draw``  take the top of the stock or the top discard; if the top discard is
          the last card of a region this player has laid, he must add it to
          that set instead, and that is his turn;
``play``  lay down a regional set (all the towns of a region, the REGION card
          standing in for any one of them) and draw back up to seven, or else
          discard a card.

A card drawn from the stock that completes one of the player's laid regions
goes onto it at once, and that too is his turn.  An empty stock is replaced
by the shuffled discards, one turned up.  The game ends when a player cannot
make his hand up to seven.  Rulings are in ``docs/rules/british-towns-sets.md``.
"""

from __future__ import annotations

import random
from typing import Any, Final, NamedTuple

from parlour.engine.cardlists import offered
from parlour.engine.chance import shuffle
from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction, ResampleError
from parlour.engine.state import COMPILED, shallow_copy
from parlour.engine.turns import OVER, TurnState
from parlour.engine.words import either
from parlour.games.british_towns.pack import (
    CARD_OF_TEXT,
    CARD_TEXT,
    CARDS_OF,
    NUM_CARDS,
    REGION_NUMBERS,
    REGION_OF,
    TOWNS_OF,
    card_name,
    key_card,
    parse_card,
    region_name,
)
from parlour.games.british_towns.terms import SETS_TERMS

HAND: Final = 7
DRAW: Final = "draw"
PLAY: Final = "play"

# Canonical action texts, built once so the hot loop never formats strings.
DRAW_STOCK: Final = "draw stock"
TAKE_DISCARD: Final = "take discard"
DONE: Final = "done"
#: the end by agreement of a stalled game (``finish_offered``): never among the legal actions, which are the moves
#: of the game itself, so that no bot and no search ever weighs it; the table asks it of the seat to move
FINISH: Final = "finish"
#: new stocks made with no set laid or added to in between, after which the table says that the game may never end
#: and offers to finish it (a ruling: the sheet gives no end for a game in which every player hoards)
STALL_NOTICE: Final = 3
#: the room over and above the cards outside the hands that the cards thrown since the last set must fill before the
#: table says the same (``gone_by``): one card a seat, as the bots' own notice of a stall has it (``bots.gone_round``)
STALL_MARGIN_A_SEAT: Final = 1
#: why a game finished by agreement ended, as ``_end`` logs it and ``result`` says it
AGREED: Final = "finished by agreement, counted as it stood"
DRAW_OPTIONS: Final = {(True, True): (DRAW_STOCK, TAKE_DISCARD), (True, False): (DRAW_STOCK,),
                (False, True): (TAKE_DISCARD,), (False, False): ()}
LAY_TEXT: Final[dict[int, str]] = {r: f"lay {r}" for r in REGION_NUMBERS}
DISCARD_TEXT: Final[tuple[str, ...]] = tuple(f"discard {t}" for t in CARD_TEXT)
ADD_TEXT: Final[tuple[str, ...]] = tuple(f"add {t}" for t in CARD_TEXT)
#: a discard's text -> the card discarded
DISCARDED_CARD: Final[dict[str, int]] = {text: card for card, text in enumerate(DISCARD_TEXT)}
#: region -> how many of its cards a hand must hold to lay it (its towns; the REGION card stands in for one)
LAY_NEEDS: Final[tuple[int, ...]] = tuple(len(TOWNS_OF[r]) if r in TOWNS_OF else 0
                                          for r in range(max(REGION_NUMBERS) + 1))
# A hand's cards counted per region in one sum: each region has a 5-bit field, and the offset starts
# region r's at 16 - LAY_NEEDS[r], so its bit 16 is set exactly when the hand holds LAY_NEEDS[r] of its
# cards or more (a hand holds at most all 6 of a region: no field ever carries into the next).
_FIELD: Final[tuple[int, ...]] = tuple(1 << 5 * REGION_OF[c] for c in range(NUM_CARDS))
_LAY_OFFSET: Final = sum((16 - LAY_NEEDS[r]) << 5 * r for r in REGION_NUMBERS)
_LAY_FLAGS: Final = sum(16 << 5 * r for r in REGION_NUMBERS)
assert max(len(CARDS_OF[r]) for r in REGION_NUMBERS) + 16 - min(LAY_NEEDS[r] for r in REGION_NUMBERS) < 32


def _lay_flags(hand: list[int]) -> int:
    """The hand's ``_LAY_FLAGS`` bits: region r's is set when the hand can lay region r (0: nothing to lay)."""
    return (sum([_FIELD[c] for c in hand]) + _LAY_OFFSET) & _LAY_FLAGS


def seat_names(seats: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(seats))


def _cards(texts: Any, what: str) -> list[int]:
    if not isinstance(texts, list) or not all(isinstance(t, str) and t in CARD_OF_TEXT for t in texts):
        raise DealError(f"{what} must be a list of card texts")
    cards = [CARD_OF_TEXT[t] for t in texts]
    if len(set(cards)) != len(cards):
        raise DealError(f"{what} holds a card twice")
    return cards


def check_deal(deal: Any, seats: int) -> None:
    if not isinstance(deal, dict):
        raise DealError("a sets-game deal is an object with 'dealer', 'pack' and 'reshuffles'")
    dealer = deal.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise DealError(f"'dealer' must be a seat from 0 to {seats - 1}")
    if len(_cards(deal.get("pack"), "'pack'")) != NUM_CARDS:
        raise DealError(f"'pack' lists all {NUM_CARDS} cards but the KEY, top card first")
    reshuffles = deal.get("reshuffles", [])
    if not isinstance(reshuffles, list):
        raise DealError("'reshuffles' must be a list of card orders")
    for i, order in enumerate(reshuffles):
        _cards(order, f"reshuffle {i + 1}")


class SetsState(TurnState):
    card_text = CARD_TEXT
    # ``_deal`` (State's) is None for a world's deal still to be worked out when read (``_later``)
    _later: "_LaterDeal | None"
    example_action = 'discard CREWE'
    #: for the tensors, replaced and never changed so that clones share them: (history entries read, each seat's
    #: discards as a bitmask of cards) (``_discarded``), and seat -> (trail entries read, the cards it picked up
    #: as a bitmask) (``_picked_up``)
    _discard_memo: tuple[int, tuple[int, ...]] | None = None
    _pick_memo: dict[int, tuple[int, int]] | None = None

    def _begin(self, seats: int, variant: dict[str, Any], seed: int | None, deal: Any) -> None:
        """A new game (not ``__init__``: see ``parlour.engine.state.shallow_copy``)."""
        check_deal(deal, seats)
        self.num_seats = seats
        self.variant = variant
        self.seed = seed
        self.deal = {"dealer": deal["dealer"], "pack": list(deal["pack"]),
                     "reshuffles": list(deal.get("reshuffles", []))}
        self.history: list[tuple[int, str]] = []
        self.dealer = deal["dealer"]
        pack = [CARD_OF_TEXT[t] for t in deal["pack"]]
        n = seats
        self.hands = [sorted(pack[(s - self.dealer - 1) % n : HAND * n : n]) for s in range(n)]
        self.discards = [pack[HAND * n]]
        self.first_up = pack[HAND * n]                   # the card turned up at the deal, which every player saw
        self.stock = pack[HAND * n + 1 :][::-1]          # the top of the stock is the end of the list
        self.sets: list[dict[int, list[int]]] = [{} for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]   # cards seen going into each hand
        self.seen: set[int] = {self.discards[0]}               # cards ever face up
        self.reshuffles_used = 0
        self.dry_reshuffles = 0        # reshuffles since a set was last laid or added to
        self.events: list[dict[str, Any]] = []
        self.laid_now = False
        self._legal: tuple[str, ...] | None = None
        # What the table saw happen, in order, for ``resample`` (never part of a view or a record):
        # ("hidden", seat, shuffle, place) a card drawn face down from place ``place`` of shuffle ``shuffle``
        # (0: the pack, k: the k-th reshuffle); ("shown", seat, shuffle, place, card) one drawn that went
        # straight onto his set; ("take", seat, card); ("out", seat, card) a discard; ("lay", seat, cards);
        # ("refill", seat) drawing back up to seven begins; ("reshuffle", k).
        self.trail: list[tuple[Any, ...]] = []
        self._order_len = NUM_CARDS                  # cards in the shuffle now being drawn from
        self._last_pop = -1
        self._worlds: Any = None                     # seat -> (key, what its view says), for ``resample``
        self._picked: Any = None                     # seat -> (trail entries read, dealt, drawn): _own_cards
        self._history_shared = False
        self._begin_turn((self.dealer + 1) % n)

    @property
    def deal(self) -> Any:
        """The pack's order and each reshuffle's, as card texts (a world works its own out when first read)."""
        deal = self._deal
        if deal is None:
            assert self._later is not None
            deal = self._deal = self._later.deal(self.dealer)
            self._later = None
        return deal

    @deal.setter
    def deal(self, deal: Any) -> None:
        self._deal, self._later = deal, None

    def _deal_ahead(self) -> bool:
        """Whether the deal holds orders for reshuffles still to come (a hand-written one may).

        A world's deal, not yet worked out, holds exactly those made so far.
        """
        deal = self._deal
        return deal is not None and self.reshuffles_used < len(deal["reshuffles"])

    # -- turns ------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.laid_now = False
        if not self.stock:
            self._renew_stock()
            if not self.stock:
                if self._stalemate():
                    self._end(f"stalemate: the stock ran out {self.dry_reshuffles} times with no set laid")
                    return
                if not self.discards:
                    # Nothing to draw from at all (the sheet never meets this): the game ends.
                    self._end("found neither a stock nor a discard to draw")
                    return
                if self.variant["one_discard_ends"]:
                    # Club variant: a single discard makes no stock, so the game ends here.
                    self._end("found the stock empty, with too few discards to make a new one")
                    return
        self.phase = DRAW

    def _end(self, why: str) -> None:
        self._log({"event": "game over", "seat": self.turn, "why": why})
        self.phase, self.turn = OVER, -1

    # -- a stalled game, and its end by agreement ------------------------------------------------
    def stalled(self) -> bool:
        """No set has been laid or added to since every card a player could get has gone by (``gone_by``), or since
        the stock was made again ``STALL_NOTICE`` times: as the rules stand, the game may never end (every player may
        hoard for ever).  The bots read a stall the same way (``bots.gone_round``), so that the table's offer and
        their change of course come together."""
        return self.phase != OVER and (self.dry_reshuffles >= STALL_NOTICE or self.gone_by())

    def gone_by(self) -> bool:
        """Since a set was last laid or added to, more cards have been thrown than lie outside the hands now (the
        stock and the discard pile), by a card a seat: what is not in a hand has gone by, and none of it helped."""
        thrown = self._quiet()[1]
        return thrown > len(self.stock) + len(self.discards) + STALL_MARGIN_A_SEAT * self.num_seats

    def quiet_turns(self) -> int:
        """Turns taken (a card drawn or the top discard taken) since a set was last laid or added to."""
        return self._quiet()[0]

    def _quiet(self) -> tuple[int, int]:
        """Turns taken, and cards thrown, since a set was last laid or added to: read off the history and the log (a
        card drawn that went straight onto its set is logged as added in the move of the draw), so that nothing is
        kept for it; a view asks, not a playout."""
        start = 0                    # the first move after the last card added to a set
        for k in range(len(self.events) - 1, -1, -1):
            event: dict[str, Any] = self.events[k]
            if event["event"] == "added":
                start = int(event["moves"])
                break
        turns = thrown = 0
        for k in range(len(self.history) - 1, start - 1, -1):
            action: str = self.history[k][1]
            if action.startswith(("lay ", "add ")):
                break
            if action == DRAW_STOCK or action == TAKE_DISCARD:
                turns += 1
            elif action.startswith("discard "):
                thrown += 1
        return turns, thrown

    def finish_offered(self, seat: Any) -> bool:
        """Whether ``seat`` may finish the game here, by agreement, and have it counted as it stands: in a stalled
        game, at the start of its own turn (before it draws, so that every hand holds seven or fewer).

        The rules say when a finish may be asked for; whether the other players agree is the table's to ask
        (the server offers it only where every other seat is a bot: docs/rules/british-towns-sets.md).
        """
        return seat == self.turn and self.phase == DRAW and self.stalled()

    def _finish(self, seat: int) -> None:
        """The game ends now by agreement and is counted as it stands: the same end and count as the club variant's
        stalled game (``_end``, ``result``), only sooner."""
        self._legal = None
        if self._history_shared:
            self._own_history()
        self._end(AGREED)
        self.history.append((seat, FINISH))

    def _remaining(self, seat: int) -> dict[int, int]:
        """The last card of each region this player has laid short: card -> region."""
        out: dict[int, int] = {}
        for region, cards in self.sets[seat].items():
            whole = CARDS_OF[region]
            if len(cards) < len(whole):
                out[next(iter(whole.difference(cards)))] = region
        return out

    def _completes(self, seat: int, card: int) -> int | None:
        """The region ``card`` is the last card of among ``seat``'s sets, if any (``_remaining(seat)[card]``).

        A laid set lacks at most its region's one card: any other card of its region not in it is that one.
        """
        region = REGION_OF[card]
        cards = self.sets[seat].get(region)
        return region if cards is not None and card not in cards else None

    def _take_from_stock(self) -> int:
        place = self._order_len - len(self.stock)
        card = self.stock.pop()
        self._last_pop = len(self.trail)
        self.trail.append(("hidden", self.turn, self.reshuffles_used, place))
        if not self.stock:
            self._renew_stock()
        return card

    def _shown(self, card: int) -> None:
        """The card just drawn went onto a set in sight of all: so the trail says."""
        _, seat, shuffle, place = self.trail[self._last_pop]
        self.trail[self._last_pop] = ("shown", seat, shuffle, place, card)

    def _renew_stock(self) -> None:
        """An exhausted stock is replaced at once by the discards (two or more of them)."""
        if not self.stock and len(self.discards) >= 2 and not self._stalemate():
            self._reshuffle()

    def _stalemate(self) -> bool:
        """Ruling: the stock has run out too often with nobody laying or adding a card."""
        limit: int = self.variant["stalemate"]
        return limit > 0 and self.dry_reshuffles >= limit

    def _reshuffle(self) -> None:
        """The discards, shuffled, become the stock; its top card is turned up."""
        k = self.reshuffles_used
        if k < len(self.deal["reshuffles"]):
            order = [CARD_OF_TEXT[t] for t in self.deal["reshuffles"][k]]
            if sorted(order) != sorted(self.discards):
                raise DealError(f"reshuffle {k + 1} in the deal does not hold the cards of the discard pile")
        elif self.seed is not None:
            order = list(self.discards)
            shuffle(random.Random(f"british-towns-sets/{self.seed}/reshuffle/{k}"), order)
            self.deal["reshuffles"].append([CARD_TEXT[c] for c in order])
        else:
            raise DealError(f"the deal has no order for reshuffle {k + 1} and there is no seed to shuffle one")
        self.reshuffles_used += 1
        self.dry_reshuffles += 1
        self._order_len = len(order)
        self.trail.append(("reshuffle", self.reshuffles_used))
        self.discards = [order[0]]
        self.stock = order[1:][::-1]
        self.seen.add(order[0])
        self._log({"event": "reshuffle", "seat": self.turn, "turned_up": CARD_TEXT[order[0]]})

    # The sets (and each seat's), each seat's known cards, and the events are replaced, never changed in
    # place: clones share them.
    def _set_of(self, seat: int, region: int, cards: list[int]) -> None:
        """``seat``'s set of ``region`` is now ``cards``."""
        sets = self.sets[:]
        sets[seat] = {**sets[seat], region: cards}
        self.sets = sets

    def _known_of(self, seat: int, known: list[int]) -> None:
        """The cards the table saw go into ``seat``'s hand, and still there, are now ``known``."""
        self.known[seat] = known

    def _log(self, event: dict[str, Any]) -> None:
        # ``moves``: the moves of the game so far, the one the event happened in included (it joins the history
        # just after), as Squadron Scramble's round-over event has it: the page places the event by it
        self.events = [*self.events, {**event, "moves": len(self.history) + 1}]   # a new list: clones share it

    def _add_to_set(self, seat: int, card: int, region: int, how: str) -> None:
        self._set_of(seat, region, self.sets[seat][region] + [card])
        self.dry_reshuffles = 0
        self.seen.add(card)
        self._log({"event": "added", "seat": seat, "card": CARD_TEXT[card], "region": region, "how": how})

    # -- contract ---------------------------------------------------------------------------
    def _legal_now(self, seat: int) -> tuple[str, ...]:
        return self._legal_draw(seat) if self.phase == DRAW else self._legal_play(seat)

    def legal_actions(self, seat: Any) -> tuple[str, ...]:
        """``TurnState.legal_actions`` calling the phase's function directly (the hot path, written out)."""
        if seat != self.turn or self.phase == OVER:
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_draw(seat) if self.phase == DRAW else self._legal_play(seat)
        return legal

    def apply(self, seat: Any, action: Any) -> None:
        """``TurnState.apply`` written out for the usual case (the hot path), as the asking game does.

        Anything else goes the general way: legal actions not yet worked out, a seat or action
        refused, an action text not seen before, or a hand-written deal whose reshuffles the action
        might reach (``_chance_may_run_out``).
        """
        if action == FINISH:
            if not self.finish_offered(seat):
                raise IllegalAction(self.explain_illegal(seat, action), seat=seat, action=action)
            self._finish(seat)
            return
        legal = self._legal
        if (legal is None or seat != self.turn or type(seat) is not int or not offered(legal, action)
                or self.seed is None
                # _deal_ahead, written out
                or ((deal := self._deal) is not None and self.reshuffles_used < len(deal["reshuffles"]))):
            TurnState.apply(self, seat, action)
            return
        decoded = self._steps.get(action)
        if decoded is None:
            TurnState.apply(self, seat, action)
            return
        self._legal = None
        if self._history_shared:
            self._own_history()
        decoded[0](self, seat, decoded[1])
        self.history.append((seat, action))

    def _chance_may_run_out(self) -> bool:
        # Any draw may empty the stock: the reshuffle then comes from the deal (and may be
        # wrong there) or, with no seed, may be missing.
        return self.seed is None or self._deal_ahead()

    # -- drawing ----------------------------------------------------------------------------------
    def _legal_draw(self, seat: int) -> tuple[str, ...]:
        discards = self.discards
        if discards and self.sets[seat] and self._completes(seat, discards[-1]) is not None:
            return (ADD_TEXT[discards[-1]],)     # forced: that is his whole turn
        return DRAW_OPTIONS[bool(self.stock), bool(discards)]

    def _apply_add(self, seat: int, _: str) -> None:
        card = self.discards.pop()
        self._add_to_set(seat, card, REGION_OF[card], "from the discards")   # (_legal_draw: it completes one)
        self._next(seat)

    def _apply_draw(self, seat: int, _: str) -> None:
        card = self._take_from_stock()
        region = self._completes(seat, card) if self.sets[seat] else None
        if region is not None:
            self._shown(card)
            self._add_to_set(seat, card, region, "drawn")
            self._next(seat)
            return
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.phase = PLAY

    def _apply_take(self, seat: int, _: str) -> None:
        card = self.discards.pop()
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.known[seat] = self.known[seat] + [card]            # a new list: see _known_of
        self.trail.append(("take", seat, card))
        self.phase = PLAY

    # -- laying down and discarding ------------------------------------------------------------------
    def _can_lay(self, seat: int) -> list[int]:
        """The regions whose towns this player holds, the REGION card standing in for one, in region order.

        (A region is complete when its cards held, REGION card included, are at least as many as its towns.)
        """
        ready = _lay_flags(self.hands[seat])
        if not ready:
            return []
        return [r for r in REGION_NUMBERS if ready >> 5 * r & 16]

    def _legal_play(self, seat: int) -> tuple[str, ...]:
        hand = self.hands[seat]
        if not self.laid_now and not _lay_flags(hand):
            return tuple([DISCARD_TEXT[c] for c in hand])      # the usual case: nothing to lay (_can_lay)
        lays = [LAY_TEXT[r] for r in self._can_lay(seat)]
        if self.laid_now:
            more = lays if self.variant["sets_per_turn"] == "all" else []
            return tuple(more + ([] if self.variant["must_lay"] else [DONE]))
        if lays and self.variant["must_lay"]:
            return tuple(lays)
        if not lays:
            return tuple([DISCARD_TEXT[c] for c in self.hands[seat]])
        return tuple(lays + [DISCARD_TEXT[c] for c in self.hands[seat]])

    def _apply_lay(self, seat: int, number: str) -> None:
        region = int(number)
        cards = [c for c in self.hands[seat] if REGION_OF[c] == region]
        self.hands[seat] = [c for c in self.hands[seat] if REGION_OF[c] != region]
        self._known_of(seat, [c for c in self.known[seat] if REGION_OF[c] != region])
        self._set_of(seat, region, cards)
        self.trail.append(("lay", seat, tuple(cards)))
        self.seen.update(cards)
        self.dry_reshuffles = 0
        self.laid_now = True
        more = self.variant["sets_per_turn"] == "all" and self._can_lay(seat)
        if not more and self.variant["must_lay"]:
            self._refill(seat)

    def _apply_done(self, seat: int, _: str) -> None:
        self._refill(seat)

    def _refill(self, seat: int) -> None:
        """Draw back up to seven; a drawn last card of his own region goes straight onto it."""
        hand = self.hands[seat]
        self.trail.append(("refill", seat))
        while len(hand) < HAND:
            self._renew_stock()
            if not self.stock:
                self._end("could not make his hand up to seven")
                return
            card = self._take_from_stock()
            region = self._completes(seat, card)
            if region is not None:
                self._shown(card)
                self._add_to_set(seat, card, region, "drawn")
            else:
                hand.append(card)
        hand.sort()
        self._next(seat)

    def _apply_discard(self, seat: int, text: str) -> None:
        card = CARD_OF_TEXT[text]
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            known = self.known[seat][:]
            known.remove(card)
            self.known[seat] = known                            # a new list: see _known_of
        self.discards.append(card)
        self.seen.add(card)
        self.trail.append(("out", seat, card))
        self._begin_turn((seat + 1) % self.num_seats)

    def _next(self, seat: int) -> None:
        self._begin_turn((seat + 1) % self.num_seats)

    # -- text ----------------------------------------------------------------------------------
    def parse_action(self, text: Any) -> str:
        return parse_action(text)

    def _explain(self, seat: Any, action: Any) -> str:
        """Why a move is refused and what the player may do instead, from his own hand and the public table."""
        legal = self.legal_actions(seat)
        if action == FINISH:
            if self.finish_offered(seat):
                return ("Finishing a stalled game needs every player's agreement, so it is no move of the game: "
                        "the table asks the others for it.")
            if not self.stalled():
                since = self.dry_reshuffles
                made = ("not once", "once", "twice")[since] if since < 3 else f"{since} times"
                return ("A game may be finished by agreement only once it has stalled: when no set has been laid "
                        "or added to while more cards were thrown than lie in the stock and the discard pile, "
                        f"or since the stock was made again {STALL_NOTICE} times; since the last set "
                        f"{self._quiet()[1]} cards have been thrown, with {len(self.stock) + len(self.discards)} "
                        f"in the stock and the discards, and the stock has been made again {made}.")
            return (f"A stalled game may be finished only at the start of your turn, before you draw: "
                    f"{self._play_now(seat, legal)}.")
        if self.phase == DRAW:
            if legal and legal[0].startswith("add "):
                card = CARD_OF_TEXT[legal[0][4:]]
                return (f"The top discard, {card_name(card)}, completes your set of {region_name(REGION_OF[card])}: "
                        "you must add it to that set, and that is your turn.")
            options = []
            if DRAW_STOCK in legal:
                options.append("take the top card of the stock")
            if TAKE_DISCARD in legal:
                options.append(f"take the top discard, {card_name(self.discards[-1])}")
            return f"Draw first: {either(options)}."
        instead = self._play_now(seat, legal)
        lays = [int(a[4:]) for a in legal if a.startswith("lay ")]
        if lays and self.variant["must_lay"] and not action.startswith("lay "):
            return f"You can make a set of {either([region_name(r) for r in lays])}, so you must lay it down first."
        verb, _, rest = action.partition(" ")
        if verb == "lay":
            region = int(rest) if rest.isdecimal() else 0
            if self.laid_now and region in self._can_lay(seat):
                return f"You may lay only one set a turn: {instead}."
            if region in REGION_NUMBERS:
                return (f"To lay {region_name(region)} you need all its towns, or all but one and its region card: "
                        f"{instead}.")
            return f"There is no such region: {instead}."
        if verb == "discard" and self.laid_now:
            return f"After laying a set you draw back up to seven cards instead of discarding: {instead}."
        if verb == "discard" and rest in CARD_OF_TEXT and CARD_OF_TEXT[rest] not in self.hands[seat]:
            return f"You do not hold {card_name(CARD_OF_TEXT[rest])}: {instead}."
        if verb in ("draw", "take", "add"):
            return f"You have drawn already this turn: {instead}."
        return f"That is no move at this point of your turn: {instead}."

    def _play_now(self, seat: int, legal: tuple[str, ...]) -> str:
        """What the player may do now, in the play phase: ``lay down ..., or discard a card``."""
        options = []
        lays = [region_name(int(a[4:])) for a in legal if a.startswith("lay ")]
        if lays:
            options.append(f"lay down your set of {either(lays)}")
        if any(a.startswith("discard ") for a in legal):
            options.append("discard a card you hold")
        if DONE in legal:
            options.append("finish your turn and draw back up to seven cards")
        return either(options)

    # -- views ------------------------------------------------------------------------------------
    def _public_view(self) -> dict[str, Any]:
        view = self._table_view()
        # (the card turned up at the deal: the play log and the replay tell the deal with it, whichever move they show)
        view["turned_up"] = CARD_TEXT[self.first_up]
        view["key"] = key_card()
        view["events"] = [dict(e) for e in self.events]
        view["history"] = [[s, a] for s, a in self.history]
        # how long the game has stalled: new stocks made since a set was last laid or added to, and whether the
        # table says so and offers to finish it (``stalled``); every player sees the same
        view["dry_restocks"] = self.dry_reshuffles
        view["quiet_turns"] = self.quiet_turns()
        view["gone_by"] = self.gone_by()
        view["stalled"] = self.stalled()
        return view

    def _tensor_public_view(self) -> dict[str, Any]:
        # The history and the events, which grow all game, give way to what the tensors read off them.
        view = self._table_view()
        view["reshuffles"] = self.reshuffles_used
        view["discarded"] = [[CARD_TEXT[c] for c in range(NUM_CARDS) if mask >> c & 1] for mask in self._discarded()]
        return view

    def _table_view(self) -> dict[str, Any]:
        """The public view but its logs: what is on the table now."""
        return {
            "dealer": self.dealer,
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "discards": [CARD_TEXT[c] for c in self.discards],
            # Cards the table saw go into each hand (taken from the discards) and still there.
            "seen_in_hands": [[CARD_TEXT[c] for c in known] for known in self.known],
            "sets": [{str(r): [CARD_TEXT[c] for c in cards] for r, cards in sorted(s.items())} for s in self.sets],
            "scores": self._scores(),
        }

    def _tensor_own_view(self, seat: int) -> dict[str, Any]:
        mask = self._picked_up(seat)
        return {"picked_up": [CARD_TEXT[c] for c in range(NUM_CARDS) if mask >> c & 1]}

    def _discarded(self) -> tuple[int, ...]:
        """The cards each seat has discarded in the game, as bitmasks, read on from where the last call left off."""
        history = self.history
        memo = self._discard_memo
        if memo is None or memo[0] > len(history):
            memo = (0, (0,) * self.num_seats)
        if memo[0] < len(history):
            masks = list(memo[1])
            for seat, action in history[memo[0]:]:
                card = DISCARDED_CARD.get(action)
                if card is not None:
                    masks[seat] |= 1 << card
            memo = self._discard_memo = (len(history), tuple(masks))
        return memo[1]

    def _picked_up(self, seat: int) -> int:
        """The cards ``seat`` was dealt or drew face down, as a bitmask: ``_own_cards`` as a set, read on from
        where the last call left off (in a world, kept from the state it was drawn from: ``resample``)."""
        trail = self.trail
        entry = (self._pick_memo or {}).get(seat)
        if entry is None:
            n, pack = self.num_seats, self.deal["pack"]
            done, mask = 0, 0
            for p in range((seat - self.dealer - 1) % n, HAND * n, n):
                mask |= 1 << CARD_OF_TEXT[pack[p]]
        else:
            done, mask = entry
            if done == len(trail):
                return mask
        if any(e[0] == "hidden" and e[1] == seat for e in trail[done:]):
            pack, reshuffles = self.deal["pack"], self.deal["reshuffles"]
            for e in trail[done:]:
                if e[0] == "hidden" and e[1] == seat:
                    mask |= 1 << CARD_OF_TEXT[(reshuffles[e[2] - 1] if e[2] else pack)[e[3]]]
        self._pick_memo = {**(self._pick_memo or {}), seat: (len(trail), mask)}
        return mask

    def _own_view(self, seat: int) -> dict[str, Any]:
        dealt, drawn = self._own_cards(seat)
        return {"dealt": [CARD_TEXT[c] for c in dealt], "drawn": [CARD_TEXT[c] for c in drawn]}

    def _own_cards(self, seat: int) -> tuple[list[int], list[int]]:
        """The seat's first hand (sorted) and the cards it drew face down since, in the order drawn.

        A player saw every card he picked up, so his view keeps them (perfect
        recall), and ``resample`` takes his own past from here rather than
        guessing it.  Every view of the seat holds them, so what was read is
        kept (``_picked``) and only the trail's entries since are read.  It
        is replaced, never changed in place: a clone shares what was read up
        to the clone, which is the start of its own trail too.
        """
        trail = self.trail
        entry = (self._picked or {}).get(seat)
        if entry is not None:
            done, dealt, drawn = entry
            if done == len(trail):
                return dealt, drawn
        else:
            n, pack = self.num_seats, self.deal["pack"]
            done, drawn = 0, []
            dealt = sorted(CARD_OF_TEXT[pack[p]] for p in range((seat - self.dealer - 1) % n, HAND * n, n))
        pack, reshuffles = self.deal["pack"], self.deal["reshuffles"]
        drawn = drawn + [CARD_OF_TEXT[(reshuffles[e[2] - 1] if e[2] else pack)[e[3]]]
                         for e in trail[done:] if e[0] == "hidden" and e[1] == seat]
        self._picked = {**(self._picked or {}), seat: (len(trail), dealt, drawn)}
        return dealt, drawn

    def _hidden_extras(self) -> dict[str, Any]:
        return {"stock": [CARD_TEXT[c] for c in self.stock]}

    # -- results ------------------------------------------------------------------------------------
    def _scores(self) -> list[int]:
        """Cards laid in front of a player, less the cards in his hand."""
        return [sum(len(c) for c in self.sets[s].values()) - len(self.hands[s]) for s in range(self.num_seats)]

    def result(self) -> dict[str, Any]:
        names = seat_names(self.num_seats)
        scores = self._scores()
        best = max(scores)
        leaders = [s for s in range(self.num_seats) if scores[s] == best]
        finished = self.phase == OVER
        result: dict[str, Any] = {
            "scores": {names[s]: scores[s] for s in range(self.num_seats)},
            "winner": names[leaders[0]] if finished and len(leaders) == 1 else None,
            "shared_by": [names[s] for s in leaders] if finished and len(leaders) > 1 else [],
            "finished": finished,
        }
        if finished and self.events and self.events[-1].get("why") == AGREED:
            # (only then: the results of games that ended otherwise, old records' among them, are as they were)
            result["ending"] = AGREED
        return result

    # -- copies ----------------------------------------------------------------------------------
    def _shallow(self) -> "SetsState":
        """``shallow_copy(self)``: compiled, with each attribute written out (``_each_attribute``), several times
        quicker there than mypyc's ``__getstate__`` and ``__setstate__``; in Python the ``__dict__`` copy is quicker."""
        return self._each_attribute() if COMPILED else shallow_copy(self)

    def _each_attribute(self) -> "SetsState":
        """A new state holding every attribute of this one (tests check that none is left out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._deal = self._deal
        new._history_shared = self._history_shared
        new._last_pop = self._last_pop
        new._later = self._later
        new._legal = self._legal
        new._order_len = self._order_len
        new._picked = self._picked
        new._pick_memo = self._pick_memo
        new._discard_memo = self._discard_memo
        new._worlds = self._worlds
        new.dealer = self.dealer
        new.discards = self.discards
        new.dry_reshuffles = self.dry_reshuffles
        new.first_up = self.first_up
        new.events = self.events
        new.hands = self.hands
        new.history = self.history
        new.known = self.known
        new.laid_now = self.laid_now
        new.num_seats = self.num_seats
        new.phase = self.phase
        new.reshuffles_used = self.reshuffles_used
        new.seed = self.seed
        new.seen = self.seen
        new.sets = self.sets
        new.stock = self.stock
        new.trail = self.trail
        new.turn = self.turn
        new.variant = self.variant
        return new

    def clone(self) -> "SetsState":
        # Copied: what changes in place (the hands, stock, discards, the deal's list of reshuffles, the
        # list of each seat's known cards).  Shared: the sets, each seat's known cards, and the events,
        # which are replaced, never changed in place (_set_of, _known_of, _log); and what only grows with
        # the actions (the history, the trail, the cards ever seen), until either state records an action
        # (State._history_shared).
        new = self._shallow()
        if self._deal is not None:              # (else the clone shares the world's deal still to work out)
            new._deal = deal = self._deal.copy()
            deal["reshuffles"] = deal["reshuffles"][:]
        new._history_shared = self._history_shared = True
        new.hands = [*map(list.copy, self.hands)]
        new.stock = self.stock[:]
        new.discards = self.discards[:]
        new.known = self.known[:]
        return new

    def _own_history(self) -> None:
        # The trail grows with the history (an entry may be rewritten: _shown), and so do the cards
        # ever seen: shared the same way.
        super()._own_history()
        self.trail = self.trail[:]
        self.seen = self.seen.copy()

    def resample(self, seat: Any, rng: random.Random) -> "SetsState":
        """A world ``seat`` cannot tell from this one, drawn uniformly from all of them.

        Every card the seat cannot place (in the stock, or in a hand without
        the table having seen it go there) came from one shuffle: the pack,
        or the reshuffle in which it last went face down.  ``_Hidden`` reads
        from the public trail of draws, discards and lays, and the seat's own
        hand, where each such card may lie, and draws the places uniformly
        among those that keep the game as it was seen (``_Hidden.draw``).  The
        world is built directly, not replayed: the same table, the drawn
        hands and stock, the pack and reshuffles they imply (worked out when
        first read: ``deal``), and a fresh seed, so that the shuffles still
        to come are new ones too.
        """
        self._check_resampler(seat)
        hidden = self._hidden(seat)
        later, hands, stock = hidden.draw(rng)
        new = self.clone()
        for s, cards in hands.items():
            new.hands[s] = cards
        new.stock = stock
        new._deal, new._later = None, later
        # the seat's own cards are the same in the world (the others' are the world's own, read when asked for)
        new._picked = {seat: (len(self.trail), *self._own_cards(seat))}
        new._pick_memo = None if self._pick_memo is None or seat not in self._pick_memo else {
            seat: self._pick_memo[seat]}
        new.seed = rng.randrange(2**63)
        new._legal = None
        return new

    def _hidden(self, seat: int) -> "_Hidden":
        """What ``seat``'s view says of the cards it cannot place, kept while the position lasts.

        The key holds what changes the view, so a state played on, or edited
        by hand, reads it afresh; the cache is replaced, never changed in
        place, since clones share it.
        """
        key = (len(self.history), len(self.trail), tuple(self.hands[seat]), tuple(len(h) for h in self.hands),
               len(self.stock), len(self.discards))
        cache = self._worlds or {}
        entry = cache.get(seat)
        if entry is None or entry[0] != key:
            entry = (key, _Hidden.of(self, seat))
            self._worlds = {**cache, seat: entry}
        return entry[1]


class _Hidden:
    """What one seat's view says of the cards it cannot place in the sets game, and uniform draws of them.

    Each shuffle (the pack, then each reshuffle) is a row of *places*, drawn
    from in order.  The public trail says what became of each place: turned
    up, drawn straight onto a set (its card shown), drawn face down into a
    hand (a *slot* of that player, at a known moment), or still in the stock.
    The cards of each shuffle are public (the whole pack; the discard pile it
    was made from), and so is every card that leaves a hand: a discard or a
    lay.  So a world is: for each card leaving a player's hand unseen before,
    which of his earlier slots of the shuffle it last went face down in held
    it; and which cards fill the slots still in hands and the stock.  Those
    choices are independent and each is uniform over what the trail allows
    (``draw``), except for what the rules force:

    * with laying compulsory, a player who discarded, or who drew up to seven
      after laying, held no set then (the ``CHECK`` steps of ``timeline``);
    * a player never holds the last card of a region he has laid: it would
      have gone onto the set (``banned``).

    A draw breaking either is drawn again, so what is kept is uniform over
    the consistent worlds.  It reads only the view: the trail, the table,
    the seat's own hand and the cards it picked up (its view's ``dealt`` and
    ``drawn``), and of the deal only what the table saw (the card turned up,
    and which cards each reshuffle held).  The trail keeps which
    draw of a player's drawing up to seven went onto his set, as everyone at
    a table sees it; the observation alone would not say.
    """

    #: draws tried before giving up
    TRIES = 4000
    #: False draws the proposal alone, no rule checked (what a test compares with a replay of each world)
    RULES = True

    @classmethod
    def of(cls, state: "SetsState", me: int) -> _Hidden:
        """(No ``__init__``, so that a copy or an unpickling can make one empty: see ``shallow_copy``.)"""
        made = cls()
        made._fill(state, me)
        return made

    def _fill(self, state: "SetsState", me: int) -> None:
        n = state.num_seats
        self.me = me
        used = state.reshuffles_used
        rows = [[CARD_OF_TEXT[t] for t in state.deal["pack"]]]
        rows += [[CARD_OF_TEXT[t] for t in order] for order in state.deal["reshuffles"][:used]]
        self.lengths = [len(row) for row in rows]
        # places whose card the table saw: the card turned up on the pack and on each reshuffle, and drawn cards shown
        self.public: list[dict[int, int]] = [{HAND * n: rows[0][HAND * n]}] + [{0: row[0]} for row in rows[1:]]
        self.slots: list[tuple[int, int, int]] = []          # (seat, shuffle, place), in the order drawn
        self._entered: list[int] = []                        # when each slot was drawn (its place in the trail)
        self._groups: dict[tuple[int, int], tuple[list[int], list[int], list[tuple[int, int]]]] = {}
        self._lines: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for place in range(HAND * n):
            self._slot((place + state.dealer + 1) % n, 0, place, -1)
        known, last_down = self._walk(state, rows)
        if known != state.known:
            raise ResampleError("the table's record of cards taken does not match the trail of play")
        self._cut_short(state)
        self._own_past(state)
        self._settle(state, self._groups, self._lines, known, last_down)
        self._groups, self._lines = {}, []          # needed no more

    def _own_past(self, state: "SetsState") -> None:
        """The seat's own slots hold what its view says it picked up (``SetsState._own_cards``).

        Which of its dealt places held which of its first cards it never saw:
        ``draw`` deals them out in a random order (``dealt``).
        """
        dealt, drawn = state._own_cards(self.me)
        mine = [sid for sid, slot in enumerate(self.slots) if slot[0] == self.me]
        first = [sid for sid in mine if self._entered[sid] < 0]
        later = [sid for sid in mine if self._entered[sid] >= 0]
        if len(first) != len(dealt) or len(later) != len(drawn):
            raise ResampleError("the seat's own cards do not match the trail of play")
        self.fixed: dict[int, int] = dict(zip(later, drawn, strict=True))
        self.dealt = (first, dealt)
        for key in [key for key in self._groups if key[0] == self.me]:
            del self._groups[key]

    def _cut_short(self, state: "SetsState") -> None:
        """A game that ended while a player drew up to seven leaves his drawn cards unsorted, in the order drawn.

        The seat's own slots hold what it saw anyway (``_own_past``); another
        player's are drawn as usual, and ``draw`` puts them in his hand in the
        order they came.
        """
        self.cut_short: tuple[int, list[int]] | None = None
        last = state.events[-1] if state.events else {}
        if last.get("why") != "could not make his hand up to seven":
            return
        s = last["seat"]
        if s != self.me:
            begun = max(t for t, e in enumerate(state.trail) if e == ("refill", s))
            self.cut_short = (s, [sid for sid, (who, _k, _p) in enumerate(self.slots)
                                  if who == s and self._entered[sid] > begun])

    def _slot(self, s: int, k: int, place: int, t: int) -> None:
        sid = len(self.slots)
        self.slots.append((s, k, place))
        self._entered.append(t)
        ids, times, _ = self._groups.setdefault((s, k), ([], [], []))
        ids.append(sid)
        times.append(t)
        self._lines[s].append((SLOT, sid))

    def _walk(self, state: "SetsState", rows: list[list[int]]) -> tuple[list[list[int]], dict[int, int]]:
        """Follow the trail: slots drawn, cards taken and given up, the checks; and where each card last went down."""
        known: list[list[int]] = [[] for _ in range(state.num_seats)]
        last_down: dict[int, int] = {}
        checking = state.variant["must_lay"]
        after_lay = checking and state.variant["sets_per_turn"] == "all"
        trail, lines = state.trail, self._lines
        for t, entry in enumerate(trail):
            kind, s = entry[0], entry[1]
            if kind == "hidden":
                self._slot(s, entry[2], entry[3], t)
            elif kind == "shown":
                self.public[entry[2]][entry[3]] = entry[4]
            elif kind == "take":
                known[s].append(entry[2])
                lines[s].append((IN, entry[2]))
            elif kind in ("out", "lay"):
                if kind == "out" and checking:
                    lines[s].append((CHECK, 0))          # he discarded: he could lay nothing
                for card in (entry[2],) if kind == "out" else entry[2]:
                    if card in known[s]:
                        known[s].remove(card)
                        lines[s].append((OUT, card))
                    else:
                        k = last_down.get(card, 0)
                        self._groups.setdefault((s, k), ([], [], []))[2].append((card, t))
                        lines[s].append((EXIT, (card, k)))
                if kind == "lay" and after_lay and t + 1 < len(trail) and trail[t + 1] == ("refill", s):
                    lines[s].append((CHECK, 0))          # he drew up: he had no other set to lay
            elif kind == "reshuffle":
                for card in rows[s][1:]:
                    last_down[card] = s
        return known, last_down

    def _settle(self, state: "SetsState", groups: dict[Any, Any], timeline: list[Any], known: list[list[int]],
                last_down: dict[int, int]) -> None:
        """Where the unplaced cards may go now: slots still in hands, the stock; and the rules to check."""
        n, me = state.num_seats, self.me
        shown_now = set(state.discards) | {c for laid in state.sets for cards in laid.values() for c in cards}
        shown_now |= {c for cards in known for c in cards}
        unplaced = sorted(c for c in range(NUM_CARDS) if c not in shown_now and c not in state.hands[me])
        shuffles = len(self.lengths)
        self.pool: list[list[int]] = [[] for _ in range(shuffles)]
        for card in unplaced:
            self.pool[last_down.get(card, 0)].append(card)
        # Each seat's slots of a shuffle must have come in before the unseen cards he gave up from it.
        spare: dict[int, list[tuple[int, int]]] = {}    # seat -> (shuffle, his slots of it still in hand)
        left = [0] * n
        room = [0] * shuffles
        for (s, k), (ids, times, exits) in sorted(groups.items()):
            ready = 0
            for i, (_card, t) in enumerate(exits):
                while ready < len(times) and times[ready] < t:
                    ready += 1
                if ready <= i:
                    raise ResampleError(f"seat {s} gave up more unseen cards than he had drawn (shuffle {k})")
            still = len(ids) - len(exits)
            left[s] += still
            room[k] += still
            spare.setdefault(s, [])
            if still:
                spare[s].append((k, still))
        top = state.reshuffles_used
        self.stock_from = self.lengths[top] - len(state.stock)
        room[top] += len(state.stock)
        for s in range(n):
            if s != me and left[s] != len(state.hands[s]) - len(known[s]):
                raise ResampleError(f"seat {s}'s hand does not match the trail of play")
        if room != [len(p) for p in self.pool]:
            raise ResampleError("the unseen cards do not fit the places the trail leaves for them")
        self.known = known
        self.top = top

        self._sources(top)
        # the last card of a region a player has laid is never in his hand
        banned = {s: {c for c in state._remaining(s) if c in set(unplaced)} for s in range(n) if s != me}
        # Drawn seat by seat: the seats whose hands the rules check most often first, as the likeliest to
        # break them.
        counted: list[tuple[int, _Seat]] = []
        for s, shares in spare.items():
            events = _backwards(timeline[s], self.slots, self.fixed, self.RULES)
            checked = sum(op == CHECK for op, _a, _b in events)
            rules = banned.get(s) if self.RULES else None
            counted.append((checked, _unit(s, shares, events, rules, self.pool)))
        units = [unit for _checked, unit in sorted(counted, key=lambda u: (-u[0], u[1].seat))]
        self.units = [self._cut(unit) for unit in units]
        # the random numbers a world's deal takes when it is read: its slots of many cards, and its first
        # cards' order (``_LaterDeal``)
        self.later_draws = sum(step[3] >= 0 and step[4] >= 0 for unit in self.units for step in unit.rest)
        self.later_draws += max(len(self.dealt[1]) - 1, 0)
        # what every world's slots start from: the seat's own, and those pinned
        self.template = [-1] * len(self.slots)
        for sid, card in [*self.fixed.items(), *(pin for unit in self.units for pin in unit.pinned)]:
            self.template[sid] = card

    def _cut(self, unit: "_Seat") -> "_Seat":
        """The unit's walk back split after its last check (``steps``, then ``rest``).

        A world needs only the first part at once, where a draw may fail;
        the rest only says which slots held which cards in the past, for the
        world's deal (``_LaterDeal``), and is walked when that is read.  The
        slots of a hand cut short by the game's end stay in the first part,
        since they give its order now.
        """
        needed = set(self.cut_short[1]) if self.cut_short is not None and self.cut_short[0] == unit.seat else set()
        cut = 0
        for j, (_gk, _card, check, _tk, slot) in enumerate(unit.steps):
            if check or slot in needed:
                cut = j + 1
        return unit._replace(steps=unit.steps[:cut], rest=unit.steps[cut:])

    def _sources(self, top: int) -> None:
        """Where each place of each shuffle takes its card from in ``draw``'s one list (``source``).

        The list is the slots' cards, then the cards the table saw
        (``seen``), then the stock's, so that a world's orders are gathered
        without a loop in Python.
        """
        self.seen = [card for places in self.public for card in places.values()]
        self.source = source = [[-1] * length for length in self.lengths]
        for sid, (_s, k, place) in enumerate(self.slots):
            source[k][place] = sid
        at = len(self.slots)
        for k, places in enumerate(self.public):
            for place in places:
                source[k][place] = at
                at += 1
        for place in range(self.stock_from, self.lengths[top]):
            source[top][place] = at + place - self.stock_from
        if any(-1 in row for row in source):
            raise ResampleError("the trail leaves a place of a shuffle unaccounted for")

    def draw(self, rng: random.Random) -> tuple["_LaterDeal", dict[int, list[int]], list[int]]:
        """Uniform over the consistent worlds: (every shuffle's order, when read; the other hands; the stock).

        The seat's own slots hold what it picked up (``_own_past``), its
        first cards in a random order among its dealt places; the others'
        slots share out the unseen cards with the stock (``_block``).
        """
        card_of = self.template[:]
        stock_cards, held, rests = self._block(rng, card_of)
        hands: dict[int, list[int]] = {s: list(self.known[s]) for s in range(len(self.known)) if s != self.me}
        for s, cards in held.items():
            hands[s] += cards
        random_ = rng.random
        later = _LaterDeal.of(self, card_of, rests, stock_cards, [random_() for _ in range(self.later_draws)])
        stock = stock_cards[::-1]
        out = {s: sorted(cards) for s, cards in hands.items()}
        if self.cut_short is not None and self.cut_short[0] in out:
            # The game ended while he drew up to seven: the cards drawn stay in the order drawn, unsorted.
            s, sids = self.cut_short
            drawn = [card_of[sid] for sid in sids]
            out[s] = sorted(c for c in out[s] if c not in drawn) + drawn
        return later, out, stock

    def _block(self, rng: random.Random, card_of: list[int]) -> tuple[list[int], dict[int, list[int]], list[Any]]:
        """Fill the other seats' slots, by rejection, into ``card_of``.

        A hand is drawn from now back to the deal.  First the unseen cards
        each seat holds now, taken at random from those the seats before left
        (what the last leave is the stock, in a random order).  Then, going
        back through a seat's past, a card it gave up joins the cards it
        held, and a slot it drew takes one of them at random (one of that
        shuffle's): so the cards it held at each check are known as soon as
        the walk reaches it.  Every slot takes one of as many cards whatever
        was drawn before, so this is a uniform draw of where every card was.

        Each check is made twice (``_walk_back``).  Whether a seat's past held
        a set *even without the unseen cards it holds now* does not depend on
        those cards, and is most of what fails: only that seat's past is
        drawn again, which keeps it uniform over the pasts that pass, and
        independent of the cards held now.  Whether it held one *with* them,
        or holds a laid region's last card, depends on what every seat took
        from the shared cards, so then the whole try starts again, with that
        seat first.  What is kept is therefore uniform over the consistent
        worlds.
        Returns the stock's cards, each seat's unseen cards in hand, and each
        seat's walk back still to go, from the cards it held at its last check
        (``_cut``).
        """
        units = self.units[:]
        pools = self.pool
        random_ = rng.random          # int(random_() * n): uniform on range(n) to within n / 2**53
        budget = self.TRIES
        while budget > 0:
            budget -= 1
            left = [list(pool) for pool in pools]
            taken = [0] * len(pools)
            failed, held, starts = _hold_now(units, left, taken, random_)
            place, rests = 0, []
            while failed < 0 and place < len(units) and budget > 0:
                fresh, given, kept = starts[place]
                holding = [cards[:] for cards in fresh]
                bare, full = _walk_back(units[place].steps, holding, given, kept, card_of, random_)
                if not bare:
                    budget -= 1                          # this seat's past alone is drawn again
                elif not full:
                    failed = place
                else:
                    rests.append((units[place].rest, holding))
                    place += 1
            if place == len(units):
                return _shuffled(left[self.top][taken[self.top]:], random_), held, rests
            if failed > 0:
                units.insert(0, units.pop(failed))
        raise ResampleError(f"no world fitting this view was found for the other hands in {self.TRIES} draws")


class _LaterDeal:
    """A world's deal (every shuffle's order, as card texts), worked out when it is first read.

    A search plays on from the world and never reads it; a record of the
    world, a snapshot or another resample from it does (``SetsState.deal``).
    What is left is chance the world's own draw did not need: the other
    seats' walks back past their last checks (which slots held which cards
    early on; nothing there can fail) and the order of the seat's first
    cards among its dealt places.  Their random numbers are drawn with the
    world (``numbers``: a list is cheaper than a seeded generator), so the
    deal is the same whenever, and however often, it is read.
    """

    __slots__ = ("hidden", "card_of", "rests", "stock", "numbers", "orders")
    hidden: _Hidden
    card_of: list[int]
    rests: list[Any]
    stock: list[int]
    numbers: list[float]
    orders: list[list[str]] | None

    @classmethod
    def of(cls, hidden: _Hidden, card_of: list[int], rests: list[Any], stock: list[int],
           numbers: list[float]) -> _LaterDeal:
        """(No ``__init__``, so that a copy or an unpickling can make one empty: see ``shallow_copy``.)"""
        later = cls()
        later.hidden, later.card_of, later.rests, later.stock, later.numbers = hidden, card_of, rests, stock, numbers
        later.orders = None
        return later

    def deal(self, dealer: int) -> dict[str, Any]:
        if self.orders is None:
            hidden, card_of = self.hidden, self.card_of
            random_ = iter(self.numbers).__next__
            for steps, holding in self.rests:
                _walk_back(steps, holding, 0, 0, card_of, random_)
            places, dealt = hidden.dealt
            for sid, card in zip(places, _shuffled(dealt[:], random_), strict=True):
                card_of[sid] = card
            texts = [CARD_TEXT[c] for c in card_of + hidden.seen + self.stock]
            self.orders = [[texts[i] for i in row] for row in hidden.source]
            self.hidden = self.card_of = self.rests = self.stock = self.numbers = None  # type: ignore[assignment]
        return {"dealer": dealer, "pack": self.orders[0], "reshuffles": self.orders[1:]}


def _shuffled(cards: list[int], random_: Any) -> list[int]:
    for t in range(len(cards) - 1, 0, -1):
        i = int(random_() * (t + 1))
        cards[t], cards[i] = cards[i], cards[t]
    return cards


def _hold_now(units: list["_Seat"], left: list[list[int]], taken: list[int],
              random_: Any) -> tuple[int, dict[int, list[int]], list[tuple[list[list[int]], int, int]]]:
    """The unseen cards each seat holds now, drawn in turn from what the seats before left.

    ``left[k][taken[k]:]`` are shuffle k's cards still to share out (a
    partial shuffle).  Stops at the first seat that breaks a rule these
    cards alone decide (a laid region's last card held; a set held since
    its last slot: ``late``).  Returns that seat's place (-1: none), each
    seat's cards, and what each seat's walk back starts from: its holding
    by shuffle (these cards as ``NUM_CARDS`` more), and the ``_FIELD`` sums
    of the cards given up since its last slot and of these.
    """
    held: dict[int, list[int]] = {}
    starts: list[tuple[list[list[int]], int, int]] = []
    for place, (s, shares, late, (start, given), _steps, banned, _pinned, _rest) in enumerate(units):
        holding = [list(cards) for cards in start]
        now: list[int] = []
        for k, here, count in shares:
            cards, first, got = left[k], taken[k], holding[here]
            if first + count == len(cards):          # all that is left: the walk takes them in a random order
                now += cards[first:]
                got += [card + NUM_CARDS for card in cards[first:]]
            else:
                for t in range(first, first + count):
                    i = t + int(random_() * (len(cards) - t))
                    card = cards[i]
                    cards[i] = cards[t]
                    now.append(card)
                    got.append(card + NUM_CARDS)
            taken[k] = first + count
        kept = sum([_FIELD[c] for c in now])
        if (banned is not None and not banned.isdisjoint(now)) or any((c + kept) & _LAY_FLAGS for c in late):
            return place, held, starts
        held[s] = now
        starts.append((holding, given, kept))
    return -1, held, starts


def _walk_back(steps: list[tuple[int, int, int, int, int]], holding: list[list[int]], given: int, kept: int,
               card_of: list[int], random_: Any) -> tuple[bool, bool]:
    """One seat's past drawn from now back towards the deal (``_merged`` steps), into ``card_of``.

    ``holding`` is what the seat holds at the first slot, by its shuffles
    (the cards it holds now as ``NUM_CARDS`` more), and is walked back in
    place to what it held at the last step; ``given`` and ``kept`` the
    ``_FIELD`` sums of the cards given up since and of those held now.
    Returns whether no check found a set held not counting the cards held
    now (``bare``), and counting them (``full``).
    """
    flags, card2, full2, bare2 = _LAY_FLAGS, _CARD2, _FULL2, _BARE2
    tb, tf, full = given, given + kept, True
    for gk, card, check, tk, slot in steps:
        if card >= 0:                       # card, of his shuffle gk, was given up here: he held it
            holding[gk].append(card)
            tf += full2[card]
            tb += full2[card]
        if check > 0:
            if (check + tb) & flags:        # a set held where none may be, whatever he holds now
                return False, full
            if full and (check + tf) & flags:   # ... with what he holds now
                full = False
        elif check and full and (tf - check) & flags:   # a check only the cards held now could fail
            full = False
        if slot >= 0:                       # the slot took one of the cards of its shuffle held
            if tk >= 0:
                got = holding[tk]
                i = int(random_() * len(got))
                x = got[i]
                got[i] = got[-1]
                got.pop()
            else:                           # ... the only one
                x = holding[~tk].pop()
            card_of[slot] = card2[x]
            tf -= full2[x]
            tb -= bare2[x]
    return True, full


SLOT: Final = 0
IN: Final = 1
OUT: Final = 2
EXIT: Final = 3
CHECK: Final = 4
# The steps of ``_block``'s walk back (``_unit``): a slot takes one of the cards held (``TAKE``) or the only one
# (``TAKE_ONE``), a card given up is held (``GIVE``), a check (``BARE``: with or without the unseen cards held
# now; ``FULL``: only with them).
TAKE: Final = 0
TAKE_ONE: Final = 1
GIVE: Final = 2
BARE: Final = 3
FULL: Final = 4
# A card held in ``_block``'s walk back is its number, or NUM_CARDS more for one of the unseen cards the seat
# holds now; these give its card, its ``_FIELD``, and its ``_FIELD`` not counting the cards held now.
_CARD2: Final = tuple(range(NUM_CARDS)) * 2
_FULL2: Final = _FIELD * 2
_BARE2: Final = _FIELD + (0,) * NUM_CARDS


def _unit(s: int, shares: list[tuple[int, int]], events: list[tuple[int, int, int]], banned: set[int] | None,
          pool: list[list[int]]) -> "_Seat":
    """One seat as ``_block`` walks it back: its shuffles numbered 0, 1, ... here, and each step made cheap.

    How many cards of a shuffle the seat holds at each step does not depend
    on the draw.  So a slot that can take only one card takes it with no
    random number (``TAKE_ONE``), and if that card is one given up since the
    seat last held none of that shuffle, the slot's card is known: it is
    ``pinned`` (``_pins``).  A check that no draw could fail is dropped
    (``_checked``), and the rest packed in steps (``_merged``).  Before the
    first slot the hand is what it holds now and the cards given up since:
    such a check is a constant (``late``: the known cards and those given
    up) plus the cards held now, and the cards given up start the walk
    (``start``, with their ``_FIELD`` sum).  ``shares`` is (shuffle, its
    number here, the unseen cards of it held now).
    """
    local: dict[int, int] = {}
    for k in [k for k, _count in shares] + [a for op, a, _b in events if op != CHECK]:
        local.setdefault(k, len(local))
    steps = [(op, a if op == CHECK else local[a], b) for op, a, b in events]
    here = [(k, local[k], count) for k, count in shares]
    forced, pairs = _pins(steps, here, len(local))
    maybe: list[list[int]] = [[] for _ in local]
    for k, _count in shares:
        maybe[local[k]] = pool[k]
    walk = _checked(steps, here, len(local), forced, pairs, maybe)
    late: list[int] = []
    start: list[list[int]] = [[] for _ in local]
    given = 0
    first = len(walk)
    for j, (op, a, b) in enumerate(walk):
        if op in (TAKE, TAKE_ONE):
            first = j
            break
        if op == GIVE:
            start[a].append(b)
            given += _FIELD[b]
        else:
            late.append(a + given)
    pinned = [(steps[j][2], card) for j, card in pairs.values()]
    return _Seat(s, here, late, (start, given), _merged(walk[first:]), banned, pinned, [])     # (rest: _Hidden._cut)


class _Seat(NamedTuple):
    """One seat as ``_block`` draws it (``_unit``)."""

    seat: int
    shares: list[tuple[int, int, int]]            # (shuffle, its number here, the unseen cards of it held now)
    late: list[int]                               # the checks before the first slot, less the cards held now
    start: tuple[list[list[int]], int]            # the cards given up before the first slot, and their sum
    steps: list[tuple[int, int, int, int, int]]   # the rest of the walk back (``_merged``), to its last check
    banned: set[int] | None                       # the cards he may not hold now
    pinned: list[tuple[int, int]]                 # (slot, card) known without a draw
    rest: list[tuple[int, int, int, int, int]]    # the walk back after its last check (``_Hidden._cut``)


def _merged(walk: list[tuple[int, int, int]]) -> list[tuple[int, int, int, int, int]]:
    """The walk as ``_walk_back`` takes it: each step a card given up, then a check, then a slot, each
    where there is one: ``(shuffle, card or -1, check, shuffle, slot or -1)``.

    A check is its constant, or minus it for a ``FULL``, or 0 for none; the
    slot's shuffle is its number, or ``~`` it for a ``TAKE_ONE``.  A turn
    walked back is usually one step: the card thrown, the check that no set
    was held then, the draw.
    """
    out: list[tuple[int, int, int, int, int]] = []
    gk, card, check, tk, slot = EMPTY_STEP
    for op, a, b in walk:
        # A step holds a card given up, a check, a slot, in that order: anything out of order starts a new one.
        if (op == GIVE and (card, check, slot) != (-1, 0, -1)) or (op in (BARE, FULL) and (check or slot >= 0)) \
                or (op in (TAKE, TAKE_ONE) and slot >= 0):
            out.append((gk, card, check, tk, slot))
            gk, card, check, tk, slot = EMPTY_STEP
        if op == GIVE:
            gk, card = a, b
        elif op in (BARE, FULL):
            check = a if op == BARE else -a
        else:
            tk, slot = (a if op == TAKE else ~a), b
    if (card, check, slot) != (-1, 0, -1):
        out.append((gk, card, check, tk, slot))
    return out


#: a step of ``_merged`` with nothing in it
EMPTY_STEP: Final = (0, -1, 0, 0, -1)


def _pins(steps: list[tuple[int, int, int]], shares: list[tuple[int, int, int]],
          shuffles: int) -> tuple[set[int], dict[int, tuple[int, int]]]:
    """The slots that take the one card held (their steps), and those whose card is known:
    the step of the card given up -> (the slot's step, the card)."""
    size = [0] * shuffles
    for _k, here, count in shares:
        size[here] += count
    sole: list[tuple[int, int] | None] = [None] * shuffles
    forced: set[int] = set()
    pairs: dict[int, tuple[int, int]] = {}
    for j, (op, a, b) in enumerate(steps):
        if op == EXIT:
            sole[a] = (j, b) if size[a] == 0 else None
            size[a] += 1
        elif op == SLOT:
            known = sole[a]
            if size[a] == 1:
                forced.add(j)
                if known is not None:
                    pairs[known[0]] = (j, known[1])
            sole[a] = None
            size[a] -= 1
    return forced, pairs


def _checked(steps: list[tuple[int, int, int]], shares: list[tuple[int, int, int]], shuffles: int,
             forced: set[int], pairs: dict[int, tuple[int, int]], maybe: list[list[int]]) -> list[tuple[int, int, int]]:
    """The walk, ``(op, a, b)``: the pinned pairs left out (their card counted in the checks between), and
    only the checks a draw could fail.

    A check is kept if some region has cards enough, among the known ones
    and the most of its cards the seat could then hold (``_most_held``), to
    make a set: a ``FULL`` if only with the unseen cards held now (``maybe``:
    those they may be, by shuffle).
    """
    skip = {j for pair in pairs.items() for j in (pair[0], pair[1][0])}
    extra = [0] * len(steps)                          # the pinned cards held at each step
    for e, (j, card) in pairs.items():
        for i in range(e + 1, j):
            extra[i] += _FIELD[card]
    checks = {j: a for j, (op, a, _b) in enumerate(steps) if op == CHECK}
    # Only a region that can reach its flag at all is worth following through the walk.
    regions = [r for r in REGION_NUMBERS if any((a >> 5 * r & 31) + len(CARDS_OF[r]) >= 16 for a in checks.values())]
    bare_can = {j: False for j in checks}
    full_can = {j: False for j in checks}
    for r in regions:
        for now, can in ((False, bare_can), (True, full_can)):
            for j, most in _most_held(steps, shares, maybe, shuffles, r, now).items():
                can[j] = can[j] or (checks[j] >> 5 * r & 31) + most >= 16
    walk: list[tuple[int, int, int]] = []
    for j, (op, a, b) in enumerate(steps):
        if op != CHECK:
            if j not in skip:
                walk.append((GIVE if op == EXIT else TAKE_ONE if j in forced else TAKE, a, b))
        elif bare_can[j] or full_can[j]:
            walk.append((BARE if bare_can[j] else FULL, a + extra[j], 0))
    return walk


def _most_held(steps: list[tuple[int, int, int]], shares: list[tuple[int, int, int]], maybe: list[list[int]],
               shuffles: int, region: int, now: bool) -> dict[int, int]:
    """At each check (its step), the most unseen cards of ``region`` the seat could hold then, counting the
    unseen cards held now (``now``) or not.

    Walking back, the most are held if the cards held now are as many of
    the region as may be, and each slot takes a card of another region
    while one of its shuffle is held: at every step that leaves the most
    of the region in hand, whatever the checks after.
    """
    ours, others = [0] * shuffles, [0] * shuffles
    for _k, here, count in shares:
        of_region = min(count, sum(REGION_OF[c] == region for c in maybe[here])) if now else 0
        ours[here] += of_region
        others[here] += count - of_region
    most: dict[int, int] = {}
    for j, (op, a, b) in enumerate(steps):
        if op == EXIT:
            if REGION_OF[b] == region:
                ours[a] += 1
            else:
                others[a] += 1
        elif op == SLOT:
            if others[a]:
                others[a] -= 1
            else:
                ours[a] -= 1
        else:
            most[j] = sum(ours)
    return most


def _backwards(line: list[tuple[int, Any]], slots: list[tuple[int, int, int]], fixed: dict[int, int],
               rules: bool) -> list[tuple[int, int, int]]:
    """A hand's timeline as ``_block`` walks it, from now back to the deal: ``(SLOT, shuffle, slot)``,
    ``(EXIT, shuffle, card)`` (an unseen card given up) and ``(CHECK, known, 0)``.

    ``known`` is the ``_FIELD`` sum, from the ``_LAY_OFFSET``, of the cards the table saw come and
    go by the check (taken from the discards, given up, and the seat's own cards it sees drawn,
    ``fixed``); with the ``_FIELD`` sum of the unseen cards held then, a set was held exactly when a
    region's field reached its flag (``_can_lay``).  Without ``rules`` there are no checks.
    """
    known = _LAY_OFFSET
    forward: list[tuple[int, int, int]] = []
    for op, x in line:
        if op == SLOT:
            if x in fixed:
                known += _FIELD[fixed[x]]
            else:
                forward.append((SLOT, slots[x][1], x))
        elif op == EXIT:
            forward.append((EXIT, x[1], x[0]))
        elif op == IN:
            known += _FIELD[x]
        elif op == OUT:
            known -= _FIELD[x]
        elif rules:
            forward.append((CHECK, known, 0))
    events: list[tuple[int, int, int]] = []
    for event in reversed(forward):
        if not (event[0] == CHECK and events and events[-1] == event):
            events.append(event)
    return events


def parse_action(text: Any) -> str:
    if not isinstance(text, str):
        raise ActionSyntaxError(f"a move is typed as text, not {type(text).__name__}")
    words = text.split()
    verb = words[0].lower() if words else ""
    rest = " ".join(words[1:])
    if verb == "draw" and rest.lower() in ("", "stock"):
        return "draw stock"
    if verb == "take" and rest.lower() in ("", "discard"):
        return "take discard"
    if verb == "done" and not rest:
        return "done"
    if verb == "finish" and not rest:
        return FINISH
    if verb == "lay" and rest:
        number = rest.upper().replace(" ", "").removeprefix("REGION").removeprefix("R")
        if number.isascii() and number.isdecimal() and int(number) in REGION_NUMBERS:
            return f"lay {int(number)}"
        raise ActionSyntaxError(
            f"'lay' takes the number of the region you lay down, 1 to {max(REGION_NUMBERS)}, not {rest!r}"
        )
    if verb in ("discard", "add") and rest:
        return f"{verb} {parse_card(rest)}"
    raise ActionSyntaxError(
        f"{text!r} is not a move of the sets game: type 'draw stock' (the top card of the stock), 'take discard' "
        "(the top discard), 'lay' and a region's number ('lay 7'), 'discard' and a card ('discard Crewe'), "
        "'add' and a card, or 'done' (or 'finish', to end a stalled game by agreement)"
    )


def all_actions(seats: int) -> tuple[str, ...]:
    return ("draw stock", "take discard", *(f"lay {r}" for r in REGION_NUMBERS), "done",
            *(f"add {t}" for t in CARD_TEXT), *(f"discard {t}" for t in CARD_TEXT))


def new_state(seats: Any = 2, variant: Any = None, seed: Any = None,
              deal: Any = None) -> SetsState:
    resolved, seed = SETS_TERMS.prepare(seats, variant, seed, deal)
    if deal is None:
        rng = random.Random(f"british-towns-sets/{seed}")
        pack = list(CARD_TEXT)
        shuffle(rng, pack)
        deal = {"dealer": rng.randrange(seats), "pack": pack, "reshuffles": []}
    state = SetsState()
    state._begin(seats, resolved, seed, deal)
    return state
