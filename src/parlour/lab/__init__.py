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

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from parlour.bots import own_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.lab.deals import rotates, shifts
from parlour.lab.play import Study
from parlour.lab.runs import kept, merge_rows, play_study
from parlour.lab.seats import seat_advantage
from parlour.lab.shape import length_and_shape
from parlour.lab.variants import compare, paired_effect, variant_settings
from parlour.sim.arena import Arena, Game
from parlour.sim.backends import Backend, LocalBackend

__all__ = ["DEFAULT_DEALS", "Plan", "build", "default_deals", "merge", "plan", "run_lab"]

#: deals at the default budget, by game: those a pilot of 100 to 200 deals said would bring the headline seat
#: advantage to ±1 point, and a tenth more (docs/lab.md)
DEFAULT_DEALS: dict[str, int] = {
    "football-whist": 1400,
    "squadron-scramble": 4300,
    "british-towns-asking": 3400,
    "british-towns-sets": 5000,
    "biggles": 10800,
}
#: deals a variant is played on at the default budget (paired with the defaults' first deals)
VARIANT_DEALS = 500
#: deals a pair of the ladder plays at the default budget
LADDER_DEALS = 12
#: Biggles: games a point of the speed sweep at the default budget
SPEED_GAMES = 200

Progress = Callable[[str, int, int], None]


def default_deals(game: GameDescriptor) -> int:
    return DEFAULT_DEALS.get(game.id, 2500)


@dataclass(frozen=True)
class Plan:
    """What one lab run measures, every default filled in: kept as ``lab.json`` in the run's folder."""

    game: str
    players: int
    variant: dict[str, Any]
    seed: int
    deals: int
    bot: str
    variant_deals: int | None
    ladder_deals: int | None
    iterations: int | None
    luck: bool
    speed_games: int

    def base(self) -> Study:
        return Study(self.game, self.players, self.variant, self.seed, self.deals, self.bot, luck=self.luck)

    def variant_studies(self, game: GameDescriptor) -> list[tuple[dict[str, Any], Study]]:
        if self.variant_deals is None:
            return []
        return [(setting, Study(self.game, self.players, {**self.variant, **setting}, self.seed, self.variant_deals,
                                self.bot)) for setting in variant_settings(game, self.variant)]


@dataclass
class Played:
    """Everything a run played: the rows of each study and the ladder's games (what a report is made from)."""

    rows: list[dict[str, Any]]
    variants: list[tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)
    ladder: tuple[Arena, list[Game]] | None = None
    speed: list[dict[str, Any]] | None = None
    #: the skill pair's games (``skill.skill_pair``) under the defaults, then under each variant
    skill: list[tuple[Arena, list[Game]]] = field(default_factory=list)


def plan(game: GameDescriptor, *, seats: int | None = None, variant: Mapping[str, Any] | None = None,
         seed: int = 0, deals: int | None = None, variant_deals: int | None = None,
         ladder_deals: int | None = None, iterations: int | None = None, bot: str | None = None,
         variants: bool = True, ladder: bool = True, speed_games: int | None = None, luck: bool = False) -> Plan:
    """The run's plan, defaults filled in (``variants``/``ladder`` False: those parts left out)."""
    from parlour.lab import skill
    from parlour.lab.luck import corrects

    n = default_deals(game) if deals is None else deals
    return Plan(game.id, game.check_seats(seats or game.seat_counts[0]), game.variant(dict(variant or {})), seed, n,
                bot or own_bot(game), min(n, VARIANT_DEALS if variant_deals is None else variant_deals)
                if variants else None, (LADDER_DEALS if ladder_deals is None else ladder_deals) if ladder else None,
                (skill.ITERATIONS if iterations is None else iterations) if ladder else None,
                luck and corrects(game),
                (SPEED_GAMES if speed_games is None else speed_games) if game.id == "biggles" else 0)


def run_lab(game: GameDescriptor, *, backend: Backend | None = None, folder: str | Path | None = None,
            progress: Progress | None = None, **options: Any) -> dict[str, Any]:
    """Measure ``game`` and return the lab's report (see the module); ``options`` as :func:`plan` takes them.

    ``folder`` keeps the plan and every part played as it comes: the same call with the same folder carries on a
    stopped run.  ``progress(stage, done, total)`` is called as parts come back.
    """
    chosen = plan(game, **options)
    out = None if folder is None else Path(folder)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "lab.json").write_text(json.dumps(asdict(chosen), indent=1) + "\n")
    owned = backend is None
    on: Backend = LocalBackend(1) if backend is None else backend
    try:
        played = _play(game, chosen, on, out, progress)
    finally:
        if owned:
            on.close()
    return build(game, chosen, played)


def _play(game: GameDescriptor, chosen: Plan, on: Backend, out: Path | None, progress: Progress | None) -> Played:
    from parlour.lab import skill
    from parlour.sim.arena import total_games

    per_deal = shifts(game, chosen.players)

    def stage(name: str, total: int) -> Callable[[int], None] | None:
        return None if progress is None else (lambda done: progress(name, done, total))

    played = Played(play_study(chosen.base(), on, folder=out, progress=stage("defaults", chosen.deals * per_deal)))
    for setting, study in chosen.variant_studies(game):
        label = _label(setting)
        played.variants.append((setting, play_study(study, on, folder=out, progress=stage(label, study.deals
                                                                                          * per_deal))))
    if chosen.variant_deals is not None:
        pair = skill.skill_pair(game)
        rules = [chosen.variant, *({**chosen.variant, **setting} for setting, _study in chosen.variant_studies(game))]
        for k, variant in enumerate(rules):
            total = total_games(game, 2, chosen.variant_deals, chosen.players)
            played.skill.append(skill.play_ladder(game, pair, chosen.variant_deals, chosen.seed, chosen.players,
                                                  variant, on, progress=stage(f"skill {k}", total), folder=out))
    if chosen.ladder_deals is not None and chosen.iterations is not None:
        bots = skill.ladder(game, chosen.iterations)
        total = total_games(game, len(bots), chosen.ladder_deals, chosen.players)
        played.ladder = skill.play_ladder(game, bots, chosen.ladder_deals, chosen.seed, chosen.players,
                                          chosen.variant, on, progress=stage("ladder", total), folder=out)
    if chosen.speed_games:
        from parlour.games.biggles.levels import DEFAULT, LEVELS
        from parlour.sim.speed import sweep

        played.speed = sweep(chosen.bot if chosen.bot in LEVELS else DEFAULT, chosen.speed_games, chosen.seed)
    return played


