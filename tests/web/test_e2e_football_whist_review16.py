"""Football Whist after review 16c, played in the browser at a laptop's size and a phone's:

- a kick-off chosen (a button in the dock or a ringed badge on the pitch) is taken at once: every way to choose
  again goes off and the dock says what the player chose until the server's answer comes;
- a hint opened at a kick-off says in its heading that a line plays its move (on a phone the "Kick off to" buttons
  stay in sight under it too);
- each badge's name fits inside its circle on the pitch;
- the expert's analysis opens its list on the costly moves its headline counts (the box shows the rest);
- a goal is seen: the ball stands in the lit goal for a moment before it goes back to the centre circle (at once at
  the instant pace or with reduced motion).
"""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from conftest import ARTIFACTS, PHONE, WIDE, judged_row, open_analysis, played_by_bots, stood_in_analysis, take_seat
from parlour.games import get_game

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": WIDE},
    "phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
}
#: the rectangle of an element in the window, [left, top, right, bottom]
RECT = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
#: two frames: the page drawn and settled
SETTLE = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _at_kick_off(browser, server, size: str):
    """A table where the player (seat 0, hints on) kicks off first, opened at his kick-off: (context, page)."""
    seed = next(s for s in range(1, 60) if 0 in get_game("football-whist").new_state(seed=s).to_move)
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "football-whist",
            "seed": seed,
            "hints": True,
            "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot"}] * 3,
        },
    ).json()
    context = browser.new_context(**SIZES[size])
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    page.set_default_timeout(20000)
    take_seat(page, server.url, made)
    page.wait_for_selector(".board .fw-target[data-action]")
    page.wait_for_selector(".dock [data-testid=ball-moves] button")
    page.evaluate(SETTLE)
    return context, page


