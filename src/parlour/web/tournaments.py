"""Club nights as the API shows them: a drive's or a cycle's view, with the Parlour tables played for each fixture.

A tournament lives in the store as its config plus entries (see
``parlour.store.tournaments``); these views add what the drive or cycle works
out from them, and link each fixture to the tables played for it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any, AsyncIterator, Awaitable, Callable, Sequence, cast
from urllib.parse import quote

from fastapi import HTTPException
from fastapi.responses import Response

from parlour.bots import bot_names
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.store import Store
from parlour.store.tournaments import CYCLE, DRIVE, Tournaments
from parlour.tournaments.biggles_cycle import ONE_MATCH, WIN_POINTS, Cycle
from parlour.tournaments.carrying import PACES
from parlour.tournaments.drive_play import GAME_ID as DRIVE_GAME
from parlour.tournaments.printing import PrintingUnavailable, pdf
from parlour.web.deps import game_by_id
from parlour.web.models import (
    BotsCarrying,
    BotsPace,
    CycleMatch,
    CycleView,
    DriveBotsCarrying,
    DriveView,
    EnteredResult,
    FixtureResult,
    FixtureView,
    GameContext,
    Made,
    Seat,
    TableLink,
    TableMade,
    TeamCard,
    TournamentOf,
)
from parlour.web.registry import Busy, SeatingError

log = logging.getLogger("parlour.web")
Starter = Callable[[int | None], Awaitable[object]]
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


#: the printed pages' answers, for the OpenAPI description (a refusal is JSON, as everywhere)
HTML = {"text/html": {"schema": {"type": "string"}}}
PDF = {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}
#: a page asked for as a PDF where none can be made: the reason (a library, a path) goes to the log
NO_PDF = ("this server cannot make PDFs (it needs WeasyPrint and Pango): open the card as a page instead, and "
          "print it from the browser")


async def pdf_answer(pages: list[str], filename: str) -> Response:
    """The printed pages (a drive's cards, a cycle's sheet) as one PDF, or 501 where this server cannot make one."""
    try:
        data = await asyncio.to_thread(pdf, pages)
    except PrintingUnavailable as error:      # its text names the library missing, and where it was looked for
        log.warning("no PDF made: %s", error)
        raise HTTPException(501, NO_PDF) from None
    return Response(data, media_type="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{quote(filename)}"'})


def lines(names: list[str] | str) -> list[str]:
    """Names typed in a form, one a line, as a list (a list is left for the tournament to judge)."""
    return [line.strip() for line in names.splitlines() if line.strip()] if isinstance(names, str) else names


def made(tournaments: Tournaments, doc_id: str, pages: str) -> Made:
    """A new tournament's answer: its page, and its organiser key with the link that carries it."""
    key = tournaments.store.new_owner_key(doc_id)
    return Made(id=doc_id, url=f"/{pages}/{doc_id}", key=key, organiser=f"/{pages}/{doc_id}#organiser={key}")


def tables_by(tables: list[dict[str, Any]], fixture: Callable[[dict[str, Any]], Any]) -> dict[Any, list[TableLink]]:
    """The tables played for each fixture (oldest first), as links, each with the bot at each seat.

    ``fixture`` reads the fixture from a table's meta.
    """
    grouped: dict[Any, list[TableLink]] = {}
    for t in reversed(tables):                      # the store lists the newest first
        bots = [s.get("bot") if s.get("kind") == "bot" else None for s in t.get("seats") or []]
        grouped.setdefault(fixture(t["meta"]), []).append(
            TableLink(id=t["id"], finished=t["finished"] is not None, bots=bots))
    return grouped


