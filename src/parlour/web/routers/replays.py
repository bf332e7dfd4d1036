"""A finished game: its record to download, every step of it from any seat's view, and the expert's analysis.

All wait for the end: the record shows every hand, and so would the steps.  The
analysis of a seat judges each of its decisions from what that seat could see
at the time (``parlour.bots.analysis``), and is made once per seat.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from parlour.bots.analysis import THRESHOLD
from parlour.engine.record import replay
from parlour.web.bodies import JSONRoute
from parlour.web.deps import Bearer, TablesDep
from parlour.web.live import LiveTable
from parlour.web.models import AnalysedMove, Analysis, AnalysisProgress, ReplayAction, ReplayStep, SeatObservation

router = APIRouter(prefix="/api/tables/{table_id}", tags=["replays"], route_class=JSONRoute)


@router.get("/record", responses={200: {"description": "the game record (docs/records.md), as a file to download",
                                        "content": {"application/json": {"schema": {"type": "object"}}}}})
async def record(table_id: str, tables: TablesDep) -> Response:
    t = await tables.get(table_id)
    if not t.ended:
        raise HTTPException(403, "the record shows every hand, so it is available once the game is over")
    return Response(t.record().to_json(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{t.game.id}-{table_id}.json"'})


@router.get("/replay")
async def replay_step(table_id: str, tables: TablesDep, step: int = 0, seat: str = "all") -> ReplayStep:
    """The game as it stood after ``step`` actions, from one seat's view (``seat`` a number) or every seat's."""
    t = await tables.get(table_id)
    if not t.ended:
        raise HTTPException(403, "a game can be replayed once it is over")
    steps = len(t.state.history)
    if not 0 <= step <= steps:
        raise HTTPException(422, f"step runs from 0 to {steps}")
    rec = t.record()
    state = replay(rec, t.game, upto=step)
    seats = range(state.num_seats) if seat == "all" else [_seat_number(seat, state.num_seats)]
    last = rec.actions[step - 1] if step else None
    names = [info.name for info in t.view(None).seats]
    # (a race's record keeps each action's time on the race clock as its third item: the replay tells it)
    def timed(index: int) -> float | None:
        entry = rec.actions[index] if 0 <= index < steps else None
        return float(entry[2]) if entry is not None and len(entry) > 2 and entry[2] is not None else None
    return ReplayStep(
        game=t.game.id, step=step, steps=steps,
        action=ReplayAction(seat=last[0], action=last[1]) if last else None,
        views=[SeatObservation(seat=s, name=names[s], observation=t.game.with_reasons(state, s, state.observation(s)))
               for s in seats],
        result=state.result() if state.is_over else None,
        time=timed(step - 1) if step else None, time_before=timed(step - 2) if step > 1 else None,
        time_next=timed(step),
    )


#: an analysis asked for without a seat's key
NO_ANALYSIS_KEY = ("the expert's analysis is for the players of this game: open the replay in the browser that "
                   "played at the table, or send that seat's key (Authorization: Bearer KEY); a spectator can "
                   "step through the replay, but not have it analysed")
WRONG_ANALYSIS_KEY = "that key is not a seat's at this table: the expert's analysis is for the players of this game"


@router.get("/analysis")
async def analysis(table_id: str, seat: str, tables: TablesDep, request: Request, credentials: Bearer) -> Analysis:
    """The expert's judgement of every decision ``seat`` made (those with a choice), from that seat's view at
    the time: each move's estimated chance of winning, the best other move's, and the moves that gave away
    more than a tenth of it (``costly``).  The same search, budget and seed as a hint, so a hint given at
    one of these positions named the same best move with the same chances.  Made on the first request
    (``analysis/progress`` says how far it has got), then kept.  It needs the key of a seat at the table
    (any seat's: a player may see how the expert judged the others), and one client address may have only
    so many analyses being made at once (429 past that); it is thought about in that client's share of the
    server's thinking workers."""
    t = await _analysable(table_id, tables)
    number = _seat_number(seat, len(t.seats))
    if credentials is None or not credentials.credentials:
        raise HTTPException(401, NO_ANALYSIS_KEY, headers={"WWW-Authenticate": "Bearer"})
    if await asyncio.to_thread(tables.store.seat_of, t.id, credentials.credentials) is None:
        raise HTTPException(403, WRONG_ANALYSIS_KEY)
    advisor = tables.advisor
    made = (t.id, number) in advisor.kept
    client = request.client.host if request.client else "unknown"
    rows = await advisor.analysis(t.id, t.record(), t.game, number, client=client)
    if not made:
        tables.metrics.advice.labels("analysis").inc()
    _, total = advisor.progress_of(t.id, number) or (len(rows), len(rows))
    return Analysis(table=t.id, game=t.game.id, seat=number, name=t.view(None).seats[number].name, bot="expert",
                    iterations=advisor.iterations, seed=advisor.seed, threshold=THRESHOLD,
                    moves=[AnalysedMove(**row) for row in rows], decisions=total,
                    costly=sum(1 for row in rows if row["costly"]), finished=len(rows) == total)


@router.get("/analysis/progress")
async def analysis_progress(table_id: str, seat: str, tables: TablesDep) -> AnalysisProgress:
    """How far the analysis of ``seat`` has got, for a page to show while it waits for ``analysis``: the
    decisions judged so far of the seat's decisions in all.  Starts nothing."""
    t = await _analysable(table_id, tables)
    number = _seat_number(seat, len(t.seats))
    advisor = tables.advisor
    made = advisor.kept.get((t.id, number))
    done, total = advisor.progress_of(t.id, number) or (0, None)
    return AnalysisProgress(seat=number, started=made is not None, done=done, total=total,
                            ready=made is not None and made.done() and made.exception() is None)


async def _analysable(table_id: str, tables: TablesDep) -> LiveTable:
    t = await tables.get(table_id)
    if not t.ended:
        raise HTTPException(403, "a game can be analysed once it is over")
    if t.game.real_time:
        raise HTTPException(422, f"{t.game.title} is played against the clock: the expert judges turn-by-turn "
                                 "games")
    return t


def _seat_number(text: str, seats: int) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 <= int(text) < seats:     # not '²', which int() refuses
        raise HTTPException(422, f"seat is 'all' or a number from 0 to {seats - 1}")
    return int(text)