@pytest.mark.parametrize(("size", "how"), [("desktop", "button"), ("phone", "ring"), ("desktop", "ring")])
def test_a_kick_off_chosen_is_taken_at_once_and_said_in_the_dock(browser, server, size, how):
    context, page = _at_kick_off(browser, server, size)
    try:
        # the press and a look at the page in one go: the server's answer cannot have come in between
        seen = page.evaluate(
            """(how) => {
                const target = how === 'button'
                    ? document.querySelector('.dock [data-testid=ball-moves] button[data-action^="kick "]')
                    : document.querySelector('.board .fw-target[data-action^="kick "]');
                const action = target.dataset.action;
                target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
                const buttons = [...document.querySelectorAll('.dock [data-testid=ball-moves] button')];
                const rings = [...document.querySelectorAll('.board .fw-target')];
                const said = document.querySelector('.dock [data-testid=ball-chosen]');
                return {
                    action,
                    buttons: buttons.map((b) => b.disabled || b.getAttribute('aria-disabled') === 'true'),
                    rings: rings.map((r) => r.getAttribute('aria-disabled') === 'true'
                        && getComputedStyle(r).pointerEvents === 'none'),
                    said: said ? said.textContent : null,
                    label: target.getAttribute('aria-label') || target.textContent,
                };
            }""",
            how,
        )
        assert seen["buttons"] and all(seen["buttons"]), seen
        assert seen["rings"] and all(seen["rings"]), seen
        place = seen["label"].replace("Kick off to ", "").strip()
        assert seen["said"] and seen["said"].startswith("You kicked off to "), seen
        assert place.split(" (")[0].replace("the ", "") in seen["said"], seen
        page.screenshot(path=str(ARTIFACTS / f"football-whist-review16-{size}-{how}-chosen.png"))
        # the server's answer: the kick-off made, once
        page.wait_for_function("Number(document.querySelector('.board').dataset.moves) >= 1")
        history = page.evaluate(
            "() => [...document.querySelectorAll('[data-testid=play-log] li')].map((li) => li.textContent)"
        )
        assert sum("kicked off to" in line for line in history) == 1, history
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hint_at_a_kick_off_says_its_lines_play_the_move(browser, server, size):
    context, page = _at_kick_off(browser, server, size)
    try:
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-hint]", timeout=60000)
        page.evaluate(SETTLE)
        page.screenshot(path=str(ARTIFACTS / f"football-whist-review16-{size}-kick-off-hint.png"))
        # the hint's heading says its lines make the move (on a laptop its lines stand for the buttons, which give
        # way to them so that the goals and the play log stay in sight above the dock)
        heading = page.inner_text("[data-testid=hint] h2").lower()
        assert ("tap" if size == "phone" else "click") + " a line to play it" in heading, heading
        rows = page.locator("[data-testid=hint] [data-testid=hint-play]")
        assert rows.count() >= 2 and all(rows.nth(i).is_visible() for i in range(rows.count()))
        if size == "phone":
            # on a phone the buttons stay in sight under the hint too
            height = SIZES[size]["viewport"]["height"]
            buttons = page.locator(".dock [data-testid=ball-moves] button")
            assert buttons.count() >= 2
            for i in range(buttons.count()):
                box = buttons.nth(i).evaluate(RECT)
                assert buttons.nth(i).is_visible() and box[1] >= 0 and box[3] <= height + 1, (i, box)
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_each_badge_name_fits_inside_its_circle(browser, server, size):
    context, page = _at_kick_off(browser, server, size)
    try:
        fits = page.evaluate(
            """() => [...document.querySelectorAll('.board .fw-node')].flatMap((g) => {
                const name = g.querySelector('.fw-badge-name');
                const circle = g.querySelector('.fw-badge');
                if (!name || !circle || !name.textContent) return [];
                const t = name.getBBox(), r = Number(circle.getAttribute('r'));
                const cx = Number(circle.getAttribute('cx')), cy = Number(circle.getAttribute('cy'));
                // the circle's width at the name's top and foot, whichever is narrower
                const dy = Math.max(Math.abs(t.y - cy), Math.abs(t.y + t.height - cy));
                const half = Math.sqrt(Math.max(0, r * r - dy * dy));
                return [{ name: name.textContent, left: t.x, right: t.x + t.width, from: cx - half, to: cx + half }];
            })"""
        )
        # (on a phone the badges are bigger and carry their team's letter only: no name to clip)
        assert fits or size == "phone", "no badge names drawn"
        for f in fits:
            assert f["left"] >= f["from"] - 0.5 and f["right"] <= f["to"] + 0.5, f
        page.screenshot(path=str(ARTIFACTS / f"football-whist-review16-{size}-badges.png"))
    finally:
        context.close()


def _analysis_rows(record, costly: int) -> list[dict[str, Any]]:
    """The judgements of seat 0's first decisions with a choice, the first ``costly`` of them costly."""
    game = get_game("football-whist")
    state = game.new_state(seats=4, variant=record.variant, seed=record.seed, deal=record.deal)
    rows: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(record.actions):
        legal = [str(a) for a in state.legal_actions(seat)]
        if seat == 0 and len(legal) >= 2 and len(rows) < 6:
            best = action if len(rows) >= costly else next(a for a in legal if a != action)
            options = [(best, 0.6)] + ([(action, 0.3)] if best != action else [])
            rows.append(judged_row(index, 0, len(legal), action, options))
        state.apply(seat, state.parse_action(action))
    return rows


@pytest.mark.parametrize("costly", [2, 0])
def test_the_analysis_list_opens_on_the_costly_moves_its_headline_counts(browser, quick_server, costly):
    made, info, record = played_by_bots(quick_server.url, "football-whist", 5, 4)
    rows = _analysis_rows(record, costly)
    assert len(rows) == 6
    analysis = stood_in_analysis(made["id"], "football-whist", 0, info["seats"][0]["name"], rows)
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(20000)
    try:
        open_analysis(page, quick_server.url, made["id"], 0, analysis, state="attached")
        page.evaluate(SETTLE)
        shown = page.locator(".analysis-moves li:visible")
        if costly:
            # the headline's count and the list agree: the costly moves only, the box to show the rest ticked
            assert f"{costly} costly moves" in page.inner_text(".analysis-nav")
            assert shown.count() == costly
            assert all("gave away" in t for t in shown.all_inner_texts())
            assert page.locator("[data-testid=only-costly]").is_checked()
            page.screenshot(path=str(ARTIFACTS / "football-whist-review16-analysis-costly.png"))
            page.uncheck("[data-testid=only-costly]")
            assert shown.count() == len(rows)
        else:
            # nothing costly: every decision listed, no box
            assert shown.count() == len(rows)
            assert page.locator("[data-testid=only-costly]").count() == 0
    finally:
        context.close()


