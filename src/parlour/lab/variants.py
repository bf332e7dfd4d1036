"""What each rule does: every variant of a game set against its defaults on the same deals.

Each option of the game's descriptor is tried at every setting other than its
default (a switch the other way, each other choice, and for a number the
values a designer would try, ``SETTINGS``, or else half and double the
default), one option at a time, the others at their defaults.  A setting is
played on exactly the deals of the default (the same seeds, the same shifts of
the hands, the same bots' seeds), so its effect on each deal is a paired
difference, and the interval of the mean difference over deals is far
narrower than that of two separate runs.

The effects reported: on seat advantage (the headline share: the first
player's, or his partnership's), on length (decisions a game), on how often a
game is drawn, on how often it is decided early, and on skill: how much better
the club player does against the newcomer (``parlour.lab.skill.skill_pair``)
in duplicate play on the same deals, a rule that rewards skill raising it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from parlour.engine.descriptor import GameDescriptor, VariantOption
from parlour.lab.intervals import mean_interval
from parlour.lab.seats import by_deal, headline_by_deal
from parlour.lab.shape import EARLY

#: the values worth trying of an option that takes a number, where half and double its default are not
SETTINGS: dict[tuple[str, str], tuple[int, ...]] = {
    ("squadron-scramble", "target"): (100, 500),
    ("squadron-scramble", "stalemate_turns"): (20,),
    ("squadron-scramble", "max_rounds"): (1,),
    ("british-towns-sets", "stalemate"): (2,),
    ("biggles", "matches"): (1, 4),
    ("biggles", "deciders"): (0, 3),
}


def settings_of(game: GameDescriptor, option: VariantOption) -> list[Any]:
    """The settings of ``option`` other than its default that the lab tries."""
    if option.type is bool:
        return [not option.default]
    if option.choices:
        return [choice for choice in option.choices if choice != option.default]
    if option.type is int:
        chosen = SETTINGS.get((game.id, option.name))
        if chosen is None:
            default = int(option.default)
            chosen = (default // 2, default * 2) if default > 1 else (default + 1,)
        low = option.minimum if option.minimum is not None else -(2**31)
        high = option.maximum if option.maximum is not None else 2**31
        return [value for value in chosen if low <= value <= high and value != option.default]
    return []


def variant_settings(game: GameDescriptor, base: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every one-option change from ``base`` (the defaults) that the lab tries, as variant overrides."""
    resolved = game.variant(dict(base or {}))
    out = []
    for option in game.variants:
        for value in settings_of(game, option):
            if resolved[option.name] != value:
                out.append({option.name: value})
    return out


def _per_deal(rows: Sequence[Mapping[str, Any]], measure: Any) -> dict[int, float]:
    return {deal: measure(games) for deal, games in by_deal(rows).items()}


def _mean_decisions(games: Sequence[Mapping[str, Any]]) -> float:
    return sum(g["decisions"] or 0 for g in games) / len(games)


def _drawn(seats: int) -> Any:
    return lambda games: sum(len(g["winners"]) == seats for g in games) / len(games)


def _early(games: Sequence[Mapping[str, Any]]) -> float:
    return sum(1 for g in games if g.get("decided_at") is not None and g["decided_at"] <= EARLY) / len(games)


def compare(game: GameDescriptor, seats: int, base: Sequence[Mapping[str, Any]],
            other: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The setting's effect on each figure: the mean over deals of (setting - default), with its interval."""
    measures = {"seat_advantage": lambda rows: headline_by_deal(game, seats, rows),
                "decisions": lambda rows: _per_deal(rows, _mean_decisions),
                "draw_rate": lambda rows: _per_deal(rows, _drawn(seats)),
                "decided_early_rate": lambda rows: _per_deal(rows, _early)}
    return {name: paired_effect(measure(base), measure(other)) for name, measure in measures.items()}


def paired_effect(a: Mapping[int, float], b: Mapping[int, float]) -> dict[str, Any]:
    """The mean over the deals both have of ``b - a``, with its 95% interval, and both means."""
    common = sorted(set(a) & set(b))
    difference = mean_interval([b[d] - a[d] for d in common])
    base_mean = sum(a[d] for d in common) / len(common) if common else None
    return {"default": None if base_mean is None else round(base_mean, 4),
            "variant": None if difference["mean"] is None or base_mean is None
            else round(base_mean + difference["mean"], 4),
            "difference": difference["mean"], "ci95": difference["ci95"],
            "clear": bool(difference["ci95"] and (difference["ci95"][0] > 0 or difference["ci95"][1] < 0))}
