"""Football Whist after review 25c:

- the half's last trick is never on the board at half time (the second deal is): the half-time box shows it, its
  four cards with their players, who won it and what became of the ball;
- on a laptop, at the player's turn, the dock (the prompt, the hand and an open hint) no longer covers the names
  under the last trick's cards, who won it, or the play log's newest line;
- at full time a last trick whose winner was never asked to move the ball (no goal within its reach) is not told
  as "then left the ball where it was", a choice he never had.
"""

from __future__ import annotations

import json

from conftest import ARTIFACTS
from parlour.bots import make_bot
from parlour.games import get_game
from test_e2e_football_whist_board import RENDER
from test_e2e_football_whist_round12 import SETTLE, _goal_ends_the_half
from test_e2e_football_whist_story import NAMES, _match

SUMMARY = """async ([before, after]) => {
    const fw = await import('/static/games/football-whist.js');
    const made = fw.summary(before, after);
    const el = document.createElement('div');
    el.append(made.body);
    document.body.append(el);
    return made.title; }"""


def test_the_half_time_box_shows_the_halfs_last_trick_and_who_won_it(server, page):
    before, after = _goal_ends_the_half()
    last = after["observation"]["tricks"][0][-1]
    page.goto(server.url + "/")
    title = page.evaluate(SUMMARY, [before, after])
    assert title.startswith("Half time"), title
    box = page.locator("[data-testid=half-last-trick]")
    assert box.count() == 1
    assert box.locator("h3").inner_text() == f"The half's last trick (trick {len(after['observation']['tricks'][0])})"
    assert box.locator(".fw-last-card").count() == 4
    names = box.locator(".fw-last-who").all_inner_texts()
    seats = [(last["leader"] + i) % 4 for i in range(4)]
    assert names == ["You" if s == 0 else NAMES[s] for s in seats], names
    winner = "You" if last["winner"] == 0 else NAMES[last["winner"]]
    assert box.locator(".fw-won .fw-last-who").inner_text() == winner
    # (this deal's half ends on a goal from the last trick's move: the box says so)
    said = box.locator(".fw-last-won").inner_text()
    assert said.startswith(f"{winner} won it · ") and "put it in the" in said, said


def test_a_last_trick_with_no_move_offered_is_not_told_as_a_choice_to_stay(server, page):
    end = _match()["end"][1]
    obs = end["observation"]
    # the match's end as the rules make it when no goal is within reach of the last trick's winner: the half ends
    # with its last card, no move asked for
    while not obs["history"][-1][1].startswith("play "):
        obs["history"].pop()
    page.goto(server.url + "/")
    page.evaluate(RENDER, [json.loads(json.dumps(end)), 1000])
    note = page.inner_text("[data-testid=trick-note]")
    assert "left the ball where it was" not in note, note
    assert "no goal was within reach of the ball, so it stayed where it was. The match is over." in note, note


#: the rectangle of the first element a selector finds, [top, bottom]
SPAN = """s => { const e = document.querySelector(s); if (!e) return null; const r = e.getBoundingClientRect();
    return [r.top, r.bottom]; }"""


def test_on_a_laptop_the_dock_at_the_players_turn_leaves_the_last_trick_and_the_play_log_whole(browser, quick_server):
    """At 1366x900, with a card to play, the last trick under the pitch (its players' names and who won it) and the
    play log's newest line stay above the dock, with the hint open as well as without it."""
    from test_e2e_sweep import Table

    table = Table(browser, quick_server, "football-whist", "desktop", 5)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 5)
    page = table.page
    try:
        for _ in range(40):
            view = table.decision()
            assert view is not None
            obs = view["observation"]
            if (obs["phase"] == "play" and obs["trick"]["cards"] and len(view["legal"]) > 1
                    and len(obs["tricks"][0]) >= 3):
                break
            table.click(chooser.act(obs, view["legal"]))
        else:
            raise AssertionError("no card to follow after the third trick")
        for hinted in (False, True):
            if hinted:
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint] [data-testid=chance]")
            page.evaluate(SETTLE)
            dock = page.evaluate(SPAN, ".dock")
            for part in (".fw-last .fw-last-who", ".fw-last-won", ".fw-log li:last-child"):
                span = page.evaluate(SPAN, part)
                assert span is not None, part
                assert span[1] <= dock[0] + 0.5, (hinted, part, span, dock)
        page.screenshot(path=str(ARTIFACTS / "football-whist-round15-laptop-hint.png"))
        assert not table.errors, table.errors
    finally:
        table.close()


