"""Where games and tournaments live between runs of the server: one SQL database.

SQLite by default (a file in the user's data folder), PostgreSQL or any other
SQLAlchemy URL through the same code.  A table's game is stored the way a
record is: the header once (game, variant, seed, seats) and then one row per
accepted action, written and committed *before* the action is acknowledged,
so a server killed at any moment restarts with every game intact.  The state
itself is never stored: it is rebuilt by replaying the actions through the
rules, which is also the proof that the log is sound.

Tournaments (the whist drive, the Biggles cycle) are stored alike, as a
config plus an append-only list of events.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    func,
    or_,
    select,
    text,
    true,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError

from parlour.engine.errors import ParlourError
from parlour.store import pubsub

metadata = MetaData()
#: the PostgreSQL advisory lock held while the tables are created
SCHEMA_LOCK = 0x7061726C

game_tables = Table(
    "game_tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("variant", JSON, nullable=False),
    Column("seed", BigInteger, nullable=True),
    Column("seats", JSON, nullable=False),          # [{"kind": "person"|"bot", "name": ..., "bot": ...}]
    Column("created", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("result", JSON, nullable=True),
    Column("meta", JSON, nullable=True),            # e.g. {"drive": ID, "round": 2, "table": 3}: whose fixture it is
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(64), nullable=False),
    Column("time", Float, nullable=True),           # seconds into a real-time game
)

claims = Table(
    "seat_claims", metadata,                        # who holds each seat: the hash of the seat's key
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    # the column keeps its first name, "token"; it holds ``digest(key)`` since the keys were hashed at rest
    # (``_hash_seat_keys`` hashes the rows of a database made before)
    Column("token", String(64), nullable=False, key="key_hash"),
)

access = Table(
    "table_access", metadata,                       # what the creator chose; a table without a row is neither
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("listed", Boolean, nullable=False),      # shown in the public list of tables
    Column("open_seats", Boolean, nullable=False),  # a free person seat may be taken by anyone, without an invite
)

options = Table(
    "table_options", metadata,                      # how the creator set the table up: {"hints": true}; no row, none
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("options", JSON, nullable=False),
)

invites = Table(
    "seat_invites", metadata,                       # the secret each join link carries, kept as its hash
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("secret_hash", String(64), nullable=False),
)

events_docs = Table(
    "documents", metadata,
    Column("id", String(32), primary_key=True),
    Column("kind", String(32), nullable=False),     # "drive", "biggles-cycle"
    Column("config", JSON, nullable=False),
    Column("created", Float, nullable=False),
)

leases = Table(
    "table_leases", metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("holder", String(32), nullable=False),   # the server process that runs the table's bots
    Column("expires", Float, nullable=False),       # wall-clock seconds; renewed while the holder lives
)

doc_events = Table(
    "document_events", metadata,
    Column("doc_id", String(32), ForeignKey("documents.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("event", JSON, nullable=False),
)


owner_keys = Table(
    "document_keys", metadata,                      # a drive's or cycle's organiser key, kept as its hash
    Column("doc_id", String(32), ForeignKey("documents.id"), primary_key=True),
    Column("key_hash", String(64), nullable=False),
)

health = Table(
    "health_probes", metadata,                      # /healthz's test write: one row per server process, rewritten
    Column("origin", String(32), primary_key=True),
    Column("written", Float, nullable=False),
)

migrations = Table(
    "schema_migrations", metadata,                  # the changes made to a database made by an earlier Parlour
    Column("name", String(64), primary_key=True),
    Column("applied", Float, nullable=False),
)


class StoreUnavailable(ParlourError):
    """The database refused a read or a write (a full disk, a read-only file, a server gone): try again later."""


class StoreError(ParlourError):
    """A missing table or document, a clash on a seat, a log that does not fit."""


class StoreConflict(StoreError):
    """Another writer appended to a log (a table's, a tournament's) after this one read it: check again."""


class StoreBusy(StoreError):
    """An SQLite database already served by another process."""


@dataclass(frozen=True)
class Logged:
    """One accepted action on its way to a table's log."""

    table_id: str
    index: int
    seat: int
    action: str
    when: float | None = None

    def values(self) -> dict[str, Any]:
        return {"table_id": self.table_id, "idx": self.index, "seat": self.seat, "action": self.action,
                "time": self.when}


