"""``/api/tables`` and the play socket ``/ws/tables/ID``: making tables, taking seats, playing.

Every move comes in on the socket and goes through ``LiveTable.act``: the
rules judge it, the store keeps it, and only then is every connection told.

A table is private unless its creator made it public, and a free seat is
taken with the invite in its join link unless the creator opened the seats to
anyone.  Its seats (with their keys) may close it, or start it again.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from parlour.engine.errors import ParlourError
from parlour.games import get_game
from parlour.store import Store, StoreError, StoreUnavailable
from parlour.web.bodies import JSONRoute
from parlour.web.deps import Creates, SeatDep, SocketsDep, StoreDep, TablesDep, TournamentsDep, game_by_id
from parlour.web.errors import public
from parlour.web.live import PERSON, Connection, LiveTable, Refused
from parlour.web.logs import bind
from parlour.web.models import (
    REFUSED,
    Act,
    AskHint,
    ClientMessage,
    HeldSeats,
    MyTable,
    NewTable,
    Pong,
    Ready,
    Seat,
    SeatClaim,
    SeatHeld,
    SeatKey,
    TableInfo,
    TableMade,
    TableSummary,
)
from parlour.web.registry import Tables, distinct
from parlour.web.sockets import CLOSE_TOO_MANY, SocketCaps
from parlour.web.tournaments import game_context, tournaments_of

router = APIRouter(tags=["tables"], route_class=JSONRoute)

MAX_MESSAGE = 4096
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
#: an unfinished table older than this (in seconds) has been left: it is no longer among the tables in play
STALE = 24 * 3600
#: the socket's close code when the database cannot be read: "try again later"
CLOSE_UNAVAILABLE = 1013
#: the socket's close code when the server failed in a way nobody foresaw (the log has it): "internal error"
CLOSE_FAILED = 1011
NO_INVITE = ("this seat is kept for the person its join link was sent to: open the link itself "
             "(the invite after #invite=), or ask the table's creator for it")


@router.post("/api/tables", status_code=201, response_model_exclude_none=True, dependencies=[Creates])
async def create(body: NewTable, tables: TablesDep) -> TableMade:
    return await tables.open(game_by_id(body.game), body.seats, body.variant, body.seed, sit=body.sit,
                             listed=body.public, open_seats=body.open_seats, hints=body.hints)


@router.get("/api/tables")
def listed(store: StoreDep, tournaments: TournamentsDep, finished: bool | None = None,
           mine: Annotated[str, Query(max_length=2000, description="ids of tables this client holds keys for, "
                                                                    "comma-separated: listed even if private")] = ""
           ) -> list[TableSummary]:
    """The public tables, and the private ones named in ``mine``, newest first.

    Unfinished tables created more than a day ago have been left: they are not among the tables in play.
    """
    since = time.time() - STALE if finished is False else None
    ids = [i for i in mine.split(",") if i][:100]
    rows = store.list_tables(finished, visible=ids, since=since)
    return [TableSummary(**row, winners=_winners(row), score=_score(row), tournament=played_for)
            for row, played_for in zip(rows, tournaments_of(tournaments, rows), strict=True)]


@router.post("/api/tables/mine")
def mine(body: HeldSeats, store: StoreDep, tournaments: TournamentsDep) -> list[MyTable]:
    """The tables whose seat keys the body carries, private or not, newest first, each with the seat its key
    opens: a player's own games.  A key that opens no seat lists nothing (its table is not named)."""
    held: dict[str, int] = {}
    for entry in body.keys:
        seat = store.seat_of(entry.table, entry.key)
        if seat is not None:
            held[entry.table] = seat
    if not held:
        return []
    rows = store.list_tables(body.finished, limit=None, only=list(held))
    return [MyTable(**row, winners=_winners(row), score=_score(row), seat=held[row["id"]], tournament=played_for)
            for row, played_for in zip(rows, tournaments_of(tournaments, rows), strict=True)]


#: where a game's result keeps its score by side ("A": 3, or "P1": 8), and the score's word in a list (British Towns'
#: sets game keeps its "scores", cards laid less cards held, below nought for a player who laid none)
#: (British Towns' asking game counts the regions each player laid: its list line gives them, as the others' give
#: their goals and points, where it read a bare "Won by Betty")
SCORES = (("goals", "goals"), ("points", "points"), ("totals", "points"), ("scores", "points"), ("regions", "regions"))


