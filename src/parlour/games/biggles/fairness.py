"""Who was first, over a network: a press judged by when its player pressed and what he saw, not by when it came.

Biggles is a race, and two hands often go for moves that exclude each other (a
stopper onto the card the other player is about to build on, a card built as
the other's Biggles ends the match).  Judged in the order the server receives
them, the player with the slower connection loses most close races twice over:
he sees the table later, and his press takes longer to arrive.

The ``Referee`` judges each press at its *compensated time* instead.  Two
readings of the press are known: when he pressed (his clock read on the
server's through the offset the socket measures, ``Press.pressed``), and the
moment of the table he reacted to plus his reaction by his own clock (the
rewind to what the client saw of Valve's lag compensation).  The first still
charges him for seeing late; the second credits him for all of it, and then
it is the other player who is blind to a move for as long as it was credited
(he cannot see a move before it arrives).  Crediting half (``CREDIT``) evens
the two, and the network twin measures it so: with round trips of 20 ms and
250 ms, jitter and loss, each player wins half the contested cards
(``bench/biggles_fairness.py``; the figures are in docs/simulation.md).

A contested press (a card move the other player's legal card move would
exclude) waits a little, at most ``WINDOW``, in case the other player's
earlier press is still on its way; one that arrives later still, within the
cap, is put back in its place by playing the race again from before it
(rollback, as GGPO does), and a move it overtook is then undone as if it had
come second.  Nothing else waits.

Trust is bounded, as lichess bounds lag compensation on its clocks: no press
may claim more than ``CAP``, nor more than its round trips allow (``allowed``),
nor a press time outside its own measured round trip; the compensation that
puts a press before one that came sooner (overtaking a held press, or undoing
a move by a rollback) is drawn from a quota that refills slowly (``QUOTA``,
``REFILL``).  Claims outside those bounds are clamped and counted
(``counts``).

The referee is pure: no clock and no sockets.  The live session
(``parlour.games.biggles.session``) feeds it the people's presses with the
times their pages claim and the bots' moves as they fall due, and a server
stores only what it has made final (``settled``); the network twin
(``parlour.games.biggles.network``) feeds it simulated presses, which is how the
rule is measured.  Ruling 14 in docs/rules/biggles.md states it for players.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final, cast

from parlour.games.biggles.rules import BigglesState

#: the longest a contested press waits for the other player's (seconds)
WINDOW: Final = 0.150
#: the most compensation one press may claim (seconds)
CAP: Final = 0.500
#: allowance for jitter above the measured round trip (seconds)
MARGIN: Final = 0.010
#: compensation a player may hold in hand, and how fast it comes back (seconds, and seconds per second of race)
QUOTA: Final = 1.0
REFILL: Final = 0.25
#: the share of the table's way to the player credited to him (see above)
CREDIT: Final = 0.5
#: the card moves: the only actions that can exclude one another (turning and picking up touch one's own pack)
CARD_MOVES: Final = ("play", "stop")


@dataclass(frozen=True)
class Press:
    """A player's action as it reached the server.

    ``arrival``: the server's time it arrived.  ``shown``: the time of the table the player reacted to, which
    is when the server sent it (None: no claim, judged on arrival).  ``reaction``: the
    seconds between that table showing and the press, by the player's clock.  ``pressed``: when he pressed,
    his clock read on the server's through the socket's measured offset (None: taken as ``arrival``).
    """

    seat: int
    action: str
    arrival: float
    shown: float | None = None
    reaction: float = 0.0
    pressed: float | None = None


@dataclass(order=True)
class Entry:
    time: float
    order: int
    seat: int = field(compare=False)
    action: str = field(compare=False)
    arrival: float = field(compare=False)
    #: the time of the table the player reacted to (his arrival where he claimed none)
    shown: float = field(compare=False, default=0.0)


@dataclass
class Outcome:
    """What one call did: presses applied, refused (with the reason) and overtaken (applied, then undone)."""

    applied: list[Entry] = field(default_factory=list)
    refused: list[tuple[Entry, str]] = field(default_factory=list)
    overtaken: list[Entry] = field(default_factory=list)


def conflict(state: BigglesState, seat: int, action: str, other_action: str) -> bool:
    """Whether the other seat's ``other_action`` and ``seat``'s ``action`` exclude each other: either,
    applied first, leaves the other illegal."""
    other = 1 - seat
    first = state.clone()
    first.apply(seat, action)
    if not first.is_over and other_action not in first.legal_actions(other):
        return True
    second = state.clone()
    second.apply(other, other_action)
    return second.is_over or action not in second.legal_actions(seat)


def contested(state: BigglesState, seat: int, action: str) -> bool:
    """A card move the other seat's own card move, legal now, would exclude (or be excluded by)."""
    if not action.startswith(CARD_MOVES) or action not in state.legal_actions(seat):
        return False
    return any(conflict(state, seat, action, mine) for mine in state.legal_actions(1 - seat)
               if mine.startswith(CARD_MOVES))


