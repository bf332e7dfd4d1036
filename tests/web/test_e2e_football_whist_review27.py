"""Football Whist after review 27a, drawn in the browser from the rules' own views (no whole match played):

- a bot's move of the ball is followed: a dashed arrow from where the ball was to each place it went (both steps of a
  double move) stays on the pitch until the next card, the line at the foot says both steps, and each move of the
  ball is held longer than a card at the chosen pace (it jumped, and a double move with the next lead took 1.6 s);
- a phone's full hand reads a clean number and team letter in each card's left-hand corner, with no letter half
  under the next card ("7 E E", "10 E");
- the sides are their partners by name where a player reads them: "You & Betty lead 1–0", not "partners A".
"""

from __future__ import annotations

import random

from conftest import shot
from parlour.games import get_game
from test_e2e_football_whist_story import _view

GOALS = ("move WG", "move EG")
RENDER = """async ([view, width]) => {
    const fw = await import('/static/games/football-whist.js');
    document.body.replaceChildren();
    const el = document.createElement('div');
    el.style.width = width + 'px';
    document.body.append(el);
    fw.render(el, { view, obs: view.observation, seat: 0, legal: view.legal, act: () => {}, refuse: () => {},
                    send: () => {}, readOnly: false });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return true; }"""


def _double_move() -> tuple[dict, dict, list[str]]:
    """The views just after the first and the second step of a double move (a Master lead won), neither a goal, and
    where the ball was before it."""
    game = get_game("football-whist")
    for seed in range(50):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            (seat,) = state.to_move
            legal = [a for a in state.legal_actions(seat) if a not in GOALS] or list(state.legal_actions(seat))
            before = state.observation(0)["ball"]
            moves = [a for a in legal if a.startswith("move ")]
            state.apply(seat, rng.choice(moves) if moves else rng.choice(legal))
            if state.to_move == frozenset({seat}) and moves and state.history[-1][1].startswith("move "):
                one = _view(state.observation(0), list(state.legal_actions(0)))
                second = [a for a in state.legal_actions(seat) if a.startswith("move ") and a not in GOALS]
                if second and seat != 0:
                    state.apply(seat, second[0])
                    two = _view(state.observation(0), list(state.legal_actions(0)))
                    return one, two, [before, one["observation"]["ball"], two["observation"]["ball"]]
    raise AssertionError("no double move in 50 deals")


def test_a_bots_move_of_the_ball_leaves_its_way_drawn_said_whole_and_held(server, page):
    one, two, path = _double_move()
    page.goto(server.url + "/")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate(RENDER, [one, 800])
    trail = page.locator("[data-testid=fw-trail]")
    assert trail.get_attribute("data-path") == " ".join(path[:2]) and trail.locator("line").count() == 1
    page.evaluate(RENDER, [two, 800])
    assert trail.get_attribute("data-path") == " ".join(path), (trail.get_attribute("data-path"), path)
    assert trail.locator("line").count() == 2                          # (both steps, each with its arrow head)
    shot(page, "football-whist-review27-trail")
    seat, action = two["observation"]["history"][-1]
    words = page.evaluate("""async ([action, view, seat]) => {
        const fw = await import('/static/games/football-whist.js');
        return [fw.describe(action, view, seat), fw.paceMoves('steady', [seat, action]),
                fw.paceMoves('steady', [seat, 'play E7']), fw.paceMoves('instant', [seat, action])]; }""",
                          [action, two, seat])
    assert words[0].startswith("moved the ball to ") and ", then on to " in words[0], words
    # (a card keeps the table's own hold, 1 s at the steady pace; the ball's move is held longer, none at instant)
    assert words[1] >= 1500 and words[2] is None and words[3] == 0, words
    # a card played puts the arrow away
    game = get_game("football-whist")
    state = game.new_state(seed=3)
    state.apply(state.kicker, state.legal_actions(state.kicker)[0])
    (seat,) = state.to_move
    state.apply(seat, state.legal_actions(seat)[0])
    page.evaluate(RENDER, [_view(state.observation(0), list(state.legal_actions(0))), 800])
    assert page.locator("[data-testid=fw-trail]").count() == 0


def test_a_phones_full_hand_shows_a_clean_number_and_letter_in_each_corner(server, browser):
    game = get_game("football-whist")
    state = game.new_state(seed=5)
    state.apply(state.kicker, state.legal_actions(state.kicker)[0])
    view = _view(state.observation(0), list(state.legal_actions(0)))
    assert len(view["observation"]["hand"]) == 11
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        page.evaluate(RENDER, [view, 390])
        seen = page.evaluate("""() => [...document.querySelectorAll('.fw-hand svg.fw-card')].map((card, i, all) => {
            const shown = (t) => getComputedStyle(t).display !== 'none';
            const texts = [...card.querySelectorAll(':scope > text')].filter(shown);
            const next = all[i + 1] ? all[i + 1].getBoundingClientRect().left : Infinity;
            // (the corners' text: not the big number in the middle, the caption or the Master star, all centred)
            const corner = texts.filter((t) => t.getAttribute('text-anchor') !== 'middle');
            return { text: corner.map((t) => t.textContent).join(' '),
                     covered: corner.some((t) => t.getBoundingClientRect().right > next + 0.5),
                     size: Math.min(...corner.map((t) => t.getBoundingClientRect().height)) }; })""")
        assert len(seen) == 11, seen
        for card, text in zip(seen, view["observation"]["hand"], strict=True):
            # the number and the team's letter, once each, none under the next card
            assert card["text"] == f"{int(text[1:])} {text[0]}" and not card["covered"], (card, text)
        shot(page, "football-whist-review27-phone-hand")
    finally:
        context.close()


def test_the_sides_are_their_partners_by_name(server, page):
    """The goal's line, the scoreboard and the strip by the hand: "You & Betty", "Arthur & Cyril", no letter."""
    game = get_game("football-whist")
    rng = random.Random(7)
    for seed in range(40):
        state = game.new_state(seed=seed)
        while not state.is_over and not state.observation(0)["goal_log"]:
            (seat,) = state.to_move
            legal = list(state.legal_actions(seat))
            goal = [a for a in legal if a in ("move WG", "move EG")]
            state.apply(seat, goal[0] if goal else rng.choice(legal))
        if state.observation(0)["goal_log"]:
            break
    view = _view(state.observation(0), list(state.legal_actions(0)))
    page.goto(server.url + "/")
    page.evaluate(RENDER, [view, 1000])
    timeline = page.inner_text("[data-testid=goal-timeline]")
    assert " lead 1–0" in timeline and ("You & Betty lead" in timeline or "Arthur & Cyril lead" in timeline), timeline
    names = page.locator(".fw-side-name").all_inner_texts()
    assert names == ["You & Betty", "Arthur & Cyril"], names
    strip = page.inner_text("[data-testid=fw-strip-score]")
    assert strip.startswith("You & Betty ") and " Arthur & Cyril" in strip, strip
    goals = page.locator(".fw-goal-side").all_text_contents()
    assert sorted(goals) == ["they attack", "you attack"], goals
    board = page.inner_text("body")
    assert "partners A" not in board and "partners B" not in board and "A (you)" not in board, board
