"""Both British Towns games as numbers: each seat's observation and information-state tensors.

Built from ``state.observation(seat)`` alone.  A card is one of 43: the 34
towns in the order of ``data/towns.json``, then the REGION cards R1-R9.
Seats are relative to the viewer (0: the viewer, 1: on his left...).  Every
slice is listed in ``docs/research.md``.
"""

from __future__ import annotations

from typing import Any

from parlour.engine.numbers import Deal, Encoding, Layout, by_seat, capped, cards_hot, deal_round, seat_labels
from parlour.games.british_towns.asking import NO_FACTS, facts_view, read_asks
from parlour.games.british_towns.pack import CARD_OF_TEXT, CARD_TEXT, NUM_CARDS, REGION_NUMBERS

REGIONS = len(REGION_NUMBERS)
REGION_INDEX = {r: i for i, r in enumerate(REGION_NUMBERS)}
#: a sets-game discard's text -> the card discarded
DISCARDED = {f"discard {text}": card for text, card in CARD_OF_TEXT.items()}
#: the most cards a player draws face down other than by his own draws from the stock, one a decision: drawing
#: back up to seven after laying, at most seven cards each time, and a region is laid once (nine in all)
DRAWS_BEYOND = len(REGION_NUMBERS) * 7


def _seat_slices(n: int) -> tuple[tuple[str, Any, str], ...]:
    return (
        ("seat", n, "the viewer's chair, 0 to seats - 1"),
        ("to_move", n, "the seat to act, relative"),
        ("dealer", n, "the dealer, relative"),
        ("hand", NUM_CARDS, "cards the viewer holds (towns in file order, then R1-R9)"),
        ("hand_sizes", n, "cards in each relative seat's hand / 43"),
    )


class _TownsEncoding(Encoding):
    def _fill_seats(self, obs: dict[str, Any], t: Any, at: Layout) -> int:
        n = self.seats
        me: int = obs["seat"]
        t[at["seat"] + me] = 1.0
        for seat in obs["to_move"]:
            t[at["to_move"] + (seat - me) % n] = 1.0
        t[at["dealer"] + (obs["dealer"] - me) % n] = 1.0
        cards_hot(t, at["hand"], obs["hand"], CARD_OF_TEXT)
        by_seat(t, at["hand_sizes"], obs["hand_sizes"], me, NUM_CARDS)
        return me


class AskingEncoding(_TownsEncoding):
    """The asking game: what the viewer holds and, in the information state, every ask remembered."""

    def __init__(self, seats: int):
        super().__init__(seats)
        now = (
            *_seat_slices(seats),
            ("out", seats, "1 for each relative seat with no cards left"),
            ("laid", (seats, REGIONS), "regions each relative seat has laid down"),
        )
        self.observation_layout = Layout(*now)
        self.information_state_layout = Layout(
            *now,
            ("holds", (seats, NUM_CARDS),
             "cards each relative seat is known to hold: seen handed to it, not since asked away"),
            ("lacks", (seats, NUM_CARDS),
             "cards each relative seat is known to lack: asked for it (by it, or of it in vain, "
             "or handed it over) and not received it since"),
            ("asked_region", (seats, REGIONS), "regions each relative seat has asked for (so held a card of, then)"),
            ("asks", 1, "asks so far / 1000 (at most 1)"),
        )

    def fill_now(self, obs: dict[str, Any], t: Any, at: Layout) -> int:
        n = self.seats
        me = self._fill_seats(obs, t, at)
        for seat, out in enumerate(obs["out"]):
            if out:
                t[at["out"] + (seat - me) % n] = 1.0
        base = at["laid"]
        for seat, regions in enumerate(obs["laid"]):
            rel = (seat - me) % n
            for region in regions:
                t[base + rel * REGIONS + REGION_INDEX[region]] = 1.0
        return me

    def fill_seen(self, obs: dict[str, Any], t: Any, at: Layout, me: int) -> None:
        n = self.seats
        # What every ask and its answer say (``asking.read_asks``): the tensor view gives it, read on as asks
        # come; the whole observation gives the asks themselves.
        facts = obs.get("ask_facts")
        if facts is None:
            asks = [(a["asker"], a["asked"], CARD_OF_TEXT[a["card"]], a["got"]) for a in obs["asks"]]
            facts = facts_view(read_asks(NO_FACTS, asks), n)
        for name in ("holds", "lacks"):
            base = at[name]
            for seat, cards in enumerate(facts[name]):
                cards_hot(t, base + (seat - me) % n * NUM_CARDS, cards, CARD_OF_TEXT)
        base = at["asked_region"]
        for seat, regions in enumerate(facts["asked_regions"]):
            row = base + (seat - me) % n * REGIONS
            for region in regions:
                t[row + REGION_INDEX[region]] = 1.0
        t[at["asks"]] = capped(facts["asks"], 1000)


