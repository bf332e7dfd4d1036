"""Football Whist after review 22c, played in the browser at a phone's size and a laptop's:

- at the second half's kick-off the dock's bar says the kick-off, not the goal that ended the first half (the
  half-time box has told that goal);
- at every decision the Master team is a chip in its team's colour, with its badge's name, first under the prompt
  (the scoreboard has scrolled off on a phone), its words readable on the colour.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from conftest import ARTIFACTS
from parlour.bots import make_bot
from parlour.games import get_game
from test_e2e_football_whist_story import _view
from test_e2e_sweep import Table

DATA = Path(__file__).resolve().parents[2] / "src/parlour/games/football_whist/data"
TEAMS = {t["code"]: t for t in json.loads((DATA / "pack.json").read_text())["teams"]}
#: the rectangle of an element in the window, [left, top, right, bottom]
RECT = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
#: two frames: the page drawn and settled
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
#: the laptop window's height
WIDE_HEIGHT = 900


def _goal_ends_the_half() -> tuple[dict, dict]:
    """The views either side of a first half whose last trick's ball move scored (seat 0 kicks off the second)."""
    game = get_game("football-whist")
    state = game.new_state(seed=18)
    rng = random.Random(18)
    while True:
        (seat,) = state.to_move
        legal = list(state.legal_actions(seat))
        before = _view(state.observation(0), list(state.legal_actions(0)))
        goal = [a for a in legal if a in ("move WG", "move EG")]
        state.apply(seat, goal[0] if goal else rng.choice(legal))
        after = _view(state.observation(0), list(state.legal_actions(0)))
        if before["observation"]["half"] == 1 and after["observation"]["half"] == 2:
            return before, after


def test_the_second_half_kick_off_is_said_not_the_goal_that_ended_the_first(server, page):
    before, after = _goal_ends_the_half()
    # (the deal is one that scores with the half's last move: the goal and the half's turn come in one view)
    assert len(after["observation"]["goal_log"]) > len(before["observation"]["goal_log"])
    page.goto(server.url + "/")
    said = page.evaluate(
        """async ([before, after]) => {
        const fw = await import('/static/games/football-whist.js');
        return fw.announce(before, after); }""",
        [before, after],
    )
    assert said and said["text"].startswith("Second half kick-off: "), said
    assert re.fullmatch(
        r"Second half kick-off: You kick off for partners A, toward the (West|East) goal", said["text"]
    ), said
    assert "Goal" not in said["text"]


def _luminance(rgb: str) -> float:
    channels = [int(x) / 255 for x in re.findall(r"\d+", rgb)[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted([_luminance(a), _luminance(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _rgb(hex_colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)))


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_master_team_is_a_chip_in_its_colour_under_the_prompt(browser, quick_server, size):
    table = Table(browser, quick_server, "football-whist", size, 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    teams: set[str] = set()
    none_seen = False
    try:
        for turn, view in table.decisions(chooser, 18):
            obs = view["observation"]
            page.mouse.move(1, 1)
            chip = page.locator(".dock [data-testid=fw-strip-master]")
            seen = chip.evaluate("""el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
                const first = el.parentNode.firstElementChild === el;
                return { text: el.innerText, bg: s.backgroundColor, fg: s.color, first,
                         rect: [r.left, r.top, r.right, r.bottom], size: parseFloat(s.fontSize) }; }""")
            prompt = page.locator(".dock .status").evaluate(RECT)
            height = page.viewport_size["height"]
            # in sight, under the prompt, the strip's first piece
            assert seen["first"], seen
            assert 0 <= seen["rect"][1] and seen["rect"][3] <= height, (turn, seen, height)
            assert seen["rect"][1] >= prompt[3] - 1, (turn, seen, prompt)
            if obs["master"]:
                team = TEAMS[obs["master"]]
                assert seen["text"] == f"★ Master: {team['name']} · {team['badge']}", seen
                assert seen["bg"] == _rgb(team["colour"]), (seen, team["colour"])
                assert _contrast(seen["bg"], seen["fg"]) >= 4.5, seen
                assert seen["size"] >= 13, seen
                if team["code"] not in teams:
                    page.screenshot(path=str(ARTIFACTS / f"football-whist-round12-{size}-master-{len(teams)}.png"))
                teams.add(team["code"])
            else:
                assert seen["text"] == "No Master team", seen
                none_seen = True
            if len(teams) >= 2 and none_seen and turn >= 8:
                break
        assert len(teams) >= 2 and none_seen, (teams, none_seen)
        assert not table.errors, table.errors
    finally:
        table.close()


def _overlaps(a, b) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def test_full_time_says_the_result_once_and_the_box_leaves_the_pitch_and_last_trick_in_sight(browser, quick_server):
    table = Table(browser, quick_server, "football-whist", "desktop", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    try:
        text = None
        for _ in range(3000):
            summary = page.locator("[data-testid=summary]")
            if summary.count():
                text = summary.inner_text()
                if text.startswith("Full time"):
                    break
                page.click("[data-testid=go-on]")
                summary.wait_for(state="detached")
                continue
            shown = table.views.get(table.moves_shown())
            if shown and shown["legal"] and not shown["over"] and max(table.views) == shown["moves"]:
                table.click(chooser.act(shown["observation"], shown["legal"]))
            else:
                page.wait_for_timeout(30)
        assert text and text.startswith("Full time"), text
        page.mouse.move(1, 1)
        page.evaluate(SETTLE)
        page.screenshot(path=str(ARTIFACTS / "football-whist-round12-desktop-full-time.png"))
        # one headline: the result and the player's own word on it said once in the box, in its title
        title = page.inner_text("[data-testid=summary] #sheet-title")
        assert re.fullmatch(
            r"Full time: (.+ \(partners [AB]\) win \d+–\d+\. You (win|lose)\.|a draw, \d+–\d+\. Honours even\.)", title
        ), title
        found = re.search(r"\d+–\d+", title)
        assert found, title
        score = found.group(0)
        assert text.count(score) == 1, text
        assert "You win" not in text.replace(title, "") and "You lose" not in text.replace(title, ""), text
        # the box lies under the pitch and the last trick: both in sight, whole
        box = page.locator("[data-testid=summary]").evaluate(RECT)
        for part in (".fw-pitch-box", ".fw-table-box"):
            rect = page.locator(f".board {part}").first.evaluate(RECT)
            assert rect[1] >= 0 and rect[3] <= WIDE_HEIGHT, (part, rect)
            assert not _overlaps(rect, box), (part, rect, box)
        assert not table.errors, table.errors
    finally:
        table.close()
