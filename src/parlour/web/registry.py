"""The server's tables: the ones in memory, and the one way a new table is made.

Routes are given the ``Tables`` of their app as a dependency (``deps.TablesDep``).
A table is in memory while it is played or watched, and for a while after it
ends (for replays and record downloads); any other table is rebuilt from the
store, by replaying its log, the first time it is asked for.
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
from parlour.web.live import BOT, PERSON, LiveTable
from parlour.web.models import Seat, TableMade

log = logging.getLogger("parlour.web")
RECENT = 64              # finished tables kept in memory for replays and record downloads
MAX_BOT_TABLES = 20      # tables of bots alone in play at once: each costs the server a loop of moves
MAX_MOVES = 20_000       # a table with no end after this many moves is closed (no game's default comes near)


class SeatingError(ParlourError):
    """Seats, a bot, a variant or a seed that the game cannot be played with; the reason says which."""


class Unplayable(ParlourError):
    """A stored table whose log the rules no longer accept."""


class Busy(ParlourError):
    """The server is already running as many tables of bots alone as it allows; try again when one ends."""


class Tables:
    """Live tables by id, the finished ones lately asked for, and the factory of new tables.

    ``on_finish(table)`` runs once a table's game ends (the tournaments enter its result).
    """

    def __init__(self, store: Store, *, bot_delay: float = 0.6, clock: Callable[[], float] = time.monotonic,
                 on_finish: Callable[[LiveTable], None] | None = None, max_bot_tables: int = MAX_BOT_TABLES,
                 max_moves: int = MAX_MOVES):
        self.store = store
        self.max_bot_tables = max_bot_tables
        self.max_moves = max_moves
        self.bot_delay = bot_delay
        self.clock = clock
        self.on_finish = on_finish
        self.live: dict[str, LiveTable] = {}                        # tables in play, or watched
        self.recent: OrderedDict[str, LiveTable] = OrderedDict()   # finished ones lately asked for
        self.opening = asyncio.Lock()

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
                stored = self.store.load(table_id)
                try:
                    table = LiveTable(stored, self.store, bot_delay=self.bot_delay, clock=self.clock,
                                      on_finish=self._finished, max_moves=self.max_moves)
                except ParlourError as error:
                    raise Unplayable(f"table {table_id} could not be rebuilt from its log: {error}") from None
                self.live[table_id] = table
                table.wake()
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

    def _finished(self, table: LiveTable) -> None:
        if self.on_finish is not None:
            self.on_finish(table)
        self.forget(table)

    # -- the server's start and end -----------------------------------------------------------
    async def resume(self) -> None:
        """Tables of bots carry on after a restart without waiting for someone to open them."""
        for row in self.store.list_tables(finished=False, limit=10_000):
            if any(seat["kind"] == BOT for seat in row["seats"]):
                try:
                    await self.get(row["id"])
                except ParlourError as error:
                    log.error("table %s not resumed: %s", row["id"], error)

    def stop(self) -> None:
        for table in self.live.values():
            table.stop()

    # -- a new table --------------------------------------------------------------------------
    def bots_alone(self) -> int:
        """Tables of bots alone in play now."""
        return sum(1 for t in self.live.values() if not t.ended and all(s["kind"] == BOT for s in t.seats))

    async def open(self, game: GameDescriptor, seats: list[Seat], variant: dict[str, Any] | None, seed: int | None,
                   *, sit: bool | int = True, meta: dict[str, Any] | None = None, listed: bool = False,
                   open_seats: bool = False) -> TableMade:
        """Check who sits where, the variant and the seed against the game; store the new table; answer with its links.

        ``sit``: the creator takes the first person seat (True), that seat (a number) or none (False).  Each
        other person seat gets a join link with its own secret; ``open_seats`` lets anyone take a free seat
        without one, ``listed`` shows the table in the public list.  The bots start at once, whoever opens
        the page.  Raises ``SeatingError`` with the reason, ``Busy`` when bots alone have no room.
        """
        stored = _seated(game, seats)
        if all(s["kind"] == BOT for s in stored) and self.bots_alone() >= self.max_bot_tables:
            raise Busy(f"the server is already running {self.max_bot_tables} tables of bots alone, as many as it "
                       "allows; try again when one of them ends")
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        try:
            state = game.new_state(seats=len(stored), variant=variant or {}, seed=seed)     # refuses a bad variant
        except (ParlourError, TypeError) as error:
            raise SeatingError(str(error)) from None
        table_id = self.store.create_table(game.id, dict(state.variant), seed, stored, meta,
                                           listed=listed, open_seats=open_seats)
        people = [i for i, s in enumerate(stored) if s["kind"] == PERSON]
        mine = people[0] if people and sit is True else sit if sit is not False and sit in people else None
        made = TableMade(id=table_id, url=f"/t/{table_id}", join={
            str(i): f"/t/{table_id}/join/{i}#invite={self.store.invite(table_id, i)}" for i in people if i != mine})
        if mine is not None:
            made.seat = mine
            made.token = self.store.claim(table_id, mine)
        await self.get(table_id)
        return made


def _seated(game: GameDescriptor, seats: list[Seat]) -> list[dict[str, Any]]:
    """The seats as the store keeps them, each with a name of its own: the name given (trimmed), else the seat's
    (a bot's kind is shown beside it); a name given twice gets a number."""
    try:
        game.check_seats(len(seats))
    except ParlourError as error:
        raise SeatingError(str(error)) from None
    bots = bot_names(game)
    names = game.seat_names(len(seats))
    stored: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        name = distinct((seat.name or "").strip() or names[i], [s["name"] for s in stored] + list(names[i + 1:]))
        if seat.kind == BOT:
            bot = seat.bot or bots[-1]
            if bot not in bots:
                raise SeatingError(f"seat {i}: no bot {bot!r} (choose from {', '.join(bots)})")
            stored.append({"kind": BOT, "bot": bot, "name": name})
        else:
            stored.append({"kind": PERSON, "name": name})
    return stored


def distinct(name: str, taken: list[str]) -> str:
    """``name``, or ``name 2``, ``name 3``... the first that no other seat has."""
    if name not in taken:
        return name
    return next(f"{name} {n}" for n in range(2, len(taken) + 3) if f"{name} {n}" not in taken)
