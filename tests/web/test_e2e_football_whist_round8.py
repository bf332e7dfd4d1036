"""Football Whist after review 18b, round 8:

- a card played by its digit key, the focus nowhere on the table, brings the focus to the hand: at the player's
  next turn it rests on a move he can make, not on the page's body (nine Tabs away);
- a goal stands alone in the story for a beat and then gives way to the next move, never run on with it
  ("…lead 4–3 Betty played England 9"), and the move that scored is told as the goal it was, never as a plain
  "moved the ball to the West goal" under the prompt to kick off after it;
- a greyed card clicked with a laptop's mouse or tapped on a phone says in words what must be played.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx
import pytest

from conftest import ARTIFACTS, PHONE, WIDE, Server, take_seat

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": WIDE},
    "phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
}
#: what has the keyboard's focus: [in the dock, a move it makes (data-action), the page's body]
FOCUS = """() => { const el = document.activeElement;
    return [!!el.closest('.dock'), el.getAttribute('data-action'), el === document.body]; }"""
#: a move of the person's in the dock (a card of the hand, or a ball move's button)
MOVE = ".dock .hand-area [data-action], .dock .decision-slot [data-action]"


def _seated(browser, server, size: str, pace: str, seed: int | None = None):
    """A table of the person (seat 0) and three bots, opened in the browser at ``pace``: (context, page, made)."""
    body: dict[str, Any] = {
        "game": "football-whist",
        "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot"}] * 3,
    }
    if seed is not None:
        body["seed"] = seed
    made = httpx.post(server.url + "/api/tables", json=body).json()
    context = browser.new_context(**SIZES[size])
    context.add_init_script(f"localStorage.setItem('parlour:pace', '{pace}')")
    page = context.new_page()
    page.set_default_timeout(30000)
    take_seat(page, server.url, made)
    return context, page, made


def test_a_card_played_by_its_digit_key_brings_the_focus_back_to_the_hand(browser, server):
    context, page, _ = _seated(browser, server, "desktop", "instant")
    try:
        for turn in range(3):
            page.wait_for_selector(MOVE)
            moves = int(page.get_attribute(".board", "data-moves"))
            if turn == 0:
                assert page.evaluate(FOCUS)[2], page.evaluate(FOCUS)  # the page just opened: nothing focused
            page.keyboard.press("1")
            page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {moves}")
            # his next turn: the focus rests on a move he can make, in the dock (or, at a kick-off or a ball move, on
            # the pitch's ringed badge, the same move)
            page.wait_for_selector(MOVE)
            page.wait_for_function("() => !!document.activeElement.getAttribute('data-action')")
            inside, action, body = page.evaluate(FOCUS)
            assert action and not body and (inside or action.startswith(("kick ", "move "))), (
                turn,
                inside,
                action,
                body,
            )
        # and Enter there plays it, the focus carried on to the next turn as well
        page.keyboard.press("Enter")
        page.wait_for_selector(MOVE)
        page.wait_for_function("() => !!document.activeElement.getAttribute('data-action')")
    finally:
        context.close()


#: every text the story showed, with when: window.stories, [[ms, text]]
WATCH_STORY = """(() => {
  window.stories = [];
  const watch = () => {
    const story = document.querySelector('.story');
    if (!story) { requestAnimationFrame(watch); return; }
    const note = () => { const text = story.textContent; if (text && text !== (window.stories.at(-1) || [])[1])
      window.stories.push([performance.now(), text]); };
    new MutationObserver(note).observe(story, { childList: true, subtree: true, characterData: true });
  };
  watch();
})();"""
GOAL = re.compile(
    r"^(Own goal|Goal)! \w+ puts it in the (West|East) goal: (partners [AB] lead \d+–\d+|\d+–\d+, level)$"
)


def test_a_goal_stands_alone_for_a_beat_and_the_move_that_scored_is_told_as_a_goal(browser, tmp_path):
    # (bots that take their time at the server, watched at the quick pace: every view is told as it came)
    server = Server(f"sqlite:///{tmp_path / 'slow.db'}", 0.2).start()
    context = browser.new_context(viewport=WIDE)
    try:
        made = httpx.post(
            server.url + "/api/tables",
            json={
                "game": "football-whist",
                "seed": 3,
                "sit": False,
                "seats": [{"kind": "bot", "bot": "heuristic"}] * 4,
            },
        ).json()
        context.add_init_script("localStorage.setItem('parlour:pace', 'quick')")
        context.add_init_script(WATCH_STORY)
        page = context.new_page()
        page.goto(f"{server.url}/t/{made['id']}")
        page.wait_for_selector(".board")
        # two goals told, and the next thing after the second
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            stories = page.evaluate("window.stories")
            goals = [i for i, (_, text) in enumerate(stories) if "goal!" in text.lower()]
            if len(goals) >= 2 and goals[-1] + 1 < len(stories):
                break
            time.sleep(0.5)
        else:
            raise AssertionError(f"fewer than two goals told: {page.evaluate('window.stories')}")
        page.screenshot(path=str(ARTIFACTS / "football-whist-round8-story.png"))
        for i in goals:
            at, text = stories[i]
            # alone: the goal's own words, no move run on after them
            assert GOAL.match(text), text
            # for a beat (at least the hold the page gives it before the next move is drawn)
            assert stories[i + 1][0] - at >= 2000, (text, stories[i + 1])
            # then the next move, without the goal
            assert "goal!" not in stories[i + 1][1].lower(), stories[i + 1]
        # the move into a goal is never told as a plain move of the ball once the goal's news has gone
        assert not any(re.search(r"moved the ball to the (West|East) goal", text) for _, text in stories), stories
    finally:
        context.close()
        server.stop()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_greyed_card_clicked_or_tapped_says_what_must_be_played(browser, server, size):
    context, page, made = _seated(browser, server, size, "instant")
    try:
        for _ in range(30):
            page.wait_for_selector(MOVE)
            status = page.inner_text(".status")
            greyed = page.locator(".dock .fw-hand .fw-dim[data-refused]")
            if status.startswith("Follow ") and greyed.count():
                break
            page.locator(MOVE).first.click()
            page.wait_for_function("!document.querySelector('.dock.sent')")
        else:
            raise AssertionError("the person never had to follow with a card he could not play")
        led = status.split(":")[0].replace("Follow ", "")
        # a real click of the mouse (or a tap of a finger) on the card itself (Playwright would wait for an
        # aria-disabled control to be enabled: force)
        if size == "phone":
            greyed.first.tap(force=True)
        else:
            greyed.first.click(force=True)
        said = page.locator("[data-testid=refusal]")
        said.wait_for()
        text = said.inner_text()
        assert "must follow" in text and led in text and re.search(rf"{led} \d+", text), text
        assert said.is_visible()
        page.screenshot(path=str(ARTIFACTS / f"football-whist-round8-{size}-refusal.png"))
    finally:
        context.close()


#: where the ball's badge, the pitch, the trick and the hand lie in a phone's window, and the top of the dock
ROOM = """() => { const r = (sel) => { const b = document.querySelector(sel).getBoundingClientRect();
    return [b.top, b.bottom]; };
  return { dock: r('.dock')[0], badge: r('.fw-has-ball'), ball: r('.fw-ball'), pitch: r('.fw-pitch-box'),
           trick: r('[data-testid=trick]'), hand: r('.dock .fw-hand'), height: innerHeight }; }"""


WAITING_FOR_BOB = (
    "() => document.querySelector('.status')?.textContent.startsWith('Waiting for Bob')"
    " && document.querySelectorAll('[data-testid=trick] .fw-played').length > 0"
    " && !document.querySelector('.fw-trick-last')"
)


def test_on_a_phone_the_ball_and_its_badge_stay_above_the_dock_while_the_others_play_to_a_trick(browser, server):
    """The page opened (or come back to) while another plays to the trick: it used to stay at its top, the pitch
    half under the dock."""
    context = browser.new_context(**SIZES["phone"])
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    page.set_default_timeout(30000)
    try:
        for seed in range(1, 12):
            # (Bob, the seat after Ann's, is a person who never comes: the table waits for him after her card)
            seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}] + [{"kind": "bot"}] * 2
            made = httpx.post(
                server.url + "/api/tables", json={"game": "football-whist", "seed": seed, "seats": seats}
            ).json()
            take_seat(page, server.url, made)
            bob = "() => document.querySelector('.status')?.textContent.startsWith('Waiting for Bob')"
            for _ in range(12):
                page.wait_for_function(f"() => !!document.querySelector('{MOVE}') || ({bob})()")
                if page.evaluate(bob):
                    break
                page.locator(MOVE).first.click()
                page.wait_for_function("!document.querySelector('.dock.sent')")
            if page.evaluate(WAITING_FOR_BOB):
                break
        else:
            raise AssertionError("no deal where Ann plays to a trick before Bob")
        # Ann comes back to the table while Bob thinks
        page.reload()
        page.wait_for_function(WAITING_FOR_BOB)
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        seen = page.evaluate(ROOM)
        page.screenshot(path=str(ARTIFACTS / "football-whist-round8-phone-waiting.png"))
        for part in ("badge", "ball", "pitch", "trick"):
            top, bottom = seen[part]
            assert top >= 0 and bottom <= seen["dock"] + 1, (part, seen)
        # the hand stays whole on the first screen, in the dock
        assert seen["hand"][1] <= seen["height"], seen
    finally:
        context.close()


def _ball_moves(count: int) -> list[tuple[dict, list[str]]]:
    """Seat 0's moves of the ball after a trick won ("stay" among them), from random matches: (observation, legal)."""
    from parlour.games import get_game

    game = get_game("football-whist")
    chooser = random.Random(8)
    found: list[Any] = []
    for seed in range(1, 60):
        state = game.new_state(seats=4, seed=seed)
        while not state.is_over and len(found) < count:
            seat = next(iter(state.to_move))
            legal = [str(a) for a in state.legal_actions(seat)]
            if seat == 0 and "stay" in legal and len(legal) > 2:
                found.append((state.observation(0), legal))
            state.apply(seat, state.parse_action(chooser.choice(legal)))
        if len(found) >= count:
            return found
    return found


