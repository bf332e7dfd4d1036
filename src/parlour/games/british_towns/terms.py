"""The terms of the two British Towns games: each one's title, seats and rule variants.

What each game's rules check before they deal (``asking.new_state``,
``sets.new_state``) and what the descriptors declare, in a module of their own
that all three import, so that the descriptors import the rules and the rules
never import the descriptors.
"""

from __future__ import annotations

from typing import Final

from parlour.engine.descriptor import Terms, VariantOption
from parlour.games.british_towns.pack import NUM_CARDS

#: the sheet: three or more; every player is dealt a card
ASKING_SEAT_COUNTS: Final = tuple(range(3, NUM_CARDS + 1))
SETS_SEAT_COUNTS: Final = (2, 3, 4, 5)

ASKING_VARIANTS = (
    VariantOption(
        "tie_break", str, "cards",
        "Players level on regions: the one whose regions hold more cards wins, "
        "or they share the win.",
        "ruling", choices=("cards", "none"), label="Players level on regions",
        choice_labels=("More cards in the regions wins", "They share the win"),
    ),
)

SETS_VARIANTS = (
    VariantOption(
        "must_lay", bool, True,
        "A player who can make a regional set must lay it down. Off, he may keep it and discard instead.",
        "ruling", label="A set that can be laid must be laid",
    ),
    VariantOption(
        "sets_per_turn", str, "all",
        "How many regional sets a player may lay in one turn before drawing up to seven.",
        "ruling", choices=("all", "one"), label="Sets laid in one turn",
        choice_labels=("As many as the hand makes", "One"),
    ),
    VariantOption(
        "stalemate", int, 0,
        "A club variant: the game also ends when the stock has been made again from the discards this many "
        "times with no set laid or added to. At 0, as on the sheet, only a hand that cannot be made up to "
        "seven ends it: once every player hoards, a game can go on for ever; the table then says so and, where "
        "the other players are bots, offers to finish and count.",
        "ruling", minimum=0, maximum=1000, label="End a stalled game after this many new stocks (0: never)",
    ),
    VariantOption(
        "one_discard_ends", bool, False,
        "A club variant: the game ends when a turn starts with no stock and a single discard. Off, as on the "
        "sheet, play goes on, each player taking the one discard and throwing a card, until someone lays a set.",
        "ruling", label="No stock and one discard ends the game",
    ),
)

ASKING_TERMS = Terms(title="British Towns: the asking game", seat_counts=ASKING_SEAT_COUNTS, variants=ASKING_VARIANTS)
SETS_TERMS = Terms(title="British Towns: the regional-sets game", seat_counts=SETS_SEAT_COUNTS, variants=SETS_VARIANTS)
