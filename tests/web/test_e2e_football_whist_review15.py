"""Football Whist after review 15c, played in the browser at a laptop's size and a phone's:

- a ball move (a kick-off, a move after a trick won) shows where to tap: each position the ball may reach has a bright
  solid ring and an arrow from the ball, the ball's own position is marked "stay", the prompt says "choose a ringed
  badge on the pitch", and the few moves are buttons in the dock too, one for each legal move the server sent;
- on a phone the strip in the hand bar says which goal the player's side attacks and the tricks of this half, in at
  most two lines;
- on a laptop a refusal and a hint open inside the dock: the page does not scroll and the pitch stays where it was;
- on a phone the analysis of a ball move draws the pitch beside its judgement.
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from conftest import ARTIFACTS, PHONE, judged_row, open_analysis, played_by_bots, stood_in_analysis
from parlour.bots import make_bot
from parlour.games import get_game
from parlour.web.live import HINT_EVERY
from sweep import layout
from test_e2e_sweep import Table

#: the rectangle of an element in the window, [left, top, right, bottom]
RECT = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
#: two frames: the page drawn and settled
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _ball(view: dict) -> list[str]:
    return [a for a in view["legal"] if a.split(" ")[0] in ("kick", "move", "stay")]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_ball_move_is_ringed_on_the_pitch_and_offered_as_buttons_in_the_dock(browser, quick_server, size):
    table = Table(browser, quick_server, "football-whist", size, 6)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 6)
    page = table.page
    seen: set[str] = set()
    try:
        view = table.decision()
        while view is not None and seen != {"kick", "move"}:
            phase = view["observation"]["phase"]
            ball = _ball(view)
            if phase in ("kick", "move") and phase not in seen and 2 <= len(ball) <= 6:
                page.mouse.move(1, 1)
                page.evaluate(SETTLE)
                # each position the ball may reach: a bright, solid ring (no faint dashes)
                rings = page.locator(".board .fw-target[data-action]")
                assert set(rings.evaluate_all("els => els.map(e => e.dataset.action)")) == set(ball)
                style = page.locator(
                    ".board .fw-target:not(.fw-stay) circle, .board .fw-target:not(.fw-stay) rect"
                ).first
                assert style.evaluate("el => getComputedStyle(el).strokeDasharray") == "none"
                assert style.evaluate("el => parseFloat(getComputedStyle(el).strokeWidth)") >= 5
                if phase == "move":
                    # an arrow from the ball to each position it may reach, and the ball's own badge marked "stay"
                    assert page.locator(".board .fw-arrow").count() >= 1
                    if "stay" in ball:
                        assert page.locator(".board [data-testid=fw-stay]").text_content().strip() == "stay"
                # the prompt says where to tap or click (in words for every way of playing: "choose")
                assert "choose a ringed badge on the pitch" in page.inner_text(".dock .status").lower()
                # the same moves as buttons in the dock, in words, one for each legal move the server sent
                buttons = page.locator(".dock [data-testid=ball-moves] button")
                assert sorted(buttons.evaluate_all("els => els.map(e => e.dataset.action)")) == sorted(ball)
                assert all(buttons.nth(i).is_visible() for i in range(buttons.count()))
                words = buttons.all_inner_texts()
                assert not any(re.search(r"\b(kick|move) [A-Z]+\d*\b", w) for w in words), words
                page.screenshot(path=str(ARTIFACTS / f"football-whist-review15-{size}-{phase}.png"))
                if size == "phone":
                    # the pitch above the dock, the buttons in it: the decision whole on the screen
                    pitch = page.locator(".fw-pitch-box svg").evaluate(RECT)
                    dock = page.locator(".dock").evaluate(RECT)
                    assert pitch[1] >= -1 and pitch[3] <= dock[1] + 1, (pitch, dock)
                assert layout(page) == []
                seen.add(phase)
                # a button in the dock makes the move
                action = chooser.act(view["observation"], view["legal"])
                before = table.moves_shown()
                page.click(f'.dock [data-testid=ball-moves] [data-action="{action}"]')
                page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) !== {before}")
            else:
                table.click(chooser.act(view["observation"], view["legal"]))
            view = table.decision()
        assert seen == {"kick", "move"}, seen
    finally:
        table.close()


def test_on_a_phone_the_strip_says_which_goal_the_side_attacks_and_the_tricks_this_half(browser, quick_server):
    table = Table(browser, quick_server, "football-whist", "phone", 6)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 6)
    page = table.page
    checked = 0
    try:
        view = table.decision()
        while view is not None and checked < 8:
            obs = view["observation"]
            goal = "← West goal" if obs["attacking"]["A"] == "WG" else "East goal →"
            strip = page.locator(".dock [data-testid=fw-strip]")
            text = strip.inner_text()
            assert f"you attack {goal}" in text, text
            won = obs["tricks_won"]
            assert f"tricks this half {won['A']}–{won['B']}" in text, text
            # two lines at most, inside the phone's width
            box = strip.evaluate(RECT)
            line = page.locator(".dock [data-testid=fw-strip-score]").evaluate(RECT)
            assert box[3] - box[1] <= 2 * (line[3] - line[1]) + 8, (box, line)
            assert box[2] <= PHONE["width"], box
            checked += 1
            if checked == 3:
                page.screenshot(path=str(ARTIFACTS / "football-whist-review15-phone-strip.png"))
            table.click(chooser.act(obs, view["legal"]))
            view = table.decision()
        assert checked == 8
    finally:
        table.close()


def test_on_a_laptop_a_refusal_and_a_hint_open_in_the_dock_and_the_table_stays_still(browser, quick_server):
    table = Table(browser, quick_server, "football-whist", "desktop", 6)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 6)
    page = table.page
    done = 0
    asked = -HINT_EVERY
    try:
        view = table.decision()
        while view is not None and done < 2:
            obs = view["observation"]
            wrong = [c for c in obs["hand"] if f"play {c}" not in view["legal"]]
            # a follow with a card that cannot be played, the last trick shown under the pitch (the tallest table)
            if (
                obs["phase"] == "play"
                and obs["trick"]["cards"]
                and wrong
                and page.locator("[data-testid=last-trick]").count()
            ):
                page.mouse.move(1, 1)
                page.evaluate(SETTLE)
                where = lambda: [page.evaluate("scrollY"), page.locator(".fw-pitch-box svg").evaluate(RECT)[1]]  # noqa: E731
                still = where()
                page.locator(f'.dock .fw-hand [data-refused="play {wrong[0]}"]').dispatch_event("click")
                page.wait_for_selector(".refusal.show")
                page.evaluate(SETTLE)
                now = where()
                assert abs(now[0] - still[0]) <= 2 and abs(now[1] - still[1]) <= 2, ("refusal", still, now)
                if done == 0:
                    page.screenshot(path=str(ARTIFACTS / "football-whist-review15-desktop-refusal.png"))
                time.sleep(max(0.0, asked + HINT_EVERY - time.monotonic()))
                asked = time.monotonic()
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint] [data-testid=hint-play]", timeout=60000)
                page.evaluate(SETTLE)
                now = where()
                assert abs(now[0] - still[0]) <= 2 and abs(now[1] - still[1]) <= 2, ("hint", still, now)
                # the site's top bar in view, the hint whole in the window
                assert page.locator("header, .site-head, nav").first.evaluate(RECT)[1] >= -1
                hint = page.locator("[data-testid=hint]").evaluate(RECT)
                assert hint[3] <= 900 + 1, hint
                if done == 0:
                    page.screenshot(path=str(ARTIFACTS / "football-whist-review15-desktop-hint.png"))
                page.click("[data-testid=hint-close]")
                done += 1
            table.click(chooser.act(obs, view["legal"]))
            view = table.decision()
        assert done == 2, done
    finally:
        table.close()


def test_on_a_phone_the_analysis_of_a_ball_move_draws_the_pitch_beside_its_judgement(browser, quick_server):
    made, info, record = played_by_bots(quick_server.url, "football-whist", 5, 4)
    game = get_game("football-whist")
    state = game.new_state(seats=4, variant=record.variant, seed=record.seed, deal=record.deal)
    rows: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(record.actions):
        legal = [str(a) for a in state.legal_actions(seat)]
        if seat == 0 and action.split(" ")[0] in ("kick", "move") and len(legal) >= 2 and len(rows) < 2:
            best = next(a for a in legal if a != action)
            options = [best] + [a for a in legal if a != best]
            chances = [round(0.6 - 0.1 * i, 2) for i in range(len(options))]
            rows.append(judged_row(index, 0, len(legal), action, list(zip(options, chances, strict=True))))
        state.apply(seat, state.parse_action(action))
    assert rows, "seat 0 made no ball move"
    analysis = stood_in_analysis(made["id"], "football-whist", 0, info["seats"][0]["name"], rows)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_analysis(page, quick_server.url, made["id"], 0, analysis)
        row = rows[0]
        page.locator(f".analysis-moves li[data-index='{row['index']}'] button").click()
        focus = page.locator("[data-testid=analysis-focus]")
        page.wait_for_selector(f"[data-testid=analysis-focus] h2:has-text('Move {row['move']}:')")
        pitch = focus.locator("[data-testid=judged-pitch]")
        pitch.wait_for()
        page.evaluate(SETTLE)
        # the pitch right under the judgement, the move made and the expert's choice ringed on it
        verdict = focus.locator(".verdict").evaluate(RECT)
        drawn = pitch.locator("svg").evaluate(RECT)
        assert drawn[1] - verdict[3] < 320, (verdict, drawn)
        assert pitch.locator(".fw-judged-played").count() == 1 and pitch.locator(".fw-judged-best").count() == 1
        # in sight with it once the decision is picked: the page brings the pitch's top part onto the screen
        assert drawn[1] < PHONE["height"] - 120, drawn
        page.screenshot(path=str(ARTIFACTS / "football-whist-review15-phone-analysis.png"))
        assert not errors, errors
    finally:
        context.close()
    assert httpx.get(f"{quick_server.url}/api/tables/{made['id']}").status_code == 200
