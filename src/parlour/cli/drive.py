"""``parlour drive``: the Football Whist Drive from the command line.

A thin edge like the rest of ``parlour.cli``: it names the teams, has the bots play the drive
(``parlour.tournaments.drive_play``) and prints what the drive works out.
Errors a person can fix are one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Optional, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from parlour.engine.errors import ParlourError
from parlour.engine.words import plural
from parlour.tournaments.drive import Drive
from parlour.tournaments.drive_card import card_html

if TYPE_CHECKING:
    from parlour.store.tournaments import Tournaments

T = TypeVar("T")

drive_app = typer.Typer(help="The International Football Whist Drive: a league night of many tables.",
                        no_args_is_help=True, add_completion=False)
console = Console()
errors = Console(stderr=True)

#: clubs of the 1946-47 Football League, for drives whose teams are not named
CLUBS = (
    "Aston Villa", "Charlton Athletic", "Queens Park Rangers", "Swansea Town", "Arsenal", "Blackpool",
    "Preston North End", "Wolverhampton Wanderers", "Derby County", "Manchester United", "Sunderland",
    "Everton", "Liverpool", "Stoke City", "Burnley", "Portsmouth", "Bolton Wanderers", "Huddersfield Town",
    "Chelsea", "Grimsby Town", "Blackburn Rovers", "Middlesbrough", "Sheffield United", "Leeds United",
)
MAX_TEAMS = 64


def _fail(message: str) -> NoReturn:
    errors.print(Text(f"error: {message}", style="bold red"))
    raise typer.Exit(2)


def _teams(count: Optional[int], names: Optional[str]) -> list[str]:
    if names:
        return [n.strip() for n in names.split(",")]
    if count is None or not 2 <= count <= MAX_TEAMS:
        _fail(f"--teams takes a number from 2 to {MAX_TEAMS} (or name them with --names)")
    return [CLUBS[i] if i < len(CLUBS) else f"Team {i + 1}" for i in range(count)]


def _simulated(teams: Optional[int], names: Optional[str], seed: int, rounds: Optional[int],
               bots: Optional[str], workers: int = 1, backend: str = "local", address: Optional[str] = None) -> Drive:
    from parlour.sim.backends import make_backend
    from parlour.tournaments.drive_play import play_drive

    try:
        drive = Drive(_teams(teams, names), rounds)
        with make_backend(backend, workers=workers, address=address) as on:
            play_drive(drive, seed, bots=bots, backend=on)
    except ParlourError as error:
        _fail(str(error))
    return drive


DATABASE = typer.Option(None, "--database", help="SQLAlchemy URL (default: the web app's SQLite file).")
def _league(summary: dict[str, Any], title: str) -> Table:
    table = Table("", "team", "P", "W", "D", "L", "bye", "F", "A", "avg", "pts", title=title)
    for r in summary["table"]:
        table.add_row(str(r["position"]), r["team"], *(str(r[k]) for k in ("played", "won", "drawn", "lost", "byes",
                      "goals_for", "goals_against")), r["goal_average_text"], str(r["points"]))
    return table


TEAMS = typer.Option(None, "--teams", help="How many teams (pairs); named after old Football League clubs.")
NAMES = typer.Option(None, "--names", help="The teams' names instead, comma-separated, in registration order.")
SEED = typer.Option(0, "--seed", help="Fixes every match: the same seed plays the same drive.")
ROUNDS = typer.Option(None, "--rounds", help="Games each team plays (default: one full cycle of the tables).")
BOTS = typer.Option(None, "--bots", help="Bot for every seat: heuristic (default) or random.")
WORKERS = typer.Option(1, "--workers", min=1, max=256, help="Processes to share the matches (the drive is the same).")
BACKEND = typer.Option("local", "--backend", help="Where matches are played: local (--workers processes) or ray.")
ADDRESS = typer.Option(None, "--address", help="The Ray cluster to use (HOST:PORT, or auto), with --backend ray.")


@drive_app.command("simulate")
def simulate(
    teams: Optional[int] = TEAMS, names: Optional[str] = NAMES, seed: int = SEED, rounds: Optional[int] = ROUNDS,
    bots: Optional[str] = BOTS, workers: int = WORKERS, backend: str = BACKEND, address: Optional[str] = ADDRESS,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Play a whole drive between bots; print the league table, the champions and the Cup holders."""
    drive = _simulated(teams, names, seed, rounds, bots, workers, backend, address)
    summary = drive.summary()
    if as_json:
        keys = ("position", "team", "side", "played", "won", "drawn", "lost", "byes", "goals_for", "goals_against",
                "points", "goal_average")
        print(json.dumps({"seed": seed, "teams": summary["teams"], "tables": summary["tables"],
                          "rounds": summary["rounds"], "table": [{k: r[k] for k in keys} for r in summary["table"]],
                          "champions": summary["champions"], "cup_holder": summary["cup_holder"],
                          "cup_path": summary["cup"]["path"]}, indent=1))
        return
    counts = f"{plural(len(drive.teams), 'team')}, {plural(drive.rounds, 'round')}"
    console.print(_league(summary, f"{drive.title}: {counts}, seed {seed}"))
    console.print(Text(f"League Champions: {' and '.join(summary['champions'])}", style="bold"))
    for step in summary["cup"]["path"]:
        console.print(f"Cup, round {step['round']}: {step['to']} take it ({step['score']})")
    console.print(Text(f"Cup Winners: {summary['cup_holder'] or 'nobody (every game at table 1 was drawn)'}",
                       style="bold"))


