"""Squadron Scramble: the rules, with no I/O.

A game is rounds until someone reaches the target score.  A turn runs through
phases, each a ``_legal_<phase>`` / ``_apply_<phase>`` pair:

``draw``   take the top of the stock, or any card of the discard pile with
           every card above it;
``play``   lay down sets, swap a natural card for a wild card standing in
           another player's set (one's own too under ``swap_own``), add a
           wild as a fourth card when going out, and end the turn
           by discarding (or by having no cards left);
``name``   name the plane and nation of the set just laid (a wrong name
           forfeits the player's next turn);
``shoot``  after laying fighters, shoot down an opponent's set of enemy
           bombers, or hold fire;
``over``   someone has won.

Every choice the sheet leaves open is a ruling in
``docs/rules/squadron-scramble.md`` and, where the other reading is
reasonable, a variant option in ``terms.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations
from operator import is_, itemgetter
from typing import Any, ClassVar, Final

from parlour.engine.cardlists import first_at_least, holds, insert_sorted, offered, remove_card, without
from parlour.engine.chance import shuffle
from parlour.engine.errors import ActionSyntaxError, DealError
from parlour.engine.state import COMPILED, shallow_copy
from parlour.engine.turns import NOBODY, ONE_SEAT, OVER, TurnState
from parlour.engine.words import either, plural
from parlour.games.squadron_scramble.cards import (
    ALLIANCE_OF_PLANE,
    CARD_TEXT,
    IS_BOMBER,
    IS_KEF,
    IS_WILD,
    KEF,
    KEF_IDS,
    NATION_NAMES,
    NATIONS,
    NATURAL_OF_TEXT,
    NUM_CARDS,
    PLANE_CODES,
    PLANE_OF,
    PLANES,
    POINTS_OF_PLANE,
    VIC,
    VIC_ID,
    hand_penalty,
    name_of_text,
    nation_from_name,
    plane_from_name,
)
from parlour.games.squadron_scramble.terms import TERMS

HAND: Final = 7
DRAW: Final = "draw"
PLAY: Final = "play"
NAME: Final = "name"
SHOOT: Final = "shoot"
NAME_ACTIONS: Final = tuple(f"name {code} {nation}" for code in PLANE_CODES for nation in NATIONS)
FULL_PACK: Final = Counter(CARD_TEXT)
_SORTED_PACK: Final = sorted(CARD_TEXT)

# Canonical action texts, built once so the hot loop never formats strings.
DRAW_STOCK: Final = "draw stock"
TAKE_TEXT: Final[tuple[str, ...]] = tuple(f"take {n}" for n in range(1, NUM_CARDS + 1))
DRAW_OR_TAKE: Final[tuple[str, ...]] = (DRAW_STOCK, *TAKE_TEXT)
DISCARD_TEXT: Final[tuple[str, ...]] = tuple(f"discard {t}" for t in CARD_TEXT)
#: the draw phase's legal actions by the size of the discard pile: with a stock to draw from, and without one
#: (each tuple made once, not sliced at every turn)
DRAW_LEGAL: Final[tuple[tuple[str, ...], ...]] = tuple(DRAW_OR_TAKE[: n + 1] for n in range(NUM_CARDS + 1))
TAKE_LEGAL: Final[tuple[tuple[str, ...], ...]] = tuple(TAKE_TEXT[:n] for n in range(NUM_CARDS + 1))
#: how many cards a ``take`` names, by the text after the verb (quicker than ``int``, compiled)
TAKE_COUNT: Final[dict[str, int]] = {str(n): n for n in range(1, NUM_CARDS + 1)}
NATURALS: Final = len(NATURAL_OF_TEXT)           # the natural cards are 0 .. NATURALS - 1, the wild ones after them
PLANE_COUNT: Final = NATURALS // 3
#: a card's bit in the index of a hand's natural cards (``hand_bits``), three bits to a plane, one for each of
#: its views; a wild card has none
CARD_BIT: Final[tuple[int, ...]] = tuple(1 << card if card < NATURALS else 0 for card in range(NUM_CARDS))
#: ``hand_penalty`` of each card
PENALTY: Final[tuple[int, ...]] = tuple(hand_penalty(card) for card in range(NUM_CARDS))
#: ``CARD_BIT`` inverted: ``bits & CARD_CLEAR[card]`` is the index without the card
CARD_CLEAR: Final[tuple[int, ...]] = tuple(~bit for bit in CARD_BIT)
#: the bit of each plane's first view in that index
FIRST_VIEWS: Final = sum(1 << 3 * plane for plane in range(PLANE_COUNT))


#: ``to_move`` by ``turn``: one seat, or nobody at -1, the turn of a game over (``_end_round``)
MOVERS: Final[tuple[frozenset[int], ...]] = (*ONE_SEAT[: max(TERMS.seat_counts)], NOBODY)


def seat_names(seats: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(seats))


# --------------------------------------------------------------------------
# Chance: who deals first and each round's shuffled pack.
# --------------------------------------------------------------------------

def shuffled_pack(seed: int, round_no: int) -> list[str]:
    """The pack for one round, top card first.  String seeds hash stably across runs."""
    return _shuffled(seed, round_no)[0]


def _shuffled(seed: int, round_no: int) -> tuple[list[str], list[int]]:
    """``shuffled_pack``, with the card ints ``_pack_ids`` would read off it (a shuffle moves the cards the
    same way whatever they are, so the ints are shuffled and the texts read off them)."""
    pack = list(range(NUM_CARDS))
    shuffle(random.Random(f"squadron-scramble/{seed}/{round_no}"), pack)
    # The alike KEEP 'EM FLYING cards get their ints in the order they lie, as _pack_ids gives them.
    for card, at in zip(KEF_IDS, sorted([pack.index(kef) for kef in KEF_IDS]), strict=True):
        pack[at] = card
    return [CARD_TEXT[c] for c in pack], pack


def _pack_ids(pack: Any, round_no: int) -> list[int]:
    """Card ints for a pack of texts; the alike KEEP 'EM FLYING cards get their ints in order."""
    if not isinstance(pack, list) or len(pack) != NUM_CARDS or not all(isinstance(t, str) for t in pack):
        raise DealError(f"round {round_no + 1}: a pack is a list of the {NUM_CARDS} card texts, top card first")
    if sorted(pack) != _SORTED_PACK:
        raise DealError(f"round {round_no + 1}: the pack must hold every card once (and {len(KEF_IDS)} KEF)")
    kefs = iter(KEF_IDS)
    return [next(kefs) if t == KEF else VIC_ID if t == VIC else NATURAL_OF_TEXT[t] for t in pack]


def check_deal(deal: Any, seats: int) -> None:
    if not isinstance(deal, dict):
        raise DealError("a Squadron Scramble deal is an object with 'first_dealer' and 'rounds'")
    dealer = deal.get("first_dealer")
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise DealError(f"'first_dealer' must be a seat from 0 to {seats - 1}")
    rounds = deal.get("rounds")
    if not isinstance(rounds, list):
        raise DealError("'rounds' must be a list of packs, one per round")
    for i, pack in enumerate(rounds):
        _pack_ids(pack, i)


# --------------------------------------------------------------------------
# Sets on the table
# --------------------------------------------------------------------------

def new_set(set_id: int, by: int, plane: int, naturals: list[int], wilds: list[int], extra: int) -> dict[str, Any]:
    """A laid set: one slot per view; wild cards fill the missing views in view order."""
    slots = [-1, -1, -1]
    for card in naturals:
        slots[card % 3] = card
    fill = iter(wilds)
    for view in range(3):
        if slots[view] < 0:
            slots[view] = next(fill)
    return {"id": set_id, "by": by, "plane": plane, "slots": slots, "extra": extra}


def set_cards(laid: dict[str, Any]) -> list[int]:
    slots: list[int] = laid["slots"]
    extra: int = laid["extra"]
    return slots + ([extra] if extra >= 0 else [])


def set_base(laid: dict[str, Any]) -> int:
    """Every card of a set, wild or natural, counts as the plane: 10 a bomber, 5 a fighter."""
    plane: int = laid["plane"]
    return len(set_cards(laid)) * POINTS_OF_PLANE[plane]


def set_value(laid: dict[str, Any]) -> int:
    """VICTORY doubles the set it stands in."""
    return set_base(laid) * (2 if VIC_ID in set_cards(laid) else 1)


def _canonical_lay(naturals: list[int], wilds: list[int], extra: int) -> str:
    words = [CARD_TEXT[c] for c in sorted(naturals)] + [CARD_TEXT[c] for c in sorted(wilds)]
    if extra >= 0:
        words.append("+" + CARD_TEXT[extra])
    return "lay " + " ".join(words)


# --------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------

