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
import secrets
import time
from collections import OrderedDict
from typing import Any, Callable

from parlour.bots import bot_names, default_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.store import Store
from parlour.store.pubsub import Listener
from parlour.store.writer import Writer
from parlour.web.advice import Advisor
from parlour.web.live import BOT, PERSON, RULES_VERSION, LiveTable
from parlour.web.metrics import Metrics
from parlour.web.models import Chooser, Seat, TableMade

log = logging.getLogger("parlour.web")
RECENT = 64              # finished tables kept in memory for replays and record downloads
MAX_BOT_TABLES = 20      # tables of bots alone in play at once: each costs the server a loop of moves
#: tables with a search bot in play at once, per thinking worker (``parlour serve --max-search-tables``)
SEARCH_TABLES_PER_WORKER = 4
MAX_MOVES = 20_000       # a table with no end after this many moves is closed (no game's default comes near)
#: seconds a process holds a table's bots without renewing; another takes them over once it lapses
LEASE = 10.0


class SeatingError(ParlourError):
    """Seats, a bot, a variant or a seed that the game cannot be played with; the reason says which."""


class Unplayable(ParlourError):
    """A stored table whose log the rules no longer accept."""


class Busy(ParlourError):
    """The server is already running as many tables of bots alone, or with search bots, as it allows; try again
    when one ends."""