def _side_seats(rules: list[str], label: str) -> list[int]:
    """The seats of a side the rules name by seat ("P2") or by partnership ("A", whose seats are "A1" and "A2")."""
    return ([i for i, name in enumerate(rules) if name == label]
            or [i for i, name in enumerate(rules) if name.startswith(label) and name[len(label):].isdigit()])


def _score(row: dict[str, Any]) -> dict[str, Any] | None:
    """A finished game's score by side, with the names at each side's seats, for the lists of games: the rules'
    own figures (goals, points), never worked out here."""
    result = row["result"] or {}
    if not row["finished"] or result.get("abandoned"):
        return None
    found = next(((unit, result[key]) for key, unit in SCORES if isinstance(result.get(key), dict) and result[key]
                  and all(isinstance(v, int) for v in result[key].values())), None)
    if found is None:
        return None
    unit, figures = found
    try:
        rules = get_game(row["game"]).seat_names(len(row["seats"]))
    except ParlourError:
        return None
    winner = result.get("winner")
    # (a game shared by some, not all, of its players: each sharer "won"; shared by all, nobody did: a draw)
    shared = [s for s in result.get("shared_by") or [] if isinstance(s, str)]
    won = set(winner if isinstance(winner, list) else [winner] if winner else [])
    if not won and len(shared) < len(figures):
        won = set(shared)
    sides = []
    for label, figure in figures.items():
        seats = _side_seats(list(rules), label)
        if not seats:
            return None
        sides.append({"names": [row["seats"][i].get("name") or rules[i] for i in seats], "seats": seats,
                      "figure": figure, "won": label in won})
    score: dict[str, Any] = {"unit": unit, "sides": sides}
    # (a game of one match, a Biggles cycle's: its winner is who ended the match, not the points; the list says so)
    if isinstance(result.get("matches"), list) and len(result["matches"]) == 1:
        score["single_match"] = True
    return score


def _winners(row: dict[str, Any]) -> list[str]:
    """The names at the winning seats: the rules name the winner by seat ("P2") or by partnership ("A", whose
    seats are "A1" and "A2")."""
    result = row["result"] or {}
    winner = result.get("winner")
    if not winner or result.get("abandoned"):
        return []
    labels = winner if isinstance(winner, list) else [winner]
    try:
        rules = get_game(row["game"]).seat_names(len(row["seats"]))
    except ParlourError:                          # a game this server no longer offers: no names to give
        return []
    seats = sorted({i for label in labels for i in _side_seats(list(rules), label)})
    return [row["seats"][i].get("name") or rules[i] for i in seats]


@router.get("/api/tables/{table_id}")
async def table_info(table_id: str, tables: TablesDep, store: StoreDep, tournaments: TournamentsDep) -> TableInfo:
    """A spectator's view of the table (as on the socket), the seats taken and the game's title, with the drive
    or cycle it was played for (``context``).

    Read between moves (the table's lock): a game shown over has its end stored and its result entered."""
    t = await tables.get(table_id)
    claimed = await asyncio.to_thread(store.claimed_seats, table_id)
    async with t.lock:
        view = t.view(None)
    context = None
    if t.meta:
        score = _score({"result": view.result, "finished": view.over, "game": view.game,
                        "seats": [{"name": s.name} for s in view.seats]})
        figures = [side["figure"] for side in score["sides"]] if score else None
        context = await asyncio.to_thread(game_context, tournaments, t.meta, figures)
    return TableInfo(**dict(view), claimed=sorted(claimed), title=t.game.title, seed_chosen_by=t.seed_chosen_by,
                     context=context)


@router.get("/api/tables/{table_id}/seat")
def seat_held(seat: SeatDep) -> SeatHeld:
    """The seat the request's key opens at this table (401 without a key, 403 with a wrong one): a seat's
    private link, opened on another device, is checked before the page keeps its key."""
    return SeatHeld(seat=seat)


