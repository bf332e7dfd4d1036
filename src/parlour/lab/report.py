"""The lab's report on disk: the whole of it as JSON, and a page a person reads (HTML, plots inline).

``write(report, folder)`` writes ``GAME.json`` and ``GAME.html`` (with the
variant in the name when one was chosen).  The page is self-contained: its
style and its plots (``parlour.lab.svg``) are inside it, nothing is fetched,
and the same report gives the same bytes.  ``headline(report)`` is the few
figures a rules page shows.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Mapping

from parlour.lab import svg

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 860px; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
td, th { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.headline { display: flex; gap: 1em; flex-wrap: wrap; }
.headline div { border: 1px solid #bcd; border-radius: 6px; padding: 0.6em 1em; background: #f4f8fc; }
.headline b { display: block; font-size: 1.3em; }
.note { color: #555; font-size: 0.9em; }
svg { max-width: 100%; height: auto; }
"""


def file_stem(report: Mapping[str, Any]) -> str:
    """``GAME-PLAYERSp``, with each rule changed from the defaults after it (``squadron-scramble-2p-target=100``)."""
    from parlour.games import get_game

    defaults = get_game(report["game"]).variant()
    changed = [f"{k}={str(v).lower()}" for k, v in report["variant"].items() if defaults.get(k) != v]
    return "-".join([str(report["game"]), f"{report['players']}p", *changed])


def _pct(value: float | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:+.1%}" if signed else f"{value:.1%}"


def _ci(ci: Any, signed: bool = False, percent: bool = True, places: int = 1) -> str:
    if not ci:
        return "-"
    if percent:
        return f"{_pct(ci[0], signed)} to {_pct(ci[1], signed)}"
    sign = "+" if signed else ""
    return f"{ci[0]:{sign}.{places}f} to {ci[1]:{sign}.{places}f}"


def headline(report: Mapping[str, Any]) -> dict[str, Any]:
    """The figures a rules page shows: seat advantage, luck and skill, length."""
    seat = report["seat_advantage"]["headline"]
    shape = report["length_and_shape"]
    out: dict[str, Any] = {
        "game": report["game"], "players": report["players"],
        "seat_advantage": {"who": seat["name"], "share": seat["share"], "fair": seat["fair"], "ci95": seat["ci95"]},
        "decisions": shape.get("decisions", {}).get("mean"),
        "decided_early": shape.get("decided_early", {}).get("rate"),
    }
    luck = report.get("luck_and_skill")
    if luck:
        out["coin_flip_share"] = luck["coin_flip_share"]["share"]
        out["coin_flip_ci95"] = luck["coin_flip_share"]["ci95"]
        out["depth"] = luck["depth"]["levels"]
    return out


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def _seats(report: Mapping[str, Any]) -> str:
    seats = report["seat_advantage"]
    head = seats["headline"]
    rows = [[row["name"], _pct(row["share"]), _ci(row["ci95"]), _pct(row["advantage"], True)]
            for row in seats["by_position"]]
    parts = [f"<p>Every seat is the same bot ({escape(report['bot'])}); {escape(report['duplicate']['how'])}: "
             f"{seats['deals']:,} deals, {seats['games']:,} games. A position's share of the wins is fair at "
             f"{_pct(seats['fair_share'])}; a drawn game counts for every seat, a win by a partnership for both "
             f"partners.</p>",
             f"<p><b>{escape(head['name'].capitalize())}: {_pct(head['share'])} of the wins</b> (95% interval "
             f"{_ci(head['ci95'])}, ±{head['half_width']:.1%}; fair {_pct(head['fair'])}). "
             + (f"The default budget's aim, ±{head['target']:.0%}, is reached. " if head["reached_target"] else
                f"The aim, ±{head['target']:.0%}, would take about {head['deals_for_target'] or 0:,} deals. ")
             + _gain(head) + "</p>",
             _table(["position", "share of wins", "95% interval", "advantage"], rows),
             svg.forest([(row["name"], row["share"], *row["ci95"]) for row in seats["by_position"]],
                        reference=seats["fair_share"], title="Share of the wins by position (dashed: fair)")]
    corrected = seats.get("luck_corrected")
    if corrected:
        after, before = corrected["corrected"], corrected["plain"]
        parts.append(f"<p>With the luck of each draw from the stock taken out (the game's own valuation of the "
                     f"card drawn against every card that could have been: control variates after AIVAT), the "
                     f"first player's share is {_pct(after['mean'])} ({_ci(after['ci95'])}), against "
                     f"{_pct(before['mean'])} ({_ci(before['ci95'])}) counted plainly: "
                     f"{corrected['variance_ratio']}× fewer deals for the same interval.</p>")
    if "by_side" in seats:
        parts.append(_table(["partnership", "share of wins", "95% interval"],
                            [[row["side"], _pct(row["share"]), _ci(row["ci95"])] for row in seats["by_side"]]))
    parts.append(_table(["seat", "share of wins", "95% interval"],
                        [[row["seat"], _pct(row["share"]), _ci(row["ci95"])] for row in seats["by_seat"]]))
    parts.append(f"<p class='note'>Drawn games: {seats['draws']['count']:,} ({_pct(seats['draws']['rate'])}).</p>")
    return "\n".join(parts)