class SquadronScrambleState(TurnState):
    card_text = CARD_TEXT
    example_action = 'discard P38/T'
    #: the worlds: ``worlds.resample(state, seat, rng)``, set by descriptor.py as ``game`` is.  The worlds read
    #: this class through and through, so they import this module; it names them only here, and never imports them
    worlds: ClassVar[Any] = None
    #: the worlds' plan for the last position and seat resampled (``worlds.resample``): replaced, never
    #: changed, so clones may share it
    _world_plan: tuple[tuple[int, int], Any] | None = None
    #: ``_TableFacts`` of the table they were read off (``_facts``): a table is replaced, never changed,
    #: so clones may share them, and they are read afresh once the table is another
    _table_memo: "_TableFacts | None" = None

    def _begin(self, seats: int, variant: dict[str, Any], seed: int | None, deal: Any) -> None:
        """A new game (not ``__init__``: see ``parlour.engine.state.shallow_copy``)."""
        check_deal(deal, seats)
        self.num_seats = seats
        self.variant = variant
        self.seed = seed
        self.deal = {"first_dealer": deal["first_dealer"], "rounds": list(deal["rounds"])}
        self.history: list[tuple[int, str]] = []
        self._history_shared = False
        self.totals = [0] * seats
        self.round_scores: list[list[int]] = []
        self.round_log: list[dict[str, Any]] = []
        self.naming_log: list[dict[str, Any]] = []
        self.forfeits = [0] * seats
        self.round_no = -1
        self.dealer = (deal["first_dealer"] - 1) % seats   # _start_round moves it on
        self.winner: int | None = None
        self._legal: tuple[str, ...] | None = None
        #: one ``RoundTrace`` per finished round: what the table saw of how its pack was dealt and drawn
        self.traces: list[RoundTrace] = []
        self._start_round()

    # -- rounds ---------------------------------------------------------------
    def _start_round(self) -> None:
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.num_seats
        if self.round_no >= len(self.deal["rounds"]):
            if self.seed is None:
                raise DealError(f"the deal has no pack for round {self.round_no + 1} "
                                "and there is no seed to shuffle one")
            texts, pack = _shuffled(self.seed, self.round_no)
            self.deal["rounds"].append(texts)
        else:
            pack = _pack_ids(self.deal["rounds"][self.round_no], self.round_no)
        n = self.num_seats
        self.hands = [sorted(pack[(s - self.dealer - 1) % n : HAND * n : n]) for s in range(n)]
        self._index_all()
        self.pile = [pack[HAND * n]]
        self.stock = pack[HAND * n + 1 :][::-1]          # the top of the stock is the end of the list
        # For worlds (resample): the public trace of where each hand's unseen cards came from.
        self.pile_start = pack[HAND * n]
        self.drawn: list[tuple[int, int]] = []            # (seat, action index) of each draw from the stock as dealt
        self.gone: list[list[tuple[int, int]]] = [[] for _ in range(n)]   # (card, action index) left a hand unseen
        self.restocked = False
        self.idle_turns = 0          # turns in a row with no stock draw and nothing laid, swapped or added
        self.known: list[list[int]] = [[] for _ in range(n)]  # cards seen going into each hand
        # What the table can tell is still in each hand; only without swap_then_lay does it know more
        # than ``known`` (a wild won by a swap cannot go into a set that turn), else it is ``known``.
        self.seen: list[list[int]] | None = None if self.variant["swap_then_lay"] else [[] for _ in range(n)]
        self.table: list[dict[str, Any]] = []
        self.captured: list[list[dict[str, Any]]] = [[] for _ in range(n)]
        self.next_set_id = 1
        self.went_out: int | None = None
        self.fresh: list[int] = []
        self._begin_turn((self.dealer + 1) % n)

    def _begin_turn(self, seat: int) -> None:
        while self.forfeits[seat]:
            forfeits = self.forfeits[:]
            forfeits[seat] -= 1
            self.forfeits = forfeits
            self.round_log = [*self.round_log, {"round": self.round_no + 1, "seat": seat, "event": "forfeits a turn"}]
            seat = (seat + 1) % self.num_seats
        self.turn = seat
        self.committed = False       # a wild card went down as a fourth card: this turn must go out
        self.victory_now = False     # VICTORY went into a set this turn
        if self.fresh:
            self.fresh = []          # wild cards taken by swapping this turn (replaced, never changed in place)
        self.pending = -1            # the set being named or shooting
        self.progress = False        # this turn drew from the stock or put a card on the table
        limit = self.variant["stalemate_turns"]
        if limit and self.idle_turns >= limit:
            # Ruling: players only passing discards to and fro end the round as it stands.
            self.round_log = [*self.round_log,
                              {"round": self.round_no + 1, "event": "stalemate", "turns": self.idle_turns}]
            self._end_round()
            return
        if not self.stock and not self._can_renew():
            self._end_round()
            return
        self.phase = DRAW

    def _can_renew(self) -> bool:
        return self.variant["stock_out"] == "turn-over" and not self.restocked and len(self.pile) > 1

    def _end_round(self) -> None:
        breakdown = [self._round_breakdown(s) for s in range(self.num_seats)]
        scores = [b["total"] for b in breakdown]
        self.round_scores = [*self.round_scores, scores]
        self.totals = [total + points for total, points in zip(self.totals, scores, strict=True)]
        self.round_log = [*self.round_log, {
            "round": self.round_no + 1,
            "event": "round over",
            # the moves of the game so far, the one that ended the round included (it joins the history just after)
            "moves": len(self.history) + 1,
            "went_out": self.went_out,
            "scores": scores,
            "breakdown": breakdown,
            # Hands are shown for the count: from here on they are public.
            "hands": [[CARD_TEXT[c] for c in h] for h in self.hands],
            # What each player's sets were (all of them face up on the table, or shot down, during the round):
            # his own that score for him, and the enemy sets his fighters shot down.
            "laid": [[_set_view(x) for x in self.table + self.captured[s] if x["by"] == s]
                     for s in range(self.num_seats)],
            "shot_down": [[_set_view(x) for x in self.captured[s] if x["by"] != s] for s in range(self.num_seats)],
        }]
        seen = self.known if self.seen is None else self.seen
        self.traces = [*self.traces, RoundTrace.of(self.dealer, self.pile_start, self.drawn, self.gone,
                                                [_without(h, k) for h, k in zip(self.hands, seen, strict=True)])]
        self.known = [list(h) for h in self.hands]
        best = max(self.totals)
        leaders = [s for s, t in enumerate(self.totals) if t == best]
        out_of_rounds = 0 < self.variant["max_rounds"] <= self.round_no + 1
        if (best >= self.variant["target"] and len(leaders) == 1) or out_of_rounds:
            self.winner = leaders[0] if len(leaders) == 1 else None
            self.phase = OVER
            self.turn = -1
            return
        self._start_round()

    def _victory_played_now(self, seat: int) -> bool:
        """VICTORY went down this turn and is still in one of this player's sets."""
        return self.victory_now and any(
            VIC_ID in set_cards(x) for x in self.table + self.captured[seat] if x["by"] == seat
        )

    def _round_breakdown(self, seat: int) -> dict[str, Any]:
        """How a player's round scores: laid-down cards score for whoever holds them, cards in hand cost as much.

        ``laid``: his own sets (doubled whole when VICTORY went down on his last turn);
        ``captured``: the bomber sets his fighters shot down; ``victory``: ``"all"`` for
        that last-turn doubling, ``"set"`` when VICTORY doubled one set of his, else None;
        ``hand``: what the cards left in his hand cost.
        """
        mine = [x for x in self.table if x["by"] == seat] + [x for x in self.captured[seat] if x["by"] == seat]
        taken = [x for x in self.captured[seat] if x["by"] != seat]
        victory = None
        if seat == self.went_out and self._victory_played_now(seat):
            laid = 2 * sum(set_base(x) for x in mine)    # VICTORY on the last turn doubles all he laid
            victory = "all"
        else:
            laid = sum(set_value(x) for x in mine)
            if any(VIC_ID in set_cards(x) for x in mine + taken):
                victory = "set"
        captured = sum(set_value(x) for x in taken)
        hand = sum([PENALTY[c] for c in self.hands[seat]])
        return {"laid": laid, "captured": captured, "victory": victory, "hand": hand,
                "total": laid + captured - hand}

    def _round_score(self, seat: int) -> int:
        total: int = self._round_breakdown(seat)["total"]
        return total

    # -- contract ---------------------------------------------------------------
    @property
    def to_move(self) -> frozenset[int]:
        """``TurnState.to_move``, looked up: the turn is -1 exactly when the game is over."""
        return MOVERS[self.turn]

    def legal_actions(self, seat: Any) -> tuple[str, ...]:
        """``TurnState.legal_actions``, written out (the hot path)."""
        if seat != self.turn or self.phase == OVER:
            return ()
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == DRAW:
                legal = DRAW_LEGAL[len(self.pile)] if self.stock or self._can_renew() else TAKE_LEGAL[len(self.pile)]
            elif phase == PLAY:
                legal = self._legal_play(seat)
            else:
                legal = self._legal_now(seat)
            self._legal = legal
        return legal

    def apply(self, seat: Any, action: Any) -> None:
        """``TurnState.apply`` written out for the usual case (the hot path), as the British Towns games do.

        Anything else goes the general way: legal actions not yet worked out, a seat or action refused, an
        action text not seen before, or a hand-written deal whose later packs the action might need
        (``_chance_may_run_out``).
        """
        legal = self._legal
        if legal is None or seat != self.turn or type(seat) is not int or not offered(legal, action) \
                or self.seed is None:
            TurnState.apply(self, seat, action)
            return
        decoded = _STEPS.get(action)
        if decoded is None:
            TurnState.apply(self, seat, action)
            return
        self._legal = None
        if self._history_shared:
            self._own_history()
        decoded[0](self, seat, decoded[1])
        self.history.append((seat, action))

    def _legal_now(self, seat: int) -> tuple[str, ...]:
        phase = self.phase
        if phase == DRAW:
            return self._legal_draw()
        if phase == PLAY:
            return self._legal_play(seat)
        if phase == NAME:
            return NAME_ACTIONS
        return self._legal_shoot(seat)

    def _chance_may_run_out(self) -> bool:
        return self.seed is None and self.round_no + 1 >= len(self.deal["rounds"])

    # -- drawing ------------------------------------------------------------------
    def _legal_draw(self) -> tuple[str, ...]:
        if self.stock or self._can_renew():
            return DRAW_LEGAL[len(self.pile)]
        return TAKE_LEGAL[len(self.pile)]

    def _apply_draw(self, seat: int, _: str) -> None:
        if not self.stock:
            # Ruling: the discard pile but its top card is turned over, unshuffled, as a new stock.
            self.stock = self.pile[:-1][::-1]
            self.pile = self.pile[-1:]
            self.restocked = True
            # (told at the table: the round's end is in sight, the next time the stock runs out; ``move``: this
            # draw's place in the history)
            self.round_log = [*self.round_log, {"round": self.round_no + 1, "event": "stock turned over",
                                                "move": len(self.history), "cards": len(self.stock)}]
        card = self.stock.pop()
        if self.restocked:
            # A turned-over stock is the old pile in a known order, so its cards are seen by all.
            self._receive(seat, [card], seen=True)
        else:
            self.drawn.append((seat, len(self.history)))
            insert_sorted(self.hands[seat], card)      # _receive(seat, [card], seen=False), written out
            self._bits[seat] |= CARD_BIT[card]
        self.progress = True
        self.phase = PLAY

    def _apply_take(self, seat: int, count: str) -> None:
        n = TAKE_COUNT[count]
        pile = self.pile
        taken = pile[-n:]
        del pile[-n:]
        self._receive(seat, taken, seen=True)
        self.phase = PLAY

    def _receive(self, seat: int, cards: list[int], *, seen: bool) -> None:
        hand = self.hands[seat]
        if len(cards) == 1:
            insert_sorted(hand, cards[0])
            self._bits[seat] |= CARD_BIT[cards[0]]
        else:
            hand.extend(cards)
            hand.sort()
            bits = self._bits[seat]
            for card in cards:
                bits |= CARD_BIT[card]
            self._bits[seat] = bits
        if seen:
            self.known[seat] = self.known[seat] + cards
            if self.seen is not None:
                self.seen[seat] = self.seen[seat] + cards

    def _give_up(self, seat: int, card: int, laid: bool = False) -> None:
        """``card`` leaves the hand; ``laid``: into a set (so, without ``swap_then_lay``, not a wild won this turn)."""
        remove_card(self.hands[seat], card)
        self._bits[seat] &= CARD_CLEAR[card]
        # Each seat's known (and seen) cards are replaced, never changed in place: clones share them.
        known = self.known[seat]
        if holds(known, card):
            known = known[:]
            remove_card(known, card)
            self.known[seat] = known
            accounted = True
        elif IS_KEF[card]:
            known = known[:]
            accounted = _drop_seen(known, card, ())
            if accounted:
                self.known[seat] = known
        else:
            accounted = False
        if self.seen is not None:
            # Precise for worlds: a wild won by a swap this turn cannot go into a set now, so it is still held.
            seen = self.seen[seat][:]
            accounted = _drop_seen(seen, card, self.fresh if laid else ())
            if accounted:
                self.seen[seat] = seen
        if not accounted:
            # A card the table never saw go in: it was dealt or drawn from the stock before now.
            self.gone[seat].append((card, len(self.history)))

    def _card_in_hand(self, seat: int, text: str) -> int:
        """The int of a held card with this text (the lowest of alike KEEP 'EM FLYING cards)."""
        hand = self.hands[seat]
        card = NATURAL_OF_TEXT.get(text)
        if card is not None and holds(hand, card):
            return card                        # a natural card: one of its kind
        for card in hand:
            if CARD_TEXT[card] == text:
                return card
        raise KeyError(text)

    # -- the index of each hand's natural cards ----------------------------------------
    def hand_index(self, seat: int) -> int:
        """``hand_bits`` of the seat's hand, from the index kept up to date as cards come and go.

        ``_receive`` and ``_give_up`` keep each seat's entry of ``_bits`` up to date; ``_bits_of`` holds the
        hand list each entry was made for.  A hand put in place from outside the rules (worlds, a test) is
        another list, so its entry is made afresh when first read.  (Changing a hand's list in place from
        outside the rules would go unseen: nothing does.)
        """
        hand = self.hands[seat]
        if self._bits_of[seat] is hand:
            return self._bits[seat]
        bits = self._bits[seat] = hand_bits(hand)
        self._bits_of[seat] = hand
        return bits

    def _index_all(self) -> None:
        """Make the index of every hand afresh (``hand_index``)."""
        self._bits: list[int] = [hand_bits(hand) for hand in self.hands]
        self._bits_of: list[list[int]] = list(self.hands)

    # -- laying down, swapping, discarding ------------------------------------------
    def _usable_wilds(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if not hand or hand[-1] < NATURALS:
            return []                                  # a hand is kept sorted: its wild cards come last
        wilds = hand[first_at_least(hand, NATURALS):]
        if wilds and not self.variant["swap_then_lay"]:
            wilds = [c for c in wilds if c not in self.fresh]
        return wilds

    def _out_possible(self, seat: int, remove: tuple[int, ...] = (), gain: tuple[int, ...] = (),
                      table: list[dict[str, Any]] | None = None, hand: list[int] | None = None) -> bool:
        """Could the player still go out this turn, after giving up ``remove`` and taking ``gain`` into his hand?

        ``gain`` is a wild card won by a swap; ``table`` is the table as the
        action would leave it (by default as it is now); ``hand`` another
        hand to ask about (a resampled one), by default the player's own.
        """
        table = self.table if table is None else table
        hand = self.hands[seat] if hand is None else hand
        if remove or gain:
            if all(IS_WILD[c] and c not in hand and c not in remove for c in gain):
                # Hands hold distinct cards, and a swap gains a wild card from the table: plain lists will do.
                cards = [c for c in hand if c not in remove] if remove else list(hand)
                cards += gain
            else:
                counted = Counter(hand)
                counted.subtract(remove)
                counted.update(gain)
                cards = [c for c, n in counted.items() if n > 0 for _ in range(1 if c < NATURALS else n)]
        else:
            cards = hand
        facts = self._facts() if table is self.table else _TableFacts.of(table, self.num_seats,
                                                                          self.variant["swap_own"])
        return self._can_go_out(cards, facts.wild_for[seat], len(facts.open_sets[seat]), gain)

    def _facts(self) -> _TableFacts:
        """The ``_TableFacts`` of the table as it is, read afresh only when the table has been replaced."""
        facts = self._table_memo
        if facts is None or facts.table is not self.table:
            facts = self._table_memo = _TableFacts.of(self.table, self.num_seats, self.variant["swap_own"])
        return facts

    def _can_go_out(self, cards: list[int], wild_for: set[int], threes: int, gain: tuple[int, ...] = ()) -> bool:
        """``can_go_out`` for a hand of ``cards`` (distinct but for natural cards, counted once) and a table
        with these ``_TableFacts``; ``gain``: wild cards just won by a swap."""
        swap_usable: bool = self.variant["swap_then_lay"]
        fresh = self.fresh
        codes = [0] * PLANE_COUNT              # plane -> 4 * cards held + how many of them a swap would take
        planes: list[int] = []                 # the planes held (a list is quicker than a dict, compiled)
        wilds = dead = 0
        for card in cards:
            if card < NATURALS:
                plane = card // 3
                if not codes[plane]:
                    planes.append(plane)
                codes[plane] += 5 if card in wild_for else 4
            elif swap_usable or (card not in fresh and card not in gain):
                wilds += 1
            else:
                dead += 1
        # The hand's shape, whatever order its cards come in: how many planes have each code (4 to 15, as a
        # plane has three views), five bits a code; and the counts of wild cards and sets, in one int.
        shape = 0
        for plane in planes:
            shape += 1 << 5 * (codes[plane] - 4)
        key = (shape, ((threes * 8 + wilds) * 8 + dead) * 2 + swap_usable)
        found = _GOING_OUT.get(key)
        if found is None:
            if len(_GOING_OUT) >= 1 << 16:
                _GOING_OUT.clear()
            pairs = tuple((code >> 2, code & 3) for code in range(4, 16) for _ in range(shape >> 5 * (code - 4) & 31))
            found = _GOING_OUT[key] = can_go_out(pairs, wilds, dead, threes, swap_usable)
        return found

    def _lay_options(self, seat: int, wilds: list[int] | None = None, bits: int = -1, planes: int = -1
                     ) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...], int], ...]:
        """Every set the hand could lay: (text, naturals, wild cards filling the missing views, fourth card or -1).

        Only the planes with enough cards for a set matter: the index of the hand's natural cards, three bits
        to a plane (``hand_bits``), names them at once (those with all three views, with two, or with any, as
        the usable wild cards can stand in for none, one, or more), and their options are looked up by the
        plane's views and the usable wild cards (``lay_options``), not worked out afresh each time.
        ``wilds``: ``_usable_wilds(seat)``, ``bits``: ``hand_bits`` of the hand, and ``planes``: ``set_planes`` of
        the two, if the caller has them.
        """
        if wilds is None:
            wilds = self._usable_wilds(seat)
        if bits < 0:
            bits = self.hand_index(seat)
        if planes < 0:
            planes = set_planes(bits, len(wilds))
        options: tuple[tuple[str, tuple[int, ...], tuple[int, ...], int], ...] = ()
        if not planes:
            return options
        held = 0                               # the usable wild cards, one bit each
        for card in wilds:
            held |= 1 << (card - NATURALS)
        while planes:                          # each plane with enough views, in order
            lowest = planes & -planes
            first = lowest.bit_length() - 1    # the plane's cards are first, first + 1, first + 2
            plane = first // 3
            views = bits >> first & 7
            key = plane << 7 | views << 4 | held
            found = _LAYS[key]
            if found is None:
                naturals = tuple([first + view for view in (0, 1, 2) if views >> view & 1])
                found = _LAYS[key] = lay_options(naturals, tuple(wilds))
            options += found
            planes ^= lowest
        return options

    def _legal_play(self, seat: int, bound: bool = True) -> tuple[str, ...]:
        """Every play; a fourth card, and anything after one, only while going out this turn stays possible.

        ``bound=False`` leaves that condition out (to tell a refused move why).
        """
        hand = self.hands[seat]
        bits = self._bits[seat] if self._bits_of[seat] is hand else self.hand_index(seat)
        facts = self._table_memo
        if facts is None or facts.table is not self.table:
            facts = self._facts()
        if not hand or hand[-1] < NATURALS:         # no wild card (a hand is sorted: they come last)
            wilds = NO_CARDS
            planes = bits & bits >> 1 & bits >> 2 & FIRST_VIEWS      # set_planes(bits, 0), written out
            if not (planes or facts.mask[seat] & bits or (bound and self.committed)):
                # The usual case: nothing to lay, swap or add, and no alike cards, so every card is a discard.
                # (itemgetter picks the texts in C in the Python sources; compiled, the loop is quicker.)
                if COMPILED or len(hand) < 2:
                    return tuple([DISCARD_TEXT[c] for c in hand])
                discards: tuple[str, ...] = itemgetter(*hand)(DISCARD_TEXT)
                return discards
        else:
            wilds = self._usable_wilds(seat)
            planes = set_planes(bits, len(wilds))
        options: list[str] = []
        if planes:
            self._add_lays(seat, wilds, bits, planes, facts, bound, options)
        if facts.mask[seat] & bits:
            self._swaps(seat, facts, bound, options, bits)
        if wilds and facts.open_sets[seat]:
            self._adds(seat, wilds, facts, bound, options, bits)
        if not (bound and self.committed) or len(hand) == 1:
            discards = (
                tuple([DISCARD_TEXT[c] for c in hand]) if COMPILED or len(hand) < 2
                else itemgetter(*hand)(DISCARD_TEXT)
            )
            if len(hand) > 1 and hand[-2] >= NATURALS:
                options += dict.fromkeys(discards)   # alike KEEP 'EM FLYING cards: one discard
            elif not options:
                return discards
            else:
                options += discards
        # (No text comes twice: each lay, swap, add and discard names different cards or sets.)
        return tuple(options)

    def _add_lays(self, seat: int, wilds: list[int], bits: int, planes: int, facts: _TableFacts, bound: bool,
                  options: list[str]) -> None:
        """Add the sets the player may lay to ``options`` (``_legal_play``): ``_lay_options``, each plane's
        texts looked up too (``lay_texts``), so that a plane whose fourth cards cannot keep going out
        possible adds its three-card sets at once.

        ``wilds``, ``bits``, ``planes``: the usable wild cards, ``hand_bits`` and ``set_planes`` of the hand;
        ``facts``: the table's.  A fourth card is legal only if the rest of the hand can still go, and it
        cannot, whatever the plane, where no card held could be swapped away but the plane's own and the
        other planes need more wild cards than are left: with ``p`` planes and ``n`` natural cards held, a
        set of ``k`` of a plane's ``c`` views, with ``3 - k`` wild cards and one more as the fourth, leaves
        ``w - 4 + k`` wild cards and ``c - k`` of the plane's cards, which could at best be swapped into the
        new set for as many wild cards; the other planes need ``3 (p - 1) - (n - c)`` (less two if one of
        them is held once: ``beyond_reach``), more than ``w - 4 + c`` exactly when ``3 p - n + 1`` (less two)
        is more than ``w``, whatever ``c``.
        """
        held = 0                               # the usable wild cards, one bit each
        for card in wilds:
            held |= 1 << (card - NATURALS)
        committed = self.committed
        quick = bound and not committed        # a quick answer for the fourth cards is worth working out
        hopeless = hopeless_alone = False      # no fourth card keeps going out possible (but where the plane
        swappable = 0                          # laid is the one held once)
        if quick:
            counts = (bits & FIRST_VIEWS) + (bits >> 1 & FIRST_VIEWS) + (bits >> 2 & FIRST_VIEWS)
            spare = len(self.hands[seat]) - bits.bit_count()     # the wild cards held, usable or not
            need = 3 * ((counts | counts >> 1) & FIRST_VIEWS).bit_count() - bits.bit_count() + 1
            singles = (counts & ~(counts >> 1) & FIRST_VIEWS).bit_count()
            hopeless = need - (2 if singles else 0) > spare
            hopeless_alone = need - (2 if singles > 1 else 0) > spare
            swappable = bits & facts.mask[seat]
        while planes:                          # each plane with enough views, in order
            lowest = planes & -planes
            first = lowest.bit_length() - 1    # the plane's cards are first, first + 1, first + 2
            views = bits >> first & 7
            key = first // 3 << 7 | views << 4 | held
            texts = _LAY_TEXTS[key]
            if texts is None:
                texts = self._lay_texts(key, first, views, wilds)
            if not bound:
                options += texts[0]
            elif quick and (len(texts[0]) == len(texts[1]) or (
                    (hopeless if views & (views - 1) else hopeless_alone) and not swappable & ~(7 << first))):
                options += texts[1]
            else:
                found = _LAYS[key]
                assert found is not None
                options += self._lays(seat, found, bound, bits)
            planes ^= lowest

    @staticmethod
    def _lay_texts(key: int, first: int, views: int, wilds: list[int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``_LAY_TEXTS[key]`` (and ``_LAYS[key]``), worked out."""
        found = _LAYS[key]
        if found is None:
            naturals = tuple([first + view for view in (0, 1, 2) if views >> view & 1])
            found = _LAYS[key] = lay_options(naturals, tuple(wilds))
        texts = _LAY_TEXTS[key] = (tuple([o[0] for o in found]), tuple([o[0] for o in found if o[3] < 0]))
        return texts

    def _lays(self, seat: int, lays: tuple[tuple[str, tuple[int, ...], tuple[int, ...], int], ...],
              bound: bool, bits: int = -1) -> list[str]:
        """The sets the player may lay (``_legal_play``), as action texts; ``lays``: ``_lay_options(seat)``;
        ``bits``: ``hand_bits`` of the hand, if the caller has it."""
        hand = self.hands[seat]
        committed = self.committed
        options: list[str] = []
        if bits < 0:
            bits = self.hand_index(seat)
        held_wilds = len(hand) - bits.bit_count()
        for text, naturals, fill, extra in lays:
            if (extra >= 0 or committed) and bound:
                facts = self._facts()
                # First the quick count (beyond_reach), where no card left could be swapped away: none of the
                # table's wild cards stands in for one, and none is of the new set's plane.
                first = 3 * (naturals[0] // 3)
                rest = bits
                for card in naturals:
                    rest ^= CARD_BIT[card]
                if not rest & (facts.mask[seat] | 7 << first) and \
                        beyond_reach(rest, held_wilds - len(fill) - (1 if extra >= 0 else 0)):
                    continue
                # _out_possible(seat, remove=the set's cards, table=the table with the set on it), counted
                # from this table's facts: the new set's wild cards stand in for its missing views.
                wild_for, threes = facts.wild_for[seat], len(facts.open_sets[seat])
                if fill and self.variant["swap_own"]:      # (the new set is his own)
                    plane = 3 * (naturals[0] // 3)
                    shown = [c % 3 for c in naturals]
                    wild_for = wild_for | {plane + v for v in (0, 1, 2) if v not in shown}
                used = (*naturals, *fill, extra)
                if not self._can_go_out(without(hand, used), wild_for, threes + (extra < 0)):
                    continue
            options.append(text)
        return options

    def _swaps(self, seat: int, facts: _TableFacts, bound: bool, options: list[str], bits: int = -1) -> None:
        """Add the swaps: a natural card held for a wild card standing in for that very card (hand order,
        then table order); ``facts``: the table's; ``bits``: ``hand_bits`` of the hand, if the caller has it."""
        table = self.table
        bound_out = bound and self.committed
        standing = facts.standing[seat]
        cards = (self.hand_index(seat) if bits < 0 else bits) & facts.mask[seat]
        while cards:                           # the cards held that a swap would take, lowest (hand order) first
            lowest = cards & -cards
            cards ^= lowest
            card = lowest.bit_length() - 1
            for laid in standing[card]:
                if bound_out:
                    wild = laid["slots"][card % 3]
                    swapped = {**laid, "slots": [card if c == wild else c for c in laid["slots"]]}
                    after = [swapped if x is laid else x for x in table]
                    if not self._out_possible(seat, remove=(card,), gain=(wild,), table=after):
                        continue
                options.append(swap_text(card, laid["id"]))

    def _adds(self, seat: int, wilds: list[int], facts: _TableFacts, bound: bool, options: list[str],
              bits: int = -1) -> None:
        """Add the fourth cards the player may put on his own three-card sets (``facts``: the table's;
        ``bits``: ``hand_bits`` of the hand, if the caller has it)."""
        hand = self.hands[seat]
        open_sets = facts.open_sets[seat]
        if bits < 0:
            bits = self.hand_index(seat)
        # the quick count first (``beyond_reach``), where no card held could be swapped away
        hopeless = bound and not bits & facts.mask[seat] and beyond_reach(bits, len(hand) - bits.bit_count() - 1)
        for wild in dict.fromkeys(CARD_TEXT[c] for c in wilds):
            card = next(c for c in wilds if CARD_TEXT[c] == wild)
            # _out_possible(seat, remove=(card,), table=the table with the card added to a set): whichever
            # set it is, that set has a fourth card now, so there is one three-card set fewer.
            if hopeless or (
                bound and not self._can_go_out([c for c in hand if c != card], facts.wild_for[seat],
                                               len(open_sets) - 1)
            ):
                continue
            for laid in open_sets:
                options.append(f"add {wild} {laid['id']}")

    def _apply_lay(self, seat: int, cards: str) -> None:
        action = "lay " + cards
        naturals, fill, extra = next((n, f, e) for text, n, f, e in self._lay_options(seat) if text == action)
        for card in (*naturals, *fill, *([extra] if extra >= 0 else [])):
            self._give_up(seat, card, laid=True)
        laid = new_set(self.next_set_id, seat, PLANE_OF[naturals[0]], list(naturals), list(fill), extra)
        self.next_set_id += 1
        self.table = [*self.table, laid]
        self.progress = True
        if extra >= 0:
            self.committed = True
        self.victory_now |= VIC_ID in set_cards(laid)
        self.pending = laid["id"]
        if self.variant["auto_name"]:
            self._after_naming(seat)
        else:
            self.phase = NAME

    def _apply_swap(self, seat: int, rest: str) -> None:
        text, set_id = rest.split()
        card = NATURAL_OF_TEXT[text]
        laid = self._open_set(int(set_id))
        slots = list(laid["slots"])
        wild = slots[card % 3]
        slots[card % 3] = card
        self._change_set(laid, {**laid, "slots": slots})
        self._give_up(seat, card)
        self._receive(seat, [wild], seen=True)
        self.fresh = [*self.fresh, wild]
        self.progress = True
        # (told in the play log and in the round's count: who took which wild card out of whose set, for which card;
        # ``move``: this swap's place in the history)
        self.round_log = [*self.round_log, {"round": self.round_no + 1, "event": "wild swapped",
                                            "move": len(self.history), "seat": seat, "set": laid["id"],
                                            "owner": laid["by"], "plane": PLANE_CODES[laid["plane"]],
                                            "card": text, "wild": CARD_TEXT[wild]}]

    def _apply_add(self, seat: int, rest: str) -> None:
        text, set_id = rest.split()
        card = next(c for c in self._usable_wilds(seat) if CARD_TEXT[c] == text)
        laid = self._open_set(int(set_id))
        self._give_up(seat, card, laid=True)
        self._change_set(laid, {**laid, "extra": card})
        self.committed = True
        self.progress = True
        self.victory_now |= card == VIC_ID
        self._continue(seat)

    def _apply_discard(self, seat: int, text: str) -> None:
        card = NATURAL_OF_TEXT.get(text, -1)   # a natural card: one of its kind (and held, as the move is legal)
        if card < 0:
            card = self._card_in_hand(seat, text)
        self._give_up(seat, card)
        self.pile.append(card)
        self.idle_turns = 0 if self.progress else self.idle_turns + 1
        if not self.hands[seat]:
            self.went_out = seat
            self._end_round()
        else:
            self._begin_turn((seat + 1) % self.num_seats)

    def _open_set(self, set_id: int) -> dict[str, Any]:
        return next(x for x in self.table if x["id"] == set_id)

    def _change_set(self, laid: dict[str, Any], changed: dict[str, Any]) -> None:
        """Put ``changed`` on the table in place of ``laid`` (a set, and the table, never change in place)."""
        self.table = [changed if x is laid else x for x in self.table]

    def _continue(self, seat: int) -> None:
        if self.hands[seat]:
            self.phase = PLAY
        else:
            self.went_out = seat
            self._end_round()

    # -- naming ---------------------------------------------------------------------
    def _apply_name(self, seat: int, rest: str) -> None:
        code, nation = rest.split()
        laid = self._open_set(self.pending)
        plane = PLANES[laid["plane"]]
        correct = code == plane["code"] and nation == plane["nation"]
        self.naming_log = [*self.naming_log, {
            "round": self.round_no + 1, "seat": seat, "set": laid["id"], "said": f"{code} {nation}", "correct": correct,
        }]
        if not correct:
            forfeits = self.forfeits[:]
            forfeits[seat] += 1
            self.forfeits = forfeits
        self._after_naming(seat)

    def _after_naming(self, seat: int) -> None:
        laid = self._open_set(self.pending)
        if not IS_BOMBER[laid["plane"]] and self._targets(seat, laid):
            self.phase = SHOOT
        else:
            self.pending = -1
            self._continue(seat)

    # -- shooting down bombers ------------------------------------------------------------
    def _targets(self, seat: int, fighters: dict[str, Any]) -> list[dict[str, Any]]:
        side = ALLIANCE_OF_PLANE[fighters["plane"]]
        return [
            x for x in self.table
            if x["by"] != seat and IS_BOMBER[x["plane"]] and ALLIANCE_OF_PLANE[x["plane"]] != side
        ]

    def _shooter(self) -> dict[str, Any]:
        for laid in self.table + [x for pile in self.captured for x in pile]:
            if laid["id"] == self.pending:
                return laid
        raise KeyError(self.pending)

    def _legal_shoot(self, seat: int, bound: bool = True) -> tuple[str, ...]:
        fighters = self._shooter()
        targets = self._targets(seat, fighters)
        if bound and self.committed:
            # Bound to go out: a shot that takes away the sets he still needs is not open to him.
            targets = [x for x in targets
                       if self._out_possible(seat, table=[y for y in self.table if y is not x and y is not fighters])]
        return (*(f"shoot {x['id']}" for x in targets), "hold")

    def _apply_shoot(self, seat: int, set_id: str) -> None:
        fighters = self._shooter()
        target = self._open_set(int(set_id))
        table = self.table[:]
        table.remove(target)
        taken = self.captured[seat][:]
        if fighters in table:
            table.remove(fighters)
            taken.append(fighters)
        taken.append(target)
        self.table = table
        self.captured = [taken if s == seat else pile for s, pile in enumerate(self.captured)]
        if self.variant["shoot_down"] == "all" and self._targets(seat, fighters):
            return
        self.pending = -1
        self._continue(seat)

    def _apply_hold(self, seat: int, _: str) -> None:
        self.pending = -1
        self._continue(seat)

    # -- reasons ---------------------------------------------------------------------------
    def reasons(self, seat: int) -> dict[str, str]:
        """Each legal move's plain facts, in a few words, from what ``seat`` sees (its own hand, the pile, the sets
        on the table, the cards the table saw go into each hand): "breaks up your two Lightning views; 5 points
        off your hand", "puts 30 points on the table".  Facts, not advice: the expert's figures say which move is
        better, these say what each does, so that an analysis can tell what a move gave up.  Empty at a naming
        step (its answer is printed on the cards) and in the plane-spotting game (a reason would name the plane
        that the player is to recognise), and for a seat not to move."""
        if seat != self.turn or self.phase in (OVER, NAME) or self.variant["recognition"]:
            return {}
        out: dict[str, str] = {}
        for action in self.legal_actions(seat):
            verb, _, rest = action.partition(" ")
            text = _REASONS[verb](self, seat, rest) if verb in _REASONS else ""
            if text:
                out[action] = text
        return out

    def _views_held(self, seat: int, plane: int, extra: tuple[int, ...] = ()) -> int:
        return len({c for c in (*self.hands[seat], *extra) if PLANE_OF[c] == plane})

    def _reason_draw(self, seat: int, _: str) -> str:
        return "an unseen card: the others learn nothing of your hand"

    def _reason_take(self, seat: int, count: str) -> str:
        # One short line: what the cards do for the hand's sets (a set completed, one brought a view nearer, a card
        # to swap for a wild one, a wild card), then what taking them costs: they count against the hand until laid
        # or thrown away.  (That the table sees them is the draw's reason, beside it.)
        taken = self.pile[-TAKE_COUNT[count]:]
        gains = _gains(self, seat, taken)
        cost = sum(PENALTY[c] for c in taken)
        return f"{', '.join(gains) or 'nothing for your sets'}; costs {cost} points while held"

    def _reason_lay(self, seat: int, cards: str) -> str:
        # What the set scores, what it spends (wild cards), what it may stop (a shot at an enemy bomber set) or risk
        # (a bomber set can be shot down), and going out; never what is left in the hand, which the hand shows.
        action = "lay " + cards
        found = next(((n, f, e) for text, n, f, e in self._lay_options(seat) if text == action), None)
        if found is None:
            return ""
        naturals, fill, extra = found
        laid = new_set(0, seat, PLANE_OF[naturals[0]], list(naturals), list(fill), extra)
        plane = laid["plane"]
        parts = [f"puts {set_value(laid)} points on the table ({PLANES[plane]['short']} set"
                 f"{', doubled by VICTORY' if VIC_ID in set_cards(laid) else ''})"]
        wilds = [c for c in (*fill, *([extra] if extra >= 0 else [])) if IS_WILD[c]]
        if wilds:
            many = "a wild card" if len(wilds) == 1 else f"{_NUMBER_WORDS[len(wilds)]} wild cards"
            parts.append(f"uses {many} of yours")
        if extra >= 0:
            parts.append("a fourth card: you must go out this turn")
        if IS_BOMBER[plane]:
            parts.append("enemy fighters laid later may shoot it down")
        else:
            targets = self._targets(seat, laid)
            if len(targets) == 1:
                parts.append(f"may shoot down another player's {PLANES[targets[0]['plane']]['short']} set "
                             f"(+{set_value(targets[0])})")
            elif targets:
                parts.append(f"may shoot down an enemy bomber set (up to +{max(map(set_value, targets))})")
        if len(self.hands[seat]) == len(set_cards(laid)):
            parts.append("empties your hand: you go out")
        return "; ".join(parts)

    def _reason_swap(self, seat: int, rest: str) -> str:
        # What the wild card is taken from (VICTORY's set no longer counts double) and what it does for the hand.
        text, set_id = rest.split()
        laid = self._open_set(int(set_id))
        card = NATURAL_OF_TEXT[text]
        wild = laid["slots"][card % 3]
        whose = "your own" if laid["by"] == seat else "another player's"
        short = PLANES[laid["plane"]]["short"]
        if wild == VIC_ID:
            value = set_value(laid)
            head = f"takes VICTORY out of {whose} {short} set, halving it from {value} to {value // 2} points"
        else:
            head = f"takes a KEEP 'EM FLYING card out of {whose} {short} set"
        views: dict[int, int] = {}
        for c in self.hands[seat]:
            if c != card and not IS_WILD[c]:
                views[PLANE_OF[c]] = views.get(PLANE_OF[c], 0) + 1
        pair = next((p for p, k in views.items() if k == 2), -1)
        if pair >= 0 and self.variant["swap_then_lay"]:
            use = f"with it, a {PLANES[pair]['short']} set to lay"
        else:
            use = f"a wild card for a set of yours ({PENALTY[wild]} points against you while held)"
        return f"{head}; {use}"

    def _reason_add(self, seat: int, rest: str) -> str:
        text, set_id = rest.split()
        laid = self._open_set(int(set_id))
        short = PLANES[laid["plane"]]["short"]
        if text == VIC:
            # (VICTORY down on the turn its player goes out doubles every set he laid: ruling 10)
            return (f"VICTORY as a fourth card in your {short} set: you must go out this turn, and going out with "
                    "it doubles every set you laid")
        return (f"a KEEP 'EM FLYING card as a fourth card in your {short} set (+{POINTS_OF_PLANE[laid['plane']]} "
                "points): you must go out this turn")

    def _reason_discard(self, seat: int, text: str) -> str:
        card = NATURAL_OF_TEXT.get(text, -1)
        if card < 0:
            card = self._card_in_hand(seat, text)
        hand = self.hands[seat]
        if len(hand) == 1:
            return "your last card: you go out and the round ends"
        parts = []
        if IS_WILD[card]:
            parts.append("gives a wild card to the pile, where the next player may take it")
        else:
            plane = PLANE_OF[card]
            held = self._views_held(seat, plane)
            if held >= 2:
                parts.append(f"breaks up your {_NUMBER_WORDS[held]} {PLANES[plane]['short']} views")
            nxt = (seat + 1) % self.num_seats
            if any(PLANE_OF[c] == plane for c in self.known[nxt]):
                parts.append(f"the next player was seen taking {_a(PLANES[plane]['short'])} card")
        parts.append(f"{PENALTY[card]} points off your hand")
        return "; ".join(parts)

    def _reason_shoot(self, seat: int, set_id: str) -> str:
        target = self._open_set(int(set_id))
        return (f"takes another player's {PLANES[target['plane']]['short']} set ({set_value(target)} points) off the "
                "table: it scores for you instead")

    def _reason_hold(self, seat: int, _: str) -> str:
        fighters = self._shooter()
        targets = self._targets(seat, fighters)
        if not targets:
            return ""
        own = self.hands[seat]
        swappable = [x for x in targets if any(IS_WILD[x["slots"][c % 3]] for c in own if PLANE_OF[c] == x["plane"])]
        worth = sum(set_value(x) for x in targets)
        text = f"leaves the enemy bombers on the table ({worth} points), scoring for their owners"
        if swappable:
            text += "; a wild card in one stays there for a card of yours to swap"
        return text

    # -- text ------------------------------------------------------------------------------
    def parse_action(self, text: Any) -> str:
        return parse_action(text)

    def _explain(self, seat: Any, action: Any) -> str:
        """Why a move is refused and what the player may do instead, from his own hand and the table."""
        verb = action.split(" ", 1)[0]
        if self.phase == DRAW:
            return self._explain_draw(verb)
        if self.phase == NAME:
            return ("Name the plane you have just laid down, and the nation that flies it, before anything else "
                    "this turn.")
        if self.phase == SHOOT:
            return self._explain_shoot(seat, action)
        instead = self._play_now(seat)
        if action in self._legal_play(seat, bound=False):
            # A move allowed in itself, refused only because of the going-out rule.
            if not self.committed:
                return ("A wild card goes down as a fourth card only on the turn you go out, and after this one "
                        f"you could not get rid of all your cards this turn: {instead}.")
            if verb == "discard":
                return ("You put down a fourth card, so you must go out this turn: lay, add or swap cards until "
                        "one card is left, then discard it.")
            return ("You put down a fourth card, so you must go out this turn, and after that move you could no "
                    f"longer get rid of all your cards: {instead}.")
        return self._explain_play(seat, action, verb, instead)

    def _explain_draw(self, verb: str) -> str:
        options = ["take the top card of the stock"] if DRAW_STOCK in self._legal_draw() else []
        held = len(self.pile)
        if held == 1:
            options.append("take the top card of the discard pile")
        elif held:
            options.append(f"take cards from the top of the discard pile (as many as {held})")
        instead = either(options)
        if verb == "draw":
            return f"The stock is empty and cannot be made again: {instead}."
        if verb == "take":
            if not held:
                return f"The discard pile is empty: {instead}."
            return f"The discard pile holds only {plural(held, 'card')}: {instead}."
        return f"Draw first: {instead}."

    def _explain_shoot(self, seat: int, action: str) -> str:
        if action in self._legal_shoot(seat, bound=False):
            return ("You put down a fourth card, so you must go out this turn, and that shot would take away a "
                    "set you need to go out: hold your fire instead.")
        targets = [f"set {a.split()[1]}" for a in self._legal_shoot(seat) if a != "hold"]
        if not targets:
            return "None of the enemy bomber sets can be shot down now: hold your fire."
        return (f"Shoot down one of the enemy bomber sets your fighters can reach ({either(targets)}), or hold your "
                "fire.")

    def _play_now(self, seat: int) -> str:
        """What the player may do now, in the play phase: ``you may lay a set or discard a card ...``."""
        legal = self._legal_play(seat)
        kinds = []
        # In plane-spotting, which cards make a set or a swap is the player's to spot: a refusal that said "you may
        # lay a set" only where one is open would tell him his hand holds one.  It says what a hand may do there.
        spotting = self.variant["recognition"] and not self.committed
        for verb, words in PLAY_WORDS:
            if spotting and verb in SPOTTED:
                kinds.append(SPOTTED[verb] if verb != "swap " or self.variant["swap_own"] else SPOTTED["others"])
            elif any(a.startswith(verb) for a in legal):
                kinds.append(words if verb != "swap " or self.variant["swap_own"] else OTHERS_SWAP)
        return f"you may {either(kinds)}" if kinds else "you may not move now"

    def _explain_play(self, seat: int, action: str, verb: str, instead: str) -> str:
        words = action.split()
        if verb in ("lay", "swap", "add", "discard"):
            named = [w.lstrip("+") for w in words[1:]]
            if verb in ("swap", "add"):
                named = named[:1]
            missing = self._not_held(seat, named)
            if missing is not None:
                return f"You do not hold {name_of_text(missing)}: {instead}."
        if verb in ("swap", "add") and len(words) == 3 and not any(str(x["id"]) == words[2] for x in self.table):
            return f"There is no set {words[2]} on the table: {instead}."
        if verb == "swap" and len(words) == 3 and not self.variant["swap_own"]:
            card = NATURAL_OF_TEXT.get(words[1], -1)
            laid = next(x for x in self.table if str(x["id"]) == words[2])
            if laid["by"] == seat and card >= 0 and laid["plane"] == PLANE_OF[card] and \
                    laid["slots"][card % 3] >= NATURALS:
                return ("You may swap a wild card only out of another player's set, not out of your own: "
                        f"{instead}.")
        refusal = PLAY_REFUSALS.get(verb, "That is no move at this point of your turn")
        return f"{refusal}. {instead[0].upper()}{instead[1:]}."

    def _not_held(self, seat: int, texts: list[str]) -> str | None:
        """The first of ``texts`` (card texts, each wanted once) that the player's hand cannot supply."""
        hand = Counter(CARD_TEXT[c] for c in self.hands[seat])
        for text in texts:
            if text not in CARD_TEXT:
                continue
            if hand[text] <= 0:
                return text
            hand[text] -= 1
        return None

    # -- views -------------------------------------------------------------------------
    def _public_view(self) -> dict[str, Any]:
        view = self._table_view()
        view["round_scores"] = [list(r) for r in self.round_scores]
        # A table may stop after so many rounds (0: no limit): the page says which round is the last.
        view["max_rounds"] = self.variant["max_rounds"]
        # What an empty stock does (turned over once, or the round ends): the page says the round's end is near.
        view["stock_out"] = self.variant["stock_out"]
        view["naming"] = [dict(n) for n in self.naming_log]
        view["events"] = [dict(e) for e in self.round_log]
        # Every action is public: a stock draw shows no card, the rest show what they move.
        view["history"] = [[s, a] for s, a in self.history]
        return view

    def _tensor_public_view(self) -> dict[str, Any]:
        # The logs that grow with every round and action are left out; the tensors read only the last
        # round's scores.
        view = self._table_view()
        view["round_scores"] = [list(r) for r in self.round_scores[-1:]]
        return view

    def _table_view(self) -> dict[str, Any]:
        """The public view but its logs: what is on the table now."""
        return {
            "round": self.round_no + 1,
            "dealer": self.dealer,
            "target": self.variant["target"],
            "recognition": self.variant["recognition"],
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "stock_turned_over": self.restocked,
            "pile": [CARD_TEXT[c] for c in self.pile],
            "table": [_set_view(x) for x in self.table],
            "captured": [[_set_view(x) for x in pile] for pile in self.captured],
            "totals": list(self.totals),
            "forfeits": list(self.forfeits),
            # Cards the table saw go into each hand (from the pile, or a turned-over stock) and still there.
            "seen_in_hands": [[CARD_TEXT[c] for c in known] for known in self.known],
            "pending_set": self.pending if self.pending >= 0 else None,
            "must_go_out": self.committed,
        }

    def _hidden_extras(self) -> dict[str, Any]:
        return {"stock": [CARD_TEXT[c] for c in self.stock]}

    # -- results -----------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        names = seat_names(self.num_seats)
        return {
            "totals": {names[s]: t for s, t in enumerate(self.totals)},
            "rounds": len(self.round_scores),
            "round_scores": [list(r) for r in self.round_scores],
            "winner": names[self.winner] if self.phase == OVER and self.winner is not None else None,
            "finished": self.phase == OVER,
        }

    # -- copies --------------------------------------------------------------------------
    def _shallow(self) -> "SquadronScrambleState":
        """``shallow_copy(self)``: compiled, with each attribute written out (``_each_attribute``), several times
        quicker there than mypyc's ``__getstate__`` and ``__setstate__``; in Python the ``__dict__`` copy is quicker."""
        return self._each_attribute() if COMPILED else shallow_copy(self)

    def _each_attribute(self) -> "SquadronScrambleState":
        """A new state holding every attribute of this one (tests check that none is left out)."""
        cls = type(self)
        new = cls.__new__(cls)
        new._bits = self._bits
        new._bits_of = self._bits_of
        new._deal = self._deal
        new._history_shared = self._history_shared
        new._legal = self._legal
        new._table_memo = self._table_memo
        new._world_plan = self._world_plan
        new.captured = self.captured
        new.committed = self.committed
        new.dealer = self.dealer
        new.drawn = self.drawn
        new.forfeits = self.forfeits
        new.fresh = self.fresh
        new.gone = self.gone
        new.hands = self.hands
        new.history = self.history
        new.idle_turns = self.idle_turns
        new.known = self.known
        new.naming_log = self.naming_log
        new.next_set_id = self.next_set_id
        new.num_seats = self.num_seats
        new.pending = self.pending
        new.phase = self.phase
        new.pile = self.pile
        new.pile_start = self.pile_start
        new.progress = self.progress
        new.restocked = self.restocked
        new.round_log = self.round_log
        new.round_no = self.round_no
        new.round_scores = self.round_scores
        new.seed = self.seed
        new.seen = self.seen
        new.stock = self.stock
        new.table = self.table
        new.totals = self.totals
        new.traces = self.traces
        new.turn = self.turn
        new.variant = self.variant
        new.victory_now = self.victory_now
        new.went_out = self.went_out
        new.winner = self.winner
        return new

    def clone(self) -> "SquadronScrambleState":
        # Only what changes in place is copied: the hands, the pile and the stock, the lists of what each
        # hand is known (and seen) to hold, the deal's list of packs.  Everything else is shared, since the
        # rules never change it in place but put a new one in its place (the table and each set on it, the
        # captured sets, the logs, the scores, the forfeits, the wild cards won this turn, each seat's
        # known and seen cards, the rounds' traces); the history and this round's records of stock draws
        # and of cards gone unseen are shared until either state records an action (State._history_shared).
        new = self._shallow()
        deal = self._deal
        new._deal = {"first_dealer": deal["first_dealer"], "rounds": deal["rounds"][:]}
        new._history_shared = self._history_shared = True
        new.hands = [*map(list.copy, self.hands)]
        # The index of the hands (hand_index) holds for the copies where it held for the originals.
        if all(map(is_, self._bits_of, self.hands)):
            new._bits = self._bits[:]
            new._bits_of = new.hands[:]
        else:
            new._index_all()
        new.known = self.known[:]
        if self.seen is not None:
            new.seen = self.seen[:]
        new.pile = self.pile[:]
        new.stock = self.stock[:]
        return new

    def _own_history(self) -> None:
        # This round's stock draws and cards gone unseen grow as the history does: shared the same way.
        super()._own_history()
        self.drawn = self.drawn[:]
        self.gone = [*map(list.copy, self.gone)]

    def resample(self, seat: Any, rng: random.Random) -> "SquadronScrambleState":
        """A world ``seat`` cannot tell from this one, drawn from the consistent ones in proportion.

        The stock and the cards of other hands the table never saw go in are
        dealt afresh; every pack is rebuilt so that the world's record
        replays; later rounds come from a fresh seed.  How, and why it is
        exact: ``parlour.games.squadron_scramble.worlds``.
        """
        self._check_resampler(seat)
        world: SquadronScrambleState = type(self).worlds(self, seat, rng)
        return world


#: ``SquadronScrambleState._steps`` (``TurnState._apply`` fills it in), read as a module constant in ``apply``
_STEPS: Final = SquadronScrambleState._steps

#: each verb's reason (``SquadronScrambleState.reasons``)
_REASONS: Final[dict[str, Any]] = {
    "draw": SquadronScrambleState._reason_draw, "take": SquadronScrambleState._reason_take,
    "lay": SquadronScrambleState._reason_lay, "swap": SquadronScrambleState._reason_swap,
    "add": SquadronScrambleState._reason_add, "discard": SquadronScrambleState._reason_discard,
    "shoot": SquadronScrambleState._reason_shoot, "hold": SquadronScrambleState._reason_hold,
}


_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four")


def _a(word: str) -> str:
    """``word`` with its article: "a Lightning", "an A-17A"."""
    return f"{'an' if word[:1] in 'AEIOU' else 'a'} {word}"


def _gains(state: SquadronScrambleState, seat: int, taken: list[int]) -> list[str]:
    """What cards taken into a hand do for its sets: "completes the Lightning set (15 points to lay)", "brings the
    Fortress set within a view", "a wild card"; a lone card that would win a wild card by a swap says so."""
    out = []
    held = state.hands[seat]
    wild_held = any(IS_WILD[c] for c in (*held, *taken))
    standing = state._facts().standing[seat]
    for plane in sorted({PLANE_OF[c] for c in taken if not IS_WILD[c]}):
        before = state._views_held(seat, plane)
        after = state._views_held(seat, plane, tuple(taken))
        short = PLANES[plane]["short"]
        worth = 3 * POINTS_OF_PLANE[plane]
        # (a card of the plane for which a wild card stands in a set on the table, open to a swap)
        swap = next((c for c in taken if PLANE_OF[c] == plane and c in standing), -1)
        if after >= 3 and before < 3:
            out.append(f"completes the {short} set ({worth} points to lay)")
        elif after == 2 and before < 2:
            out.append(f"a {short} set to lay with a wild card ({worth} points)" if wild_held
                       else f"brings the {short} set within a view")
        elif swap >= 0:
            laid = standing[swap][0]
            wild = "VICTORY" if laid["slots"][swap % 3] == VIC_ID else "a wild card"
            whose = "your own" if laid["by"] == seat else "another player's"
            out.append(f"a {short} card to swap for {wild} in {whose} set")
    wilds = [c for c in taken if IS_WILD[c]]
    if wilds:
        out.append("VICTORY, a wild card that doubles its set" if VIC_ID in wilds else "a wild card" if len(wilds) == 1
                   else f"{_NUMBER_WORDS[len(wilds)]} wild cards")
    return out


class _TableFacts:
    """What the play phase reads off one table, worked out once for it rather than at every decision.

    Each of ``standing``, ``wild_for`` and ``mask`` is per seat, as the swaps open to one player: into
    another player's sets only, or into his own as well under ``swap_own`` (then every seat shares one).
    ``standing[seat]``: each natural card a swap would take -> the sets in which a wild card stands in for
    it, in table order; ``wild_for[seat]``: those cards; ``mask[seat]``: a bit for each of them;
    ``open_sets``: per seat, its own sets with three cards (room for a fourth).
    """

    __slots__ = ("table", "standing", "wild_for", "mask", "open_sets")
    table: list[dict[str, Any]]
    standing: list[dict[int, list[dict[str, Any]]]]
    wild_for: list[set[int]]
    mask: list[int]
    open_sets: list[list[dict[str, Any]]]

    @classmethod
    def of(cls, table: list[dict[str, Any]], seats: int, own: bool) -> _TableFacts:
        """(No ``__init__``, so that a copy or an unpickling can make one empty: see ``shallow_copy``.)
        ``own``: the ``swap_own`` variant, swaps into one's own sets allowed too."""
        standing: list[dict[int, list[dict[str, Any]]]] = [{} for _ in range(1 if own else seats)]
        open_sets: list[list[dict[str, Any]]] = [[] for _ in range(seats)]
        for laid in table:
            slots: list[int] = laid["slots"]
            for view in (0, 1, 2):
                if slots[view] >= NATURALS:
                    card = 3 * laid["plane"] + view
                    for seat, found in enumerate(standing):
                        if own or seat != laid["by"]:
                            found.setdefault(card, []).append(laid)
            if laid["extra"] < 0:
                open_sets[laid["by"]].append(laid)
        if own:
            standing = standing * seats
        facts = cls()
        facts.table, facts.standing, facts.open_sets = table, standing, open_sets
        facts.wild_for = [set(found) for found in standing]
        facts.mask = [sum(1 << card for card in found) for found in standing]
        return facts


class RoundTrace:
    """What the table saw of how one finished round's pack was dealt and drawn (for worlds).

    ``drawn`` and ``gone`` are the round's public records of stock draws and
    of cards that left a hand without having been seen going in;
    ``unseen_held`` the cards each hand still held at the end that it had
    been dealt or drawn.  ``pack`` caches the pack a world rebuilds from them.
    """

    __slots__ = ("dealer", "pile_start", "drawn", "gone", "unseen_held", "pack")
    dealer: int
    pile_start: int
    drawn: list[Any]
    gone: list[Any]
    unseen_held: list[Any]
    pack: list[str] | None

    @classmethod
    def of(cls, dealer: int, pile_start: int, drawn: list[Any], gone: list[Any], unseen_held: list[Any]) -> RoundTrace:
        """(No ``__init__``, so that a copy or an unpickling can make one empty: see ``shallow_copy``.)"""
        trace = cls()
        trace.dealer, trace.pile_start, trace.drawn, trace.gone = dealer, pile_start, drawn, gone
        trace.unseen_held, trace.pack = unseen_held, None
        return trace


#: why a move of the play phase is refused, by its verb, when the move is no move at all (not the going-out
#: rule); each is followed by what the player may do instead (``_play_now``)
PLAY_REFUSALS: Final = {
    "lay": ("Those cards do not make a set you can lay: a set is the top, side and front views of one plane, "
            "wild cards standing in for missing views, with a fourth (wild) card only on the turn you go out"),
    "swap": ("You can swap only a card you hold for a wild card that stands in a set for that very card, the same "
             "plane in the same view"),
    "add": "A wild card goes on as a fourth card only to one of your own three-card sets, on the turn you go out",
    "discard": "You cannot discard that card now",
    "draw": "You have drawn already this turn",
    "take": "You have drawn already this turn",
    "shoot": "There is nothing to shoot at now: bombers are shot down only just after a set of fighters is laid",
    "hold": "There is nothing to shoot at now: bombers are shot down only just after a set of fighters is laid",
    "name": "There is no set to name now: a set is named just after it is laid",
}
#: the moves of the play phase in words, for saying what a player may do (``_play_now``)
PLAY_WORDS: Final = (
    ("lay ", "lay a set"),
    ("swap ", "swap a card of yours for a wild card standing in for it in a set"),
    ("add ", "add a wild card to one of your sets as a fourth card"),
    ("discard ", "discard a card to end your turn"),
)
#: the swap in words where swaps go only into another player's sets (without ``swap_own``)
OTHERS_SWAP: Final = "swap a card of yours for a wild card standing in for it in another player's set"
#: in plane-spotting, the lay and the swap in words that say nothing of whether the hand holds one
SPOTTED: Final = {
    "lay ": "lay any set your cards make",
    "swap ": "swap any card of yours for a wild card standing in for it in a set",
    "others": "swap any card of yours for a wild card standing in for it in another player's set",
}


def _drop_seen(seen: list[int], card: int, barred: Any) -> bool:
    """Take ``card`` off a hand's seen cards; whether a seen card accounts for its leaving.

    The table cannot tell KEEP 'EM FLYING cards apart: once one leaves the
    hand, nobody knows any more that a KEEP 'EM FLYING seen going in (other
    than one in ``barred``) is still there.
    """
    if card in seen:
        seen.remove(card)
        return True
    if IS_KEF[card]:
        for other in KEF_IDS:
            if other in seen and other not in barred:
                seen.remove(other)
                return True
    return False


def _without(hand: list[int], known: list[int]) -> list[int]:
    """The cards of ``hand`` not in ``known`` (a sub-multiset of it)."""
    rest = list(hand)
    for card in known:
        rest.remove(card)
    return rest


#: ``_can_go_out``'s answers by hand shape (its planes, wild cards and three-card sets, packed in two ints),
#: emptied should it grow large
_GOING_OUT: Final[dict[tuple[int, int], bool]] = {}
#: ``lay_options`` by its arguments, filled in as they come (``_lay_options``): at ``plane << 7 | views << 4 |
#: wilds``, where ``views`` has a bit for each view of the plane held and ``wilds`` one for each usable wild card
_LAYS: Final[list[tuple[tuple[str, tuple[int, ...], tuple[int, ...], int], ...] | None]] = [None] * (len(PLANES) << 7)
#: the texts of ``_LAYS[key]``, every option's and those of the options with no fourth card, filled in with it
_LAY_TEXTS: Final[list[tuple[tuple[str, ...], tuple[str, ...]] | None]] = [None] * (len(PLANES) << 7)
assert NUM_CARDS - NATURALS <= 4, "_LAYS keys hold a bit for each wild card in four bits"


#: no cards (a hand's usable wild cards when it holds none): shared, so never changed
NO_CARDS: Final[list[int]] = []


def set_planes(bits: int, wilds: int) -> int:
    """The planes that can make a set from a hand's natural cards (``hand_bits``) and ``wilds`` usable wild
    cards, as the bit of each one's first view: all three views with no wild card, two with one, any with more."""
    if not wilds:
        return bits & bits >> 1 & bits >> 2 & FIRST_VIEWS
    if wilds == 1:
        top, side, front = bits & FIRST_VIEWS, bits >> 1 & FIRST_VIEWS, bits >> 2 & FIRST_VIEWS
        return top & side | top & front | side & front
    return (bits | bits >> 1 | bits >> 2) & FIRST_VIEWS


def beyond_reach(bits: int, wilds: int) -> bool:
    """Whether a hand surely cannot be got rid of this turn (so ``can_go_out`` is false), counted at once from
    its natural cards ``bits`` (``hand_bits``), none of which a swap could take, and its ``wilds`` wild cards,
    usable or not.

    Each plane held needs a set, and a set of a plane with ``k`` of its views held needs ``3 - k`` wild
    cards; only one card may be kept back, as the last discard, and keeping a plane's only card saves two.
    The wild cards needed are at least that many (more when a plane's cards go into several sets).
    """
    counts = (bits & FIRST_VIEWS) + (bits >> 1 & FIRST_VIEWS) + (bits >> 2 & FIRST_VIEWS)   # per plane, 0 to 3
    need = 3 * ((counts | counts >> 1) & FIRST_VIEWS).bit_count() - bits.bit_count()
    if counts & ~(counts >> 1) & FIRST_VIEWS:        # a plane held once
        need -= 2
    return need > wilds


def hand_bits(hand: list[int]) -> int:
    """The index of a hand's natural cards: the sum of their ``CARD_BIT``."""
    if COMPILED:
        bits = 0
        for card in hand:
            bits |= CARD_BIT[card]
        return bits
    return sum(map(CARD_BIT.__getitem__, hand))


def can_go_out(planes: tuple[tuple[int, int], ...], wilds: int, dead: int, threes: int, swap_usable: bool) -> bool:
    """Whether a hand can be got rid of this turn: every card laid, added or swapped away but one at most,
    which is then the last discard.

    ``planes`` has one ``(cards held, how many of them a swap would take)``
    pair per plane in the hand: which views they are does not matter, since
    any views of one plane make a set with wild cards filling the rest.
    ``wilds`` may go into sets, ``dead`` only be discarded (a swapped wild
    under ``swap_then_lay=false``); ``threes`` is the player's own three-card
    sets on the table, each able to take one fourth card.  A swap turns a
    natural card into a wild one (usable or dead as ``swap_usable`` says).
    New sets are only needed for the planes in hand; a swap into a set laid
    this same turn is never better than laying the card in it, so only sets
    already on the table are counted for swaps.
    """
    ceiling = wilds + (sum(s for _, s in planes) if swap_usable else 0)   # wild cards there can ever be
    # Per plane: (swapped, wild cards its new sets need, fourth-card places they open, card kept to discard).
    reach = {(0, 0, 0, 0)}
    for held, swappable in planes:
        options = plane_options(held, swappable)
        reach = {
            (a + x, b + d, min(c + e, ceiling), z + k)
            for a, b, c, z in reach for x, d, e, k in options if z + k <= 1 and b + d <= ceiling
        }
        if not reach:
            return False
    return finishes(reach, wilds, dead, threes, swap_usable)


@lru_cache(maxsize=None)
def plane_options(held: int, swappable: int) -> tuple[tuple[int, int, int, int], ...]:
    """How one plane's ``held`` cards can leave the hand: (swapped, wild cards needed, fourth-card places, kept)."""
    options = set()
    for keep in (0, 1):
        for swapped in range(min(swappable, held - keep) + 1):
            laid = held - keep - swapped
            if laid < 0:
                continue
            if laid == 0:
                options.add((swapped, 0, 0, keep))
            for sets in range(1, laid + 1):
                options.add((swapped, 3 * sets - laid, sets, keep))
    return tuple(sorted(options))


def finishes(reach: Any, wilds: int, dead: int, threes: int, swap_usable: bool) -> bool:
    """Whether one of the ways ``reach`` to dispose of the planes leaves at most one card, the last discard."""
    for swapped, need, places, keep in reach:
        usable = wilds + (swapped if swap_usable else 0)
        left = dead + (0 if swap_usable else swapped) + keep + max(0, usable - need - places - threes)
        if need <= usable and left <= 1:
            return True
    return False


def lay_options(naturals: tuple[int, ...], wilds: tuple[int, ...]
                ) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...], int], ...]:
    """Every set that one plane's natural cards held (``naturals``, sorted) and the usable wild cards
    (``wilds``, sorted) can lay, in the order the legal actions list them; see ``_lay_options``.

    The natural cards chosen (fewest first, in card order), then with no VICTORY before with it,
    each set followed by the same set with a fourth, wild card (legal only where the player can
    still go out: ``_legal_play``).
    """
    kefs = [c for c in wilds if c != VIC_ID]
    vic = [VIC_ID] if VIC_ID in wilds else []
    options = []
    if len(naturals) + len(wilds) < 3:
        return ()
    for size in range(1, len(naturals) + 1):
        for chosen in combinations(naturals, size):
            need = 3 - size
            for n_vic in range(len(vic) + 1):
                n_kef = need - n_vic
                if not 0 <= n_kef <= len(kefs):
                    continue
                fill = kefs[:n_kef] + vic[:n_vic]
                options.append((_canonical_lay(list(chosen), fill, -1), chosen, tuple(fill), -1))
                spare = [c for c in (kefs[n_kef:n_kef + 1] + vic[n_vic:]) if c not in fill]
                for extra in dict.fromkeys(spare):
                    options.append((_canonical_lay(list(chosen), fill, extra), chosen, tuple(fill), extra))
    return tuple(options)