class Tables:
    """Live tables by id, the finished ones lately asked for, and the factory of new tables.

    ``on_finish(table)`` runs once a table's game ends or it is closed (the tournaments enter its result), in a
    thread, in the one process that marked it finished.
    """

    def __init__(self, store: Store, *, bot_delay: float = 0.6, clock: Callable[[], float] = time.monotonic,
                 on_finish: Callable[[LiveTable], None] | None = None, metrics: Metrics | None = None,
                 lease: float = LEASE, max_bot_tables: int = MAX_BOT_TABLES, max_moves: int = MAX_MOVES,
                 advisor: Advisor | None = None, creator_seeds: bool = False,
                 max_search_tables: int | None = None):
        self.store = store
        #: keep every creator's seed, even where others play (``_seed_for``); off on a public night
        self.creator_seeds = creator_seeds
        #: the expert's hints and analyses, with their threads and budgets
        self.advisor = advisor or Advisor()
        #: the server's thinking workers, shared by bots, hints and analyses (``web.thinking``)
        self.thinker = self.advisor.thinker
        self.max_bot_tables = max_bot_tables
        #: tables with a search bot (people at them or not) in play at once; each asks the workers every turn
        self.max_search_tables = (max_search_tables if max_search_tables is not None
                                  else SEARCH_TABLES_PER_WORKER * self.thinker.workers)
        self.max_moves = max_moves
        self.bot_delay = bot_delay
        self.clock = clock
        self.on_finish = on_finish
        self.metrics = metrics or Metrics()
        self.metrics.count_tables(lambda: len(self.live))
        self.metrics.count_thinking(self.thinker)
        self.writer = Writer(store, failed=lambda _error: self.metrics.database_errors.labels("append").inc(),
                             committed=self.metrics.commit_seconds.observe)
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
                                      on_finish=self._finished, writer=self.writer, metrics=self.metrics,
                                      max_moves=self.max_moves, advisor=self.advisor)
                except ParlourError as error:
                    raise Unplayable(f"table {table_id} could not be rebuilt from its log: {error}") from None
                if table.bots and not table.ended:
                    table.leased = await self._take(table_id)
                self.live[table_id] = table
                table.wake()
                if table.ended and not table.done:
                    await table._finish()        # the server died between the last move and marking it
                self.forget(table)
            return self.live[table_id] if table_id in self.live else self.recent[table_id]

    def playing(self) -> set[str]:
        """The ids of the tables in play or watched (a finished one nobody watches is only among the recent)."""
        return set(self.live)

    def forget(self, table: LiveTable) -> None:
        """A finished table nobody is watching moves to a short list of recent ones; the store has the rest."""
        if table.ended and not table.connections and self.live.get(table.id) is table:
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
            if not await self.listener.start():
                log.warning("not yet hearing the other server processes' moves; serving all the same (/healthz "
                            "says so until the listener connects)")
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
        for table in list(self.live.values()):
            await table.store_race()             # a race's last half second, final now (ruling 14)
        self.advisor.close()
        await asyncio.to_thread(self.writer.stop)
        try:
            await asyncio.to_thread(self.store.release_leases, self.store.origin)
        except Exception as error:               # the others will take the tables once the leases lapse
            log.warning("could not hand back this process's tables: %s", error)

    # -- several processes: announcements and leases ------------------------------------------
    def heard(self, table_id: str, count: int | None, origin: str) -> None:
        """Another process stored moves of a table (``count``: its log's length), or marked it finished (None):
        a copy of it here catches up, or ends too (a table closed there), and its spectators see it."""
        table = self.live.get(table_id) or self.recent.get(table_id)
        if origin == self.store.origin or table is None:
            return
        if count is None:
            self._chore(table.ended_elsewhere())
        elif count > table.stored:
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
        mine = [t for t in self.live.values() if t.bots and not t.ended]
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
    def bots_alone(self) -> int:
        """Tables of bots alone in play now."""
        return sum(1 for t in self.live.values() if not t.ended and all(s["kind"] == BOT for s in t.seats))

    def searching(self) -> int:
        """Tables with a search bot in play now, whoever else sits at them."""
        return sum(1 for t in self.live.values()
                   if not t.ended and any(getattr(bot, "uses_worlds", False) for bot in t.bots.values()))

    async def open(self, game: GameDescriptor, seats: list[Seat], variant: dict[str, Any] | None, seed: int | None,
                   *, sit: bool | int = True, meta: dict[str, Any] | None = None, listed: bool = False,
                   open_seats: bool = False, hints: bool = False) -> TableMade:
        """Check who sits where, the variant and the seed against the game; store the new table; answer with its links.

        ``sit``: the creator takes the first person seat (True), that seat (a number) or none (False).  Each
        other person seat gets a join link with its own secret; ``open_seats`` lets anyone take a free seat
        without one, ``listed`` shows the table in the public list, ``hints`` lets each person ask the expert
        at his turn (turn-by-turn games).  ``seed`` is kept only where every person seat is the creator's own
        (``_seed_for``): at a table where anyone else plays the server draws it, as it does when none is given,
        and for every table a drive or cycle opens (they come here too).  The bots start at once, whoever opens
        the page.  Raises ``SeatingError`` with the reason, ``Busy`` when bots alone, or search bots, have no
        room.
        """
        stored = _seated(game, seats)
        if hints and game.real_time:
            raise SeatingError(f"{game.title} is played against the clock: hints are for turn-by-turn games")
        if all(s["kind"] == BOT for s in stored) and self.bots_alone() >= self.max_bot_tables:
            raise Busy(f"the server is already running {self.max_bot_tables} tables of bots alone, as many as it "
                       "allows; try again when one of them ends")
        if any(s["kind"] == BOT and _searches(game, s["bot"]) for s in stored) \
                and self.searching() >= self.max_search_tables:
            raise Busy(f"the server is already running {self.max_search_tables} tables with a search bot, as many as "
                       "its thinking allows; try again when one of them ends, or seat a bot that plays by rule of "
                       "thumb")
        people = [i for i, s in enumerate(stored) if s["kind"] == PERSON]
        mine = people[0] if people and sit is True else sit if sit is not False and sit in people else None
        seed, chosen_by = _seed_for(seed, people, mine, self.creator_seeds)
        try:
            state = game.new_state(seats=len(stored), variant=variant or {}, seed=seed)     # refuses a bad variant
        except ParlourError as error:
            raise SeatingError(str(error)) from None
        except TypeError as error:          # a variant the rules' own checks let through: its text is the code's
            log.warning("%s could not be set up with the variant %r: %s", game.id, variant, error)
            raise SeatingError(f"{game.title} cannot be set up with that variant") from None

        def create() -> TableMade:          # one trip to a thread: the table, its invites and the creator's seat
            table_id = self.store.create_table(game.id, dict(state.variant), seed, stored, meta,
                                               listed=listed, open_seats=open_seats,
                                               table_options={**({"hints": True} if hints else {}),
                                                              SEED_CHOSEN_BY: chosen_by,
                                                              RULES_VERSION: game.rules_version})
            made = TableMade(id=table_id, url=f"/t/{table_id}", seed_chosen_by=chosen_by, join={
                str(i): f"/t/{table_id}/join/{i}#invite={self.store.invite(table_id, i)}"
                for i in people if i != mine})
            if mine is not None:
                made.seat = mine
                made.token = self.store.claim(table_id, mine)
            return made

        made = await asyncio.to_thread(create)
        await self.get(made.id)
        return made


