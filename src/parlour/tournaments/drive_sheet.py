"""A whist drive's results sheet, to print at the end of the night (review 28: the drive offered only a card per
team): the champions and the Cup winners, the final league table, and every round's results, on one sheet.

It is printed the way a team's card is (``drive_card.printed_page``: the same typeface, the same Print button, and
``printing.pdf`` for the PDF); this module only lays the drive's results out.
"""

from __future__ import annotations

from html import escape
from typing import Any

from parlour.tournaments.drive_card import printed_page, sheet_style

STYLE = """
.card h3 { font-size: 0.95em; margin: 0.8em 0 0.3em; letter-spacing: 0.06em; }
td.name { text-align: left; overflow-wrap: anywhere; }
col.place { width: 3.4em; } col.table { width: 3.4em; } table.standings col.points { width: 3.6em; }
.champion { text-align: center; font-weight: bold; margin: 0.5em 0 0.2em; overflow-wrap: anywhere; }
"""


def _names(teams: list[str]) -> str:
    return teams[0] if len(teams) == 1 else ", ".join(teams[:-1]) + " and " + teams[-1]


def results_html(drive: Any, back: str | None = None) -> str:
    """The drive's results sheet as a whole HTML document (``back``: the drive's page, shown with a way back).
    A drive not yet over shows its results so far, and a blank for each game still to play and for its winners."""
    table = drive.standings()
    level = {r["position"]: sum(1 for x in table if x["position"] == r["position"]) for r in table}
    standing = "".join(
        f'<tr><td>{"=" if level[r["position"]] > 1 else ""}{r["position"]}</td><td class="name">{escape(r["team"])}'
        f'</td><td>{r["played"]}</td><td>{r["won"]}</td><td>{r["drawn"]}</td><td>{r["lost"]}</td>'
        f'<td>{r["goals_for"]}</td><td>{r["goals_against"]}</td><td><b>{r["points"]}</b></td></tr>'
        for r in table)
    rounds = []
    for games in drive.schedule():
        lines = []
        for f in games:
            if f.is_bye:
                lines.append(f'<tr><td>{f.table}</td><td class="name">{escape(f.home)}</td>'
                             '<td colspan="2">bye</td></tr>')
                continue
            res = drive.result(f.round, f.table)
            score = f"{res.home_goals}&ndash;{res.away_goals}" if res is not None else "&nbsp;&ndash;&nbsp;"
            lines.append(f'<tr><td>{f.table}</td><td class="name">{escape(f.home)}</td><td>{score}</td>'
                         f'<td class="name">{escape(f.away or "")}</td></tr>')
        rounds.append(f"<h3>ROUND {games[0].round}</h3>\n<table>\n<colgroup><col class=\"table\"><col class=\"versus\">"
                      f"<col class=\"points\"><col class=\"versus\"></colgroup>\n<thead><tr><th>TABLE</th><th>HOME</th>"
                      f"<th>SCORE</th><th>AWAY</th></tr></thead>\n<tbody>{''.join(lines)}</tbody>\n</table>")
    if drive.is_complete:
        champions = drive.champions()
        holder = drive.cup()["holder"]
        cup = escape(holder) if holder else "nobody (no game at the Cup table was won)"
        winners = (f'<p class="champion">LEAGUE CHAMPIONS: {escape(_names(champions))}</p>'
                   f'<p class="champion">CUP WINNERS: {cup}</p>')
    else:
        winners = ('<p class="champion">LEAGUE CHAMPIONS: ______________________</p>'
                   '<p class="champion">CUP WINNERS: ______________________</p>')
    body = f"""<main class="card long">
<h1>INTERNATIONAL FOOTBALL WHIST</h1>
<h2>RESULTS SHEET</h2>
<p class="drive">{escape(drive.title)}</p>
<p class="drive">{len(drive.teams)} teams &middot; {drive.rounds} round{"s" if drive.rounds != 1 else ""}</p>
{winners}
<h3>FINAL LEAGUE TABLE</h3>
<table class="standings">
<colgroup><col class="place"><col class="versus"><col class="num"><col class="num"><col class="num"><col class="num">
<col class="num"><col class="num"><col class="points"></colgroup>
<thead><tr><th>POS.</th><th>TEAM</th><th>P.</th><th>W.</th><th>D.</th><th>L.</th><th>F.</th><th>A.</th><th>PTS.</th>
</tr></thead>
<tbody>
{standing}
</tbody>
</table>
{chr(10).join(rounds)}
</main>"""
    return printed_page(f"Results sheet: {drive.title}", body, sheet_style(99) + STYLE, back,
                        print_words="Print this sheet")
