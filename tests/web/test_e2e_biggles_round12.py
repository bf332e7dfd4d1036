"""Biggles after review 22c:

- a quicker (or easier) bot is offered only after a clear margin: the winner 3 points or more ahead in every match,
  or the loser's total no more than half the winner's; after a close match or game the table says "Close game!"
  (or "Close match!") and leaves the level as it is;
- on a phone between matches both builds stand above the result box, the player's own too (it hid it).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import WebSocketRoute

from conftest import ARTIFACTS
from test_e2e_biggles import TOO_QUICK, legal_now, moves_shown, new_table

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

#: the table between matches 1 and 2 (Rev against a Casual player), match 1's scores given: its summary as the table
#: draws it
BETWEEN = """([scores, winner]) => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-board').forEach((el) => el.remove());
    const el = document.createElement('div');
    el.className = 'board test-board';
    document.body.prepend(el);
    const builds = [['K1', 'K2', 'K3'], ['K1', 'K2', 'K3']];
    const player = (pack, build, level) => ({ hand_size: 0, pile_top: null, pile_size: 0, build, level,
        stopped_by: [], pack });
    const last = { match: 1, winner, scores, builds, packs: ['blue', 'red'],
        board: [player('blue', builds[0], 3), player('red', builds[1], 3)] };
    const obs = { phase: 'playing', match: 2, matches: 2, deciders: 0, points: scores, history: [],
        match_results: [last], players: [player('blue', [], 0), player('red', [], 0)] };
    const view = { seats: [{ name: 'Rev', kind: 'person' }, { name: 'Arthur', kind: 'bot', bot: 'gentle' }],
        observation: obs, seat: 0, legal: [], over: false, running: false, real_time: true,
        race: { phase: 'match-over', match: 2, waiting_for: [0, 1], ready: [] } };
    m.render(el, { view, obs, seat: 0, legal: [], act: () => {}, send: () => {} });
    const text = (sel) => el.querySelector(sel)?.textContent ?? null;
    return { close: text('[data-testid=close-game]'), quicker: text('[data-testid=quicker]'),
             easier: text('[data-testid=easier]') };
})"""

#: the game's end (Rev against a Casual player), each match's scores given: the end's words
END = """([matches, winner]) => import('/static/games/biggles.js').then((m) => {
    const results = matches.map(([scores, won], i) => ({ match: i + 1, winner: won, scores,
        builds: [[], []], packs: ['blue', 'red'] }));
    const obs = { phase: 'over', match: matches.length, matches: matches.length, deciders: 0, history: [],
        match_results: results };
    const view = { seats: [{ name: 'Rev', kind: 'person' }, { name: 'Arthur', kind: 'bot', bot: 'gentle' }],
        observation: obs, seat: 0, legal: [], over: true, result: { winner } };
    const el = m.ending(view);
    const text = (sel) => el.querySelector(sel)?.textContent ?? null;
    return { close: text('[data-testid=close-game]'), quicker: text('[data-testid=quicker]'),
             easier: text('[data-testid=easier]') };
})"""


@pytest.mark.parametrize(
    ("scores", "winner", "offer"),
    [([8, 7], 0, None), ([6, 8], 1, None), ([8, 5], 0, "quicker"), ([2, 8], 1, "easier"), ([8, 0], 0, "quicker")],
)
def test_between_matches_another_level_is_offered_only_after_a_clear_margin(server, page, scores, winner, offer):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    seen = page.evaluate(BETWEEN, [scores, winner])
    if offer is None:
        assert seen["close"] == "Close match! Arthur played at the Casual player level: a fair match for you.", seen
        assert seen["quicker"] is None and seen["easier"] is None, seen
    else:
        assert seen[offer] and seen["close"] is None, seen


@pytest.mark.parametrize(
    ("matches", "winner", "offer"),
    [
        ([[[8, 7], 0], [[8, 7], 0]], "P1", None),  # the reviewer's 8-7, 8-7: close
        ([[[8, 6], 0], [[7, 8], 1], [[8, 5], 0]], "P1", None),  # 23-19: close
        ([[[7, 8], 1], [[6, 8], 1]], "P2", None),  # lost 13-16: close, no easier bot either
        ([[[8, 5], 0], [[8, 4], 0]], "P1", "quicker"),  # every match by 3 or more
        ([[[8, 7], 0], [[8, 1], 0]], "P1", "quicker"),  # 16-8: the loser's total half the winner's
        ([[[2, 8], 1], [[0, 8], 1]], "P2", "easier"),
    ],
)
def test_at_the_end_another_level_is_offered_only_after_a_clear_margin(server, page, matches, winner, offer):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    seen = page.evaluate(END, [matches, winner])
    if offer is None:
        assert seen["close"] == "Close game! Arthur played at the Casual player level: a fair match for you.", seen
        assert seen["quicker"] is None and seen["easier"] is None, seen
    else:
        assert seen[offer] and seen["close"] is None, seen


#: the part's box against the window and the dock's top
BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, room: document.querySelector('.dock').getBoundingClientRect().top }; }"""