def _searches(game: GameDescriptor, bot: str) -> bool:
    """The bot of that name searches (``expert``, ``pimc``, with or without a budget): it asks the workers."""
    from parlour.bots.search import SEARCH_BOTS

    return bot.partition(":")[0] in SEARCH_BOTS and bot.partition(":")[0] not in game.bots


#: the table option that says who chose the seed: "creator" or "server"
SEED_CHOSEN_BY = "seed_chosen_by"


def _seed_for(given: int | None, people: list[int], mine: int | None, anyone: bool = False) -> tuple[int, Chooser]:
    """The table's seed, and who chose it: the creator's own, or one the server draws.

    A seed decides every card dealt, so whoever chooses it can know the others' hands (he tries seeds at home
    until one deals his partner the cards he wants, or reads every hand off a copy of the game).  The creator's
    seed is kept only where nobody else plays: every person seat is his own, the rest bots (a practice deal,
    a puzzle to try again).  At a table with anyone else in a person seat the server draws the seed itself,
    from the operating system's randomness, whatever the creator sent; the answer says so
    (``seed_chosen_by``), and the game's record keeps the seed, for its replay once the game is over.

    ``anyone`` keeps every creator's seed (``parlour serve --creator-seeds``): a server whose players agreed to
    it, such as a duplicate night where every table plays one deal, or the page tests, which choose their deals.
    """
    if given is not None and (anyone or all(seat == mine for seat in people)):
        return given, "creator"
    return secrets.randbelow(2**62), "server"


#: the names bots sit under when their seat is not named: people's names of the games' own years, so that a
#: table reads "Arthur played England 6" (a bot's kind is shown beside its name)
BOT_NAMES = ("Arthur", "Betty", "Cyril", "Doris", "Edwin", "Flora", "Gerald", "Hilda", "Ivor", "Joan", "Kenneth",
             "Lilian", "Maurice", "Nora", "Percy", "Rose", "Stanley", "Thelma", "Vernon", "Winifred")


def _seated(game: GameDescriptor, seats: list[Seat]) -> list[dict[str, Any]]:
    """The seats as the store keeps them, each with a name of its own: the name given (trimmed), else a bot's
    from ``BOT_NAMES`` (in seat order) or "Player N" for a person not named yet (his join link asks); a name
    given twice gets a number."""
    try:
        game.check_seats(len(seats))
    except ParlourError as error:
        raise SeatingError(str(error)) from None
    bots = bot_names(game)
    given = [(seat.name or "").strip() for seat in seats]
    spare = iter([n for n in BOT_NAMES if n not in given] * (1 + len(seats) // len(BOT_NAMES)))
    names = [name or (next(spare) if seat.kind == BOT else f"Player {i + 1}")
             for i, (seat, name) in enumerate(zip(seats, given, strict=True))]
    stored: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        # a name given first keeps it; a later seat's name of our choosing is kept free too
        ours = [n for n, g in zip(names[i + 1:], given[i + 1:], strict=True) if not g]
        name = distinct(names[i], [s["name"] for s in stored] + ours)
        if seat.kind == BOT:
            bot = seat.bot or default_bot(game)
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
