"""Biggles as a player reads it: the replay's step that ends a match shows the table as that match ended (and the
next step the new deal), each stop is shown as the red card laid across the black one it cancelled and told in
words, and the cards look like a real pack's (corners, pips, a stop sign, Biggles' emblem) at both sizes."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from conftest import Server, shot, wait_over
from parlour.store import Store
from parlour.web.app import create_app

STEP = "document.querySelector('[data-testid=step]').textContent"


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Iterator[tuple[Server, str, dict]]:
    """A served database holding one finished game of two matches between two bots (their race run on a fast
    clock in-process), with stops in it; the server, the table's id and its result."""
    db = Path(tmp_path_factory.mktemp("biggles")) / "finished.db"
    store = Store(f"sqlite:///{db}")
    with TestClient(create_app(store, bot_delay=0, clock=lambda: time.monotonic() * 30)) as client:
        made = client.post("/api/tables", json={
            "game": "biggles", "seed": 5, "variant": {"matches": 2, "deciders": 0},
            "seats": [{"kind": "bot", "bot": "practised", "name": "Ann"},
                      {"kind": "bot", "bot": "practised", "name": "Bob"}]})
        assert made.status_code == 201, made.text
        info = wait_over(client, made.json()["id"], limit=120)
    srv = Server(f"sqlite:///{db}", 0.05).start()
    yield srv, made.json()["id"], info["result"]
    srv.stop()


def test_the_match_end_mark_shows_the_table_as_the_match_ended_then_the_new_deal(finished, page):
    srv, table, result = finished
    first = result["matches"][0]
    winner = first["winner"]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{srv.url}/replay/{table}")
    marks = page.locator("[data-testid=replay-marks] button")
    marks.first.wait_for()
    texts = marks.all_inner_texts()
    assert texts == ["Match 1 start", "Match 1 end", "Match 2 start", "Match 2 end"], texts
    marks.nth(1).click()
    told = page.locator(".views .board").first.locator("[data-testid=replay-match-end]")
    told.wait_for()
    assert told.inner_text().startswith(f"Match 1 is over: {['Ann', 'Bob'][winner]} played Biggles first")
    board = page.locator(".views .board").first
    # the board itself as match 1 ended: each build as built (the winner's Biggles on top), the piles as they lay
    for seat in (0, 1):
        cards = board.locator(f"[data-testid=build-{seat}] [data-card]")
        built = [c.removesuffix("x") for c in first["builds"][seat]]
        assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] == built
    assert board.locator(f"[data-testid=build-{winner}] [data-card=BIG]").is_visible()
    assert board.locator("[data-testid^=pile-] [data-card]").count() >= 1
    assert board.locator("[data-testid=match]").text_content() == "Match 1 of 2"
    ended_at = page.evaluate(STEP)
    shot(page, "biggles-replay-match-1-ended")

    # the next step: the same move, now as match 2 is dealt (nothing built, the packs changed hands)
    page.keyboard.press("ArrowRight")
    board.locator("[data-testid=replay-new-deal]").wait_for()
    assert page.evaluate(STEP) == ended_at
    assert board.locator("[data-testid^=build-] [data-card]").count() == 0
    assert board.locator("[data-testid=replay-match-end]").count() == 0
    shot(page, "biggles-replay-match-2-dealt")
    # and on: match 2's first move; back again, the deal, then the end
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"{STEP} !== {ended_at!r}")
    page.keyboard.press("ArrowLeft")
    board.locator("[data-testid=replay-new-deal]").wait_for()
    page.keyboard.press("ArrowLeft")
    board.locator("[data-testid=replay-match-end]").wait_for()
    assert board.locator(f"[data-testid=build-{winner}] [data-card=BIG]").is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    # on a phone, as the page opens at the match's end: the words of it and both builds as it ended (the winner's
    # Biggles card among them) in the first screen, under the step bar (the winner's build lay below it)
    page.goto(f"{srv.url}/replay/{table}")
    page.locator("[data-testid=replay-marks] button", has_text="Match 1 end").click()
    page.wait_for_function(f"{STEP} === {ended_at!r}")
    told.wait_for()
    for part in (told, board.locator("[data-testid=build-0]"), board.locator("[data-testid=build-1]")):
        seen = part.bounding_box()
        assert seen and 0 <= seen["y"] and seen["y"] + seen["height"] <= 844, (part, seen)
    shot(page, "biggles-replay-match-1-ended-phone")
    assert not errors, errors