@router.post("/api/tables/{table_id}/seats/{seat}/claim")
async def claim(table_id: str, seat: int, body: SeatClaim, tables: TablesDep, store: StoreDep) -> SeatKey:
    """Take person seat ``seat`` with its join link's invite (or without, where the seats are open to anyone),
    under the name given; the key answered opens the play socket for it."""
    t = await tables.get(table_id)
    if not 0 <= seat < len(t.seats):
        raise HTTPException(404, f"table {table_id} has seats 0 to {len(t.seats) - 1}")
    if t.seats[seat]["kind"] != PERSON:
        raise HTTPException(409, f"seat {seat} is played by a bot")
    name = (body.name or "").strip()
    others = [s.get("name", "") for i, s in enumerate(t.seats) if i != seat]

    def take() -> tuple[str, list[dict[str, Any]] | None]:      # the store's part, in a thread
        if seat in store.claimed_seats(table_id):
            raise HTTPException(409, f"seat {seat} is taken")
        _, open_seats = store.access(table_id)
        if not open_seats and not (body.invite and store.invited(table_id, seat, body.invite)):
            raise HTTPException(403, NO_INVITE)
        try:
            token = store.claim(table_id, seat)
        except StoreError as error:
            raise HTTPException(409, str(error)) from None
        return token, store.name_seat(table_id, seat, distinct(name, others)) if name else None

    token, seats = await asyncio.to_thread(take)
    if seats is not None:
        t.seats = seats
        t.broadcast()
    return SeatKey(seat=seat, token=token)


@router.post("/api/tables/{table_id}/close")
async def close(table_id: str, seat: SeatDep, tables: TablesDep) -> TableInfo:
    """A seat leaves the game for good, and the table closes with it: it is finished, with no winner (a
    fixture's table enters no result).  Needs that seat's key."""
    t = await tables.get(table_id)
    await t.close(f"closed by {t.view(None).seats[seat].name}")
    tables.forget(t)
    return TableInfo(**dict(t.view(None)), claimed=[], title=t.game.title, seed_chosen_by=t.seed_chosen_by)


@router.post("/api/tables/{table_id}/finish")
async def finish(table_id: str, seat: SeatDep, tables: TablesDep) -> TableInfo:
    """The seat finishes a stalled game by agreement, and it is counted as it stands (``finish_offered`` in the
    seat's view says when: a stalled sets game of British Towns, at that seat's turn, where every other seat is a
    bot).  Needs that seat's key; the game's record keeps the finish as its last step."""
    t = await tables.get(table_id)
    await t.finish(seat)
    return TableInfo(**dict(t.view(None)), claimed=[], title=t.game.title, seed_chosen_by=t.seed_chosen_by)


@router.post("/api/tables/{table_id}/again", status_code=201, response_model_exclude_none=True,
             dependencies=[Creates])
async def again(table_id: str, seat: SeatDep, tables: TablesDep, store: StoreDep) -> TableMade:
    """The same game, variant and seats at a new table with a new seed, once this one has ended.  Whoever
    asks keeps his seat (its new key is in the answer); each other person gets a new join link."""
    t = await tables.get(table_id)
    if not t.ended:
        raise HTTPException(409, "the game is still being played: play again once it is over")
    listed, open_seats = await asyncio.to_thread(store.access, table_id)
    seats = [Seat(kind=s["kind"], name=s.get("name"), bot=s.get("bot")) for s in t.seats]
    return await tables.open(t.game, seats, t.state.variant, None, sit=seat, listed=listed,
                             open_seats=open_seats, hints=t.hints)


# -- the play socket ------------------------------------------------------------------------
def read_message(text: str) -> ClientMessage:
    """A client's message (``models.ClientMessage``), or ``Refused`` saying what is wrong with it."""
    if len(text) > MAX_MESSAGE:
        raise Refused(f"message too large (at most {MAX_MESSAGE} bytes)")
    try:
        return CLIENT_MESSAGE.validate_json(text)
    except ValidationError as error:
        first = error.errors()[0]
        if first["type"] == "json_invalid":          # not JSON, or nested deeper than the parser goes
            raise Refused("a message must be JSON, such as {\"type\": \"act\", \"action\": \"play E7\"}") from None
        if first["type"] == REFUSED:
            raise Refused(first["msg"]) from None
        raise Refused("a message is an object whose type is 'act', 'view', 'hint', 'ready' or 'pong'") from None