def game_context(tournaments: Tournaments, meta: dict[str, Any] | None,
                 figures: list[int] | None = None) -> GameContext | None:
    """The drive or cycle a table was played for, named for its table, its end and its replay (None for a casual
    game, or one whose tournament is gone)."""
    meta = meta or {}
    try:
        if meta.get("drive"):
            drive = tournaments.drive(meta["drive"])
            f = drive.fixture(meta["round"], meta["table"])
            return GameContext(kind="drive", name=drive.title, where=f"round {f.round}, table {f.table}",
                               sides=[f.home, f.away or ""], figures=figures, url=f"/drives/{meta['drive']}",
                               back="Back to the drive")
        if meta.get("cycle"):
            cycle = tournaments.cycle(meta["cycle"])
            return GameContext(kind="cycle", name=cycle.name, where=f"match {cycle.numbers()[meta['match']]}",
                               sides=[meta["blue"], meta["red"]], figures=figures, url=f"/cycles/{meta['cycle']}",
                               back="Back to the cycle")
    except (ParlourError, KeyError, TypeError):
        return None
    return None


def tournaments_of(tournaments: Tournaments, rows: Sequence[dict[str, Any]]) -> list[TournamentOf | None]:
    """The drive or cycle each listed table was played for, by name ("Saturday Drive", "round 4, table 4"; "Biggles
    cycle, 5 December", "match 3"): None for a casual game, or one whose tournament is gone.  ``stood_in``: who
    plays in person at the tournament's tables but had a bot at this one.  Each tournament (and its tables) is read
    once for the whole list."""
    docs: dict[str, Any] = {}
    people: dict[str, list[str]] = {}

    def load(doc_id: str, read: Callable[[str], Any]) -> Any:
        if doc_id not in docs:
            try:
                docs[doc_id] = read(doc_id)
            except (ParlourError, KeyError, TypeError):
                docs[doc_id] = None
        return docs[doc_id]

    def stood_in(row: dict[str, Any], doc_id: str, sides: list[str], whose: Callable[[], list[str]]) -> list[str]:
        if doc_id not in people:
            people[doc_id] = whose()
        return list(dict.fromkeys(sides[i % 2] for i, s in enumerate(row.get("seats") or [])
                                  if s.get("kind") == "bot" and sides[i % 2] in people[doc_id]))

    out: list[TournamentOf | None] = []
    for row in rows:
        meta = row.get("meta") or {}
        try:
            if meta.get("drive") and (drive := load(meta["drive"], tournaments.drive)) is not None:
                doc_id, f = meta["drive"], drive.fixture(meta["round"], meta["table"])
                tables = partial(tournaments.store.tables_for, "drive", doc_id)
                out.append(drive_row(drive.title, doc_id, meta["round"], meta["table"],
                                     stood_in=stood_in(row, doc_id, [f.home, f.away or ""],
                                                       partial(lambda d, t: drive_people(d, t()), drive, tables))))
                continue
            if meta.get("cycle") and (cycle := load(meta["cycle"], tournaments.cycle)) is not None:
                doc_id = meta["cycle"]
                tables = partial(tournaments.store.tables_for, "cycle", doc_id)
                out.append(cycle_row(cycle.name, doc_id, cycle.numbers().get(meta["match"], meta["match"] + 1),
                                     stood_in=stood_in(row, doc_id, [meta["blue"], meta["red"]],
                                                       partial(lambda t: cycle_people(t()), tables))))
                continue
        except (ParlourError, KeyError, TypeError):
            pass
        out.append(None)
    return out


def drive_row(title: str, doc_id: str, round_: int, table: int, **more: Any) -> TournamentOf:
    """A drive's table, named and linked to its row on the drive's page (where the page unfolds and marks it)."""
    return TournamentOf(name=title, where=f"round {round_}, table {table}",
                        url=f"/drives/{doc_id}#round-{round_}-table-{table}", **more)


def cycle_row(name: str, doc_id: str, number: int, **more: Any) -> TournamentOf:
    """A cycle's match (``number``: as people read it, ``Cycle.numbers``), named and linked to its row on the
    cycle's page."""
    return TournamentOf(name=name, where=f"match {number}", url=f"/cycles/{doc_id}#match-{number}", **more)