def test_the_ball_to_be_moved_lies_on_top_of_its_rings_and_arrows_and_stay_leaves_its_place_named(server, page):
    """When the player moves the ball, the ball is drawn over the rings round the places it may go and the arrows
    to them (it was under them, half hidden), and the "stay" tag keeps off the name of the ball's own place."""
    view = _match()["moving"]
    assert "stay" in view["legal"]
    page.goto(server.url + "/")
    for width in (1000, 380):
        page.evaluate("() => document.body.replaceChildren()")
        page.evaluate(RENDER, [view, width])
        seen = page.evaluate("""() => {
            const svg = document.querySelector('svg.fw-pitch');
            const parts = [...svg.querySelectorAll('.fw-ball, .fw-target, .fw-arrow')];
            const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            const ball = svg.querySelector('.fw-ball').dataset.ball;
            const name = svg.querySelector(`[data-node="${ball}"] .fw-node-id`);
            return { last: parts.at(-1).classList.contains('fw-ball'), targets: parts.length - 1,
                     tag: box(svg.querySelector('[data-testid=fw-stay-tag]')), name: name ? box(name) : null }; }""")
        assert seen["targets"] > 0 and seen["last"], (width, seen)
        if seen["name"]:
            tag, name = seen["tag"], seen["name"]
            apart = tag[2] <= name[0] or name[2] <= tag[0] or tag[3] <= name[1] or name[3] <= tag[1]
            assert apart, (width, seen)


def test_on_a_phone_a_hints_reasons_are_read_whole(browser, server):
    """A phone's hint said "further from the goal you a…": each reason now wraps under its move, never cut."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        cut = page.evaluate("""async () => {
            const link = document.createElement('link');
            link.rel = 'stylesheet';
            link.href = '/static/games/football-whist.css';
            await new Promise((done) => { link.onload = done; document.head.append(link); });
            const box = document.createElement('div');
            box.className = 'hint';
            box.style.width = '358px';
            box.innerHTML = '<ol>' + ['Master: Wales (you hold none); further from the goal you attack',
                'Master: England (you hold 5); nearer the goal you attack'].map((r) => '<li><button type="button">'
                + '<span class="hint-verb">Move</span> the ball to England (West half) <small class="fw-reason">'
                + r + '</small></button><span class="bar"></span><span class="chance">45%</span></li>').join('')
                + '</ol>';
            document.body.append(box);
            return [...box.querySelectorAll('.fw-reason')].map((e) => ({ text: e.innerText,
                cut: e.scrollWidth > e.clientWidth + 1, wrap: getComputedStyle(e).whiteSpace,
                ellipsis: getComputedStyle(e).textOverflow })); }""")
        assert len(cut) == 2
        for reason in cut:
            assert not reason["cut"] and reason["wrap"] != "nowrap" and reason["ellipsis"] != "ellipsis", reason
    finally:
        context.close()


def test_on_a_phone_the_score_boxes_match_and_a_full_hand_keeps_each_cards_team_letter_in_sight(browser, server):
    """The B box ran past the board's frame on a phone (the middle row's Master banner widened the grid), and in a
    full hand, whose cards overlap there, the team letter in each card's right-hand corner lay under the next card:
    the letter is now also under the corner number, in sight (and drawn there only where the cards overlap)."""
    view = _match()["start"]
    assert len(view["observation"]["hand"]) == 11
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        page.evaluate(RENDER, [view, 352])
        seen = page.evaluate("""() => {
            const box = (q) => { const r = document.querySelector(q).getBoundingClientRect();
                return [r.left, r.right]; };
            const cards = [...document.querySelectorAll('.fw-hand svg.fw-card')];
            const letters = cards.map((c, i) => { const t = c.querySelector('.fw-corner-team');
                const r = t.getBoundingClientRect(); const next = cards[i + 1];
                const under = next ? next.getBoundingClientRect().left : Infinity;
                return { shown: getComputedStyle(t).display !== 'none', text: t.textContent, right: r.right,
                         width: r.width, team: c.dataset.card[0], under }; });
            return { score: box('.fw-score'), a: box('.fw-side-A'), b: box('.fw-side-B'), letters }; }""")
        score, a, b = seen["score"], seen["a"], seen["b"]
        assert b[1] <= score[1] + 0.5 and a[0] >= score[0] - 0.5, seen
        assert abs((a[1] - a[0]) - (b[1] - b[0])) < 1, seen
        assert len(seen["letters"]) == 11
        for letter in seen["letters"]:
            assert letter["shown"] and letter["width"] > 0 and letter["text"] == letter["team"], letter
            assert letter["right"] <= letter["under"] + 0.5, letter
        # (on a laptop, where the hand's cards lie apart, the corner letter is not drawn twice)
        page.set_viewport_size({"width": 1366, "height": 900})
        shown = "() => getComputedStyle(document.querySelector('.fw-hand .fw-corner-team')).display"
        assert page.evaluate(shown) == "none"
    finally:
        context.close()
