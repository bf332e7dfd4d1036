"""``/api/cycles``: the Biggles cycle, its matches entered by hand or raced live at Parlour tables."""

from __future__ import annotations

import asyncio
import time
from functools import partial
from typing import Any

from fastapi import APIRouter, HTTPException

from parlour.store.tournaments import CYCLE
from parlour.tournaments.biggles_cycle import ONE_MATCH
from parlour.web.bodies import JSONRoute
from parlour.web.deps import Creates, OrganiserDep, StoreDep, TablesDep, TournamentsDep, game_by_id
from parlour.web.models import (
    CycleBotsPlay,
    CycleEntry,
    CycleView,
    Made,
    MatchTable,
    NewCycle,
    Seat,
    TableMade,
    TournamentSummary,
)
from parlour.web.tournaments import cycle_view, lines, made, round_of, start_bot_tables, starting

router = APIRouter(prefix="/api/cycles", tags=["cycles"], route_class=JSONRoute)
TWO_PEOPLE = [Seat(kind="person")] * 2


@router.get("")
def cycles(tournaments: TournamentsDep) -> list[TournamentSummary]:
    return [TournamentSummary(**c) for c in tournaments.list(CYCLE)]


@router.post("", status_code=201, dependencies=[Creates])
def create_cycle(body: NewCycle, tournaments: TournamentsDep) -> Made:
    """A new cycle; the answer holds its organiser key, given this once only."""
    doc_id = tournaments.create_cycle(lines(body.players), body.rounds)       # the cycle judges the names
    return made(tournaments, doc_id, "cycles")


@router.get("/{doc_id}")
def cycle(doc_id: str, tournaments: TournamentsDep, store: StoreDep) -> CycleView:
    return cycle_view(tournaments, store, doc_id)


@router.delete("/{doc_id}", status_code=204)
def delete_cycle(doc_id: OrganiserDep, store: StoreDep) -> None:
    """The cycle is gone (the tables played for it stay, as finished games)."""
    store.delete_document(doc_id)


@router.post("/{doc_id}/entries")
def cycle_entry(doc_id: OrganiserDep, entry: CycleEntry, tournaments: TournamentsDep, store: StoreDep) -> CycleView:
    """A match's points typed in (or corrected) by the organiser, and said so with the time; 422 with the cycle's
    reason if it refuses them."""
    tournaments.add_cycle_entry(doc_id, {**entry.model_dump(exclude_unset=True),
                                         "meta": {"source": "organiser", "at": time.time()}})
    return cycle_view(tournaments, store, doc_id)


@router.post("/{doc_id}/matches/{match}/table", status_code=201, response_model_exclude_none=True)
async def cycle_table(doc_id: OrganiserDep, match: int, body: MatchTable, tournaments: TournamentsDep,
                      tables: TablesDep) -> TableMade:
    """A live Biggles match for one fixture of the cycle: the blue player in seat 0 (P1)."""
    due = {m["match"]: m for m in (await asyncio.to_thread(tournaments.cycle, doc_id)).matches()}
    if match not in due:
        raise HTTPException(422, f"there is no match {match} due in this cycle")
    return await _match_table(tables, doc_id, due[match], body.seats or TWO_PEOPLE, body.seed)


async def _match_table(tables: TablesDep, doc_id: str, m: dict[str, Any], seats: list[Seat],
                       seed: int | None) -> TableMade:
    if len(seats) == 2:                                 # else the table says how many Biggles takes
        seats = [s.model_copy(update={"name": s.name or (m["blue"], m["red"])[i]}) for i, s in enumerate(seats)]
    return await tables.open(game_by_id("biggles"), seats, dict(ONE_MATCH), seed, listed=True,
                             open_seats=False,
                             meta={"cycle": doc_id, "match": m["match"], "blue": m["blue"], "red": m["red"]})


@router.post("/{doc_id}/simulate")
async def cycle_simulate(doc_id: OrganiserDep, body: CycleBotsPlay, tournaments: TournamentsDep, store: StoreDep,
                         tables: TablesDep) -> CycleView:
    """Bots race the matches of the next round (the first round of the ring with a match still to play; once the
    ring is in, the deciding matches due), each at a live table of its own, listed with the match so anyone can
    watch; each result enters the cycle when its match ends, and the page asks for the next round.  As many
    start as the server's room for tables of bots alone allows (503 if none): ask again for the rest."""
    async with starting(doc_id) as first:           # (two organiser pages asking at once start one round)
        if first:
            cycle = await asyncio.to_thread(tournaments.cycle, doc_id)
            played = await asyncio.to_thread(store.tables_for, "cycle", doc_id)
            in_play = {t["meta"]["match"] for t in played if t["finished"] is None}
            pending = cycle.pending()
            due = [m for m in pending if round_of(cycle, m) == round_of(cycle, pending[0])] if pending else []
            to_play = [m for m in due if m["match"] not in in_play]
            bots = [Seat(kind="bot", bot=body.bots)] * 2
            await start_bot_tables([partial(_match_table, tables, doc_id, m, bots) for m in to_play], body.seed)
    return await asyncio.to_thread(cycle_view, tournaments, store, doc_id)
