"""Club nights as the API shows them: a drive's or a cycle's view, with the Parlour tables played for each fixture.

A tournament lives in the store as its config plus entries (see
``parlour.store.tournaments``); these views add what the drive or cycle works
out from them, and link each fixture to the tables played for it.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable, Sequence
from urllib.parse import quote

from parlour.store import Store
from parlour.store.tournaments import Tournaments
from parlour.tournaments.biggles_cycle import WIN_POINTS, Cycle
from parlour.web.models import (
    CycleMatch,
    CycleView,
    DriveView,
    FixtureResult,
    FixtureView,
    Made,
    TableLink,
    TeamCard,
)
from parlour.web.registry import Busy

_starting: set[str] = set()


@asynccontextmanager
async def starting(doc_id: str) -> AsyncIterator[bool]:
    """Whether this request is the one starting a tournament's bots' tables now (False while another request for the
    same tournament is at it: two organiser pages whose pause ran out together start the round once)."""
    if doc_id in _starting:
        yield False
        return
    _starting.add(doc_id)
    try:
        yield True
    finally:
        _starting.discard(doc_id)


async def start_bot_tables(games: Sequence[Callable[[int | None], Awaitable[object]]], seed: int | None) -> None:
    """A live table of bots for each game (each called with its seed: the k-th game's ``seed + k``, or None for the
    server to draw one), as many as the server's room for tables of bots alone allows: ``Busy`` (503) only when
    none could start; the organiser asks again for the rest."""
    for k, start in enumerate(games):
        try:
            await start(None if seed is None else (seed + k) % 2**63)
        except Busy:
            if k == 0:
                raise
            return


def lines(names: list[str] | str) -> list[str]:
    """Names typed in a form, one a line, as a list (a list is left for the tournament to judge)."""
    return [line.strip() for line in names.splitlines() if line.strip()] if isinstance(names, str) else names


def made(tournaments: Tournaments, doc_id: str, pages: str) -> Made:
    """A new tournament's answer: its page, and its organiser key with the link that carries it."""
    key = tournaments.store.new_owner_key(doc_id)
    return Made(id=doc_id, url=f"/{pages}/{doc_id}", key=key, organiser=f"/{pages}/{doc_id}#organiser={key}")


def tables_by(tables: list[dict[str, Any]], fixture: Callable[[dict[str, Any]], Any]) -> dict[Any, list[TableLink]]:
    """The tables played for each fixture (oldest first), as links.

    ``fixture`` reads the fixture from a table's meta.
    """
    grouped: dict[Any, list[TableLink]] = {}
    for t in reversed(tables):                      # the store lists the newest first
        grouped.setdefault(fixture(t["meta"]), []).append(TableLink(id=t["id"], finished=t["finished"] is not None))
    return grouped


def drive_view(tournaments: Tournaments, store: Store, doc_id: str) -> DriveView:
    drive = tournaments.drive(doc_id)
    played_at = tables_by(store.tables_for("drive", doc_id), lambda meta: (meta["round"], meta["table"]))
    rounds = []
    for games in drive.schedule():
        row = []
        for f in games:
            result = drive.result(f.round, f.table)
            row.append(FixtureView(
                **f.to_dict(), tables=played_at.get((f.round, f.table), []),
                result=None if result is None else FixtureResult(
                    home_goals=result.home_goals, away_goals=result.away_goals, corrected=result.corrected,
                    meta=result.meta)))
        rounds.append(row)
    return DriveView(id=doc_id, config=drive.config(), summary=drive.summary(), rounds=rounds, entries=drive.entries,
                     teams=[TeamCard(team=t, side="home" if t in drive.home_teams else "away",
                                     card=f"/drives/{doc_id}/cards/{quote(t, safe='')}") for t in drive.teams])


def round_of(cycle: Cycle, match: dict[str, Any]) -> int:
    """The round a cycle's match belongs to, from 1: the ring's rounds, then each round of deciders after them."""
    per_round = len(cycle.fixtures) // cycle.rounds
    return match["match"] // per_round + 1 if not match["decider"] else cycle.rounds + match["decider"]


def cycle_view(tournaments: Tournaments, store: Store, doc_id: str) -> CycleView:
    cycle = tournaments.cycle(doc_id)
    played_at = tables_by(store.tables_for("cycle", doc_id), lambda meta: meta["match"])
    sources = cycle.sources()
    return CycleView(id=doc_id, players=cycle.players, rounds=cycle.rounds, report=cycle.report(),
                     win_points=WIN_POINTS,
                     matches=[CycleMatch(**m, round=round_of(cycle, m), tables=played_at.get(m["match"], []),
                                         source=sources.get(m["match"]))
                              for m in cycle.matches()])
