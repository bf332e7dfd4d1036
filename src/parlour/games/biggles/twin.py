"""The discrete-event twin of a live Biggles match: bots racing on a simulated clock.

Each player is busy until his current action completes; then he looks at the
table and chooses again.  A playable card is acted on after his reaction time
(unless he misses it), otherwise he turns the next three after his turning
time.  When the other player's move changes the table, a player busy turning
may notice a new chance to stop him.  Actions go through the rules engine in
time order, so a move overtaken by the other player's is refused exactly as
in a live match.  Everything random comes from the bots' seeded generators:
the same seeds give the same race.
"""

from __future__ import annotations

import heapq
from typing import Any, Sequence

from parlour.games.biggles.bots import ReflexBot, choose
from parlour.games.biggles.rules import BigglesState

MAX_EVENTS = 200_000


def race(state: BigglesState, bots: Sequence[ReflexBot]) -> BigglesState:
    """Play ``state`` to the end of the game; sets ``state.times`` to simulated seconds."""
    clock = 0.0
    queue: list[tuple[float, int, int, str]] = []
    pending: list[tuple[float, str] | None] = [None, None]
    counter = 0

    def plan(seat: int, now: float) -> None:
        nonlocal counter
        legal = state.legal_actions(seat)
        if not legal:
            pending[seat] = None
            return
        action = choose(legal)
        if action.startswith(("play", "stop")) and not bots[seat].notices():
            others = [a for a in legal if a in ("turn", "pickup")]
            if not others:
                action = action        # nothing else to do: he will see it on the next look
            else:
                action = others[0]
        when = now + bots[seat].delay(action)
        pending[seat] = (when, action)
        counter += 1
        heapq.heappush(queue, (when, counter, seat, action))

    match = state.match_no
    for seat in (0, 1):
        plan(seat, clock)
    events = 0
    while queue and not state.is_over:
        when, _, seat, action = heapq.heappop(queue)
        if pending[seat] != (when, action):
            continue                    # replaced by a quicker reaction
        events += 1
        if events > MAX_EVENTS:
            raise RuntimeError("a Biggles race ran past its event limit")
        clock = when
        pending[seat] = None
        if action in state.legal_actions(seat):
            state.apply(seat, action)
            state.times[-1] = clock
            if state.match_no != match:      # a new match: both start afresh
                match = state.match_no
                queue.clear()
                pending[:] = [None, None]
                for s in (0, 1):
                    plan(s, clock)
                continue
            other = 1 - seat
            chance = pending[other]
            if chance is not None and chance[1] in ("turn", "pickup"):
                stop = next((a for a in state.legal_actions(other) if a.startswith("stop")), None)
                if stop and bots[other].notices():
                    when_stop = clock + bots[other].delay(stop)
                    if when_stop < chance[0]:
                        pending[other] = (when_stop, stop)
                        counter += 1
                        heapq.heappush(queue, (when_stop, counter, other, stop))
        plan(seat, clock)
        if pending[1 - seat] is None:
            plan(1 - seat, clock)
    return state


def play_game(game: Any, bots: Sequence[Any], *, seats: int, seed: int, variant: dict[str, Any] | None = None) -> Any:
    """The simulator's hook: a whole Biggles game between two bots, on the simulated clock."""
    state = game.new_state(seats=seats, variant=variant, seed=seed)
    return race(state, bots)
