"""The terms of Football Whist: its title, its four seats and every rule variant.

What the rules check before they deal (``rules.new_state``) and what the
descriptor declares, in a module of their own that both import, so that the
descriptor imports the rules and the rules never import the descriptor.
"""

from __future__ import annotations

from typing import Final

from parlour.engine.descriptor import Terms, VariantOption

#: who leads after a goal's kick-off, the choices of the ``after_goal_lead`` variant
AFTER_GOAL_LEADS: Final = ("kicker-left", "trick-winner")

VARIANTS = (
    VariantOption(
        name="own_goals",
        type=bool,
        default=False,
        description="A trick winner may play the ball into his own goal, scoring for the other side.",
        source="ruling",
        label="Own goals count",
    ),
    VariantOption(
        name="centre_stops_double",
        type=bool,
        default=False,
        description="A double move ends when the ball reaches the centre circle instead of passing through it.",
        source="ruling",
        label="A double move stops at the centre circle",
    ),
    VariantOption(
        name="after_goal_lead",
        type=str,
        default="trick-winner",
        choices=AFTER_GOAL_LEADS,
        label="Who leads after a goal",
        choice_labels=("The player left of the kicker", "The scorer, who won the trick"),
        description=(
            "Who leads after a goal's kick-off: the trick winner who scored, as the sheet has every trick "
            "winner lead, or the player left of the kicker, as at the start of each half."
        ),
        source="ruling",
    ),
    VariantOption(
        name="idle_last_move",
        type=bool,
        default=False,
        description=(
            "The winner of a half's last trick may move the ball anywhere, though no move but a goal can count "
            "then (the ball goes back to the centre): by default that winner moves only on a way into a goal, "
            "and is not asked at all where no goal is within reach."
        ),
        source="ruling",
        label="The last trick's winner moves the ball even where no goal can come of it",
    ),
)

TERMS = Terms(title="International Football Whist", seat_counts=(4,), variants=VARIANTS)