def _gain(head: Mapping[str, Any]) -> str:
    gain = head.get("duplicate_gain")
    if not gain:
        return ""
    plain = f"Plain counting of the same games would have given ±{head['plain_half_width']:.1%}: "
    if gain >= 1.05:
        return plain + f"playing in duplicate needed {gain}× fewer games for the same interval."
    return plain + f"playing in duplicate bought nothing here ({gain}×): the cards drawn, not dealt, decide."


def _shape(report: Mapping[str, Any]) -> str:
    shape = report["length_and_shape"]
    rows, plots = [], []
    for key, label in (("decisions", "decisions"), ("rounds", "rounds"), ("tricks", "tricks")):
        figure = shape.get(key)
        if figure is None:
            continue
        rows.append([label, f"{figure['mean']:.1f}", _ci(figure["ci95"], percent=False),
                     "-" if figure["sd"] is None else f"{figure['sd']:.1f}",
                     f"{figure['p10']:g} / {figure['median']:g} / {figure['p90']:g}", f"{figure['max']:g}"])
        if len(figure["histogram"]["counts"]) > 1:
            plots.append(svg.histogram(figure["histogram"]["edges"], figure["histogram"]["counts"],
                                       title=f"{label.capitalize()} a game", unit=label))
    parts = [_table(["a game", "mean", "95% interval", "sd", "10% / median / 90%", "longest"], rows), *plots]
    early = shape.get("decided_early")
    if early:
        parts.append(f"<p><b>Decided early: {_pct(early['rate'])}</b> of the games won outright "
                     f"({_ci(early['ci95'])}): {escape(early['rule'])}. On average the winners took the lead for "
                     f"good {_pct(shape['decided_at']['mean'])} of the way in, and the sole lead changed hands "
                     f"{shape['lead_changes']['mean']:.1f} times a game.</p>")
    if shape.get("unfinished"):
        parts.append(f"<p class='note'>{shape['unfinished']} games stopped unfinished (counted as draws).</p>")
    return "\n".join(parts)


def _variants(report: Mapping[str, Any]) -> str:
    variants = report.get("variants") or []
    if not variants:
        return "<p>This game has no rule variants.</p>"
    rows = []
    for v in variants:
        e = v["effects"]
        rows.append([v["label"], f"{_pct(e['seat_advantage']['difference'], True)} "
                                 f"({_ci(e['seat_advantage']['ci95'], True)})",
                     f"{e['decisions']['difference']:+.1f} ({_ci(e['decisions']['ci95'], True, False)})",
                     f"{_pct(e['draw_rate']['difference'], True)}",
                     f"{_pct(e['decided_early_rate']['difference'], True)}",
                     f"{e['skill']['difference']:+.3f} ({_ci(e['skill']['ci95'], True, False, 3)})"
                     if "skill" in e and e["skill"]["difference"] is not None else "-"])
    deals = variants[0]["deals"]
    return "\n".join([
        f"<p>Each setting is played on the same {deals:,} deals as the defaults (same seeds, same shifts of the "
        "hands), one option at a time; each effect is the mean difference over deals, setting minus default, "
        "with its 95% interval.</p>",
        _table(["setting", "seat advantage", "decisions a game", "draws", "decided early", "skill"], rows),
        f"<p class='note'>Skill: {escape(report.get('skill_measure', ''))}; the change in it, setting minus "
        "default (a rule that rewards skill raises it).</p>",
        svg.forest([(v["label"], v["effects"]["seat_advantage"]["difference"] or 0.0,
                     *(v["effects"]["seat_advantage"]["ci95"] or [0.0, 0.0])) for v in variants],
                   reference=0.0, title="Effect on the headline seat's share of the wins (dashed: none)")])