@dataclass
class StoredTable:
    id: str
    game: str
    variant: dict[str, Any]
    seed: int | None
    seats: list[dict[str, Any]]
    created: float
    finished: float | None = None
    result: dict[str, Any] | None = None
    meta: dict[str, Any] | None = None
    actions: list[tuple[int, str, float | None]] = field(default_factory=list)
    #: the table's options, as its creator chose them: {"hints": true} (empty: none)
    options: dict[str, Any] = field(default_factory=dict)


def default_url() -> str:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "parlour"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'parlour.db'}"


def new_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def new_secret() -> str:
    """A key or an invite: 144 random bits."""
    return secrets.token_urlsafe(18)


def digest(secret: str) -> str:
    """What the database keeps of a secret: a copy of the database opens no seat and no tournament.

    A plain SHA-256, with no salt and no slow key derivation: those are for passwords, which people choose and
    an attacker can guess.  Every secret here is 144 random bits drawn by the server (``new_secret``), so no
    guess and no precomputed table reaches one, and a fast hash lets the store find a seat by its key's hash.
    """
    return hashlib.sha256(secret.encode()).hexdigest()


#: seconds a stopped process's health probe row is kept (the next start clears older ones)
PROBES_KEPT = 24 * 3600
#: a digest as stored: 64 lowercase hex digits (a key itself is 24 characters of URL-safe base64, never 64)
DIGEST_LENGTH = 64


