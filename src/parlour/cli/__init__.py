"""The ``parlour`` command: a thin edge over the games, bots and simulator.

Every command that prints results takes ``--json``; every command where
chance enters takes ``--seed``.  Errors a person can fix are printed in one
line and exit with status 2; nothing here decides a rule.
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from parlour.bots import bot_catalogue, bot_names as known_bots, default_bot, make_bot, own_bot
from parlour.cli.drive import drive_app
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError, RecordError
from parlour.engine.record import GameRecord, played_variant
from parlour.engine.words import plural
from parlour.games import GAMES, get_game, replay as replay_record

app = typer.Typer(
    help="Parlour: out-of-print card games, played faithfully.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True)
app.add_typer(drive_app, name="drive")


def _version(shown: bool) -> None:
    if shown:
        from parlour import __version__
        from parlour.compiled import describe

        print(f"parlour {__version__}, rules: {describe()}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version, and which form of the rules runs (compiled or the sources)."),
) -> None:
    pass


def _fail(message: str, code: int = 2) -> NoReturn:
    errors.print(Text(f"error: {message}", style="bold red"))
    raise typer.Exit(code)


def _variant(game: GameDescriptor, pairs: list[str]) -> dict[str, Any]:
    options = {o.name: o for o in game.variants}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in options:
            known = ", ".join(sorted(options)) or "none"
            _fail(f"--variant takes NAME=VALUE with NAME one of: {known}")
        out[name] = options[name].parse(value)
    return game.variant(out)


def _bots(game: GameDescriptor, spec: Optional[str], seats: int, default: str) -> list[str]:
    """The bots named (one for every seat, or one a seat), or ``default`` in every seat."""
    names = [n.strip() for n in spec.split(",")] if spec else [default]
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        _fail(f"--bots needs one name, or one per seat ({seats}), not {len(names)}")
    for name in names:
        try:
            make_bot(game, name, 0, 0)                     # refuses an unknown bot, or a bad budget, now
        except ParlourError as error:
            _fail(str(error))
    return names


@app.command("games")
def games_cmd(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the games, their seat counts, bots (weakest first) and variant options."""
    data: list[dict[str, Any]] = [
        {
            "id": g.id,
            "title": g.title,
            "rules_version": g.rules_version,
            "seats": list(g.seat_counts),
            "bots": known_bots(g),
            "bot_catalogue": bot_catalogue(g),
            "default_bot": default_bot(g),
            "summary": g.summary,
            "variants": [o.to_dict() for o in g.variants],
        }
        for g in GAMES.values()
    ]
    if as_json:
        print(json.dumps(data, indent=1))
        return
    for g in data:
        console.print(Text(f"{g['id']}: {g['title']} ({'/'.join(map(str, g['seats']))} players)", style="bold"))
        console.print(g["summary"])
        console.print("  bots, weakest first:")
        for b in g["bot_catalogue"]:
            default = " (default)" if b["name"] == g["default_bot"] else ""
            console.print(Text(f"    --bots {b['name']:<12} {b['title']}{default}: {b['description']}"))
        for o in g["variants"]:
            console.print(Text(f"  --variant {o['name']}=...  {o['label']}, default {o['default']!r} ({o['source']}): "
                               f"{o['description']}"))
    from parlour.compiled import describe

    console.print(Text(f"Rules: {describe()}.", style="dim"))


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME"),
    seat: int = typer.Option(0, help="Your seat (0 is the first; see 'parlour games')."),
    seed: Optional[int] = typer.Option(None, help="Fixes the cut and the deals."),
    bots: Optional[str] = typer.Option(None, help="Bot for the other seats, or one per seat, comma-separated."),
    players: Optional[int] = typer.Option(None, help="Number of players, where the game allows several."),
    variant: list[str] = typer.Option([], help="Rule variant NAME=VALUE (repeatable)."),
    record: Optional[Path] = typer.Option(None, help="Where to save the game record (saved after every move)."),
    resume: Optional[Path] = typer.Option(None, help="Continue a saved game record."),
) -> None:
    """Play a game against bots in the terminal."""
    from parlour.terminal.play import play as play_loop

    try:
        game = get_game(game_id)
        if game.id == "biggles":
            if resume or players not in (None, 2):
                _fail("Biggles is played live by two: --resume and --players do not apply")
            _play_biggles(game, seat, seed, bots, _variant(game, variant), record)
            return
        saved = GameRecord.load(resume) if resume else None
        seats = len(saved.seats) if saved else game.check_seats(players or game.seat_counts[0])
        names = _bots(game, bots, seats, default_bot(game))       # a person's opponents: the gentle level
        play_loop(
            console, game, human=seat, bot_names=names, seats=seats, seed=seed, variant=_variant(game, variant),
            record_path=record or resume, resume=saved,
        )
    except (ParlourError, ValueError) as error:
        _fail(str(error))


