"""``/api/tables`` and the play socket ``/ws/tables/ID``: making tables, taking seats, playing.

Every move comes in on the socket and goes through ``LiveTable.act``: the
rules judge it, the store keeps it, and only then is every connection told.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect
from pydantic import TypeAdapter, ValidationError

from parlour.engine.errors import ParlourError
from parlour.store import StoreError
from parlour.web.bodies import JSONRoute
from parlour.web.deps import StoreDep, TablesDep, game_by_id
from parlour.web.live import PERSON, Connection, Refused
from parlour.web.logs import bind
from parlour.web.models import REFUSED, Act, ClientMessage, NewTable, SeatKey, TableInfo, TableMade, TableSummary

router = APIRouter(tags=["tables"], route_class=JSONRoute)

MAX_MESSAGE = 4096
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


@router.post("/api/tables", status_code=201, response_model_exclude_none=True)
async def create(body: NewTable, tables: TablesDep) -> TableMade:
    return await tables.open(game_by_id(body.game), body.seats, body.variant, body.seed, sit=body.sit)


@router.get("/api/tables")
def listed(store: StoreDep, finished: bool | None = None) -> list[TableSummary]:
    return [TableSummary(**row) for row in store.list_tables(finished)]


@router.get("/api/tables/{table_id}")
async def table_info(table_id: str, tables: TablesDep, store: StoreDep) -> TableInfo:
    """A spectator's view of the table (as on the socket), the seats taken and the game's title."""
    t = await tables.get(table_id)
    return TableInfo(**dict(t.view(None)), claimed=sorted(store.claimed_seats(table_id)), title=t.game.title)


@router.post("/api/tables/{table_id}/seats/{seat}/claim")
async def claim(table_id: str, seat: int, tables: TablesDep, store: StoreDep) -> SeatKey:
    """Take person seat ``seat``: its key opens the play socket for it."""
    t = await tables.get(table_id)
    if not 0 <= seat < len(t.seats):
        raise HTTPException(404, f"table {table_id} has seats 0 to {len(t.seats) - 1}")
    if t.seats[seat]["kind"] != PERSON:
        raise HTTPException(409, f"seat {seat} is played by a bot")
    try:
        return SeatKey(seat=seat, token=store.claim(table_id, seat))
    except StoreError as error:
        raise HTTPException(409, str(error)) from None


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
        raise Refused("a message is an object whose type is 'act' or 'view'") from None


@router.websocket("/ws/tables/{table_id}")
async def play(socket: WebSocket, table_id: str, tables: TablesDep, store: StoreDep, token: str | None = None) -> None:
    """A seat's connection (with its key in ``token``), or a spectator's (without); see docs/web.md."""
    await socket.accept()
    bind(table=table_id, path=socket.url.path)
    connection = Connection(socket, metrics=tables.metrics)
    try:
        t = await tables.get(table_id)
    except ParlourError as error:
        await connection.refuse(str(error))
        await socket.close(code=4404)
        return
    if token:
        connection.seat = store.seat_of(table_id, token)
        if connection.seat is None:
            await connection.refuse("that seat key does not belong to this table")
            await socket.close(code=4403)
            return
    bind(seat="spectator" if connection.seat is None else connection.seat)
    await t.join(connection)
    try:
        while True:
            frame = await connection.receive()          # within the connection's rate; None once it is over
            if frame is None:
                break
            try:
                if frame.get("text") is None:
                    raise Refused("a message is a text frame of JSON, not binary")
                message = read_message(frame["text"])
                if isinstance(message, Act):
                    await t.act(connection.seat, message.action, message.moves)
                    connection.credit()
                else:
                    connection.refresh()
            except ParlourError as error:
                await connection.refuse(str(error))
    except WebSocketDisconnect:
        pass
    finally:
        await t.leave(connection)
        tables.forget(t)
