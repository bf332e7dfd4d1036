"""The Biggles descriptor: a two-player series of real-time matches, its terms in ``terms.py``."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from parlour.engine.descriptor import GameDescriptor, RunningFigures, lazy_bot
from parlour.games.biggles import rules
from parlour.games.biggles.levels import LEVELS, NOTES, TITLES
from parlour.games.biggles.terms import TERMS


def tally(result: dict[str, Any], figures: RunningFigures) -> None:
    """One game's points and matches won into a simulation's running figures."""
    for i, seat in enumerate(("P1", "P2")):
        figures.add(f"points.{seat}", result["points"][seat])
        figures.add(f"matches_won.{seat}", sum(1 for m in result["matches"] if m["winner"] == i))


def summarise(figures: RunningFigures) -> dict[str, Any]:
    return {
        "points": {seat: figures.mean_ci(f"points.{seat}") for seat in ("P1", "P2")},
        "matches_won": {seat: figures.total(f"matches_won.{seat}") for seat in ("P1", "P2")},
    }


def _twin() -> ModuleType:
    from parlour.games.biggles import twin

    return twin


def seat_names(seats: int) -> tuple[str, ...]:
    """P1 and P2 (module-level, not a lambda, so that the descriptor pickles)."""
    return rules.seat_names()


def after_game(state: Any) -> dict[str, Any]:
    """The account of a finished game, match by match (imported only when a game ends at a table)."""
    from parlour.games.biggles.analysis import after_game as account

    return account(state)


def play_game(*args: Any, **kwargs: Any) -> Any:
    """One bot game on the discrete-event twin's clock (imported only when a game is simulated)."""
    return _twin().play_game(*args, **kwargs)


GAME = GameDescriptor(
    id="biggles",
    title=TERMS.title,
    rules_version="1",
    seat_counts=TERMS.seat_counts,
    variants=TERMS.variants,
    new_state=rules.new_state,
    seat_names=seat_names,
    summary=(
        "A real-time race for two: turn your pack over in threes, build black 1 to 7 and then Biggles, "
        "and slap red stoppers on your opponent's build. Speed counts as much as the shuffle."
    ),
    bots={  # the slowest first, which is the default (levels.DEFAULT)
        level: lazy_bot("parlour.games.biggles.bots:ReflexBot", level=level) for level in LEVELS
    },
    bot_notes=NOTES,
    bot_titles=TITLES,
    action_space=rules.all_actions,
    encoding="parlour.games.biggles.encoding",
    tally=tally,
    summarise=summarise,
    play_game=play_game,
    after_game=after_game,
    real_time=True,
)
rules.BigglesState.game = GAME
