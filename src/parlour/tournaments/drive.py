"""The International Football Whist Drive: a league night of many tables.

Everything here is pure data in, data out, so that a database can keep a drive
as its settings plus an append-only list of entries and rebuild it at will:

- the *config*: a title, the teams in the order they registered, the number
  of rounds and what a bye is worth;
- the *entries*: results as the organiser enters them (or as bots play them),
  corrections that replace an earlier result, and voids that withdraw one.

From these the drive derives the movement (who plays whom where), the league
table, the champions, the Cup's journey and each team's fixture card.  Nothing
derived is stored, so a correction changes every figure that depends on it.

The rulings (who is Home, byes, rounds, goal average, the Cup's first holder)
are explained with their reasons in ``docs/drive.md``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, cast

from parlour.engine.errors import ParlourError
from parlour.tournaments.carrying import BOTS, bots_state, clean_bots_entry

FORMAT = "parlour-drive"
VERSION = 1
WIN, DRAW = 2, 1
#: what a card marks for a game: W., D. or L.
CARD_POINTS = {"W": WIN, "D": DRAW, "L": 0}
#: a Football Whist match has 22 tricks and each trick's move scores at most one goal
MAX_GOALS = 22
#: a night's limits: 24 tables, and as many rounds as a night can hold (a round is a whole match);
#: a fixture card holds every round on one printed sheet up to these
MAX_TEAMS = 48
MAX_ROUNDS = 24
MAX_NAME = 60
KINDS = ("result", "correction", "void")


class DriveError(ParlourError):
    """Drive data or an entry that cannot be accepted; the message says what to fix."""


@dataclass(frozen=True)
class Fixture:
    """One game of one round: ``away`` is None when the Home team has a bye."""

    round: int
    table: int
    ground: str
    home: str
    away: str | None

    @property
    def is_bye(self) -> bool:
        return self.away is None

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "table": self.table, "ground": self.ground, "home": self.home,
                "away": self.away, "bye": self.is_bye}


@dataclass(frozen=True)
class Result:
    home_goals: int
    away_goals: int
    corrected: bool = False
    meta: dict[str, Any] | None = None


def goal_average(goals_for: int, goals_against: int) -> tuple[int, Fraction]:
    """A sort key for goal average (bigger is better), exact rather than floating.

    Goals for divided by goals against.  A team that has conceded none ranks
    above every team that has, and among such teams more goals scored is
    better (the limit of x/a against y/a as a shrinks).  Nothing for and
    nothing against counts as 1, the average of any team whose goals are level.
    """
    if goals_against == 0:
        return (1, Fraction(goals_for)) if goals_for else (0, Fraction(1))
    return (0, Fraction(goals_for, goals_against))


def goal_average_text(goals_for: int, goals_against: int) -> str:
    key = goal_average(goals_for, goals_against)
    return "inf" if key[0] else f"{float(key[1]):.3f}"


class Drive:
    """A whist drive built from its config and entries; see the module docstring.

    Tables are numbered from 1; table *k* is the home ground of the *k*-th Home
    team and carries its name.  Teams registered 1st, 3rd, 5th ... are Home,
    2nd, 4th, 6th ... Away; Away teams move to the next table number after
    every game (the last table's visitors go to table 1).
    """

    def __init__(self, teams: Iterable[str], rounds: int | None = None, *, title: str = "Football Whist Drive",
                 bye_points: int = DRAW):
        self.teams = tuple(_check_teams(teams))
        self.title = _check_text(title, "the title")
        self.home_teams = self.teams[0::2]
        self.away_teams = self.teams[1::2]
        self.cycle = len(self.home_teams)
        self.rounds = self.cycle if rounds is None else _check_int(rounds, "rounds", 1, MAX_ROUNDS)
        self.bye_points = _check_int(bye_points, "bye_points", 0, WIN)
        self._entries: list[dict[str, Any]] = []
        self._results: dict[tuple[int, int], Result] = {}

    # -- the movement ----------------------------------------------------------
    @property
    def tables(self) -> list[dict[str, Any]]:
        return [{"table": k, "ground": home, "home": home} for k, home in enumerate(self.home_teams, 1)]

    def fixture(self, round: int, table: int) -> Fixture:
        round = _check_int(round, "round", 1, self.rounds)
        table = _check_int(table, "table", 1, self.cycle)
        # Away team j starts at table j + 1 and moves on one table a round; the empty
        # seat of an odd drive travels the same way, starting at the last table.
        start = (table - 1 - (round - 1)) % self.cycle
        away = self.away_teams[start] if start < len(self.away_teams) else None
        home = self.home_teams[table - 1]
        return Fixture(round, table, home, home, away)

    def schedule(self) -> list[list[Fixture]]:
        return [[self.fixture(r, t) for t in range(1, self.cycle + 1)] for r in range(1, self.rounds + 1)]

    def fixtures_of(self, team: str) -> list[Fixture]:
        team = self.team(team)
        return [f for games in self.schedule() for f in games if team in (f.home, f.away)]

    def team(self, name: str) -> str:
        """The registered spelling of a team's name, matched without regard to case."""
        wanted = str(name).strip().casefold()
        for team in self.teams:
            if team.casefold() == wanted:
                return team
        raise DriveError(f"no team called {name!r} in this drive")

    # -- entries ---------------------------------------------------------------
    @property
    def entries(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self._entries]

    def enter(self, round: int, table: int, home_goals: int, away_goals: int, *, meta: dict | None = None) -> None:
        """Enter a game's result; a second result for the same game must be a correction."""
        self.add_entry({"kind": "result", "round": round, "table": table, "home_goals": home_goals,
                        "away_goals": away_goals, **({"meta": meta} if meta else {})})

    def correct(self, round: int, table: int, home_goals: int, away_goals: int, *, meta: dict | None = None) -> None:
        """Replace a result already entered; everything derived follows."""
        self.add_entry({"kind": "correction", "round": round, "table": table, "home_goals": home_goals,
                        "away_goals": away_goals, **({"meta": meta} if meta else {})})

    def void(self, round: int, table: int, *, meta: dict | None = None) -> None:
        """Withdraw a result entered for the wrong game, so the game counts as not yet played."""
        self.add_entry({"kind": "void", "round": round, "table": table, **({"meta": meta} if meta else {})})

    def add_entry(self, entry: Any) -> None:
        """Check one entry against the drive as it stands, then append it (the only way results change)."""
        if not isinstance(entry, dict):
            raise DriveError("an entry is an object with kind, round and table")
        kind = entry.get("kind")
        if kind == BOTS:                   # the bots let play or paused: no result changes (``carrying``)
            self._entries.append(clean_bots_entry(entry, self._entries, DriveError))
            return
        if kind not in KINDS:
            raise DriveError(f"an entry's kind is one of {', '.join(KINDS)}, not {kind!r}")
        allowed = {"kind", "round", "table", "meta"} | ({"home_goals", "away_goals"} if kind != "void" else set())
        extra = sorted(set(entry) - allowed)
        if extra:
            raise DriveError(f"a {kind} entry has no field {extra[0]!r}")
        fixture = self.fixture(cast(int, entry.get("round")), cast(int, entry.get("table")))     # checked there
        where = f"round {fixture.round}, table {fixture.table} ({fixture.ground})"
        if fixture.is_bye:
            raise DriveError(f"{where}: {fixture.home} have a bye, there is no game to score")
        meta = entry.get("meta")
        if meta is not None and not isinstance(meta, dict):
            raise DriveError(f"{where}: an entry's meta is an object")
        key = (fixture.round, fixture.table)
        if kind == "result" and key in self._results:
            raise DriveError(f"{where} already has a result; enter a correction to change it")
        if kind != "result" and key not in self._results:
            raise DriveError(f"{where} has no result yet to {'correct' if kind == 'correction' else 'void'}")
        clean = {"kind": kind, "round": fixture.round, "table": fixture.table}
        if kind == "void":
            del self._results[key]
        else:
            # (named by team, as the organiser typed them: "away_goals" read as a code, review 27b)
            home = _check_int(entry.get("home_goals"), f"{where}: {fixture.home}'s goals", 0, MAX_GOALS)
            away = _check_int(entry.get("away_goals"), f"{where}: {fixture.away}'s goals", 0, MAX_GOALS)
            if home + away > MAX_GOALS:
                raise DriveError(f"{where}: {home} + {away} goals is more than a match's {MAX_GOALS} tricks can score")
            clean.update(home_goals=home, away_goals=away)
            self._results[key] = Result(home, away, kind == "correction", meta)
        if meta is not None:
            clean["meta"] = meta
        self._entries.append(clean)

    def bots(self) -> dict[str, Any]:
        """Whether the bots carry the drive on by themselves (``carrying.bots_state``)."""
        return bots_state(self._entries)

    def result(self, round: int, table: int) -> Result | None:
        return self._results.get((round, table))

    @property
    def is_complete(self) -> bool:
        return all(f.is_bye or (f.round, f.table) in self._results for games in self.schedule() for f in games)

    def pending(self) -> list[Fixture]:
        """Games still without a result, in the order they are played."""
        return [f for games in self.schedule() for f in games
                if not f.is_bye and (f.round, f.table) not in self._results]

    # -- the league table --------------------------------------------------------
    def standings(self) -> list[dict[str, Any]]:
        """The league table: points, then goal average; teams level on both share a position."""
        rows: dict[str, dict[str, Any]] = {
            t: {"team": t, "side": "home" if t in self.home_teams else "away", "played": 0, "won": 0,
                "drawn": 0, "lost": 0, "byes": 0, "goals_for": 0, "goals_against": 0, "points": 0}
            for t in self.teams}
        for games in self.schedule():
            # A bye counts once the rest of its round is played, so a live table never scores a round ahead.
            round_done = all((f.round, f.table) in self._results for f in games if not f.is_bye)
            for f in games:
                if f.is_bye:
                    if not round_done:
                        continue
                    rows[f.home]["byes"] += 1
                    rows[f.home]["points"] += self.bye_points
                    continue
                res = self._results.get((f.round, f.table))
                if res is None:
                    continue
                assert f.away is not None                      # not a bye
                sides = ((f.home, res.home_goals, res.away_goals), (f.away, res.away_goals, res.home_goals))
                for team, gf, ga in sides:
                    row = rows[team]
                    row["played"] += 1
                    row["goals_for"] += gf
                    row["goals_against"] += ga
                    outcome = "won" if gf > ga else "lost" if gf < ga else "drawn"
                    row[outcome] += 1
                    row["points"] += WIN if outcome == "won" else DRAW if outcome == "drawn" else 0
        key = {t: (r["points"], goal_average(r["goals_for"], r["goals_against"])) for t, r in rows.items()}
        # Sorting is stable (reverse included), so teams level on both keep their order of registration.
        ranked = sorted(rows, key=key.__getitem__, reverse=True)
        table: list[dict[str, Any]] = []
        for i, team in enumerate(ranked):
            row = rows[team]
            average = goal_average(row["goals_for"], row["goals_against"])
            row["goal_average"] = None if average[0] else round(float(average[1]), 3)
            row["goal_average_text"] = goal_average_text(row["goals_for"], row["goals_against"])
            row["position"] = table[-1]["position"] if i and key[ranked[i - 1]] == key[team] else i + 1
            table.append(row)
        return table

    def champions(self) -> list[str]:
        """The teams at the top on points and goal average: usually one, shared if the sheet cannot part them."""
        return [row["team"] for row in self.standings() if row["position"] == 1]

    # -- the Cup -----------------------------------------------------------------
    def cup(self) -> dict[str, Any]:
        """The travelling trophy: it stands on table 1 until a pair wins a game there, then goes with
        its holders until they lose; a draw or a bye leaves it where it is."""
        holder: str | None = None
        path: list[dict[str, Any]] = []
        held_after: list[str | None] = []
        #: every round the Cup's game is decided in, won or not (the path lists only its changes of hands): the
        #: round, where, the score or None (a bye), who held it before and after
        journey: list[dict[str, Any]] = []
        for r in range(1, self.rounds + 1):
            game = self.fixture(r, 1) if holder is None else self._game_of(holder, r)
            if game.is_bye:
                journey.append({"round": r, "table": game.table, "ground": game.ground, "score": None,
                                "from": holder, "to": holder})
            else:
                res = self._results.get((game.round, game.table))
                if res is None:
                    break
                before = holder
                if res.home_goals != res.away_goals:
                    winner = game.home if res.home_goals > res.away_goals else game.away
                    if winner != holder:
                        path.append({"round": r, "table": game.table, "ground": game.ground, "from": holder,
                                     "to": winner,
                                     "score": f"{game.home} {res.home_goals}–{res.away_goals} {game.away}"})
                        holder = winner
                journey.append({"round": r, "table": game.table, "ground": game.ground, "from": before, "to": holder,
                                "score": f"{game.home} {res.home_goals}–{res.away_goals} {game.away}"})
            held_after.append(holder)
        return {"holder": holder, "path": path, "journey": journey, "held_after_round": held_after,
                "decided_through": len(held_after), "final": len(held_after) == self.rounds}

    def _game_of(self, team: str, round: int) -> Fixture:
        if team in self.home_teams:
            return self.fixture(round, self.home_teams.index(team) + 1)
        start = self.away_teams.index(team)
        return self.fixture(round, (start + round - 1) % self.cycle + 1)

    # -- summaries, cards ----------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Everything a page or the CLI shows: the table, champions, the Cup, what is left to play."""
        cup = self.cup()
        return {"title": self.title, "teams": len(self.teams), "tables": self.cycle, "rounds": self.rounds,
                "complete": self.is_complete, "pending": len(self.pending()), "table": self.standings(),
                "champions": self.champions(), "cup_holder": cup["holder"], "cup": cup}

    def card(self, team: str) -> dict[str, Any]:
        """A team's fixture card as data, one row per round (``drive_card.card_html`` lays it out to print).

        A game without a result yet has its goals, marks and points left as None.
        """
        team = self.team(team)
        side = "home" if team in self.home_teams else "away"
        rows, total = [], 0
        for f in self.fixtures_of(team):
            row: dict[str, Any] = {"round": f.round, "table": f.table, "ground": f.ground, "at_home": f.home == team,
                                   "opponent": None, "bye": f.is_bye, "goals_for": None, "goals_against": None,
                                   "mark": None, "points": None, "total": None}
            if f.is_bye:
                total += self.bye_points
                row.update(mark="bye", points=self.bye_points, total=total)
            else:
                row["opponent"] = f.away if f.home == team else f.home
                res = self.result(f.round, f.table)
                if res is not None:
                    gf, ga = (res.home_goals, res.away_goals) if f.home == team else (res.away_goals, res.home_goals)
                    mark = "W" if gf > ga else "L" if gf < ga else "D"
                    total += CARD_POINTS[mark]
                    row.update(goals_for=gf, goals_against=ga, mark=mark, points=CARD_POINTS[mark], total=total)
            rows.append(row)
        table = self.home_teams.index(team) + 1 if side == "home" else None
        return {"title": self.title, "team": team, "side": side, "table": table, "rows": rows, "total": total,
                "outcome": self._outcome(team) if self.is_complete else None}

    def _outcome(self, team: str) -> dict[str, Any]:
        """How the drive ended for ``team``, for the foot of its card: its final position in the league (``of``
        teams; ``shared`` when level with another on points and goal average), and the Cup: ``held`` at the end
        (the Cup Winners), else the rounds in which it was ``won`` and ``lost`` (empty: never held)."""
        standings = self.standings()
        position = next(r["position"] for r in standings if r["team"] == team)
        cup = self.cup()
        return {"position": position, "of": len(standings),
                "shared": sum(1 for r in standings if r["position"] == position) > 1,
                "cup_held": cup["holder"] == team,
                "cup_won": [p["round"] for p in cup["path"] if p["to"] == team],
                "cup_lost": [p["round"] for p in cup["path"] if p["from"] == team]}

    # -- to and from JSON ----------------------------------------------------------
    def config(self) -> dict[str, Any]:
        return {"title": self.title, "teams": list(self.teams), "rounds": self.rounds, "bye_points": self.bye_points}

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "config": self.config(), "entries": self.entries}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_config(cls, config: Any) -> "Drive":
        if not isinstance(config, dict):
            raise DriveError("a drive's config is an object with its teams")
        extra = sorted(set(config) - {"title", "teams", "rounds", "bye_points"})
        if extra:
            raise DriveError(f"a drive's config has no field {extra[0]!r}")
        teams = cast("list[str]", config.get("teams"))           # the drive judges what it is
        return cls(teams, config.get("rounds"), title=config.get("title", "Football Whist Drive"),
                   bye_points=config.get("bye_points", DRAW))

    @classmethod
    def from_dict(cls, data: Any, entries: Iterable[Any] | None = None) -> "Drive":
        """Rebuild a drive, checking every entry in order exactly as it was checked when entered.

        ``data`` is either the whole ``to_dict()`` object, or just the config with
        ``entries`` given apart (as a database keeping them as rows would).
        """
        if isinstance(data, dict) and "format" in data:
            if data["format"] != FORMAT:
                raise DriveError(f"not a Parlour drive (its \"format\" should be {FORMAT!r})")
            if data.get("version") != VERSION:
                raise DriveError(f"drive data version {data.get('version')!r} is not one this Parlour reads "
                                 f"({VERSION})")
            config, entries = data.get("config"), data.get("entries", []) if entries is None else entries
        else:
            config, entries = data, entries or []
        drive = cls.from_config(config)
        if not isinstance(entries, list):
            raise DriveError("a drive's entries are a list")
        for i, entry in enumerate(entries):
            try:
                drive.add_entry(entry)
            except DriveError as error:
                raise DriveError(f"entry {i}: {error}") from None
        return drive

    @classmethod
    def from_json(cls, text: str | bytes) -> "Drive":
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as error:
            raise DriveError(f"drive data is not JSON: {error}") from None
        return cls.from_dict(data)


def _check_int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DriveError(f"{what} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise DriveError(f"{what} must be from {low} to {high}, not {value}")
    return value


def _check_text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DriveError(f"{what} must be some text, not {value!r}")
    if len(value.strip()) > MAX_NAME:
        raise DriveError(f"{what} is longer than {MAX_NAME} characters")
    return value.strip()


def _check_teams(teams: Any) -> list[str]:
    if not isinstance(teams, (list, tuple)):
        raise DriveError("the teams are a list of names, in the order they registered")
    names = [_check_text(t, "a team's name") for t in teams]
    if len(names) < 2:
        raise DriveError("a drive needs at least two teams")
    if len(names) > MAX_TEAMS:
        raise DriveError(f"a drive takes at most {MAX_TEAMS} teams ({MAX_TEAMS // 2} tables), not {len(names)}")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise DriveError(f"two teams are called {name!r}: each team needs a name of its own")
        seen.add(name.casefold())
    return names
