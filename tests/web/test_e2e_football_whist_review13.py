"""Football Whist after review 13c, played in the browser at a phone's size and a laptop's:

- the score, the half and the Master team stay in sight at every decision, on one line with the hand (on a phone
  the scoreboard had scrolled off);
- a position the ball may go to keeps its team's colour, marked by a ring only (it was tinted);
- on a laptop the open hint keeps to the dock's height, so the goals and the play log stay in sight (it covered them);
- the last trick is drawn with cards as large as the hand's, each with its player's name (it was a 24px thumbnail);
- a keyboard's first stop is a link straight to the move, and the prompts say "choose", not "click" or "tap";
- at full time the board says the match is over and which Master team the last trick was played under (the
  ball's move after it had left the box naming the badge the ball ended on).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import cast

import pytest

from conftest import ARTIFACTS
from parlour.bots import make_bot
from parlour.games import get_game
from sweep import layout
from test_e2e_football_whist_board import RENDER
from test_e2e_football_whist_story import _match
from test_e2e_sweep import Table

DATA = Path(__file__).resolve().parents[2] / "src/parlour/games/football_whist/data"
TEAMS = {t["code"]: t for t in json.loads((DATA / "pack.json").read_text())["teams"]}
PITCH = json.loads((DATA / "pitch.json").read_text())

#: the rectangle of an element in the window, [left, top, right, bottom]
RECT = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def _strip_words(view: dict) -> str:
    obs = view["observation"]
    me = "A" if view["seat"] % 2 == 0 else "B"
    you = {p: f"{p} (you)" if p == me else p for p in "AB"}
    # (the Master team first, a chip with its badge's name: review 22c)
    team = TEAMS[obs["master"]] if obs["master"] else None
    master = f"★ Master: {team['name']} · {team['badge']}" if team else "No Master team"
    half = "1st half" if obs["half"] == 1 else "2nd half"
    # (then which goal the player's side attacks, in the pitch's words, and the tricks of this half: review 15)
    goal = "← West goal" if obs["attacking"][me] == PITCH["goals"]["west"] else "East goal →"
    won = obs["tricks_won"]
    attack = f" · you attack {goal} · tricks this half {won['A']}–{won['B']}"
    return f"{master} {you['A']} {obs['goals']['A']}–{obs['goals']['B']} {you['B']} · {half}{attack}"


def _inside(rect, room: float, width: float) -> bool:
    return rect[0] >= 0 and rect[1] >= 0 and rect[2] <= width and rect[3] <= room


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _badge_colours(page) -> list[tuple[str, str, tuple[int, int, int]]]:
    """Each badge the ball may go to now: its position, its team's colour and the colour drawn inside it, beside its
    letter (read off a screenshot: what the player sees)."""
    from PIL import Image

    spots = page.evaluate("""() => [...document.querySelectorAll('.fw-target')].map((ring) => {
        const action = ring.dataset.action || ''; const node = action.split(' ')[1];
        const badge = document.querySelector(`.fw-node[data-node="${node}"] .fw-badge`);
        if (!badge) return null;
        const r = badge.getBoundingClientRect();
        return [node, badge.getAttribute('fill'), r.left + r.width * 0.22, r.top + r.height * 0.32]; })
        .filter(Boolean)""")
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    pixel = lambda x, y: cast(tuple[int, int, int], image.getpixel((round(x), round(y))))  # noqa: E731
    return [(node, fill, pixel(x, y)) for node, fill, x, y in spots]


def _same_colour(hex_colour: str, pixel: tuple[int, int, int]) -> bool:
    want = tuple(int(hex_colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return all(abs(a - b) <= 14 for a, b in zip(want, pixel, strict=True))


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_strip_the_targets_colours_and_the_words_at_each_decision(browser, quick_server, size):
    table = Table(browser, quick_server, "football-whist", size, 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    kinds: set[str] = set()
    targets = 0
    try:
        for _ in range(14):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            kind = obs["phase"] + ("-follow" if obs["phase"] == "play" and obs["trick"]["cards"] else "")
            kinds.add(kind)
            page.mouse.move(1, 1)
            # the match at a glance, whole on the screen (on a phone above the fold of the fixed dock's foot)
            strip = page.locator("[data-testid=fw-strip]")
            assert strip.inner_text().replace("\n", " ") == _strip_words(view), (strip.inner_text(), _strip_words(view))
            size_now = page.viewport_size
            assert _inside(strip.evaluate(RECT), size_now["height"], size_now["width"]), (kind, strip.evaluate(RECT))
            # (one line on a laptop, two at most on a phone)
            lines = 1 if size == "desktop" else 2
            assert strip.evaluate("el => el.getBoundingClientRect().height") < 30 * lines, "the strip is too many lines"
            # words for every way of playing
            said = page.inner_text(".dock .status")
            assert "click" not in said.lower() and "tap " not in said.lower(), said
            if obs["phase"] in ("kick", "move"):
                for node, fill, pixel in _badge_colours(page):
                    assert _same_colour(fill, pixel), f"{size} {kind}: the badge at {node} is drawn {pixel}, not {fill}"
                    targets += 1
                page.screenshot(path=str(ARTIFACTS / f"football-whist-review13-{size}-{kind}.png"))
                if "axe" not in kinds:
                    kinds.add("axe")
                    table.audit(f"the ball's {kind}")
                    assert not table.problems, table.problems
            table.click(chooser.act(obs, view["legal"]))
        assert {"kick", "play", "play-follow", "move"} <= kinds, kinds
        assert targets >= 4
        assert not table.errors, table.errors
    finally:
        table.context.close()


def test_on_a_laptop_the_hint_the_goals_the_log_and_the_last_trick_are_all_in_sight(browser, quick_server):
    table = Table(browser, quick_server, "football-whist", "desktop", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    hinted = lasts = 0
    try:
        # a keyboard's first stop is the way to the move (the header, the settings and the log come after)
        view = table.decision()
        assert view is not None
        page.keyboard.press("Tab")
        skip = page.evaluate("() => [document.activeElement.dataset.testid, document.activeElement.textContent]")
        assert skip == ["skip-to-move", "Go to your move"], skip
        # (shown where it is, at the window's top left, once focused)
        page.wait_for_function(
            "() => { const r = document.activeElement.getBoundingClientRect(); return r.left >= 0 && r.top >= 0; }"
        )
        assert _inside(page.locator("[data-testid=skip-to-move]").evaluate(RECT), 900, 1366)
        page.keyboard.press("Enter")
        focused = page.evaluate("() => document.activeElement.dataset.action || null")
        assert focused in view["legal"], (focused, view["legal"])
        while view is not None and (hinted < 1 or lasts < 2):
            obs = view["observation"]
            hand = page.locator(".dock .fw-hand svg.card").first.evaluate("el => el.getBoundingClientRect().width")
            if obs["phase"] == "play" and obs["trick"]["cards"] and obs["tricks"][obs["half"] - 1]:
                # the last trick: its cards as large as the hand's (near enough), each with who played it
                box = page.locator("[data-testid=last-trick]")
                widths = box.locator("svg.card").evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
                assert len(widths) == 4 and min(widths) >= 0.85 * hand, (widths, hand)
                names = box.locator(".fw-last-who").all_inner_texts()
                last = obs["tricks"][obs["half"] - 1][-1]
                seats = [(last["leader"] + i) % 4 for i in range(4)]
                assert names == ["You" if seat == 0 else view["seats"][seat]["name"] for seat in seats], names
                room = page.evaluate("() => document.querySelector('.dock').getBoundingClientRect().top")
                assert _inside(box.evaluate(RECT), room, 1366), box.evaluate(RECT)
                assert layout(page) == []
                lasts += 1
            if obs["phase"] == "move" and len(view["legal"]) >= 4 and not hinted:
                # (as the reviewer had it: the list of moves open too, the dock at its tallest; where the ball's
                # few moves are buttons in the dock, review 15, they stand for the list)
                if page.locator(".all-moves summary").is_visible():
                    page.click(".all-moves summary")
                else:
                    assert page.locator(".dock [data-testid=ball-moves] button").count() == len(view["legal"])
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint] [data-testid=hint-play]", timeout=60000)
                page.mouse.move(1, 1)
                page.screenshot(path=str(ARTIFACTS / "football-whist-review13-laptop-hint.png"))
                hint = page.locator("[data-testid=hint]").evaluate(RECT)
                room = page.evaluate("() => document.querySelector('.dock').getBoundingClientRect().top")
                for panel in (".fw-goals-panel", ".fw-log-panel"):
                    rect = page.locator(panel).evaluate(RECT)
                    assert _inside(rect, room, 1366), (panel, rect, room)
                    assert _apart(rect, hint), (panel, rect, hint)
                # the best moves readable in it, the hand and the board's decision as before
                assert page.locator("[data-testid=hint-play]").first.is_visible()
                assert layout(page) == []
                hinted += 1
            table.click(chooser.act(obs, view["legal"]))
            view = table.decision()
        assert hinted and lasts >= 2, (hinted, lasts)
        page.screenshot(path=str(ARTIFACTS / "football-whist-review13-laptop-last-trick.png"))
    finally:
        table.context.close()


def _ball_at_last_card(history: list) -> str:
    ball = at = PITCH["centre"]
    goals = set(PITCH["goals"].values())
    for _seat, action in history:
        verb, _, node = action.partition(" ")
        if verb in ("kick", "move"):
            ball = PITCH["centre"] if node in goals else node
        elif verb == "play":
            at = ball
    return at


def test_at_full_time_the_board_names_the_last_tricks_master_team_and_says_the_match_is_over(server, page):
    match = _match()
    end = match["end"][1]
    obs = end["observation"]
    assert obs["phase"] == "over"
    page.goto(server.url + "/")
    page.evaluate(RENDER, [end, 1000])
    team = PITCH["badges"].get(_ball_at_last_card(obs["history"]))
    box = page.locator(".fw-master-box").text_content()
    assert "Last trick's Master team" in box, box
    shown = page.locator("[data-testid=master]")
    assert shown.get_attribute("data-team") == team, (shown.get_attribute("data-team"), team)
    note = page.inner_text("[data-testid=trick-note]")
    named = f"with {TEAMS[team]['name']} as the Master team" if team else "with no Master team"
    assert "won the last trick, " + named in note and note.endswith(". The match is over."), note
    # (the same end with the ball moved on after the last trick, as its winner may: the box still names the team
    # of the trick, not the badge the ball went to)
    moved = json.loads(json.dumps(end))
    elsewhere = next(n for n, code in PITCH["badges"].items() if code != team)
    moved["observation"]["history"].append([0, f"move {elsewhere}"])
    moved["observation"]["ball"], moved["observation"]["master"] = elsewhere, PITCH["badges"][elsewhere]
    page.evaluate("() => document.body.replaceChildren()")
    page.evaluate(RENDER, [moved, 1000])
    assert page.locator("[data-testid=master]").get_attribute("data-team") == team
    assert ", then moved the ball to " in page.inner_text("[data-testid=trick-note]")
