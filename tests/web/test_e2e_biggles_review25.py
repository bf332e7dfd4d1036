"""Biggles, review 25: a build just stopped says it is safe from a second stop until its owner plays again (a
player pressed Stop twenty times at one, the page saying nothing of why); the end's table names a second black card
of a number as the second ("1 for his second black 1", beside "red 1 cancelled black 1"); the game's end headline
says the points decide a game of matches level ("One match each; you win on points, 14–11")."""

from __future__ import annotations

from conftest import shot

# The board of a race drawn from a view: the builds given, the race running, the rules' cascade as given.
BOARD = """([builds, cascade]) => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-board').forEach((el) => el.remove());
    const el = document.createElement('div');
    el.className = 'board test-board';
    document.body.prepend(el);
    const cut = (build) => build.filter((c) => c.endsWith('x'));
    const player = (pack, build) => ({ hand_size: 12, pile_top: 'K5', pile_size: 4, build,
        level: build.length - cut(build).length, stopped_by: cut(build).map((c) => 'R' + c.slice(1, -1)), pack });
    const obs = { phase: 'playing', match: 1, matches: 2, deciders: 1, points: [0, 0], history: [], match_results: [],
        players: [player('red', builds[0]), player('blue', builds[1])] };
    const seats = [{ name: 'Ann', kind: 'person' }, { name: 'Arthur', kind: 'bot', bot: 'gentle' }];
    const view = { seats, observation: obs, seat: 0, legal: ['turn'], over: false, running: true, real_time: true,
        race: { phase: 'running', match: 1, cascade } };
    m.render(el, { view, obs, seat: 0, legal: ['turn'], act: () => {}, send: () => {} });
    const text = (id) => { const b = el.querySelector(`[data-testid=${id}]`); return b ? b.textContent : null; };
    return [text('safe-0'), text('safe-1'), text('level-1')];
})"""


def test_a_build_just_stopped_is_marked_safe_until_its_owner_plays_again(server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    mine, his, level = page.evaluate(BOARD, [[["K1", "K2", "K3"], ["K1", "K2x"]], False])
    assert his == "safe from a stop until Arthur plays again" and mine is None, (mine, his)
    assert level == "built: the 1, needs a 2"
    shot(page, "biggles-safe-phone")
    mine, his, _ = page.evaluate(BOARD, [[["K1", "K2x"], ["K1", "K2"]], False])
    assert mine == "safe from a stop until you play again" and his is None, (mine, his)
    # a stopped build whose next black card went on is open to a stop again
    mine, his, _ = page.evaluate(BOARD, [[["K1"], ["K1", "K2x", "K2"]], False])
    assert mine is None and his is None
    # under the cascade variant a stopped build may be stopped again at once: nothing is said
    mine, his, _ = page.evaluate(BOARD, [[["K1", "K2x"], ["K1", "K2x"]], True])
    assert mine is None and his is None


# The game's end drawn from a view: two matches, one won by each; the end's table and the headline over the board.
END = """([scores, builds]) => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-board').forEach((el) => el.remove());
    const el = document.createElement('div');
    el.className = 'board test-board';
    document.body.prepend(el);
    const results = scores.map((s, i) => ({ match: i + 1, winner: s[0] === 8 ? 0 : 1, scores: s, builds: builds[i] }));
    const points = [0, 1].map((seat) => scores.reduce((sum, s) => sum + s[seat], 0));
    const player = (pack) => ({ hand_size: 0, pile_top: null, pile_size: 0, build: [], level: 0,
        stopped_by: [], pack });
    const obs = { phase: 'over', match: 2, matches: 2, deciders: 0, points, history: [], match_results: results,
        players: [player('red'), player('blue')] };
    const seats = [{ name: 'Ann', kind: 'person' }, { name: 'Arthur', kind: 'bot', bot: 'gentle' }];
    const view = { seats, observation: obs, seat: 0, legal: [], over: true, running: false, real_time: true,
        result: { winner: points[0] > points[1] ? 'P1' : 'P2' }, race: { phase: 'over', match: 2 } };
    m.render(el, { view, obs, seat: 0, legal: [], act: () => {}, send: () => {} });
    el.append(m.ending(view));
    return [el.querySelector('[data-testid=headline]').textContent,
        [...el.querySelectorAll('[data-testid=ending] tbody td')].map((td) => td.textContent)];
})"""


def test_the_end_names_a_second_black_card_and_says_the_points_decide_level_matches(server, page):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    # match 1: Ann wins; match 2: Arthur wins, Ann's first black 1 stopped and her second standing
    builds = [[["K1", "K2", "K3", "K4", "K5", "K6", "K7", "BIG"], ["K1", "K2", "K3", "K4", "K5", "K6"]],
              [["K1x", "K1"], ["K1", "K2", "K3", "K4", "K5", "K6", "K7", "BIG"]]]
    headline, cells = page.evaluate(END, [[[8, 6], [1, 8]], builds])
    assert headline == "One match each; Arthur wins on points, 14–9.", headline
    ann_in_match_2 = cells[6]
    assert ann_in_match_2.startswith("1 for the second black 1, the top black card of the build not cancelled"), cells
    assert "Stopped by Arthur: red 1 cancelled black 1" in ann_in_match_2, cells
    # a build with no second card of the number scored names the card alone
    assert cells[3].startswith("6 for black 6, the top black card"), cells
    headline, _ = page.evaluate(END, [[[8, 2], [6, 8]], [builds[0], [builds[0][1], builds[0][0]]]])
    assert headline == "One match each; you win on points, 14–10.", headline
    shot(page, "biggles-end-level-matches")