#: hints being thought about, kept until answered (a task nobody holds may be collected before it ends)
THINKING: set[asyncio.Task[None]] = set()


def _answer_hint(table: LiveTable, connection: Connection, moves: int | None) -> None:
    """Ask the expert without holding up this connection's other messages; the answer, or the reason there is
    none, goes to this connection alone."""
    async def answer() -> None:
        try:
            connection.post(await table.hint(connection.seat, moves))
        except Exception as error:                # a refusal in words, or a failure in a plain sentence
            await connection.refuse(public(error))

    task = asyncio.get_running_loop().create_task(answer())
    THINKING.add(task)
    task.add_done_callback(THINKING.discard)


async def _turn_away(connection: Connection, reason: str) -> None:
    """A socket over a cap (``web.sockets``): told why, then closed with ``CLOSE_TOO_MANY`` and the reason."""
    connection.metrics.dropped.labels("cap").inc()
    try:
        await connection.refuse(reason)
        await connection.socket.close(code=CLOSE_TOO_MANY, reason=reason)
    except Exception:                             # the client went first
        pass


@router.websocket("/ws/tables/{table_id}")
async def play(socket: WebSocket, table_id: str, tables: TablesDep, store: StoreDep, sockets: SocketsDep,
               token: str | None = None) -> None:
    """A seat's connection (with its key in ``token``), or a spectator's (without); see docs/web.md.

    Each client address may hold so many sockets at once, each table and each seat so many (``web.sockets``);
    the address is counted from the handshake on, before the table is looked up."""
    await socket.accept()
    bind(table=table_id, path=socket.url.path)
    connection = Connection(socket, metrics=tables.metrics)
    address = socket.client.host if socket.client else "unknown"
    refusal = sockets.enter(address)
    if refusal is not None:
        await _turn_away(connection, refusal)
        return
    try:
        await _seated(connection, table_id, tables, store, sockets, token)
    finally:
        sockets.leave(address)


async def _seated(connection: Connection, table_id: str, tables: Tables, store: Store, sockets: SocketCaps,
                  token: str | None) -> None:
    """The socket's table and seat found (its key looked up), then its messages until either side closes it."""
    socket = connection.socket
    try:
        t = await tables.get(table_id)
        if token:
            connection.seat = await asyncio.to_thread(store.seat_of, table_id, token)
    except ParlourError as error:
        await connection.refuse(public(error))
        await socket.close(code=CLOSE_UNAVAILABLE if isinstance(error, StoreUnavailable) else 4404)
        return
    except Exception as error:                    # unforeseen: said plainly, logged, and closed as a server error
        await connection.refuse(public(error))
        await socket.close(code=CLOSE_FAILED)
        return
    if token and connection.seat is None:
        await connection.refuse("that seat key does not belong to this table")
        await socket.close(code=4403)
        return
    bind(seat="spectator" if connection.seat is None else connection.seat)
    refusal = sockets.seat(t, connection.seat)
    if refusal is not None:
        await _turn_away(connection, refusal)
        return
    await t.join(connection)                      # at once: no other socket joins between the count and this
    try:
        while True:
            frame = await connection.receive()          # within the connection's rate; None once it is over
            if frame is None:
                break
            await _answer(t, connection, frame)
    except WebSocketDisconnect:
        pass
    finally:
        await t.leave(connection)
        tables.forget(t)


async def _answer(t: LiveTable, connection: Connection, frame: dict[str, Any]) -> None:
    """Act on one message of the socket; a refusal goes back to it in words, a failure in a plain sentence."""
    try:
        if frame.get("text") is None:
            raise Refused("a message is a text frame of JSON, not binary")
        message = read_message(frame["text"])
        if isinstance(message, Act):
            await t.act(connection.seat, message.action, message.moves, connection, message.timing)
            connection.credit()
        elif isinstance(message, Pong):
            connection.pong(message.id, message.at, t.clock())
            connection.credit()
        elif isinstance(message, AskHint):
            _answer_hint(t, connection, message.moves)
        elif isinstance(message, Ready):
            await t.ready(connection.seat)
        else:
            connection.refresh()
    except WebSocketDisconnect:
        raise
    except Exception as error:                    # ParlourError's reason, or (unforeseen) a plain sentence, logged
        await connection.refuse(public(error))
