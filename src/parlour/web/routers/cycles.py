"""``/api/cycles``: the Biggles cycle, its matches entered by hand or raced live at Parlour tables."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from parlour.bots import bot_catalogue
from parlour.games import get_game
from parlour.store.tournaments import CYCLE
from parlour.tournaments.cycle_card import cycle_card_html
from parlour.web.bodies import JSONRoute
from parlour.web.deps import Creates, OrganiserDep, StoreDep, TablesDep, TournamentsDep
from parlour.web.live import Refused
from parlour.web.models import (
    CycleBotsPlay,
    CycleEntry,
    CycleView,
    Made,
    MatchTable,
    NewCycle,
    Seat,
    SeatLink,
    TableMade,
    TournamentSummary,
)
from parlour.web.tournaments import (
    HTML,
    PDF,
    Carrier,
    cycle_bots,
    cycle_stand_ins,
    cycle_state,
    cycle_view,
    cycle_waits,
    lines,
    made,
    match_table,
    pause_bots,
    pdf_answer,
)

router = APIRouter(prefix="/api/cycles", tags=["cycles"], route_class=JSONRoute)
#: the cycle's score sheet, to print, beside its page (``/cycles/ID``)
sheets = APIRouter(tags=["cycles"])
TWO_PEOPLE = [Seat(kind="person")] * 2


@router.get("")
def cycles(tournaments: TournamentsDep) -> list[TournamentSummary]:
    return [TournamentSummary(**c, state=cycle_state(tournaments, c["id"])) for c in tournaments.list(CYCLE)]


@router.post("", status_code=201, dependencies=[Creates])
def create_cycle(body: NewCycle, tournaments: TournamentsDep) -> Made:
    """A new cycle; the answer holds its organiser key, given this once only."""
    doc_id = tournaments.create_cycle(lines(body.players), body.rounds, body.title)   # the cycle judges the names
    return made(tournaments, doc_id, "cycles")


@router.get("/{doc_id}")
def cycle(doc_id: str, tournaments: TournamentsDep, store: StoreDep) -> CycleView:
    return cycle_view(tournaments, store, doc_id)


@router.delete("/{doc_id}", status_code=204)
def delete_cycle(doc_id: OrganiserDep, store: StoreDep) -> None:
    """The cycle is gone (the tables played for it stay, as finished games)."""
    store.delete_document(doc_id)


@router.post("/{doc_id}/entries")
async def cycle_entry(doc_id: OrganiserDep, entry: CycleEntry, request: Request, tournaments: TournamentsDep,
                      store: StoreDep, tables: TablesDep) -> CycleView:
    """A match's points typed in (or corrected) by the organiser, and said so with the time; 422 with the cycle's
    reason if it refuses them.  A table still open for that match closes, saying why (nobody waits there for a
    player any more): the points typed in are its result."""
    await asyncio.to_thread(tournaments.add_cycle_entry, doc_id, {**entry.model_dump(exclude_unset=True),
                                                                  "meta": {"source": "organiser", "at": time.time()}})
    cycle = await asyncio.to_thread(tournaments.cycle, doc_id)
    m = next((x for x in cycle.matches() if x["match"] == entry.match), None)
    if m is not None and m["points"] is not None:
        said = f"{m['blue']} {m['points'][m['blue']]} – {m['red']} {m['points'][m['red']]}"
        for row in await asyncio.to_thread(store.tables_for, "cycle", doc_id):
            if row["finished"] is None and row["meta"].get("match") == entry.match:
                t = await tables.get(row["id"])
                try:
                    await t.close(f"the organiser entered this match's result, {said}: the table is closed")
                except Refused:                     # (its game ended meanwhile)
                    continue
                tables.forget(t)
                # (a table closed enters nothing: the bots, if they play the cycle, look again for their next sitting)
                request.app.state.carrier.poke(doc_id)
    return await asyncio.to_thread(cycle_view, tournaments, store, doc_id)


@router.post("/{doc_id}/matches/{match}/seats/{seat}/link")
async def seat_link(doc_id: OrganiserDep, match: int, seat: int, store: StoreDep, tables: TablesDep) -> SeatLink:
    """The organiser hands a person seat of a match's open table to its player again (its first link went only to
    the tab that opened the table, and that tab may be gone): a fresh link that opens the seat on any device,
    to send or to sit down with here.  A link given for that seat before stops working.  404 with no open table
    for the match, 409 for a bot's seat."""
    rows = [r for r in await asyncio.to_thread(store.tables_for, "cycle", doc_id)
            if r["finished"] is None and r["meta"].get("match") == match]
    if not rows:
        raise HTTPException(404, f"match {match + 1} has no table open")
    t = await tables.get(rows[0]["id"])
    if not 0 <= seat < len(t.seats):
        raise HTTPException(404, f"the table has seats 0 to {len(t.seats) - 1}")
    if t.seats[seat]["kind"] != "person" or t.ended:
        raise HTTPException(409, f"seat {seat} is played by a bot" if not t.ended else "the match is over")
    token = await asyncio.to_thread(store.rekey, t.id, seat)
    name = t.seats[seat].get("name") or (rows[0]["meta"].get("blue"), rows[0]["meta"].get("red"))[seat % 2] or ""
    return SeatLink(seat=seat, name=name, url=f"/t/{t.id}#seat={seat}&key={quote(token)}")


