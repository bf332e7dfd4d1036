"""Club nights on the web: the Football Whist Drive and the Biggles cycle.

A tournament lives in the store as its config plus entries (see
``parlour.store.tournaments``).  A fixture's result arrives in one of three
ways: the organiser types it in, a table played in Parlour finishes (its
``meta`` names the fixture), or bots play every game still pending.  All three
become the same kind of entry, checked by the tournament itself.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any, Callable
from urllib.parse import quote

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from parlour.engine.errors import ParlourError
from parlour.store import StoreConflict, StoreError
from parlour.store.tournaments import Tournaments
from parlour.tournaments.biggles_cycle import WIN_POINTS
from parlour.tournaments.drive_card import card_html
from parlour.tournaments.drive_play import GAME_ID as DRIVE_GAME, goals_of
from parlour.tournaments.printing import PrintingUnavailable, pdf

log = logging.getLogger("parlour.web")
ONE_MATCH = {"matches": 1, "deciders": 0}


def _lines(names: Any) -> Any:
    """Names typed in a form, one a line, as a list; anything else is left for the tournament to judge."""
    return [line.strip() for line in names.splitlines() if line.strip()] if isinstance(names, str) else names


def _tables_by(tables: list[dict[str, Any]], fixture: Callable[[dict[str, Any]], Any]) -> dict[Any, list[dict[str, Any]]]:
    """The tables played for each fixture (oldest first), as links: ``fixture`` reads the fixture from a table's meta."""
    grouped: dict[Any, list[dict[str, Any]]] = {}
    for t in reversed(tables):                      # the store lists the newest first
        grouped.setdefault(fixture(t["meta"]), []).append({"id": t["id"], "finished": t["finished"] is not None})
    return grouped