def entered_results(tournaments: Tournaments) -> list[EnteredResult]:
    """Every result an organiser typed in, of every drive and cycle, for the list of finished games (which is
    otherwise built from the tables played): each with its fixture named and linked as a table's would be."""
    out: list[EnteredResult] = []
    for doc in tournaments.list(DRIVE):
        try:
            drive = tournaments.drive(doc["id"])
        except (ParlourError, KeyError, TypeError):
            continue
        for games in drive.schedule():
            for f in games:
                result = drive.result(f.round, f.table)
                meta = (result.meta or {}) if result is not None else {}
                if result is None or meta.get("source") != "organiser" or f.away is None:
                    continue
                out.append(EnteredResult(
                    id=f"drive-{doc['id']}-{f.round}-{f.table}", game=DRIVE_GAME, players=[f.home, f.away],
                    figures=[result.home_goals, result.away_goals], unit="goals", at=meta.get("at"),
                    corrected=result.corrected,
                    tournament=drive_row(drive.title, doc["id"], f.round, f.table)))
    for doc in tournaments.list(CYCLE):
        try:
            cycle = tournaments.cycle(doc["id"])
        except (ParlourError, KeyError, TypeError):
            continue
        sources, numbers = cycle.sources(), cycle.numbers()
        for m in cycle.matches():
            source = sources.get(m["match"]) or {}
            if m["points"] is None or source.get("source") != "organiser":
                continue
            out.append(EnteredResult(
                id=f"cycle-{doc['id']}-{m['match']}", game="biggles", players=[m["blue"], m["red"]],
                figures=[m["points"][m["blue"]], m["points"][m["red"]]], unit="points", at=source.get("at"),
                corrected=bool(source.get("corrected")),
                tournament=cycle_row(cycle.name, doc["id"], numbers[m["match"]])))
    return out


def drive_view(tournaments: Tournaments, store: Store, doc_id: str, bot_delay: float = 0.6) -> DriveView:
    """The drive as its page shows it; ``bot_delay``: the server's usual pause before a bot's card, from which the
    bots' paces are told."""
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
    tables = store.tables_for("drive", doc_id)
    in_play = {(t["meta"]["round"], t["meta"]["table"]) for t in tables if t["finished"] is None}
    people = drive_people(drive, tables)
    return DriveView(id=doc_id, config=drive.config(), summary=drive.summary(), rounds=rounds, entries=drive.entries,
                     people=people, bots=drive_carrying_view(drive.bots(), drive.entries,
                                                             drive_batches(drive, in_play, people), bot_delay),
                     teams=[TeamCard(team=t, side="home" if t in drive.home_teams else "away",
                                     card=f"/drives/{doc_id}/cards/{quote(t, safe='')}") for t in drive.teams])


def drive_state(tournaments: Tournaments, doc_id: str) -> str:
    """Where a drive stands, in words, for the list of tournaments: "not started", "round 2 of 3 being played",
    "round 2 of 3 next" (the round before it over), "finished: Charlton champions"."""
    try:
        drive = tournaments.drive(doc_id)
    except ParlourError:
        return ""
    if drive.is_complete:
        champions = drive.champions()
        if len(champions) > 1:
            return f"finished: joint champions {', '.join(champions[:-1])} and {champions[-1]}"
        return f"finished: {champions[0]} champions"
    pending = drive.pending()
    games = [f for f in drive.schedule()[pending[0].round - 1] if not f.is_bye] if pending else []
    if not pending or len(pending) == sum(1 for fs in drive.schedule() for f in fs if not f.is_bye):
        return "not started"
    begun = any(drive.result(f.round, f.table) is not None for f in games)
    return f"round {pending[0].round} of {drive.rounds} {'being played' if begun else 'next'}"


def cycle_state(tournaments: Tournaments, doc_id: str) -> str:
    """Where a Biggles cycle stands, in words: "not started", "round 1 of 2 being played", "the deciding matches
    being played", "finished: Ann champion"."""
    try:
        cycle = tournaments.cycle(doc_id)
    except ParlourError:
        return ""
    report = cycle.report()
    if report["complete"]:
        return f"finished: {report['champion']} champion" if report["champion"] else "finished"
    matches = cycle.matches()
    if all(m["points"] is None for m in matches):
        return "not started"
    first = next(m for m in matches if m["points"] is None)
    if first["decider"]:
        return "the deciding matches being played"
    return f"round {round_of(cycle, first)} of {cycle.rounds} being played"


