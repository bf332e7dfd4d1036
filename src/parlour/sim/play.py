"""One whole bot game, for the simulator, the drive and anything else that plays bots against each other."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from parlour.bots import decide
from parlour.engine.descriptor import GameDescriptor

#: the ceiling: a bot game still going after this many actions is stopped there, unfinished, and
#: counted as such in the report (a safety net: with the default bots every game ends long before)
MAX_ACTIONS = 200_000


def play_game(
    game: GameDescriptor,
    bots: Sequence[Any],
    *,
    seats: int,
    seed: int,
    variant: dict[str, Any] | None = None,
    max_actions: int | None = None,
    watch: Callable[[Any, int, str], None] | None = None,
) -> Any:
    """One whole game between bots; returns the last state, finished unless it reached the ceiling.

    ``max_actions`` is the ceiling (``MAX_ACTIONS`` when not given): a game
    still going after that many actions is returned as it stands, unfinished.
    A bot's view is built only if it reads it (``parlour.bots.decide``).
    ``watch(state, seat, action)`` is called at each decision, before the
    action is applied (the simulator's ``--dataset`` records them so).
    """
    if game.play_game is not None:
        if watch is not None:
            raise ValueError(f"{game.title} is played on its own clock: its decisions cannot be watched")
        return game.play_game(game, bots, seats=seats, seed=seed, variant=variant)
    limit = MAX_ACTIONS if max_actions is None else max_actions
    state = game.new_state(seats=seats, variant=variant, seed=seed)
    while not state.is_over and len(state.history) < limit:
        for seat in sorted(state.to_move):
            legal = state.legal_actions(seat)
            if legal:
                action = decide(bots[seat], state, seat, legal)
                if watch is not None:
                    watch(state, seat, action)
                state.apply(seat, action)
                break
    return state
