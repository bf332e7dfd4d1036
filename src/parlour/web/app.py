"""The web app: HTTP for the lobby, the rules and finished games; a WebSocket per seat for play.

Pages are static files (plain HTML, CSS and ES modules, no build step) that
talk to the JSON API below.  The server decides everything: legality,
hidden information, the bots' moves, the seed and the log.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import random
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import markdown
from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from parlour.bots import bot_names
from parlour.engine.errors import ParlourError
from parlour.engine.record import replay
from parlour.games import GAMES, get_game
from parlour.store import Store, StoreError
from parlour.store.tournaments import Tournaments
from parlour.tournaments.drive_card import FONT_URL, FONTS
from parlour.web.tables import BOT, PERSON, LiveTable, Refused
from parlour.web.tournaments import tournament_routes

STATIC = Path(__file__).parent / "static"
DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"
MAX_MESSAGE = 4096
RECENT = 64              # finished tables kept in memory for replays and record downloads
RULES_DOC = {"british-towns-asking": "british-towns", "british-towns-sets": "british-towns"}


def describe(game: Any) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "summary": game.summary,
        "seat_counts": list(game.seat_counts),
        "seat_names": {n: list(game.seat_names(n)) for n in game.seat_counts},
        "bots": bot_names(game),
        "real_time": game.real_time,
        "rules": f"/rules/{game.id}",
        "variants": [o.to_dict() for o in game.variants],
    }


def equipment(game: Any) -> dict[str, Any]:
    """Each ``data/NAME.json`` of the game's package under NAME: the browser draws from the same files the rules load."""
    if not game.data_package:
        return {}
    folder = resources.files(game.data_package).joinpath("data")
    return {entry.name[:-5]: json.loads(entry.read_text("utf-8"))
            for entry in sorted(folder.iterdir(), key=lambda e: e.name) if entry.name.endswith(".json")}