def round_of(cycle: Cycle, match: dict[str, Any]) -> int:
    """The round a cycle's match belongs to, from 1: the ring's rounds, then each round of deciders after them."""
    per_round = len(cycle.fixtures) // cycle.rounds
    return match["match"] // per_round + 1 if not match["decider"] else cycle.rounds + match["decider"]


def sittings(cycle: Cycle) -> dict[int, tuple[int, int]]:
    """Each match's sitting in its round and how many sittings the round has: a round's matches, in order, each
    put in the first sitting where neither of its players already sits (nobody plays two matches at once: a ring
    of four is A-B and C-D, then B-C and D-A)."""
    by_round: dict[int, list[list[dict[str, Any]]]] = {}
    for m in cycle.matches():
        seated = by_round.setdefault(round_of(cycle, m), [])
        for sitting in seated:
            if not any({m["blue"], m["red"]} & {x["blue"], x["red"]} for x in sitting):
                sitting.append(m)
                break
        else:
            seated.append([m])
    return {m["match"]: (k + 1, len(seated)) for seated in by_round.values() for k, sitting in enumerate(seated)
            for m in sitting}


def cycle_waits(cycle: Cycle, seats: dict[int, tuple[int, int]] | None = None) -> dict[int, str]:
    """Why a match still to play cannot start yet, by match, in words: one of its players has an earlier match (an
    earlier sitting's of its round, or an earlier round's) not in, and nobody plays two matches at once, nor a
    later sitting before an earlier ("sitting 2 starts when Ruth's sitting-1 match is in")."""
    seats = seats or sittings(cycle)
    matches = cycle.matches()
    at = {m["match"]: (round_of(cycle, m), seats[m["match"]][0]) for m in matches}
    out: dict[int, str] = {}
    for m in matches:
        if m["points"] is not None:
            continue
        players = (m["blue"], m["red"])
        before = [e for e in matches if e["points"] is None and at[e["match"]] < at[m["match"]]
                  and {e["blue"], e["red"]} & set(players)]
        if not before:
            continue
        who = [p for p in players if any(p in (e["blue"], e["red"]) for e in before)]
        r, k = at[m["match"]]
        labels = {f"sitting-{at[e['match']][1]}" if at[e["match"]][0] == r else f"round-{at[e['match']][0]}"
                  for e in before}
        label = f"round {r}" if all(at[e["match"]][0] < r for e in before) else f"sitting {k}"
        if len(before) == 1:
            out[m["match"]] = f"{label} starts when {' and '.join(who)}'s {labels.pop()} match is in"
        else:
            theirs = " and ".join(f"{p}'s" for p in who)
            out[m["match"]] = f"{label} starts when {theirs} {labels.pop() if len(labels) == 1 else 'earlier'} " \
                              "matches are in"
    return out


def cycle_stand_ins(tables: list[dict[str, Any]]) -> dict[int, list[str]]:
    """Each match's players who play in person but for whom a bot played it (at the match's last table), for the
    printed sheet to mark as the cycle's page does."""
    people = cycle_people(tables)
    last: dict[int, dict[str, Any]] = {}
    for t in reversed(tables):                      # (oldest first: the last one stays)
        last[t["meta"]["match"]] = t
    out: dict[int, list[str]] = {}
    for match, t in last.items():
        sides = [t["meta"].get("blue") or "", t["meta"].get("red") or ""]
        names = [sides[i % 2] for i, s in enumerate(t.get("seats") or [])
                 if s.get("kind") == "bot" and sides[i % 2] in people]
        if names:
            out[match] = names
    return out


