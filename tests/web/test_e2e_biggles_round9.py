"""Biggles after review 19d, round 9:

- a 6's corners are underlined, as on a real pack, so the corner turned upside down never reads as a 9 in a game
  numbered 1 to 7;
- on a phone between matches each name in the points table is on one line ("Rev (you)" wrapped), and each head
  has the build's words on a row of their own under the name, the game total clear of them;
- (the replay's one board at a laptop's size is held in test_e2e_biggles_review16.py, the default bot's note in
  tests/biggles/test_levels.py)
"""

from __future__ import annotations

from conftest import ARTIFACTS, shot

#: the 6 and the 5 of each colour drawn as the table draws them, large and small: how many underlines each corner has
CARDS = """() => import('/static/games/biggles.js').then((m) => {
    const row = document.createElement('div');
    row.className = 'test-cards';
    row.style.cssText = 'background:#1f5130;padding:12px;display:flex;gap:8px;position:relative;z-index:99;zoom:2';
    document.body.prepend(row);
    const out = {};
    for (const face of ['K6', 'R6', 'K5', 'R5']) {
        for (const size of ['', 'small']) {
            const svg = m.cardFor(face, 'blue', { size });
            row.append(svg);
            out[face + (size ? '-small' : '')] = [...svg.querySelectorAll('.bg-index')].map(
                (g) => g.querySelectorAll('.bg-underline').length);
        }
    }
    return out;
})"""


def test_a_six_is_underlined_in_each_corner_and_no_other_card_is(server, page):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    drawn = page.evaluate(CARDS)
    # a large card has two corners, one upside down: both underlined on a 6 (it read as a 9 turned round)
    assert drawn["K6"] == [1, 1] and drawn["R6"] == [1, 1], drawn
    assert drawn["K6-small"] == [1] and drawn["R6-small"] == [1], drawn
    assert drawn["K5"] == [0, 0] and drawn["R5"] == [0, 0] and drawn["K5-small"] == [0], drawn
    page.locator(".test-cards").screenshot(path=str(ARTIFACTS / "sixes.png"))
    shot(page, "biggles-six-underlined")


#: each head's build words and game total (left, right, top, bottom), and how many lines each of the summary's
#: names takes
HEADS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; };
  const heads = [...document.querySelectorAll('.board .bg-head')].map((head) => ({
    name: box(head.querySelector('.bg-name')), level: box(head.querySelector('.bg-level')),
    points: box(head.querySelector('.bg-points')) }));
  const names = [...document.querySelectorAll('[data-testid=match-summary] .bg-sum-name')].map((th) => {
    const range = document.createRange();
    range.selectNodeContents(th);
    return { text: th.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
  });
  return { heads, names, width: innerWidth };
}"""


#: the reviewer's table between matches (review 19d, big_p_between2.png): Rev won match 1 with Biggles, Arthur's
#: build 1 to 2 (his black 2 stopped once), drawn as the table draws it
BETWEEN = """() => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-board').forEach((el) => el.remove());
    const el = document.createElement('div');
    el.className = 'board test-board';
    el.style.cssText = 'background:#1f5130;color:#fff;padding:8px;position:relative;z-index:99';
    document.body.prepend(el);
    window.scrollTo(0, 0);
    const builds = [['K1', 'K2', 'K3x', 'K3', 'K4', 'K5', 'K6', 'K7', 'BIG'], ['K1', 'K2x', 'K2']];
    const player = (pack, build, level) => ({ hand_size: 0, pile_top: null, pile_size: 0, build, level,
        stopped_by: [], pack });
    const board = [player('blue', builds[0], 8), player('red', builds[1], 2)];
    const last = { match: 1, winner: 0, scores: [8, 2], builds, packs: ['blue', 'red'], board };
    const obs = { phase: 'playing', match: 2, matches: 2, deciders: 1, points: [8, 2], history: [],
        match_results: [last], players: [player('blue', [], 0), player('red', [], 0)] };
    const view = { seats: [{ name: 'Rev', kind: 'person' }, { name: 'Arthur', kind: 'bot', bot: 'gentle' }],
        observation: obs, seat: 0, legal: [], over: false, running: false, real_time: true,
        race: { phase: 'match-over', match: 2, waiting_for: [0, 1], ready: [] } };
    m.render(el, { view, obs, seat: 0, legal: [], act: () => {}, send: () => {} });
})"""


def test_on_a_phone_between_matches_the_names_and_the_build_words_have_room(server, page):
    """Review 19d problem 10: "Rev (you)" wrapped onto two lines in the points table, and "built 1 to 2, needs a 3"
    was squeezed against the "game total" label.  Now each name is on one line, and each head has the build's
    words on a row under the name with the game total clear of them (on the same row, a gap between)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    page.evaluate(BETWEEN)
    room = page.evaluate(HEADS)
    page.locator(".test-board").screenshot(path=str(ARTIFACTS / "between-phone.png"))
    shot(page, "biggles-round9-phone-between")
    assert [n["text"] for n in room["names"]] == ["Rev (you)", "Arthur"], room
    for name in room["names"]:
        assert name["lines"] == 1, name  # one line each
    assert len(room["heads"]) == 2, room
    for head in room["heads"]:
        level, points, name = head["level"], head["points"], head["name"]
        assert level[2] >= name[3] - 2, head  # the build's words under the name
        assert points[1] <= room["width"], head
        if points[2] < level[3] - 2:  # the total beside them: clear of them
            assert points[0] - level[1] >= 12, head