class Referee:
    """The live order of one Biggles game's actions: by compensated time, within bounds.

    ``state`` is the game as judged so far, the very object given: a late press put back in its place
    rewrites it in place (``_become``), so a session and its bots keep holding the same state.
    ``fair=False`` judges every press on arrival, as a plain server does (for comparison).
    """

    def __init__(self, state: BigglesState, *, fair: bool = True, window: float = WINDOW, cap: float = CAP,
                 rollback: bool = True):
        self.state = state
        self.fair = fair
        self.rollback = rollback
        self.window = window
        self.cap = cap
        self.rtt = [0.0, 0.0]                      # the measured round trip of each seat (seconds)
        self.quota = [QUOTA, QUOTA]
        self._refilled = 0.0
        self._base = state.clone()                 # the game before the tentative entries
        self._entries: list[Entry] = []            # applied, not yet settled, in time order
        self._held: list[tuple[float, Entry]] = []  # (due, entry): contested presses waiting
        self._order = 0
        self.counts = {"clamped": 0, "held": 0, "rolled_back": 0, "overtaken": 0, "quota_short": 0}

    # -- the compensated time ------------------------------------------------------------
    def way(self, seat: int) -> float:
        """The longest one way to or from ``seat`` the socket's measure allows: half the round trip (as NTP
        reads it), and the margin."""
        return self.rtt[seat] / 2 + MARGIN

    def pressed(self, press: Press) -> float:
        """When the press was made, on the server's clock: at most one way before it came."""
        if not self.fair or press.pressed is None:
            return press.arrival
        earliest = press.arrival - self.way(press.seat)
        if not earliest - MARGIN <= press.pressed <= press.arrival + MARGIN:
            self.counts["clamped"] += 1               # (counted beyond a margin: jitter and the offset's own error)
        return min(max(press.pressed, earliest), press.arrival)

    def allowed(self, seat: int) -> float:
        """The most compensation a press of ``seat`` may get: his press's way up, and the credited share of the
        table's way down."""
        return min(self.cap, (1 + CREDIT) * self.way(seat))

    def claimed(self, press: Press) -> float:
        """The time a press counts at: the credited share of the table's way down taken off when he pressed,
        each reading bounded by the measured round trip."""
        if not self.fair or press.shown is None:
            return press.arrival
        pressed = self.pressed(press)
        seen = press.shown + press.reaction            # when he pressed, less the table's way down to him
        bounded = min(max(seen, pressed - self.way(press.seat)), pressed)
        if seen < bounded - MARGIN:
            self.counts["clamped"] += 1
        claim = CREDIT * bounded + (1 - CREDIT) * pressed
        return max(claim, press.arrival - self.cap)

    def measured(self, seat: int, rtt: float) -> None:
        """The socket's filtered round trip for ``seat`` (seconds)."""
        self.rtt[seat] = max(0.0, rtt)

    def _refill(self, now: float) -> None:
        gained = max(0.0, now - self._refilled) * REFILL
        self._refilled = now
        self.quota = [min(QUOTA, q + gained) for q in self.quota]

    # -- presses ------------------------------------------------------------------------
    def submit(self, press: Press) -> Outcome:
        """A press arrives: applied now, held (contested, within the window), or put back in its place."""
        now = press.arrival
        outcome = self.release(now)
        self._refill(now)
        self._order += 1
        entry = Entry(self.claimed(press), self._order, press.seat, press.action, press.arrival,
                      press.arrival if press.shown is None else press.shown)
        rivals = [e for _, e in self._held if e.seat != entry.seat]
        if any(entry < rival for rival in rivals):
            # going before a press that came sooner is paid for from the quota (and short of it, may no longer)
            entry = self._afforded(entry)
            if any(entry < rival for rival in rivals):
                self._draw(entry)
        # a held press that claims an earlier time comes first: nothing later need wait for it
        earlier = sorted(e for _, e in self._held if e < entry)
        self._held = [(d, e) for d, e in self._held if not e < entry]
        for held in earlier:
            self._place(held, outcome)
        if self.fair and entry.time < now and contested(self.state, press.seat, press.action):
            # the other player's press may be on its way: wait until it would have come, at most the window
            due = min(now + self.window, entry.time + self.allowed(1 - press.seat))
            if due > now:
                self.counts["held"] += 1
                self._held.append((due, entry))
                return outcome
        self._place(entry, outcome)
        return outcome

    def _afforded(self, entry: Entry) -> Entry:
        """``entry`` as far as its player's quota pays for its compensation: short of it, the press claims only
        what is left (counted)."""
        if entry.arrival - entry.time <= self.quota[entry.seat]:
            return entry
        self.counts["quota_short"] += 1
        return replace(entry, time=entry.arrival - self.quota[entry.seat])

    def _draw(self, entry: Entry) -> None:
        """``entry``'s compensation, which put it before a press that came sooner, is spent."""
        self.quota[entry.seat] -= entry.arrival - entry.time

    def next_time(self) -> float | None:
        """When a held press falls due (None when none is held)."""
        return min((due for due, _ in self._held), default=None)

    def release(self, now: float) -> Outcome:
        """Apply the held presses due by ``now``, earliest claim first."""
        outcome = Outcome()
        due = sorted((e for d, e in self._held if d <= now))
        self._held = [(d, e) for d, e in self._held if d > now]
        for entry in due:
            self._place(entry, outcome)
        return outcome

    def settle(self, now: float) -> None:
        """Entries older than any press could still claim become final: nothing can come before them now."""
        horizon = now - self.cap - MARGIN
        while self._entries and self._entries[0].time < horizon and not any(e.time <= self._entries[0].time
                                                                           for _, e in self._held):
            first = self._entries.pop(0)
            self._base.apply_if_legal(first.seat, first.action, first.time)

    def settle_all(self) -> Outcome:
        """Everything judged so far is final (a match has ended, the race stops): the presses still held are
        judged now, and nothing may come before any of it."""
        outcome = Outcome()
        for _, entry in sorted(self._held, key=lambda held: held[1]):
            self._place(entry, outcome)
        self._held = []
        self._entries = []
        self._base = self.state.clone()
        return outcome

    def settled(self) -> int:
        """How many of the state's actions are final (a server stores those; the rest may yet be reordered)."""
        return len(self._base.history)

    def _place(self, entry: Entry, outcome: Outcome) -> None:
        """Apply ``entry`` at its time: at the end as a rule; before later entries by playing them again."""
        later = [e for e in self._entries if e > entry]
        if not later or not self.rollback:
            if self.state.apply_if_legal(entry.seat, entry.action, entry.time):
                self._entries.append(entry)
                outcome.applied.append(entry)
            else:
                outcome.refused.append((entry, self.state.explain_illegal(entry.seat, entry.action)))
            return
        # a late press with an earlier claim: the race again from before it, each entry in time order; where that
        # changes nothing but the order of moves that do not touch each other, it costs nothing
        state, kept, lost, why = self._replay(entry)
        if not lost:
            if why is None:
                self._entries = kept
                _become(self.state, state)
                outcome.applied.append(entry)
            else:                               # illegal wherever it goes: refused, and nothing changes
                outcome.refused.append((entry, why))
            return
        # the compensation that would decide a contest is drawn from a quota: short of it, the press claims only
        # what is left
        afforded = self._afforded(entry)
        if afforded is not entry:
            entry = afforded
            state, kept, lost, why = self._replay(entry)
        if lost:
            self._draw(entry)
            self.counts["rolled_back"] += 1
            self.counts["overtaken"] += len(lost)
        outcome.overtaken.extend(lost)
        if why is None:
            outcome.applied.append(entry)
        else:
            outcome.refused.append((entry, why))
        self._entries = kept
        _become(self.state, state)

    def _replay(self, entry: Entry) -> tuple[BigglesState, list[Entry], list[Entry], str | None]:
        """The game from the last settled point with ``entry`` in its place: the state, the entries that stand,
        those of the others that no longer do, and why ``entry`` does not stand (None if it does)."""
        state = self._base.clone()
        kept: list[Entry] = []
        lost: list[Entry] = []
        why = None
        for e in sorted([*self._entries, entry]):
            if e is entry and e.action not in state.legal_actions(e.seat):
                why = state.explain_illegal(e.seat, e.action)
            elif state.apply_if_legal(e.seat, e.action, e.time):
                kept.append(e)
            elif e is not entry:
                lost.append(e)
        return state, kept, lost, why


def _become(state: BigglesState, other: BigglesState) -> None:
    """``state`` takes every attribute of ``other`` (in either form: a compiled class lists its attributes in
    ``__getstate__`` as Python's own objects do since 3.11)."""
    attributes = cast(dict[str, Any], other.__getstate__())
    for name, value in attributes.items():
        setattr(state, name, value)
