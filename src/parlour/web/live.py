"""A table being played: the state in memory, its log in the store, its players on sockets.

The server owns the seed, the state and the log (as boardgame.io's does).
Every move, a person's or a bot's, takes the same path: the rules say whether
it is legal, the store writes it, and only then is it applied and everyone
told.  A table is rebuilt from the store by replaying its log, so a restart
or a crash loses nothing that was acknowledged.

Each connection sees its own seat's observation and legal actions; a
spectator sees what a spectator at the real table would.  Everything a
connection is sent goes through its ``Connection.send``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any, Callable

from fastapi import WebSocket

from parlour.bots import decide, make_bot, replay_with_bots
from parlour.engine.errors import ParlourError
from parlour.engine.record import GameRecord, record_of
from parlour.games import get_game
from parlour.store import Store, StoredTable, StoreUnavailable
from parlour.web.models import ErrorMessage, SeatView, TableView

if TYPE_CHECKING:
    from parlour.games.biggles.session import LiveGame

#: a person's or bot's seat as stored: {"kind": "person", "name": "Ann"} or {"kind": "bot", "bot": "heuristic"}
PERSON, BOT = "person", "bot"


log = logging.getLogger("parlour.web")
#: a table that has not ended after this many moves is closed (a variant may allow endless play)
MAX_ACTIONS = 200_000
#: the first and the longest wait, in seconds, before a write the database refused is tried again
RETRY = (0.1, 2.0)
NOT_SAVED = "not saved, try again: the server could not write your move to its database ({reason})"


def _report(task: asyncio.Task) -> None:
    """A bot loop that died says why in the server's log (its table waits until it is opened again)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a table's bots stopped", exc_info=task.exception())


class Refused(ParlourError):
    """A message this table will not act on; the reason goes back to its sender only."""


class Connection:
    """One socket at a table, for a seat (or None: a spectator); whatever it is sent goes through ``send``."""

    def __init__(self, socket: WebSocket, seat: int | None = None):
        self.socket = socket
        self.seat = seat

    async def send(self, message: TableView | ErrorMessage) -> None:
        await self.socket.send_text(message.model_dump_json())

    async def refuse(self, reason: str) -> None:
        await self.send(ErrorMessage(message=reason))


