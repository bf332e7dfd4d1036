"""Football Whist after review 28, drawn in the browser from the rules' own views (no whole match played):

- the last trick's players are named whole under their cards ("Charlton 1" and "Charlton 2", not both "Charlto…"),
  at the table and on the half-time sheet, whose trick is drawn the same way;
- a phone's hint at a move of the ball named three of the four ringed places (the expert passed one over): the move
  passed over is a line too, "not weighed", and plays its move like any other line;
- at the player's kick-off after a goal, the goal's dashed way (which crossed the kick-off's arrows) is faded;
- a phone's ball in a goal (a goal scored, the match's end) covered the goal's "for you": the goal's words stand higher;
- a laptop's keys reached nine of a lead from ten or eleven cards: the tenth is 0 and the eleventh a, said so in the
  list's heading.
"""

from __future__ import annotations

import random

from conftest import seat_view, shot
from parlour.bots import make_bot
from parlour.games import get_game
from test_e2e_football_whist_review27 import RENDER

#: a drive's table: each seat its team's name and a number
DRIVE = ["Aston Villa 1", "Charlton 1", "Aston Villa 2", "Charlton 2"]


def _view(obs: dict, legal: list[str], names: list[str] = DRIVE) -> dict:
    return {"seats": [{"name": n, "kind": "bot" if i else "person", "connected": True} for i, n in enumerate(names)],
            "seat": 0, "observation": obs, "legal": legal, "over": obs["phase"] == "over", "moves": len(obs["history"])}


def _first(seed: int, found) -> dict:
    """The first view of seat 0 in a deal played at random that ``found`` accepts."""
    game = get_game("football-whist")
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        view = _view(state.observation(0), list(state.legal_actions(0)))
        if found(view):
            return view
        (seat,) = state.to_move
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    raise AssertionError("no such moment in the deal")


def test_the_last_tricks_players_are_named_whole(server, page):
    view = _first(0, lambda v: v["observation"]["phase"] == "play" and v["observation"]["trick"]["cards"]
                  and v["observation"]["tricks"][0])
    last = view["observation"]["tricks"][0][-1]
    page.goto(server.url + "/")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate(RENDER, [view, 1366])
    names = page.locator("[data-testid=last-trick] .fw-last-who").evaluate_all("""els => els.map((e) => ({
        text: e.innerText.replace(/\\s+/g, ' '), cut: e.scrollWidth > e.clientWidth + 1,
        clipped: getComputedStyle(e).textOverflow === 'ellipsis' }))""")
    expected = ["You" if (last["leader"] + i) % 4 == 0 else DRIVE[(last["leader"] + i) % 4] for i in range(4)]
    assert [n["text"] for n in names] == expected, names
    assert not any(n["cut"] or n["clipped"] for n in names), names
    shot(page, "football-whist-review28-last-trick")


HINT = """async ([view, options, unjudged]) => {
    const [{ hints }, fw] = await Promise.all([import('/static/hint.js'), import('/static/games/football-whist.js')]);
    document.body.replaceChildren();
    const slot = document.createElement('div');
    document.body.append(slot);
    window.played = [];
    const hint = hints(slot, { send: () => true, act: (a) => { window.played.push(a); }, label: fw.label,
      words: fw.hintWords, tap: fw.hintTap, rest: fw.hintRest, contest: 'match' });
    hint.draw(view);
    slot.querySelector('[data-testid=hint-button]').click();
    hint.answered({ moves: view.moves, options, unjudged });
    return true; }"""


def test_a_hint_lists_every_place_the_ball_may_go_the_one_passed_over_too(server, browser):
    view = _first(3, lambda v: v["observation"]["phase"] == "move" and v["observation"]["move"]["mover"] == 0
                  and len(v["legal"]) >= 4)
    view["hints"] = True
    judged, passed = view["legal"][:-1], view["legal"][-1]
    options = [{"action": a, "chance": 0.5 - i / 100, "visits": 10} for i, a in enumerate(judged)]
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        page.evaluate(HINT, [view, options, 1])
        rows = page.locator("[data-testid=hint] [data-hint]")
        assert sorted(rows.evaluate_all("els => els.map((e) => e.dataset.hint)")) == sorted(view["legal"])
        line = page.locator(f'[data-testid=hint] [data-hint="{passed}"]')
        assert "(not weighed)" in line.inner_text() and "the ball to " in line.inner_text(), line.inner_text()
        assert "%" not in page.locator("[data-testid=chance-none]").inner_text()
        line.click()
        assert page.evaluate("window.played") == [passed]
        shot(page, "football-whist-review28-hint-passed-over")
    finally:
        context.close()