def _goal_views() -> tuple[dict, dict, str]:
    """Seat 0's observations just before and just after a goal scored in the run of play (not one that ends a half),
    and the goal it went into."""
    game = get_game("football-whist")
    chooser = random.Random(3)
    for seed in range(1, 40):
        state = game.new_state(seats=4, seed=seed)
        while not state.is_over:
            seat = next(iter(state.to_move))
            before = state.observation(0)
            action = chooser.choice([str(a) for a in state.legal_actions(seat)])
            state.apply(seat, state.parse_action(action))
            after = state.observation(0)
            if len(after["goal_log"]) > len(before["goal_log"]) and after["half"] == before["half"]:
                assert after["phase"] == "kick", after["phase"]
                return before, after, action.split(" ")[1]
    raise AssertionError("no goal in the run of play")


#: draws the table for seat 0 from each observation in turn, as a live table does, and reports on the pitch
RENDER = """async ([views, wait]) => {
    const game = await import('/static/games/football-whist.js');
    document.body.replaceChildren();
    const el = document.createElement('div');
    document.body.append(el);
    const seats = ['Ann', 'Arthur', 'Betty', 'Cyril'].map((name) => ({ name }));
    for (const obs of views) {
        el.replaceChildren();
        const view = { seat: 0, seats, observation: obs, legal: [], over: false, moves: obs.history.length };
        game.render(el, { view, obs, seat: 0, legal: [], act: () => true, send: () => true, refuse: () => true,
                          readOnly: false, redraw: () => {} });
    }
    const look = () => {
        const ball = el.querySelector('.fw-ball circle').getBoundingClientRect();
        const lit = el.querySelector('.fw-goal.fw-goal-scored');
        const goal = lit ? lit.getBoundingClientRect() : null;
        return { inGoal: el.querySelector('.fw-ball').dataset.inGoal || null, lit: Boolean(lit),
                 ball: [ball.left + ball.width / 2, ball.top + ball.height / 2],
                 goal: goal ? [goal.left, goal.top, goal.right, goal.bottom] : null };
    };
    const first = look();
    await new Promise((done) => setTimeout(done, wait));
    return [first, look()];
}"""


@pytest.mark.parametrize(
    ("pace", "motion"), [("steady", "no-preference"), ("instant", "no-preference"), ("steady", "reduce")]
)
def test_a_goal_is_seen_the_ball_in_the_lit_goal_before_it_goes_back_to_the_centre(browser, quick_server, pace, motion):
    before, after, goal = _goal_views()
    context = browser.new_context(viewport=WIDE, reduced_motion=motion)
    context.add_init_script(f"localStorage.setItem('parlour:pace', '{pace}')")
    page = context.new_page()
    try:
        page.goto(quick_server.url + "/")
        first, later = page.evaluate(RENDER, [[before, after], 3000])
        if pace == "steady" and motion == "no-preference":
            # the ball stands in the goal it went into, the goal lit
            assert first["inGoal"] == goal and first["lit"], first
            left, top, right, bottom = first["goal"]
            assert left <= first["ball"][0] <= right and top <= first["ball"][1] <= bottom, first
            # then back on the centre circle, the goal no longer lit
            assert later["inGoal"] is None and not later["lit"], later
            assert later["ball"] != first["ball"], later
            # (drawn again, for a look at the moment of the goal)
            page.evaluate(RENDER, [[before, after], 0])
            page.screenshot(path=str(ARTIFACTS / "football-whist-review16-goal.png"))
        else:
            # at once: the ball on the centre circle, no goal held lit
            assert first["inGoal"] is None and not first["lit"], first
    finally:
        context.close()
