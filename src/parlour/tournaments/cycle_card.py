"""A Biggles cycle's score sheet, to print: every match with its points (a blank line to fill in for a match still
to play), the league table and the champion, on one sheet.

It is printed the way a drive's card is (``drive_card.printed_page``: the same typeface, the same Print button,
and ``printing.pdf`` for the PDF); this module only lays out a cycle's report (``Cycle.report``).
"""

from __future__ import annotations

from datetime import datetime, timezone
from html import escape
from typing import Any

from parlour.tournaments.biggles_cycle import WIN_POINTS, Cycle
from parlour.tournaments.drive_card import SHEETS, printed_page, sheet_style

#: the sheet's own lines, beside the card's style: the matches and the table, one under the other
STYLE = """
.card h3 { font-size: 0.95em; margin: 0.8em 0 0.3em; letter-spacing: 0.06em; }
td.name { text-align: left; overflow-wrap: anywhere; }
col.label { width: 5.5em; } col.place { width: 4.2em; } table.standings col.points { width: 4.8em; }
.champion { text-align: center; font-weight: bold; margin: 0.7em 0 0.2em; }
"""


def places(rows: list[dict[str, Any]], champion: str | None) -> list[str]:
    """Each row's place in a table sorted best first: "1", or "=2" for a place shared on points; a champion who
    won the deciding matches stands alone at the top (as the cycle's page marks them)."""
    out = []
    for row in rows:
        if champion and row["player"] == champion:
            out.append("1")
            continue
        level = [x for x in rows if x["points"] == row["points"] and not (champion and x["player"] == champion)]
        at = rows.index(level[0]) + 1
        out.append(f"={at}" if len(level) > 1 else str(at))
    return out


def _match_row(label: str, m: dict[str, Any], source: dict[str, Any] | None = None,
               stood_in: list[str] | None = None) -> str:
    pts = m["points"]
    blue, red = m["blue"], m["red"]
    figures = ["", ""] if pts is None else [str(pts[blue]), str(pts[red])]

    def named(player: str) -> str:
        """A player's name, marked where a bot played this match for them."""
        mark = " <small>(bot stood in)</small>" if player in (stood_in or []) else ""
        return escape(player) + mark

    winner = "" if pts is None else named(m["winner"])
    # a result where a person made no move at the table says so on the sheet too, kept by the organiser or not
    idle = (source or {}).get("idle") or (source or {}).get("kept")
    if winner and idle:
        winner += f" <small>({escape(' and '.join(idle))} made no move)</small>"
    return (
        f'<tr class="match"><td>{escape(label)}</td><td class="name">{named(blue)}</td><td>{figures[0]}</td>'
        f'<td class="name">{named(red)}</td><td>{figures[1]}</td><td class="name">{winner}</td></tr>'
    )


def _sheet_rows(matches: int, players: int, notes: int = 0) -> int:
    """The card rows (``sheet_style``'s rounds) a sheet of so many matches and players is sized as: half a row a
    match, four for the league table, the heads and the line of when it was played, and two for each note by a
    winner (a person who made no move); but the postcard holds no more than six lines of both tables together (a
    ring of four spilled onto a second page of the PDF)."""
    rows = matches // 2 + 4 + 2 * notes
    return max(rows, SHEETS[0][0] + 1) if matches + players > SHEETS[0][0] else rows


def _day(at: float) -> str:
    """A day as a person writes it on a sheet: "6 December 2026" (in UTC, as the cycle's default title's day)."""
    day = datetime.fromtimestamp(at, timezone.utc)
    return f"{day.day} {day:%B %Y}"


def played_line(cycle: Cycle, bots: dict[int, list[str]] | None = None,
                titles: dict[str, str] | None = None) -> str:
    """The sheet's line of when and how its matches were played (review 26: the printed sheet said neither the date
    nor that bots had raced the matches): "Played on 6 December 2026 · every match raced by bots, Casual player
    level".  ``bots``: each match whose result came from a table of bots alone, with the bots' names; ``titles``:
    each bot's name in words.  With nothing played yet, a blank for the date."""
    sources = cycle.sources()
    days = list(dict.fromkeys(_day(at) for at in sorted(s["at"] for s in sources.values() if s.get("at"))))
    if not days:
        return "Date: ______________________"
    when = f"Played on {days[0]}" if len(days) == 1 else f"Played from {days[0]} to {days[-1]}"
    raced = {m: names for m, names in (bots or {}).items()
             if m in sources and sources[m].get("source") != "organiser"}
    if not raced:
        return when
    levels = sorted({(titles or {}).get(name, name) for names in raced.values() for name in names})
    level = f"{' and '.join(levels)} level{'s' if len(levels) > 1 else ''}"
    played = len(sources)
    if len(raced) == played:
        which = "the match" if played == 1 else "every match"
    else:
        which = f"{len(raced)} of the {played} matches played"
    return f"{when} &middot; {which} raced by bots, {escape(level)}"


