"""A live Biggles game on the wall clock: people press keys, bots react in real time.

The session owns the clock; every action, a person's or a bot's, is applied
through the rules engine the moment it arrives and stamped with its time, so
the record shows the race as it happened.  ``clock`` is injectable, which is
how the tests run a live game deterministically.

The sheet starts each match at the signal "Go!"; here that signal is a count
of ``COUNT`` seconds (3-2-1), and nobody, person or bot, may move before it
ends (ruling 12 in docs/rules/biggles.md).  A session is always in one of
four phases:

- ``WAITING``: a match is about to start (the first one, or the next after a
  match ended) and the session waits for every person to say he is ready
  (``ready``); bots are always ready, so a session of bots alone never waits.
  The race clock stands still meanwhile.
- ``COUNTING``: everyone is ready; Go falls ``COUNT`` seconds later.  A race
  resumed in the middle of a match (after a pause, or a server's restart)
  counts again before anyone may move.
- ``RUNNING``: the race is on; bots' reflexes are planned from the moment of Go.
- ``OVER``: the game is over.

The end of a match stops the race at once: the bots' moves under way are
dropped and the session waits for everyone to be ready for the next.  The
rules module knows nothing of this (it has no clock): the count belongs to
the live session alone.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Final, Iterable, Mapping

from parlour.games.biggles.fairness import Outcome, Press, Referee
from parlour.games.biggles.levels import LIVE_PACE, LIVE_REACT_FLOOR
from parlour.games.biggles.rules import SEATS, BigglesState
from parlour.games.biggles.twin import WAITING as TURNING, Reflexes

#: seconds of the count (3-2-1) before every match, and before a race resumed in the middle of one
COUNT: Final = 3.0
WAITING: Final = "waiting"
COUNTING: Final = "counting"
RUNNING: Final = "running"
OVER: Final = "over"
#: the least time between two turns (or a turn and a pick-up) of a person's hand: turning three cards is a movement
#: of the hand, not a key's repeat (ruling 13 in docs/rules/biggles.md); bots turn far slower (docs: Bots)
HAND_TURN: Final = 0.25
#: seconds of the race clock a bot may go without a move it could make before the table says so (the slowest
#: level turns about once a second at the live pace: so long a silence means the server is not keeping up)
STALL: Final = 5.0


def seconds(n: int) -> str:
    return f"{n} second" if n == 1 else f"{n} seconds"


def untouched(state: BigglesState) -> bool:
    """Nobody has moved yet in the match under way: no action at all, or the last one ended a match
    (playing Biggles always does)."""
    return not state.history or state.history[-1][1] == "play B"


@dataclass(frozen=True)
class Claim:
    """What a person's page says of a press, on the race clock: the moment of the table it reacted to (when the
    server sent it), the reaction by the page's own clock, and when it pressed (its clock read through the
    offset the socket measures).  ``fairness.Referee`` judges the press by it, within bounds."""

    shown: float
    reaction: float
    pressed: float


class LiveGame:
    def __init__(self, state: BigglesState, bots: Mapping[int, Any], clock: Callable[[], float] = time.monotonic,
                 elapsed: float = 0.0, people: Iterable[int] | None = None, count: float | None = None):
        """``elapsed``: seconds of the game already played, for a race that resumes after a pause.

        ``people``: the seats that must say they are ready before each match (by default every seat
        that is not a bot's).  A match nobody has moved in yet waits for them; a race resumed in
        the middle of a match counts down again at once.  ``count``: the count's seconds (``COUNT``).
        """
        self.state = state
        self.clock = clock
        self.count = COUNT if count is None else count
        self.people = frozenset(range(SEATS)) - set(bots) if people is None else frozenset(people)
        self.bots = frozenset(bots)
        self.turned: dict[int, float] = {}        # a person's last turn or pick-up, on the race clock
        #: who was first when two presses contend: by compensated time (ruling 14), the bots' moves among them
        self.referee = Referee(state)
        self.reflexes = Reflexes(state, bots, apply=self._bot_move, pace=LIVE_PACE, floor=LIVE_REACT_FLOOR)
        #: words for a person about a press judged after it was answered (held a moment, or undone): (seat, text)
        self.notes: list[tuple[int, str]] = []
        self.ready: set[int] = set()
        #: each bot's last move that stood (or Go), on the race clock: a bot quiet for ``STALL`` is said to be
        self.moved_at: dict[int, float] = {}
        self.go_at: float | None = None
        #: counts the changes that no action shows (a phase, a seat ready): a server redraws when it moves
        self.changes = 0
        self.match = state.match_no
        self.start = clock() - elapsed
        self._frozen: float | None = elapsed        # the race clock stands still until the count begins
        self.phase = WAITING
        if state.is_over:
            self.phase = OVER
        elif untouched(state):
            self._wait()
        else:
            self._count()

    # -- the clock ------------------------------------------------------------------------
    def now(self) -> float:
        """Seconds on the race clock, which runs while counting and racing and stands still while waiting."""
        if self._frozen is not None:
            return self._frozen
        return self.clock() - self.start

    def go_in(self) -> float | None:
        """Seconds until Go while counting (None otherwise)."""
        if self.phase != COUNTING or self.go_at is None:
            return None
        return max(self.go_at - self.now(), 0.0)

    def next_time(self) -> float | None:
        """When something falls due by itself on the race clock: Go, or a bot's move (None while waiting)."""
        if self.phase == COUNTING:
            return self.go_at
        if self.phase == RUNNING:
            times = [t for t in (self.reflexes.next_time(), self.referee.next_time()) if t is not None]
            return min(times, default=None)
        return None

    # -- phases ---------------------------------------------------------------------------
    def _stop_bots(self) -> None:
        for seat in self.reflexes.pending:
            self.reflexes.pending[seat] = None

    def _wait(self) -> None:
        """Stop the race clock and wait for every person to be ready (at once to the count if nobody must)."""
        self._frozen = self.now()
        self.phase = WAITING
        self.ready = set()
        self.go_at = None
        self._stop_bots()
        self.changes += 1
        if not self.people:
            self._count()

    def _count(self) -> None:
        if self._frozen is not None:
            self.start = self.clock() - self._frozen
            self._frozen = None
        self.phase = COUNTING
        self.go_at = self.now() + self.count
        self._stop_bots()
        self.changes += 1

    def _go(self) -> None:
        """Go: the race is on, and each bot's first move is planned from this moment."""
        assert self.go_at is not None, "Go comes only at the end of a count"
        self.phase = RUNNING
        self.reflexes.match = self.state.match_no
        for seat in self.bots:
            self.reflexes.plan(seat, self.go_at)
            self.moved_at[seat] = self.go_at
        self.changes += 1

    def _after(self) -> bool:
        """After an action: if it ended the match (or the game), stop the race; whether it did."""
        state = self.state
        if state.is_over or state.match_no != self.match:
            self._digest(self.referee.settle_all(), self.now())     # a match's end is final: nothing comes before it
        if state.is_over:
            self._frozen = state.times[-1] if state.times else self.now()
            self.phase = OVER
            self._stop_bots()
            self.changes += 1
            return True
        if state.match_no != self.match:
            self.match = state.match_no
            self._frozen = state.times[-1]         # the clock stops at the winning move
            self._wait()
            return True
        return False

    def ready_for(self, seat: int) -> str | None:
        """``seat`` says it is ready for the match about to start; the reason if that means nothing now."""
        if seat in self.bots:
            return f"seat {seat} is played by a bot, and a bot is always ready"
        if seat not in self.people:
            return f"there is no seat {seat!r} to get ready"
        if self.phase == OVER:
            return "The game is over."
        if self.phase == COUNTING:
            return "Everyone is ready already: wait for Go."
        if self.phase == RUNNING:
            return "The race is on: there is nothing to wait for."
        if seat not in self.ready:
            self.ready.add(seat)
            self.changes += 1
        if self.people <= self.ready:
            self._count()
        return None

    def waiting_for(self) -> list[int]:
        """The people still to say they are ready (empty unless waiting)."""
        return sorted(self.people - self.ready) if self.phase == WAITING else []

    def why_not(self) -> str | None:
        """Why nobody may move now (None while the race is on)."""
        if self.phase == RUNNING:
            return None
        if self.phase == OVER:
            return "The game is over."
        if self.phase == COUNTING:
            left = self.go_in() or 0.0
            verb = "starts" if untouched(self.state) else "resumes"
            return f"Wait for Go: the match {verb} in {seconds(max(1, math.ceil(left - 1e-9)))}."
        number = self.state.match_no + 1
        if self.state.match_results:
            return f"Match {number - 1} is over: match {number} starts once every player is ready."
        return "Wait for Go: the race starts once every player is ready."

    # -- moves ----------------------------------------------------------------------------
    def act(self, seat: int, action: str, claim: Claim | None = None) -> str | None:
        """A person's action; the reason if it is refused.

        With a ``claim`` it counts at its compensated time (ruling 14): a contested press may wait a moment
        for the other player's, and a move already made may be undone by an earlier one that came late; what
        is decided after this returns is said in ``notes``.  Without one it counts when it arrives.
        """
        reason, now = self.judge(seat, action)
        if reason is not None:
            return reason
        press = Press(seat, action, now, *((claim.shown, claim.reaction, claim.pressed) if claim else ()))
        outcome = self.referee.submit(press)
        refusal = next((why for entry, why in outcome.refused if entry.seat == seat and entry.arrival == now), None)
        if action in TURNING and refusal is None:
            self.turned[seat] = now              # (a turn is never held: it touches only his own pack)
        self._digest(outcome, now, answered=(seat, now))
        self._after()
        return refusal

    def judge(self, seat: int, action: str) -> tuple[str | None, float]:
        """The bots that were quicker go first; then why the action is refused before it is judged against the
        other's (None if it may go ahead), and when it came.

        Before Go (waiting or counting), and once the match is over, every action is refused.  A move the
        table does not offer now is refused, unless the other player's moves since may still be put back
        behind it (``fairness.Referee``).
        """
        self.tick()
        now = self.now()
        early = self.why_not()
        if early is not None:
            return early, now
        if action not in self.state.legal_actions(seat) and self.referee.settled() == len(self.state.history):
            return self.state.explain_illegal(seat, action), now
        if action in TURNING and seat in self.people and now - self.turned.get(seat, -HAND_TURN) < HAND_TURN:
            return (f"Too quick: a hand turns its cards at most {round(1 / HAND_TURN)} times a second; "
                    "look at the pile before turning again."), now
        return None, now

    def measured(self, seat: int, rtt: float) -> None:
        """The round trip the socket of ``seat`` measures (seconds): it bounds what his presses may claim."""
        self.referee.measured(seat, rtt)

    def settled(self) -> int:
        """How many actions of the state are final: a server stores these (the rest may yet be reordered)."""
        return self.referee.settled()

    def settle_all(self) -> None:
        """Make everything final now (the race pauses)."""
        self._digest(self.referee.settle_all(), self.now())

    def _bot_move(self, seat: int, action: str, when: float) -> bool:
        """A bot's move, judged among the people's presses at the moment it is made; whether it stood."""
        outcome = self.referee.submit(Press(seat, action, when))
        stood = any(e.seat == seat and e.arrival == when for e in outcome.applied)
        self._digest(outcome, when, answered=(seat, when))
        return stood

    def _digest(self, outcome: Outcome, now: float, answered: tuple[int, float] | None = None) -> None:
        """What the referee decided: the bots look again, and a person hears of a press of his judged later
        (``answered``: the press being answered now, whose word goes back with its answer)."""
        if not (outcome.applied or outcome.refused or outcome.overtaken):
            return
        self.changes += 1
        for entry in outcome.applied:
            if entry.seat in self.moved_at:
                self.moved_at[entry.seat] = max(self.moved_at[entry.seat], now)
            # a bot's own move: ``Reflexes.step`` looks again after it; a person's, answered or not: the bots do
            if entry.seat not in self.bots or (entry.seat, entry.arrival) != answered:
                self.reflexes.changed(entry.seat, now)
        for entry, why in outcome.refused:
            if entry.seat in self.people and (entry.seat, entry.arrival) != answered:
                self.notes.append((entry.seat, why))
        if outcome.overtaken:
            for seat in self.reflexes.pending:
                self.reflexes.plan(seat, now)
            for entry in outcome.overtaken:
                if entry.seat in self.people:
                    self.notes.append((entry.seat, f"Undone: your {_move_words(entry.action)} came after the "
                                                   "other player's move, by the clocks of both hands (ruling 14)."))

    def stalled(self, after: float = STALL) -> list[int]:
        """The bots that could move but have made no move for ``after`` seconds of the race (none unless it runs):
        a server too busy to keep up, which the table says in words rather than letting the match go by."""
        if self.phase != RUNNING:
            return []
        now = self.now()
        return [seat for seat in sorted(self.bots)
                if self.state.legal_actions(seat) and now - self.moved_at.get(seat, now) >= after]

    def mend(self) -> list[int]:
        """While the race runs, a bot that could move has a move under way: one found with none (a lost wake-up)
        plans one now.  The seats mended."""
        if self.phase != RUNNING:
            return []
        now = self.now()
        lost = [seat for seat, chosen in self.reflexes.pending.items()
                if chosen is None and self.state.legal_actions(seat)]
        for seat in lost:
            self.reflexes.plan(seat, now)
        return lost

    def tick(self) -> list[tuple[int, str, bool]]:
        """Go, if the count has run out, then whatever falls due by now, in time order (until a match ends): a
        held press's wait ends, a bot moves.  A bot left with no move under way though it could move gets one
        (``mend``)."""
        now = self.now()
        if self.phase == COUNTING and self.go_at is not None and now >= self.go_at:
            self._go()
        self.mend()
        done: list[tuple[int, str, bool]] = []
        while self.phase == RUNNING:
            held, bot = self.referee.next_time(), self.reflexes.next_time()
            if held is not None and held <= now and (bot is None or held <= bot):
                self._digest(self.referee.release(held), held)
                if self._after():
                    break
                continue
            fired = self.reflexes.step(now)
            if fired is None:
                break
            done.append(fired)
            if fired[2] and self._after():
                break
        self.referee.settle(now)
        return done


def _move_words(action: str) -> str:
    """"play 4" as "play of black 4", "stop 3" as "stop with red 3"."""
    verb, _, number = action.partition(" ")
    if verb == "play":
        return "play of Biggles" if number == "B" else f"play of black {number}"
    return f"stop with red {number}" if verb == "stop" else action
