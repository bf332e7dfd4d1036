"""The Squadron Scramble descriptor: identity, seats and every rule variant."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.engine.descriptor import GameDescriptor, RunningFigures, VariantOption, lazy_bot
from parlour.games.squadron_scramble import rules

BOTS = "parlour.games.squadron_scramble.bots"
#: how often the casual player makes the club player's move (the rest at random): tuned so that the newcomer
#: model scores about 0.5 against it (docs/arena.md)
CASUAL_KEEP = 0.75

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
        "the right one. The rules do not change, and the terminal still names the cards.",
        "rule sheet",                 # the sheet's card notes
        label="Plane-spotting: the cards show outlines, not names",
    ),
    VariantOption(
        "max_rounds", int, 0,
        "A club-night time limit: the game ends after this many rounds, highest total winning (0: no limit).",
        "ruling", minimum=0, maximum=1000, label="Rounds in a game at most (0: no limit)",
    ),
)


def withhold_hint(observation: Mapping[str, Any]) -> str | None:
    """No hint at the naming step of the plane-spotting game: the right name is what that game tests."""
    if observation.get("recognition") and observation.get("phase") == rules.NAME:
        return ("no hint when naming a plane in the plane-spotting game: knowing the plane from its outline "
                "is the test")
    return None


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
    title="Squadron Scramble",
    rules_version="1",
    seat_counts=rules.SEAT_COUNTS,
    variants=VARIANTS,
    new_state=rules.new_state,
    seat_names=rules.seat_names,
    summary=(
        "Two to four players collect the top, side and front views of sixteen warplanes, rummy "
        "fashion, with wild cards; fighter sets shoot down the enemy's bombers; first to 250 points wins."
    ),
    bots={  # weakest first; the first is the default opponent, tuned in the arena (docs/arena.md)
        "casual": lazy_bot("parlour.bots.casual:CasualBot", base=f"{BOTS}:HeuristicBot", keep=CASUAL_KEEP),
        "heuristic": lazy_bot(f"{BOTS}:HeuristicBot"),
    },
    bot_notes={
        "casual": f"Plays the club player's move about {CASUAL_KEEP:.0%} of the time and any legal move otherwise: "
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
)
rules.SquadronScrambleState.game = GAME
