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
from typing import Any

from parlour.engine.errors import ActionSyntaxError, DealError
from parlour.engine.turns import OVER, TurnState
from parlour.games.british_towns.pack import (
    CARD_OF_TEXT,
    CARD_TEXT,
    CARDS_OF,
    NUM_CARDS,
    REGION_CARD,
    REGION_NUMBERS,
    REGION_OF,
    TOWNS_OF,
    key_card,
    parse_card,
)

HAND = 7
SEAT_COUNTS = (2, 3, 4, 5)
DRAW, PLAY = "draw", "play"

# Canonical action texts, built once so the hot loop never formats strings.
DRAW_STOCK, TAKE_DISCARD, DONE = "draw stock", "take discard", "done"
DRAW_OPTIONS = {(True, True): (DRAW_STOCK, TAKE_DISCARD), (True, False): (DRAW_STOCK,),
                (False, True): (TAKE_DISCARD,), (False, False): ()}
LAY_TEXT: dict[int, str] = {r: f"lay {r}" for r in REGION_NUMBERS}
DISCARD_TEXT: tuple[str, ...] = tuple(f"discard {t}" for t in CARD_TEXT)
ADD_TEXT: tuple[str, ...] = tuple(f"add {t}" for t in CARD_TEXT)
#: region -> how many of its cards a hand must hold to lay it (its towns; the REGION card stands in for one)
LAY_NEEDS: tuple[int, ...] = tuple(len(TOWNS_OF[r]) if r in TOWNS_OF else 0 for r in range(max(REGION_NUMBERS) + 1))


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
    example_action = 'discard CREWE'

    def __init__(self, seats: int, variant: dict[str, Any], seed: int | None, deal: dict[str, Any]):
        check_deal(deal, seats)
        self.num_seats = seats
        self.variant = variant
        self.seed = seed
        self.deal = {"dealer": deal["dealer"], "pack": list(deal["pack"]), "reshuffles": list(deal.get("reshuffles", []))}
        self.history: list[tuple[int, str]] = []
        self.dealer = deal["dealer"]
        pack = [CARD_OF_TEXT[t] for t in deal["pack"]]
        n = seats
        self.hands = [sorted(pack[(s - self.dealer - 1) % n : HAND * n : n]) for s in range(n)]
        self.discards = [pack[HAND * n]]
        self.stock = pack[HAND * n + 1 :][::-1]          # the top of the stock is the end of the list
        self.sets: list[dict[int, list[int]]] = [{} for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]   # cards seen going into each hand
        self.seen: set[int] = {self.discards[0]}               # cards ever face up
        self.reshuffles_used = 0
        self.dry_reshuffles = 0        # reshuffles since a set was last laid or added to
        self.events: list[dict[str, Any]] = []
        self.laid_now = False
        self._legal: tuple[str, ...] | None = None
        self._history_shared = False
        self._begin_turn((self.dealer + 1) % n)

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

    def _remaining(self, seat: int) -> dict[int, int]:
        """The last card of each region this player has laid short: card -> region."""
        out: dict[int, int] = {}
        for region, cards in self.sets[seat].items():
            whole = CARDS_OF[region]
            if len(cards) < len(whole):
                out[next(iter(whole.difference(cards)))] = region
        return out

    def _take_from_stock(self) -> int:
        card = self.stock.pop()
        if not self.stock:
            self._renew_stock()
        return card

    def _renew_stock(self) -> None:
        """An exhausted stock is replaced at once by the discards (two or more of them)."""
        if not self.stock and len(self.discards) >= 2 and not self._stalemate():
            self._reshuffle()

    def _stalemate(self) -> bool:
        """Ruling: the stock has run out too often with nobody laying or adding a card."""
        limit = self.variant["stalemate"]
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
            random.Random(f"british-towns-sets/{self.seed}/reshuffle/{k}").shuffle(order)
            self.deal["reshuffles"].append([CARD_TEXT[c] for c in order])
        else:
            raise DealError(f"the deal has no order for reshuffle {k + 1} and there is no seed to shuffle one")
        self.reshuffles_used += 1
        self.dry_reshuffles += 1
        self.discards = [order[0]]
        self.stock = order[1:][::-1]
        self.seen.add(order[0])
        self._log({"event": "reshuffle", "seat": self.turn, "turned_up": CARD_TEXT[order[0]]})

    # Each seat's sets and known cards, and the events, are replaced, never changed in place: clones share them.
    def _set_of(self, seat: int, region: int, cards: list[int]) -> None:
        """``seat``'s set of ``region`` is now ``cards``."""
        self.sets[seat] = {**self.sets[seat], region: cards}

    def _known_of(self, seat: int, known: list[int]) -> None:
        """The cards the table saw go into ``seat``'s hand, and still there, are now ``known``."""
        self.known[seat] = known

    def _log(self, event: dict[str, Any]) -> None:
        self.events = [*self.events, event]        # a new list, not an append: clones share it

    def _add_to_set(self, seat: int, card: int, region: int, how: str) -> None:
        self._set_of(seat, region, self.sets[seat][region] + [card])
        self.dry_reshuffles = 0
        self.seen.add(card)
        self._log({"event": "added", "seat": seat, "card": CARD_TEXT[card], "region": region, "how": how})

    # -- contract ---------------------------------------------------------------------------
    def _legal_now(self, seat: int) -> tuple[str, ...]:
        return self._legal_draw(seat) if self.phase == DRAW else self._legal_play(seat)

    def _chance_may_run_out(self) -> bool:
        # Any draw may empty the stock: the reshuffle then comes from the deal (and may be
        # wrong there) or, with no seed, may be missing.
        return self.seed is None or self.reshuffles_used < len(self.deal["reshuffles"])

    # -- drawing ----------------------------------------------------------------------------------
    def _legal_draw(self, seat: int) -> tuple[str, ...]:
        discards = self.discards
        if discards and self.sets[seat] and discards[-1] in self._remaining(seat):
            return (ADD_TEXT[discards[-1]],)     # forced: that is his whole turn
        return DRAW_OPTIONS[bool(self.stock), bool(discards)]

    def _apply_add(self, seat: int, _: str) -> None:
        card = self.discards.pop()
        self._add_to_set(seat, card, self._remaining(seat)[card], "from the discards")
        self._next(seat)

    def _apply_draw(self, seat: int, _: str) -> None:
        card = self._take_from_stock()
        remaining = self._remaining(seat) if self.sets[seat] else ()
        if card in remaining:
            self._add_to_set(seat, card, remaining[card], "drawn")
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
        self.phase = PLAY

    # -- laying down and discarding ------------------------------------------------------------------
    def _can_lay(self, seat: int) -> list[int]:
        """The regions whose towns this player holds, the REGION card standing in for one, in region order.

        (A region is complete when its cards held, REGION card included, are at least as many as its towns.)
        """
        held = [0] * len(LAY_NEEDS)
        for card in self.hands[seat]:
            held[REGION_OF[card]] += 1
        return [r for r in REGION_NUMBERS if held[r] >= LAY_NEEDS[r]]

    def _legal_play(self, seat: int) -> tuple[str, ...]:
        lays = [LAY_TEXT[r] for r in self._can_lay(seat)]
        if self.laid_now:
            more = lays if self.variant["sets_per_turn"] == "all" else []
            return tuple(more + ([] if self.variant["must_lay"] else [DONE]))
        if lays and self.variant["must_lay"]:
            return tuple(lays)
        return tuple(lays + [DISCARD_TEXT[c] for c in self.hands[seat]])

    def _apply_lay(self, seat: int, number: str) -> None:
        region = int(number)
        cards = [c for c in self.hands[seat] if REGION_OF[c] == region]
        self.hands[seat] = [c for c in self.hands[seat] if REGION_OF[c] != region]
        self._known_of(seat, [c for c in self.known[seat] if REGION_OF[c] != region])
        self._set_of(seat, region, cards)
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
        while len(hand) < HAND:
            self._renew_stock()
            if not self.stock:
                self._end("could not make his hand up to seven")
                return
            card = self._take_from_stock()
            remaining = self._remaining(seat)
            if card in remaining:
                self._add_to_set(seat, card, remaining[card], "drawn")
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
        self._begin_turn((seat + 1) % self.num_seats)

    def _next(self, seat: int) -> None:
        self._begin_turn((seat + 1) % self.num_seats)

    # -- text ----------------------------------------------------------------------------------
    def parse_action(self, text: str) -> str:
        return parse_action(text)

    def _explain(self, seat: int, action: str) -> str:
        legal = self.legal_actions(seat)
        if self.phase == DRAW:
            if legal and legal[0].startswith("add "):
                return f"the top discard completes your region: you must {legal[0]}, and that is your turn"
            return "first take the top of the stock ('draw stock') or the top discard ('take discard')"
        if any(a.startswith("lay ") for a in legal) and self.variant["must_lay"] and not action.startswith("lay "):
            return "you can make a regional set, so you must lay it down"
        if action.startswith("lay "):
            return "you do not hold that region's towns (the REGION card may stand in for one of them)"
        if action.startswith("discard ") and self.laid_now:
            return "after laying a set you draw up to seven instead of discarding"
        if action.startswith("discard ") and CARD_OF_TEXT.get(action[8:]) not in self.hands[seat]:
            return f"you do not hold {action[8:]}"
        return "lay a regional set, or discard a card you hold"

    # -- views ------------------------------------------------------------------------------------
    def _public_view(self) -> dict[str, Any]:
        return {
            "dealer": self.dealer,
            "key": key_card(),
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "discards": [CARD_TEXT[c] for c in self.discards],
            # Cards the table saw go into each hand (taken from the discards) and still there.
            "seen_in_hands": [[CARD_TEXT[c] for c in known] for known in self.known],
            "sets": [{str(r): [CARD_TEXT[c] for c in cards] for r, cards in sorted(s.items())} for s in self.sets],
            "scores": self._scores(),
            "events": [dict(e) for e in self.events],
            "history": [[s, a] for s, a in self.history],
        }

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
        return {
            "scores": {names[s]: scores[s] for s in range(self.num_seats)},
            "winner": names[leaders[0]] if finished and len(leaders) == 1 else None,
            "shared_by": [names[s] for s in leaders] if finished and len(leaders) > 1 else [],
            "finished": finished,
        }

    # -- copies ----------------------------------------------------------------------------------
    def clone(self) -> "SetsState":
        # Copied: what changes in place (the hands, stock, discards, the cards ever seen, the deal's list
        # of reshuffles, the lists of each seat's sets and known cards).  Shared: each seat's sets and
        # known cards, and the events, which are replaced, never changed in place (_set_of, _known_of,
        # _log); the history, until either state records an action.
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.deal = deal = self.deal.copy()
        deal["reshuffles"] = deal["reshuffles"][:]
        self._share_history(new)
        new.hands = [*map(list.copy, self.hands)]
        new.stock = self.stock[:]
        new.discards = self.discards[:]
        new.sets = self.sets[:]
        new.known = self.known[:]
        new.seen = self.seen.copy()
        return new

    def resample(self, seat: int, rng: random.Random, tries: int = 20) -> "SetsState":
        """Shuffle again the cards whose place ``seat`` cannot know, and replay the game to check.

        A card is hidden if it is in the stock or in another hand without the
        table having seen it go there.  Each hidden card came from one shuffle:
        the first pack, or the reshuffle in which it last went face down; the
        cards from one shuffle change places among themselves, so every
        shuffle still holds the cards it held.  Forced moves (a set that must
        be laid, a region's last card) can clash with a new order, so each
        candidate is replayed with the real actions and the first that fits is
        returned; should none, the state itself is a consistent answer.
        """
        self._check_resampler(seat)
        hidden = [c for c in self.stock]
        hidden += [c for s in range(self.num_seats) if s != seat for c in self.hands[s] if c not in self.known[s]]
        orders = [self.deal["pack"], *self.deal["reshuffles"]]
        source: dict[int, int] = {}
        for c in hidden:
            if c not in self.seen:
                source[c] = 0
            else:
                text = CARD_TEXT[c]
                source[c] = max(k for k in range(1, len(orders)) if text in orders[k][1:])
        for _ in range(tries):
            relabel: dict[int, int] = {}
            for k in set(source.values()):
                group = [c for c in hidden if source[c] == k]
                shuffled = list(group)
                rng.shuffle(shuffled)
                relabel.update(zip(group, shuffled))
            names = {CARD_TEXT[a]: CARD_TEXT[b] for a, b in relabel.items()}
            new_orders = [list(orders[0])] + [list(o) for o in orders[1:]]
            for k, order in enumerate(new_orders):
                for i, text in enumerate(order):
                    card = CARD_OF_TEXT[text]
                    if card in source and source[card] == k and (k == 0 or i > 0):
                        order[i] = names[text]
            deal = {"dealer": self.dealer, "pack": new_orders[0], "reshuffles": new_orders[1:]}
            other = self._replayed_copy(seat, deal, rng.randrange(2**63))
            if other is not None:
                return other
        return self.clone()