def cycle_bots(tables: list[dict[str, Any]]) -> dict[int, list[str]]:
    """Each match whose last table was bots alone, with the bots' names (for the printed sheet: which matches bots
    raced, and at which level)."""
    last: dict[int, dict[str, Any]] = {}
    for t in reversed(tables):                      # (oldest first: the last one stays)
        last[t["meta"]["match"]] = t
    out: dict[int, list[str]] = {}
    for match, t in last.items():
        seats = t.get("seats") or []
        if seats and all(s.get("kind") == "bot" and s.get("bot") for s in seats):
            out[match] = [s["bot"] for s in seats]
    return out


def cycle_view(tournaments: Tournaments, store: Store, doc_id: str) -> CycleView:
    cycle = tournaments.cycle(doc_id)
    tables = store.tables_for("cycle", doc_id)
    played_at = tables_by(tables, lambda meta: meta["match"])
    sources = cycle.sources()
    seats, numbers = sittings(cycle), cycle.numbers()
    in_play = {t["meta"]["match"] for t in tables if t["finished"] is None}
    people = cycle_people(tables)
    waits = cycle_waits(cycle, seats)
    return CycleView(id=doc_id, title=cycle.name, players=cycle.players, rounds=cycle.rounds, report=cycle.report(),
                     win_points=WIN_POINTS, people=people,
                     bots=race_carrying_view(cycle.bots(), cycle.entries, cycle_batches(cycle, in_play, people)),
                     matches=[CycleMatch(**m, round=round_of(cycle, m), tables=played_at.get(m["match"], []),
                                         source=sources.get(m["match"]), sitting=seats[m["match"]][0],
                                         sittings=seats[m["match"]][1], waits=waits.get(m["match"]),
                                         number=numbers[m["match"]])
                              for m in cycle.matches()])


# -- the bots carry a tournament on by themselves --------------------------------------------------
#: seconds between the last result of a round (or sitting) and the bots' next games: the standings show the
#: results in the meantime, and an open page counts the pause down
PAUSE = 8.0
#: a drive's bots at the watchers' pace wait this many times the server's usual pause before each card (2.4 s at
#: its default 0.6 s: a game of Football Whist, some 126 moves, in about five minutes, where at the quick pace one was
#: over in a minute, before anyone could watch it: review 22d)
WATCH = 4.0
#: each pace's words, for the drive's page
PACE_TITLES = {"watch": "Slow enough to follow", "quick": "Quick"}


def paces(bot_delay: float) -> list[BotsPace]:
    """The paces a drive's bots may play at, each with the seconds a bot waits before each card."""
    return [BotsPace(name=name, title=PACE_TITLES[name], seconds=round(pace_seconds(name, bot_delay), 2))
            for name in PACES]


def pace_seconds(pace: str, bot_delay: float) -> float:
    return bot_delay * WATCH if pace == "watch" else bot_delay


@dataclass
class Batch:
    """The games the bots play together: a drive's round, or a sitting of a cycle's round.  ``items``: each
    game's (key, done, in play)."""

    name: str
    items: list[tuple[Any, bool, bool]]
    #: the games with a person in them: the bots never play these by themselves (they wait for the people, or
    #: for the organiser to ask a bot to stand in, at the game's own row)
    waits: set[Any] = field(default_factory=set)

    @property
    def to_play(self) -> list[Any]:
        return [key for key, done, playing in self.items if not done and not playing and key not in self.waits]


def people_of(tables: list[dict[str, Any]], sides: Callable[[dict[str, Any]], Sequence[str]]) -> list[str]:
    """The players (or teams) who have sat in person at a tournament's tables: ``sides`` names the sides of a
    table from its meta (a seat's side is its index modulo their number).  The bots leave their games to them."""
    out: list[str] = []
    for t in reversed(tables):                      # (oldest first)
        names = list(sides(t["meta"]))
        for i, s in enumerate(t.get("seats") or []):
            name = names[i % len(names)] if names else None
            if s.get("kind") == "person" and name and name not in out:
                out.append(name)
    return out


def drive_people(drive: Any, tables: list[dict[str, Any]]) -> list[str]:
    def sides(meta: dict[str, Any]) -> list[str]:
        f = drive.fixture(meta["round"], meta["table"])
        return [f.home, f.away or ""]
    return people_of(tables, sides)


