"""The terms of Squadron Scramble: its title, two to four seats and every rule variant.

What the rules check before they deal (``rules.new_state``) and what the
descriptor declares, in a module of their own that both import, so that the
descriptor imports the rules and the rules never import the descriptor.
"""

from __future__ import annotations

from typing import Final

from parlour.engine.descriptor import Terms, VariantOption

SEAT_COUNTS: Final = (2, 3, 4)

VARIANTS = (
    VariantOption(
        "target", int, 250, "Points a player needs to win the game.", "rule sheet", minimum=1, maximum=10_000,
        label="Points to win",
    ),
    VariantOption(
        "auto_name", bool, False,
        "Beginners: sets are named automatically, so nobody forfeits a turn for a wrong name.", "ruling",
        label="Sets are named for you",
    ),
    VariantOption(
        "shoot_down", str, "one",
        "How many enemy bomber sets one set of fighters may shoot down when it is laid: one, or all on the table.",
        "ruling", choices=("one", "all"), label="Bomber sets one set of fighters may shoot down",
        choice_labels=("One", "All in reach"),
    ),
    VariantOption(
        "swap_then_lay", bool, True,
        "A wild card won by swapping may be used in a set on the same turn.", "ruling",
        label="A wild card won by a swap may be laid at once",
    ),
    VariantOption(
        "swap_own", bool, False,
        "A wild card may also be swapped out of one's own sets, not only out of another player's (the sheet: "
        "only out of an opponent's set).", "ruling",
        label="Wild cards may be swapped out of your own sets too",
    ),
    VariantOption(
        "stock_out", str, "turn-over",
        "When the stock runs out: turn the discard pile (but its top card) over once as a new stock, "
        "or end the round at once.",
        "ruling", choices=("turn-over", "end-round"), label="When the stock runs out",
        choice_labels=("Turn the pile over as a new stock", "The round ends"),
    ),
    VariantOption(
        "stalemate_turns", int, 0,
        "A club variant: a round also ends as it stands after this many turns in a row in which nobody draws "
        "from the stock or lays, swaps or adds a card (0, as the sheet: a round ends only when someone goes "
        "out, or when the stock runs out for good).",
        "ruling", minimum=0, maximum=1000, label="End a round after this many turns with no progress (0: never)",
    ),
    VariantOption(
        "recognition", bool, False,
        "Plane-spotting: the cards show each plane's outline and view, but not its name, nation or kind, so "
        "naming a set tests recognition, which the sheet says the cards are for; a wrong name is answered with "
        "the right one. The rules do not change.",
        "rule sheet",                 # the sheet's card notes
        label="Plane-spotting: the cards show outlines, not names",
    ),
    VariantOption(
        "max_rounds", int, 0,
        "A club-night time limit: the game ends after this many rounds, highest total winning (0: no limit).",
        "ruling", minimum=0, maximum=1000, label="Rounds in a game at most (0: no limit)",
    ),
)

TERMS = Terms(title="Squadron Scramble", seat_counts=SEAT_COUNTS, variants=VARIANTS)
