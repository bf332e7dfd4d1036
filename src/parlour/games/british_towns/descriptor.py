"""Descriptors of the two British Towns games: their terms (``terms.py``), rules, bots and figures."""

from __future__ import annotations

from typing import Any

from parlour.engine.descriptor import GameDescriptor, RunningFigures, lazy_bot
from parlour.games.british_towns import asking, sets
from parlour.games.british_towns.reasons import ask_reasons
from parlour.games.british_towns.terms import ASKING_TERMS, SETS_TERMS

BOTS = "parlour.games.british_towns.bots"
#: how often each game's casual player makes the club player's move (the rest the newcomer's): tuned so that the
#: newcomer model scores about 0.5 against it (docs/arena.md)
#: by table size (the largest size up to the table's; ``parlour.bots.casual.keep_at``): from four players, where
#: memory counts for more, the newcomer's own asks are opponent enough
ASKING_KEEP = {3: 0.05, 4: 0.0}
SETS_KEEP = 0.1


def tally_asking(result: dict[str, Any], figures: RunningFigures) -> None:
    """One game's regions per seat, and whether the win was shared, into a simulation's running figures."""
    for seat, regions in result["regions"].items():
        figures.add(f"regions.{seat}", regions)
    figures.add("shared_wins", 1 if result["shared_by"] else 0)


def summarise_asking(figures: RunningFigures) -> dict[str, Any]:
    return {
        "regions": {seat: figures.mean_ci(f"regions.{seat}") for seat in figures.names("regions.")},
        "shared_wins": figures.total("shared_wins"),
    }


def tally_sets(result: dict[str, Any], figures: RunningFigures) -> None:
    """One game's scores, whether the win was shared, and the winning margin into the running figures."""
    for seat, score in result["scores"].items():
        figures.add(f"scores.{seat}", score)
    figures.add("shared_wins", 1 if result["shared_by"] else 0)
    best, second = sorted(result["scores"].values())[:-3:-1]
    figures.add("winning_margin", best - second, distribution=True)


def summarise_sets(figures: RunningFigures) -> dict[str, Any]:
    return {
        "scores": {seat: figures.mean_ci(f"scores.{seat}") for seat in figures.names("scores.")},
        "shared_wins": figures.total("shared_wins"),
        "winning_margin": figures.distribution("winning_margin"),
    }


def rotate_ask(text: str, seats: int, shift: int) -> str:
    """``ask P3 DOVER`` with the player asked named ``shift`` places back round the table (``ask P1 DOVER``
    for shift 2): the asking game's actions name absolute seats, and this gives them in a viewer's frame."""
    verb, player, card = text.split(" ")
    return f"{verb} P{(int(player[1:]) - 1 - shift) % seats + 1} {card}"


ASKING = GameDescriptor(
    id="british-towns-asking",
    title=ASKING_TERMS.title,
    rules_version="1",
    seat_counts=ASKING_TERMS.seat_counts,
    variants=ASKING_TERMS.variants,
    new_state=asking.new_state,
    seat_names=asking.seat_names,
    summary=(
        "Three or more players (best three to eight) ask one another for named towns, Happy Families "
        "fashion, to complete the nine regions of Britain; every ask is heard by all, so memory wins."
    ),
    bots={  # weakest first; the first is the default opponent, tuned in the arena (docs/arena.md)
        "casual": lazy_bot("parlour.bots.casual:CasualBot", base=f"{BOTS}:RememberingBot", keep=ASKING_KEEP,
                          slip=f"{BOTS}:NewcomerAskingBot"),
        "remembering": lazy_bot(f"{BOTS}:RememberingBot"),
    },
    bot_notes={
        "casual": "Asks for a town of the region it holds most of. It never asks again where it was told no, but "
                  "forgets the other asks it hears. At a table of them, a newcomer wins about as often as each of them",
        "remembering": "Remembers every ask and answer, and asks where a card is sure or likely to be",
        # (ranked below the club player here by the arena: its usual line, "Strong", would read out of place)
        "pimc": "Counts the cards and guesses where the rest lie, but asks less shrewdly than the club player in "
                "this game: a step up from the casual player; a moment's thought a move",
    },
    bot_titles={"casual": "Casual player", "remembering": "Club player"},
    yardsticks={"newcomer": lazy_bot(f"{BOTS}:NewcomerAskingBot")},
    # The arena (docs/arena.md) has the expert above the remembering bot here, and pimc below both.
    bot_order=("random", "casual", "pimc", "remembering", "expert"),
    search="parlour.games.british_towns.search_asking",
    data_package="parlour.games.british_towns",
    action_space=asking.all_actions,
    encoding="parlour.games.british_towns.encoding:asking",
    tally=tally_asking,
    summarise=summarise_asking,
    rotate_action=rotate_ask,
    # (the hint's "why its choice": what the asks heard say of where each card lies, from the seat's own view)
    move_reasons=ask_reasons,
)

SETS = GameDescriptor(
    id="british-towns-sets",
    title=SETS_TERMS.title,
    rules_version="1",
    seat_counts=SETS_TERMS.seat_counts,
    variants=SETS_TERMS.variants,
    new_state=sets.new_state,
    seat_names=sets.seat_names,
    summary=(
        "Two to five players (best for two) draw and discard, rummy fashion, to lay down regional "
        "sets of towns; cards laid less cards held is the score."
    ),
    # (five hands of seven leave seven cards in the stock: the game is often over after two or three turns each)
    seat_count_notes={5: "With five players only 7 cards are left in the stock after the deal: a short game, often "
                         "over after two or three turns each. Two to four players give a longer one."},
    bots={  # weakest first; the first is the default opponent, tuned in the arena (docs/arena.md)
        "casual": lazy_bot("parlour.bots.casual:CasualBot", base=f"{BOTS}:SetsBot", keep=SETS_KEEP,
                          slip=f"{BOTS}:NewcomerSetsBot"),
        "heuristic": lazy_bot(f"{BOTS}:SetsBot"),
    },
    bot_notes={
        "casual": "Lays each set at once and throws away from its weakest region. Now and then it plays as the "
                  "club player would. At a table of them, a newcomer wins about as often as each of them",
        "heuristic": "Keeps the regions it is nearest to, lays them at once, and watches the discards",
    },
    bot_titles={"casual": "Casual player", "heuristic": "Club player"},
    yardsticks={"newcomer": lazy_bot(f"{BOTS}:NewcomerSetsBot"), "simple": lazy_bot(f"{BOTS}:SimpleSetsBot")},
    search="parlour.games.british_towns.search_sets",
    data_package="parlour.games.british_towns",
    action_space=sets.all_actions,
    encoding="parlour.games.british_towns.encoding:sets",
    tally=tally_sets,
    summarise=summarise_sets,
)
asking.AskingState.game = ASKING
sets.SetsState.game = SETS