def build(game: GameDescriptor, chosen: Plan, played: Played, seeds: list[int] | None = None) -> dict[str, Any]:
    """The report from what was played (``seeds``: those of runs merged into one)."""
    from parlour import __version__
    from parlour.compiled import describe
    from parlour.lab import skill
    from parlour.lab.luck import corrected_shares

    table, rows = chosen.players, played.rows
    deals = len({row["deal"] for row in rows})
    report: dict[str, Any] = {
        "game": game.id, "title": game.title, "rules_version": game.rules_version,
        "parlour_version": __version__, "rules_form": describe(),
        "players": table, "seed": chosen.seed if seeds is None else seeds, "variant": chosen.variant,
        "bot": chosen.bot,
        "budget": {"deals": deals, "games": len(rows), "variant_deals": None, "ladder_deals": None,
                   "iterations": chosen.iterations},
        "duplicate": {"rotates": rotates(game), "games_a_deal": shifts(game, table),
                      "how": "every deal played once for every shift of the hands round the table"
                      if rotates(game) else "every deal played once (this game's hands cannot be passed round)"},
        "seat_advantage": seat_advantage(game, table, rows),
        "length_and_shape": length_and_shape(rows),
    }
    if chosen.luck:
        report["seat_advantage"]["luck_corrected"] = corrected_shares(game, table, rows)
    if chosen.variant_deals is not None:
        report["variants"] = []
        strong = [skill.stronger_scores(game, *kept) for kept in played.skill]
        pair = skill.skill_pair(game)
        report["skill_measure"] = (f"the {pair[1]} bot's score against the {pair[0]} in duplicate play (the arena's "
                                   "score: a share of the winning seats)")
        for k, (setting, other) in enumerate(played.variants):
            kept = {row["deal"] for row in other}
            paired = [row for row in rows if row["deal"] in kept]
            report["budget"]["variant_deals"] = len(kept)
            effects = compare(game, table, paired, other)
            if len(strong) == len(played.variants) + 1:
                effects["skill"] = paired_effect(strong[0], strong[k + 1])
            report["variants"].append({"setting": setting, "label": _label(setting), "deals": len(kept),
                                       "effects": effects,
                                       "seat_advantage": seat_advantage(game, table, other)["headline"]})
    if played.ladder is not None:
        arena, games = played.ladder
        report["budget"]["ladder_deals"] = arena.deals
        report["luck_and_skill"] = skill.luck_and_skill(game, arena, games, chosen.seed)
    if played.speed is not None:
        from parlour.games.biggles.levels import DEFAULT, LEVELS

        report["speed"] = {"level": chosen.bot if chosen.bot in LEVELS else DEFAULT,
                           "games_a_point": chosen.speed_games, "rows": played.speed}
    return report


def merge(folders: Sequence[str | Path]) -> dict[str, Any]:
    """One report from several finished runs of the same plan with different seeds: their deals pooled."""
    from parlour.games import get_game
    from parlour.lab import skill

    if len(folders) < 2:
        raise ParlourError("--merge needs the folders of two or more runs")
    plans = []
    for folder in folders:
        path = Path(folder) / "lab.json"
        if not path.exists():
            raise ParlourError(f"{folder} holds no lab run (no lab.json)")
        plans.append(Plan(**json.loads(path.read_text())))
    first = plans[0]
    for folder, other in zip(folders, plans, strict=True):
        if replace(other, seed=first.seed) != first:
            raise ParlourError(f"{folder} and {folders[0]} measured different things: only the seed may differ")
    seeds = [p.seed for p in plans]
    if len(set(seeds)) < len(seeds):
        raise ParlourError("two of the runs have the same seed: they played the same deals")
    game = get_game(first.game)
    runs = [kept(Path(f), p.base()) for f, p in zip(folders, plans, strict=True)]
    played = Played(merge_rows(runs))
    for k, (setting, _study) in enumerate(first.variant_studies(game)):
        played.variants.append((setting, merge_rows([kept(Path(f), p.variant_studies(game)[k][1])
                                                     for f, p in zip(folders, plans, strict=True)])))
    if first.ladder_deals is not None:
        played.ladder = skill.merge_ladders([skill.kept_ladder(game, Path(f), skill.ladder(game, p.iterations or 0),
                                                               p.ladder_deals or 0, p.seed, p.players, p.variant)
                                             for f, p in zip(folders, plans, strict=True)])
    if first.variant_deals is not None:
        pair = skill.skill_pair(game)
        for rules in [first.variant, *({**first.variant, **setting} for setting, _s in first.variant_studies(game))]:
            played.skill.append(skill.merge_ladders([skill.kept_ladder(game, Path(f), pair, p.variant_deals or 0,
                                                                       p.seed, p.players, rules)
                                                     for f, p in zip(folders, plans, strict=True)]))
    return build(game, replace(first, speed_games=0), played, seeds)


def _label(setting: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_text(v)}" for k, v in setting.items())


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