class SetsEncoding(_TownsEncoding):
    """The sets game: hand, discards and laid sets; the information state adds what went where."""

    private_keys = ("hand", "dealt", "drawn", "picked_up")

    def __init__(self, seats: int):
        super().__init__(seats)
        now = (
            *_seat_slices(seats),
            ("phase", 2, "draw, play (both zero once the game is over)"),
            ("stock", 1, "cards in the stock / 43"),
            ("discard_top", NUM_CARDS, "the top discard, the one card that may be taken"),
            ("discards", NUM_CARDS, "every card in the discard pile"),
            ("sets", (seats, NUM_CARDS), "cards each relative seat has laid in its regional sets"),
            ("scores", seats, "each relative seat's score (cards laid less cards held) / 43"),
        )
        self.observation_layout = Layout(*now)
        self.information_state_layout = Layout(
            *now,
            ("seen_in_hands", (seats, NUM_CARDS), "cards each relative seat took from the discards and still holds"),
            ("discarded", (seats, NUM_CARDS), "cards each relative seat has discarded during the game"),
            ("reshuffles", 1, "times the discards have become the stock / 10 (at most 1)"),
            ("picked_up", NUM_CARDS, "cards the viewer was dealt or drew face down during the game"),
        )

    def fill_now(self, obs: dict[str, Any], t: Any, at: Layout) -> int:
        n = self.seats
        me = self._fill_seats(obs, t, at)
        phase = obs["phase"]
        if phase == "draw":
            t[at["phase"]] = 1.0
        elif phase == "play":
            t[at["phase"] + 1] = 1.0
        t[at["stock"]] = obs["stock_size"] / NUM_CARDS
        discards = obs["discards"]
        if discards:
            t[at["discard_top"] + CARD_OF_TEXT[discards[-1]]] = 1.0
        cards_hot(t, at["discards"], discards, CARD_OF_TEXT)
        for seat, sets in enumerate(obs["sets"]):
            for cards in sets.values():
                cards_hot(t, at["sets"] + (seat - me) % n * NUM_CARDS, cards, CARD_OF_TEXT)
        by_seat(t, at["scores"], obs["scores"], me, NUM_CARDS)
        return me

    def fill_seen(self, obs: dict[str, Any], t: Any, at: Layout, me: int) -> None:
        n = self.seats
        for seat, known in enumerate(obs["seen_in_hands"]):
            cards_hot(t, at["seen_in_hands"] + (seat - me) % n * NUM_CARDS, known, CARD_OF_TEXT)
        # The tensor view gives the counts read off the history and the events; the whole observation, those.
        base = at["discarded"]
        if "discarded" in obs:
            for seat, cards in enumerate(obs["discarded"]):
                cards_hot(t, base + (seat - me) % n * NUM_CARDS, cards, CARD_OF_TEXT)
        else:
            discarded = DISCARDED
            for seat, action in obs["history"]:
                card = discarded.get(action)
                if card is not None:
                    t[base + (seat - me) % n * NUM_CARDS + card] = 1.0
        reshuffles = obs.get("reshuffles")
        if reshuffles is None:
            reshuffles = sum(1 for e in obs["events"] if e["event"] == "reshuffle")
        t[at["reshuffles"]] = capped(reshuffles, 10)
        picked = obs["picked_up"] if "picked_up" in obs else obs["dealt"] + obs["drawn"]
        cards_hot(t, at["picked_up"], picked, CARD_OF_TEXT)

    def recall_pieces(self, length: int) -> tuple[tuple[str, Any, str], ...]:
        return (
            ("dealt", NUM_CARDS, "the viewer's first hand"),
            ("drawn", DRAWS_BEYOND + length,
             f"each card the viewer drew face down, in order: (card + 1) / {NUM_CARDS}; zero after the last"),
        )

    def fill_recall(self, obs: dict[str, Any], t: Any, at: Layout, me: int) -> None:
        cards_hot(t, at["dealt"], obs["dealt"], CARD_OF_TEXT)
        base = at["drawn"]
        for i, text in enumerate(obs["drawn"]):
            t[base + i] = (CARD_OF_TEXT[text] + 1) / NUM_CARDS

    def information_state_string(self, obs: dict[str, Any], history: str | None = None) -> str:
        """The history does not say which cards the seat drew: its view's ``dealt`` and ``drawn`` do."""
        return (super().information_state_string(obs, history)
                + " | dealt " + " ".join(obs["dealt"]) + " | drawn " + " ".join(obs["drawn"]))


def asking(seats: int) -> AskingEncoding:
    return AskingEncoding(seats)


def sets(seats: int) -> SetsEncoding:
    return SetsEncoding(seats)


def _asking_deal(seats: int, orders: list[list[str]]) -> dict[str, Any]:
    dealer = int(orders[0][0].split()[1])
    return {"dealer": dealer, "hands": deal_round(orders[1], seats, dealer)}


#: the dealer, then the pack, dealt round the table from his left
ASKING_DEAL = Deal(
    outcomes=(*CARD_TEXT, *seat_labels(8)),
    first=lambda seats: [(seat_labels(seats), 1), (CARD_TEXT, NUM_CARDS)],
    build=_asking_deal,
)
#: the dealer, then the pack (top card first); each time the stock runs out, the discards' new order
SETS_DEAL = Deal(
    outcomes=(*CARD_TEXT, *seat_labels(5)),
    first=lambda seats: [(seat_labels(seats), 1), (CARD_TEXT, NUM_CARDS)],
    build=lambda seats, orders: {"dealer": int(orders[0][0].split()[1]), "pack": list(orders[1]), "reshuffles": []},
    grows="reshuffles",
)
AskingEncoding.deal = ASKING_DEAL
SetsEncoding.deal = SETS_DEAL
