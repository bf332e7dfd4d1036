"""The terms of Biggles: its title, its two seats and every rule variant.

What the rules check before they deal (``rules.new_state``) and what the
descriptor declares, in a module of their own that both import, so that the
descriptor imports the rules and the rules never import the descriptor.
"""

from __future__ import annotations

from parlour.engine.descriptor import Terms, VariantOption

VARIANTS = (
    VariantOption(
        "matches", int, 2, "Matches in a game; the packs change hands after each.", "rule sheet", minimum=1, maximum=99,
        label="Matches in a game",
    ),
    VariantOption(
        "deciders", int, 1,
        "Deciding matches played while the points are level after the agreed matches (0: a level game is a draw).",
        "rule sheet", minimum=0, maximum=99, label="Deciding matches when the points are level",
    ),
    VariantOption(
        "cascade", bool, False,
        "After a stop, a second red card may stop the black card below it. Off, as on the sheet, a red card "
        "must land before the next black card covers its number, so only a player's newest card can be stopped.",
        "ruling", label="A second red card may stop the card below",
    ),
)

TERMS = Terms(title="Biggles", seat_counts=(2,), variants=VARIANTS)
