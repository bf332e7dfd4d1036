"""Server processes on one PostgreSQL database tell each other of new moves, through LISTEN/NOTIFY.

The transaction that stores moves also announces them (``announce``), and the one that marks a table
finished announces its end (``announce_end``: a table closed before its end has no move to tell of):
PostgreSQL delivers a notification only once its transaction commits, so a process never hears of a
change it cannot read.
Each process keeps one connection that LISTENs (``Listener``) and passes on every announcement from
the others; the web layer then reloads that table's new moves and shows them to its own spectators.
A listener that loses its connection reconnects, and says so, so that the tables can reload whatever
was announced while it was away.

SQLite needs none of this: it serves one process (``Store.hold``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, Sequence

from sqlalchemy import text
from sqlalchemy.engine import Connection, make_url

CHANNEL = "parlour_moves"
#: in place of a count: the table is finished
END = "end"
log = logging.getLogger("parlour.store")


class Stored(Protocol):
    """A move as an announcement reads it: its table and its place in that table's log.

    ``parlour.store.Logged`` is the one the store passes.  Named here, not
    imported, because the store imports this module: the arrow runs one way.
    """

    @property
    def table_id(self) -> str: ...

    @property
    def index(self) -> int: ...


def announce(db: Connection, rows: Sequence[Stored], origin: str) -> None:
    """Announce, in the transaction that stores them, each table's new length: "TABLE COUNT ORIGIN"."""
    lengths: dict[str, int] = {}
    for row in rows:
        lengths[row.table_id] = max(lengths.get(row.table_id, 0), row.index + 1)
    payloads = [f"{table_id} {count} {origin}" for table_id, count in lengths.items()]
    # one statement for the whole batch: a round trip per table would hold up the writer
    db.execute(text("SELECT pg_notify(:channel, payload) FROM unnest(CAST(:payloads AS text[])) AS payload"),
               {"channel": CHANNEL, "payloads": payloads})


def announce_end(db: Connection, table_id: str, origin: str) -> None:
    """Announce, in the transaction that marks it, that a table is finished: "TABLE end ORIGIN"."""
    db.execute(text("SELECT pg_notify(:channel, :payload)"),
               {"channel": CHANNEL, "payload": f"{table_id} {END} {origin}"})


def conninfo(url: str) -> str:
    """A libpq connection string for psycopg from the SQLAlchemy URL (``postgresql+psycopg://...``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


#: what a listener passes on: the table, its length in the log (None: it is finished), the process that stored it
Heard = Callable[[str, int | None, str], None]


class Listener:
    """One psycopg connection that LISTENs for the other processes' moves, reconnecting when it is lost.

    ``heard(table, count, origin)`` is called for each announcement (``count`` None: the table is
    finished); ``connected()`` after each (re)connection, when announcements may have been missed.
    """

    def __init__(self, url: str, heard: Heard, connected: Callable[[], Awaitable[None]], retry: float = 1.0):
        self.conninfo = conninfo(url)
        self.heard = heard
        self.connected = connected
        self.retry = retry
        self.up = False
        self.listening = asyncio.Event()          # set while ``up``
        self.task: asyncio.Task[None] | None = None

    async def start(self, wait: float = 5.0) -> bool:
        """Start listening, and wait up to ``wait`` seconds for the first connection (a process that serves
        before it listens would miss the others' moves); whether it is listening."""
        self.task = asyncio.get_running_loop().create_task(self._run())
        try:
            await asyncio.wait_for(self.listening.wait(), wait)
        except asyncio.TimeoutError:
            return False
        return True

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def _run(self) -> None:
        import psycopg

        pause = self.retry
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as db:
                    await db.execute(f"LISTEN {CHANNEL}")
                    self.up, pause = True, self.retry
                    self.listening.set()
                    await self.connected()
                    async for note in db.notifies():
                        self._pass_on(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:      # the database went away: try again, more slowly each time
                log.warning("listening for other processes' moves failed (%s); again in %.0f s", error, pause)
            self.up = False
            self.listening.clear()
            await asyncio.sleep(pause)
            pause = min(pause * 2, 30.0)

    def _pass_on(self, payload: Any) -> None:
        try:
            table_id, count, origin = str(payload).split()
            self.heard(table_id, None if count == END else int(count), origin)
        except ValueError:
            log.warning("an announcement that is not ours on %s: %r", CHANNEL, payload)