#: builds as long as a match makes them, many stops in each (the winner's 14 cards, the other's 12): the table between
#: matches is drawn with these in place of the race's own, which are seldom so long
LONG_BUILDS = {"winner": ["K1x", "K1", "K2x", "K2", "K3x", "K3", "K4x", "K4", "K5x", "K5", "K6x", "K6", "K7", "BIG"],
               "other": ["K1x", "K1", "K2x", "K2", "K3x", "K3", "K4x", "K4", "K5", "K6x", "K6", "K7x"]}


def lengthen_builds(message: str | bytes) -> str | bytes:
    """A view the server sends between matches, with match 1's builds as ``LONG_BUILDS`` (each three rows or more
    on a phone before round 14); any other message as it came."""
    if not isinstance(message, str) or '"match-over"' not in message:
        return message
    sent = json.loads(message)
    if sent.get("type") != "view" or (sent.get("race") or {}).get("phase") != "match-over":
        return message
    last = sent["observation"]["match_results"][-1]
    builds = [LONG_BUILDS["winner" if seat == last["winner"] else "other"] for seat in (0, 1)]
    last["builds"] = builds
    for seat, player in enumerate(last["board"]):
        player["build"] = builds[seat]
        player["stopped_by"] = ["R" + card[1] for card in builds[seat] if card.endswith("x")]
    return json.dumps(sent)


def test_on_a_phone_between_matches_both_builds_stand_above_the_result_box(server, browser):
    """The player builds fast (keys, at once) and wins match 1 against the Casual player: his own build, the whole run
    to the Biggles card, and the bot's stand above the summary in the dock, however long they grew (round 14: a build
    of three rows, stops in it, ran under the box)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()

    views: dict[int, dict] = {}

    def route(socket: WebSocketRoute) -> None:
        table = socket.connect_to_server()

        def passed(message: str | bytes) -> None:
            told = lengthen_builds(message)
            sent = json.loads(told)
            if sent.get("type") == "view":       # (as ``watch`` keeps them: the page shows no legal moves)
                views[sent["moves"]] = sent
            socket.send(told)
        table.on_message(passed)

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    try:
        new_table(page, server, "bot:gentle", seed=3, matches=2)
        page.click("[data-testid=ready]")
        page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
        deadline = time.monotonic() + 120
        summary = page.locator("[data-testid=match-summary]")
        while time.monotonic() < deadline and not summary.count():
            legal = legal_now(page, views)
            key = "t"
            if any(a.startswith("play") for a in legal):
                key = "p"
            elif any(a.startswith("stop") for a in legal):
                key = "s"
            before = moves_shown(page)
            page.keyboard.press(key)
            try:
                page.wait_for_function(
                    f"""() => document.querySelector('[data-testid=match-summary]') ||
                    Number(document.querySelector('.board').dataset.moves) !== {before} || {TOO_QUICK}""",
                    timeout=3000,
                )
            except Exception:
                pass
            if page.evaluate(TOO_QUICK):
                page.wait_for_timeout(260)
        summary.wait_for()
        assert "You win match 1" in summary.inner_text(), summary.inner_text()
        assert page.locator(".board [data-testid=build-0] [data-card]").count() == len(LONG_BUILDS["winner"])
        assert page.locator(".board [data-testid=build-1] [data-card]").count() == len(LONG_BUILDS["other"])
        # (the page brings the builds into sight above the dock once it has drawn them)
        page.wait_for_function(
            "() => [0, 1].every((s) => { const r = document.querySelector(`[data-testid=build-${s}]`)"
            ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= "
            "document.querySelector('.dock').getBoundingClientRect().top + 1; })",
            timeout=5000,
        )
        for seat in (0, 1):
            seen = page.evaluate(BOX, f"[data-testid=build-{seat}]")
            assert seen["top"] >= 0 and seen["bottom"] <= seen["room"] + 1, (seat, seen)
        # a compact box: each player's line runs the dock's width, its points' reason two lines at most (it was five,
        # in a narrow column, and the box rose over the player's own build); a list, not a table laid out as a block
        lines = page.evaluate(
            """() => [...document.querySelectorAll('.dock [data-testid=match-summary] .bg-sum > li')].map((li) => {
                const range = document.createRange();
                range.selectNodeContents(li);
                // (a line's pieces differ in size: bottoms within 8px of each other are one line)
                const bottoms = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.bottom)
                    .sort((a, b) => a - b);
                return bottoms.filter((b, i) => i === 0 || b - bottoms[i - 1] > 8).length; })"""
        )
        assert len(lines) == 2 and all(n <= 2 for n in lines), lines
        assert not page.locator("[data-testid=match-summary] table").count()
        ready = page.locator("[data-testid=ready]").bounding_box()
        assert ready and ready["y"] >= 0 and ready["y"] + ready["height"] <= PHONE["viewport"]["height"], ready
        page.screenshot(path=str(ARTIFACTS / "biggles-round12-phone-between.png"))
    finally:
        context.close()
