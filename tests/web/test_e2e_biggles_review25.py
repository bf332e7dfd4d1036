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
