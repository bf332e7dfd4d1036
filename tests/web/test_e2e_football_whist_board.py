"""Football Whist's board as a reviewer read it: the Master team's star ran into two-digit numbers ("10★E",
"11★"), and at full time the scoreboard's "tricks" were the second half's alone, unsaid."""

from __future__ import annotations

import re

from test_e2e_football_whist_story import _match

RENDER = """async ([view, width]) => {
    const fw = await import('/static/games/football-whist.js');
    const el = document.createElement('div');
    el.style.width = width + 'px';
    document.body.append(el);
    fw.render(el, { view, obs: view.observation, seat: 0, legal: view.legal, act: () => {}, refuse: () => {},
                    send: () => {}, readOnly: false });
    return el; }"""


def test_the_master_star_stands_clear_of_the_number_and_the_badge(server, browser):
    match = _match()
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        view = match["moving"]
        assert view["observation"]["master"], "no Master team in the view"
        page.evaluate(RENDER, [view, 380])
        # every Master card drawn, with its widest numbers and badge letters: the star's disc overlaps no text
        clashes = page.evaluate("""() => { const out = [];
            for (const svg of document.querySelectorAll('svg.card.fw-master')) {
              const [corner, badge] = svg.querySelectorAll(':scope > text');
              const star = svg.querySelector('circle').getBBox();
              for (const [n, x] of [['10', 'W'], ['11', 'E'], ['8', 'S'], [corner.textContent, badge.textContent]]) {
                corner.textContent = n; badge.textContent = x;
                for (const t of svg.querySelectorAll(':scope > text')) {
                  if (t.textContent === '★') continue;
                  // (across: the text's box; down: its capitals and figures, baseline to cap height, no descent)
                  const size = Number(t.getAttribute('font-size')), base = Number(t.getAttribute('y'));
                  const b = { x: t.getBBox().x, width: t.getBBox().width, y: base - 0.73 * size, height: 0.73 * size };
                  const apart = b.x + b.width <= star.x - 1 || star.x + star.width <= b.x - 1
                    || b.y + b.height <= star.y || star.y + star.height <= b.y;
                  if (!apart) out.push([t.textContent, b, star]);
                } } }
            return [document.querySelectorAll('svg.card.fw-master').length, out]; }""")
        assert clashes[0] and not clashes[1], clashes
    finally:
        context.close()


def test_the_scoreboard_says_the_tricks_are_this_halfs_and_at_full_time_the_matchs(server, page):
    match = _match()
    page.goto(server.url + "/")
    page.evaluate(RENDER, [match["moving"], 1000])
    during = page.inner_text("[data-testid=tricks-A]")
    assert re.match(r"tricks this half \d+ · attack", during), during
    end = match["end"][1]
    page.evaluate("() => document.body.replaceChildren()")
    page.evaluate(RENDER, [end, 1000])
    obs = end["observation"]
    for p in ("A", "B"):
        total = sum(1 for half in obs["tricks"] for t in half if (t["winner"] % 2 == 0) == (p == "A"))
        said = page.inner_text(f"[data-testid=tricks-{p}]")
        assert said == f"{total} tricks in the match", said
    assert page.inner_text("[data-testid=tricks-A]") != f"{obs['tricks_won']['A']} tricks in the match" or \
        obs["tricks_won"]["A"] == sum(1 for half in obs["tricks"] for t in half if t["winner"] % 2 == 0)


def test_someone_with_no_seat_reads_the_seats_hand_by_its_name(server, page):
    """Review: someone with no seat who picked "Alice's view" in a replay read "Your hand": it is hers, by name."""
    match = _match()
    page.goto(server.url + "/")
    view = {**match["moving"], "onlooker": True}
    page.evaluate("""async ([view]) => { const fw = await import('/static/games/football-whist.js');
        const el = document.createElement('div'); document.body.append(el);
        fw.render(el, { view, obs: view.observation, seat: 0, legal: [], act: () => {}, readOnly: true }); }""", [view])
    assert page.inner_text(".fw-hand-box h3").startswith("Reviewer's hand"), page.inner_text(".fw-hand-box h3")
    page.evaluate("() => document.body.replaceChildren()")
    page.evaluate(RENDER, [match["moving"], 1000])                     # the player's own seat: "Your hand"
    assert page.inner_text(".fw-hand-box h3").startswith("Your hand"), page.inner_text(".fw-hand-box h3")


def test_the_ball_on_a_badge_leaves_its_names_readable(server, page):
    """On a laptop the ball lay over the badge's own name ("Leopa…"): on every badge it now covers neither that
    name nor the team's name beside the badge."""
    match = _match()
    page.goto(server.url + "/")
    page.set_viewport_size({"width": 1366, "height": 900})
    view = match["moving"]
    covered = page.evaluate(
        """async ([view]) => {
        const fw = await import('/static/games/football-whist.js');
        const data = await fetch('/api/games/football-whist/data').then((r) => r.json());
        const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
          && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        const out = [];
        for (const node of Object.keys(data.pitch.badges)) {
          document.body.replaceChildren();
          const el = document.createElement('div');
          el.style.width = '800px';
          document.body.append(el);
          const v = JSON.parse(JSON.stringify(view));
          v.observation.ball = node;
          fw.render(el, { view: v, obs: v.observation, seat: 0, legal: [], act: () => {}, refuse: () => {},
                          send: () => {}, readOnly: true });
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          const ball = el.querySelector('.fw-ball circle').getBoundingClientRect();
          const names = `[data-node="${node}"] .fw-badge-name, [data-node="${node}"] .fw-node-id`;
          for (const name of el.querySelectorAll(names)) {
            if (name.textContent && meets(ball, name.getBoundingClientRect())) out.push([node, name.textContent]);
          }
        }
        return out; }""",
        [view],
    )
    assert covered == [], covered
