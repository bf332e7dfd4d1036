"""Biggles after review 26:

- on a phone, late in a match, the other's build (four stops in it) ran to three rows and its note of stops to five
  lines, and pushed the player's own build under the Turn, Play and Stop bar: the other's build is compact, each note
  of stops one short line, and the player's own build stays whole above the bar;
- on a laptop a stopped pair's "✕ stopped" tag lay under the slanted red card and over the foot of the next card;
- before Start the skip link said "Go to your move" and led to the board: it names Start and goes to it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import WebSocketRoute

from conftest import ARTIFACTS
from test_e2e_biggles import new_table

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
RACING = "document.querySelector('.status').textContent.includes('race is on')"

#: builds as late in a match as review 26 saw them: the other's (the bot's) with four stops, its newest black card
#: just stopped (the "safe" mark in its head), the player's own with one stop, to black 7
LATE = {1: ["K1x", "K1", "K2", "K3x", "K3", "K4", "K5x", "K5", "K6x"],
        0: ["K1", "K2x", "K2", "K3", "K4", "K5", "K6", "K7"]}


def late_builds(message: str | bytes) -> str | bytes:
    """A view the server sends while the race runs, its builds as ``LATE``; any other message as it came."""
    if not isinstance(message, str) or '"running"' not in message:
        return message
    sent = json.loads(message)
    if sent.get("type") != "view" or (sent.get("race") or {}).get("phase") != "running":
        return message
    for seat, player in enumerate(sent["observation"]["players"]):
        build = LATE[seat]
        player["build"] = build
        player["stopped_by"] = ["R" + card[1] for card in build if card.endswith("x")]
        player["level"] = max(int(card[1]) for card in build if not card.endswith("x"))
    return json.dumps(sent)


#: at one moment: the tops and feet of the builds, their notes and the player's areas, and the dock's top
MEASURE = """() => { const box = (sel) => { const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: r.height }; };
  const note = (seat) => { const el = document.querySelector(`[data-testid=stoppers-${seat}]`);
    const range = document.createRange(); range.selectNodeContents(el);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
    return { text: el.innerText.trim(), lines: new Set(tops).size }; };
  const other = '[data-testid=build-1]';
  return { mine: box('.bg-player.bg-mine'), build0: box('[data-testid=build-0]'), build1: box(other),
    dock: box('.dock'), buttons: box('.touch-controls'), note0: note(0), note1: note(1),
    cards1: document.querySelectorAll(`${other} [data-card]`).length,
    tags1: [...document.querySelectorAll(`${other} .bg-stopped-word`)].filter((el) => el.offsetHeight).length,
    rows1: new Set([...document.querySelectorAll(`${other} > *`)]
      .map((el) => Math.round(el.getBoundingClientRect().top))).size }; }"""


def test_on_a_phone_late_in_a_match_the_players_own_build_stays_above_the_buttons(server, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()

    def route(socket: WebSocketRoute) -> None:
        table = socket.connect_to_server()
        table.on_message(lambda message: socket.send(late_builds(message)))

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    try:
        new_table(page, server, "bot:gentle", seed=3, matches=2)
        page.locator("[data-testid=ready]").tap()
        page.wait_for_function(RACING)
        page.wait_for_function(
            f"document.querySelectorAll('[data-testid=build-1] [data-card]').length === {len(LATE[1])}")
        seen = page.evaluate(MEASURE)
        page.screenshot(path=str(ARTIFACTS / "biggles-review26-phone-late.png"))
        assert seen["cards1"] == len(LATE[1]), seen
        # the player's own area, its build whole, above the dock (the Turn, Play and Stop bar and the last moves)
        assert seen["mine"]["top"] >= 0 and seen["mine"]["bottom"] <= seen["dock"]["top"] + 1, seen
        assert seen["build0"]["bottom"] <= seen["dock"]["top"], seen
        # the other's build in two rows, its stops told under it in one line each, by the stopper's name and numbers
        assert seen["rows1"] <= 2 and seen["tags1"] == 0, seen
        assert seen["note1"] == {"text": "✕ Ann stopped black 1, 3, 5 and 6", "lines": 1}, seen
        assert seen["note0"] == {"text": "✕ Arthur stopped black 2", "lines": 1}, seen
    finally:
        context.close()


#: a laptop's board drawn from a view, a build with a stopped pair between two cards: the tag, the pair's cards and
#: the cards beside it, each a box
PAIR = """() => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-board').forEach((el) => el.remove());
    const el = document.createElement('div');
    el.className = 'board test-board';
    document.body.prepend(el);
    const player = (pack, build) => ({ hand_size: 12, pile_top: 'K5', pile_size: 4, build,
        level: 5, stopped_by: build.filter((c) => c.endsWith('x')).map((c) => 'R' + c.slice(1, -1)), pack });
    const obs = { phase: 'playing', match: 1, matches: 2, deciders: 1, points: [0, 0], history: [], match_results: [],
        players: [player('blue', ['K1', 'K2', 'K3', 'K4', 'K5']),
                  player('red', ['K1', 'K2', 'K3', 'K4', 'K5x', 'K5'])] };
    const seats = [{ name: 'Ann', kind: 'person' }, { name: 'Arthur', kind: 'bot', bot: 'gentle' }];
    const view = { seats, observation: obs, seat: 0, legal: ['turn'], over: false, running: true, real_time: true,
        race: { phase: 'running', match: 1, cascade: false } };
    m.render(el, { view, obs, seat: 0, legal: ['turn'], act: () => {}, send: () => {} });
    const box = (node) => { const r = node.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const pair = el.querySelector('[data-testid=build-1] [data-testid=stopped-pair]');
    return { tag: box(pair.querySelector('.bg-stopped-word')), black: box(pair.querySelector('[data-card=K5]')),
      red: box(pair.querySelector('[data-stopper]')), before: box(pair.previousElementSibling),
      after: box(pair.nextElementSibling) };
})"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def test_on_a_laptop_a_stop_tag_lies_clear_of_the_cards(server, page):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    seen = page.evaluate(PAIR)
    # the tag under the pair, clear of both its cards (the red one laid aslant across the black) and of the
    # cards beside it; the red card clear of the next card
    for part in ("black", "red", "before", "after"):
        assert not _overlap(seen["tag"], seen[part]), (part, seen)
    assert not _overlap(seen["red"], seen["after"]), seen
    assert seen["tag"][1] >= seen["red"][3] - 0.5, seen


def test_before_start_the_skip_link_names_start_and_goes_to_it(server, page):
    page.set_viewport_size({"width": 1366, "height": 900})
    new_table(page, server, "bot:gentle", seed=3, matches=1)
    page.locator("[data-testid=ready]").wait_for()
    skip = page.locator("[data-testid=skip-to-move]")
    assert skip.inner_text() == "Go to Start"
    page.evaluate("document.activeElement.blur()")              # (the focus away from Start, as a reader leaves it)
    skip.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.testid") == "ready"
    page.keyboard.press("Enter")                                 # Start, from the keyboard
    page.wait_for_function(RACING)
    page.wait_for_function("document.querySelector('[data-testid=skip-to-move]').textContent === 'Go to your move'")
