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
from typing import TYPE_CHECKING, Callable

from fastapi import WebSocket

from parlour.bots import make_bot, replay_with_bots
from parlour.engine.errors import ParlourError
from parlour.engine.record import GameRecord, record_of
from parlour.games import get_game
from parlour.store import Store, StoredTable
from parlour.web.models import ErrorMessage, SeatView, TableView

if TYPE_CHECKING:
    from parlour.games.biggles.session import LiveGame

#: a person's or bot's seat as stored: {"kind": "person", "name": "Ann"} or {"kind": "bot", "bot": "heuristic"}
PERSON, BOT = "person", "bot"


log = logging.getLogger("parlour.web")
#: bots at a table that has not ended after this many moves stop (a variant may allow endless play)
MAX_ACTIONS = 200_000


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
                 on_finish: Callable[["LiveTable"], None] | None = None):
        """``on_finish(table)`` runs once the game ends, e.g. to enter its result in a drive."""
        self.id = stored.id
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
            over=state.is_over,
            result=state.result() if state.is_over else None,
            real_time=self.game.real_time,
            running=self.live is not None,
            clock=self.live.now() if self.live is not None else None,
        )

    def _finished(self) -> None:
        if self.done:
            return
        self.done = True
        self.store.finish(self.id, self.state.result())
        if self.on_finish is not None:
            try:
                self.on_finish(self)
            except Exception:                   # the game is safe in the store; only the follow-up failed
                log.exception("table %s finished, but its result could not be passed on", self.id)

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
            if state.is_over:
                raise Refused("the game is over")
            if self.game.real_time and self.live is None:
                raise Refused("the race starts when every player is at the table")
            if self.live is None and moves is not None and moves != len(state.history):
                raise Refused("the table has moved on since you chose; look again")
            try:
                action = state.parse_action(text)
            except ParlourError as error:
                raise Refused(str(error)) from None
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
        if self.state.is_over:
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
        if self.bots and not self.state.is_over and (self.task is None or self.task.done()):
            self.task = asyncio.get_running_loop().create_task(self._clock() if self.live else self._turns())
            self.task.add_done_callback(_report)

    async def _turns(self) -> None:
        """Turn-by-turn games: a bot whose turn it is moves after a short pause, so people can follow."""
        while True:
            seat = next((s for s in sorted(self.state.to_move) if s in self.bots), None)
            if seat is None or self.state.is_over:
                return
            if len(self.state.history) >= MAX_ACTIONS:
                log.warning("table %s: the bots stop after %d moves without an end", self.id, MAX_ACTIONS)
                return
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                if seat not in self.state.to_move:
                    continue
                state = self.state
                action = self.bots[seat].act(state.observation(seat), state.legal_actions(seat))
                self._commit(seat, action)
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
                self._persist()
                changed = len(self.state.history) > start
            if changed:
                await self.broadcast()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    # -- after the game ---------------------------------------------------------
    def record(self) -> GameRecord:
        return record_of(self.state, [dict(info) for info in self.seats], meta={"table": self.id})
