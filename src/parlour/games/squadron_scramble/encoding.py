"""Squadron Scramble as numbers: the observation and information-state tensors of one seat.

Built from ``state.observation(seat)`` alone.  A card is one of 50 kinds:
the 48 natural cards (plane p, view v: ``3 * p + v``, planes in the order of
``data/planes.json``), then KEEP 'EM FLYING and VICTORY; the three KEEP 'EM
FLYING cards look alike, so a hand counts them (count / 3).  Seats are
relative to the viewer (0: the viewer, 1: on his left...).  Every slice is
listed in ``docs/research.md``.
"""

from __future__ import annotations

from typing import Any

from parlour.engine.numbers import Deal, Encoding, Layout, by_seat, capped, hot, seat_labels
from parlour.games.squadron_scramble.cards import (
    CARD_TEXT,
    KEF,
    KEF_IDS,
    NATURAL_OF_TEXT,
    NATURALS,
    NUM_CARDS,
    PLANE_CODES,
    VIC,
)
from parlour.games.squadron_scramble.rules import MAX_SETS

KINDS = NATURALS + 2
KIND_OF_TEXT = {**NATURAL_OF_TEXT, KEF: NATURALS, VIC: NATURALS + 1}
KINDS_TEXT = tuple(KIND_OF_TEXT)
#: what one card of a kind adds to a count: a third for the three alike KEEP 'EM FLYING
WEIGHT = tuple([1.0] * NATURALS + [1.0 / len(KEF_IDS), 1.0])
PHASES = {"draw": 0, "play": 1, "name": 2, "shoot": 3}
PLANES = len(PLANE_CODES)
PLANE_INDEX = {code: i for i, code in enumerate(PLANE_CODES)}
#: per set on the table: present, plane, natural views held, wild cards, VICTORY, fourth card, value
SET_WIDTH = 1 + PLANES + 3 + 1 + 1 + 1 + 1
MAX_SET_VALUE = 80          # four bomber cards, doubled by VICTORY
ROUNDS_SCALE = 20


def _now(n: int) -> tuple[tuple[str, Any, str], ...]:
    return (
        ("seat", n, "the viewer's chair, 0 to seats - 1"),
        ("phase", len(PHASES), "draw, play, name, shoot (all zero once the game is over)"),
        ("to_move", n, "the seat to act, relative"),
        ("dealer", n, "this round's dealer, relative"),
        ("round", 1, "round number / 20 (at most 1)"),
        ("hand", KINDS, "the viewer's hand by card kind (KEEP 'EM FLYING counted / 3)"),
        ("hand_sizes", n, "cards in each relative seat's hand / 52"),
        ("stock", 2, "stock size / 52; 1 once the stock has been turned over"),
        ("pile_size", 1, "cards in the discard pile / 52"),
        ("pile", (NUM_CARDS, KINDS),
         "the discard pile from the top down: depth d holds the kind of the card d below the top"),
        ("table_owner", (MAX_SETS, n), "set id k + 1 on the table: who laid it, relative"),
        ("table", (MAX_SETS, SET_WIDTH), "set id k + 1 on the table: present, plane (16), natural views T/S/F held, "
                                         "wild cards / 3, VICTORY in it, fourth card, value / 80"),
        ("captured", (n, 2), "each relative seat's captured pile: sets / 17, their value / 200 (at most 1)"),
        ("totals", n, "each relative seat's total / the target (within -1 and 1)"),
        ("forfeits", n, "turns each relative seat must still forfeit / 3"),
        ("pending_set", MAX_SETS, "the set being named or shooting, by id - 1"),
        ("must_go_out", 1, "1 after a wild card went down as a fourth card: this turn must go out"),
    )


def _seen(n: int) -> tuple[tuple[str, Any, str], ...]:
    return (
        ("seen_in_hands", (n, KINDS), "cards the table saw go into each relative seat's hand and still there, by kind"),
        ("round_scores", (n,), "each relative seat's score in the last finished round / the target (within -1 and 1)"),
    )