_SWAP_TEXT: Final[dict[tuple[int, int], str]] = {}


def swap_text(card: int, set_id: int) -> str:
    """``swap CARD SET``, each text made once."""
    text = _SWAP_TEXT.get((card, set_id))
    if text is None:
        text = _SWAP_TEXT[card, set_id] = f"swap {CARD_TEXT[card]} {set_id}"
    return text


def _copy_set(laid: dict[str, Any]) -> dict[str, Any]:
    return {**laid, "slots": list(laid["slots"])}


def _set_view(laid: dict[str, Any]) -> dict[str, Any]:
    plane = PLANES[laid["plane"]]
    return {
        "id": laid["id"],
        "by": laid["by"],
        "plane": plane["code"],
        "kind": plane["kind"],
        "nation": plane["nation"],
        "cards": [CARD_TEXT[c] for c in laid["slots"]],
        "extra": CARD_TEXT[laid["extra"]] if laid["extra"] >= 0 else None,
        "value": set_value(laid),
    }


# --------------------------------------------------------------------------
# Reading actions
# --------------------------------------------------------------------------

_CARD_BY_KEY: Final = {t.lower().replace("/", "").replace("-", ""): t for t in set(CARD_TEXT)}


def parse_card(word: str) -> str:
    key = word.lower().replace("/", "").replace("-", "").replace(".", "")
    if key in _CARD_BY_KEY:
        return _CARD_BY_KEY[key]
    raise ActionSyntaxError(
        f"{word!r} is not a card: type a plane's code and view letter as the card shows them, such as 'P38/T' "
        f"({name_of_text('P38/T')}), or 'KEF' ({name_of_text(KEF)}) or 'VIC' ({name_of_text(VIC)})"
    )