#: each ball move drawn as the live table draws it, and what the "stay" tag and the centre circle's name meet
CLEAR = """async (moves) => {
    const game = await import('/static/games/football-whist.js');
    document.body.replaceChildren();
    const el = document.createElement('div');
    document.body.append(el);
    const seats = ['Ann', 'Arthur', 'Betty', 'Cyril'].map((name) => ({ name }));
    const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const meet = (a, b) => a[0] < b[2] - 1 && b[0] < a[2] - 1 && a[1] < b[3] - 1 && b[1] < a[3] - 1;
    const crosses = (a, line) => {
        const m = line.getScreenCTM();
        const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(line.getAttribute(k)));
        for (let i = 0; i <= 40; i++) {
            const p = new DOMPoint(x1 + (x2 - x1) * i / 40, y1 + (y2 - y1) * i / 40).matrixTransform(m);
            if (p.x > a[0] && p.x < a[2] && p.y > a[1] && p.y < a[3]) return true;
        }
        return false;
    };
    const out = [];
    for (const [obs, legal] of moves) {
        el.replaceChildren();
        const view = { seat: 0, seats, observation: obs, legal, over: false, moves: obs.history.length };
        game.render(el, { view, obs, seat: 0, legal, act: () => true, send: () => true, refuse: () => true,
                          readOnly: false, redraw: () => {} });
        await new Promise((done) => requestAnimationFrame(done));
        const tag = box(el.querySelector('[data-testid=fw-stay] rect'));
        const ball = box(el.querySelector('.fw-ball circle'));
        const arrows = [...el.querySelectorAll('.fw-arrow')];
        const badges = [...el.querySelectorAll('.fw-node:not(.fw-has-ball) .fw-badge')].map(box);
        const name = el.querySelector('.fw-centre-name');
        out.push({ ball: obs.ball, tagOnBall: meet(tag, ball), tagOnArrow: arrows.some((a) => crosses(tag, a)),
                   tagOnBadge: badges.some((b) => meet(tag, b)),
                   nameOnArrow: name ? arrows.some((a) => crosses(box(name), a)) : false });
    }
    return out;
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_stay_tag_and_the_centre_circles_name_keep_clear_of_the_ball_and_the_arrows(browser, server, size):
    moves = _ball_moves(30)
    assert len(moves) >= 20
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        seen = page.evaluate(CLEAR, moves)
        clash = [x for x in seen if x["tagOnBall"] or x["tagOnArrow"] or x["tagOnBadge"] or x["nameOnArrow"]]
        assert not clash, clash
    finally:
        context.close()


def test_a_ball_in_the_goal_covers_none_of_its_lettering(browser, server):
    from test_e2e_football_whist_review16 import _goal_views

    before, after, goal = _goal_views()
    for size in ("desktop", "phone"):
        context = browser.new_context(**SIZES[size])
        context.add_init_script("localStorage.setItem('parlour:pace', 'steady')")
        page = context.new_page()
        try:
            page.goto(server.url + "/")
            seen = page.evaluate(
                """async ([views, goal]) => {
                    const game = await import('/static/games/football-whist.js');
                    document.body.replaceChildren();
                    const el = document.createElement('div');
                    document.body.append(el);
                    const seats = ['Ann', 'Arthur', 'Betty', 'Cyril'].map((name) => ({ name }));
                    for (const obs of views) {
                        el.replaceChildren();
                        const view = { seat: 0, seats, observation: obs, legal: [], over: false,
                                       moves: obs.history.length };
                        game.render(el, { view, obs, seat: 0, legal: [], act: () => true, send: () => true,
                                          refuse: () => true, readOnly: false, redraw: () => {} });
                    }
                    await new Promise((done) => requestAnimationFrame(done));
                    const box = (n) => {
                        const r = n.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom];
                    };
                    const ball = box(el.querySelector('.fw-ball circle'));
                    const words = [...el.querySelectorAll(`[data-node="${goal}"] text`)]
                        .filter((t) => getComputedStyle(t).visibility !== 'hidden').map(box);
                    const meet = (a, b) => a[0] < b[2] - 1 && b[0] < a[2] - 1 && a[1] < b[3] - 1 && b[1] < a[3] - 1;
                    return { inGoal: el.querySelector('.fw-ball').dataset.inGoal || null,
                             covered: words.filter((w) => meet(ball, w)).length, words: words.length };
                }""",
                [[before, after], goal],
            )
            page.screenshot(path=str(ARTIFACTS / f"football-whist-round8-{size}-ball-in-goal.png"))
            assert seen["inGoal"] == goal and seen["words"] >= 2 and seen["covered"] == 0, (size, seen)
        finally:
            context.close()
