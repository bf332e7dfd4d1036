"""Do bot games end under the sheets' own rules?  Games that ended, games stopped at the ceiling, the longest.

Run:  .venv/bin/python bench/endless.py [--games 100000] [--workers 16] [--seed 0] [--json]

The sheets end a Squadron Scramble round only when someone goes out (Parlour
adds the end of a round whose stock cannot be made again, ruling 9) and the
British Towns sets game only when a hand cannot be made up to seven.  The
club stalemates are off by default, so a game ends only if the bots
themselves stop going round in circles.  This plays ``--games`` games of
each of the two games, shared evenly over its runs: Squadron Scramble with
2, 3 and 4 players and the sets game with 2 to 5, each with the game's
default bot in every seat and with ``random`` in every seat, all under the
default rules, through ``parlour.sim.simulate``.  It reports for each run:
games, how many ended, how many reached the simulator's ceiling on actions
(``parlour.sim.MAX_ACTIONS``, counted, not an error), and the longest game in
actions (and in rounds for Squadron Scramble).

Random Squadron Scramble players lose points in most rounds, and with three
or four of them nobody ever reaches 250: such a game is an endless string of
rounds, each of which ends.  Their main runs therefore use the club variant
``max_rounds=--random-max-rounds`` (default 10).  A smaller run
(``--sheet-games`` a seat count, default 10) plays them with no variant at
all, to show what happens: their rounds keep ending, their totals sink, and
the game reaches the ceiling unless a lucky round (VICTORY doubling all a
player laid) takes someone to 250.  Two random players need the limit
too: since rules version 2 (wild cards swapped only out of another
player's sets, as the sheet says) their games often reach the ceiling.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from parlour.games import get_game
from parlour.sim import MAX_ACTIONS, simulate

SEATS = {"squadron-scramble": (2, 3, 4), "british-towns-sets": (2, 3, 4, 5)}


def runs(games: int, random_max_rounds: int, sheet_games: int) -> list[dict[str, Any]]:
    """The runs to make: ``games`` games of each game, shared evenly over its seat counts and bots."""
    plan = []
    for game_id, counts in SEATS.items():
        bot = next(iter(get_game(game_id).bots))
        share, extra = divmod(games, 2 * len(counts))
        shares = iter([share + 1] * extra + [share] * (2 * len(counts) - extra))
        for seats in counts:
            plan.append({"game": game_id, "seats": seats, "bot": bot, "variant": {}, "games": next(shares)})
            sinks = game_id == "squadron-scramble"     # random totals seldom reach 250 (two players' too, since
            #                                            wild cards are swapped only out of others' sets)
            variant = {"max_rounds": random_max_rounds} if sinks else {}
            plan.append({"game": game_id, "seats": seats, "bot": "random", "variant": variant,
                         "games": next(shares)})
            if sinks and sheet_games:
                plan.append({"game": game_id, "seats": seats, "bot": "random", "variant": {}, "games": sheet_games})
    return plan


def measure(run: dict[str, Any], seed: int, workers: int) -> dict[str, Any]:
    game = get_game(run["game"])
    start = time.perf_counter()
    report = simulate(game, run["games"], seed, [run["bot"]] * run["seats"], variant=run["variant"], workers=workers)
    elapsed = time.perf_counter() - start
    results = report["results"]
    row = {
        **run,
        "ended": results["ended"],
        "ceiling": results["ceiling"]["games"],
        "longest_actions": results["actions_per_game"]["longest"],
        "mean_actions": results["actions_per_game"]["mean"],
        "seconds": round(elapsed, 1),
        "games_per_s": round(run["games"] / elapsed, 1),
    }
    if "rounds_per_game" in results and results["ended"]:
        row["longest_rounds"] = results["rounds_per_game"]["longest"]
    stopped = results["ceiling"].get("at_stop")
    if stopped and "rounds_per_game" in stopped:
        # Games stopped at the ceiling: how many rounds had ended by then, and where the totals stood.
        row["at_ceiling"] = {
            "rounds_ended_mean": stopped["rounds_per_game"]["mean"],
            "rounds_ended_fewest": min(int(k) for k in stopped["rounds_per_game"]["distribution"]),
            "mean_total": round(sum(t["mean"] for t in stopped["final_totals"].values()) / run["seats"], 1),
        }
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000,
                        help="games of each game, shared evenly over its seat counts and bots (default 1000)")
    parser.add_argument("--workers", type=int, default=1, help="processes to share the games (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    parser.add_argument("--random-max-rounds", type=int, default=10,
                        help="max_rounds for random Squadron Scramble players (default 10)")
    parser.add_argument("--sheet-games", type=int, default=10,
                        help="random 3-4 player Squadron Scramble games a seat count with no variant "
                             "(default 10; 0: none)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = [measure(run, args.seed, args.workers)
            for run in runs(args.games, args.random_max_rounds, args.sheet_games)]
    elapsed = time.perf_counter() - start
    total = sum(r["games"] for r in rows)
    by_game = {}
    for game_id in SEATS:
        mine = [r for r in rows if r["game"] == game_id]
        by_game[game_id] = {key: sum(r[key] for r in mine) for key in ("games", "ended", "ceiling")}
        # A run with games at the ceiling has its longest there: the longest is taken over the runs that all ended.
        ended_runs = [r["longest_actions"] for r in mine if not r["ceiling"]]
        by_game[game_id]["longest_actions"] = max(ended_runs) if ended_runs else None
    report = {
        "seed": args.seed, "workers": args.workers, "max_actions": MAX_ACTIONS, "runs": rows, "by_game": by_game,
        "games": total, "seconds": round(elapsed, 1), "games_per_s": round(total / elapsed, 1),
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print_report(report)
    return 0


def print_report(report: dict[str, Any]) -> None:
    print(f"{'game':<20}{'players':>8}  {'bots':<10}{'variant':<16}{'games':>8}{'ended':>8}{'ceiling':>8}"
          f"{'longest (actions)':>19}{'longest (rounds)':>18}{'games/s':>9}")
    for r in report["runs"]:
        variant = ",".join(f"{k}={v}" for k, v in r["variant"].items()) or "-"
        print(f"{r['game']:<20}{r['seats']:>8}  {r['bot']:<10}{variant:<16}{r['games']:>8}{r['ended']:>8}"
              f"{r['ceiling']:>8}{r['longest_actions']:>19,}{r.get('longest_rounds', '-'):>18}{r['games_per_s']:>9}")
        if "at_ceiling" in r:
            c = r["at_ceiling"]
            print(f"{'':<30}stopped at the ceiling ({report['max_actions']:,} actions): "
                  f"{c['rounds_ended_mean']:.0f} rounds ended on average (fewest {c['rounds_ended_fewest']}), "
                  f"mean total {c['mean_total']:+.0f} points")
    for game_id, t in report["by_game"].items():
        longest = "-" if t["longest_actions"] is None else f"{t['longest_actions']:,}"
        print(f"{game_id}: {t['games']:,} games, {t['ended']:,} ended, {t['ceiling']:,} at the ceiling, "
              f"longest {longest} actions in the runs whose games all ended")
    print(f"{report['games']} games in {report['seconds']:.0f} s ({report['games_per_s']:.1f} games/s, "
          f"{report['workers']} worker(s), seed {report['seed']})")


if __name__ == "__main__":
    sys.exit(main())