def _play_biggles(game: GameDescriptor, seat: int, seed: Optional[int], bots: Optional[str],
                  variant: dict[str, Any], record: Optional[Path]) -> None:
    """Biggles is played live against the clock, not turn by turn."""
    from parlour.engine.record import record_of
    from parlour.games.biggles.bots import ReflexBot
    from parlour.games.biggles.levels import DEFAULT, LEVELS
    from parlour.terminal.biggles import play_live
    from parlour.terminal.play import default_record_path

    level = bots or DEFAULT
    if level not in LEVELS:
        _fail(f"no Biggles level {level!r} (choose from {', '.join(LEVELS)})")
    if seat not in (0, 1):
        _fail("--seat is 0 or 1 in Biggles")
    state = game.new_state(seats=2, variant=variant, seed=seed)
    path = record or default_record_path(game.id, state.seed)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        record_of(state).save(path)
    except OSError as error:
        _fail(f"cannot save the game to {path}: {error.strerror or error}")
    seats = [{"name": n, "player": "human" if i == seat else f"bot:{level}"} for i, n in enumerate(("P1", "P2"))]
    console.print(Text(f"Biggles against a {level} bot - seed {state.seed}; saved as you play to {path}", style="dim"))
    bot = ReflexBot(1 - seat, state.seed, level)
    play_live(console, state, seat, bot, on_change=lambda st: record_of(st, seats).save(path))
    record_of(state, seats).save(path)


