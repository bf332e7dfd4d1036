"""The game-design lab: what a game is like in numbers, with intervals, for every game and variant.

``run_lab`` measures one game at one table size and one set of rules and
returns a report (a JSON-able dict; ``parlour.lab.report`` writes it as JSON
and as a self-contained HTML page):

- **seat advantage** (``seats``): each position's share of the wins with one
  bot in every seat and the hands passed round the table (``deals``);
- **length and shape** (``shape``): decisions, rounds or tricks a game, their
  spread, and how often a game is settled by half-way;
- **what each rule does** (``variants``): every variant against the defaults
  on the same deals, as paired differences with intervals;
- **luck and skill** (``skill``): the spread of the bot ladder's ratings,
  placed on the chess-with-coin-flips scale, and the ladder's depth;
- for Biggles, **what speed is worth** (``parlour.sim.speed``'s sweep);
- with ``luck``, the first player's share again with **the luck of the draw
  taken out** (``luck``: control variates after AIVAT), and how many times
  fewer deals that needs.

The games are played on any of the simulator's backends, kept part by part in
the run's folder so that a stopped run carries on (``runs``).  Nothing in the
games, bots or simulator imports the lab: it sits above them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from parlour.bots import own_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.lab.deals import rotates, shifts
from parlour.lab.play import Study
from parlour.lab.runs import play_study
from parlour.lab.seats import seat_advantage
from parlour.lab.shape import length_and_shape
from parlour.lab.variants import compare, variant_settings
from parlour.sim.backends import Backend, LocalBackend

__all__ = ["DEFAULT_DEALS", "default_deals", "run_lab"]

#: deals at the default budget, by game: enough for the headline seat advantage to about ±1 point (see docs/lab.md)
DEFAULT_DEALS: dict[str, int] = {
    "football-whist": 1300,
    "squadron-scramble": 4000,
    "british-towns-asking": 3100,
    "british-towns-sets": 4000,
    "biggles": 10000,
}
#: deals a variant is played on at the default budget (paired with the defaults' first deals)
VARIANT_DEALS = 500
#: deals a pair of the ladder plays at the default budget
LADDER_DEALS = 12

Progress = Callable[[str, int, int], None]


def default_deals(game: GameDescriptor) -> int:
    return DEFAULT_DEALS.get(game.id, 2500)


def run_lab(game: GameDescriptor, *, seats: int | None = None, variant: Mapping[str, Any] | None = None,
            seed: int = 0, deals: int | None = None, variant_deals: int | None = None,
            ladder_deals: int | None = None, iterations: int | None = None, bot: str | None = None,
            variants: bool = True, ladder: bool = True, speed_games: int = 0, luck: bool = False,
            backend: Backend | None = None, folder: str | Path | None = None,
            progress: Progress | None = None) -> dict[str, Any]:
    """Measure ``game`` and return the lab's report (see the module); ``progress(stage, done, total)``."""
    from parlour import __version__
    from parlour.compiled import describe
    from parlour.lab import skill

    table = game.check_seats(seats or game.seat_counts[0])
    rules = game.variant(dict(variant or {}))
    n = default_deals(game) if deals is None else deals
    chosen_bot = bot or own_bot(game)
    out = None if folder is None else Path(folder)
    owned = backend is None
    on: Backend = LocalBackend(1) if backend is None else backend
    per_deal = shifts(game, table)

    def stage(name: str, total: int) -> Callable[[int], None] | None:
        return None if progress is None else (lambda done: progress(name, done, total))

    try:
        from parlour.lab.luck import corrected_shares, corrects

        measure_luck = luck and corrects(game)
        base = Study(game.id, table, rules, seed, n, chosen_bot, luck=measure_luck)
        rows = play_study(base, on, folder=out, progress=stage("defaults", n * per_deal))
        report: dict[str, Any] = {
            "game": game.id, "title": game.title, "rules_version": game.rules_version,
            "parlour_version": __version__, "rules_form": describe(),
            "players": table, "seed": seed, "variant": rules, "bot": chosen_bot,
            "budget": {"deals": n, "games": len(rows), "variant_deals": None, "ladder_deals": None,
                       "iterations": None},
            "duplicate": {"rotates": rotates(game), "games_a_deal": per_deal,
                          "how": "every deal played once for every shift of the hands round the table"
                          if rotates(game) else "every deal played once (this game's hands cannot be passed round)"},
            "seat_advantage": seat_advantage(game, table, rows),
            "length_and_shape": length_and_shape(rows),
        }
        if measure_luck:
            report["seat_advantage"]["luck_corrected"] = corrected_shares(game, table, rows)
        if variants:
            m = min(n, VARIANT_DEALS if variant_deals is None else variant_deals)
            report["budget"]["variant_deals"] = m
            paired = [row for row in rows if row["deal"] < m]
            report["variants"] = []
            for setting in variant_settings(game, rules):
                study = Study(game.id, table, {**rules, **setting}, seed, m, chosen_bot)
                label = ", ".join(f"{k}={_text(v)}" for k, v in setting.items())
                other = play_study(study, on, folder=out, progress=stage(label, m * per_deal))
                report["variants"].append({"setting": setting, "label": label, "deals": m,
                                           "effects": compare(game, table, paired, other),
                                           "seat_advantage": seat_advantage(game, table, other)["headline"]})
        if ladder:
            k = LADDER_DEALS if ladder_deals is None else ladder_deals
            budget = skill.ITERATIONS if iterations is None else iterations
            report["budget"]["ladder_deals"], report["budget"]["iterations"] = k, budget
            bots = skill.ladder(game, budget)
            from parlour.sim.arena import total_games

            arena, played = skill.play_ladder(game, bots, k, seed, table, rules, on,
                                              progress=stage("ladder", total_games(game, len(bots), k, table)))
            report["luck_and_skill"] = skill.luck_and_skill(game, arena, played, seed)
        if speed_games and game.id == "biggles":
            from parlour.sim.speed import sweep

            report["speed"] = {"level": chosen_bot, "games_a_point": speed_games,
                               "rows": sweep(chosen_bot, speed_games, seed)}
    finally:
        if owned:
            on.close()
    return report


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
