"""The published reports: every game measured at its defaults, in one command, with the versions it ran on.

``python -m parlour.lab.publish [DIR]`` (``make lab-reports``; DIR defaults to
``docs/lab``) runs the lab on every game at its smallest table and default
rules, at the default budget, and writes into DIR:

- each game's report, ``GAME-Np.html`` and ``GAME-Np.json`` (its "What each
  rule does" section sets every variant against the defaults);
- ``headlines.json``: each game's few figures (seat advantage, luck and skill,
  length), which the web app's rules page shows under the rules;
- ``index.html``: the games side by side, with a link to each report;
- ``versions.json``: Parlour's version, each game's rules version, which form
  of the rules ran (compiled or the sources) and the git commit, if any.

The games' parts are kept in ``DIR/runs/GAME`` as they are played (not for
publishing: a stopped publication carries on where it stopped).  ``--deals``,
``--variant-deals``, ``--ladder-deals`` and ``--iterations`` override the
defaults for every game (a quick look; the published reports use the
defaults); ``--games`` picks some of the games.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from html import escape
from pathlib import Path
from typing import Any, Sequence

from parlour.games import GAMES, get_game
from parlour.lab import run_lab
from parlour.lab.report import headline, write
from parlour.sim.backends import make_backend


def commit() -> str | None:
    """The git commit of the checkout the reports were made from (None outside one)."""
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10,
                              cwd=Path(__file__).resolve().parent)
    except OSError:
        return None
    return done.stdout.strip() or None if done.returncode == 0 else None


def index(reports: Sequence[dict[str, Any]], files: Sequence[dict[str, str]]) -> str:
    rows = []
    for report, written in zip(reports, files, strict=True):
        head = headline(report)
        seat = head["seat_advantage"]
        luck = f"{head['coin_flip_share']:.2f}" if "coin_flip_share" in head else "-"
        rows.append(f"<tr><td><a href=\"{escape(Path(written['html']).name)}\">{escape(report['title'])}</a></td>"
                    f"<td>{report['players']}</td><td>{escape(seat['who'])}: {seat['share']:.1%} "
                    f"({seat['ci95'][0]:.1%} to {seat['ci95'][1]:.1%}; fair {seat['fair']:.1%})</td>"
                    f"<td>{head['decisions'] or 0:.0f}</td><td>{luck}</td></tr>")
    return ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Parlour's games in numbers"
            "</title></head><body><h1>Parlour's games in numbers</h1><table><tr><th>game</th><th>players</th>"
            "<th>seat advantage (95% interval)</th><th>decisions a game</th><th>coin-flip share</th></tr>"
            + "".join(rows) + "</table></body></html>\n")


def publish(folder: str | Path, *, games: Sequence[str] | None = None, workers: int = 1, speed_games: int = 200,
            **options: Any) -> dict[str, Any]:
    """Measure every game (or ``games``) at its defaults and write the reports into ``folder``."""
    from parlour import __version__
    from parlour.compiled import describe

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    reports, files = [], []
    chosen = list(games or [g.id for g in GAMES.values()])
    with make_backend("local", workers=workers) as backend:
        for game_id in chosen:
            game = get_game(game_id)
            report = run_lab(game, backend=backend, folder=out / "runs" / game.id, seed=1,
                             speed_games=speed_games if game.id == "biggles" else 0, **options)
            reports.append(report)
            files.append(write(report, out))
    headlines = {report["game"]: headline(report) for report in reports}
    (out / "headlines.json").write_text(json.dumps(headlines, indent=1) + "\n")
    (out / "index.html").write_text(index(reports, files))
    versions = {"parlour": __version__, "rules_form": describe(), "commit": commit(),
                "rules_versions": {r["game"]: r["rules_version"] for r in reports},
                "budgets": {r["game"]: r["budget"] for r in reports}}
    (out / "versions.json").write_text(json.dumps(versions, indent=1) + "\n")
    return {"reports": files, "headlines": headlines, "versions": versions}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m parlour.lab.publish", description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="docs/lab")
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--workers", type=int, default=1)
    for name in ("deals", "variant-deals", "ladder-deals", "iterations"):
        parser.add_argument(f"--{name}", type=int)
    parser.add_argument("--speed-games", type=int, default=200, help="Biggles' speed sweep: games a point")
    args = parser.parse_args(argv)
    options = {key: value for key, value in (("deals", args.deals), ("variant_deals", args.variant_deals),
                                             ("ladder_deals", args.ladder_deals), ("iterations", args.iterations))
               if value is not None}
    done = publish(args.folder, games=args.games.split(",") if args.games else None, workers=args.workers,
                   speed_games=args.speed_games, **options)
    for written in done["reports"]:
        print(written["html"])


if __name__ == "__main__":
    main()