def cycle_card_html(cycle: Cycle, back: str | None = None, stood_in: dict[int, list[str]] | None = None,
                    bots: dict[int, list[str]] | None = None, titles: dict[str, str] | None = None) -> str:
    """The cycle's score sheet: a whole HTML document (``back``: the cycle's page, shown with a way back;
    ``stood_in``: each match's players for whom a bot played it, marked "(bot stood in)"; ``bots`` and ``titles``:
    the matches raced by bots alone and the bots' names in words, for the line of when and how it was played)."""
    report = cycle.report()
    matches = cycle.matches()
    per_round = len(cycle.fixtures) // cycle.rounds
    numbers = cycle.numbers()          # (in playing order, as the cycle's page numbers them)
    rows = []
    sources = cycle.sources()
    stood_in = stood_in or {}
    notes = sum(1 for s in sources.values() if s.get("idle") or s.get("kept")) + len(stood_in)
    for m in sorted(matches, key=lambda m: numbers[m["match"]]):
        if m["decider"]:
            label = f"Decider {m['decider']}"
        elif cycle.rounds > 1:
            label = f"R{m['match'] // per_round + 1} · {numbers[m['match']]}"
        else:
            label = str(numbers[m["match"]])
        rows.append(_match_row(label, m, sources.get(m["match"]), stood_in.get(m["match"])))
    table = report["table"]
    ranked = zip(places(table, report["champion"]), table, strict=True)
    standing = "".join(
        f'<tr><td>{place}</td><td class="name">{escape(r["player"])}</td><td>{r["played"]}</td><td>{r["won"]}</td>'
        f"<td><b>{r['points']}</b></td></tr>"
        for place, r in ranked
    )
    if report["complete"]:
        champion = (
            f'<p class="champion">CHAMPION: {escape(report["champion"])}</p>'
            if report["champion"]
            else '<p class="champion">No champion: the top players were still level</p>'
        )
    else:
        champion = '<p class="champion">CHAMPION: ______________________</p>'
    rounds = f"{cycle.rounds} rounds" if cycle.rounds > 1 else "one round"
    longest = max(len(p) for p in cycle.players)
    body = f"""<main class="card{" long" if longest > 24 else ""}">
<h1>BIGGLES</h1>
<h2>CYCLE SCORE SHEET</h2>
<p class="drive">{escape(cycle.name)}</p>
<p class="drive">{escape(", ".join(cycle.players))} &middot; {rounds}</p>
<p class="drive played">{played_line(cycle, bots, titles)}</p>
<h3>MATCHES</h3>
<table>
<colgroup><col class="label"><col class="versus"><col class="num"><col class="versus"><col class="num">
<col class="versus"></colgroup>
<thead><tr><th>MATCH</th><th>BLUE PACK</th><th>pts</th><th>RED PACK</th><th>pts</th><th>WINNER</th></tr></thead>
<tbody>
{chr(10).join(rows)}
</tbody>
</table>
<h3>LEAGUE TABLE</h3>
<table class="standings">
<colgroup><col class="place"><col class="versus"><col class="num"><col class="num"><col class="points"></colgroup>
<thead><tr><th>PLACE</th><th>PLAYER</th><th>P.</th><th>W.</th><th>POINTS</th></tr></thead>
<tbody>
{standing}
</tbody>
</table>
{champion}
<p class="note">A match's winner scores {WIN_POINTS}; the loser scores 0 to {WIN_POINTS - 1}, the number of their
highest black card not cancelled. The most points wins; players level at the top play deciding matches.</p>
</main>"""
    return printed_page(
        f"Score sheet: {cycle.name}",
        body,
        sheet_style(_sheet_rows(len(matches), len(cycle.players), notes), longest) + STYLE,
        back,
        back_words="Back to the cycle",
        print_words="Print this sheet",
    )