@router.post("/{doc_id}/matches/{match}/table", status_code=201, response_model_exclude_none=True)
async def cycle_table(doc_id: OrganiserDep, match: int, body: MatchTable, tournaments: TournamentsDep,
                      tables: TablesDep) -> TableMade:
    """A live Biggles match for one fixture of the cycle: the blue player in seat 0 (P1).  422 while one of its
    players has an earlier match (an earlier sitting's, or round's) not in: nobody plays two matches at once."""
    cycle = await asyncio.to_thread(tournaments.cycle, doc_id)
    due = {m["match"]: m for m in cycle.matches()}
    if match not in due:
        raise HTTPException(422, f"there is no match {match} due in this cycle")
    waits = cycle_waits(cycle)
    if match in waits:
        raise HTTPException(422, f"match {cycle.numbers()[match]} cannot start yet: {waits[match]}")
    return await match_table(tables, doc_id, due[match], body.seats or TWO_PEOPLE, body.seed)


@router.post("/{doc_id}/matches/{match}/keep")
async def keep_match(doc_id: OrganiserDep, match: int, tournaments: TournamentsDep, store: StoreDep) -> CycleView:
    """The organiser keeps a result played at a table where a person made no move (``source.idle``: he left the
    table, say): it counts from now on, said so on the cycle's page.  422 if the match's result has no such mark
    (to play it again instead, open a table for it: its result replaces this one)."""
    cycle = await asyncio.to_thread(tournaments.cycle, doc_id)
    standing = cycle.sources().get(match, {})
    due = {m["match"]: m for m in cycle.matches()}
    if not standing.get("idle") or match not in due:
        shown = cycle.numbers().get(match, match + 1)
        raise HTTPException(422, f"match {shown} has no result played without a move to keep")
    m = due[match]
    await asyncio.to_thread(tournaments.add_cycle_entry, doc_id, {
        "kind": "correction", "match": match, "blue": m["blue"], "red": m["red"],
        "blue_points": m["points"][m["blue"]], "red_points": m["points"][m["red"]],
        "meta": {"source": "parlour", "table_id": standing.get("table_id"), "at": standing.get("at"),
                 "kept": standing["idle"], "kept_at": time.time()}})
    return await asyncio.to_thread(cycle_view, tournaments, store, doc_id)


@router.post("/{doc_id}/simulate")
async def cycle_simulate(doc_id: OrganiserDep, body: CycleBotsPlay, request: Request, tournaments: TournamentsDep,
                         store: StoreDep) -> CycleView:
    """The bots race the rest of the cycle, sitting by sitting, until the organiser pauses them (``/pause``): a
    round's matches are split into sittings in which nobody plays twice, as at a real table.  The next sitting's
    matches start now, each at a live table of its own, listed with the match so anyone can watch; each result
    enters the cycle when its match ends, and when a sitting's last is in the server starts the next after a
    short pause, by itself (through the ring's rounds, then the deciding matches due).  As many start as the
    server's room for tables of bots alone allows (503 if none)."""
    carrier: Carrier = request.app.state.carrier
    await carrier.step(doc_id, bots=body.bots, seed=body.seed, now=True, pace=body.pace)
    return await asyncio.to_thread(cycle_view, tournaments, store, doc_id)


@router.post("/{doc_id}/pause")
async def cycle_pause(doc_id: OrganiserDep, request: Request, tournaments: TournamentsDep,
                      store: StoreDep) -> CycleView:
    """The bots stop after the matches they are racing: none start after them until let play again."""
    await pause_bots(request.app.state.carrier, tournaments, doc_id, tournaments.add_cycle_entry,
                     tournaments.cycle)
    return await asyncio.to_thread(cycle_view, tournaments, store, doc_id)


@sheets.get("/cycles/{doc_id}/sheet",
            responses={200: {"description": "the score sheet: a page to print, or a PDF with format=pdf",
                             "content": {**HTML, **PDF}}})
async def sheet(doc_id: str, tournaments: TournamentsDep, store: StoreDep, format: str = "html") -> Response:
    """The cycle's score sheet as it stands (every match's points, a blank line for each still to play, the league
    table and the champion), printed as a drive's cards are: a page with a Print button, or the same as a PDF."""
    cycle = await asyncio.to_thread(tournaments.cycle, doc_id)
    # a match a bot played for a person is marked, as the cycle's page marks it; the matches bots raced, and their
    # level, are said under the title with the day they were played
    tables = await asyncio.to_thread(store.tables_for, "cycle", doc_id)
    stood_in, bots = cycle_stand_ins(tables), cycle_bots(tables)
    titles = {b["name"]: b["title"] for b in bot_catalogue(get_game("biggles"))}
    if format == "pdf":
        return await pdf_answer([cycle_card_html(cycle, stood_in=stood_in, bots=bots, titles=titles)],
                                f"cycle-{doc_id}-sheet.pdf")
    if format != "html":
        raise HTTPException(422, "format is html or pdf")
    return HTMLResponse(cycle_card_html(cycle, back=f"/cycles/{doc_id}", stood_in=stood_in, bots=bots, titles=titles))
