"""A game's rules document as a player reads it on the rules page.

The document in docs/rules/ serves two readers: the player (the equipment, the
rules in Parlour's words, the rulings and the variants) and whoever maintains
Parlour (the terminal's quick start, the sources and where the data lives, the
bots' timings, the simulator).  The page keeps the player's sections and says
a variant by the words the new-table menu uses ("Own goals count: on"), never
by its identifier (``own_goals=true``); a note that points into the source
(``src/parlour/...``), the game's id and a link into the maintainers' documents
are left out (a link to the other British Towns game goes to its rules page).  The whole document stays in docs/ for the
maintainer.

The player's sections write cards, positions, seats and plays in words; the short forms that records and the
terminal use live in each document's Notation section, which the page leaves out.  The Variants table is drawn
from the options themselves, as the new-table form words them.
"""

from __future__ import annotations

import re
from typing import Iterable

import markdown

from parlour.engine.descriptor import VariantOption

#: the sections a player reads, by the start of their heading ("Rulings for the asking game" included)
FOR_PLAYERS = ("At a glance", "The equipment", "Seats", "The rules", "Rulings", "Variants")
#: the short box at the head of the page: who plays, what for, and how a game ends
GLANCE = "At a glance"

_SECTION = re.compile(r"^## ", re.MULTILINE)
#: "(the constants in `src/parlour/...`)" or "(`parlour play ... --variant ...`)", or a sentence that names a file
#: of the source
_SOURCE_ASIDE = re.compile(r"\s*\((?:[^()`]|`[^`]*`)*`(?:src/|bench/|parlour )[^`]*`(?:[^()`]|`[^`]*`)*\)")
_SOURCE_SENTENCE = re.compile(r"(?:(?<=[.:!?])\s+|^)[^.\n]*`(?:src/|bench/|--)[^`]*`[^.]*\.", re.MULTILINE)
#: a list that starts straight under a line of text (Markdown wants a blank line between, or it reads the list
#: as more of the sentence)
_LIST_UNDER_TEXT = re.compile(r"^((?![ \t]*(?:[-*]|\d+\.)[ \t])[^ \t\n].*)\n(?=(?:[-*]|\d+\.)[ \t])", re.MULTILINE)
#: the line on which a ruling's choice or reason starts
_RULING_PART = re.compile(r"\n(?=\*\*(?:Choice|Reason):\*\*)")
_SETTING = re.compile(r"`([a-z_]+)=([^`\s]+)`")
_NAME = re.compile(r"`([a-z_]+)`")
#: "(game id `biggles`, rules version `1`)" or ": game id `british-towns-asking`, at rules version `1`"
_GAME_ID = re.compile(r"\s*\(game id\s+`[^`]*`,\s+rules\s+version\s+`[^`]*`\)"
                      r"|:\s+game id\s+`[^`]*`,\s+at\s+rules\s+version\s+`[^`]*`")
#: a link to another game's page, and one to a document for maintainers (its words stay, the link goes)
_GAME_LINK = re.compile(r"\]\(([a-z-]+)\.md(#[^)]*)?\)")
_DOC_LINK = re.compile(r"\[([^\]]*)\]\(\.\./[^)]*\)")
#: "(see [How long a game is](../research.md#...))": a pointer into the maintainers' documents, which the page
#: does not serve, goes whole
_SEE_DOC = re.compile(r"\s*\(see \[[^\]]*\]\(\.\./[^)]*\)\)")
#: a table of the page's HTML
_TABLE = re.compile(r"<table>.*?</table>", re.DOTALL)


def player_sections(text: str) -> str:
    """The title and introduction, then the sections of ``FOR_PLAYERS``, in the document's order."""
    head, *sections = _SECTION.split(text)
    kept = [s for s in sections if s.startswith(FOR_PLAYERS)]
    return head + "".join("## " + s for s in kept)


def in_words(text: str, options: Iterable[VariantOption]) -> str:
    """Each variant setting written as a menu shows it, and no pointer into the source."""
    by_name = {o.name: o for o in options}

    def setting(match: re.Match[str]) -> str:
        option = by_name.get(match.group(1))
        if option is None:
            return match.group(0)
        return f"“{option.shown}: {said(option, match.group(2))}”"

    text = _SETTING.sub(setting, text)
    text = _NAME.sub(lambda m: f"“{by_name[m.group(1)].shown}”" if m.group(1) in by_name else m.group(0), text)
    text = _GAME_ID.sub("", text)
    text = _GAME_LINK.sub(lambda m: f"](/rules/{m.group(1)}{m.group(2) or ''})", text)
    text = _SEE_DOC.sub("", text)
    text = _DOC_LINK.sub(lambda m: m.group(1), text)
    text = _SOURCE_ASIDE.sub("", text)
    return _SOURCE_SENTENCE.sub("", text)