class SquadronScrambleEncoding(Encoding):
    def __init__(self, seats: int):
        super().__init__(seats)
        self.observation_layout = Layout(*_now(seats))
        self.information_state_layout = Layout(*_now(seats), *_seen(seats))

    def fill_now(self, obs: dict[str, Any], t: Any, at: Layout) -> int:
        n = self.seats
        me: int = obs["seat"]
        t[at["seat"] + me] = 1.0
        hot(t, at["phase"], PHASES.get(obs["phase"]), len(PHASES))
        for seat in obs["to_move"]:
            t[at["to_move"] + (seat - me) % n] = 1.0
        t[at["dealer"] + (obs["dealer"] - me) % n] = 1.0
        t[at["round"]] = capped(obs["round"], ROUNDS_SCALE)
        base = at["hand"]
        for text in obs["hand"]:
            kind = KIND_OF_TEXT[text]
            t[base + kind] += WEIGHT[kind]
        by_seat(t, at["hand_sizes"], obs["hand_sizes"], me, NUM_CARDS)
        t[at["stock"]] = obs["stock_size"] / NUM_CARDS
        t[at["stock"] + 1] = 1.0 if obs["stock_turned_over"] else 0.0
        pile = obs["pile"]
        t[at["pile_size"]] = len(pile) / NUM_CARDS
        base = at["pile"]
        for depth, text in enumerate(reversed(pile)):
            t[base + depth * KINDS + KIND_OF_TEXT[text]] = 1.0
        owners, table = at["table_owner"], at["table"]
        for laid in obs["table"]:
            k = laid["id"] - 1
            if not 0 <= k < MAX_SETS:
                continue
            t[owners + k * n + (laid["by"] - me) % n] = 1.0
            row = table + k * SET_WIDTH
            t[row] = 1.0
            t[row + 1 + PLANE_INDEX[laid["plane"]]] = 1.0
            wilds = 0
            for view, text in enumerate(laid["cards"]):
                if text in NATURAL_OF_TEXT:
                    t[row + 1 + PLANES + view] = 1.0
                else:
                    wilds += 1
                    if text == VIC:
                        t[row + 1 + PLANES + 4] = 1.0
            extra = laid["extra"]
            if extra is not None:
                t[row + 1 + PLANES + 5] = 1.0
                if extra == VIC:
                    t[row + 1 + PLANES + 4] = 1.0
            t[row + 1 + PLANES + 3] = wilds / 3
            t[row + 1 + PLANES + 6] = capped(laid["value"], MAX_SET_VALUE)
        base = at["captured"]
        for seat, pile_of in enumerate(obs["captured"]):
            rel = (seat - me) % n
            t[base + 2 * rel] = len(pile_of) / MAX_SETS
            t[base + 2 * rel + 1] = capped(sum(x["value"] for x in pile_of), 200)
        by_seat(t, at["totals"], obs["totals"], me, obs["target"])
        by_seat(t, at["forfeits"], obs["forfeits"], me, 3)
        if obs["pending_set"] is not None:
            hot(t, at["pending_set"], obs["pending_set"] - 1, MAX_SETS)
        t[at["must_go_out"]] = 1.0 if obs["must_go_out"] else 0.0
        return me

    def fill_seen(self, obs: dict[str, Any], t: Any, at: Layout, me: int) -> None:
        n = self.seats
        base = at["seen_in_hands"]
        for seat, known in enumerate(obs["seen_in_hands"]):
            row = base + (seat - me) % n * KINDS
            for text in known:
                kind = KIND_OF_TEXT[text]
                t[row + kind] += WEIGHT[kind]
        if obs["round_scores"]:
            by_seat(t, at["round_scores"], obs["round_scores"][-1], me, obs["target"])


def encoding(seats: int) -> SquadronScrambleEncoding:
    return SquadronScrambleEncoding(seats)


#: the first dealer, then each round's pack (top card first), drawn when the round begins
DEAL = Deal(
    outcomes=(*KINDS_TEXT, *seat_labels(4)),
    first=lambda seats: [(seat_labels(seats), 1), (CARD_TEXT, NUM_CARDS)],
    build=lambda seats, orders: {"first_dealer": int(orders[0][0].split()[1]), "rounds": [list(orders[1])]},
    grows="rounds",
)
SquadronScrambleEncoding.deal = DEAL