def cycle_people(tables: list[dict[str, Any]]) -> list[str]:
    return people_of(tables, lambda meta: [meta.get("blue") or "", meta.get("red") or ""])


def drive_batches(drive: Any, in_play: set[tuple[int, int]], people: Sequence[str] = ()) -> list[Batch]:
    return [Batch(f"round {games[0].round}", [((f.round, f.table), drive.result(f.round, f.table) is not None,
                                               (f.round, f.table) in in_play) for f in games if not f.is_bye],
                  {(f.round, f.table) for f in games if {f.home, f.away} & set(people)})
            for games in drive.schedule()]


def cycle_batches(cycle: Cycle, in_play: set[int], people: Sequence[str] = ()) -> list[Batch]:
    seats = sittings(cycle)
    batches: dict[tuple[int, int], Batch] = {}
    for m in cycle.matches():
        n, (sitting, of) = round_of(cycle, m), seats[m["match"]]
        name = f"round {n}" + (f", sitting {sitting} of {of}" if of > 1 else "")
        batch = batches.setdefault((n, sitting), Batch(name, []))
        batch.items.append((m["match"], m["points"] is not None, m["match"] in in_play))
        if {m["blue"], m["red"]} & set(people):
            batch.waits.add(m["match"])
    return list(batches.values())


def current(batches: list[Batch]) -> Batch | None:
    """The batch under way or next: the first with a game without a result."""
    return next((b for b in batches if any(not done for _, done, _ in b.items)), None)


def next_at(state: dict[str, Any], entries: list[dict[str, Any]], batch: Batch | None) -> float | None:
    """When the bots start their next games by themselves: None unless they play and nothing of the batch is in
    play; at once when let play since the last result, else a pause after it."""
    if not state["playing"] or batch is None or any(playing for _, _, playing in batch.items) or not batch.to_play:
        return None
    last = max([(e.get("meta") or {}).get("at") or 0.0 for e in entries if e.get("kind") != "bots"], default=0.0)
    since = state["since"] or 0.0
    return since if since >= last else last + PAUSE


def carrying_view(state: dict[str, Any], entries: list[dict[str, Any]], batches: list[Batch]) -> BotsCarrying:
    return BotsCarrying(playing=state["playing"], bots=state["bots"],
                        next_at=next_at(state, entries, current(batches)))


def drive_carrying_view(state: dict[str, Any], entries: list[dict[str, Any]], batches: list[Batch],
                        bot_delay: float) -> DriveBotsCarrying:
    """Where a drive's bots stand, the pace they play at and the paces on offer (``bot_delay``: the server's usual
    pause before a bot's card)."""
    return DriveBotsCarrying(**carrying_view(state, entries, batches).model_dump(), pace=state["pace"],
                             paces=paces(bot_delay))


#: each pace's words for a cycle's bots, who race rather than wait before a card
RACE_TITLES = {"watch": "Slow enough to follow: the race at a quarter of its usual speed",
               "quick": "Quick: the race at a live table's usual speed"}


def race_carrying_view(state: dict[str, Any], entries: list[dict[str, Any]],
                       batches: list[Batch]) -> DriveBotsCarrying:
    """Where a cycle's bots stand and the pace they race at, with the paces on offer (``seconds``: 0, a race has no
    pause before a card; at ``watch`` the bots' hands are ``WATCH`` times slower)."""
    return DriveBotsCarrying(**carrying_view(state, entries, batches).model_dump(), pace=state["pace"],
                             paces=[BotsPace(name=name, title=RACE_TITLES[name], seconds=0.0) for name in PACES])


def race_pace(pace: str | None) -> float:
    """How many times its usual speed a cycle's bots race at (``pace``: theirs; None, a table opened by hand)."""
    return 1 / WATCH if pace == "watch" else 1.0


