"""Random playouts per second, for every Parlour game and for OpenSpiel's hearts.

Run:  .venv/bin/python bench/playouts.py [--seconds 5] [--json]

Each game plays full matches with uniformly random legal actions, through the
same public contract every front end uses (``to_move``, ``legal_actions``,
``apply``), pinned to one core.  The machine's speed drifts, so compare only
the ratio to OpenSpiel's hearts (C++ driven from Python) measured in the same
run: each game is timed in short turns alternating with hearts (as
``bench/tensors.py`` does), and ``ratio_vs_openspiel_hearts`` is the median,
over those pairs of turns, of the game's decisions per second divided by
hearts' in the turn beside it; a shared machine slows now one turn, now
another, and the median of the pairs is what a burst of it does not move
(``ratio_overall`` divides the two totals instead, ``hearts_decisions_per_s``
is hearts' over the same turns).  The goal is at least 1 for every turn-based
game.

The figures say which form of the rules ran (``"rules"``): the compiled form
that installing Parlour builds (src/parlour/compiled.py), or the Python sources
(``PARLOUR_PURE=1`` runs them past a build).  docs/simulation.md has both.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

from parlour.compiled import running
from parlour.games import GAMES

#: how each game is benchmarked: players, and a variant that ends a random game (random
#: players seldom reach Squadron Scramble's 250 points, so its unit is one round)
SETTINGS = {
    "football-whist": {"seats": 4, "variant": None, "unit": "matches"},
    "squadron-scramble": {"seats": 4, "variant": {"max_rounds": 1}, "unit": "rounds"},
}


#: turns each game and hearts take about, when timed against each other
TURNS = 40


class _Tally:
    """Whole games played by ``play_one(i)`` (which returns the game's decisions), over one or more turns."""

    def __init__(self, play_one) -> None:
        self.play_one = play_one
        self.games = self.decisions = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> float:
        """Play whole games for about ``seconds``; this turn's decisions per second."""
        start = time.perf_counter()
        decisions = 0
        while time.perf_counter() - start < seconds:
            decisions += self.play_one(self.games)
            self.games += 1
        elapsed = time.perf_counter() - start
        self.decisions += decisions
        self.elapsed += elapsed
        return decisions / elapsed

    def figures(self) -> dict[str, float]:
        return {
            "games": self.games,
            "seconds": round(self.elapsed, 3),
            "games_per_s": round(self.games / self.elapsed, 1),
            "decisions_per_s": round(self.decisions / self.elapsed, 1),
            "decisions_per_game": round(self.decisions / self.games, 1),
        }


def _timed(play_one, seconds: float) -> dict[str, float]:
    """Call ``play_one(i)`` (one whole game, returning its decisions) for ``seconds``."""
    tally = _Tally(play_one)
    tally.run(seconds)
    return tally.figures()


def _against(play_one, hearts_one, seconds: float) -> tuple[dict[str, float], dict[str, float], float]:
    """Figures of ``play_one`` and of ``hearts_one``, each played ``seconds`` in alternating turns, and the
    median over the pairs of turns of the one's speed over the other's."""
    mine, theirs = _Tally(play_one), _Tally(hearts_one)
    ratios = []
    for _ in range(TURNS):
        speed = mine.run(seconds / TURNS)
        ratios.append(speed / theirs.run(seconds / TURNS))
    return mine.figures(), theirs.figures(), statistics.median(ratios)


def parlour_playout(game_id: str, seed: int = 0):
    """(``play_one(index)``: one random game of ``game_id``, returning its decisions; the settings used)."""
    game = GAMES[game_id]
    settings = SETTINGS.get(game_id, {"seats": game.seat_counts[0], "variant": None, "unit": "games"})
    seats, variant = settings["seats"], settings["variant"]
    choice = random.Random(seed).choice

    def play_one(index: int) -> int:
        state = game.new_state(seats=seats, seed=index, variant=variant)
        decisions = 0
        while not state.is_over:
            movers = state.to_move
            if len(movers) == 1:
                for seat in movers:
                    break
            else:                       # a real-time game: either player may be first
                seat = choice(sorted(movers))
            state.apply(seat, choice(state.legal_actions(seat)))
            decisions += 1
        return decisions

    return play_one, {"unit": settings["unit"], "seats": seats, "variant": variant}


def bench_parlour(game_id: str, seconds: float, seed: int = 0, hearts=None) -> dict[str, float]:
    """A game's figures; with ``hearts`` (``hearts_playout()``) timed in turns against it, with the ratio."""
    play_one, settings = parlour_playout(game_id, seed)
    if hearts is None:
        figures = _timed(play_one, seconds)
    else:
        figures, theirs, median = _against(play_one, hearts, seconds)
        figures["hearts_decisions_per_s"] = theirs["decisions_per_s"]
        figures["ratio_vs_openspiel_hearts"] = round(median, 3)
        figures["ratio_overall"] = round(figures["decisions_per_s"] / theirs["decisions_per_s"], 3)
    figures.update(settings, rules=running())
    return figures


def hearts_playout(seed: int = 0):
    """``play_one(index)``: one random game of OpenSpiel's hearts, returning its decisions (None without it)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    choice = random.Random(seed).choice

    def play_one(index: int) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play_one


def bench_hearts(seconds: float, seed: int = 0) -> dict[str, float] | None:
    play_one = hearts_playout(seed)
    return None if play_one is None else _timed(play_one, seconds)


def bench_biggles_twin(seconds: float, variant: dict | None = None) -> dict[str, float]:
    """Biggles raced by two 'club' bots on the discrete-event twin's simulated clock.

    By default the unit is a single match (a one-match game, no decider);
    ``variant={}`` times whole games under the default variant instead (two
    matches, the packs changing hands, and a deciding match on a level score).
    """
    from parlour.games.biggles.bots import ReflexBot
    from parlour.games.biggles.twin import race

    game = GAMES["biggles"]
    variant = {"matches": 1, "deciders": 0} if variant is None else variant

    def play_one(index: int) -> int:
        state = game.new_state(seats=2, seed=index, variant=variant)
        race(state, [ReflexBot(0, index, "club"), ReflexBot(1, index + 1, "club")])
        return len(state.history)

    figures = _timed(play_one, seconds)
    unit = "single matches" if variant.get("matches") == 1 else "games (2 matches, a decider if level)"
    figures.update(unit=f"{unit} on the simulated clock", seats=2, variant=variant)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object keyed by game id")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), metavar="ID",
                        help="time only this game (may be given again; default: every game, and the Biggles twin)")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    hearts = bench_hearts(args.seconds)
    reference = hearts_playout(1)
    report: dict[str, dict] = {}
    for game_id in args.game or GAMES:
        figures = bench_parlour(game_id, args.seconds, hearts=reference)
        figures.setdefault("ratio_vs_openspiel_hearts", None)
        report[game_id] = figures
    if "biggles" in GAMES and not args.game:
        report["biggles-twin"] = bench_biggles_twin(args.seconds)
        report["biggles-twin-games"] = bench_biggles_twin(args.seconds, variant={})
    report["openspiel-hearts"] = hearts or {"error": "open-spiel is not installed (pip install -e '.[bench]')"}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"rules: {running()}")
    print(f"{'game':<22}{'games/s':>10}{'decisions/s':>14}{'dec/game':>10}{'hearts dec/s':>14}{'ratio':>8}"
          "  (a game is one unit)")
    for game_id, f in report.items():
        if "error" in f:
            print(f"{game_id:<22}{f['error']}")
            continue
        ratio = f.get("ratio_vs_openspiel_hearts")
        theirs = f.get("hearts_decisions_per_s")
        print(f"{game_id:<22}{f['games_per_s']:>10.1f}{f['decisions_per_s']:>14.1f}{f['decisions_per_game']:>10.1f}"
              f"{'' if theirs is None else format(theirs, '.1f'):>14}"
              f"{'' if ratio is None else format(ratio, '.2f'):>8}  {f.get('unit', 'games')}"
              f"{'' if 'seats' not in f else ', ' + str(f['seats']) + ' players'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