def tournament_routes(app: FastAPI, tournaments: Tournaments, open_table: Callable[..., dict[str, Any]],
                      game: Callable[[Any], Any], json_body: Callable[..., Any]) -> Callable[[Any], None]:
    store = tournaments.store

    def refused(call: Callable[[], Any]) -> Any:
        try:
            return call()
        except StoreConflict as error:
            raise HTTPException(409, str(error)) from None
        except StoreError as error:
            raise HTTPException(404, str(error)) from None
        except ParlourError as error:
            raise HTTPException(422, str(error)) from None

    # -- the drive ------------------------------------------------------------------
    def drive_view(doc_id: str) -> dict[str, Any]:
        drive = refused(lambda: tournaments.drive(doc_id))
        played_at = _tables_by(store.tables_for("drive", doc_id), lambda meta: (meta["round"], meta["table"]))
        rounds = []
        for games in drive.schedule():
            row = []
            for f in games:
                result = drive.result(f.round, f.table)
                row.append({**f.to_dict(), "result": None if result is None else
                            {"home_goals": result.home_goals, "away_goals": result.away_goals,
                             "corrected": result.corrected, "meta": result.meta},
                            "tables": played_at.get((f.round, f.table), [])})
            rounds.append(row)
        return {"id": doc_id, "kind": "drive", "config": drive.config(), "summary": drive.summary(),
                "rounds": rounds, "entries": drive.entries,
                "teams": [{"team": t, "side": "home" if t in drive.home_teams else "away",
                           "card": f"/drives/{doc_id}/cards/{quote(t, safe='')}"} for t in drive.teams]}

    @app.get("/api/drives")
    def drives() -> list[dict[str, Any]]:
        return tournaments.list("drive")

    @app.post("/api/drives", status_code=201)
    async def create_drive(request: Request) -> dict[str, Any]:
        body = await json_body(request)
        teams = _lines(body.get("teams"))
        config = {"teams": teams, **{k: body[k] for k in ("title", "rounds", "bye_points") if body.get(k) is not None}}
        doc_id = refused(lambda: tournaments.create_drive(config))
        return {"id": doc_id, "url": f"/drives/{doc_id}"}

    @app.get("/api/drives/{doc_id}")
    def drive(doc_id: str) -> dict[str, Any]:
        return drive_view(doc_id)

    @app.post("/api/drives/{doc_id}/entries")
    async def drive_entry(doc_id: str, request: Request) -> dict[str, Any]:
        entry = await json_body(request)
        entry.pop("meta", None)
        entry_meta = {"source": "organiser"}
        refused(lambda: tournaments.add_drive_entry(doc_id, {**entry, "meta": entry_meta}))
        return drive_view(doc_id)

    @app.post("/api/drives/{doc_id}/fixtures/{round}/{table}/table", status_code=201)
    async def drive_table(doc_id: str, round: int, table: int, request: Request) -> dict[str, Any]:
        """A table in Parlour for one fixture: Home sit A1 and A2 (seats 0, 2), Away B1 and B2."""
        body = await json_body(request)
        drive = refused(lambda: tournaments.drive(doc_id))
        fixture = refused(lambda: drive.fixture(round, table))
        if fixture.is_bye:
            raise HTTPException(422, f"{fixture.home} have a bye in round {round}: there is no match to play")
        seats = body.get("seats") or [{"kind": "bot", "bot": "heuristic"}] * 4
        if isinstance(seats, list):
            seats = [{**s, "name": s.get("name") or f"{fixture.home if i % 2 == 0 else fixture.away} {i // 2 + 1}"}
                     if isinstance(s, dict) else s for i, s in enumerate(seats)]
        return await open_table(game(DRIVE_GAME), seats, body.get("variant"), body.get("seed"),
                          meta={"drive": doc_id, "round": fixture.round, "table": fixture.table})

    @app.post("/api/drives/{doc_id}/simulate")
    async def drive_simulate(doc_id: str, request: Request) -> dict[str, Any]:
        """Bots play every game still pending; each match is stored as a finished table, replayable."""
        body = await json_body(request)
        seed = body.get("seed", random.SystemRandom().randrange(2**62))
        bots = body.get("bots", "heuristic")
        if type(seed) is not int or not isinstance(bots, str):
            raise HTTPException(422, "seed is a whole number and bots a bot's name")
        # in a worker thread, so that the other tables keep being served while the bots play
        await asyncio.to_thread(refused, lambda: tournaments.play_pending(doc_id, seed, bots))
        return drive_view(doc_id)

    @app.get("/drives/{doc_id}/cards.pdf")
    async def all_cards(doc_id: str) -> Response:
        """Every team's card in one PDF, to print for the night."""
        drive = refused(lambda: tournaments.drive(doc_id))
        return await _pdf([card_html(drive.card(t)) for t in drive.teams], f"drive-{doc_id}-cards.pdf")

    @app.get("/drives/{doc_id}/cards/{team:path}", response_class=HTMLResponse)
    async def card(doc_id: str, team: str, format: str = "html") -> Any:
        drive = refused(lambda: tournaments.drive(doc_id))
        page = refused(lambda: card_html(drive.card(team)))
        if format == "pdf":
            return await _pdf([page], f"card-{drive.team(team)}.pdf")
        if format != "html":
            raise HTTPException(422, "format is html or pdf")
        return page

    async def _pdf(pages: list[str], filename: str) -> Response:
        try:
            data = await asyncio.to_thread(pdf, pages)
        except PrintingUnavailable as error:
            raise HTTPException(501, str(error)) from None
        return Response(data, media_type="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{quote(filename)}"'})

    # -- the Biggles cycle ------------------------------------------------------------
    def cycle_view(doc_id: str) -> dict[str, Any]:
        cycle = refused(lambda: tournaments.cycle(doc_id))
        played_at = _tables_by(store.tables_for("cycle", doc_id), lambda meta: meta["match"])
        matches = [{**m, "tables": played_at.get(m["match"], [])} for m in cycle.matches()]
        return {"id": doc_id, "kind": "biggles-cycle", "players": cycle.players, "rounds": cycle.rounds,
                "report": cycle.report(), "matches": matches, "win_points": WIN_POINTS}

    @app.get("/api/cycles")
    def cycles() -> list[dict[str, Any]]:
        return tournaments.list("biggles-cycle")

    @app.post("/api/cycles", status_code=201)
    async def create_cycle(request: Request) -> dict[str, Any]:
        body = await json_body(request)
        players = _lines(body.get("players"))
        rounds = body.get("rounds", 1)
        if not isinstance(players, list):
            raise HTTPException(422, "players are a list of names, or names one a line")   # the Cycle judges the names
        doc_id = refused(lambda: tournaments.create_cycle(players, rounds))
        return {"id": doc_id, "url": f"/cycles/{doc_id}"}

    @app.get("/api/cycles/{doc_id}")
    def cycle(doc_id: str) -> dict[str, Any]:
        return cycle_view(doc_id)

    @app.post("/api/cycles/{doc_id}/entries")
    async def cycle_entry(doc_id: str, request: Request) -> dict[str, Any]:
        entry = await json_body(request)
        refused(lambda: tournaments.add_cycle_entry(doc_id, entry))
        return cycle_view(doc_id)

    @app.post("/api/cycles/{doc_id}/matches/{match}/table", status_code=201)
    async def cycle_table(doc_id: str, match: int, request: Request) -> dict[str, Any]:
        """A live Biggles match for one fixture of the cycle: the blue player in seat 0 (P1)."""
        body = await json_body(request)
        due = {m["match"]: m for m in refused(lambda: tournaments.cycle(doc_id)).matches()}
        if match not in due:
            raise HTTPException(422, f"there is no match {match} due in this cycle")
        m = due[match]
        seats = body.get("seats") or [{"kind": "person"}, {"kind": "person"}]
        if isinstance(seats, list) and len(seats) == 2:             # else open_table says how many Biggles takes
            seats = [{**s, "name": s.get("name") or (m["blue"], m["red"])[i]} if isinstance(s, dict) else s
                     for i, s in enumerate(seats)]
        return await open_table(game("biggles"), seats, ONE_MATCH, body.get("seed"),
                          meta={"cycle": doc_id, "match": match, "blue": m["blue"], "red": m["red"]})

    # -- a table of a tournament has finished --------------------------------------------
    def on_finish(live: Any) -> None:
        meta = live.meta
        if "drive" in meta:
            drive = tournaments.drive(meta["drive"])
            home, away = goals_of(live.state)
            kind = "correction" if drive.result(meta["round"], meta["table"]) else "result"
            tournaments.add_drive_entry(meta["drive"], {
                "kind": kind, "round": meta["round"], "table": meta["table"], "home_goals": home, "away_goals": away,
                "meta": {"source": "parlour", "table_id": live.id, "seed": live.state.seed}})
        elif "cycle" in meta:
            points = live.state.result()["points"]
            done = {m["match"]: m for m in tournaments.cycle(meta["cycle"]).matches()}
            kind = "correction" if done.get(meta["match"], {}).get("points") else "result"
            tournaments.add_cycle_entry(meta["cycle"], {
                "kind": kind, "match": meta["match"], "blue": meta["blue"], "red": meta["red"],
                "blue_points": points["P1"], "red_points": points["P2"]})

    return on_finish
