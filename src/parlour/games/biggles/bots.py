"""The Biggles bot: a player with reflexes.

What to do is simple and the same for every level (Biggles first, then a card
for one's own build, then a stopper, else keep turning); how fast it is done
is the level's (``levels.py``).  The choice reads only the legal actions, which
come from what is face up on the table.
"""

from __future__ import annotations

import random
from math import cos, log, sin, sqrt, tau as TWOPI
from typing import Any, Callable, Protocol, Sequence, cast

from parlour.games.biggles.levels import BEGINNER_MISS, BEGINNER_REACT, BEGINNER_TURN, DEFAULT, LEVELS, PACE


class _GaussState(Protocol):
    """CPython's ``random.Random`` as ``gauss`` uses it: the spare normal draw it keeps (not in the typeshed stubs)."""

    gauss_next: float | None
    random: Callable[[], float]


def choose(legal: Sequence[str]) -> str | None:
    """The action a quick, sensible player takes: the card his pile offers, else turn or pick up.

    The rules list the turning move first and at most one card move (the pile
    has one top card), so the card move, when there is one, is the last.
    """
    return legal[-1] if legal else None


class ReflexBot:
    def __init__(self, seat: int, seed: int | None = None, level: str = DEFAULT, speed: float = 1.0):
        if level not in LEVELS:
            raise ValueError(f"no Biggles level {level!r} (choose from {', '.join(LEVELS)})")
        self.seat = seat
        self.level = level
        self.rng = random.Random(seed)
        timing = LEVELS[level]
        self._timing: dict[str, tuple[float, float, float]] = {}
        self.turn_time = timing["turn"] / speed
        self.react_time = timing["react"] / speed
        self.miss = timing["miss"]

    @property
    def turn_time(self) -> float:
        return self._turn_time

    @turn_time.setter
    def turn_time(self, seconds: float) -> None:
        self._turn_time = seconds
        self._timing.clear()

    @property
    def react_time(self) -> float:
        return self._react_time

    @react_time.setter
    def react_time(self, seconds: float) -> None:
        self._react_time = seconds
        self._timing.clear()

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        return choose(legal) or legal[0]

    def pick(self, look: Any, legal: Sequence[str]) -> str:
        """The choice on the clock; ``look()`` would give the observation, which this bot does not need."""
        return legal[-1]              # choose(legal): the card move if there is one, else the turning move

    # -- timing, used by the live session and the discrete-event twin ---------------------------
    def delay(self, action: str) -> float:
        """Seconds this player takes to carry out ``action`` once he is free to."""
        try:
            mean, spread, least = self._timing[action]
        except KeyError:
            mean, spread, least = self._timing[action] = self._timing_of(action)
        # self.rng.gauss(mean, spread), written out (the twin asks for a delay at every move):
        # the same two uniform draws per pair of normal ones, the second kept in gauss_next.
        rng = cast(_GaussState, self.rng)
        z = rng.gauss_next
        if z is None:
            uniform = rng.random
            x2pi = uniform() * TWOPI
            g2rad = sqrt(-2.0 * log(1.0 - uniform()))
            z = cos(x2pi) * g2rad
            rng.gauss_next = sin(x2pi) * g2rad
        else:
            rng.gauss_next = None
        seconds = mean + z * spread
        return seconds if seconds > least else least

    def _timing_of(self, action: str) -> tuple[float, float, float]:
        """An action's mean seconds, their spread, and the least: worked out once per action."""
        mean = self.react_time if action.startswith(("play", "stop")) else self.turn_time
        if action == "pickup":
            mean *= 2
        return mean, 0.15 * mean, 0.3 * mean

    def notices(self) -> bool:
        """Whether he sees a playable card this time."""
        return self.rng.random() >= self.miss


class TimedBot(ReflexBot):
    """Any bot (the random one, say) given a level's hands: it chooses, the level sets the pace.

    A card for its own build it always takes when it sees it (when it notices it): even the
    weakest player races, building at his slow pace.  Whether to stop, or to pick up rather than play, the inner
    bot chooses (the random one, the Beginner, half the time the wrong way), and at the gentle level's pace its
    hands are slower still and miss more (``levels.BEGINNER_TURN``): what keeps it the weakest.  Left to
    choose between turning and building, the random bot turned past half its cards and a quick player beat it 8-0,
    its build never past black 1 (review 22d).
    """

    def __init__(self, inner: Any, level: str = PACE):
        super().__init__(inner.seat, None, level)
        if level == PACE:                 # the Beginner: slower still, and missing more (levels.py)
            self.turn_time *= BEGINNER_TURN
            self.react_time *= BEGINNER_REACT
            self.miss = BEGINNER_MISS
        self.rng = getattr(inner, "rng", self.rng)
        self.inner = inner

    def pick(self, look: Any, legal: Sequence[str]) -> str:
        if legal[-1].startswith("play") and legal[0] == "turn":
            return legal[-1]              # a card for its own build: it builds (when it notices; see ``notices``)
        action: str = self.inner.act(look(), legal)
        return action