def create_app(store: Store | None = None, *, bot_delay: float = 0.6, clock: Callable[[], float] = time.monotonic) -> FastAPI:
    """``bot_delay`` paces bots in turn-by-turn games; ``clock`` drives real-time games (tests speed it up)."""
    store = store or Store()
    live: dict[str, LiveTable] = {}                       # tables in play, or watched
    recent: OrderedDict[str, LiveTable] = OrderedDict()   # finished ones lately asked for
    opening = asyncio.Lock()

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        # Tables of bots alone carry on after a restart without waiting for someone to open them.
        for row in store.list_tables(finished=False, limit=10_000):
            if any(seat["kind"] == BOT for seat in row["seats"]):
                try:
                    await table(row["id"])
                except HTTPException as error:
                    logging.getLogger("parlour.web").error("table %s not resumed: %s", row["id"], error.detail)
        yield
        for t in live.values():
            t.stop()

    app = FastAPI(title="Parlour", docs_url="/api/docs", openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.store = store

    def forget(t: LiveTable) -> None:
        """A finished table nobody is watching moves to a short list of recent ones; the store has the rest."""
        if t.state.is_over and not t.connections and live.get(t.id) is t:
            del live[t.id]
            keep(t)

    def keep(t: LiveTable) -> None:
        recent[t.id] = t
        recent.move_to_end(t.id)
        while len(recent) > RECENT:
            recent.popitem(last=False)

    async def table(table_id: str) -> LiveTable:
        """The live table, rebuilt from the store the first time it is asked for after a start."""
        if table_id in live:
            return live[table_id]
        if table_id in recent:
            recent.move_to_end(table_id)
            return recent[table_id]
        async with opening:
            if table_id not in live and table_id not in recent:
                try:
                    stored = store.load(table_id)
                except StoreError as error:
                    raise HTTPException(404, str(error)) from None
                try:
                    live[table_id] = LiveTable(stored, store, bot_delay=bot_delay, clock=clock, on_finish=on_finish)
                except ParlourError as error:
                    raise HTTPException(500, f"table {table_id} could not be rebuilt from its log: {error}") from None
                live[table_id].wake()
                forget(live[table_id])
            return live[table_id] if table_id in live else recent[table_id]

    app.state.live_tables = lambda: set(live)          # which tables are in memory, for tests

    # -- games -------------------------------------------------------------------
    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return [describe(g) for g in GAMES.values()]

    @app.get("/api/games/{game_id}")
    def game(game_id: str) -> dict[str, Any]:
        return describe(_game(game_id))

    @app.get("/api/games/{game_id}/data")
    def game_data(game_id: str) -> dict[str, Any]:
        """The game's equipment as its data files give it (pack, pitch, towns), reconstructed facts marked."""
        return equipment(_game(game_id))

    # -- tables ----------------------------------------------------------------------
    async def open_table(g: Any, seats: Any, variant: Any, seed: Any, *, sit: bool = True,
                         meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """Check who sits where, the variant and the seed; store the new table; answer with its links."""
        if not isinstance(seats, list) or not seats:
            raise HTTPException(422, "seats must list who sits where: {'kind': 'person'} or {'kind': 'bot', 'bot': NAME}")
        try:
            g.check_seats(len(seats))
        except ParlourError as error:
            raise HTTPException(422, str(error)) from None
        clean = []
        for i, seat in enumerate(seats):
            if not isinstance(seat, dict) or seat.get("kind") not in (PERSON, BOT):
                raise HTTPException(422, f"seat {i}: kind must be 'person' or 'bot'")
            name = seat.get("name")
            if name is not None and (not isinstance(name, str) or len(name) > 40):
                raise HTTPException(422, f"seat {i}: a name is text of at most 40 characters")
            if seat["kind"] == BOT:
                bot = seat.get("bot") or bot_names(g)[-1]
                if bot not in bot_names(g):
                    raise HTTPException(422, f"seat {i}: no bot {bot!r} (choose from {', '.join(bot_names(g))})")
                clean.append({"kind": BOT, "bot": bot, "name": name or f"{g.seat_names(len(seats))[i]} ({bot} bot)"})
            else:
                clean.append({"kind": PERSON, **({"name": name.strip()} if name and name.strip() else {})})
        if seed is None:
            seed = random.SystemRandom().randrange(2**62)
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise HTTPException(422, "seed must be a whole number from 0 to 2**63 - 1")
        if variant is not None and not isinstance(variant, dict):
            raise HTTPException(422, "variant is an object of option names and values")
        try:
            state = g.new_state(seats=len(clean), variant=variant or {}, seed=seed)     # refuses a bad variant
        except (ParlourError, TypeError) as error:
            raise HTTPException(422, str(error)) from None
        table_id = store.create_table(g.id, dict(state.variant), seed, clean, meta)
        people = [i for i, s in enumerate(clean) if s["kind"] == PERSON]
        answer: dict[str, Any] = {"id": table_id, "url": f"/t/{table_id}",
                                  "join": {str(i): f"/t/{table_id}/join/{i}" for i in people}}
        if people and sit:
            answer["seat"] = people[0]
            answer["token"] = store.claim(table_id, people[0])
        await table(table_id)                    # bots start at once, whoever opens the page
        return answer

    enter_result = tournament_routes(app, Tournaments(store), open_table, _game, json_body)

    def on_finish(t: LiveTable) -> None:
        enter_result(t)
        forget(t)

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        body = await json_body(request)
        return await open_table(_game(body.get("game")), body.get("seats"), body.get("variant"), body.get("seed"),
                                sit=body.get("sit", True) is not False)

    @app.get("/api/tables")
    def tables(finished: bool | None = None) -> list[dict[str, Any]]:
        return store.list_tables(finished)

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        t = await table(table_id)
        view = t.view(None)
        view["claimed"] = sorted(store.claimed_seats(table_id))
        view["title"] = t.game.title
        return view

    @app.post("/api/tables/{table_id}/seats/{seat}/claim")
    async def claim(table_id: str, seat: int) -> dict[str, Any]:
        t = await table(table_id)
        if not 0 <= seat < len(t.seats):
            raise HTTPException(404, f"table {table_id} has seats 0 to {len(t.seats) - 1}")
        if t.seats[seat]["kind"] != PERSON:
            raise HTTPException(409, f"seat {seat} is played by a bot")
        try:
            return {"seat": seat, "token": store.claim(table_id, seat)}
        except StoreError as error:
            raise HTTPException(409, str(error)) from None

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        t = await table(table_id)
        if not t.state.is_over:
            raise HTTPException(403, "the record shows every hand, so it is available once the game is over")
        return Response(t.record().to_json(), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{t.game.id}-{table_id}.json"'})

    @app.get("/api/tables/{table_id}/replay")
    async def replay_step(table_id: str, step: int = 0, seat: str = "all") -> dict[str, Any]:
        """The game as it stood after ``step`` actions, from one seat's view or every seat's."""
        t = await table(table_id)
        if not t.state.is_over:
            raise HTTPException(403, "a game can be replayed once it is over")
        steps = len(t.state.history)
        if not 0 <= step <= steps:
            raise HTTPException(422, f"step runs from 0 to {steps}")
        rec = t.record()
        state = replay(rec, t.game, upto=step)
        seats = range(state.num_seats) if seat == "all" else [_seat_number(seat, state.num_seats)]
        last = rec.actions[step - 1] if step else None
        names = [info["name"] for info in t.view(None)["seats"]]
        return {
            "game": t.game.id, "step": step, "steps": steps,
            "action": {"seat": last[0], "action": last[1]} if last else None,
            "views": [{"seat": s, "name": names[s], "observation": state.observation(s)} for s in seats],
            "result": state.result() if state.is_over else None,
        }

    # -- play --------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def play(socket: WebSocket, table_id: str, token: str | None = None) -> None:
        await socket.accept()
        try:
            t = await table(table_id)
        except HTTPException as error:
            await socket.send_json({"type": "error", "message": error.detail})
            await socket.close(code=4404)
            return
        seat = None
        if token:
            seat = store.seat_of(table_id, token)
            if seat is None:
                await socket.send_json({"type": "error", "message": "that seat key does not belong to this table"})
                await socket.close(code=4403)
                return
        await t.join(socket, seat)
        try:
            while True:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                try:
                    if frame.get("text") is None:
                        raise Refused("a message is a text frame of JSON, not binary")
                    message = _message(frame["text"])
                    if message["type"] == "act":
                        await t.act(seat, message.get("action"), message.get("moves"))
                    else:
                        await socket.send_json(t.view(seat))
                except (Refused, ParlourError) as error:
                    await socket.send_json({"type": "error", "message": str(error)})
        except WebSocketDisconnect:
            pass
        finally:
            await t.leave(socket)
            forget(t)

    # -- pages ----------------------------------------------------------------------------
    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    def rules(game_id: str) -> str:
        g = _game(game_id)
        path = DOCS / f"{RULES_DOC.get(g.id, g.id)}.md"
        body = markdown.markdown(path.read_text(encoding="utf-8"), extensions=["tables", "toc"]) if path.exists() \
            else "<p>The rules document is not installed with this copy of Parlour.</p>"
        return _page(f"{g.title}: rules", f'<p><a href="/">Parlour</a> / rules · <a class="button primary" '
                     f'href="/new/{g.id}">New table</a></p><article class="rules">{body}</article>')

    shell = STATIC / "app.html"

    @app.get("/", response_class=FileResponse)
    @app.get("/new/{game_id}", response_class=FileResponse)
    @app.get("/t/{table_id}", response_class=FileResponse)
    @app.get("/t/{table_id}/join/{seat}", response_class=FileResponse)
    @app.get("/games", response_class=FileResponse)
    @app.get("/replay/{table_id}", response_class=FileResponse)
    @app.get("/drives", response_class=FileResponse)
    @app.get("/drives/{doc_id}", response_class=FileResponse)
    @app.get("/cycles/{doc_id}", response_class=FileResponse)
    def page() -> FileResponse:
        return FileResponse(shell)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # the typeface of the printable score cards, which name it by this address
    app.mount(FONT_URL.rstrip("/"), StaticFiles(directory=FONTS), name="card-fonts")
    return app


def _game(game_id: Any) -> Any:
    try:
        return get_game(game_id)
    except ParlourError as error:
        raise HTTPException(404, str(error)) from None


def _seat_number(text: str, seats: int) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 <= int(text) < seats:     # not '²', which int() refuses
        raise HTTPException(422, f"seat is 'all' or a number from 0 to {seats - 1}")
    return int(text)


async def json_body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 16384:
        raise HTTPException(413, "that request is too large")
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):      # [[[[...: too deep for the parser
        raise HTTPException(400, "the request body must be JSON") from None
    if not isinstance(body, dict):
        raise HTTPException(400, "the request body must be a JSON object")
    return body


def _message(text: str) -> dict[str, Any]:
    if len(text) > MAX_MESSAGE:
        raise Refused(f"message too large (at most {MAX_MESSAGE} bytes)")
    try:
        message = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise Refused("a message must be JSON, such as {\"type\": \"act\", \"action\": \"play E7\"}") from None
    if not isinstance(message, dict) or message.get("type") not in ("act", "view"):
        raise Refused("a message is an object whose type is 'act' or 'view'")
    moves = message.get("moves")
    if moves is not None and type(moves) is not int:
        raise Refused("'moves' is the number of moves you saw, a whole number")
    return message


def _page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head><body><header class="top"><a href="/" class="brand">Parlour'
            f'</a><nav><a href="/">Games</a><a href="/games">Finished games</a><a href="/drives">Tournaments</a></nav></header>'
            f'<main class="page">{body}</main></body></html>')