def test_a_lead_from_ten_or_eleven_cards_has_a_key_for_every_card(browser, quick_server):
    from test_e2e_sweep import Table

    table = Table(browser, quick_server, "football-whist", "desktop", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    try:
        for _ in range(30):
            view = table.decision()
            assert view is not None
            if len(view["legal"]) >= 10:
                break
            table.click(chooser.act(view["observation"], view["legal"]))
        else:
            raise AssertionError("no decision of ten moves or more")
        count = len(view["legal"])
        said = page.inner_text("details.all-moves summary")
        assert said.endswith("keys 1–9 and 0" if count == 10 else "keys 1–9, 0 and a"), said
        page.click("details.all-moves > summary")
        rows = page.locator("details.all-moves div.list > button")
        assert rows.locator("kbd").all_inner_texts() == list("1234567890a")[:count]
        action = rows.nth(9).get_attribute("data-action")
        before = page.get_attribute(".board", "data-moves")
        page.keyboard.press("0")
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'", timeout=20000)
        assert [0, action] in seat_view(page, quick_server)["observation"]["history"], action
        assert not table.errors, table.errors
    finally:
        table.close()


def test_at_the_players_kick_off_after_a_goal_the_goals_way_is_faded(server, page):
    view = _first(0, lambda v: v["observation"]["phase"] == "kick" and any(a.startswith("kick ") for a in v["legal"])
                  and v["observation"]["goal_log"] and v["observation"]["history"][-1][1] in ("move WG", "move EG"))
    page.goto(server.url + "/")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate(RENDER, [view, 1366])
    trail = page.locator("[data-testid=fw-trail]")
    assert trail.get_attribute("data-path").split(" ")[-1] in ("WG", "EG")
    assert float(trail.evaluate("e => getComputedStyle(e).opacity")) <= 0.3
    shot(page, "football-whist-review28-kick-off-after-goal")


def test_a_ball_in_a_goal_covers_none_of_the_goals_words(server, browser):
    """A goal just scored: the ball is seen low in the goal for a moment (at the steady pace), the words over it."""
    view = _first(0, lambda v: bool(v["observation"]["goal_log"]))
    scored = view["observation"]["history"][-1][1].split(" ")[1]
    assert scored in ("WG", "EG")
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('parlour:pace', 'steady')")
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        for width in (390, 1366):
            page.set_viewport_size({"width": width, "height": 844})
            page.evaluate("""async ([view, goal]) => {
                const fw = await import('/static/games/football-whist.js');
                document.body.replaceChildren();
                const el = document.createElement('div');
                document.body.append(el);
                fw.render(el, { view, obs: view.observation, seat: 0, legal: view.legal, act: () => {},
                                refuse: () => {}, send: () => {}, readOnly: false, goalIn: goal });
                document.querySelector('.fw-ball').style.transition = 'none';
                return true; }""", [view, scored])
            seen = page.evaluate("""(goal) => { const box = (e) => { const r = e.getBoundingClientRect();
                    return [r.left, r.top, r.right, r.bottom]; };
                return { ball: box(document.querySelector('.fw-ball circle')), held: document.querySelector('.fw-ball')
                           .dataset.inGoal, words: [...document.querySelectorAll(`[data-node="${goal}"] text`)]
                           .filter((t) => getComputedStyle(t).visibility !== 'hidden').map(box) }; }""", scored)
            a = seen["ball"]
            assert seen["held"] == scored and len(seen["words"]) == 3, seen
            for b in seen["words"]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (width, a, b)
        shot(page, "football-whist-review28-ball-in-goal")
    finally:
        context.close()
