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


class SeatingError(ParlourError):
    """Seats, a bot, a variant or a seed that the game cannot be played with; the reason says which."""


class Unplayable(ParlourError):
    """A stored table whose log the rules no longer accept."""


class Tables:
    """Live tables by id, the finished ones lately asked for, and the factory of new tables.

    ``on_finish(table)`` runs once a table's game ends (the tournaments enter its result).
    """

    def __init__(self, store: Store, *, bot_delay: float = 0.6, clock: Callable[[], float] = time.monotonic,
                 on_finish: Callable[[LiveTable], None] | None = None):
        self.store = store
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
                                      on_finish=self._finished)
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
        table_id = self.store.create_table(game.id, dict(state.variant), seed, stored, meta)
        people = [i for i, s in enumerate(stored) if s["kind"] == PERSON]
        made = TableMade(id=table_id, url=f"/t/{table_id}", join={str(i): f"/t/{table_id}/join/{i}" for i in people})
        if people and sit:
            made.seat = people[0]
            made.token = self.store.claim(table_id, people[0])
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