@drive_app.command("card")
def card(
    team: str = typer.Option(..., "--team", help="The team whose card to print."),
    out: Path = typer.Option(..., "--out", help="Where to write the card: an HTML page to print, or a .pdf file."),
    drive_id: Optional[str] = typer.Option(None, "--drive",
                                           help="A drive kept in the database (else one played by bots)."),
    database: Optional[str] = DATABASE,
    teams: Optional[int] = TEAMS, names: Optional[str] = NAMES, seed: int = SEED, rounds: Optional[int] = ROUNDS,
    bots: Optional[str] = BOTS,
) -> None:
    """Write one team's fixture card as a printable HTML page: of a stored drive, or of one played by bots."""
    drive = _stored(database, lambda t: t.drive(drive_id)) if drive_id else _simulated(teams, names, seed, rounds, bots)
    try:
        page = card_html(drive.card(team))
        if out.suffix.lower() == ".pdf":
            from parlour.tournaments.printing import pdf

            out.write_bytes(pdf([page]))
        else:
            out.write_text(page, encoding="utf-8")
    except ParlourError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot write {out}: {error.strerror or error}")
    console.print(f"Card for {drive.team(team)} written to {out}")


@drive_app.command("schedule")
def schedule(
    teams: Optional[int] = TEAMS, names: Optional[str] = NAMES, rounds: Optional[int] = ROUNDS,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Show the movement: who plays whom at which table in every round."""
    try:
        drive = Drive(_teams(teams, names), rounds)
    except ParlourError as error:
        _fail(str(error))
    plan = [[f.to_dict() for f in games] for games in drive.schedule()]
    if as_json:
        print(json.dumps({"tables": drive.tables, "rounds": plan}, indent=1))
        return
    for number, games in enumerate(plan, 1):
        console.print(Text(f"Round {number}", style="bold"))
        for f in games:
            console.print(f"  table {f['table']} ({f['ground']}): {f['home']} v {f['away'] or '- bye -'}")


# -- drives kept in the database, as the web app keeps them ---------------------------
def _stored(database: Optional[str], action: Callable[["Tournaments"], T]) -> T:
    """Run ``action`` on the database's tournaments; a refused entry or unknown drive is one line on stderr."""
    from parlour.store import Store
    from parlour.store.tournaments import Tournaments

    try:
        return action(Tournaments(Store(database)))
    except ParlourError as error:
        _fail(str(error))


def _show(drive: Drive, drive_id: str, as_json: bool) -> None:
    summary = drive.summary()
    if as_json:
        fixtures = []
        for games in drive.schedule():
            for f in games:
                res = drive.result(f.round, f.table)
                fixtures.append({**f.to_dict(), "home_goals": res and res.home_goals,
                                 "away_goals": res and res.away_goals})
        print(json.dumps({"id": drive_id, **summary, "fixtures": fixtures}, indent=1))
        return
    counts = f"{plural(len(drive.teams), 'team')}, {plural(drive.rounds, 'round')}"
    console.print(_league(summary, f"{drive.title} ({drive_id}): {counts}"))
    for games in drive.schedule():
        for f in games:
            res = drive.result(f.round, f.table)
            score = "bye" if f.is_bye else f"{res.home_goals}-{res.away_goals}" if res else "to play"
            console.print(f"  round {f.round}, table {f.table}: {f.home} v {f.away or '-'}  {score}")
    cup = summary["cup"]
    console.print(Text(f"Cup {'Winners' if cup['final'] else 'held by'}: {cup['holder'] or 'nobody yet'}",
                       style="bold"))
    if summary["complete"]:
        console.print(Text(f"League Champions: {' and '.join(summary['champions'])}", style="bold"))


@drive_app.command("create")
def create(
    teams: Optional[int] = TEAMS, names: Optional[str] = NAMES, rounds: Optional[int] = ROUNDS,
    title: str = typer.Option("Football Whist Drive", "--title"), database: Optional[str] = DATABASE,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Register a drive's teams in the database (it then shows on the web app's Tournaments page).

    Prints the drive's organiser key, given this once: the web page's changes need it (open
    /drives/ID#organiser=KEY).  These commands need none: they work on the database itself.
    """
    config = {"teams": _teams(teams, names), "title": title, **({"rounds": rounds} if rounds else {})}

    def made(t: "Tournaments") -> tuple[str, str]:
        drive_id = t.create_drive(config)
        return drive_id, t.store.new_owner_key(drive_id)

    drive_id, key = _stored(database, made)
    link = f"/drives/{drive_id}#organiser={key}"
    print(json.dumps({"id": drive_id, "key": key, "organiser": link}) if as_json else
          f"Drive {drive_id} created: parlour drive show {drive_id}\n"
          f"Organiser link (keep it: it lets its holder change the drive in the web app): {link}")


@drive_app.command("key")
def key(
    doc_id: str = typer.Argument(..., metavar="ID"), database: Optional[str] = DATABASE,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """A new organiser key for a drive or cycle (one made before keys, or whose link was lost); the old one stops
    working.  Prints the organiser link."""
    from parlour.store.tournaments import CYCLE

    def renew(t: "Tournaments") -> tuple[str, str]:
        kind, _, _ = t.store.load_document(doc_id)
        return f"/{'cycles' if kind == CYCLE else 'drives'}/{doc_id}", t.store.new_owner_key(doc_id)

    page, new_key = _stored(database, renew)
    link = f"{page}#organiser={new_key}"
    print(json.dumps({"id": doc_id, "key": new_key, "organiser": link}) if as_json else f"Organiser link: {link}")


@drive_app.command("record")
def record(
    drive_id: str = typer.Argument(..., metavar="DRIVE"),
    round: int = typer.Option(..., "--round"), table: int = typer.Option(..., "--table"),
    score: Optional[str] = typer.Option(None, "--score", help="Home goals-away goals, e.g. 3-1."),
    correct: bool = typer.Option(False, "--correct", help="Replace the result already entered."),
    void: bool = typer.Option(False, "--void", help="Withdraw the result entered for this game."),
    database: Optional[str] = DATABASE, as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Enter a game's result by hand (or correct or withdraw one); the league table follows."""
    if void:
        entry = {"kind": "void", "round": round, "table": table}
    else:
        home, sep, away = (score or "").partition("-")
        if not sep or not home.strip().isdigit() or not away.strip().isdigit():
            _fail("--score is the home and away goals, such as 3-1")
        entry = {"kind": "correction" if correct else "result", "round": round, "table": table,
                 "home_goals": int(home), "away_goals": int(away)}
    drive = _stored(database, lambda t: t.add_drive_entry(drive_id, {**entry, "meta": {"source": "organiser"}}))
    _show(drive, drive_id, as_json)


@drive_app.command("play")
def play(
    drive_id: str = typer.Argument(..., metavar="DRIVE"), seed: int = SEED,
    bots: str = typer.Option("heuristic", "--bots"),
    database: Optional[str] = DATABASE, as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Bots play every game still without a result; each match is kept, replayable in the web app."""
    drive = _stored(database, lambda t: t.play_pending(drive_id, seed, bots))
    _show(drive, drive_id, as_json)


@drive_app.command("show")
def show(
    drive_id: str = typer.Argument(..., metavar="DRIVE"), database: Optional[str] = DATABASE,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The league table, every fixture with its score, and the Cup."""
    _show(_stored(database, lambda t: t.drive(drive_id)), drive_id, as_json)
