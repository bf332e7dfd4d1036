"""The server's tables: the ones in memory, and the one way a new table is made.

Routes are given the ``Tables`` of their app as a dependency (``deps.TablesDep``).
A table is in memory while it is played or watched, and for a while after it
ends (for replays and record downloads); any other table is rebuilt from the
store, by replaying its log, the first time it is asked for.  The store is
only ever called from threads (``asyncio.to_thread``, the ``Writer``), never
on the event loop.

On PostgreSQL several server processes share the tables (``start``): each
hears the others' moves (``store.pubsub``) and reloads them into its own
copies, and each table's bots run in one process at a time, the holder of
the table's lease, which renews it every ``lease / 3`` seconds.  A process
that dies stops renewing; once its leases lapse the others take its tables
over, rebuilding them from the log.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import OrderedDict
from typing import Any, Callable

from parlour.bots import bot_names
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.store import Store
from parlour.store.pubsub import Listener
from parlour.store.writer import Writer
from parlour.web.live import BOT, PERSON, LiveTable
from parlour.web.metrics import Metrics
from parlour.web.models import Seat, TableMade

log = logging.getLogger("parlour.web")
RECENT = 64              # finished tables kept in memory for replays and record downloads
#: seconds a process holds a table's bots without renewing; another takes them over once it lapses
LEASE = 10.0


class SeatingError(ParlourError):
    """Seats, a bot, a variant or a seed that the game cannot be played with; the reason says which."""


class Unplayable(ParlourError):
    """A stored table whose log the rules no longer accept."""


class Tables:
    """Live tables by id, the finished ones lately asked for, and the factory of new tables.

    ``on_finish(table)`` runs once a table's game ends (the tournaments enter its result), in a thread.
    """

    def __init__(self, store: Store, *, bot_delay: float = 0.6, clock: Callable[[], float] = time.monotonic,
                 on_finish: Callable[[LiveTable], None] | None = None, metrics: Metrics | None = None,
                 lease: float = LEASE):
        self.store = store
        self.bot_delay = bot_delay
        self.clock = clock
        self.on_finish = on_finish
        self.metrics = metrics or Metrics()
        self.metrics.count_tables(lambda: len(self.live))
        self.writer = Writer(store, failed=lambda _error: self.metrics.database_errors.labels("append").inc())
        self.lease = lease
        self.live: dict[str, LiveTable] = {}                        # tables in play, or watched
        self.recent: OrderedDict[str, LiveTable] = OrderedDict()   # finished ones lately asked for
        self.opening = asyncio.Lock()
        self.listener: Listener | None = None
        self.keeper: asyncio.Task[None] | None = None
        self.chores: set[asyncio.Task[None]] = set()

    # -- finding a table ----------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The live table, rebuilt from the store the first time it is asked for after a start.

        Raises ``StoreError`` for a table the store does not have, ``Unplayable`` for a log the rules refuse.
        """
        if table_id in self.live:
            return self.live[table_id]
        if table_id in self.recent:
            self.recent.move_to_end(table_id)
            return self.recent[table_id]
        async with self.opening:
            if table_id not in self.live and table_id not in self.recent:
                stored = await asyncio.to_thread(self.store.load, table_id)
                try:
                    table = LiveTable(stored, self.store, bot_delay=self.bot_delay, clock=self.clock,
                                      on_finish=self._finished, writer=self.writer, metrics=self.metrics)
                except ParlourError as error:
                    raise Unplayable(f"table {table_id} could not be rebuilt from its log: {error}") from None
                if table.bots and not table.state.is_over:
                    table.leased = await self._take(table_id)
                self.live[table_id] = table
                table.wake()
                if table.state.is_over and not table.done:
                    await table._finish()        # the server died between the last move and marking it
                self.forget(table)
            return self.live[table_id] if table_id in self.live else self.recent[table_id]

    def playing(self) -> set[str]:
        """The ids of the tables in play or watched (a finished one nobody watches is only among the recent)."""
        return set(self.live)

    def forget(self, table: LiveTable) -> None:
        """A finished table nobody is watching moves to a short list of recent ones; the store has the rest."""
        if table.state.is_over and not table.connections and self.live.get(table.id) is table:
            del self.live[table.id]
            self.recent[table.id] = table
            self.recent.move_to_end(table.id)
            while len(self.recent) > RECENT:
                self.recent.popitem(last=False)

    async def _finished(self, table: LiveTable, first: bool) -> None:
        if first and self.on_finish is not None:
            await asyncio.to_thread(self.on_finish, table)
        self.forget(table)

    # -- the server's start and end -----------------------------------------------------------
    async def start(self) -> None:
        """Resume the tables of bots; on PostgreSQL, listen to the other processes and keep the leases."""
        await self.resume()
        if self.store.shared:
            self.listener = Listener(self.store.url, self.heard, self._reconnected)
            self.listener.start()
        self.keeper = asyncio.get_running_loop().create_task(self._keep())
        self._chore(self.metrics.watch_loop())

    async def resume(self) -> None:
        """Tables of bots carry on after a restart without waiting for someone to open them."""
        rows = await asyncio.to_thread(self.store.list_tables, False, 10_000)
        for row in rows:
            if any(seat["kind"] == BOT for seat in row["seats"]):
                await self._open(row["id"])

    async def _open(self, table_id: str) -> None:
        try:
            await self.get(table_id)
        except ParlourError as error:
            log.error("table %s not resumed: %s", table_id, error)

    def stop(self) -> None:
        """Stop every table's bots."""
        for table in self.live.values():
            table.stop()

    async def close(self) -> None:
        """The server stops: the bots, the listener and the leases' keeper stop, queued moves are written,
        and the leases are handed back so that another process takes the tables at once."""
        for task in (self.keeper, *self.chores):
            if task is not None:
                task.cancel()
        if self.listener is not None:
            await self.listener.stop()
        self.stop()
        await asyncio.to_thread(self.writer.stop)
        try:
            await asyncio.to_thread(self.store.release_leases, self.store.origin)
        except Exception as error:               # the others will take the tables once the leases lapse
            log.warning("could not hand back this process's tables: %s", error)

    # -- several processes: announcements and leases ------------------------------------------
    def heard(self, table_id: str, count: int, origin: str) -> None:
        """Another process stored moves of a table: a copy of it here catches up (and its spectators see them)."""
        table = self.live.get(table_id) or self.recent.get(table_id)
        if origin != self.store.origin and table is not None and count > table.stored:
            self._chore(table.catch_up())

    async def _reconnected(self) -> None:
        """After a (re)connection announcements may have been missed: every copy here reads its log again."""
        for table in list(self.live.values()):
            self._chore(table.catch_up())

    def _chore(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.chores.add(task)
        task.add_done_callback(self.chores.discard)

    async def _take(self, table_id: str) -> bool:
        try:
            return await asyncio.to_thread(self.store.take_lease, table_id, self.store.origin, self.lease)
        except Exception as error:
            self.metrics.database_errors.labels("lease").inc()
            log.warning("table %s: could not take its lease: %s", table_id, error)
            return False

    async def _keep(self) -> None:
        """Every third of a lease: renew this process's leases, note those lost, take over lapsed ones."""
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self._keep_once()
            except Exception as error:           # the database is away: the leases lapse, the bots wait
                self.metrics.database_errors.labels("lease").inc()
                log.warning("could not renew this process's leases: %s", error)

    async def _keep_once(self) -> None:
        mine = [t for t in self.live.values() if t.bots and not t.state.is_over]
        held = await asyncio.to_thread(self.store.renew_leases, self.store.origin,
                                       [t.id for t in mine if t.leased], self.lease)
        for table in mine:
            if table.leased and table.id not in held:
                log.warning("table %s: another process runs its bots now", table.id)
                table.leased = False
                table.stop()
            elif not table.leased and await self._take(table.id):
                await self._take_over(table)
        for table_id in await asyncio.to_thread(self.store.orphans):
            if table_id not in self.live:
                await self._open(table_id)

    async def _take_over(self, table: LiveTable) -> None:
        """This process now runs the table's bots: rebuilt from the log first, so their streams are right."""
        log.info("table %s: taking over its bots", table.id)
        async with table.lock:
            await table.reload()
            table.leased = True
        table.wake()

    # -- a new table --------------------------------------------------------------------------
    async def open(self, game: GameDescriptor, seats: list[Seat], variant: dict[str, Any] | None, seed: int | None,
                   *, sit: bool = True, meta: dict[str, Any] | None = None) -> TableMade:
        """Check who sits where, the variant and the seed against the game; store the new table; answer with its links.

        The bots start at once, whoever opens the page.  Raises ``SeatingError`` with the reason.
        """
        stored = _seated(game, seats)
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        try:
            state = game.new_state(seats=len(stored), variant=variant or {}, seed=seed)     # refuses a bad variant
        except (ParlourError, TypeError) as error:
            raise SeatingError(str(error)) from None
        table_id = await asyncio.to_thread(self.store.create_table, game.id, dict(state.variant), seed, stored, meta)
        people = [i for i, s in enumerate(stored) if s["kind"] == PERSON]
        made = TableMade(id=table_id, url=f"/t/{table_id}", join={str(i): f"/t/{table_id}/join/{i}" for i in people})
        if people and sit:
            made.seat = people[0]
            made.token = await asyncio.to_thread(self.store.claim, table_id, people[0])
        await self.get(table_id)
        return made


def _seated(game: GameDescriptor, seats: list[Seat]) -> list[dict[str, Any]]:
    """The seats as the store keeps them: a bot named after its seat unless given a name, a person's name trimmed."""
    try:
        game.check_seats(len(seats))
    except ParlourError as error:
        raise SeatingError(str(error)) from None
    bots = bot_names(game)
    names = game.seat_names(len(seats))
    stored: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        if seat.kind == BOT:
            bot = seat.bot or bots[-1]
            if bot not in bots:
                raise SeatingError(f"seat {i}: no bot {bot!r} (choose from {', '.join(bots)})")
            stored.append({"kind": BOT, "bot": bot, "name": seat.name or f"{names[i]} ({bot} bot)"})
        else:
            name = (seat.name or "").strip()
            stored.append({"kind": PERSON, **({"name": name} if name else {})})
    return stored
