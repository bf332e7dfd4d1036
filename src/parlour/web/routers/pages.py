"""The pages: one HTML shell for every page of the client (it draws itself from the API), and the rules pages."""

from __future__ import annotations

import html
import json
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

from parlour.web.deps import GameDep
from parlour.web.rules_page import rules_html

STATIC = Path(__file__).resolve().parents[1] / "static"
DOCS = Path(__file__).resolve().parents[4] / "docs" / "rules"
#: the game-design lab's published figures (``python -m parlour.lab.publish``, docs/lab.md): absent, no box
LAB = DOCS.parent / "lab" / "headlines.json"
SHELL = STATIC / "app.html"

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/rules/{game_id}", response_class=HTMLResponse)
def rules(game: GameDep) -> str:
    path = DOCS / f"{game.id}.md"
    numbers = in_numbers(game.id)
    body = rules_html(path.read_text(encoding="utf-8"), game.variants,
                      [("in-numbers", "In numbers", numbers)] if numbers else []) if path.exists() \
        else "<p>The rules document is not installed with this copy of Parlour.</p>" + numbers
    return page(f"{game.title}: rules", f'<p><a href="/">Parlour</a> / rules · <a class="button primary" '
                f'href="/new/{game.id}">New table</a></p><article class="rules">{body}</article>')


def in_numbers(game_id: str) -> str:
    """The lab's headline figures for the game, as a section of its rules page (empty where none are published)."""
    try:
        figures = json.loads(LAB.read_text(encoding="utf-8")).get(game_id)
    except (OSError, ValueError):
        return ""
    if not figures:
        return ""
    seat = figures["seat_advantage"]
    low, high = seat["ci95"]
    items = [f"<li>Seat advantage: the {html.escape(seat['who'])} wins {seat['share']:.1%} of the games "
             f"({low:.1%} to {high:.1%}; an even share is {seat['fair']:.1%}).</li>"]
    if figures.get("decisions"):
        early = figures.get("decided_early")
        settled = f"; {early:.0%} are settled by half-way" if early is not None else ""
        items.append(f"<li>Length: {figures['decisions']:.0f} moves a game on average{settled}.</li>")
    if figures.get("coin_flip_share") is not None:
        a, b = figures["coin_flip_ci95"]
        items.append(f"<li>Luck and skill: the results spread like a game of pure skill with "
                     f"{figures['coin_flip_share']:.0%} of its games decided by a coin flip ({a:.0%} to {b:.0%}); "
                     f"{figures['depth']} levels of play each beat the one below at least 60% of the time.</li>")
    return ('<section class="numbers" aria-labelledby="in-numbers"><h2 id="in-numbers">In numbers</h2>'
            f'<p>Measured by Parlour\'s bots over many games ({figures["players"]} players, the usual rules; '
            f'95% intervals in brackets).</p><ul>{"".join(items)}</ul></section>')


@router.get("/", response_class=FileResponse)
@router.get("/new/{game_id}", response_class=FileResponse)
@router.get("/t/{table_id}", response_class=FileResponse)
@router.get("/t/{table_id}/join/{seat}", response_class=FileResponse)
@router.get("/games", response_class=FileResponse)
@router.get("/replay/{table_id}", response_class=FileResponse)
@router.get("/drives", response_class=FileResponse)
@router.get("/drives/{doc_id}", response_class=FileResponse)
@router.get("/cycles/{doc_id}", response_class=FileResponse)
def shell() -> FileResponse:
    return FileResponse(SHELL)


@router.get("/favicon.ico")
def favicon() -> FileResponse:
    """The icon a browser asks for by itself (the pages name it too): a card on the baize, drawn in SVG."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


def page(title: str, body: str) -> str:
    """A server-drawn page in the client's frame (the rules)."""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>'
            f'<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
            f'<link rel="stylesheet" href="/static/style.css"></head><body><header class="top">'
            f'<a href="/" class="brand">Parlour</a><nav><a href="/">Games</a><a href="/games">Finished games</a>'
            f'<a href="/drives">Tournaments</a></nav></header>'
            f'<main class="page">{body}</main></body></html>')