class LiveTable:
    def __init__(self, stored: StoredTable, store: Store, bot_delay: float = 0.6,
                 clock: Callable[[], float] = time.monotonic,
                 on_finish: Callable[["LiveTable"], None] | None = None, max_moves: int = MAX_ACTIONS):
        """``on_finish(table)`` runs once the game ends, e.g. to enter its result in a drive; a game still going
        after ``max_moves`` moves is closed."""
        self.id = stored.id
        self.max_moves = max_moves
        #: the result of a table closed before its game ended: {"abandoned": true, "winner": null, "reason"}
        self.abandoned: dict[str, Any] | None = (stored.result if stored.result and stored.result.get("abandoned")
                                                 else None)
        self.finishing: asyncio.Task[None] | None = None
        self.meta = stored.meta or {}
        self.on_finish = on_finish
        self.store = store
        self.seats = stored.seats
        self.game = get_game(stored.game)
        self.bot_delay = bot_delay
        self.state = self.game.new_state(seats=len(stored.seats), variant=stored.variant, seed=stored.seed)
        self.bots = {
            seat: make_bot(self.game, info["bot"], seat, (self.state.seed or 0) + seat)
            for seat, info in enumerate(stored.seats) if info["kind"] == BOT
        }
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.task: asyncio.Task[None] | None = None
        self.clock = clock
        self.live: LiveGame | None = None         # a real-time game's clock, running while every person is here
        self.paused_at = 0.0
        self._replay(stored.actions)
        self.stored = len(stored.actions)          # actions in the log; the state may run ahead in a race
        self.done = stored.finished is not None
        if self.state.is_over:
            self._finished()        # a no-op, unless the server died between the last move and marking it

    @property
    def ended(self) -> bool:
        """The game is over, or the table was closed before its end."""
        return self.state.is_over or self.abandoned is not None

    def result(self) -> dict[str, Any] | None:
        return self.abandoned or (self.state.result() if self.state.is_over else None)

    def _replay(self, logged: list[tuple[int, str, float | None]]) -> None:
        replay_with_bots(self.state, self.bots, ((seat, action) for seat, action, _ in logged))
        for index, (_, _, when) in enumerate(logged):
            if when is not None:
                self.state.times[index] = when

    # -- what each connection sees ---------------------------------------
    def view(self, seat: int | None) -> TableView:
        state = self.state
        connected = {c.seat for c in self.connections}
        return TableView(
            table=self.id,
            game=self.game.id,
            seat=seat,
            seats=[
                SeatView(name=info.get("name") or names, kind=info["kind"], bot=info.get("bot"),
                         connected=info["kind"] == BOT or s in connected)
                for s, (info, names) in enumerate(zip(self.seats, self.game.seat_names(len(self.seats)), strict=True))
            ],
            observation=state.observation(seat),
            # a paused race offers no moves: the server would refuse them until everyone is back
            legal=list(state.legal_actions(seat)) if seat is not None and not self._paused() else [],
            to_move=sorted(state.to_move),
            moves=len(state.history),
            over=self.ended,
            result=self.result(),
            real_time=self.game.real_time,
            running=self.live is not None,
            clock=self.live.now() if self.live is not None else None,
        )

    def _finished(self) -> None:
        if self.done:
            return
        try:
            self.store.finish(self.id, self.result() or {})
        except StoreUnavailable as error:     # the move is stored: its table is marked finished once writes work
            log.warning("table %s: its end is not stored yet: %s", self.id, error)
            self._later(self._finish_later())
            return
        self.done = True
        if self.on_finish is not None:
            try:
                self.on_finish(self)
            except Exception:                   # the game is safe in the store; only the follow-up failed
                log.exception("table %s finished, but its result could not be passed on", self.id)

    def _later(self, work: Any) -> None:
        if self.finishing is None or self.finishing.done():
            self.finishing = asyncio.get_running_loop().create_task(work)
            self.finishing.add_done_callback(_report)
        else:
            work.close()

    async def _finish_later(self) -> None:
        wait = RETRY[0]
        while not self.done:
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY[1])
            self.finishing = None
            self._finished()
            if self.finishing is not None:          # it failed again and waits anew
                return

    async def close(self, reason: str) -> None:
        """End the table before its game does (its seats left it, or it went on too long); nothing to enter."""
        async with self.lock:
            if self.ended:
                raise Refused("the game is over")
            self.abandoned = {"abandoned": True, "winner": None, "reason": reason}
            self.stop()
            self.live = None
            self._finished()
        await self.broadcast()

    def _paused(self) -> bool:
        return bool(self.game.real_time) and self.live is None

    async def broadcast(self) -> None:
        for connection in list(self.connections):
            try:
                await connection.send(self.view(connection.seat))
            except Exception:                      # a closed socket: its handler will remove it
                self._drop(connection)

    def _drop(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)

    # -- moves --------------------------------------------------------------
    def _store(self, seat: int, action: str, when: float | None = None) -> None:
        """Write the next action to the log (before it is applied: what is acknowledged is on disk)."""
        self._persist()
        self.store.append_action(self.id, self.stored, seat, action, when)
        self.stored += 1

    def _commit(self, seat: int, action: str) -> None:
        self._store(seat, action)
        self.state.apply(seat, action)
        if self.state.is_over:
            self._finished()

    def _persist(self) -> None:
        """Bot moves the real-time clock has already applied, written to the log in order."""
        while self.stored < len(self.state.history):
            seat, action = self.state.history[self.stored]
            self.store.append_action(self.id, self.stored, seat, action, self.state.times[self.stored])
            self.stored += 1
        if self.state.is_over:
            self._finished()

    async def act(self, seat: int | None, text: str, moves: int | None = None) -> None:
        """A person's move (``text`` checked for its form by ``models.Act``); raises ``Refused``, changing nothing."""
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
                raise Refused("the table has moved on since you chose; look again")
            try:
                action = state.parse_action(text)
            except ParlourError as error:
                raise Refused(str(error)) from None
            try:
                if self.live is not None:
                    # the bots that were quicker go first; the move is stored once it is known to be legal
                    reason = self.live.act(seat, action, lambda now: self._store(seat, action, now))
                    self._persist()
                    if reason is not None:
                        raise Refused(reason)
                elif action not in state.legal_actions(seat):
                    raise Refused(state.explain_illegal(seat, action))
                else:
                    self._commit(seat, action)
            except StoreUnavailable as error:    # nothing was applied: the move was to be stored first
                raise Refused(NOT_SAVED.format(reason=error)) from None
        await self.broadcast()
        self.start_bots()

    # -- who is here ------------------------------------------------------------
    async def join(self, connection: Connection) -> None:
        self.connections.append(connection)
        self.wake()
        await self.broadcast()

    async def leave(self, connection: Connection) -> None:
        self._drop(connection)
        self.wake()
        await self.broadcast()

    def wake(self) -> None:
        """Set the bots going: at once in a turn-by-turn game; in a race, once every person is here.

        A real-time race runs only while every person at it is connected, and
        resumes from the moment it stood at.
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
            self.live = LiveGame(self.state, self.bots, clock=self.clock, elapsed=elapsed)
            self.start_bots()
        elif not everyone and self.live is not None:
            self.paused_at = self.live.now()
            self.stop()
            self.live = None

    # -- bots ---------------------------------------------------------------
    def start_bots(self) -> None:
        if self.game.real_time and self.live is None:
            return
        if self.bots and not self.ended and (self.task is None or self.task.done()):
            self.task = asyncio.get_running_loop().create_task(self._clock() if self.live else self._turns())
            self.task.add_done_callback(_report)

    async def _turns(self) -> None:
        """Turn-by-turn games: a bot whose turn it is moves after a short pause, so people can follow.

        A move the database refuses is tried again, the same move, after a wait that doubles up to
        ``RETRY[1]``: the bots carry on by themselves once the database takes writes again.
        """
        chosen: tuple[int, int, str] | None = None          # (moves, seat, action) decided but not yet stored
        wait = RETRY[0]
        while True:
            seat = next((s for s in sorted(self.state.to_move) if s in self.bots), None)
            if seat is None or self.ended:
                return
            if len(self.state.history) >= self.max_moves:
                log.warning("table %s: closed after %d moves without an end", self.id, self.max_moves)
                await self.close(f"no end after {self.max_moves} moves: the server closed the table")
                return
            await asyncio.sleep(self.bot_delay if chosen is None else wait)
            async with self.lock:
                if seat not in self.state.to_move or self.ended:
                    continue
                state = self.state
                if chosen is None or chosen[:2] != (len(state.history), seat):
                    # a bot decides once a turn, so its random stream stays where a replay of the log puts it
                    chosen = (len(state.history), seat, decide(self.bots[seat], state, seat))
                try:
                    self._commit(seat, chosen[2])
                except StoreUnavailable as error:
                    log.warning("table %s: a bot's move is not stored, tried again in %.1f s: %s", self.id, wait,
                                error)
                    wait = min(wait * 2, RETRY[1])
                    continue
                chosen, wait = None, RETRY[0]
            await self.broadcast()

    async def _clock(self) -> None:
        """Real time: bots act when their reflexes fall due on the wall clock."""
        live = self.live
        assert live is not None, "the clock runs only while the race does"
        while not self.state.is_over and self.live is live:
            due = live.reflexes.next_time()
            wait = 0.05 if due is None else min(max(due - live.now(), 0.0), 0.25)
            await asyncio.sleep(wait)
            async with self.lock:
                if self.live is not live:
                    return
                start = len(self.state.history)
                live.tick()
                try:
                    self._persist()         # what the bots did is written in order, now or at a later tick
                except StoreUnavailable as error:
                    log.warning("table %s: the bots' moves are not stored yet: %s", self.id, error)
                    await asyncio.sleep(RETRY[1])
                changed = len(self.state.history) > start
            if changed:
                await self.broadcast()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    # -- after the game ---------------------------------------------------------
    def record(self) -> GameRecord:
        return record_of(self.state, [dict(info) for info in self.seats], meta={"table": self.id})
