"""Drive games played in Parlour: one Football Whist match per fixture.

At every table the Home team sits as partnership A (seats 0 and 2, A1 and
A2) and the visitors as partnership B (seats 1 and 3), so a match's goals
``{"A": h, "B": a}`` are the Home and Away goals of the fixture.  Each match
gets its own seed, worked out from the drive's seed, the round and the table,
so a drive played again with the same seed is the same drive, and any one
match can be replayed on its own.
"""

from __future__ import annotations

import hashlib
from contextlib import nullcontext
from typing import Any, Mapping

from parlour.bots import default_bot, make_bot
from parlour.engine.errors import ParlourError
from parlour.engine.record import GameRecord, record_of
from parlour.games import get_game
from parlour.sim import play_game
from parlour.sim.backends import Backend, LocalBackend
from parlour.sim.runs import chunk_size_for
from parlour.tournaments.drive import Drive, Fixture

GAME_ID = "football-whist"
HOME, AWAY = "A", "B"


def derive_seed(*parts: Any) -> int:
    """A 63-bit seed from any parts, the same on every machine (Python's own hash is salted)."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def match_seed(drive_seed: int, round: int, table: int) -> int:
    return derive_seed("drive", drive_seed, round, table)


def match_seats(fixture: Fixture, players: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """Seat entries for the match's record: who sits where, for which team."""
    if fixture.is_bye:
        raise ParlourError(f"round {fixture.round}, table {fixture.table}: {fixture.home} have a bye")
    players = players or {}
    names = get_game(GAME_ID).seat_names(4)
    return [{"name": names[s], "team": fixture.home if s % 2 == 0 else fixture.away,
             **({"player": players[s]} if s in players else {})} for s in range(4)]


def new_match(drive: Drive, round: int, table: int, seed: int | None, variant: dict[str, Any] | None = None) -> Any:
    """A fresh Football Whist state for one fixture, for people (and bots) to play through the engine."""
    if drive.fixture(round, table).is_bye:
        raise ParlourError(f"round {round}, table {table}: a bye has no match")
    game = get_game(GAME_ID)
    return game.new_state(seats=4, variant=game.variant(variant or {}), seed=seed)


def goals_of(state: Any) -> tuple[int, int]:
    """(home goals, away goals) of a finished match."""
    if not state.is_over:
        raise ParlourError("the match is not over yet: its result cannot be entered")
    goals = state.result()["goals"]
    return goals[HOME], goals[AWAY]


def enter_match(drive: Drive, round: int, table: int, state: Any, meta: dict[str, Any] | None = None) -> None:
    """Enter a finished match as the fixture's result (or as a correction if it already has one)."""
    home, away = goals_of(state)
    enter = drive.correct if drive.result(round, table) else drive.enter
    enter(round, table, home, away, meta={"source": "parlour", "seed": state.seed, **(meta or {})})


def play_drive(drive: Drive, seed: int, *, bots: str | Mapping[str, str] | None = None,
               variant: dict[str, Any] | None = None, keep_records: bool = False,
               backend: Backend | None = None) -> list[GameRecord]:
    """Play every game still without a result with bots, entering each result in round order.

    ``bots`` is one bot name for every team, or a name per team (missing teams
    get the game's own bot).  The matches are shared out in chunks on
    ``backend`` (``parlour.sim.backends``; by default this process): each has
    its own seeds, so the drive is the same on any backend.  Returns the
    match records when ``keep_records``.
    """
    game = get_game(GAME_ID)
    default = default_bot(game)
    chosen = {t: bots if isinstance(bots, str) else (bots or {}).get(t, default) for t in drive.teams}
    if isinstance(bots, Mapping):
        unknown = sorted(set(bots) - set(drive.teams))
        if unknown:
            raise ParlourError(f"bots named for a team not in the drive: {unknown[0]!r}")
    for name in set(chosen.values()):
        make_bot(game, name, 0)                            # an unknown bot is refused before any match is played
    chosen_variant = game.variant(variant or {})
    matches = []
    for fixture in drive.pending():
        assert fixture.away is not None                    # pending() has no byes
        teams = (fixture.home, fixture.away, fixture.home, fixture.away)
        matches.append((fixture, tuple(chosen[t] for t in teams)))
    records = []
    with nullcontext(backend) if backend is not None else LocalBackend() as on:
        size = chunk_size_for(len(matches), on.parallelism)
        chunks = [(drive.title, seed, chosen_variant, keep_records, matches[i:i + size])
                  for i in range(0, len(matches), size)]
        for played in on.map(play_matches, chunks):
            for fixture, home, away, record in played:
                drive.enter(fixture.round, fixture.table, home, away,
                            meta={"source": "bots", "seed": match_seed(seed, fixture.round, fixture.table)})
                if record is not None:
                    records.append(record)
    return records


def play_matches(chunk: tuple[str, int, dict[str, Any], bool, list[tuple[Fixture, tuple[str, ...]]]]
                 ) -> list[tuple[Fixture, int, int, GameRecord | None]]:
    """Some fixtures' matches between bots, wherever the backend plays them: (fixture, home, away, record)."""
    title, seed, variant, keep_records, matches = chunk
    game = get_game(GAME_ID)
    played = []
    for fixture, names in matches:
        mseed = match_seed(seed, fixture.round, fixture.table)
        players = [make_bot(game, name, s, derive_seed(mseed, s)) for s, name in enumerate(names)]
        state = play_game(game, players, seats=4, seed=mseed, variant=variant)
        home, away = goals_of(state)
        record = None
        if keep_records:
            seats = match_seats(fixture, {s: f"bot:{name}" for s, name in enumerate(names)})
            record = record_of(state, seats, meta={"drive": title, "round": fixture.round, "table": fixture.table})
        played.append((fixture, home, away, record))
    return played


def simulate_drive(teams: list[str], seed: int, *, rounds: int | None = None, bots: str | None = None,
                   title: str = "Football Whist Drive", backend: Backend | None = None) -> Drive:
    """A whole drive between bots, from registration to the last game."""
    drive = Drive(teams, rounds, title=title)
    play_drive(drive, seed, bots=bots, backend=backend)
    return drive