def test_a_stop_is_shown_in_the_replay_as_the_red_card_across_the_black(finished, page):
    srv, table, result = finished
    first = result["matches"][0]
    page.goto(f"{srv.url}/replay/{table}")
    page.locator("[data-testid=replay-marks] button").nth(1).click()
    board = page.locator(".views .board").first
    board.locator("[data-testid=replay-match-end]").wait_for()
    for seat in (0, 1):
        stops = [c[1:-1] for c in first["builds"][seat] if c.endswith("x")]
        pairs = board.locator(f"[data-testid=build-{seat}] [data-testid=stopped-pair]")
        assert pairs.count() == len(stops)
        for i, n in enumerate(stops):
            assert pairs.nth(i).get_attribute("aria-label").endswith(f"black {n}, cancelled by a red {n}")
            assert pairs.nth(i).locator(f"[data-stopper=R{n}]").is_visible()
            assert "stopped" in pairs.nth(i).inner_text()


SUMMARY = """([builds]) => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-board').forEach((el) => el.remove());
    const el = document.createElement('div');
    el.className = 'board test-board';
    document.body.prepend(el);
    const fresh = { hand_size: 24, pile_top: null, pile_size: 0, build: [], level: 0, stopped_by: [] };
    const obs = { phase: 'playing', match: 2, matches: 2, points: [8, 4],
        players: [{ ...fresh, pack: 'red' }, { ...fresh, pack: 'blue' }], history: [[1, 'turn'], [0, 'play B']],
        match_results: [{ match: 1, winner: 0, scores: [8, 4], packs: ['blue', 'red'], builds }] };
    const view = { seats: [{ name: 'Ann' }, { name: 'Bob' }], observation: obs, seat: 0, legal: [], over: false,
        running: true, race: { phase: 'match-over', match: 2, waiting_for: [0] } };
    m.render(el, { view, obs, seat: 0, legal: [], act: () => {}, send: () => {} });
})"""


def test_the_match_summary_says_which_card_stopped_whom_and_what_it_cancelled(server, page):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    builds = [["K1", "K2", "K3", "K4", "K5", "K6", "K7", "BIG"], ["K1", "K2x", "K2", "K3", "K4", "K5x"]]
    page.evaluate(SUMMARY, [builds])
    summary = page.locator(".test-board [data-testid=match-summary]")
    summary.wait_for()
    # Bob's build: his black 2 and black 5 each lie under the red card of Ann's that cancelled it, marked "stopped"
    pairs = summary.locator("[data-testid=stopped-pair]")
    assert pairs.count() == 2
    assert pairs.nth(0).get_attribute("aria-label") == "Bob's black 2, cancelled by a red 2"
    assert pairs.nth(1).locator("[data-stopper=R5]").is_visible()
    assert pairs.nth(1).locator("[data-card=K5]").count() == 1
    assert "stopped" in pairs.nth(1).inner_text()
    # and in words: who stopped whom, with what; and why Bob scores 4 (the red 5 stands on his black 5)
    said = summary.locator("[data-testid=stops-1]").inner_text()
    assert said == "✕ Stopped by Ann: red 2 cancelled black 2 and red 5 cancelled black 5", said
    assert summary.locator("[data-testid=stops-0]").count() == 0
    assert "a red 5 cancelled the black 5 on it" in summary.inner_text()
    shot(page, "biggles-summary-stops")
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(SUMMARY, [builds])
    summary.wait_for()
    assert summary.locator("[data-stopper=R2]").is_visible()
    shot(page, "biggles-summary-stops-phone")


FACES = """() => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-cards').forEach((el) => el.remove());
    const el = document.createElement('div');
    el.className = 'board bg-board test-cards';
    document.body.prepend(el);
    const faces = ['K1', 'K4', 'K7', 'R3', 'BIG'];
    const row = (size) => { const r = document.createElement('div'); r.className = 'bg-build';
        faces.forEach((f) => r.append(m.cardFor(f, 'blue', { size }))); el.append(r); return r; };
    row(''); row('small');
    return faces.map((f) => {
        const [big, small] = el.querySelectorAll(`svg[data-card=${f}]`);
        const count = (selector) => big.querySelectorAll(selector).length;
        return { face: f, pips: count('.bg-pip'), corners: count('.bg-index'), stop: count('.bg-stop-sign'),
                 pipMark: count('.bg-index .bg-mark-pip'), stopMark: count('.bg-index .bg-mark-stop'),
                 emblem: count('.bg-emblem'),
                 label: big.getAttribute('aria-label'), smallWidth: small.getBoundingClientRect().width,
                 smallIndex: small.querySelector('.bg-index text').textContent };
    });
})"""