def _number(word: str, what: str) -> int:
    if word.isascii() and word.isdecimal() and int(word) > 0:
        return int(word)
    raise ActionSyntaxError(f"{what} is a whole number from 1 up, not {word!r}")


def parse_action(text: Any) -> str:
    """Canonical text of an action; plane and nation names are read generously."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"a move is typed as text, not {type(text).__name__}")
    words = text.split()
    verb = words[0].lower() if words else ""
    args = words[1:]
    if verb == "draw" and [a.lower() for a in args] in ([], ["stock"]):
        return "draw stock"
    if verb == "take" and len(args) == 1:
        return f"take {_number(args[0], 'how many cards to take')}"
    if verb == "hold" and not args:
        return "hold"
    if verb == "shoot" and len(args) == 1:
        return f"shoot {_number(args[0], 'a set number')}"
    if verb == "discard" and len(args) == 1:
        return f"discard {parse_card(args[0])}"
    if verb == "swap" and len(args) == 2:
        return f"swap {parse_card(args[0])} {_number(args[1], 'a set number')}"
    if verb == "add" and len(args) == 2:
        wild = parse_card(args[0])
        if wild not in (KEF, VIC):
            raise ActionSyntaxError(
                f"only a wild card can be added as a fourth card: 'KEF' ({name_of_text(KEF)}) or 'VIC' "
                f"({name_of_text(VIC)})"
            )
        return f"add {wild} {_number(args[1], 'a set number')}"
    if verb == "lay" and 3 <= len(args) <= 4:
        extras = [a for a in args if a.startswith("+")]
        if len(extras) > 1 or (len(args) == 4) != bool(extras):
            raise ActionSyntaxError(
                "a set is three cards, and a fourth (wild) card when you go out, typed with a '+' before it, "
                f"such as '+VIC' ({name_of_text(VIC)})"
            )
        cards = [parse_card(a.lstrip("+")) for a in args if not a.startswith("+")]
        extra = parse_card(extras[0][1:]) if extras else None
        naturals = sorted((NATURAL_OF_TEXT[c] for c in cards if c not in (KEF, VIC)))
        wilds = sorted(c for c in cards if c in (KEF, VIC))
        words = [CARD_TEXT[c] for c in naturals] + wilds + (["+" + extra] if extra else [])
        return "lay " + " ".join(words)
    if verb == "name" and len(args) >= 2:
        for cut in range(len(args) - 1, 0, -1):
            plane = plane_from_name(" ".join(args[:cut]))
            nation = nation_from_name(" ".join(args[cut:]))
            if plane is not None and nation is not None:
                return f"name {PLANE_CODES[plane]} {nation}"
        raise ActionSyntaxError(
            f"could not read a plane and a nation in {' '.join(args)!r}: type the plane's name and then its "
            "nation, such as 'name P-38 United States'"
        )
    raise ActionSyntaxError(
        f"{text!r} is not a Squadron Scramble move: type 'draw stock' (the top card of the stock), 'take' and "
        "how many cards from the top of the discard pile ('take 2'), 'lay' and three cards, 'name' and a plane "
        "and its nation, 'swap' or 'add' and a card and a set number, 'shoot' and a set number, 'hold', or "
        "'discard' and a card"
    )


MAX_SETS: Final = NUM_CARDS // 3     # no round can see more sets than this


def all_actions(seats: int) -> tuple[str, ...]:
    """Every distinct action in a fixed order: the action space for learning agents."""
    lays = []
    for plane in range(len(PLANES)):
        naturals = [3 * plane + v for v in range(3)]
        for size in range(1, 4):
            for chosen in combinations(naturals, size):
                need = 3 - size
                for n_vic in (0, 1):
                    n_kef = need - n_vic
                    if not 0 <= n_kef <= len(KEF_IDS):
                        continue
                    fill = list(KEF_IDS[:n_kef]) + [VIC_ID] * n_vic
                    lays.append(_canonical_lay(list(chosen), fill, -1))
                    if n_kef < len(KEF_IDS):
                        lays.append(_canonical_lay(list(chosen), fill, KEF_IDS[-1]))
                    if not n_vic:
                        lays.append(_canonical_lay(list(chosen), fill, VIC_ID))
    sets = range(1, MAX_SETS + 1)
    return (
        "draw stock", *(f"take {n}" for n in range(1, NUM_CARDS)), *lays, *NAME_ACTIONS,
        *(f"swap {CARD_TEXT[c]} {i}" for c in range(len(NATURAL_OF_TEXT)) for i in sets),
        *(f"add {w} {i}" for w in (KEF, VIC) for i in sets),
        *(f"shoot {i}" for i in sets), "hold",
        *(f"discard {t}" for t in dict.fromkeys(CARD_TEXT)),
    )


def new_state(
    seats: Any = 2,
    variant: Any = None,
    seed: Any = None,
    deal: Any = None,
) -> SquadronScrambleState:
    resolved, seed = TERMS.prepare(seats, variant, seed, deal)
    if deal is None:
        deal = {"first_dealer": random.Random(f"squadron-scramble/{seed}/dealer").randrange(seats), "rounds": []}
    state = SquadronScrambleState()
    state._begin(seats, resolved, seed, deal)
    return state


__all__ = ["SquadronScrambleState", "new_state", "parse_action", "seat_names", "NATION_NAMES"]
