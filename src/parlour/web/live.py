"""A table being played: the state in memory, its log in the store, its players on sockets.

The server owns the seed, the state and the log (as boardgame.io's does).
Every move, a person's or a bot's, takes the same path: the rules say whether
it is legal, the store writes it, and only then is it applied and everyone
told.  A table is rebuilt from the store by replaying its log, so a restart
or a crash loses nothing that was acknowledged.

No one connection can hold a table back.  Each ``Connection`` has its own
outgoing queue and its own task that sends it: a table only marks its
connections' views out of date, and each sender builds the latest view when
it gets to it, so a reader that falls behind skips views it would never have
seen instead of slowing the table.  A connection that cannot take a message
within ``SEND_TIMEOUT``, or lets ``QUEUE`` other messages pile up, is
dropped; one that sends more than its ``RATE`` (moves the table accepts
are free) is refused, and closed if it keeps on.

Moves are written by the store's ``Writer`` thread (batched commits), never
on the event loop.  Several server processes may share a PostgreSQL
database: a copy of a table that another process got ahead of reloads the
new moves (``catch_up``) instead of refusing, and a table's bots run only in
the process that holds its lease (``leased``).

Each connection sees its own seat's observation and legal actions; a
spectator sees what a spectator at the real table would.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from fastapi import WebSocket

from parlour.bots import decide, make_bot, own_bot, replay_with_bots
from parlour.bots.analysis import judged
from parlour.engine.errors import ParlourError
from parlour.engine.record import GameRecord, record_of, variant_under
from parlour.games import get_game
from parlour.store import Logged, Store, StoreConflict, StoredTable, StoreUnavailable
from parlour.store.writer import Writer
from parlour.web.advice import Advisor
from parlour.web.metrics import Metrics
from parlour.web.models import Chooser, ErrorMessage, Hint, HintOption, Ping, RaceView, SeatView, TableView, Timing
from parlour.web.thinking import ThinkingBusy, decide_in_worker

if TYPE_CHECKING:
    from parlour.games.biggles.session import Claim, LiveGame

#: a person's or bot's seat as stored: {"kind": "person", "name": "Ann"} or {"kind": "bot", "bot": "heuristic"}
PERSON, BOT = "person", "bot"


log = logging.getLogger("parlour.web")
#: a table that has not ended after this many moves is closed (a variant may allow endless play)
MAX_ACTIONS = 200_000
#: messages a connection may have waiting besides its latest view; past that it has fallen behind and is dropped
QUEUE = 32
#: seconds one message may take to leave; a reader slower than that is dropped
SEND_TIMEOUT = 10.0
#: seconds the closing handshake may take before the server gives up on it
CLOSE_TIMEOUT = 2.0
#: messages a connection may send: so many a second on average, and so many at once
RATE, BURST = 30.0, 60
#: messages refused for coming too fast before the connection is closed: so many at once, then so many a second
STRIKES, STRIKES_RATE = 100, 10.0
#: close codes: too many messages (a policy violation), too slow a reader ("try again later")
CLOSE_ABUSE, CLOSE_SLOW = 1008, 1013
TOO_MANY = f"too many messages (at most {RATE:.0f} a second); that one was not read"
#: the first and the longest wait, in seconds, before a write the database refused is tried again
RETRY = (0.1, 2.0)
#: a move the database refused, in the player's words: its reason (a file, a socket, a host) goes to the log only
NOT_SAVED = "The server could not save that move; try again."
#: the step that ends a game by agreement, counted as it stands, in the games whose rules offer one (the sets game of
#: British Towns, once it has stalled: its state's ``finish_offered``); never among the legal moves
AGREED_FINISH = "finish"
#: why a finish by agreement is refused at a table with other people: each would have to agree
OTHERS_MUST_AGREE = ("Finishing here needs every player's agreement, and the table asks for it only where all the "
                     "other players are bots: play on, or close the table.")
#: a paused race's last moves being stored (a task nobody holds may be collected before it ends)
PAUSING: set[asyncio.Task[None]] = set()
#: in a race, how often each player's socket is pinged (seconds), and how many samples its measure keeps
PING_EVERY, PING_SAMPLES = 1.0, 8
#: views of a race whose time is kept, for presses that name the view they answered
SHOWN_KEPT = 256
#: hints a seat may ask for: one every so many seconds on average, and so many at once
HINT_EVERY, HINT_BURST = 2.0, 3
#: times a race's clock task that failed is started again before the race is paused with a message instead
RESTARTS = 3
NO_HINTS = "this table was made without hints (the option is chosen when a table is made, for everyone at it)"


def _report(task: asyncio.Task) -> None:
    """A bot loop that died says why in the server's log (its table waits until it is opened again)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a table's bots stopped", exc_info=task.exception())


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:                         # called from outside the event loop (a test tidying up)
        return None


