"""A team's fixture card, as data and as a page to print.

The sheet hands every pair a card to fill in as the evening goes: HOME or
AWAY (the other word struck out), the team's name, and a line per game with
the opponents, goals for and against, a cross under W., L. or D., the points
and the running total.  ``Drive.card`` gives those lines (the drive knows its
results; this module knows nothing of drives); ``card_html`` lays them out on
one page with no scripts, set in the typeface
Parlour ships (``fonts/``; a browser without it falls back to its own serif),
that prints on one postcard-sized sheet, or on an A5 sheet for a long drive.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

#: the typeface every card is set in, shipped with Parlour (see fonts/LICENSE), so
#: that a card is laid out the same, and fits its sheet, whatever fonts a machine has
FONTS = Path(__file__).parent / "fonts"
FONT_URL = "/fonts/card/"
FONT_FILES = {"normal normal": "DejaVuSerifCondensed.ttf", "bold normal": "DejaVuSerifCondensed-Bold.ttf",
              "normal italic": "DejaVuSerifCondensed-Italic.ttf"}

STYLE = "".join(
    f"@font-face {{ font-family: 'Parlour Card'; font-weight: {weight}; font-style: {style}; "
    f"src: url({FONT_URL}{name}); }}\n"
    for (weight, style), name in ((key.split(), name) for key, name in FONT_FILES.items())
) + """
body { font-family: 'Parlour Card', serif; font-size: 11pt; margin: 2em; color: #000; }
.card { border: 2px solid #000; padding: 1em 1.4em; max-width: 34em; margin: 0 auto; }
h1, h2 { text-align: center; margin: 0.1em 0; letter-spacing: 0.08em; }
h1 { font-size: 1.15em; } h2 { font-size: 1em; }
.drive { text-align: center; font-style: italic; margin: 0.3em 0 0.8em; overflow-wrap: anywhere; }
.side { text-align: center; font-weight: bold; } .side s { font-weight: normal; color: #555; }
.team { margin: 0.6em 0; font-size: 1.1em; overflow-wrap: anywhere; }
.team b { border-bottom: 1px dotted #000; padding: 0 0.5em; }
/* as the sheet's specimen: the opponents' names, then narrow columns to write a figure or a cross in */
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
col.versus { width: auto; } col.num { width: 2.8em; } col.mark { width: 2.1em; } col.points { width: 3.9em; }
th, td { border: 1px solid #000; padding: 0.25em 0.3em; text-align: center; }
th { font-size: 0.9em; }
td.versus { text-align: left; overflow-wrap: anywhere; }
td.versus small { font-size: 0.8em; }
tfoot td { font-weight: bold; }
.note { font-size: 0.85em; margin-top: 0.6em; }
.outcome { margin: 0.6em 0 0; font-size: 0.9em; overflow-wrap: anywhere; } .outcome b { padding: 0 0.2em; }
.tools { font-family: sans-serif; display: flex; gap: 1.2em; align-items: center; margin: 0 0 1em; }
.tools button { font-size: 1em; padding: 0.3em 1em; }
@media screen and (max-width: 32em) {
  body { margin: 0.6em; } .card { padding: 0.6em 0.5em; }
  col.num { width: 2.4em; } col.mark { width: 1.8em; } col.points { width: 3.4em; }
  th { font-size: 0.75em; padding: 0.2em 0.1em; }
}
@media print {
  .tools { display: none; }
  /* one card to its sheet, at the width of a card held in the hand (the postcard's), never the whole A4 */
  body { margin: 0; } .card { border-width: 1px; width: 132mm; max-width: 100%; padding: 0.5em 0.9em; }
  .card.long { width: auto; max-width: none; }     /* names past the usual length: the whole sheet's width */
  .drive { margin: 0.1em 0 0.3em; } .team { margin: 0.3em 0; } .note, .outcome { margin: 0.2em 0 0; }
  th, td { padding: 0.2em 0.3em; }
}
"""

#: the sheet and the type size by how many rounds a card holds, so that every card prints on one sheet:
#: a postcard for an ordinary night, A5 then A4 upright for long drives (up to MAX_ROUNDS)
SHEETS = ((6, "A6 landscape", "9.5pt"), (12, "A5", "10pt"), (None, "A4", "10.5pt"))
#: names longer than a club's usual (``Wolverhampton Wanderers``, 23 letters) wrap to several lines: such a
#: card is set smaller, so that it still fits its sheet
LONG_NAME = 24
SMALL_TYPE = {"A6 landscape": "7pt", "A5": "7.5pt", "A4": "8.5pt"}


def sheet_style(rounds: int, longest: int = 0) -> str:
    """The sheet for a card of ``rounds`` rounds, and its type size (smaller where a name is ``longest`` letters,
    past ``LONG_NAME``)."""
    size, type_size = next((size, type_size) for most, size, type_size in SHEETS if most is None or rounds <= most)
    if longest > LONG_NAME:
        type_size = SMALL_TYPE[size]
    wide = " .card { width: 150mm; }" if size == "A4" else ""      # (the long drive's taller card, as wide)
    return (f"@page {{ size: {size}; margin: 6mm; }}"
            f"@media print {{ body {{ font-size: {type_size}; }}{wide} }}")


def _tools(back: str | None, back_words: str, print_words: str) -> str:
    if back is None:
        return ""
    return (f'<nav class="tools"><a href="{escape(back)}">&larr; {escape(back_words)}</a>'
            f'<button type="button" id="print">{escape(print_words)}</button></nav>'
            '<script>document.getElementById("print").addEventListener("click", () => window.print());</script>')


def printed_page(title: str, body: str, sheet: str, back: str | None = None, back_words: str = "Back to the drive",
                 print_words: str = "Print this card") -> str:
    """A whole HTML document to print (a drive's card, a cycle's score sheet): set in Parlour's own typeface, on
    the sheet ``sheet`` (``sheet_style``).  Shown in a browser (``back``: the tournament's page) it has a way back
    and a Print button above it, which the printed sheet leaves out; ``printing.pdf`` makes the same page a PDF."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}{sheet}</style></head>
<body>{_tools(back, back_words, print_words)}{body}</body></html>
"""


def _cell(value: Any, blank: str = "") -> str:
    return blank if value is None else escape(str(value))


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _rounds(rounds: list[int]) -> str:
    words = [str(r) for r in rounds]
    return ("round " if len(words) == 1 else "rounds ") + (" and ".join(words) if len(words) < 3
                                                           else ", ".join(words[:-1]) + " and " + words[-1])


def _outcome_html(outcome: dict[str, Any] | None) -> str:
    """The foot of a finished drive's card: the team's final position and what became of the Cup for it."""
    if not outcome:
        return ""
    joint = "joint " if outcome["shared"] else ""
    place = f"{joint}{ordinal(outcome['position'])} of {outcome['of']}"
    if outcome["position"] == 1:
        place += f" &middot; {joint}Champions"
    # (in plain words: "THE CUP Cup Winners: held at the end" read awkwardly, review 24)
    if outcome["cup_held"]:
        cup = "<b>CUP WINNERS:</b> they held the Cup at the end"
    elif outcome["cup_won"]:
        cup = f"THE CUP <b>won in {_rounds(outcome['cup_won'])}, lost in {_rounds(outcome['cup_lost'])}</b>"
    else:
        cup = "THE CUP <b>never held</b>"
    return (f'<p class="outcome" data-testid="outcome">FINAL POSITION <b>{place}</b> '
            f"&middot; {cup}</p>\n")


def card_html(card: dict[str, Any], back: str | None = None) -> str:
    """The printable card: a whole HTML document in one string.  Shown in a browser (``back``: the drive's page)
    it has a way back and a Print button above it, which the printed sheet leaves out."""
    home = card["side"] == "home"
    side = "HOME / <s>AWAY</s>" if home else "<s>HOME</s> / AWAY"
    lines = []
    for row in card["rows"]:
        if row["bye"]:
            marks = ["-", "-", "-"]
            versus = "(bye)"
        else:
            versus = escape(row["opponent"]) + ("" if row["at_home"] else f" <small>(table {row['table']})</small>")
            marks = ["" if row["mark"] is None else "x" if row["mark"] == m else "-" for m in "WLD"]
        points = "" if row["points"] is None else "-" if row["points"] == 0 else str(row["points"])
        lines.append(
            f'<tr class="round-{row["round"]}"><td class="versus">{versus}</td>'
            f"<td>{_cell(row['goals_for'])}</td><td>{_cell(row['goals_against'])}</td>"
            + "".join(f"<td>{m}</td>" for m in marks)
            + f"<td>{points}</td><td>{_cell(row['total'])}</td></tr>"
        )
    ground = f" &middot; home ground: table {card['table']}" if card["table"] else ""
    longest = max([len(card["team"]), len(card["title"]) * 2 // 3]
                  + [len(row["opponent"] or "") for row in card["rows"] if not row["bye"]])
    foot = _outcome_html(card.get("outcome"))
    body = f"""<main class="card{' long' if longest > LONG_NAME else ''}">
<h1>INTERNATIONAL FOOTBALL WHIST</h1>
<h2>SCORE CARD</h2>
<p class="drive">{escape(card['title'])}</p>
<p class="side">{side}</p>
<p class="team">TEAM <b>{escape(card['team'])}</b>{ground}</p>
<table>
<colgroup><col class="versus"><col class="num"><col class="num"><col class="mark"><col class="mark"><col class="mark">
<col class="points"><col class="points"></colgroup>
<thead><tr><th rowspan="2">VERSUS</th><th colspan="2">GOALS</th><th rowspan="2">W.</th><th rowspan="2">L.</th>
<th rowspan="2">D.</th><th rowspan="2">points</th><th rowspan="2">TOTAL</th></tr>
<tr><th>for</th><th>agst</th></tr></thead>
<tbody>
{chr(10).join(lines)}
</tbody>
<tfoot><tr><td class="versus" colspan="7">TOTAL</td><td class="total">{card['total']}</td></tr></tfoot>
</table>
{foot}<p class="note">Two points for a win, one for a draw. Teams level on points are parted by goal average.</p>
</main>"""
    return printed_page(f"Score card: {card['team']}", body, sheet_style(len(card["rows"]), longest), back)