def parse_action(text: str) -> str:
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    words = text.split()
    verb = words[0].lower() if words else ""
    rest = " ".join(words[1:])
    if verb == "draw" and rest.lower() in ("", "stock"):
        return "draw stock"
    if verb == "take" and rest.lower() in ("", "discard"):
        return "take discard"
    if verb == "done" and not rest:
        return "done"
    if verb == "lay" and rest:
        number = rest.upper().replace(" ", "").removeprefix("REGION").removeprefix("R")
        if number.isascii() and number.isdecimal() and int(number) in REGION_NUMBERS:
            return f"lay {int(number)}"
        raise ActionSyntaxError(f"lay names a region number 1-9, not {rest!r}")
    if verb in ("discard", "add") and rest:
        return f"{verb} {parse_card(rest)}"
    raise ActionSyntaxError(
        f"{text!r} is not a sets-game action: draw stock, take discard, lay N, discard CARD, add CARD, done"
    )


def all_actions(seats: int) -> tuple[str, ...]:
    return ("draw stock", "take discard", *(f"lay {r}" for r in REGION_NUMBERS), "done",
            *(f"add {t}" for t in CARD_TEXT), *(f"discard {t}" for t in CARD_TEXT))


def new_state(seats: int = 2, variant: dict[str, Any] | None = None, seed: int | None = None,
              deal: dict[str, Any] | None = None) -> SetsState:
    from parlour.games.british_towns.descriptor import SETS

    resolved, seed = SETS.prepare(seats, variant, seed, deal)
    if deal is None:
        rng = random.Random(f"british-towns-sets/{seed}")
        pack = list(CARD_TEXT)
        rng.shuffle(pack)
        deal = {"dealer": rng.randrange(seats), "pack": pack, "reshuffles": []}
    return SetsState(seats, resolved, seed, deal)
