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
    SeatLink,
    TableMade,
    TournamentSummary,
)
from parlour.web.tournaments import (
    HTML,
    PDF,
    Carrier,
    close_tables,
    drive_state,
    drive_view,
    entered_results,
    fixture_table,
    hand_seat_on,
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
async def drive_entry(doc_id: OrganiserDep, entry: DriveEntry, request: Request, tournaments: TournamentsDep,
                      store: StoreDep, tables: TablesDep) -> DriveView:
    """A result typed in by the organiser, a correction or a void; 422 with the drive's reason if it refuses it.  A
    table still open for that game closes, saying why (nobody waits there for a player any more, and it would
    never finish): the score typed in is its result (review 27b: the page offered to watch a table that waited
    for ever)."""
    given = entry.model_dump(exclude_unset=True, exclude={"meta"})
    await asyncio.to_thread(tournaments.add_drive_entry, doc_id,
                            {**given, "meta": {"source": "organiser", "at": time.time()}})
    drive = await asyncio.to_thread(tournaments.drive, doc_id)
    result = drive.result(entry.round, entry.table)
    if result is not None:
        f = drive.fixture(entry.round, entry.table)
        said = f"{f.home} {result.home_goals} – {result.away_goals} {f.away}"
        rows = [r for r in await asyncio.to_thread(store.tables_for, "drive", doc_id)
                if (r["meta"].get("round"), r["meta"].get("table")) == (entry.round, entry.table)]
        if await close_tables(tables, rows, f"the organiser entered this game's result, {said}: the table is closed"):
            # (a table closed enters nothing: the bots, if they play the drive, look again for their next round)
            request.app.state.carrier.poke(doc_id)
    return await asyncio.to_thread(drive_view, tournaments, store, doc_id, tables.bot_delay)


@router.post("/api/drives/{doc_id}/fixtures/{round}/{table}/seats/{seat}/link")
async def seat_link(doc_id: OrganiserDep, round: int, table: int, seat: int, tournaments: TournamentsDep,
                    store: StoreDep, tables: TablesDep) -> SeatLink:
    """The organiser hands a person seat of a game's open table to its player again (its first link went only to
    the tab that opened the table, and that tab may be gone): a fresh link that opens the seat on any device, to
    send or to sit down with here.  A link given for that seat before stops working.  404 with no open table for
    the game, 409 for a bot's seat."""
    f = (await asyncio.to_thread(tournaments.drive, doc_id)).fixture(round, table)
    rows = [r for r in await asyncio.to_thread(store.tables_for, "drive", doc_id)
            if (r["meta"].get("round"), r["meta"].get("table")) == (round, table)]
    return await hand_seat_on(store, tables, rows, seat, f"round {round}, table {table}", [f.home, f.away or ""])


@router.post("/api/drives/{doc_id}/fixtures/{round}/{table}/table", status_code=201, response_model_exclude_none=True)
async def drive_table(doc_id: OrganiserDep, round: int, table: int, body: FixtureTable,
                      tournaments: TournamentsDep, store: StoreDep, tables: TablesDep) -> TableMade:
    """A table in Parlour for one fixture: Home sit A1 and A2 (seats 0, 2), Away B1 and B2.  Its seats are
    taken only with their join links' invites, never by strangers."""
    fixture = (await asyncio.to_thread(tournaments.drive, doc_id)).fixture(round, table)
    if fixture.is_bye:
        raise HTTPException(422, f"{fixture.home} have a bye in round {round}: there is no match to play")
    if body.replace:
        # (the organiser hands a table nobody came to to bots, say: review 27b, its players' links were lost)
        rows = [r for r in await asyncio.to_thread(store.tables_for, "drive", doc_id)
                if r["finished"] is None and (r["meta"].get("round"), r["meta"].get("table")) == (round, table)]
        for row in rows:                                # (a bot's card may be down: a person's move is what counts)
            t = await tables.get(row["id"])
            people = {i for i, seat in enumerate(t.seats) if seat["kind"] == "person"}
            if any(seat in people for seat, _ in getattr(t.state, "history", ())):
                raise HTTPException(409, f"the game at round {round}, table {table} has begun: enter its score "
                                         "instead")
        await close_tables(tables, rows, "the organiser gave this game to another table: this one is closed")
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