class Refused(ParlourError):
    """A message this table will not act on; the reason goes back to its sender only."""


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``size`` saved up; ``take`` spends one if there is one."""

    def __init__(self, rate: float, size: int, clock: Callable[[], float] = time.monotonic):
        self.rate, self.size, self.clock = rate, size, clock
        self.tokens, self.at = float(size), clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.size), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(frozen=True)
class _Close:
    code: int
    reason: str


#: the latest view, in a connection's queue: built when it is sent, so it is never out of date
_VIEW = object()


class Connection:
    """One socket at a table, for a seat (or None: a spectator), with its own queue and sender.

    ``post`` and ``refresh`` queue a message and return at once; the sender task writes them in order
    (``_write`` is the one place a connection's socket is written).  ``receive`` gives the next
    message the client sent, within its rate, or None once either side has closed the connection.
    """

    def __init__(self, socket: WebSocket, seat: int | None = None, metrics: Metrics | None = None):
        self.socket = socket
        self.seat = seat
        self.metrics = metrics or Metrics()
        self.table: LiveTable | None = None
        self.outbox: deque[Any] = deque()
        self.view_waiting = False
        self.closing = False
        self.wake = asyncio.Event()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sender: asyncio.Task[None] | None = None
        self.rate = Bucket(RATE, BURST)
        self.strikes = Bucket(STRIKES_RATE, STRIKES)
        #: a race's pings: when each went (the table's clock), and the last samples (round trip, clock offset)
        self.pings: dict[int, float] = {}
        self.samples: deque[tuple[float, float]] = deque(maxlen=PING_SAMPLES)

    @property
    def kind(self) -> str:
        return "spectator" if self.seat is None else "seat"

    # -- sending: queued, one task per connection -------------------------------------------------
    def attach(self, table: LiveTable) -> None:
        self.table = table
        if self.sender is None:
            self.sender = asyncio.get_running_loop().create_task(self._send_all())

    def detach(self) -> None:
        if self.sender is not None and self.sender is not _current_task():
            self.sender.cancel()
        self._end()

    def refresh(self) -> None:
        """Queue the latest view (unless one is already waiting: views supersede each other)."""
        if not self.view_waiting and not self.closing:
            self.view_waiting = True
            self._queue(_VIEW)

    # -- a race's clock: round trip and offset, from pings -----------------------------------------------
    def ping(self, number: int, now: float) -> None:
        self.pings = {n: t for n, t in self.pings.items() if n > number - PING_SAMPLES}
        self.pings[number] = now
        self.post(Ping(id=number))

    def pong(self, number: int, at: float, now: float) -> None:
        """The page's answer to a ping: a round trip, and the page's clock less the table's, read NTP's way."""
        sent = self.pings.pop(number, None)
        if sent is not None:
            trip = now - sent
            self.samples.append((trip, at - (sent + trip / 2)))

    def round_trip(self) -> float | None:
        """The filtered round trip: the longest of the last few (a press may claim no more than it allows)."""
        return max(trip for trip, _ in self.samples) if self.samples else None

    def offset(self) -> float | None:
        """The page's clock less the table's, from the quickest recent ping (the least skewed by the way)."""
        return min(self.samples)[1] if self.samples else None

    def post(self, message: ErrorMessage | Hint | Ping) -> None:
        if not self.closing:
            self._queue(message)

    async def refuse(self, reason: str) -> None:
        """Tell this connection only why its message was refused (at once if it is not at a table yet)."""
        if self.sender is None:
            await self._write(ErrorMessage(message=reason).model_dump_json())
        else:
            self.post(ErrorMessage(message=reason))

    def close(self, code: int, reason: str) -> None:
        """Close after what is already queued has gone (or could not go)."""
        if not self.closing:
            self.closing = True
            self._queue(_Close(code, reason), bounded=False)
            if self.sender is None:
                self._end()

    def _queue(self, item: Any, bounded: bool = True) -> None:
        if bounded and len(self.outbox) >= QUEUE:
            self.outbox.clear()               # a reader this far behind is dropped: its backlog goes unsent
            self.view_waiting = False
            self.metrics.dropped.labels("slow").inc()
            self.close(CLOSE_SLOW, "too far behind")
            return
        self.outbox.append(item)
        self.wake.set()

    async def _write(self, text: str) -> None:
        await self.socket.send_text(text)

    async def _send_all(self) -> None:
        try:
            while True:
                if not self.outbox:
                    self.wake.clear()
                    await self.wake.wait()
                    continue
                item = self.outbox.popleft()
                if isinstance(item, _Close):
                    await asyncio.wait_for(self.socket.close(item.code, item.reason), CLOSE_TIMEOUT)
                    return
                version = None
                if item is _VIEW:
                    self.view_waiting = False
                    assert self.table is not None, "a view is queued only at a table"
                    version = self.table.version
                    text = self.table.view_text(self.seat)
                else:
                    text = item.model_dump_json()
                await asyncio.wait_for(self._write(text), SEND_TIMEOUT)
                if version is not None and self.table is not None:
                    self.table.sent(self, version)
        except asyncio.TimeoutError:
            if not self.closing:                # a reader too slow to take one message: given up on
                self.closing = True
                self.metrics.dropped.labels("slow").inc()
        except Exception:                       # the client has gone: its handler ends the connection
            pass
        finally:
            self._end()

    def _end(self) -> None:
        self.closing = True
        if not self.closed.done():
            self.closed.set_result(None)

    # -- receiving: within the rate -----------------------------------------------------------------
    def credit(self) -> None:
        """A move the table accepted costs nothing: a quick player is never refused; views and refusals count."""
        self.rate.tokens = min(float(self.rate.size), self.rate.tokens + 1)

    async def receive(self) -> dict[str, Any] | None:
        """The client's next message (an ASGI ``websocket.receive``), or None once the connection is over.

        A message over the rate is refused unread; too many of those and the connection is closed.
        """
        while not self.closed.done():
            if self.closing:                    # the sender is closing it: wait until it has
                await asyncio.shield(self.closed)
                break
            receiving: asyncio.Future[Any] = asyncio.ensure_future(self.socket.receive())
            await asyncio.wait([receiving, self.closed], return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():
                receiving.cancel()
                break
            if receiving.exception() is not None:
                break                           # the socket failed under it: the client has gone
            frame: dict[str, Any] = dict(receiving.result())
            if frame["type"] == "websocket.disconnect":
                break
            if self.rate.take():
                return frame
            self.metrics.refused.inc()
            if self.strikes.take():
                self.post(ErrorMessage(message=TOO_MANY))
            else:
                self.metrics.dropped.labels("abuse").inc()
                self.close(CLOSE_ABUSE, "too many messages")
        return None


#: the table option that says which version of its game's rules a table was set up under
RULES_VERSION = "rules_version"
#: the rules a table was set up under where it does not say (tables stored before they said so, 2026-12-05):
#: each game's version on that day, which was 1 for Squadron Scramble and Football Whist and its present one for
#: the others
UNSAID_RULES = {"squadron-scramble": "1", "football-whist": "1"}


def played_variant(game: Any, stored: StoredTable) -> dict[str, Any]:
    """The variant, in the options of the rules now, that a stored table is played under.

    A table set up before its game's rules changed goes on under the rules it began with (as an old record
    replays under its own: ``engine.record.played_variant``): its log would not replay under the new ones.
    """
    version = stored.options.get(RULES_VERSION) or UNSAID_RULES.get(game.id, game.rules_version)
    variant = variant_under(game, version, stored.variant)
    if variant is None:
        raise ParlourError(f"this table was set up under rules version {version} of {game.title}, which Parlour "
                           f"no longer plays (it has version {game.rules_version})")
    return variant


class LiveTable:
    """A table in play: its state in memory, its log in the store, its connections.

    ``on_finish(table, first)`` runs once the game ends here, or the table is closed; ``first`` is True in
    the one process (and the one run) that marked it finished in the store, which then enters its result
    in a drive.  A game still going after ``max_moves`` moves is closed.  ``leased`` says whether this
    process runs the table's bots (``registry.Tables`` keeps it up to date).
    """

    def __init__(self, stored: StoredTable, store: Store, bot_delay: float = 0.6,
                 clock: Callable[[], float] = time.monotonic,
                 on_finish: Callable[["LiveTable", bool], Awaitable[None]] | None = None,
                 writer: Writer | None = None, metrics: Metrics | None = None, max_moves: int = MAX_ACTIONS,
                 advisor: Advisor | None = None):
        self.id = stored.id
        self.advisor = advisor or Advisor()
        #: the table allows hints (chosen when it was made, shown to everyone at it)
        self.hints = bool(stored.options.get("hints"))
        #: who chose the seed: "server", or "creator" where nobody else plays (``registry._seed_for``); None: not kept
        self.seed_chosen_by: Chooser | None = stored.options.get("seed_chosen_by")
        #: seats whose hint is being thought about now: the position asked about (moves made) and the thinking
        self.hinting: dict[int, tuple[int, asyncio.Future[tuple[list[dict[str, Any]], float]]]] = {}
        self.hint_rate: dict[int, Bucket] = {}
        self.max_moves = max_moves
        self.finishing: asyncio.Task[None] | None = None
        self.meta = stored.meta or {}
        self.on_finish = on_finish
        self.store = store
        self.writer = writer or Writer(store)
        self.metrics = metrics or Metrics()
        self.game = get_game(stored.game)
        self.bot_delay = bot_delay
        #: a real-time game's bots race at this many times the live tables' usual speed (a cycle's at the
        #: watchers' pace: a quarter, ``set_race_pace``)
        self.race_pace = 1.0
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.task: asyncio.Task[None] | None = None
        self.clock = clock
        self.live: LiveGame | None = None         # a real-time game's clock, running while every person is here
        self.paused_at = 0.0
        self.nudge = asyncio.Event()              # a race's clock task waits on it while the race waits for people
        self.leased = True
        self.version = 0                          # counts changes: a view built for one is good until the next
        self.shown_at: dict[int, float] = {}      # a race's views: when each was sent, on the race clock
        self.pinged = 0                           # a race's pings so far, and the race clock at the last one
        self.pinged_at = float("-inf")
        self.claims_counted: dict[str, int] = {}  # the referee's counts already added to the metrics
        self.rendered: dict[int | None, str] = {}
        #: a line the table shows while a bot plays by rule of thumb because the server is busy
        self.notice: str | None = None
        #: the game's account of its finished game (``after_game``), with the number of moves it was worked from
        self._account: tuple[int, dict[str, Any]] | None = None
        #: the last move's (version, start, by) and the connections still to be sent its view
        self.delivery: tuple[int, float, str] | None = None
        self.undelivered: set[Connection] = set()
        #: a race's clock task that failed, started again so many times (``_clock_ended``)
        self.restarts = 0
        self._rebuild(stored)

    def _rebuild(self, stored: StoredTable) -> None:
        """State and bots from the header and the log, the bots deciding again so their random streams agree;
        the seats' names and whether the table was closed (by this process or another) from the header."""
        self.seats = stored.seats
        #: the result of a table closed before its game ended: {"abandoned": true, "winner": null, "reason"}
        self.abandoned: dict[str, Any] | None = (stored.result if stored.result and stored.result.get("abandoned")
                                                 else None)
        self.done = stored.finished is not None
        self.state = self.game.new_state(seats=len(stored.seats), variant=played_variant(self.game, stored),
                                         seed=stored.seed)
        self.bots = {
            seat: make_bot(self.game, info["bot"], seat, (self.state.seed or 0) + seat)
            for seat, info in enumerate(stored.seats) if info["kind"] == BOT
        }
        self._replay(stored.actions)
        self.stored = len(stored.actions)          # actions in the log; the state may run ahead in a race

    @property
    def ended(self) -> bool:
        """The game is over, or the table was closed before its end."""
        return self.state.is_over or self.abandoned is not None

    def result(self) -> dict[str, Any] | None:
        return self.abandoned or (self.state.result() if self.state.is_over else None)

    def _replay(self, logged: list[tuple[int, str, float | None]]) -> None:
        start = len(self.state.history)
        replay_with_bots(self.state, self.bots, ((seat, action) for seat, action, _ in logged))
        for index, (_, _, when) in enumerate(logged, start):
            if when is not None:
                self.state.times[index] = when

    # -- what each connection sees ---------------------------------------
    def view(self, seat: int | None) -> TableView:
        state = self.state
        connected = {c.seat for c in self.connections}
        observation = state.observation(seat)
        if self.hints and not self.ended:
            # what each move does, in a few words, beside the hint's rows
            self.game.with_reasons(state, seat, observation)
        # the game's word on a hint at this decision (the plane-spotting game's naming step: none)
        withheld = (self.game.hint_withheld(observation)
                    if self.hints and seat is not None and seat in state.to_move else None)
        return TableView(
            table=self.id,
            game=self.game.id,
            seat=seat,
            seats=[
                SeatView(name=info.get("name") or names, kind=info["kind"], bot=info.get("bot"),
                         connected=info["kind"] == BOT or s in connected)
                for s, (info, names) in enumerate(zip(self.seats, self.game.seat_names(len(self.seats)), strict=True))
            ],
            observation=observation,
            # a race offers moves only between Go and the match's end: the server refuses them at other times;
            # a table closed before its end (abandoned) offers none, whoever's turn it was
            legal=list(state.legal_actions(seat)) if seat is not None and self._racing() and not self.ended else [],
            to_move=sorted(state.to_move),
            moves=len(state.history),
            over=self.ended,
            result=self.result(),
            real_time=self.game.real_time,
            running=self.live is not None,
            clock=self.live.now() if self.live is not None else None,
            hints=self.hints,
            hint_withheld=withheld,
            race=self._race() if self.game.real_time else None,
            notice=self.notice,
            finish_offered=self.finish_offered(seat),
            version=self.version if self.game.real_time else None,
            after_game=self._after_game(),
        )

    def _after_game(self) -> dict[str, Any] | None:
        """The game's account of a game played to its end (worked out once), else None."""
        if not self.ended or self.abandoned or self.game.after_game is None:
            return None
        if self._account is None or self._account[0] != len(self.state.history):
            self._account = (len(self.state.history), self.game.after_game(self.state))
        return self._account[1]

    def _race(self) -> RaceView:
        """Where a real-time game's race stands, for the page to draw the start, the count and a match's end."""
        from parlour.games.biggles.session import COUNT, COUNTING, WAITING, untouched

        live, state = self.live, self.state
        match = len(state.match_results) if state.is_over else state.match_no + 1
        if self.ended or live is None:
            return RaceView(phase="over" if self.ended else "paused", match=match, ready=[], waiting_for=[],
                            go_in=None, count=COUNT)
        waiting = live.waiting_for()            # empty once the count has begun: everyone was ready for it
        phase = "match-over" if live.phase == WAITING and state.match_results else live.phase
        return RaceView(phase=phase, match=match, ready=[s for s in range(len(self.seats)) if s not in waiting],
                        waiting_for=waiting, go_in=live.go_in(), count=live.count,
                        resumed=live.phase == COUNTING and not untouched(state),
                        cascade=bool(getattr(state, "variant", {}).get("cascade", False)))

    def view_text(self, seat: int | None) -> str:
        """The view as sent; built once per change and seat (every spectator gets the same), except in a race,
        whose clock moves on between changes."""
        if self.game.real_time:
            return self.view(seat).model_dump_json()
        if seat not in self.rendered:
            self.rendered[seat] = self.view(seat).model_dump_json()
        return self.rendered[seat]

    def broadcast(self) -> None:
        """Something changed: every connection's view is out of date (each sender builds it when it gets to it)."""
        self.version += 1
        self.rendered.clear()
        if self.live is not None:               # a press names the view it answered: when that view went out
            self.shown_at[self.version] = self.live.now()
            self.shown_at.pop(self.version - SHOWN_KEPT, None)
        for connection in self.connections:
            connection.refresh()

    def _racing(self) -> bool:
        """Moves may be made now: always in a turn-by-turn game; in a race, between Go and the match's end."""
        from parlour.games.biggles.session import RUNNING

        return not self.game.real_time or (self.live is not None and self.live.phase == RUNNING)

    def finish_offered(self, seat: int | None) -> bool:
        """Whether ``seat`` may finish the game here by agreement, counted as it stands: its rules offer it now
        (``finish_offered``: a stalled sets game, at that seat's turn) and nobody else need agree (every other
        seat is a bot: the person alone decides)."""
        offered = getattr(self.state, "finish_offered", None)
        return (seat is not None and offered is not None and not self.ended and seat not in self.bots
                and self._alone_with_bots(seat) and bool(offered(seat)))

    def _alone_with_bots(self, seat: int) -> bool:
        """Every seat but ``seat`` is played by a bot."""
        return all(s in self.bots for s in range(len(self.seats)) if s != seat)

    async def finish(self, seat: int) -> None:
        """A person finishes the game by agreement (``finish_offered``): the rules end it and count it as it stands,
        and the log keeps the step (``AGREED_FINISH``), so that the replay and the record end the same way.
        Raises ``Refused``, changing nothing."""
        started = time.perf_counter()
        async with self.lock:
            offered = getattr(self.state, "finish_offered", None)
            if self.ended:
                raise Refused("the game is over")
            if offered is None:
                raise Refused(f"{self.game.title} is never finished by agreement: it ends by its rules")
            if seat in self.bots:
                raise Refused(f"seat {seat} is played by a bot")
            if not self._alone_with_bots(seat):
                raise Refused(OTHERS_MUST_AGREE)
            if not offered(seat):
                raise Refused(self.state.explain_illegal(seat, AGREED_FINISH))
            try:
                await self._commit(seat, AGREED_FINISH, "person", started)
            except StoreConflict:                  # another process moved first: reload, then look again
                await self.reload()
                raise Refused(self._moved_on(seat, AGREED_FINISH, None)) from None
            except StoreUnavailable as error:
                log.warning("table %s: seat %s's finish is not saved: %s", self.id, seat, error)
                raise Refused(NOT_SAVED) from None

    async def close(self, reason: str) -> None:
        """End the table before its game does (its seats left it, or it went on too long); nothing to enter."""
        async with self.lock:
            if self.ended:
                raise Refused("the game is over")
            self.abandoned = {"abandoned": True, "winner": None, "reason": reason}
            self.stop()
            self.live = None
            await self._finish()
        self.broadcast()

    async def _finish(self) -> None:
        """The game is over, or the table closed: mark it in the store (once, whichever process gets there
        first) and pass it on.  If the database refuses, the moves are stored already and only the end waits:
        it is tried again by itself (``_finish_later``)."""
        if self.done:
            return
        self.done = True
        try:
            first = await asyncio.to_thread(self.store.finish, self.id, self.result() or {})
        except Exception as error:
            self.done = False
            self.metrics.database_errors.labels("finish").inc()
            log.warning("table %s: its end is not stored yet: %s", self.id, error)
            if self.finishing is None or self.finishing.done():
                self.finishing = asyncio.get_running_loop().create_task(self._finish_later())
                self.finishing.add_done_callback(_report)
            return
        if self.on_finish is not None:
            try:
                await self.on_finish(self, first)
            except Exception:                   # the game is safe in the store; only the follow-up failed
                log.exception("table %s finished, but its result could not be passed on", self.id)

    async def _finish_later(self) -> None:
        """Mark the end until the database takes it, each wait twice the last, up to ``RETRY[1]``."""
        wait = RETRY[0]
        while not self.done:
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY[1])
            await self._finish()

    # -- moves --------------------------------------------------------------
    async def _store(self, seat: int, action: str, when: float | None = None) -> None:
        """Write the next action to the log (before it is applied: what is acknowledged is committed).

        Raises ``StoreConflict`` if another process stored an action at that index first, and
        ``StoreUnavailable`` if the database refused it (nothing is applied then).
        """
        await self._persist()
        await self._append(seat, action, when)

    async def _append(self, seat: int, action: str, when: float | None) -> None:
        """Hand the log's next action to the writer, and count it once committed.

        A write is never abandoned halfway: if this task is cancelled meanwhile (someone left a race, the
        server stops), the write is waited for and counted before the cancellation goes on, so that the
        next write never takes an index already stored.
        """
        writing = asyncio.ensure_future(self.writer.append(Logged(self.id, self.stored, seat, action, when)))
        try:
            await asyncio.shield(writing)
        except asyncio.CancelledError:
            await asyncio.wait([writing])
            if not writing.cancelled() and writing.exception() is None:
                self.stored += 1
            raise
        self.stored += 1

    async def _commit(self, seat: int, action: str, by: str, started: float) -> None:
        await self._store(seat, action)
        self.state.apply(seat, action)
        await self._moved(by, started)

    async def _moved(self, by: str, started: float) -> None:
        """After a move: a game that ended is marked finished first, then every connection is told."""
        if self.state.is_over:
            await self._finish()
        self.broadcast()
        self.metrics.moved(by, time.perf_counter() - started)
        # the move's whole path ends when its view has left for the last connection (``sent``)
        self.delivery = (self.version, started, by)
        self.undelivered = set(self.connections)
        self._delivered()

    def sent(self, connection: Connection, version: int) -> None:
        """A connection's sender wrote the view of ``version``: one fewer to go for the last move."""
        if self.delivery is not None and version >= self.delivery[0]:
            self.undelivered.discard(connection)
            self._delivered()

    def _delivered(self) -> None:
        if self.delivery is not None and not self.undelivered:
            _, started, by = self.delivery
            self.metrics.move_delivered.labels(by).observe(time.perf_counter() - started)
            self.delivery = None

    async def _persist(self) -> None:
        """Moves a race has already applied, written to the log in order once they are final (a press that
        came late may yet put itself before the last half second's: ruling 14)."""
        final = self.live.settled() if self.live is not None else len(self.state.history)
        if final > len(self.state.history):
            # seen once, in a loaded CI run (a race paused and resumed at once), cause not yet found: said, and the
            # log never runs ahead of the state (the loop's bound), so the moves the state has are stored
            log.error("table %s: %d moves counted final but the game holds %d; storing those it holds",
                      self.id, final, len(self.state.history))
        while self.stored < min(final, len(self.state.history)):
            seat, action = self.state.history[self.stored]
            await self._append(seat, action, self.state.times[self.stored])

    def claim(self, connection: Connection, timing: Timing | None) -> Claim | None:
        """What a press in a race claims, on the race clock (None: it counts when it comes): the time of the
        view it answered, the reaction, and its press time through the offset the socket's pings measure."""
        from parlour.games.biggles.session import Claim

        live = self.live
        offset = connection.offset()
        if live is None or timing is None or offset is None or timing.version not in self.shown_at:
            return None
        return Claim(self.shown_at[timing.version], timing.reaction, live.now() - (self.clock() - (timing.at - offset)))

    async def act(self, seat: int | None, text: str, moves: int | None = None,
                  connection: Connection | None = None, timing: Timing | None = None) -> None:
        """A person's move (``text`` checked for its form by ``models.Act``); raises ``Refused``, changing nothing.
        In a race, ``timing`` (with the ``connection``'s measured round trip) says when it was made."""
        started = time.perf_counter()
        if seat is None:
            raise Refused("spectators cannot move; join a free seat to play")
        if seat in self.bots:
            raise Refused(f"seat {seat} is played by a bot")
        async with self.lock:
            state = self.state
            if self.ended:
                raise Refused("the game is over")
            if self.game.real_time and self.live is None:
                raise Refused("the race starts when every player is at the table")
            if self.live is None and moves is not None and moves != len(state.history):
                raise Refused(self._moved_on(seat, text, moves))
            try:
                action = state.parse_action(text)
            except ParlourError as error:
                raise Refused(str(error)) from None
            try:
                if self.live is not None:
                    # the bots that were quicker go first; the press is judged at its compensated time, and
                    # stored once final
                    live = self.live
                    trip = connection.round_trip() if connection is not None else None
                    if trip is not None:
                        live.measured(seat, trip)
                    changes = live.changes
                    reason = live.act(seat, action, self.claim(connection, timing) if connection else None)
                    self._count_claims(seat)
                    try:
                        await self._persist()
                    except StoreUnavailable as error:      # applied: the clock's task stores it at a later tick
                        log.warning("table %s: a race's moves are not stored yet: %s", self.id, error)
                    self._tell()
                    if reason is not None:
                        if live.changes != changes:         # the bots or a held press moved meanwhile
                            await self._moved("bot", started)
                        raise Refused(reason)
                    await self._moved("person", started)
                elif action not in state.legal_actions(seat):
                    raise Refused(state.explain_illegal(seat, action))
                else:
                    try:
                        await self._commit(seat, action, "person", started)
                    except StoreConflict:          # another process moved first: reload, then look again
                        await self.reload()
                        raise Refused(self._moved_on(seat, text, moves)) from None
            except StoreUnavailable as error:    # nothing was applied: the move was to be stored first
                log.warning("table %s: a move of seat %s is not saved: %s", self.id, seat, error)
                raise Refused(NOT_SAVED) from None
        self.start_bots()

    def _name(self, seat: int) -> str:
        """A seat as the other players know it: its player's name, else the rules' name for it."""
        return str(self.seats[seat].get("name") or self.game.seat_names(len(self.seats))[seat])

    def _moved_on(self, seat: int, text: str, moves: int | None) -> str:
        """Why a move chosen on an old view of the table is refused, as a sentence: a move the seat had already
        made (a second tap sent before the page had drawn the first one's answer) is said to be made; otherwise
        how many moves came since; and what the table waits for now."""
        since = self.state.history[moves:] if moves is not None and 0 <= moves <= len(self.state.history) else []
        try:
            wanted = self.state.parse_action(text)
        except ParlourError:
            wanted = None
        if any(s == seat and a == wanted for s, a in since):
            head = "That move was already made, so it was not made twice."
        elif since:
            count = "one move was" if len(since) == 1 else f"{len(since)} moves were"
            head = f"The table moved on before your move arrived: {count} made after the position you chose in."
        else:
            head = "The table changed before your move arrived."
        waiting = sorted(self.state.to_move)
        if self.ended:
            now = "The game is over."
        elif seat in waiting:
            now = "It is still your move: choose again from the table as it is now."
        elif waiting:
            names = [self._name(s) for s in waiting]
            who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            now = f"The table now waits for {who}."
        else:
            now = "Look at the table as it is now."
        return f"{head} {now}"

    def _tell(self) -> None:
        """Words for a person about a press of his judged after it was answered (held a moment, or undone)."""
        live = self.live
        if live is None:
            return
        for seat, text in live.notes:
            for connection in self.connections:
                if connection.seat == seat:
                    connection.post(ErrorMessage(message=text))
        live.notes.clear()

    def _count_claims(self, seat: int | None = None) -> None:
        """The referee's counts, added to the metrics as they grow; a clamped claim is logged with its seat."""
        if self.live is None:
            return
        for outcome, count in self.live.referee.counts.items():
            grown = count - self.claims_counted.get(outcome, 0)
            if grown > 0:
                self.metrics.race_claims.labels(outcome).inc(grown)
                if outcome == "clamped":
                    log.info("table %s: %d claim(s) of %s clamped to the measured round trip", self.id, grown,
                             "a player's held press" if seat is None else f"seat {seat}")
            self.claims_counted[outcome] = count

    # -- hints ------------------------------------------------------------------------------
    async def hint(self, seat: int | None, moves: int | None = None) -> Hint:
        """The expert's view of ``seat``'s move now, for that seat's connection alone; raises ``Refused``.

        Only at a table made with hints, for a person at his turn in a turn-by-turn game with more than one
        move to weigh, at a decision the game does not withhold hints from (``GameDescriptor.hint_withheld``:
        the plane-spotting game's naming step), one question at a time per seat (a question about a later
        position withdraws one about a position the table has left; the same one asked again waits for the
        same answer) and at most one every
        ``HINT_EVERY`` seconds (``HINT_BURST`` at once).  The expert thinks in a thread, on a copy of the
        state through the seat's worlds (``Advisor.hint``), while the table plays on.  The answer holds the
        moves the expert judged, best first, and the number it passed over without judging (pruned by the
        game's search: ``unjudged``).
        """
        if not self.hints:
            raise Refused(NO_HINTS)
        if seat is None:
            raise Refused("spectators get no hints: a hint is for the player whose turn it is")
        if self.game.real_time:
            raise Refused(f"{self.game.title} is played against the clock: there are no hints in a race")
        async with self.lock:
            if self.ended:
                raise Refused("the game is over")
            if seat not in self.state.to_move:
                raise Refused("a hint is for your own turn: ask when it is your move")
            if moves is not None and moves != len(self.state.history):
                raise Refused("The table moved on while you asked, so the hint would answer an old position. "
                              "Look at the table as it is now, and ask again if it is still your move.")
            withheld = self.game.hint_withheld(self.state.observation(seat))
            if withheld is not None:
                raise Refused(withheld)
            if len(self.state.legal_actions(seat)) < 2:
                raise Refused("you have one move to make here, so there is nothing to weigh")
            asked = len(self.state.history)
            earlier = self.hinting.get(seat)
            if earlier is not None and earlier[0] == asked:
                thinking = earlier[1]                # asked again (a page reloaded): the same answer, thought once
            else:
                bucket = self.hint_rate.setdefault(seat, Bucket(1 / HINT_EVERY, HINT_BURST))
                if not bucket.take():
                    raise Refused(f"too many hints: at most one every {HINT_EVERY:g} seconds")
                if earlier is not None:
                    # a question about a position the table has left gives way to this one: it is withdrawn if
                    # it still waits for a worker, and its answer, which nobody would read, is never sent
                    earlier[1].cancel()
                thinking = asyncio.ensure_future(self.advisor.hint(self.game, self.state.clone(), seat, share=self.id))
                self.hinting[seat] = (asked, thinking)

                def done(_: Any, seat: int = seat, mine: tuple[int, Any] = (asked, thinking)) -> None:
                    if self.hinting.get(seat) == mine:
                        del self.hinting[seat]

                thinking.add_done_callback(done)
        try:
            options, seconds = await asyncio.shield(thinking)
        except ParlourError as error:
            raise Refused(f"the expert could not judge this position: {error}") from None
        self.metrics.advice.labels("hint").inc()
        shown = judged(options)
        return Hint(seat=seat, moves=asked, seconds=round(seconds, 3), iterations=self.advisor.iterations,
                    options=[HintOption(action=o["action"], chance=o["chance"], visits=o["visits"],
                                                level=bool(o.get("level"))) for o in shown],
                    unjudged=len(options) - len(shown))

    # -- another process's moves ----------------------------------------------------------------
    async def catch_up(self) -> None:
        """Apply the moves another process stored since this copy last read the log (PostgreSQL's announcements
        say when); a stale copy reloads instead of refusing."""
        async with self.lock:
            if self.live is not None:           # a race running here is this process's own
                return
            try:
                logged = await asyncio.to_thread(self.store.actions_from, self.id, self.stored)
            except Exception:
                self.metrics.database_errors.labels("load").inc()
                log.exception("table %s: could not read the moves of other processes", self.id)
                return
            if logged:
                self._replay(logged)
                self.stored += len(logged)
                self.metrics.caught_up.inc(len(logged))
                if self.state.is_over:
                    await self._finish()
                self.broadcast()
        self.start_bots()

    async def reload(self) -> None:
        """Rebuild from the store (the lock held): after a clash, this copy's own bots may have decided already."""
        stored = await asyncio.to_thread(self.store.load, self.id)
        self.stop()
        self.live = None
        self._rebuild(stored)
        if self.state.is_over:
            await self._finish()
        self.broadcast()

    async def ended_elsewhere(self) -> None:
        """Another process marked this table finished (PostgreSQL's announcements say when): a copy here that
        has not ended reads it again, so that a table closed before its end closes here too, bots and all."""
        async with self.lock:
            if self.ended:
                return
            try:
                await self.reload()
            except Exception:
                self.metrics.database_errors.labels("load").inc()
                log.exception("table %s: could not read its end from the store", self.id)

    # -- who is here ------------------------------------------------------------
    async def join(self, connection: Connection) -> None:
        connection.attach(self)
        self.connections.append(connection)
        self.metrics.connections.labels(connection.kind).inc()
        log.info("a %s joined the table", "spectator" if connection.seat is None else "player")
        self.wake()
        self.broadcast()

    async def leave(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
            self.metrics.connections.labels(connection.kind).dec()
            log.info("a %s left the table", "spectator" if connection.seat is None else "player")
        self.undelivered.discard(connection)
        self._delivered()
        connection.detach()
        self.wake()
        self.broadcast()

    def wake(self) -> None:
        """Set the bots going: at once in a turn-by-turn game; in a race, once every person is here.

        A real-time race runs only while every person at it is connected, and
        resumes from the moment it stood at.  Each match starts once every person
        has said he is ready (``ready``) and a count has run; a race resumed in the
        middle of a match (back from a pause, or rebuilt after a restart) counts
        again before anyone may move (``session.LiveGame``).
        """
        if not self.game.real_time:
            self.start_bots()
            return
        if self.ended:
            return
        present = {c.seat for c in self.connections}
        everyone = all(s in present for s, info in enumerate(self.seats) if info["kind"] == PERSON)
        if everyone and self.live is None:
            from parlour.games.biggles.session import LiveGame

            # the race goes on from the moment it paused (or, after a restart, from its last move)
            elapsed = max([t for t in self.state.times if t == t] + [self.paused_at])
            people = [s for s, info in enumerate(self.seats) if info["kind"] == PERSON]
            self.live = LiveGame(self.state, self.bots, clock=self.clock, elapsed=elapsed, people=people)
            self.live.reflexes.pace *= self.race_pace
            self.restarts = 0
            if self.notice is not None:          # (a race paused because its clock kept failing starts afresh)
                self.notice = None
            self.start_bots()
        elif not everyone and self.live is not None:
            self.live.settle_all()               # what was judged stands, and goes to the log now
            self.paused_at = self.live.now()
            self.stop()
            self.live = None
            # (a task of its own: the leaving socket's handler may be cancelled while it waits)
            task = asyncio.get_running_loop().create_task(self.store_race())
            PAUSING.add(task)
            task.add_done_callback(PAUSING.discard)

    # -- bots ---------------------------------------------------------------
    def set_race_pace(self, pace: float) -> None:
        """A real-time game's bots race at ``pace`` times the live tables' usual speed from now on (a cycle's, at the
        watchers' pace: a quarter of it); a race already begun slows from their next chances."""
        if self.live is not None:
            self.live.reflexes.pace *= pace / self.race_pace
        self.race_pace = pace

    def start_bots(self) -> None:
        """Start the task that moves the bots, unless it runs already; a race's clock task runs even without bots
        (it says Go)."""
        if self.game.real_time:
            if self.live is None:
                return
            wanted = not self.bots or self.leased
        else:
            wanted = bool(self.bots) and self.leased
        if wanted and not self.ended and (self.task is None or self.task.done()):
            self.task = asyncio.get_running_loop().create_task(self._clock() if self.live else self._turns())
            self.task.add_done_callback(_report)
            if self.live is not None:
                self.task.add_done_callback(self._clock_ended)

    def _clock_ended(self, task: asyncio.Task[None]) -> None:
        """A race's clock task (it moves the bots and says Go) that ended while a race runs here is started again:
        one that failed, up to ``RESTARTS`` times (past that the race is paused and the table says why); one that
        was stopped or ended for a race that has since been replaced (a player who dropped and came straight back
        while the old clock was still winding down, when ``start_bots`` found it not yet done) at once, so the
        new race never goes without a clock."""
        if self.task is not task or self.live is None or self.ended:
            return
        failed = not task.cancelled() and task.exception() is not None
        if not failed:
            self.start_bots()
            return
        self.restarts += 1
        if self.restarts <= RESTARTS:
            log.warning("table %s: the race's clock stopped (%s); started again", self.id, task.exception())
            self.start_bots()
            return
        log.error("table %s: the race's clock keeps stopping; the race is paused", self.id)
        self.live.settle_all()
        self.paused_at = self.live.now()
        self.live = None
        self.notice = ("The race is paused: the server could not keep the bots moving. "
                       "Reload the page to start it again.")
        self.broadcast()

    async def ready(self, seat: int | None) -> None:
        """A person says he is ready for the match about to start; once everyone is, the count runs.
        Raises ``Refused``, changing nothing."""
        if seat is None:
            raise Refused("spectators do not race: only a player at the table gets ready")
        if not self.game.real_time:
            raise Refused(f"{self.game.title} is played turn by turn: there is no start to get ready for")
        if seat in self.bots:
            raise Refused(f"seat {seat} is played by a bot, and a bot is always ready")
        async with self.lock:
            if self.ended:
                raise Refused("the game is over")
            if self.live is None:
                raise Refused("the race waits for every player to be at the table: get ready once they are")
            reason = self.live.ready_for(seat)
            if reason is not None:
                raise Refused(reason)
        self.nudge.set()
        self.broadcast()
        self.start_bots()

    async def _turns(self) -> None:
        """Turn-by-turn games: a bot whose turn it is moves after a short pause, so people can follow.

        A move the database refuses is tried again, the same move, after a wait that doubles up to
        ``RETRY[1]``: the bots carry on by themselves once the database takes writes again.  A move
        another process stored first (``StoreConflict``) makes this copy reload and go on.
        """
        chosen: tuple[int, int, str] | None = None          # (moves, seat, action) decided but not yet stored
        wait = RETRY[0]
        while self.leased:
            seat = next((s for s in sorted(self.state.to_move) if s in self.bots), None)
            if seat is None or self.ended:
                return
            if len(self.state.history) >= self.max_moves:
                log.warning("table %s: closed after %d moves without an end", self.id, self.max_moves)
                await self.close(f"no end after {self.max_moves} moves: the server closed the table")
                return
            await asyncio.sleep(self.bot_delay if chosen is None else wait)
            started = time.perf_counter()
            if getattr(self.bots[seat], "uses_worlds", False) and (chosen is None or chosen[:2] != (
                    len(self.state.history), seat)):
                chosen = await self._think(seat)
            async with self.lock:
                if seat not in self.state.to_move or self.ended or not self.leased:
                    continue
                state = self.state
                if chosen is None or chosen[:2] != (len(state.history), seat):
                    # a bot decides once a turn, so its random stream stays where a replay of the log puts it
                    chosen = (len(state.history), seat, decide(self.bots[seat], state, seat))
                try:
                    await self._commit(seat, chosen[2], "bot", started)
                except StoreUnavailable as error:
                    log.warning("table %s: a bot's move is not stored, tried again in %.1f s: %s", self.id, wait,
                                error)
                    wait = min(wait * 2, RETRY[1])
                    continue
                except StoreConflict:          # another process moved first: this copy reloads and goes on
                    await self.reload()
                chosen, wait = None, RETRY[0]

    async def _think(self, seat: int) -> tuple[int, int, str]:
        """A search bot's move, thought about in the server's workers (``web.thinking``), on a copy, in this
        table's share of them; it keeps no stream of its own, so deciding early on a copy in another process
        decides as it would on the table, and as a replay of the log says it did.

        When no worker is free within the thinker's bound (``busy_after``), the bot plays this move by its
        game's rule of thumb (the game's own bot, seeded from the bot's seed and the moves so far, so the
        move is the same whenever it is made) and the table says so (``notice``); a person's move waits
        for nothing of this."""
        position = self.state.clone()
        moves = len(position.history)
        bot = self.bots[seat]
        thinker = self.advisor.thinker
        try:
            action, kept = await thinker.think("bot", self.id, decide_in_worker, bot, position, seat,
                                               wait_at_most=thinker.busy_after)
            if kept is not None:
                self.bots[seat] = kept
            if self.notice is not None:
                self.notice = None
                self.broadcast()
        except ThinkingBusy as error:
            log.info("table %s: seat %s plays by rule of thumb: %s", self.id, seat, error)
            seed = random.Random(f"busy/{getattr(bot, 'seed', 0)}/{seat}/{moves}").randrange(2**63)
            action = decide(make_bot(self.game, own_bot(self.game), seat, seed), position, seat)
            self.metrics.fallbacks.inc()
            name = self.seats[seat].get("name") or self.game.seat_names(len(self.seats))[seat]
            notice = f"{name} plays by rule of thumb: the server is busy"
            if notice != self.notice:
                self.notice = notice
                self.broadcast()
        return moves, seat, action

    async def _clock(self) -> None:
        """Real time: Go when a count runs out, and bots act when their reflexes fall due on the wall clock.

        What they did is written in order after each tick, and shown once it is written; if the database
        refuses, it is written at a later tick (the race goes on until its last moves are stored).  While
        the race waits for people to be ready nothing falls due: the task waits until one is (``nudge``).
        """
        live = self.live
        assert live is not None, "the clock runs only while the race does"
        while self.live is live and not (self.state.is_over and self.stored == len(self.state.history)):
            due = live.next_time()
            if due is None and self.stored == len(self.state.history):
                self.nudge.clear()
                try:
                    await asyncio.wait_for(self.nudge.wait(), 1.0)
                except asyncio.TimeoutError:
                    pass
            else:
                await asyncio.sleep(0.05 if due is None else min(max(due - live.now(), 0.0), 0.25))
            started = time.perf_counter()
            async with self.lock:
                if self.live is not live:
                    return
                moves, changes = len(self.state.history), live.changes
                live.tick()
                self._stall_notice(live)
                self._ping()
                self._count_claims()
                self._tell()
                try:
                    await self._persist()
                except StoreUnavailable as error:
                    log.warning("table %s: the race's moves are not stored yet: %s", self.id, error)
                    await asyncio.sleep(RETRY[1])
                    continue
                if len(self.state.history) != moves:
                    await self._moved("bot", started)
                elif live.changes != changes:        # Go, a match ended, a held press judged
                    self.broadcast()

    def _stall_notice(self, live: LiveGame) -> None:
        """A bot that could move but has not for ``session.STALL`` seconds is named in the table's notice (the
        page shows it in words), and the notice goes once it moves again or the match ends."""
        from parlour.games.biggles.session import STALL

        quiet = [self._name(seat) for seat in live.stalled()]
        notice: str | None
        if quiet:
            notice = (f"{' and '.join(quiet)}: no move for over {STALL:.0f} seconds, though there is one to make. "
                      "The server is slow to keep up; the race goes on.")
        else:
            notice = None if self.notice is None or "no move for" in self.notice else self.notice
        if notice != self.notice:
            self.notice = notice
            self.broadcast()

    async def store_race(self) -> None:
        """The server stops: a race's moves still open to a late press are made final and stored."""
        if not self.game.real_time:
            return
        async with self.lock:
            if self.live is not None:
                self.live.settle_all()
            try:
                await self._persist()
            except StoreUnavailable as error:
                log.warning("table %s: a race's last moves could not be stored: %s", self.id, error)

    def _ping(self) -> None:
        """About once a second in a race, each player's socket is pinged (its round trip bounds his claims); the
        pace is the wall clock's, whatever clock the table keeps."""
        now = time.monotonic()
        if now - self.pinged_at < PING_EVERY:
            return
        self.pinged_at = now
        self.pinged += 1
        for connection in self.connections:
            if connection.seat is not None:
                connection.ping(self.pinged, self.clock())

    def stop(self) -> None:
        """Stop the bots (unless it is the bots' own task asking: it carries on with the reloaded table)."""
        if self.task is not None and self.task is not _current_task():
            self.task.cancel()

    # -- after the game ---------------------------------------------------------
    def record(self) -> GameRecord:
        # a game played with hints says so: its moves were not all the players' own
        meta = {"table": self.id, **({"hints": True} if self.hints else {})}
        return record_of(self.state, [dict(info) for info in self.seats], meta=meta)
