"""The Squadron Scramble descriptor: identity, seats and every rule variant."""

from __future__ import annotations

from collections import Counter

from parlour.engine.descriptor import GameDescriptor, VariantOption, lazy_bot
from parlour.games.squadron_scramble import rules

VARIANTS = (
    VariantOption("target", int, 250, "Points a player needs to win the game.", "rule sheet", minimum=1, maximum=10_000),
    VariantOption(
        "auto_name", bool, False,
        "Beginners: sets are named automatically, so nobody forfeits a turn for a wrong name.", "ruling",
    ),
    VariantOption(
        "shoot_down", str, "one",
        "How many enemy bomber sets one set of fighters may shoot down when it is laid: one, or all on the table.",
        "ruling", choices=("one", "all"),
    ),
    VariantOption(
        "swap_then_lay", bool, True,
        "A wild card won by swapping may be used in a set on the same turn.", "ruling",
    ),
    VariantOption(
        "stock_out", str, "turn-over",
        "When the stock runs out: turn the discard pile (but its top card) over once as a new stock, "
        "or end the round at once.",
        "ruling", choices=("turn-over", "end-round"),
    ),
    VariantOption(
        "stalemate_turns", int, 0,
        "A club variant: a round also ends as it stands after this many turns in a row in which nobody draws "
        "from the stock or lays, swaps or adds a card (0, as the sheet: a round ends only when someone goes "
        "out, or when the stock runs out for good).",
        "ruling", minimum=0, maximum=1000,
    ),
    VariantOption(
        "recognition", bool, False,
        "Plane-spotting: in the browser the cards show each plane's outline and view, but not its name, nation "
        "or kind, so naming a set tests recognition, which the sheet says the cards are for. The rules do not "
        "change (the terminal, and the data sent to the browser, still name the cards).",
        "the sheet's card notes",
    ),
    VariantOption(
        "max_rounds", int, 0,
        "A club-night time limit: the game ends after this many rounds, highest total winning (0: no limit).",
        "ruling", minimum=0, maximum=1000,
    ),
)


def summarise(results: list[dict]) -> dict:
    """Game length and final totals per seat, for simulation reports."""
    from parlour.sim import mean_ci

    seats = list(results[0]["totals"]) if results else []
    return {
        "rounds_per_game": {
            **mean_ci([r["rounds"] for r in results]),
            "longest": max((r["rounds"] for r in results), default=0),
            "distribution": {str(k): v for k, v in sorted(Counter(r["rounds"] for r in results).items())},
        },
        "final_totals": {seat: mean_ci([r["totals"][seat] for r in results]) for seat in seats},
        "points_per_round": {
            seat: mean_ci([score[i] for r in results for score in r["round_scores"]]) for i, seat in enumerate(seats)
        },
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
    bots={"heuristic": lazy_bot("parlour.games.squadron_scramble.bots:HeuristicBot")},
    data_package="parlour.games.squadron_scramble",
    action_space=rules.all_actions,
    encoding="parlour.games.squadron_scramble.encoding",
    summarise=summarise,
)
rules.SquadronScrambleState.game = GAME
