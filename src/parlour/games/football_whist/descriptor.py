"""The Football Whist descriptor: its terms (``terms.py``), its rules, bots and figures, for the registry."""

from __future__ import annotations

from typing import Any

from parlour.engine.descriptor import GameDescriptor, RunningFigures, lazy_bot
from parlour.games.football_whist import rules
from parlour.games.football_whist.terms import TERMS

BOTS = "parlour.games.football_whist.bots"
#: how often the casual player makes the club player's move (the rest the newcomer's): tuned so that the newcomer
#: model scores about 0.5 against it (docs/arena.md)
CASUAL_KEEP = 0.2


def rules_1(variant: dict[str, Any]) -> dict[str, Any]:
    """A record of rules version 1 gave the winner of a half's last trick a move of the ball however little it
    could do: ``idle_last_move`` on, unless it says otherwise."""
    return {**variant, "idle_last_move": variant.get("idle_last_move", True)}


def tally(result: dict[str, Any], figures: RunningFigures) -> None:
    """One match's goals into a simulation's running figures."""
    goals = result["goals"]
    figures.add("goals", goals["A"] + goals["B"], distribution=True)
    for side in "AB":
        figures.add(f"goals.{side}", goals[side])
        for h, half in enumerate(result["goals_by_half"]):
            figures.add(f"half_{h + 1}.{side}", half[side])


def summarise(figures: RunningFigures) -> dict[str, Any]:
    """Goals per match (mean, 95% interval, distribution) and by half, for simulation reports."""
    return {
        "goals_per_match": {
            **figures.mean_ci("goals"),
            "by_partnership": {side: figures.mean_ci(f"goals.{side}") for side in "AB"},
            "distribution": figures.distribution("goals"),
        },
        "goals_by_half": {f"half_{h}": {side: figures.mean_ci(f"half_{h}.{side}") for side in "AB"} for h in (1, 2)},
    }


def seat_names(seats: int) -> tuple[str, ...]:
    """A1, B1, A2, B2 round the table (module-level, not a lambda, so that the descriptor pickles)."""
    return rules.SEAT_NAMES


def partnerships(seats: int) -> tuple[str, ...]:
    """The sides that can win: partnerships A and B."""
    return rules.PARTNERSHIPS


GAME = GameDescriptor(
    id="football-whist",
    title=TERMS.title,
    rules_version="2",   # 2: after a half's last trick the ball moves only towards a goal (``idle_last_move``)
    seat_counts=TERMS.seat_counts,
    variants=TERMS.variants,
    new_state=rules.new_state,
    seat_names=seat_names,
    summary=(
        "Four players in two partnerships play whist tricks with a 44-card pack of four national "
        "teams; each trick's winner moves a ball around a pitch, the badge under the ball sets the "
        "trump 'Master team', and goals win the match."
    ),
    bots={  # weakest first; the first is the default opponent, tuned in the arena (docs/arena.md)
        "casual": lazy_bot("parlour.bots.casual:CasualBot", base=f"{BOTS}:HeuristicBot", keep=CASUAL_KEEP,
                          slip=f"{BOTS}:NewcomerBot"),
        "heuristic": lazy_bot(f"{BOTS}:HeuristicBot"),
    },
    bot_notes={
        "casual": f"Plays the club player's move about {CASUAL_KEEP:.0%} of the time, and otherwise the plain one: its "
                  "highest card to win a trick, its lowest when it cannot, the ball straight at goal: "
                  "a newcomer wins about half the matches against it",
        "heuristic": "Plays like a sensible club player: follows cheaply, wins tricks, steers the ball goalward",
    },
    bot_titles={"casual": "Casual player", "heuristic": "Club player"},
    yardsticks={"newcomer": lazy_bot(f"{BOTS}:NewcomerBot")},
    search="parlour.games.football_whist.search",
    data_package="parlour.games.football_whist",
    action_space=rules.all_actions,
    encoding="parlour.games.football_whist.encoding",
    max_decisions=rules.max_decisions,
    tally=tally,
    summarise=summarise,
    sides=partnerships,
    older_rules={"1": rules_1},
)
rules.FootballWhistState.game = GAME
