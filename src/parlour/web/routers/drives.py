"""``/api/drives``: the Football Whist Drive, and its fixture cards to print (``/drives/ID/cards/...``).

A fixture's result arrives in one of three ways: the organiser types it in, a
table played in Parlour finishes (its ``meta`` names the fixture, and
``Tournaments.enter_finished`` enters it), or bots play every game still to
play, each at a live table anyone may watch.  All three become the same kind
of entry, checked by the drive itself.  Anyone may read a drive; every change
needs its organiser key (``deps.OrganiserDep``), given once, when it is made.
"""

from __future__ import annotations

import asyncio
import logging
import time
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from parlour.store.tournaments import DRIVE
from parlour.tournaments.drive_card import card_html
from parlour.tournaments.drive_play import GAME_ID as DRIVE_GAME
from parlour.web.bodies import JSONRoute
from parlour.web.deps import Creates, OrganiserDep, StoreDep, TablesDep, TournamentsDep, game_by_id
from parlour.web.models import (
    DriveBotsPlay,
    DriveEntry,
    DriveView,
    EnteredResult,
    FixtureTable,
    Made,
    NewDrive,
    Seat,
    TableMade,
    TournamentSummary,
)
from parlour.web.tournaments import (
    HTML,
    PDF,
    Carrier,
    drive_state,
    drive_view,
    entered_results,
    fixture_table,
    lines,
    made,
    pause_bots,
    pdf_answer as _pdf,
)

router = APIRouter(tags=["drives"], route_class=JSONRoute)
log = logging.getLogger("parlour.web")
HOME_BOTS = [Seat(kind="bot", bot="heuristic")] * 4


@router.get("/api/drives")
def drives(tournaments: TournamentsDep) -> list[TournamentSummary]:
    return [TournamentSummary(**d, state=drive_state(tournaments, d["id"])) for d in tournaments.list(DRIVE)]


@router.get("/api/tournaments/entered")
def entered(tournaments: TournamentsDep) -> list[EnteredResult]:
    """The results of every drive and cycle typed in by their organisers, for the list of finished games: no table
    was played for them, so they are not among the tables."""
    return entered_results(tournaments)


@router.post("/api/drives", status_code=201, dependencies=[Creates])
def create_drive(body: NewDrive, tournaments: TournamentsDep) -> Made:
    """A new drive; the answer holds its organiser key, given this once only."""
    given = body.model_dump(include={"title", "rounds", "bye_points"}, exclude_none=True)
    config = {"teams": lines(body.teams), **given}
    doc_id = tournaments.create_drive(config)            # the drive refuses bad teams, rounds, titles
    return made(tournaments, doc_id, "drives")


@router.get("/api/drives/{doc_id}")
def drive(doc_id: str, tournaments: TournamentsDep, store: StoreDep, tables: TablesDep) -> DriveView:
    return drive_view(tournaments, store, doc_id, tables.bot_delay)


@router.delete("/api/drives/{doc_id}", status_code=204)
def delete_drive(doc_id: OrganiserDep, store: StoreDep) -> None:
    """The drive is gone (the tables played for it stay, as finished games)."""
    store.delete_document(doc_id)


@router.post("/api/drives/{doc_id}/entries")
def drive_entry(doc_id: OrganiserDep, entry: DriveEntry, tournaments: TournamentsDep, store: StoreDep,
                tables: TablesDep) -> DriveView:
    """A result typed in by the organiser, a correction or a void; 422 with the drive's reason if it refuses it."""
    given = entry.model_dump(exclude_unset=True, exclude={"meta"})
    tournaments.add_drive_entry(doc_id, {**given, "meta": {"source": "organiser", "at": time.time()}})
    return drive_view(tournaments, store, doc_id, tables.bot_delay)


@router.post("/api/drives/{doc_id}/fixtures/{round}/{table}/table", status_code=201, response_model_exclude_none=True)
async def drive_table(doc_id: OrganiserDep, round: int, table: int, body: FixtureTable,
                      tournaments: TournamentsDep, tables: TablesDep) -> TableMade:
    """A table in Parlour for one fixture: Home sit A1 and A2 (seats 0, 2), Away B1 and B2.  Its seats are
    taken only with their join links' invites, never by strangers."""
    fixture = (await asyncio.to_thread(tournaments.drive, doc_id)).fixture(round, table)
    if fixture.is_bye:
        raise HTTPException(422, f"{fixture.home} have a bye in round {round}: there is no match to play")
    return await fixture_table(tables, game_by_id(DRIVE_GAME), doc_id, fixture.round, fixture.table,
                               [fixture.home, fixture.away or ""], body.seats or HOME_BOTS, body.variant, body.seed)


@router.post("/api/drives/{doc_id}/simulate")
async def drive_simulate(doc_id: OrganiserDep, body: DriveBotsPlay, request: Request, tournaments: TournamentsDep,
                         store: StoreDep, tables: TablesDep) -> DriveView:
    """The bots play the rest of the drive, round by round as a club night does, until the organiser pauses them
    (``/pause``): the next round's games start now, each a live table of its own at the bots' pace, listed with
    the fixture so anyone can watch; each result enters the drive when its game ends, and when the round's last
    is in the server starts the next after a short pause, by itself (the page need not be open; a restart of the
    server goes on).  A game of that round already at a table (people, or bots) is left to it.  As many start as
    the server's room for tables of bots alone allows (503 if none): the rest start as room is made."""
    carrier: Carrier = request.app.state.carrier
    await carrier.step(doc_id, bots=body.bots, seed=body.seed, now=True, pace=body.pace)
    return await asyncio.to_thread(drive_view, tournaments, store, doc_id, tables.bot_delay)


@router.post("/api/drives/{doc_id}/pause")
async def drive_pause(doc_id: OrganiserDep, request: Request, tournaments: TournamentsDep,
                      store: StoreDep, tables: TablesDep) -> DriveView:
    """The bots stop after the games they are playing: no round starts after them until the organiser lets them
    play again."""
    await pause_bots(request.app.state.carrier, tournaments, doc_id, tournaments.add_drive_entry,
                     tournaments.drive)
    return await asyncio.to_thread(drive_view, tournaments, store, doc_id, tables.bot_delay)


# -- the fixture cards, to print --------------------------------------------------------------
@router.get("/drives/{doc_id}/cards.pdf",
            responses={200: {"description": "every team's card in one PDF", "content": PDF}})
async def all_cards(doc_id: str, tournaments: TournamentsDep) -> Response:
    """Every team's card in one PDF, to print for the night."""
    drive = await asyncio.to_thread(tournaments.drive, doc_id)
    return await _pdf([card_html(drive.card(t)) for t in drive.teams], f"drive-{doc_id}-cards.pdf")


@router.get("/drives/{doc_id}/cards/{team:path}",
            responses={200: {"description": "the card: a page to print, or a PDF with format=pdf",
                             "content": {**HTML, **PDF}}})
async def card(doc_id: str, team: str, tournaments: TournamentsDep, format: str = "html") -> Response:
    drive = await asyncio.to_thread(tournaments.drive, doc_id)
    if format == "pdf":
        return await _pdf([card_html(drive.card(team))], f"card-{drive.team(team)}.pdf")
    if format != "html":
        raise HTTPException(422, "format is html or pdf")
    return HTMLResponse(card_html(drive.card(team), back=f"/drives/{quote(doc_id)}"))