class Store:
    """The database, through SQLAlchemy: every method blocks, so the server calls them from threads.

    ``shared`` says whether several server processes may use this database at once (PostgreSQL: they
    hear of each other's moves through ``pubsub``); SQLite is for one process, which ``hold`` checks.
    ``origin`` names this process in what it announces, so it can ignore its own announcements.
    """

    def __init__(self, url: str | None = None):
        self.url = url or default_url()
        self.engine = create_engine(self.url)
        self.shared = self.engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(6)
        self._held: Any = None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        with self.engine.begin() as db:
            if self.shared:                 # processes started together create the tables one at a time
                db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            metadata.create_all(db)
            hashed = _migrate(db)
            db.execute(health.delete().where(health.c.written < time.time() - PROBES_KEPT))   # processes long gone
        if hashed and self.engine.dialect.name == "sqlite":
            _scrub_sqlite(self.engine)

    def ping(self) -> None:
        """A round trip to the database; raises ``StoreUnavailable`` if it cannot be reached."""
        with self._reading() as db:
            db.execute(select(1))

    def probe(self) -> None:
        """A small write, committed: this process's row of ``health_probes`` rewritten with the time.

        Raises ``StoreUnavailable`` when the database takes no writes.  A read would not tell: a full disk, a
        read-only file or a PostgreSQL standby still answer a ``SELECT``, while every move would be refused.
        """
        now = time.time()
        with self._begin() as db:
            db.execute(health.delete().where(health.c.origin == self.origin))
            db.execute(health.insert().values(origin=self.origin, written=now))

    def hold(self) -> None:
        """Claim an SQLite file for this server process alone; refuses (``StoreBusy``) if another serves it.

        SQLite keeps tables in one process's memory: a second server on the same file would play on a
        stale copy.  The claim is a lock on a file beside the database, which the system releases when the
        process ends, however it ends.  PostgreSQL needs no claim: its processes share tables (``pubsub``).
        """
        database = self.engine.url.database
        if self.engine.dialect.name != "sqlite" or not database or database == ":memory:" or self._held:
            return
        import fcntl

        held = open(f"{database}.serving", "a+")
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            held.seek(0)
            other = held.read().strip() or "another process"
            held.close()
            raise StoreBusy(f"{database} is already served by {other}; SQLite serves one process only "
                            "(use PostgreSQL to run several)") from None
        held.truncate(0)
        held.write(f"parlour serve (pid {os.getpid()})")
        held.flush()
        self._held = held

    @contextmanager
    def _begin(self) -> Iterator[Connection]:
        """A transaction; a database that cannot be written (or read) raises ``StoreUnavailable`` with its reason."""
        try:
            with self.engine.begin() as db:
                yield db
        except IntegrityError:
            raise
        except DBAPIError as error:
            raise StoreUnavailable(f"the database cannot be written now ({error.orig})") from error

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as db:
                yield db
        except DBAPIError as error:
            raise StoreUnavailable(f"the database cannot be read now ({error.orig})") from error

    # -- game tables ------------------------------------------------------
    def create_table(self, game: str, variant: dict[str, Any], seed: int | None, seats: list[dict[str, Any]],
                     meta: dict[str, Any] | None = None, *, listed: bool = False, open_seats: bool = False,
                     table_options: dict[str, Any] | None = None) -> str:
        """A new table; ``listed`` shows it in the public list, ``open_seats`` lets anyone take a free seat,
        ``table_options`` are the rest of how it was set up (``{"hints": True}``)."""
        table_id = new_id()
        with self._begin() as db:
            db.execute(game_tables.insert().values(
                id=table_id, game=game, variant=variant, seed=seed, seats=seats, created=time.time(), meta=meta))
            db.execute(access.insert().values(table_id=table_id, listed=listed, open_seats=open_seats))
            if table_options:
                db.execute(options.insert().values(table_id=table_id, options=table_options))
        return table_id

    def save_finished(self, game: str, variant: dict[str, Any], seed: int | None, seats: list[dict[str, Any]],
                      logged: list[tuple[int, str, float | None]], result: dict[str, Any] | None,
                      meta: dict[str, Any] | None = None) -> str:
        """A game played elsewhere (bots in bulk), stored whole in one transaction so it can be replayed."""
        table_id = new_id()
        now = time.time()
        with self._begin() as db:
            db.execute(game_tables.insert().values(id=table_id, game=game, variant=variant, seed=seed, seats=seats,
                                                   created=now, finished=now, result=result, meta=meta))
            if logged:
                db.execute(actions.insert(), [{"table_id": table_id, "idx": i, "seat": seat, "action": action,
                                               "time": t}
                                              for i, (seat, action, t) in enumerate(logged)])
        return table_id

    def append_action(self, table_id: str, index: int, seat: int, action: str, when: float | None = None) -> None:
        """Store one accepted action; refuses an index that is not the next one (two writers raced)."""
        error = self.append_actions([Logged(table_id, index, seat, action, when)])[0]
        if error is not None:
            raise error

    def append_actions(self, rows: list[Logged]) -> list[StoreConflict | None]:
        """Store accepted actions of any tables in one transaction: one commit for many moves.

        Each row's answer is None (stored) or a ``StoreConflict`` (another writer stored that index first);
        a clash refuses only its own row, the others are stored one by one.  On PostgreSQL the same
        transaction announces the new moves to the other server processes (``pubsub``).
        """
        try:
            with self._begin() as db:
                db.execute(actions.insert(), [row.values() for row in rows])
                if self.shared:
                    pubsub.announce(db, rows, self.origin)
            return [None] * len(rows)
        except IntegrityError:
            if len(rows) == 1:
                row = rows[0]
                return [StoreConflict(f"action {row.index} of table {row.table_id} is already stored")]
        return [self.append_actions([row])[0] for row in rows]

    def finish(self, table_id: str, result: dict[str, Any]) -> bool:
        """Mark the table finished with its result; False if it already was (another process, or an earlier run).

        Its lease goes with it: a finished table's bots run nowhere.  On PostgreSQL the other processes
        hear of it (``pubsub``), so that their copies of a table closed before its end close too.
        """
        with self._begin() as db:
            done = db.execute(game_tables.update()
                              .where(game_tables.c.id == table_id, game_tables.c.finished.is_(None))
                              .values(finished=time.time(), result=result))
            db.execute(leases.delete().where(leases.c.table_id == table_id))
            if done.rowcount and self.shared:
                pubsub.announce_end(db, table_id, self.origin)
        return bool(done.rowcount)

    def actions_from(self, table_id: str, start: int) -> list[tuple[int, str, float | None]]:
        """The table's actions from index ``start`` on, for a copy in memory that another process got ahead of."""
        with self._reading() as db:
            rows = db.execute(
                select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.time)
                .where(actions.c.table_id == table_id, actions.c.idx >= start).order_by(actions.c.idx)).all()
        if any(r.idx != start + k for k, r in enumerate(rows)):
            raise StoreError(f"table {table_id}: the log has a gap after action {start}")
        return [(r.seat, r.action, r.time) for r in rows]

    def load(self, table_id: str) -> StoredTable:
        with self._reading() as db:
            row = db.execute(select(game_tables).where(game_tables.c.id == table_id)).first()
            if row is None:
                raise StoreError(f"no table {table_id!r}")
            rows = db.execute(
                select(actions.c.idx, actions.c.seat, actions.c.action, actions.c.time)
                .where(actions.c.table_id == table_id).order_by(actions.c.idx)
            ).all()
            chosen = db.execute(select(options.c.options).where(options.c.table_id == table_id)).scalar()
        for expected, r in enumerate(rows):
            if r.idx != expected:
                raise StoreError(f"table {table_id}: action {expected} is missing from the log")
        return StoredTable(
            id=row.id, game=row.game, variant=row.variant, seed=row.seed, seats=row.seats, created=row.created,
            finished=row.finished, result=row.result, meta=row.meta, actions=[(r.seat, r.action, r.time) for r in rows],
            options=dict(chosen or {}),
        )

    def tables_for(self, key: str, value: str) -> list[dict[str, Any]]:
        """Tables whose meta links them to a tournament (``key`` "drive" or "cycle"), found by the database."""
        return self.list_tables(limit=None, meta=(key, value))

    def list_tables(self, finished: bool | None = None, limit: int | None = 200,
                    meta: tuple[str, str] | None = None, *, visible: list[str] | None = None,
                    since: float | None = None, only: list[str] | None = None) -> list[dict[str, Any]]:
        """Tables, newest first.  With ``visible``, only the listed ones and those ids (a browser's own tables);
        with ``only``, those ids alone; with ``since``, only those created since then."""
        moves = select(actions.c.table_id, func.count().label("moves")).group_by(actions.c.table_id).subquery()
        query = (select(game_tables, moves.c.moves, options.c.options)
                 .outerjoin(moves, moves.c.table_id == game_tables.c.id)
                 .outerjoin(options, options.c.table_id == game_tables.c.id)
                 .order_by(game_tables.c.created.desc()).limit(limit))
        if finished is True:
            query = query.where(game_tables.c.finished.is_not(None))
        elif finished is False:
            query = query.where(game_tables.c.finished.is_(None))
        if visible is not None:
            query = query.outerjoin(access, access.c.table_id == game_tables.c.id).where(
                or_(access.c.listed.is_(True), game_tables.c.id.in_(visible)))
        if only is not None:
            query = query.where(game_tables.c.id.in_(only))
        if since is not None:
            query = query.where(game_tables.c.created >= since)
        if meta is not None:
            key, value = meta
            query = query.where(game_tables.c.meta[key].as_string() == value)
        with self._reading() as db:
            rows = db.execute(query).all()
        return [
            {"id": r.id, "game": r.game, "variant": r.variant, "seats": r.seats, "created": r.created,
             "finished": r.finished, "result": r.result, "meta": r.meta, "moves": r.moves or 0,
             "options": dict(r.options or {})}
            for r in rows
        ]

    # -- who sits where -----------------------------------------------------
    def claim(self, table_id: str, seat: int) -> str:
        """A fresh key for ``seat``, answered this once: the database keeps only its hash (``digest``).
        Refuses a seat someone already holds."""
        token = new_secret()
        try:
            with self._begin() as db:
                db.execute(claims.insert().values(table_id=table_id, seat=seat, key_hash=digest(token)))
        except IntegrityError:
            raise StoreError(f"seat {seat} is taken") from None
        return token

    def rekey(self, table_id: str, seat: int) -> str:
        """A fresh key for ``seat``, held or not, answered this once: a key given for it before stops working (a
        tournament's organiser hands the seat to its player again, its first key lost with a closed tab)."""
        token = new_secret()
        with self._begin() as db:
            db.execute(claims.delete().where(claims.c.table_id == table_id, claims.c.seat == seat))
            db.execute(claims.insert().values(table_id=table_id, seat=seat, key_hash=digest(token)))
        return token

    def seat_of(self, table_id: str, token: str) -> int | None:
        """The seat whose key this is, found by the key's hash (the database never holds the key itself)."""
        with self._reading() as db:
            row = db.execute(select(claims.c.seat)
                             .where(claims.c.table_id == table_id, claims.c.key_hash == digest(token))).first()
        return None if row is None else row.seat

    def access(self, table_id: str) -> tuple[bool, bool]:
        """Whether the table is listed, and whether its free seats are open to anyone (no row: neither)."""
        with self._reading() as db:
            row = db.execute(select(access.c.listed, access.c.open_seats)
                             .where(access.c.table_id == table_id)).first()
        return (False, False) if row is None else (bool(row.listed), bool(row.open_seats))

    def invite(self, table_id: str, seat: int) -> str:
        """A fresh secret for the join link of ``seat`` (a new one replaces the old)."""
        secret = new_secret()
        with self._begin() as db:
            db.execute(invites.delete().where(invites.c.table_id == table_id, invites.c.seat == seat))
            db.execute(invites.insert().values(table_id=table_id, seat=seat, secret_hash=digest(secret)))
        return secret

    def invited(self, table_id: str, seat: int, secret: str) -> bool:
        with self._reading() as db:
            row = db.execute(select(invites.c.secret_hash)
                             .where(invites.c.table_id == table_id, invites.c.seat == seat)).first()
        return row is not None and hmac.compare_digest(row.secret_hash, digest(secret))

    def name_seat(self, table_id: str, seat: int, name: str) -> list[dict[str, Any]]:
        """Give person seat ``seat`` its player's name; answers the seats as stored now."""
        with self._begin() as db:
            seats = db.execute(select(game_tables.c.seats).where(game_tables.c.id == table_id)).scalar_one()
            seats = [dict(s, name=name) if i == seat else s for i, s in enumerate(seats)]
            db.execute(game_tables.update().where(game_tables.c.id == table_id).values(seats=seats))
        return seats

    def claimed_seats(self, table_id: str) -> set[int]:
        with self._reading() as db:
            return {r.seat for r in db.execute(select(claims.c.seat).where(claims.c.table_id == table_id))}

    # -- who runs a table's bots: a lease, renewed by its holder, taken over once it lapses -------------
    def take_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Make ``holder`` the one process that runs the table's bots for ``seconds``, unless another holds it.

        On SQLite, served by one process only (``hold``), a lease left by an earlier run is simply taken.
        """
        now = time.time()
        free = (leases.c.holder == holder) | (leases.c.expires < now) if self.shared else true()
        with self._begin() as db:
            renewed = db.execute(leases.update().where(leases.c.table_id == table_id, free)
                                 .values(holder=holder, expires=now + seconds))
            if renewed.rowcount:
                return True
        try:
            with self._begin() as db:
                db.execute(leases.insert().values(table_id=table_id, holder=holder, expires=now + seconds))
        except IntegrityError:
            return False                    # another process holds it, or took it first
        return True

    def renew_leases(self, holder: str, table_ids: list[str], seconds: float) -> set[str]:
        """Renew the holder's leases on these tables; the ids of those it still holds."""
        if not table_ids:
            return set()
        now = time.time()
        with self._begin() as db:
            live = leases.c.expires >= now if self.shared else true()    # a lapsed lease may have a new holder
            db.execute(leases.update().where(leases.c.holder == holder, leases.c.table_id.in_(table_ids), live)
                       .values(expires=now + seconds))
            rows = db.execute(select(leases.c.table_id)
                              .where(leases.c.holder == holder, leases.c.table_id.in_(table_ids))).all()
        return {r.table_id for r in rows}

    def release_leases(self, holder: str) -> None:
        """A process that stops lets the others take its tables at once."""
        with self._begin() as db:
            db.execute(leases.delete().where(leases.c.holder == holder))

    def orphans(self, limit: int = 100) -> list[str]:
        """Unfinished tables with bots whose lease has lapsed (their process died) or was never taken."""
        now = time.time()
        held = select(leases.c.table_id).where(leases.c.expires >= now)
        with self._reading() as db:
            rows = db.execute(select(game_tables.c.id, game_tables.c.seats)
                              .where(game_tables.c.finished.is_(None), game_tables.c.id.not_in(held))
                              .order_by(game_tables.c.created).limit(limit * 4)).all()
        return [r.id for r in rows if any(seat["kind"] == "bot" for seat in r.seats)][:limit]

    # -- tournaments: a config and its events ---------------------------------
    def create_document(self, kind: str, config: dict[str, Any]) -> str:
        doc_id = new_id()
        with self._begin() as db:
            db.execute(events_docs.insert().values(id=doc_id, kind=kind, config=config, created=time.time()))
        return doc_id

    def append_event(self, doc_id: str, event_data: dict[str, Any], expected: int | None = None) -> int:
        """Append an event; with ``expected`` (the count of events it was checked against), only if none came since."""
        try:
            with self._begin() as db:
                count = db.execute(select(func.count()).select_from(doc_events)
                                   .where(doc_events.c.doc_id == doc_id)).scalar_one()
                if expected is not None and count != expected:
                    raise StoreConflict(f"tournament {doc_id!r} changed while this entry was checked")
                db.execute(doc_events.insert().values(doc_id=doc_id, idx=count, event=event_data))
        except IntegrityError:
            raise StoreConflict(f"tournament {doc_id!r} changed while this entry was checked") from None
        return count

    def new_owner_key(self, doc_id: str) -> str:
        """The organiser key of a drive or cycle (a new one replaces the old): every change to it needs the key."""
        key = new_secret()
        with self._begin() as db:
            db.execute(owner_keys.delete().where(owner_keys.c.doc_id == doc_id))
            db.execute(owner_keys.insert().values(doc_id=doc_id, key_hash=digest(key)))
        return key

    def is_owner(self, doc_id: str, key: str) -> bool:
        with self._reading() as db:
            row = db.execute(select(owner_keys.c.key_hash).where(owner_keys.c.doc_id == doc_id)).first()
        return row is not None and hmac.compare_digest(row.key_hash, digest(key))

    def delete_document(self, doc_id: str) -> None:
        """A drive or cycle gone, entries and key with it (the tables played for it stay, as finished games)."""
        with self._begin() as db:
            db.execute(doc_events.delete().where(doc_events.c.doc_id == doc_id))
            db.execute(owner_keys.delete().where(owner_keys.c.doc_id == doc_id))
            if db.execute(events_docs.delete().where(events_docs.c.id == doc_id)).rowcount == 0:
                raise StoreError(f"no tournament {doc_id!r}")

    def load_document(self, doc_id: str) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
        with self._reading() as db:
            row = db.execute(select(events_docs).where(events_docs.c.id == doc_id)).first()
            if row is None:
                raise StoreError(f"no tournament {doc_id!r}")
            rows = db.execute(select(doc_events.c.event).where(doc_events.c.doc_id == doc_id)
                              .order_by(doc_events.c.idx)).all()
        return row.kind, row.config, [r.event for r in rows]

    def list_documents(self, kind: str | None = None) -> list[dict[str, Any]]:
        query = select(events_docs).order_by(events_docs.c.created.desc())
        if kind is not None:
            query = query.where(events_docs.c.kind == kind)
        with self._reading() as db:
            return [{"id": r.id, "kind": r.kind, "config": r.config, "created": r.created} for r in db.execute(query)]


