"""The Football Whist descriptor: identity, seats and every rule variant."""

from __future__ import annotations

from parlour.engine.descriptor import GameDescriptor, VariantOption, lazy_bot
from parlour.games.football_whist import rules

VARIANTS = (
    VariantOption(
        name="own_goals",
        type=bool,
        default=False,
        description="A trick winner may play the ball into his own goal, scoring for the other side.",
        source="ruling",
    ),
    VariantOption(
        name="centre_stops_double",
        type=bool,
        default=False,
        description="A double move ends when the ball reaches the centre circle instead of passing through it.",
        source="ruling",
    ),
    VariantOption(
        name="after_goal_lead",
        type=str,
        default="trick-winner",
        choices=rules.AFTER_GOAL_LEADS,
        description=(
            "Who leads after a goal's kick-off: the trick winner who scored, as the sheet has every trick "
            "winner lead (trick-winner), or the player left of the kicker, as at the start of each half "
            "(kicker-left)."
        ),
        source="ruling",
    ),
)


def summarise(results: list[dict]) -> dict:
    """Goals per match (mean, 95% interval, distribution) and by half, for simulation reports."""
    from collections import Counter

    from parlour.sim import mean_ci

    totals = [r["goals"]["A"] + r["goals"]["B"] for r in results]
    by_half = {
        f"half_{h + 1}": {side: mean_ci([r["goals_by_half"][h][side] for r in results]) for side in "AB"}
        for h in range(2)
    }
    return {
        "goals_per_match": {
            **mean_ci(totals),
            "by_partnership": {side: mean_ci([r["goals"][side] for r in results]) for side in "AB"},
            "distribution": {str(k): v for k, v in sorted(Counter(totals).items())},
        },
        "goals_by_half": by_half,
    }


GAME = GameDescriptor(
    id="football-whist",
    title="International Football Whist",
    rules_version="1",
    seat_counts=(4,),
    variants=VARIANTS,
    new_state=rules.new_state,
    seat_names=lambda n: rules.SEAT_NAMES,
    summary=(
        "Four players in two partnerships play whist tricks with a 44-card pack of four national "
        "teams; each trick's winner moves a ball around a pitch, the badge under the ball sets the "
        "trump 'Master team', and goals win the match."
    ),
    bots={"heuristic": lazy_bot("parlour.games.football_whist.bots:HeuristicBot")},
    data_package="parlour.games.football_whist",
    action_space=rules.all_actions,
    encoding="parlour.games.football_whist.encoding",
    summarise=summarise,
    sides=lambda n: rules.PARTNERSHIPS,
)
rules.FootballWhistState.game = GAME