@app.command()
def simulate(
    targets: Optional[list[str]] = typer.Argument(None, metavar="GAME", help="The game (with --merge: run folders)."),
    games: int = typer.Option(100, min=1, help="How many games."),
    seed: int = typer.Option(0, help="Master seed: the same seed gives the same report."),
    bots: Optional[str] = typer.Option(None, help="One bot for all seats, or one per seat, comma-separated."),
    players: Optional[int] = typer.Option(None, help="Number of players, where the game allows several."),
    variant: list[str] = typer.Option([], help="Rule variant NAME=VALUE (repeatable)."),
    out: Optional[Path] = typer.Option(None, help="Folder that receives every game as it is played (Parquet chunks) "
                                                  "and the report; with --sweep, the plot (PNG) and table (CSV)."),
    records: bool = typer.Option(False, "--records", help="Keep every game's record in the --out folder."),
    dataset: bool = typer.Option(False, "--dataset", help="Keep every decision as numbers in the --out folder "
                                                          "(tensor, legal mask, action id, final return)."),
    max_actions: Optional[int] = typer.Option(None, "--max-actions", min=1,
                                              help="Stop a game unfinished after this many actions (default "
                                                   "200,000); the report counts those stopped."),
    resume: Optional[Path] = typer.Option(None, help="Carry on the stopped run kept in this folder."),
    merge: bool = typer.Option(False, "--merge", help="One report for the finished runs whose folders are given."),
    sweep: bool = typer.Option(False, "--sweep", help="Biggles: win rate across speed differences (needs --out)."),
    workers: int = typer.Option(1, min=1, max=256, help="Processes to share the games (the report is the same)."),
    backend: str = typer.Option("local", help="Where games are played: local (--workers processes) or ray."),
    address: Optional[str] = typer.Option(None, help="The Ray cluster to use (HOST:PORT, or auto), with --backend ray."),
    chunk: Optional[int] = typer.Option(None, min=1, max=100_000, help="Games a chunk (default: eight chunks a worker, "
                                                                       "at most 500)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Play many bot games and report results with 95% confidence intervals."""
    from parlour import sim

    names = list(targets or [])
    if merge:
        if not names:
            _fail("--merge needs the folders of the runs to merge")
        try:
            return _report(sim.merge(names), as_json)
        except ParlourError as error:
            _fail(str(error))
    if sweep:
        if variant or players or records or resume or dataset or max_actions:
            _fail("--sweep plays standard two-match games: --variant, --players, --records, --dataset, "
                  "--max-actions and --resume do not apply")
        _sweep(names[0] if names else "", games, seed, bots, out, as_json)
        return
    if resume is not None:
        if names or out or records or chunk or dataset or max_actions:
            _fail("--resume carries on the run as it was started: give only the folder (and --workers or --backend)")
        try:
            total = sim.output.load(resume)[0].games
        except ParlourError as error:
            _fail(str(error))
        report = _run(lambda on, progress: sim.resume(resume, backend=on, progress=progress),
                      backend, address, workers, total, resume)
        return _report(report, as_json)
    if len(names) != 1:
        _fail("simulate takes one GAME (or --resume DIR, or --merge DIR...)")
    try:
        game = get_game(names[0])
        seats = game.check_seats(players or game.seat_counts[0])
        chosen_bots = _bots(game, bots, seats, own_bot(game))     # the game as its club players play it
        chosen_variant = _variant(game, variant)
    except ParlourError as error:
        _fail(str(error))
    if records and out is None:
        _fail("--records keeps the records in the run's folder: give --out DIR too")
    if dataset and out is None:
        _fail("--dataset keeps the decisions in the run's folder: give --out DIR too")
    report = _run(lambda on, progress: sim.simulate(game, games, seed, chosen_bots, variant=chosen_variant, backend=on,
                                                    out=out, records=records, chunk_size=chunk, progress=progress,
                                                    dataset=dataset, max_actions=max_actions),
                  backend, address, workers, games, out)
    _report(report, as_json)


@contextmanager
def _backend_with_bar(label: str, backend: str, workers: int, address: Optional[str],
                      total: int) -> Iterator[tuple[Any, Callable[[int], None]]]:
    """The chosen backend, and a progress bar of ``total`` games (on a terminal) that ``show(done)`` moves on."""
    from parlour.sim import make_backend

    with make_backend(backend, workers=workers, address=address) as on, Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=errors, transient=True, disable=not errors.is_terminal,
    ) as bar:
        task = bar.add_task("games", total=total)
        yield on, lambda done: bar.update(task, completed=done)


def _run(play: Callable[[Any, Callable[[int], None]], dict[str, Any]], backend: str, address: Optional[str],
         workers: int, total: int, folder: Optional[Path]) -> dict[str, Any]:
    """``play(backend, progress)`` on the chosen backend, with a progress bar; a stop keeps what ``folder`` holds."""
    done = 0
    try:
        with _backend_with_bar("simulating", backend, workers, address, total) as (on, show):
            def progress(games: int) -> None:
                nonlocal done
                done = games
                show(games)

            return play(on, progress)
    except ParlourError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot write to {folder or 'the run folder'}: {error.strerror or error}")
    except KeyboardInterrupt:
        if folder is None:
            _fail("stopped: nothing was kept (with --out DIR a run keeps every game as it goes)", 130)
        _fail(f"stopped after {done:,} of {total:,} games, kept in {folder}: "
              f"carry on with: parlour simulate --resume {folder}", 130)


def _report(report: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(report, indent=1))
        return
    _print_report(report)


def _sweep(game_id: str, games: int, seed: int, bots: Optional[str], out: Optional[Path], as_json: bool) -> None:
    from parlour.games.biggles.levels import DEFAULT, LEVELS
    from parlour.sim.speed import FACTORS, sweep, write_sweep

    if game_id != "biggles":
        _fail("--sweep is for biggles: speed is what it measures")
    if out is None:
        _fail("--sweep needs --out DIR for its plot and table")
    level = bots or DEFAULT
    if level not in LEVELS:
        _fail(f"no Biggles level {level!r} (choose from {', '.join(LEVELS)})")
    with Progress(TextColumn("sweeping"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=errors, transient=True, disable=not errors.is_terminal) as bar:
        task = bar.add_task("games", total=games * len(FACTORS))
        rows = sweep(level, games, seed, progress=lambda done: bar.update(task, completed=done))
    try:
        files = write_sweep(rows, out, level)
    except OSError as error:
        _fail(f"cannot write to {out}: {error.strerror or error}")
    if as_json:
        print(json.dumps({"game": "biggles", "games": games, "seed": seed, "level": level,
                          "results": rows, "files": files}, indent=1))
        return
    table = Table("P1 speed", "P1 win rate", "95% interval", "points P1 / P2")
    for r in rows:
        table.add_row(f"{r['speed_factor']:g}x", f"{r['p1_win_rate']:.3f}", f"{r['ci95_low']:.3f} - {r['ci95_high']:.3f}",
                      f"{r['p1_mean_points']:.1f} / {r['p2_mean_points']:.1f}")
    console.print(table)
    console.print(f"Plot: {files['png']}  Table: {files['csv']}")


def _print_report(report: dict[str, Any]) -> None:
    console.print(Text(f"{report['game']}: {report['games']} games, seed {report['seed']}, bots {', '.join(report['bots'])}", style="bold"))
    table = Table("side", "wins", "rate", "95% interval")
    for side, row in report["results"]["wins"].items():
        table.add_row(side, str(row["wins"]), f"{row['rate']:.3f}", f"{row['ci95'][0]:.3f} - {row['ci95'][1]:.3f}")
    draws = report["results"]["draws"]
    table.add_row("draws", str(draws["count"]), f"{draws['rate']:.3f}", f"{draws['ci95'][0]:.3f} - {draws['ci95'][1]:.3f}")
    console.print(table)
    ceiling, length = report["results"]["ceiling"], report["results"]["actions_per_game"]
    console.print(f"Ended: {report['results']['ended']} of {report['games']} games; stopped unfinished at the ceiling "
                  f"of {ceiling['max_actions']:,} actions: {ceiling['games']}")
    console.print(f"Actions per game: mean {length['mean']:.1f}, longest {length['longest']:,}")
    goals = report["results"].get("goals_per_match")
    if goals:
        console.print(f"Goals per match: mean {goals['mean']:.2f} (95% interval {goals['ci95'][0]:.2f} - {goals['ci95'][1]:.2f})")
        for side, row in goals["by_partnership"].items():
            console.print(f"  partnership {side}: {row['mean']:.2f} a match")
        dist = goals["distribution"]
        biggest = max(dist.values())
        for total, count in dist.items():
            console.print(f"  {total:>3} goals {'#' * max(1, round(30 * count / biggest)):<30} {count}")
        halves = report["results"]["goals_by_half"]
        for half, sides in halves.items():
            console.print(f"Goals in {half.replace('_', ' ')}: A {sides['A']['mean']:.2f}, B {sides['B']['mean']:.2f} a match")
    rounds = report["results"].get("rounds_per_game")
    if rounds:
        console.print(f"Rounds per game: mean {rounds['mean']:.2f} (95% interval {rounds['ci95'][0]:.2f} - {rounds['ci95'][1]:.2f})")
        for seat, row in report["results"]["final_totals"].items():
            per_round = report["results"]["points_per_round"][seat]["mean"]
            console.print(f"  {seat}: final total {row['mean']:.1f} on average, {per_round:+.1f} a round")


@app.command()
def arena(
    game_id: str = typer.Argument(..., metavar="GAME"),
    bots: str = typer.Option(..., help="The bots to set against each other, comma-separated (two or more)."),
    games: int = typer.Option(20, min=1, help="Deals each pair plays, each in every seating of the rotation."),
    seed: int = typer.Option(0, help="Master seed: draws the deals and the bots' seeds."),
    players: Optional[int] = typer.Option(None, help="Number of players, where the game allows several."),
    iterations: Optional[int] = typer.Option(None, min=1, help="The search bots' budget: iterations a decision "
                                                                 "(reproducible)."),
    seconds: Optional[float] = typer.Option(None, help="The search bots' budget: seconds a decision (default 0.8)."),
    variant: list[str] = typer.Option([], help="Rule variant NAME=VALUE (repeatable)."),
    workers: int = typer.Option(1, min=1, max=256, help="Processes to share the games (the report is the same)."),
    backend: str = typer.Option("local", help="Where games are played: local (--workers processes) or ray."),
    address: Optional[str] = typer.Option(None, help="The Ray cluster to use (HOST:PORT, or auto), with --backend ray."),
    max_actions: Optional[int] = typer.Option(None, min=1, help="Stop a game unfinished after this many actions "
                                                                  "(it counts as a draw)."),
    png: Optional[Path] = typer.Option(None, help="Write a PNG of the ratings (mu with ±2 sigma) here."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Bots against each other in duplicate play: pairwise scores with 95% intervals and OpenSkill ratings."""
    from parlour.sim import arena as arena_mod

    names = [name.strip() for name in bots.split(",") if name.strip()]
    try:
        game = get_game(game_id)
        arena_mod.check_game(game)
        seats = game.check_seats(players or game.seat_counts[0])
        chosen_variant = _variant(game, variant)
        arena_mod.check(game, arena_mod.Arena(game.id, tuple(names), games, seed, seats, chosen_variant, iterations,
                                              seconds))
    except ParlourError as error:
        _fail(str(error))
    total = arena_mod.total_games(game, len(names), games, seats)
    try:
        with _backend_with_bar("playing", backend, workers, address, total) as (on, show):
            report = arena_mod.run_arena(game, names, games, seed, seats=seats, variant=chosen_variant,
                                         iterations=iterations, seconds=seconds, max_actions=max_actions, backend=on,
                                         progress=show)
        if png is not None:
            arena_mod.plot_ratings(report, png)
    except ParlourError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot write the ratings' picture to {png}: {error.strerror or error}")
    except KeyboardInterrupt:
        _fail("stopped: the arena reports only once every game is played", 130)
    report["png"] = None if png is None else str(png)
    if as_json:
        print(json.dumps(report, indent=1))
        return
    _print_arena(report)


def _print_arena(report: dict[str, Any]) -> None:
    from parlour.bots.search import DEFAULT_SECONDS, SEARCH_BOTS

    budget = report["budget"]
    shown = (f"{budget['iterations']} iterations" if budget["iterations"] else
             f"{budget['seconds'] or DEFAULT_SECONDS:g} s")
    searching = f"; search bots: {shown} a decision" if set(report["bots"]) & set(SEARCH_BOTS) else ""
    console.print(Text(f"{report['game']}: {report['players']} players, {report['deals']} deals a pair, seed "
                       f"{report['seed']}, {report['games']:,} games{searching}", style="bold"))
    console.print(f"Each deal is played in every seating: {' '.join(report['seatings'])} (A's seats, B's seats)")
    table = Table("A", "B", "games", "score", "95% CI", "A won", "B won", "split",
                  title="Pairs: A's score, its share of the winning seats by deal")
    for row in report["pairs"]:
        table.add_row(row["a"], row["b"], str(row["games"]), f"{row['score']:.3f}",
                      f"{row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}", str(row["a_wins"]), str(row["b_wins"]),
                      str(row["drawn_or_shared"]))
    console.print(table)
    unfinished = sum(row["unfinished"] for row in report["pairs"])
    if unfinished:
        console.print(f"{unfinished} games stopped unfinished at {report['max_actions']:,} actions (counted as draws)")
    ratings = Table("", "bot", "mu", "sigma", "mu - 3 sigma", "games",
                    title="Ratings (OpenSkill), best first")
    for row in report["ratings"]["bots"]:
        ratings.add_row(str(row["rank"]), row["bot"], f"{row['mu']:.2f}", f"{row['sigma']:.2f}",
                        f"{row['ordinal']:.2f}", str(row["games"]))
    console.print(ratings)
    if report["png"]:
        console.print(f"Ratings plot: {report['png']}")


@app.command()
def lab(
    targets: list[str] = typer.Argument(..., metavar="GAME", help="The game (with --merge: the runs' --out folders)."),
    variant: list[str] = typer.Option([], help="Rule variant NAME=VALUE (repeatable): the rules measured."),
    players: Optional[int] = typer.Option(None, help="Number of players, where the game allows several."),
    budget: Optional[int] = typer.Option(None, min=2, help="Deals for seat advantage and length (default: the "
                                                           "game's, aimed at ±1 point; the report says what it "
                                                           "reached)."),
    variant_deals: Optional[int] = typer.Option(None, min=2, help="Deals each variant plays (default 500, at most "
                                                                  "--budget)."),
    ladder_deals: Optional[int] = typer.Option(None, min=2, help="Deals each pair of the bot ladder plays "
                                                                 "(default 12)."),
    iterations: Optional[int] = typer.Option(None, min=1, help="The search bots' iterations a decision on the "
                                                                 "ladder (default 20)."),
    bot: Optional[str] = typer.Option(None, help="The bot in every seat (default: the game's own)."),
    variants: bool = typer.Option(True, "--variants/--no-variants", help="Measure what each rule variant does."),
    ladder: bool = typer.Option(True, "--ladder/--no-ladder", help="Measure luck and skill on the bot ladder."),
    speed_games: Optional[int] = typer.Option(None, min=0, help="Biggles: games a point of the speed sweep "
                                                                "(default 200; 0: no sweep)."),
    luck: bool = typer.Option(False, "--luck", help="Also take the luck of each draw from the stock out of the "
                                                    "first player's share (sets game, Squadron Scramble)."),
    seed: int = typer.Option(0, help="Master seed: the same seed gives the same report."),
    out: Path = typer.Option(Path("lab-report"), help="Folder for the report (GAME-Np.json, .html) and the "
                                                      "games kept as they come (run again to carry on)."),
    workers: int = typer.Option(1, min=1, max=256, help="Processes to share the games (the report is the same)."),
    backend: str = typer.Option("local", help="Where games are played: local (--workers processes) or ray."),
    address: Optional[str] = typer.Option(None, help="The Ray cluster to use (HOST:PORT, or auto), with --backend ray."),
    merge: bool = typer.Option(False, "--merge", help="One report from the finished runs whose --out folders are "
                                                      "given (the same command but for --seed), written to --out."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as one JSON object."),
) -> None:
    """The game-design lab: seat advantage, length, what each rule does, luck and skill, with 95% intervals."""
    from parlour import lab as lab_mod
    from parlour.lab.report import headline, write
    from parlour.sim import make_backend

    if merge:
        try:
            report = lab_mod.merge(targets)
            files = write(report, out)
        except ParlourError as error:
            _fail(str(error))
        except OSError as error:
            _fail(f"cannot write to {out}: {error.strerror or error}")
        if as_json:
            print(json.dumps(report, indent=1))
            return
        return _print_lab(report, headline(report), files)
    if len(targets) != 1:
        _fail("lab takes one GAME (or --merge DIR DIR...)")
    try:
        game = get_game(targets[0])
        seats = game.check_seats(players or game.seat_counts[0])
        chosen_variant = _variant(game, variant)
        if bot is not None:
            _bots(game, bot, 1, bot)
    except ParlourError as error:
        _fail(str(error))
    try:
        with make_backend(backend, workers=workers, address=address) as on, Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=errors, transient=True, disable=not errors.is_terminal,
        ) as bar:
            tasks: dict[str, Any] = {}

            def progress(stage: str, done: int, total: int) -> None:
                if stage not in tasks:
                    tasks[stage] = bar.add_task(stage, total=total)
                bar.update(tasks[stage], completed=done)

            report = lab_mod.run_lab(game, seats=seats, variant=chosen_variant, seed=seed, deals=budget,
                                     variant_deals=variant_deals, ladder_deals=ladder_deals, iterations=iterations,
                                     bot=bot, variants=variants, ladder=ladder, speed_games=speed_games, luck=luck,
                                     backend=on, folder=out, progress=progress)
        files = write(report, out)
    except ParlourError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot write to {out}: {error.strerror or error}")
    except KeyboardInterrupt:
        _fail(f"stopped: the games played so far are kept in {out}; run the same command again to carry on", 130)
    if as_json:
        print(json.dumps(report, indent=1))
        return
    _print_lab(report, headline(report), files)


def _print_lab(report: dict[str, Any], head: dict[str, Any], files: dict[str, str]) -> None:
    seat = report["seat_advantage"]["headline"]
    seeds = ", ".join(map(str, report["seed"])) if isinstance(report["seed"], list) else report["seed"]
    console.print(Text(f"{report['title']}: {report['players']} players, seed {seeds}, "
                       f"{report['budget']['deals']:,} deals ({report['budget']['games']:,} games)", style="bold"))
    console.print(f"Seat advantage: {seat['name']} wins {seat['share']:.1%} (95% interval {seat['ci95'][0]:.1%} to "
                  f"{seat['ci95'][1]:.1%}, ±{seat['half_width']:.1%}; fair {seat['fair']:.1%})")
    corrected = report["seat_advantage"].get("luck_corrected")
    if corrected:
        after = corrected["corrected"]
        console.print(f"  with the luck of the draw taken out: {after['mean']:.1%} ({after['ci95'][0]:.1%} to "
                      f"{after['ci95'][1]:.1%}); {corrected['variance_ratio']}x fewer deals for the same interval")
    shape = report["length_and_shape"]
    decisions = shape["decisions"]
    console.print(f"Length: {decisions['mean']:.1f} decisions a game (sd {decisions['sd'] or 0:.1f}, "
                  f"10% to 90%: {decisions['p10']:g} to {decisions['p90']:g})")
    if "decided_early" in shape:
        early = shape["decided_early"]
        console.print(f"Decided early (winners ahead for good by half-way): {early['rate']:.1%} "
                      f"({early['ci95'][0]:.1%} to {early['ci95'][1]:.1%})")
    if report.get("variants"):
        table = Table("setting", "seat advantage", "decisions", "draws", "skill",
                      title="What each rule does (setting - default)")
        for row in report["variants"]:
            e = row["effects"]
            ci = e["seat_advantage"]["ci95"] or [0.0, 0.0]
            skill = e.get("skill") or {}
            table.add_row(row["label"], f"{e['seat_advantage']['difference']:+.1%} ({ci[0]:+.1%} to {ci[1]:+.1%})",
                          f"{e['decisions']['difference']:+.1f}", f"{e['draw_rate']['difference']:+.1%}",
                          "-" if skill.get("difference") is None else f"{skill['difference']:+.3f}")
        console.print(table)
    luck = report.get("luck_and_skill")
    if luck:
        share = luck["coin_flip_share"]
        console.print(f"Luck and skill: coin-flip share {share['share']:.2f} ({share['ci95'][0]:.2f} to "
                      f"{share['ci95'][1]:.2f}); rating spread {luck['rating_spread']['elo_sd']:.0f} Elo; depth "
                      f"{luck['depth']['levels']} ({' < '.join(luck['depth']['chain'])})")
    speed = report.get("speed")
    if speed:
        console.print("What speed is worth (P1's win rate at P1's speed): " + ", ".join(
            f"{row['speed_factor']:g}x {row['p1_win_rate']:.0%}" for row in speed["rows"]))
    console.print(f"Report: {files['html']}  JSON: {files['json']}")


@app.command()
def replay(
    record: Path = typer.Argument(..., metavar="RECORD", help="A record file, or a simulation's --out folder."),
    check: bool = typer.Option(False, "--check", help="Only check every action; print the result as JSON."),
    seat: Optional[int] = typer.Option(None, help="Show the game from this seat's view (default: spectator)."),
    index: Optional[int] = typer.Option(None, "--game", help="In a simulation's folder: the game's index (from 0)."),
    as_json: bool = typer.Option(False, "--json", help="Print the steps (or the check) as JSON."),
) -> None:
    """Show a recorded game move by move, or check that every action in it is legal."""
    try:
        rec = _simulated_record(record, index) if record.is_dir() else GameRecord.load(record)
        game = get_game(rec.game)
        if seat is not None and not 0 <= seat < len(rec.seats):
            raise RecordError(f"--seat must be 0 to {len(rec.seats) - 1} for this record")
    except ParlourError as error:
        if check:
            print(json.dumps({"ok": False, "index": getattr(error, "index", None), "error": str(error)}))
            raise typer.Exit(1)
        _fail(str(error))
    if check:
        try:
            state = replay_record(rec)
        except RecordError as error:
            print(json.dumps({"ok": False, "index": error.index, "error": error.reason}))
            raise typer.Exit(1)
        print(json.dumps({"ok": True, "actions": len(rec.actions), "finished": state.is_over, "result": state.result()}))
        return
    from parlour.terminal import frontend

    steps: list[dict[str, Any]] = []
    ui: Any = frontend(game.id) if not as_json else None
    previous: dict[str, Any] = {}

    def step(index: int, state: Any) -> None:
        seat_i, action = rec.actions[index][0], state.history[-1][1]
        obs = state.observation(seat)
        if as_json:
            steps.append({"index": index, "seat": seat_i, "action": action, "observation": obs})
        else:
            line = ui.narrate(seat_i, action, previous["obs"], state.observation(None))
            console.print(Text(f"{index:>4} ") + (line or Text(action)))
        previous["obs"] = state.observation(None)

    try:
        first = game.new_state(seats=len(rec.seats), variant=played_variant(rec, game), seed=rec.seed,
                               deal=rec.deal)
        previous["obs"] = first.observation(None)
        if ui is not None and hasattr(ui, "introduce"):
            console.print(ui.introduce(first.observation(seat)))
        final = replay_record(rec, on_step=step)
    except ParlourError as error:
        if as_json:
            print(json.dumps({"steps": steps, "error": str(error)}))
        else:
            _fail(str(error), 1)
        raise typer.Exit(1)
    if as_json:
        print(json.dumps({"steps": steps, "result": final.result()}))
        return
    console.print(ui.render(final.observation(seat)))
    if final.is_over:
        console.print(ui.final(final.result(), seat))


@app.command()
def analyse(
    record: Path = typer.Argument(..., metavar="RECORD", help="A record file, or a simulation's --out folder."),
    seat: Optional[int] = typer.Option(None, help="Judge this seat's decisions only (default: every seat's)."),
    iterations: Optional[int] = typer.Option(None, min=1, help="Search iterations a decision (default 500, as the "
                                                                "server's hints and analyses, unless --seconds is given): "
                                                                "the same seed gives the same analysis."),
    seconds: Optional[float] = typer.Option(None, min=0.01, help="Seconds a decision instead (not reproducible)."),
    seed: int = typer.Option(0, help="The search's seed."),
    threshold: float = typer.Option(0.10, min=0.0, max=1.0, help="Flag a move that gives away more than this "
                                                                "chance of winning (0 to 1)."),
    bot: str = typer.Option("expert", help="The search bot that judges: expert (IS-MCTS) or pimc."),
    index: Optional[int] = typer.Option(None, "--game", help="In a simulation's folder: the game's index (from 0)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Judge every decision of a recorded game with the expert, from what the seat could see at the time."""
    from parlour.bots.analysis import ITERATIONS, NotAnalysable, analyse_record, summary

    if iterations is not None and seconds is not None:
        _fail("give --iterations or --seconds, not both")
    try:
        rec = _simulated_record(record, index) if record.is_dir() else GameRecord.load(record)
        game = get_game(rec.game)
        if game.real_time:
            raise NotAnalysable(f"{game.title} is played against the clock: the search bots judge turn-by-turn games")
        if bot not in ("expert", "pimc"):
            raise ParlourError(f"--bot is expert or pimc, not {bot!r}")
        with Progress(TextColumn("analysing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=errors, transient=True, disable=not errors.is_terminal) as bar:
            task = bar.add_task("decisions", total=None)
            rows = analyse_record(rec, game, None if seat is None else [seat], iterations=iterations,
                                  seconds=seconds, seed=seed, threshold=threshold, bot=bot,
                                  progress=lambda done, total: bar.update(task, completed=done, total=total))
    except ParlourError as error:
        _fail(str(error))
    names = [s.get("name") or n for s, n in zip(rec.seats, game.seat_names(len(rec.seats)), strict=True)]
    budget = {"iterations": iterations if iterations is not None or seconds is not None else ITERATIONS, "seconds": seconds}
    if as_json:
        print(json.dumps({"game": game.id, "seats": names, "seat": seat, "bot": bot, **budget, "seed": seed,
                          "threshold": threshold, "decisions": rows, "summary": summary(rows)}, indent=1))
        return
    _print_analysis(rows, names, threshold, game.title, bot, budget)


def _percent(chance: Optional[float]) -> str:
    return "-" if chance is None else f"{100 * chance:.0f}%"


def _print_analysis(rows: list[dict[str, Any]], names: list[str], threshold: float, title: str, bot: str,
                    budget: dict[str, Any]) -> None:
    from parlour.bots.analysis import summary

    spent = f"{budget['seconds']:g} s" if budget["seconds"] is not None else f"{budget['iterations']} iterations"
    table = Table("move", "seat", "played", "chance", "best other", "chance", "cost",
                  title=f"{title}: the {bot}, {spent} a move", caption=f"* the {bot}'s choice   "
                  f"! gave away over {_percent(threshold)}")
    for r in rows:
        mark = " *" if r["played"] == r["best"] else ""
        cost = Text(f"{_percent(r['cost'])} !", style="bold red") if r["costly"] else Text(_percent(r["cost"]))
        table.add_row(str(r["move"]), names[r["seat"]], r["played"] + mark, _percent(r["played_chance"]),
                      (r["alternative"] or "-") + (" *" if r["alternative"] == r["best"] else ""),
                      _percent(r["alternative_chance"]), cost)
    console.print(table)
    if not rows:
        console.print("No decision to judge: every move of the seat was forced.")
    for seat, s in summary(rows).items():
        console.print(f"{names[int(seat)]}: {s['decisions']} decisions, {s['costly']} gave away more than "
                      f"{_percent(threshold)}, {_percent(s['mean_cost'])} lost a decision on average")


def _simulated_record(folder: Path, index: Optional[int]) -> GameRecord:
    """Game ``index`` of a simulation run kept with ``--out FOLDER --records``."""
    from parlour.sim.output import record

    if index is None:
        raise RecordError(f"{folder} is a folder: name the simulated game to replay with --game N")
    return GameRecord.from_json(record(folder, index))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def tournament(
    ctx: typer.Context,
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: str = typer.Option(..., "--players", help="Players as NAME=LEVEL, just LEVEL, or just NAME (a bot "
                                                       "of the default level), space-separated."),
    rounds: int = typer.Option(1, help="Rounds of the cycle (each player plays two matches a round)."),
    seed: int = typer.Option(0, help="Fixes every shuffle and every bot's reflexes."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Run a tournament between bots: for biggles, the sheet's cycle (A plays B, B plays C, ... back to A)."""
    from parlour.games.biggles.levels import DEFAULT, LEVELS
    from parlour.tournaments.biggles_cycle import run_cycle

    if game_id != "biggles":
        _fail("tournaments are run for biggles here (the whist drive comes with its own command)")
    names: dict[str, str] = {}
    for i, spec in enumerate([players, *ctx.args], 1):
        name, sep, level = spec.partition("=")
        if not sep:         # a level alone names a player after it; a name alone plays at the default level
            name, level = (f"{spec}-{i}", spec) if spec in LEVELS else (spec, DEFAULT)
        if name in names:
            _fail(f"two players are called {name!r}: give each a name of his own")
        names[name] = level
    try:
        report = run_cycle(names, rounds, seed)
    except ParlourError as error:
        _fail(str(error))
    if as_json:
        print(json.dumps(report, indent=1))
        return
    table = Table("", "player", "level", "played", "won", "points", title=f"Biggles cycle, {plural(rounds, 'round')}, seed {seed}")
    for place, row in enumerate(report["table"], 1):
        table.add_row(str(place), row["player"], row["level"], str(row["played"]), str(row["won"]), str(row["points"]))
    console.print(table)
    for match in report["deciding_matches"]:
        console.print(f"Deciding match: {match['blue']} {match['points'][match['blue']]} - "
                      f"{match['points'][match['red']]} {match['red']}")
    console.print(Text(f"Champion: {report['champion'] or 'undecided'}", style="bold"))


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 to let other machines join)."),
    port: int = typer.Option(8000, help="Port to listen on."),
    database: Optional[str] = typer.Option(
        None, help="SQLAlchemy URL of the database (default: SQLite in the user's data folder, for one process; "
                   "postgresql+psycopg://user:pass@host/db for one or several processes)."),
    bot_delay: float = typer.Option(0.6, help="Seconds a bot waits before its move in a turn-by-turn game."),
    allow_origin: list[str] = typer.Option(
        [], "--allow-origin", help="Another site whose pages may use this server (scheme://host[:port]); "
                                   "repeatable.  The server's own pages always may."),
    max_bot_tables: int = typer.Option(20, help="Tables of bots alone in play at once."),
    creation_limit: str = typer.Option(
        "30/minute", help="New tables, tournaments and rematches one client address may make, as COUNT/PERIOD "
                          "(e.g. 30/minute, 1000/hour); none lifts the limit (a load benchmark from one address)."),
    log_format: str = typer.Option("text", help="Log lines as plain text, or as JSON lines (json)."),
    log_level: str = typer.Option("warning", help="Least level logged: debug, info (every request), warning, error."),
    lease: float = typer.Option(10.0, help="Seconds a process holds a table's bots without renewing; on PostgreSQL "
                                           "another process takes them over once a dead one's lease lapses."),
    creator_seeds: bool = typer.Option(
        False, "--creator-seeds", help="Keep a table creator's seed even where others play (a private server, a "
                                       "duplicate night where every table plays one deal).  Off: the server draws "
                                       "the deal of every table where anyone but its creator plays."),
    sockets_per_seat: int = typer.Option(4, min=1, help="Play sockets one seat may have open at once (tabs, "
                                                        "devices, a reconnection not yet seen to close)."),
    sockets_per_table: int = typer.Option(200, min=1, help="Play sockets one table may have open at once, "
                                                           "spectators included."),
    sockets_per_address: int = typer.Option(
        64, min=1, help="Play sockets one client address may have open at once, spectators included (raise it "
                        "where many players share one address, a pub's or a school's)."),
    host_name: list[str] = typer.Option(
        [], "--host-name", help="A name this server answers to (club.example, or *.club.example); repeatable.  "
                                "Requests for any other Host get 400.  None given: any name (development)."),
    header_timeout: float = typer.Option(10.0, min=0.1, help="Seconds a request's line and headers may take to "
                                                             "arrive; a slower connection is closed."),
    keep_alive: int = typer.Option(5, min=1, help="Seconds an idle HTTP connection is kept open between requests."),
    thinkers: Optional[int] = typer.Option(
        None, min=1, help="Worker processes for bots' searches, hints and analyses: the server's whole budget of "
                          "thinking (default: the machine's cores less one, at least 1)."),
    busy_after: float = typer.Option(
        1.0, min=0.0, help="Seconds a search bot waits for a free thinking worker before it plays that move by "
                           "its game's rule of thumb (the table says so)."),
    max_search_tables: Optional[int] = typer.Option(
        None, min=1, help="Tables with a search bot (expert, pimc) in play at once, people at them or not "
                          "(default: 4 per thinking worker)."),
    analyses_per_client: int = typer.Option(
        2, min=1, help="Analyses of finished games being made at once for one client address."),
    clock_speed: float = typer.Option(
        1.0, min=0.01, hidden=True, help="Tests only: real-time games' clock runs this many times as fast as the "
                                         "wall's (bots' races over in a fraction of the time)."),
) -> None:
    """Start the web app: play every game in the browser, against bots and friends."""
    from parlour.store import Store, StoreBusy
    from parlour.web import logs, serving
    from parlour.web.advice import Advisor
    from parlour.web.app import create_app
    from parlour.web.sockets import SocketCaps
    from parlour.web.thinking import Thinker

    if log_format not in ("text", "json"):
        _fail(f"--log-format is text or json, not {log_format!r}")
    if log_level.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        _fail(f"--log-level is debug, info, warning, error or critical, not {log_level!r}")
    limit = None if creation_limit.strip().lower() == "none" else creation_limit
    if limit is not None:
        from limits import parse

        try:
            parse(limit)
        except ValueError:
            _fail(f"--creation-limit is COUNT/PERIOD (30/minute, 1000/hour) or none, not {creation_limit!r}")
    try:
        store = Store(database)
        store.hold()                    # SQLite: this process alone; PostgreSQL: shared with the others
    except StoreBusy as error:
        _fail(str(error))
    except Exception as error:          # a bad URL or an unreachable server: say so, not a traceback
        _fail(f"cannot open the database {_hidden_password(database or '')}: {error}")
    sockets = SocketCaps(per_seat=sockets_per_seat, per_table=sockets_per_table, per_address=sockets_per_address)
    try:
        app = create_app(store, bot_delay=bot_delay, allow_origins=allow_origin, max_bot_tables=max_bot_tables,
                         creation_limit=limit, lease=lease, creator_seeds=creator_seeds, sockets=sockets,
                         host_names=host_name, max_search_tables=max_search_tables,
                         clock=_sped_up(clock_speed),
                         advisor=Advisor(thinker=Thinker(thinkers, busy_after=busy_after),
                                         per_client=analyses_per_client))
    except ValueError as error:         # a --host-name that is not a name
        _fail(str(error))
    logs.configure(log_format, log_level)
    # the address to open: one of the names it answers to, if it was given any
    names = [n for n in host_name if "*" not in n]
    shown = names[0] if names else "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    kind = "shared with other processes" if store.shared else "this process only"
    database_shown = store.engine.url.render_as_string(hide_password=True)       # a terminal may be shared
    console.print(Text(f"Parlour is at http://{shown}:{port}/  (database: {database_shown}, {kind}; Ctrl-C stops "
                       "it)", style="bold"))
    # uvicorn's limits on a connection (web/serving.py): h11 with a 16 KiB head, a deadline for it, keep-alive,
    # and a socket message over 64 KiB cut off by the server itself (a move is a few bytes)
    serving.run(app, host, port, log_level.lower(), head_timeout=header_timeout, keep_alive=keep_alive)


def _sped_up(speed: float) -> Callable[[], float]:
    """The clock of real-time games: the wall's, or (tests) the wall's run ``speed`` times as fast."""
    import time

    if speed == 1.0:
        return time.monotonic
    return lambda: time.monotonic() * speed


def _hidden_password(url: str) -> str:
    """A database URL as printed: its password starred (a terminal, a log, a screen may be shared)."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:                   # not a URL at all: nothing to hide in it
        return url


def main() -> None:
    try:
        app()
    except BrokenPipeError:
        sys.stderr.close()


if __name__ == "__main__":
    main()