#: the migrations, in order: each runs once per database, in the transaction that creates the tables
SEAT_KEYS_HASHED = "seat-keys-hashed"


def _migrate(db: Connection) -> int:
    """Bring a database made by an earlier Parlour up to date; answers how many seat keys it hashed.

    Each migration is noted in ``schema_migrations`` and runs once.  On PostgreSQL this runs under the schema
    lock, so of several processes started together one migrates and the others find it done.
    """
    done = set(db.execute(select(migrations.c.name)).scalars())
    hashed = 0
    if SEAT_KEYS_HASHED not in done:
        hashed = _hash_seat_keys(db)
        db.execute(migrations.insert().values(name=SEAT_KEYS_HASHED, applied=time.time()))
    return hashed


def _hash_seat_keys(db: Connection) -> int:
    """Seat keys were once stored as they are; replace each with its hash, so the links handed out keep working.

    A row is told apart by its form, not only by the migration's note: a key is 24 characters, a digest 64 hex
    digits, so a row already hashed is never hashed twice (the migration may be run again safely).
    """
    rows = db.execute(select(claims.c.table_id, claims.c.seat, claims.c.key_hash)).all()
    plain = [r for r in rows if not _is_digest(r.key_hash)]
    for r in plain:
        db.execute(claims.update().where(claims.c.table_id == r.table_id, claims.c.seat == r.seat)
                   .values(key_hash=digest(r.key_hash)))
    return len(plain)


def _is_digest(value: str) -> bool:
    return len(value) == DIGEST_LENGTH and all(c in "0123456789abcdef" for c in value)


def _scrub_sqlite(engine: Any) -> None:
    """After keys were hashed in an SQLite file: no old copy of a key is left in the file or its journal.

    SQLite leaves a replaced value's bytes in free space, and the old pages in the write-ahead log, until they
    are reused.  ``VACUUM`` rewrites the file from its live rows (free space holds nothing then), and a
    truncating checkpoint empties the log.  It runs once, when the keys are hashed.
    """
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
        db.exec_driver_sql("VACUUM")
        db.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL with NORMAL sync survives a killed process (not a power cut) and lets readers run beside the writer.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()