def _skill(report: Mapping[str, Any]) -> str:
    luck = report.get("luck_and_skill")
    if not luck:
        return "<p>Not measured in this run.</p>"
    share = luck["coin_flip_share"]
    spread = luck["rating_spread"]
    ratings = luck["ratings"]
    parts = [
        f"<p>The ladder ({', '.join(map(escape, luck['bots']))}) played every pair in duplicate on "
        f"{luck['deals']} deals ({luck['games_a_pair']} games a pair; search bots on "
        f"{report['budget']['iterations']} iterations a decision).</p>",
        f"<p><b>Coin-flip share: {share['share']:.2f}</b> (95% interval {share['ci95'][0]:.2f} to "
        f"{share['ci95'][1]:.2f}): the ratings spread as far as in a game of pure skill between these bots with "
        f"that share of its games decided by a coin (Duersch, Lambrecht and Oechssler's scale; poker sits near "
        f"0.75). Rating spread: {spread['elo_sd']:.0f} Elo ({_ci(spread['ci95'], percent=False)}).</p>",
        f"<p><b>Depth: {luck['depth']['levels']} levels</b> ({' &lt; '.join(map(escape, luck['depth']['chain']))}), "
        f"each beating the last at {luck['depth']['step']:.0%} or more.</p>",
        svg.forest([(r["bot"], r["elo"], r["elo"], r["elo"]) for r in ratings], percent=False,
                   title="Ratings (Elo, weakest at 0)"),
        _table(["A", "B", "A's score", "95% interval"],
               [[p["a"], p["b"], f"{p['score']:.3f}", _ci(p["ci95"], percent=False, places=3)] for p in luck["pairs"]]),
    ]
    return "\n".join(parts)


def _speed(report: Mapping[str, Any]) -> str:
    speed = report.get("speed")
    if not speed:
        return ""
    rows = speed["rows"]
    return "\n".join([
        "<h2>What speed is worth</h2>",
        f"<p>P1 is the {escape(speed['level'])} level made faster or slower by a factor; P2 plays it as it is "
        f"({speed['games_a_point']} games a point).</p>",
        svg.forest([(f"{r['speed_factor']:g}x", r["p1_win_rate"], r["ci95_low"], r["ci95_high"]) for r in rows],
                   reference=0.5, title="P1's win rate by its speed"),
    ])


def html(report: Mapping[str, Any]) -> str:
    """The report as one self-contained HTML page."""
    head = headline(report)
    seat = head["seat_advantage"]
    boxes = [f"<div>Seat advantage<b>{_pct(seat['share'])}</b>{escape(seat['who'])} (fair {_pct(seat['fair'])})"
             "</div>",
             f"<div>Length<b>{head['decisions'] or 0:.0f}</b>decisions a game</div>"]
    if "coin_flip_share" in head:
        boxes.append(f"<div>Luck<b>{head['coin_flip_share']:.2f}</b>coin-flip share (0 skill, 1 chance)</div>")
        boxes.append(f"<div>Ladder depth<b>{head['depth']}</b>levels at 60%</div>")
    variant = ", ".join(f"{k}={v}" for k, v in report["variant"].items()) or "none"
    budget = report["budget"]
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(report['title'])}: the lab's report</title>
<style>{STYLE}</style></head><body>
<h1>{escape(report['title'])}: the game in numbers</h1>
<p class="note">{report['players']} players; rules {escape(report['rules_version'])}, variant {escape(variant)};
parlour {escape(report['parlour_version'])} ({escape(report['rules_form'])}); seed {report['seed']};
{budget['deals']:,} deals ({budget['games']:,} games). Every interval is 95%.</p>
<div class="headline">{''.join(boxes)}</div>
<h2>Seat advantage</h2>
{_seats(report)}
<h2>Length and shape</h2>
{_shape(report)}
<h2>What each rule does</h2>
{_variants(report)}
<h2>Luck and skill</h2>
{_skill(report)}
{_speed(report)}
</body></html>
"""


def write(report: Mapping[str, Any], folder: str | Path) -> dict[str, str]:
    """``GAME.json`` and ``GAME.html`` in ``folder``; returns their paths."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    stem = file_stem(report)
    json_path, html_path = out / f"{stem}.json", out / f"{stem}.html"
    json_path.write_text(json.dumps(report, indent=1) + "\n")
    html_path.write_text(html(report))
    return {"json": str(json_path), "html": str(html_path)}