class Carrier:
    """Carries the bots of every tournament they play on, round by round (or sitting by sitting), by the server
    alone: when a game of theirs ends, when the organiser lets them play, and when the server starts (the
    tournament's log says whether they play, so a restart loses nothing).  Between two batches it waits the
    pause (``PAUSE``).  A batch is claimed in the log before its tables start: of two server processes that
    would start the same one, the second's claim is refused and it starts nothing."""

    def __init__(self, tournaments: Tournaments, store: Store, tables: Any, clock: Callable[[], float] = time.time):
        self.tournaments, self.store, self.tables, self.clock = tournaments, store, tables, clock
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        """The server starts: every tournament whose bots play goes on."""
        self.loop = asyncio.get_running_loop()
        for kind in (DRIVE, CYCLE):
            for doc in await asyncio.to_thread(self.store.list_documents, kind):
                self.poke(doc["id"])

    def close(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        for task in self.tasks:
            task.cancel()

    def poke_threadsafe(self, doc_id: str) -> None:
        """From a thread (a table's end): look at the tournament again, on the server's loop."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.poke, doc_id)

    def poke(self, doc_id: str) -> None:
        timer = self.timers.pop(doc_id, None)
        if timer is not None:
            timer.cancel()
        task = asyncio.get_running_loop().create_task(self.step(doc_id))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def step(self, doc_id: str, bots: str | None = None, seed: int | None = None, now: bool = False,
                   pace: str | None = None) -> None:
        """Start the bots' next batch if it is due (``now``: the organiser asked, so at once, claimed or not; with
        ``bots``, the organiser lets them play as these, a drive's at ``pace``), or wait for it."""
        async with starting(doc_id) as first:       # (two requests at once start one batch)
            if not first:
                return
            try:
                plan = await asyncio.to_thread(self._plan, doc_id, bots, now, pace)
            except ParlourError as error:           # a tournament deleted, say
                if now:
                    raise
                log.info("tournament %s: the bots do not go on: %s", doc_id, error)
                return
            if plan is None:
                return
            if isinstance(plan, float):
                assert self.loop is not None
                self.timers[doc_id] = self.loop.call_later(max(0.0, plan), self.poke, doc_id)
                return
            try:
                await start_bot_tables(plan, seed)
            except Busy:
                if now:
                    raise
                log.warning("tournament %s: no room for the bots' tables now; trying again shortly", doc_id)
                assert self.loop is not None
                self.timers[doc_id] = self.loop.call_later(PAUSE, self.poke, doc_id)

    def _plan(self, doc_id: str, bots: str | None, now: bool, pace: str | None = None) -> float | list[Starter] | None:
        """What to do: None (nothing: paused, over, or a batch in play), seconds to wait, or the tables to start."""
        kind = self.store.load_document(doc_id)[0]
        tournament: Any = self.tournaments.drive(doc_id) if kind == DRIVE else self.tournaments.cycle(doc_id)
        add = self.tournaments.add_drive_entry if kind == DRIVE else self.tournaments.add_cycle_entry
        if bots is not None:
            game = game_by_id(DRIVE_GAME if kind == DRIVE else "biggles")
            if bots not in bot_names(game):
                raise SeatingError(f"no bot {bots!r} (choose from {', '.join(bot_names(game))})")
            state = tournament.bots()
            paced = {"pace": pace} if pace is not None else {}
            if not state["playing"] or state["bots"] != bots or paced.get("pace", state["pace"]) != state["pace"]:
                tournament = add(doc_id, {"kind": "bots", "playing": True, "bots": bots, **paced,
                                          "meta": {"at": self.clock()}})
        state = tournament.bots()
        if not state["playing"]:
            return None
        played = self.store.tables_for("drive" if kind == DRIVE else "cycle", doc_id)
        if kind == DRIVE:
            in_play: set[Any] = {(t["meta"]["round"], t["meta"]["table"]) for t in played if t["finished"] is None}
            batch = current(drive_batches(tournament, in_play, drive_people(tournament, played)))
        else:
            in_play = {t["meta"]["match"] for t in played if t["finished"] is None}
            batch = current(cycle_batches(tournament, in_play, cycle_people(played)))
        if batch is None or not batch.to_play:
            return None
        due = next_at(state, tournament.entries, batch)
        if not now:
            if due is None:
                return None
            if due > self.clock():
                return due - self.clock()
        done = sum(1 for _, finished, _ in batch.items if finished)
        try:
            add(doc_id, {"kind": "bots", "playing": True, "start": f"{batch.name}, {done} in, {len(played)} tables",
                         "meta": {"at": self.clock()}})
        except ParlourError:
            if not now:
                return None                         # another server process started it
        level = [Seat(kind="bot", bot=state["bots"])]
        if kind == DRIVE:
            fixtures = [tournament.fixture(r, t) for r, t in batch.to_play]
            return [partial(fixture_table, self.tables, game_by_id(DRIVE_GAME), doc_id, f.round, f.table,
                            [f.home, f.away or ""], level * 4, None, pace=state["pace"]) for f in fixtures]
        due_matches = {m["match"]: m for m in tournament.matches()}
        return [partial(match_table, self.tables, doc_id, due_matches[k], level * 2, pace=state["pace"])
                for k in batch.to_play]

    def pause(self, doc_id: str) -> None:
        """The organiser pauses the bots: the games in play finish, none start after them."""
        timer = self.timers.pop(doc_id, None)
        if timer is not None:
            timer.cancel()


async def pause_bots(carrier: Carrier, tournaments: Tournaments, doc_id: str, add: Callable[[str, dict[str, Any]], Any],
                     load: Callable[[str], Any]) -> None:
    """The organiser pauses the bots: noted in the tournament's log (so a restart does not let them go on)."""
    async with starting(doc_id):
        if (await asyncio.to_thread(load, doc_id)).bots()["playing"]:
            await asyncio.to_thread(add, doc_id, {"kind": "bots", "playing": False, "meta": {"at": carrier.clock()}})
        carrier.pause(doc_id)


async def fixture_table(tables: Any, game: GameDescriptor, doc_id: str, round: int, table: int,
                        teams: list[str], seats: list[Seat], variant: dict[str, object] | None,
                        seed: int | None, pace: str | None = None) -> TableMade:
    """A drive fixture's table: Home at A1 and A2 (seats 0, 2), Away at B1 and B2, named by team.  ``pace``: the
    bots' (of a table the bots carry on by themselves), noted in its meta; at ``watch`` they wait ``WATCH`` times
    the server's usual pause before each card."""
    named = [s.model_copy(update={"name": s.name or f"{teams[i % 2]} {i // 2 + 1}"}) for i, s in enumerate(seats)]
    meta: dict[str, Any] = {"drive": doc_id, "round": round, "table": table, **({"pace": pace} if pace else {})}
    made = cast(TableMade, await tables.open(game, named, variant, seed, listed=True, open_seats=False, meta=meta))
    if pace is not None:
        live = await tables.get(made.id)
        live.bot_delay = pace_seconds(pace, tables.bot_delay)
    return made


async def match_table(tables: Any, doc_id: str, m: dict[str, Any], seats: list[Seat], seed: int | None,
                      pace: str | None = None) -> TableMade:
    """A cycle match's table: the blue player in seat 0 (P1).  ``pace``: the bots' (of a table the bots carry on
    by themselves), noted in its meta; at ``watch`` they race ``WATCH`` times slower than at a live table's usual
    pace, as a drive's bots wait ``WATCH`` times as long before each card."""
    if len(seats) == 2:                                 # else the table says how many Biggles takes
        seats = [s.model_copy(update={"name": s.name or (m["blue"], m["red"])[i]}) for i, s in enumerate(seats)]
    meta: dict[str, Any] = {"cycle": doc_id, "match": m["match"], "blue": m["blue"], "red": m["red"],
                            **({"pace": pace} if pace else {})}
    made = cast(TableMade, await tables.open(game_by_id("biggles"), seats, dict(ONE_MATCH), seed, listed=True,
                                             open_seats=False, meta=meta))
    if pace is not None:
        live = await tables.get(made.id)
        live.set_race_pace(race_pace(pace))
    return made