def said(option: VariantOption, value: object) -> str:
    """A setting's value as the new-table menu says it: on or off, a choice's label, or the number."""
    if option.type is bool:
        return "on" if value is True or str(value).lower() in ("true", "1", "yes") else "off"
    labels = dict(zip(map(str, option.choices), option.choice_labels or map(str, option.choices), strict=True))
    return labels.get(str(value), str(value))


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def variants_table(text: str, options: Iterable[VariantOption]) -> str:
    """The Variants section's table (name, default, what it does, source: identifiers and raw values) drawn
    again from the options themselves: each by the label the new-table form gives it, its usual setting as
    the form shows it, and the form's line on what it does, closed by the document's source."""
    by_name = {o.name: o for o in options}
    head, sep, rest = text.partition("\n## Variants")
    if not sep:
        return text
    section, nxt, after = rest.partition("\n## ")
    lines = section.split("\n")
    rows = [i for i, line in enumerate(lines) if line.startswith("|")]
    if len(rows) < 3:
        return text
    header = [c.lower() for c in _cells(lines[rows[0]])]
    if "name" not in header:
        return text
    name_at, source_at = header.index("name"), header.index("source") if "source" in header else None
    table = ["| option | normally | what it does |", "|---|---|---|"]
    for i in rows[2:]:
        cells = _cells(lines[i])
        option = by_name.get(cells[name_at].strip("`"))
        if option is None:
            return text
        source = cells[source_at] if source_at is not None and source_at < len(cells) else option.source
        description = option.description.replace("|", "\\|")
        source = "the rule sheet" if source == "rule sheet" else source
        table.append(f"| {option.shown} | {said(option, option.default)} | {description} *From {source}.* |")
    lines[rows[0]: rows[-1] + 1] = table
    return head + sep + "\n".join(lines) + nxt + after


def rules_html(text: str, options: Iterable[VariantOption], extra: Iterable[tuple[str, str, str]] = ()) -> str:
    """The player's rules page body, as HTML (a fenced block stays a block, as written; a ruling's choice and
    reason each start a paragraph of their own, and a list under a line of text is a list).  Under the title
    stand the "At a glance" box and the contents (a link to each section); each table sits in a box of its own
    that scrolls sideways on a narrow screen, so that no word in it is broken.  ``extra``: sections made
    elsewhere, (id, name, HTML), put at the end and listed in the contents with the rest."""
    extra = list(extra)
    options = list(options)
    body = in_words(variants_table(player_sections(text), options), options)
    body = _RULING_PART.sub("\n\n", body)
    body = _LIST_UNDER_TEXT.sub("\\1\n\n", body)
    md = markdown.Markdown(extensions=["tables", "toc", "fenced_code"])
    page = md.convert(body)
    page = _TABLE.sub(lambda m: f'<div class="table-scroll" tabindex="0">{m.group(0)}</div>', page)
    tokens = md.toc_tokens  # type: ignore[attr-defined]
    sections = [t for top in tokens for t in ([top] if top["level"] == 2 else top["children"])]
    glance = next((t for t in sections if t["name"] == GLANCE), None)
    box = ""
    if glance is not None:
        match = re.search(rf'<h2 id="{re.escape(glance["id"])}">.*?</h2>(.*?)(?=<h2 |\Z)', page, re.DOTALL)
        if match:
            page = page[:match.start()] + page[match.end():]
            box = (f'<aside class="glance" aria-labelledby="{glance["id"]}"><h2 id="{glance["id"]}">{GLANCE}</h2>'
                   f'{match.group(1).strip()}</aside>')
    sections += [{"id": ident, "name": name} for ident, name, _ in extra]
    page += "".join(section for _, _, section in extra)
    links = "".join(f'<li><a href="#{t["id"]}">{t["name"]}</a></li>' for t in sections if t is not glance)
    contents = ('<nav class="contents" aria-labelledby="contents"><h2 id="contents">Contents</h2>'
                f'<ol>{links}</ol></nav>' if links else "")
    title_end = page.find("</h1>")
    at = title_end + len("</h1>") if title_end >= 0 else 0
    return page[:at] + box + contents + page[at:]