#: each card of each pack, at each size: its frame's colour (the outer edge and the inner line) and its pack tab's
FRAMES = """() => import('/static/games/biggles.js').then((m) => {
    const out = [];
    for (const pack of ['blue', 'red']) for (const size of ['', 'small'])
      for (const face of ['K1', 'K5', 'R3', 'BIG']) {
        const svg = m.cardFor(face, pack, { size });
        const [outer, inner] = svg.querySelectorAll(':scope > rect');
        const tab = svg.querySelector('.bg-pack-tab');
        out.push({ pack, size, face, frame: [outer.getAttribute('stroke'), inner.getAttribute('stroke')],
                   tab: tab && tab.dataset.pack, tabFill: tab && tab.querySelector('rect').getAttribute('fill') });
    }
    return out;
})"""


@pytest.mark.parametrize("width, height", [(1366, 900), (390, 844)])
def test_the_cards_look_like_a_real_pack(server, page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    cards = {c["face"]: c for c in page.evaluate(FACES)}
    # a black card: its number in two corners, each with a round pip, and that many pips in the middle
    for face, n in (("K1", 1), ("K4", 4), ("K7", 7)):
        assert cards[face]["pips"] == n and cards[face]["corners"] == 2 and cards[face]["pipMark"] == 2, cards[face]
        assert cards[face]["stopMark"] == 0 and cards[face]["smallIndex"] == str(n)
    # a red card: a stop sign in the middle and an octagon (not a pip) in its corners: told by shape, not colour
    assert cards["R3"]["stop"] == 1 and cards["R3"]["stopMark"] == 2 and cards["R3"]["pipMark"] == 0, cards["R3"]
    assert cards["R3"]["label"] == "red 3 (a stop card)"
    # Biggles: his emblem, and B in the corners
    assert cards["BIG"]["emblem"] == 1 and cards["BIG"]["smallIndex"] == "B", cards["BIG"]
    assert all(c["smallWidth"] >= 36 for c in cards.values())
    # a card is framed in its own ink, whichever pack it came from (review 24c: a black card of the red pack, framed
    # in red, read at a glance as a stop card); the pack is told by a small tab of its back's colour
    ink = {"K1": "#1d1d1f", "K5": "#1d1d1f", "R3": "#c0392b", "BIG": "#7a5a00"}
    back = {"blue": "#1f4e9c", "red": "#a3242f"}
    for c in page.evaluate(FRAMES):
        assert c["frame"] == [ink[c["face"]]] * 2, c
        assert c["tab"] == c["pack"] and c["tabFill"] == back[c["pack"]], c
    shot(page, f"biggles-card-faces-{width}")


ENDING = """([builds]) => import('/static/games/biggles.js').then((m) => {
    document.querySelectorAll('.test-end').forEach((el) => el.remove());
    const obs = { match_results: [{ match: 1, winner: 0, scores: [8, 4], packs: ['blue', 'red'], builds }] };
    const el = m.ending({ seats: [{ name: 'Ann' }, { name: 'Bob' }], observation: obs, seat: 0 });
    el.classList.add('test-end');
    document.body.prepend(el);
    return el.innerText;
})"""


def test_the_end_tells_each_stop_and_why_the_loser_scored_in_plain_words(server, page):
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    builds = [["K1", "K2", "K3", "K4", "K5", "K6", "K7", "BIG"], ["K1", "K2x", "K2", "K3", "K4", "K5x"]]
    text = page.evaluate(ENDING, [builds])
    told = page.locator("[data-testid=end-stops-1-1]").inner_text()
    assert told == "✕ Stopped by Ann: red 2 cancelled black 2 and red 5 cancelled black 5", told
    assert "for black 4, the top black card of the build not cancelled: a red 5 cancelled the black 5 on it" in text
    assert page.locator("[data-testid=end-stops-1-0]").count() == 0
    assert " his " not in text and " her " not in text, text
    shot(page, "biggles-end-stops")


def test_the_count_stands_out_from_the_board(server, page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")
    page.evaluate("""() => import('/static/games/biggles.js').then((m) => {
        const el = document.createElement('div');
        el.className = 'board';
        document.body.prepend(el);
        const fresh = { hand_size: 22, pile_top: null, pile_size: 0, build: [], level: 0, stopped_by: [] };
        const obs = { phase: 'playing', match: 1, matches: 2, points: [0, 0], history: [], match_results: [],
            players: [{ ...fresh, pack: 'blue' }, { ...fresh, pack: 'red' }] };
        const view = { seats: [{ name: 'Ann' }, { name: 'Bob' }], observation: obs, seat: 0, legal: [], over: false,
            running: true, race: { phase: 'counting', match: 1, go_in: 3 } };
        m.render(el, { view, obs, seat: 0, legal: [], act: () => {}, send: () => {} });
    })""")
    page.locator("[data-testid=count]").wait_for()
    alpha = "(el) => Number((getComputedStyle(el).backgroundColor.match(/rgba?\\(([^)]*)\\)/)[1].split(',')[3] ?? 1))"
    # the board under the count is dimmed well down, and the match's name has a band of its own over it (read once
    # the game's style sheet, which the module links as it loads, has come)
    page.wait_for_function("[...document.styleSheets].some((s) => s.href && s.href.endsWith('/biggles.css'))")
    page.wait_for_function("getComputedStyle(document.querySelector('.bg-count-over')).position === 'absolute'")
    assert page.locator(".bg-count-over").evaluate(alpha) >= 0.65
    assert page.locator(".bg-count-label").evaluate(alpha) >= 0.7
    shot(page, "biggles-count-phone")


def race_clock(seconds: float) -> str:
    """A time on the race clock as the replay writes it: minutes, seconds and tenths ("1:04.3")."""
    tenths = math.floor(seconds * 10 + 0.5)                  # (as the page's Math.round: a half goes up)
    return f"{tenths // 600}:{(tenths % 600) / 10:04.1f}"


def gap(seconds: float) -> str:
    """A gap as the replay writes it: to the hundredth under a second, else to the tenth (a half up, as the
    page's toFixed rounds the number itself)."""
    places = Decimal("0.01") if seconds < 0.995 else Decimal("0.1")
    return f"{Decimal(max(0.0, seconds)).quantize(places, ROUND_HALF_UP)} s"


def test_the_replay_tells_when_each_move_was_made_and_play_waits_the_real_gaps(finished, page):
    """Each step of a race's replay says when its move was made on the race clock and how long after the move before
    (a match's first move: after Go), from the record's times; Play waits each real gap, a long one cut short."""
    srv, table, result = finished
    times = [entry[2] for entry in httpx.get(f"{srv.url}/api/tables/{table}/record").json()["actions"]]
    count = httpx.get(f"{srv.url}/api/tables/{table}").json()["race"]["count"]
    clock = page.locator("[data-testid=step-clock]")
    page.goto(f"{srv.url}/replay/{table}")
    page.wait_for_selector(".views .board")
    page.locator("[data-testid=replay-stepbar] button", has_text="Start").click()
    page.wait_for_function(f"{STEP}.startsWith('The deal')")
    assert clock.count() == 0                                   # (the deal: no move, no time)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"{STEP}.startsWith('After move 1 ')")
    assert clock.inner_text() == f" · {race_clock(times[0])} into the race, {gap(times[0] - count)} after Go"
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"{STEP}.startsWith('After move 5 ')")
    before = gap(times[4] - times[3])
    assert clock.inner_text() == f" · {race_clock(times[4])} into the race, {before} after the move before"
    # match 2's first move, timed from its Go (the race clock stood still between the matches, then counted)
    page.locator("[data-testid=replay-marks] button", has_text="Match 2 start").click()
    second = page.locator("[data-testid=replay-marks] button", has_text="Match 2 start").get_attribute("data-step")
    assert second
    page.locator(".views .board [data-testid=replay-new-deal]").wait_for()
    # (Play from the new deal: the wait for match 2's first move, the count and more, is cut short to 2.5 s)
    play = page.locator("[data-testid=autoplay]")
    play.click()
    assert play.get_attribute("data-wait") == "2500"
    play.click()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"{STEP}.startsWith('After move {int(second) + 1} ')")
    start = int(second)
    assert clock.inner_text().endswith(f"{gap(times[start] - times[start - 1] - count)} after Go"), clock.inner_text()

    # Play from move 5: the first wait is the gap to move 6 on the race clock (at least 0.12 s, at most 2.5 s)
    page.locator("[data-testid=replay-stepbar] button", has_text="Start").click()
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"{STEP}.startsWith('After move 5 ')")
    play.click()
    waited = int(play.get_attribute("data-wait") or 0)
    assert waited == round(max(120, min(2500, 1000 * (times[5] - times[4])))), (waited, times[4:6])
    page.wait_for_function(f"{STEP}.startsWith('After move 7 ')")
    play.click()
    assert play.get_attribute("aria-pressed") == "false"
    shot(page, "biggles-replay-clock")
