"""The Squadron Scramble descriptor: its terms (``terms.py``), its rules, bots and figures, for the registry."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.engine.descriptor import GameDescriptor, RunningFigures, lazy_bot
from parlour.games.squadron_scramble import rules, worlds
from parlour.games.squadron_scramble.cards import PLANES
from parlour.games.squadron_scramble.terms import TERMS

BOTS = "parlour.games.squadron_scramble.bots"
#: how often the casual player makes the club player's move (the rest the newcomer's): tuned so that the newcomer
#: model scores about 0.5 against it (docs/arena.md)
#: by table size (``parlour.bots.casual.keep_at``): three or four players need a plainer one
CASUAL_KEEP = {2: 0.25, 3: 0.1}


def withhold_hint(observation: Mapping[str, Any]) -> str | None:
    """No hint at a naming step: in the plane-spotting game the right name is what it tests; in the usual game
    the cards print it, and a hint would only say it back, with a chance that means nothing."""
    if observation.get("phase") != rules.NAME:
        return None
    if observation.get("recognition"):
        return ("no hint when naming a plane in the plane-spotting game: knowing the plane from its outline "
                "is the test")
    return "no hint when naming a plane: say the plane and nation your cards show"


def right_answer(state: Any, seat: int) -> str | None:
    """At a naming step, the name of the plane the set just laid shows (a wrong one forfeits a turn)."""
    if state.phase != rules.NAME:
        return None
    laid = state._open_set(state.pending)
    plane = PLANES[laid["plane"]]
    return f"name {plane['code']} {plane['nation']}"


def move_reasons(state: Any, seat: int) -> dict[str, str]:
    """What each legal move of the seat does, in a few words from its own view (``SquadronScrambleState.reasons``)."""
    reasons: dict[str, str] = state.reasons(seat)
    return reasons


def rules_1(variant: dict[str, Any]) -> dict[str, Any]:
    """A record of rules version 1 was played with swaps into one's own sets allowed: ``swap_own`` on, unless
    it says otherwise."""
    return {**variant, "swap_own": variant.get("swap_own", True)}


def tally(result: dict[str, Any], figures: RunningFigures) -> None:
    """One game's length, final totals and round scores into a simulation's running figures."""
    figures.add("rounds", result["rounds"], distribution=True)
    for i, (seat, total) in enumerate(result["totals"].items()):
        figures.add(f"total.{seat}", total)
        for score in result["round_scores"]:
            figures.add(f"per_round.{seat}", score[i])


def summarise(figures: RunningFigures) -> dict[str, Any]:
    """Game length and final totals per seat, for simulation reports."""
    seats = figures.names("total.")
    return {
        "rounds_per_game": {
            **figures.mean_ci("rounds"),
            "longest": figures.largest("rounds"),
            "distribution": figures.distribution("rounds"),
        },
        "final_totals": {seat: figures.mean_ci(f"total.{seat}") for seat in seats},
        "points_per_round": {seat: figures.mean_ci(f"per_round.{seat}") for seat in seats},
    }


GAME = GameDescriptor(
    id="squadron-scramble",
    title=TERMS.title,
    rules_version="2",   # 2: swaps only into another player's sets by default (``swap_own``); 1 replays
    seat_counts=TERMS.seat_counts,
    variants=TERMS.variants,
    new_state=rules.new_state,
    seat_names=rules.seat_names,
    summary=(
        "Two to four players collect the top, side and front views of sixteen warplanes, rummy "
        "fashion, with wild cards; fighter sets shoot down the enemy's bombers; first to 250 points wins."
    ),
    bots={  # weakest first; the first is the default opponent, tuned in the arena (docs/arena.md)
        "casual": lazy_bot("parlour.bots.casual:CasualBot", base=f"{BOTS}:HeuristicBot", keep=CASUAL_KEEP,
                          slip=f"{BOTS}:NewcomerBot"),
        "heuristic": lazy_bot(f"{BOTS}:HeuristicBot"),
    },
    bot_notes={
        "casual": "Plays the club player's move about one time in four (less at a larger table), and otherwise the "
                  "plain one: takes what pairs, lays every set at once, shoots the first bomber it may: "
                  "a newcomer wins about half the games against it",
        "heuristic": "Collects the planes it holds most of, lays sets as soon as it can, shoots down bombers",
    },
    bot_titles={"casual": "Casual player", "heuristic": "Club player"},
    yardsticks={"newcomer": lazy_bot(f"{BOTS}:NewcomerBot")},
    search="parlour.games.squadron_scramble.search",
    data_package="parlour.games.squadron_scramble",
    action_space=rules.all_actions,
    encoding="parlour.games.squadron_scramble.encoding",
    tally=tally,
    summarise=summarise,
    withhold_hint=withhold_hint,
    right_answer=right_answer,
    move_reasons=move_reasons,
    older_rules={"1": rules_1},
)
# The descriptor puts the game together: its state learns its descriptor and its worlds, which both import
# the rules, so that the rules need import neither.
rules.SquadronScrambleState.game = GAME
rules.SquadronScrambleState.worlds = worlds.resample
