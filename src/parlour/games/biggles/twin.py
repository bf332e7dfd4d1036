"""Bots' reflexes on a clock, shared by the live session and the discrete-event twin.

Each bot is busy until its current action completes; then it looks at the
table and chooses again.  A playable card is acted on after its reaction time
(unless it misses it), otherwise it turns the next three after its turning
time.  When the table changes under it, a bot busy turning may notice a new
chance, and a bot whose chosen move has been overtaken chooses again.  Every
action goes through the rules engine in time order, so a move overtaken by
the other player's is refused exactly as in a live match.

``race`` runs two bots on a simulated clock (thousands of matches a minute,
deterministic for the bots' seeds); ``parlour.games.biggles.session`` runs the
same reflexes on the wall clock against a person.
"""

from __future__ import annotations

import heapq
from typing import Any, Mapping, Sequence

from parlour.games.biggles.bots import ReflexBot, TimedBot, choose
from parlour.games.biggles.rules import BigglesState

MAX_EVENTS = 200_000
WAITING = ("turn", "pickup")


class Reflexes:
    def __init__(self, state: BigglesState, bots: Mapping[int, ReflexBot]):
        self.state = state
        self.bots = dict(bots)
        self.pending: dict[int, tuple[float, str] | None] = {seat: None for seat in self.bots}
        self.queue: list[tuple[float, int, int, str]] = []
        self.counter = 0
        self.match = state.match_no

    def _schedule(self, seat: int, when: float, action: str) -> None:
        self.pending[seat] = (when, action)
        self.counter += 1
        heapq.heappush(self.queue, (when, self.counter, seat, action))

    def plan(self, seat: int, now: float) -> None:
        legal = self.state.legal_actions(seat)
        if not legal:
            self.pending[seat] = None
            return
        bot = self.bots[seat]
        action = bot.pick(lambda: self.state.observation(seat), legal)
        if not action.startswith(WAITING) and not bot.notices():
            action = next((a for a in legal if a in WAITING), action)   # missed it: keeps turning
        self._schedule(seat, now + bot.delay(action), action)

    def next_time(self) -> float | None:
        while self.queue:
            when, _, seat, action = self.queue[0]
            if self.pending.get(seat) == (when, action):
                return when
            heapq.heappop(self.queue)          # replaced by a quicker reaction
        return None

    def fire_due(self, now: float) -> list[tuple[int, str, bool]]:
        """Carry out every bot action due by ``now``; returns (seat, action, applied)."""
        done = []
        queue, pending = self.queue, self.pending
        while queue and not self.state.is_over:
            when, _, seat, action = queue[0]
            if pending.get(seat) != (when, action):
                heapq.heappop(queue)               # replaced by a quicker reaction
                continue
            if when > now:
                break
            heapq.heappop(queue)
            pending[seat] = None
            applied = action in self.state.legal_actions(seat)
            if applied:
                self.state.apply(seat, action)
                self.state.times[-1] = when
            done.append((seat, action, applied))
            self.changed(seat, when)
        return done

    def changed(self, actor: int, now: float) -> None:
        """The table changed at ``now`` (``actor`` moved): every bot looks again."""
        if self.state.is_over:
            return
        if self.state.match_no != self.match:          # a new match: everyone starts afresh
            self.match = self.state.match_no
            self.queue.clear()
            for seat in self.bots:
                self.plan(seat, now)
            return
        for seat in self.bots:
            chosen = self.pending[seat]
            # A move already on its way goes ahead even if it is now too late: the rules refuse it
            # when it lands, as they would a person's, and the bot then looks again.
            if seat == actor or chosen is None:
                self.plan(seat, now)
            elif chosen[1] in WAITING:
                chance = choose(self.state.legal_actions(seat))
                if chance not in WAITING and self.bots[seat].notices():
                    when = now + self.bots[seat].delay(chance)
                    if when < chosen[0]:
                        self._schedule(seat, when, chance)


def race(state: BigglesState, bots: Sequence[ReflexBot]) -> BigglesState:
    """Play ``state`` to the end of the game on a simulated clock (``state.times`` in seconds)."""
    timed = [bot if isinstance(bot, ReflexBot) else TimedBot(bot) for bot in bots]
    reflexes = Reflexes(state, dict(enumerate(timed)))
    for seat in (0, 1):
        reflexes.plan(seat, 0.0)
    events = 0
    while not state.is_over:
        when = reflexes.next_time()
        if when is None:
            raise RuntimeError("no bot has anything to do in an unfinished Biggles game")
        events += len(reflexes.fire_due(when))
        if events > MAX_EVENTS:
            raise RuntimeError("a Biggles race ran past its event limit")
    return state


def play_game(game: Any, bots: Sequence[Any], *, seats: int, seed: int, variant: dict[str, Any] | None = None) -> Any:
    """The simulator's hook: a whole Biggles game between two bots, on the simulated clock."""
    return race(game.new_state(seats=seats, variant=variant, seed=seed), bots)
