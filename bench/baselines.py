"""Baselines: every bot against every other in every turn-based game, in the duplicate arena, as a Markdown table.

Run:  .venv/bin/python bench/baselines.py [--deals 10] [--iterations 100] [--game ID ...] [--learned FILE.npz]
                                          [--max-actions 5000] [--workers 2] [--seed 0] [--json]
      (``--quick``: what CI runs)

For each game at its smallest table (Football Whist 4, Squadron Scramble 2,
the asking game 3, the sets game 2) it plays ``random``, the game's club
player (``heuristic``, or ``remembering`` in the asking game), ``pimc`` and
``expert`` (both at ``--iterations`` a decision, so the table is
reproducible) against each other with ``parlour.sim.arena.run_arena``: every
pair plays the same ``--deals`` deals in every seating.  ``--learned`` adds,
in Football Whist, the behaviour-cloned policy that
``examples/clone_football_whist.py --save FILE`` wrote.  Each cell is the
row player's arena score against the column player (its share of the winning
seats; 0.5 is level) with the arena's 95% interval over deals.  The header
names what the table was made on: Parlour's version, each game's
``rules_version`` and its information-state tensor's layout version
(``parlour.sim.decisions.layout_version``), the budget and the seed, since a
change to any of them makes a new table.  Squadron Scramble is played to 250
points as the sheet says; a game still going after ``--max-actions`` actions
(a random player can drag one out) is stopped and counted as a draw, as the
arena counts it, and the header says how many were.  The search bots'
budgets are small, so read their rows as what that budget buys, not as their
strength at the default.  Each game's table is printed as soon as it is made.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import parlour
from parlour.bots import own_bot
from parlour.engine.numbers import encoding_of
from parlour.games import GAMES, get_game
from parlour.sim.arena import run_arena
from parlour.sim.decisions import layout_version

#: each game's table: its smallest
SEATS = {"football-whist": 4, "squadron-scramble": 2, "british-towns-asking": 3, "british-towns-sets": 2}
LEARNED = "cloned"


def learned_player(path: Path, game: Any) -> Any:
    """The cloned Football Whist policy saved by the example, seated as a bot (``PolicyBot``)."""
    import numpy as np

    from parlour.research.policy import PolicyBot

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
    import clone_football_whist as clone  # the example's features and model

    weights = np.load(path)
    model = clone.Scorer(weights["w1"].shape[1], np.random.default_rng(0))
    model.w1[...], model.b1[...], model.w2[...] = weights["w1"], weights["b1"], weights["w2"]
    return PolicyBot.factory(game, SEATS[game.id], model)


def table(game_id: str, report: dict[str, Any]) -> str:
    """The pairs as a square Markdown table: the row bot's score against the column bot, with its interval."""
    bots = report["bots"]
    cells = {}
    for pair in report["pairs"]:
        low, high = pair["ci95"]
        cells[pair["a"], pair["b"]] = f"{pair['score']:.2f} [{low:.2f}, {high:.2f}]"
        cells[pair["b"], pair["a"]] = f"{1 - pair['score']:.2f} [{1 - high:.2f}, {1 - low:.2f}]"
    lines = [f"| {game_id} ({report['players']} players) | " + " | ".join(f"`{b}`" for b in bots) + " |",
             "|---|" + "---|" * len(bots)]
    for a in bots:
        lines.append(f"| `{a}` | " + " | ".join("-" if a == b else cells[a, b] for b in bots) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="deals each pair plays (default 10)")
    parser.add_argument("--iterations", type=int, default=100, help="the search bots' budget (default 100)")
    parser.add_argument("--game", action="append", choices=sorted(SEATS), help="only this game (repeatable)")
    parser.add_argument("--learned", type=Path, help="weights saved by examples/clone_football_whist.py --save")
    parser.add_argument("--max-actions", type=int, default=5000, help="stop a game after this many actions, "
                                                                       "as a draw (default 5000)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="a short run: the sets game, random and its club "
                                                             "player, 2 deals")
    parser.add_argument("--json", action="store_true", help="print the arena reports as JSON")
    args = parser.parse_args(argv)
    games = args.game or list(SEATS)
    if args.quick:
        games, args.deals = ["british-towns-sets"], 2
    start = time.perf_counter()
    reports, versions = {}, {}
    for game_id in games:
        game = get_game(game_id)
        seats = SEATS[game_id]
        bots = ["random", own_bot(game)]
        if not args.quick:
            bots += [f"pimc:{args.iterations}", f"expert:{args.iterations}"]
        players = {}
        if args.learned is not None and game_id == "football-whist":
            bots.append(LEARNED)
            players[LEARNED] = learned_player(args.learned, game)
        began = time.perf_counter()
        reports[game_id] = run_arena(game, bots, args.deals, seed=args.seed, seats=seats, workers=args.workers,
                                     players=players, max_actions=args.max_actions)
        reports[game_id]["seconds"] = round(time.perf_counter() - began, 1)
        versions[game_id] = {"rules_version": game.rules_version,
                             "tensor_layout_version": layout_version(encoding_of(game, seats)
                                                                     .information_state_layout)}
        if not args.json:
            if game_id == games[0]:
                print(f"Parlour {parlour.__version__}; {args.deals} deals a pair in every seating (duplicate arena), "
                      f"seed {args.seed}; search bots at {args.iterations} iterations a decision; a game stopped "
                      f"at {args.max_actions:,} actions counts as a draw.")
            print(heading(game_id, versions[game_id], reports[game_id]) + "\n")
            print(table(game_id, reports[game_id]), flush=True)
    made = {"parlour": parlour.__version__, "deals": args.deals, "iterations": args.iterations, "seed": args.seed,
            "max_actions": args.max_actions, "games": versions, "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps({"made": made, "reports": reports}, indent=1))
    else:
        print(f"\n{made['seconds']:.0f} s in all.")
    return 0


def heading(game_id: str, versions: dict[str, str], report: dict[str, Any]) -> str:
    """What one game's table was made on, and how long it took."""
    stopped = sum(pair["unfinished"] for pair in report["pairs"])
    return (f"\n{GAMES[game_id].title}: rules version {versions['rules_version']}, tensor layout "
            f"{versions['tensor_layout_version']}; {report['games']} games in {report['seconds']:.0f} s"
            f"{f', {stopped} stopped unfinished' if stopped else ''}. The row player's score against the "
            "column player, with its 95% interval:")


if __name__ == "__main__":
    sys.exit(main())
