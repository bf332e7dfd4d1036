"""Bots' reflexes on a clock, shared by the live session and the discrete-event twin.

Each bot is busy until its current action completes; then it looks at the
table and chooses again.  A playable card is acted on after its reaction time
(unless it misses it), otherwise it turns the next three after its turning
time.  When the table changes under it, a bot busy turning may notice a new
chance, and a bot whose chosen move has been overtaken chooses again.  Every
action goes through the rules engine in time order, so a move overtaken by
the other player's is refused exactly as in a live match.

``race`` runs two bots on a simulated clock (over a thousand single matches a
second on one core: ``bench/playouts.py``), deterministic for the seeds;
``parlour.games.biggles.session`` runs the same reflexes on the wall clock
against a person.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Mapping, Sequence

from parlour.games.biggles.bots import ReflexBot, TimedBot
from parlour.games.biggles.rules import OVER, BigglesState

MAX_EVENTS = 200_000
WAITING = ("turn", "pickup")


class Reflexes:
    """Each bot's one action under way, as ``pending[seat] = (when, order, action)`` (or None).

    The next action carried out is the earliest pending one, ties going to the one
    planned first (``order`` counts the plans).  A quicker reaction replaces the
    action under way, so with one action a bot there is no queue to keep.
    """

    def __init__(self, state: BigglesState, bots: Mapping[int, Any],
                 apply: Callable[[int, str, float], bool] | None = None, pace: float = 1.0, floor: float = 0.0):
        """``bots``: ReflexBots, or any bot (the random one), which is given a level's pace.  ``apply(seat,
        action, when)`` carries a bot's move out and says whether it stood (by default the rules' own
        ``apply_if_legal``; a live session's referee orders it among the people's presses).  ``pace``: how many
        times quicker than a level's hands at a table every bot moves (a live session's, against keys).  ``floor``:
        the least seconds a card move (play or stop) takes after the change it answers (a live session's: no
        bot reacts quicker than a person could; none in the twin)."""
        self.state = state
        self.pace = pace
        self.floor = floor
        self.apply = state.apply_if_legal if apply is None else apply
        self.bots = {seat: bot if isinstance(bot, ReflexBot) else TimedBot(bot) for seat, bot in bots.items()}
        self.pending: dict[int, tuple[float, int, str] | None] = {seat: None for seat in self.bots}
        self.counter = 0
        self.match = state.match_no
        self._looks = {seat: partial(state.observation, seat) for seat in self.bots}

    def _schedule(self, seat: int, when: float, action: str) -> None:
        self.counter = order = self.counter + 1
        self.pending[seat] = (when, order, action)

    def plan(self, seat: int, now: float) -> None:
        legal = self.state.legal_actions(seat)
        if not legal:
            self.pending[seat] = None
            return
        bot = self.bots[seat]
        action = bot.pick(self._looks[seat], legal)
        if action not in WAITING and not bot.notices():
            action = next((a for a in legal if a in WAITING), action)   # missed it: keeps turning
        self.counter = order = self.counter + 1
        seconds = bot.delay(action) / self.pace
        if self.floor and action not in WAITING and seconds < self.floor:
            seconds = self.floor
        self.pending[seat] = (now + seconds, order, action)

    def _first(self) -> int | None:
        """The seat whose pending action is due first (None when no bot has one)."""
        first = best = None
        for seat, chosen in self.pending.items():
            if chosen is not None and (best is None or chosen < best):
                first, best = seat, chosen
        return first

    def next_time(self) -> float | None:
        seat = self._first()
        chosen = None if seat is None else self.pending[seat]
        return None if chosen is None else chosen[0]

    def step(self, now: float = float("inf")) -> tuple[int, str, bool] | None:
        """Carry out the first bot action due by ``now``; (seat, action, applied), or None if none is."""
        state = self.state
        if state.phase == OVER:                   # state.is_over, read directly: this runs per action
            return None
        pending = self.pending
        seat, best = -1, None                    # seat is set whenever best is
        for s, chosen in pending.items():        # self._first(), written out
            if chosen is not None and (best is None or chosen < best):
                seat, best = s, chosen
        if best is None or best[0] > now:
            return None
        when, _, action = best
        pending[seat] = None
        applied = self.apply(seat, action, when)
        self.changed(seat, when)
        return seat, action, applied

    def fire_due(self, now: float) -> list[tuple[int, str, bool]]:
        """Carry out every bot action due by ``now``; returns (seat, action, applied)."""
        done = []
        while (fired := self.step(now)) is not None:
            done.append(fired)
        return done

    def changed(self, actor: int, now: float) -> None:
        """The table changed at ``now`` (``actor`` moved): every bot looks again."""
        state = self.state
        if state.phase == OVER:
            return
        if state.match_no != self.match:          # a new match: everyone starts afresh
            self.match = state.match_no
            for seat in self.bots:
                self.plan(seat, now)
            return
        for seat, chosen in self.pending.items():
            # A move already on its way goes ahead even if it is now too late: the rules refuse it
            # when it lands, as they would a person's, and the bot then looks again.
            if seat == actor or chosen is None:
                self.plan(seat, now)
            elif chosen[2] in WAITING:
                legal = state.legal_actions(seat)       # often known already: a turn changes only its mover's
                chance = legal[-1] if legal else None       # bots.choose: the card move is the last
                if chance is not None and chance not in WAITING:
                    bot = self.bots[seat]
                    if bot.notices():
                        when = now + max(bot.delay(chance) / self.pace, self.floor)
                        if when < chosen[0]:
                            self._schedule(seat, when, chance)


def race(state: BigglesState, bots: Sequence[Any]) -> BigglesState:
    """Play ``state`` to the end of the game on a simulated clock (``state.times`` in seconds)."""
    reflexes = Reflexes(state, dict(enumerate(bots)))
    for seat in (0, 1):
        reflexes.plan(seat, 0.0)
    step = reflexes.step
    for _ in range(MAX_EVENTS):
        if step() is None:
            if state.is_over:
                return state
            raise RuntimeError("no bot has anything to do in an unfinished Biggles game")
    if state.is_over:
        return state
    raise RuntimeError("a Biggles race ran past its event limit")


def play_game(game: Any, bots: Sequence[Any], *, seats: int, seed: int, variant: dict[str, Any] | None = None) -> Any:
    """The simulator's hook: a whole Biggles game between two bots, on the simulated clock."""
    return race(game.new_state(seats=seats, variant=variant, seed=seed), bots)
