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
from typing import Any, Mapping

from parlour.bots import make_bot
from parlour.engine.errors import ParlourError
from parlour.engine.record import GameRecord, record_of
from parlour.games import get_game
from parlour.sim import play_game
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
               variant: dict[str, Any] | None = None, keep_records: bool = False) -> list[GameRecord]:
    """Play every game still without a result with bots, in round order, entering each result.

    ``bots`` is one bot name for every team, or a name per team (missing teams
    get the game's own bot).  Returns the match records when ``keep_records``.
    """
    game = get_game(GAME_ID)
    default = next(iter(game.bots), "random")
    chosen = {t: bots if isinstance(bots, str) else (bots or {}).get(t, default) for t in drive.teams}
    if isinstance(bots, Mapping):
        unknown = sorted(set(bots) - set(drive.teams))
        if unknown:
            raise ParlourError(f"bots named for a team not in the drive: {unknown[0]!r}")
    chosen_variant = game.variant(variant or {})
    records = []
    for fixture in drive.pending():
        mseed = match_seed(seed, fixture.round, fixture.table)
        assert fixture.away is not None                    # pending() has no byes
        teams = [fixture.home, fixture.away, fixture.home, fixture.away]
        players = [make_bot(game, chosen[t], s, derive_seed(mseed, s)) for s, t in enumerate(teams)]
        state = play_game(game, players, seats=4, seed=mseed, variant=chosen_variant)
        home, away = goals_of(state)
        drive.enter(fixture.round, fixture.table, home, away, meta={"source": "bots", "seed": mseed})
        if keep_records:
            seats = match_seats(fixture, {s: f"bot:{chosen[t]}" for s, t in enumerate(teams)})
            records.append(record_of(state, seats, meta={"drive": drive.title, "round": fixture.round,
                                                          "table": fixture.table}))
    return records


def simulate_drive(teams: list[str], seed: int, *, rounds: int | None = None, bots: str | None = None,
                   title: str = "Football Whist Drive") -> Drive:
    """A whole drive between bots, from registration to the last game."""
    drive = Drive(teams, rounds, title=title)
    play_drive(drive, seed, bots=bots)
    return drive
