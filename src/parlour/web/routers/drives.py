"""``/api/drives``: the Football Whist Drive, and its fixture cards to print (``/drives/ID/cards/...``).

A fixture's result arrives in one of three ways: the organiser types it in, a
table played in Parlour finishes (its ``meta`` names the fixture, and
``Tournaments.enter_finished`` enters it), or bots play every game still to
play.  All three become the same kind of entry, checked by the drive itself.
"""

from __future__ import annotations

import asyncio
import random
from urllib.parse import quote

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse, Response

from parlour.store.tournaments import DRIVE
from parlour.tournaments.drive_card import card_html
from parlour.tournaments.drive_play import GAME_ID as DRIVE_GAME
from parlour.tournaments.printing import PrintingUnavailable, pdf
from parlour.web.bodies import JSONRoute
from parlour.web.deps import StoreDep, TablesDep, TournamentsDep, game_by_id
from parlour.web.models import (
    BotsPlay,
    DriveEntry,
    DriveView,
    FixtureTable,
    Made,
    NewDrive,
    Seat,
    TableMade,
    TournamentSummary,
)
from parlour.web.tournaments import drive_view, lines

router = APIRouter(tags=["drives"], route_class=JSONRoute)
HOME_BOTS = [Seat(kind="bot", bot="heuristic")] * 4
#: the cards' answers, for the OpenAPI description (a refusal is JSON, as everywhere)
HTML = {"text/html": {"schema": {"type": "string"}}}
PDF = {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}


@router.get("/api/drives")
def drives(tournaments: TournamentsDep) -> list[TournamentSummary]:
    return [TournamentSummary(**d) for d in tournaments.list(DRIVE)]


@router.post("/api/drives", status_code=201)
def create_drive(body: NewDrive, tournaments: TournamentsDep) -> Made:
    given = body.model_dump(include={"title", "rounds", "bye_points"}, exclude_none=True)
    config = {"teams": lines(body.teams), **given}
    doc_id = tournaments.create_drive(config)            # the drive refuses bad teams, rounds, titles
    return Made(id=doc_id, url=f"/drives/{doc_id}")


@router.get("/api/drives/{doc_id}")
def drive(doc_id: str, tournaments: TournamentsDep, store: StoreDep) -> DriveView:
    return drive_view(tournaments, store, doc_id)


@router.post("/api/drives/{doc_id}/entries")
def drive_entry(doc_id: str, entry: DriveEntry, tournaments: TournamentsDep, store: StoreDep) -> DriveView:
    """A result typed in by the organiser, a correction or a void; 422 with the drive's reason if it refuses it."""
    given = entry.model_dump(exclude_unset=True, exclude={"meta"})
    tournaments.add_drive_entry(doc_id, {**given, "meta": {"source": "organiser"}})
    return drive_view(tournaments, store, doc_id)


@router.post("/api/drives/{doc_id}/fixtures/{round}/{table}/table", status_code=201, response_model_exclude_none=True)
async def drive_table(doc_id: str, round: int, table: int, body: FixtureTable, tournaments: TournamentsDep,
                      tables: TablesDep) -> TableMade:
    """A table in Parlour for one fixture: Home sit A1 and A2 (seats 0, 2), Away B1 and B2."""
    fixture = tournaments.drive(doc_id).fixture(round, table)
    if fixture.is_bye:
        raise HTTPException(422, f"{fixture.home} have a bye in round {round}: there is no match to play")
    seats = [s.model_copy(update={"name": s.name or f"{fixture.home if i % 2 == 0 else fixture.away} {i // 2 + 1}"})
             for i, s in enumerate(body.seats or HOME_BOTS)]
    return await tables.open(game_by_id(DRIVE_GAME), seats, body.variant, body.seed,
                             meta={"drive": doc_id, "round": fixture.round, "table": fixture.table})


@router.post("/api/drives/{doc_id}/simulate")
async def drive_simulate(doc_id: str, body: BotsPlay, tournaments: TournamentsDep, store: StoreDep) -> DriveView:
    """Bots play every game still pending; each match is stored as a finished table, replayable."""
    seed = random.SystemRandom().randrange(2**62) if body.seed is None else body.seed
    # in a worker thread, so that the other tables keep being served while the bots play
    await asyncio.to_thread(tournaments.play_pending, doc_id, seed, body.bots)
    return drive_view(tournaments, store, doc_id)


# -- the fixture cards, to print --------------------------------------------------------------
@router.get("/drives/{doc_id}/cards.pdf",
            responses={200: {"description": "every team's card in one PDF", "content": PDF}})
async def all_cards(doc_id: str, tournaments: TournamentsDep) -> Response:
    """Every team's card in one PDF, to print for the night."""
    drive = tournaments.drive(doc_id)
    return await _pdf([card_html(drive.card(t)) for t in drive.teams], f"drive-{doc_id}-cards.pdf")


@router.get("/drives/{doc_id}/cards/{team:path}",
            responses={200: {"description": "the card: a page to print, or a PDF with format=pdf",
                             "content": {**HTML, **PDF}}})
async def card(doc_id: str, team: str, tournaments: TournamentsDep, format: str = "html") -> Response:
    drive = tournaments.drive(doc_id)
    page = card_html(drive.card(team))
    if format == "pdf":
        return await _pdf([page], f"card-{drive.team(team)}.pdf")
    if format != "html":
        raise HTTPException(422, "format is html or pdf")
    return HTMLResponse(page)


async def _pdf(pages: list[str], filename: str) -> Response:
    try:
        data = await asyncio.to_thread(pdf, pages)
    except PrintingUnavailable as error:
        raise HTTPException(501, str(error)) from None
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{quote(filename)}"'})
