"""Review 19a of British Towns: the number keys say themselves and a number pressed at another's turn is answered in
words; a whole set in hand is said whole in the key from the deal; a region laid keeps its name readable, ticked; the
analysis's costs are the difference of the figures it shows, and a game with no costly move says where its chance
fell."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from conftest import MOVES, judged_row, open_analysis, played_by_bots, shot, stood_in_analysis, take_seat

CSS = "/static/games/british-towns.css"


#: a watch on the page: the first time it shows another's turn (no move offered, the player's own chip not marked to
#: play), the number 1 is pressed there and then, and what the page answered kept (window.answered)
ANSWER_AT_THEIR_TURN = """() => { window.answered = null;
  const look = () => {
    if (window.answered !== null || !document.querySelector('.board') || !document.querySelector('.seat.me')
      || document.querySelector('.seat.me.turn, .moves button[data-action]')) return;
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
    const r = document.querySelector('[data-testid=refusal]'); window.answered = r ? r.textContent : 'none'; };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true }); }"""
#: the page settled at his turn (his moves listed), or the number answered at another's
MINE_OR_ANSWERED = """() => window.answered !== null ? 'answered'
  : document.querySelector('.moves button[data-action]') ? 'mine' : false"""


def test_the_number_keys_are_said_and_work_with_the_list_folded_and_answer_at_anothers_turn(server, page):
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": 5,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('parlour:pace', 'slow')")
    take_seat(page, server.url, made)
    page.wait_for_selector(MOVES, state="attached", timeout=30000)
    # the folded list's heading says the keys, once
    assert page.locator("details.all-moves").get_attribute("open") is None
    said = page.inner_text("details.all-moves summary")
    count = page.locator(MOVES).count()
    assert said.endswith(f"keys 1–{min(9, count)}") if count > 1 else said.endswith("key 1"), said
    assert page.locator("[data-testid=keys-say]").is_visible()
    # (at the other's turn a number is answered, not lost in silence: pressed the moment the page first shows his turn
    # as another's, by a watch on the page set before his moves; the bot's turn may last a tenth of a second, gone
    # before a test's next look)
    page.evaluate(ANSWER_AT_THEIR_TURN)
    # a number makes its move with the list folded, turn after turn, until the turn passes
    pressed = 0
    while page.wait_for_function(MINE_OR_ANSWERED, timeout=60000).json_value() == "mine":
        actions = page.locator(MOVES).evaluate_all("els => els.map(e => e.dataset.action)")
        # (the draw first, then a discard or "done": moves that end the turn soonest)
        pick = next((i for i, a in enumerate(actions) if a.startswith(("draw", "take", "discard", "done", "add"))), 0)
        assert pick < 9, actions
        before = page.get_attribute(".board", "data-moves")
        page.keyboard.press(str(pick + 1))
        page.wait_for_function(
            f"document.querySelector('.board').dataset.moves !== '{before}' || window.answered !== null",
            timeout=60000,
        )
        pressed += 1
        assert pressed <= 8, pressed
    assert pressed >= 2, pressed
    said = page.evaluate("() => window.answered")
    assert said.startswith("Not your turn yet: press 1 again when it is"), said


KEY = """async ([hand, laidBy, key]) => {
  const m = await import('/static/games/british-towns-common.js');
  for (let i = 0; i < 200 && ![...document.styleSheets].some((s) => (s.href || '').includes('british-towns.css')); i++)
    await new Promise((done) => setTimeout(done, 50));
  const board = document.createElement('div'); board.className = 'board sets';
  board.append(m.keyCard({ key, hand, seat: 0 }, { seat: 0, seats: [{ name: 'Ann' }, { name: 'Bob' }] }, laidBy,
    { sets: true, held: {} }));
  document.body.append(board);
  const out = [...board.querySelectorAll('li')].map((li) => ({ region: Number(li.dataset.region),
    text: li.textContent, whole: Boolean(li.querySelector('[data-testid^=key-whole]')),
    strike: getComputedStyle(li.querySelector('.bt-keyname')).textDecorationLine,
    tick: Boolean(li.querySelector('[data-testid^=key-laid]')) }));
  board.remove();
  return out; }"""


def test_the_sets_key_says_a_whole_set_in_hand_and_ticks_a_laid_region_without_striking_it(server, page):
    import json
    from importlib.resources import files

    data = json.loads(files("parlour.games.british_towns").joinpath("data/towns.json").read_text())
    codes: dict[int, list[str]] = {}
    for t in data["towns"]:
        codes.setdefault(t["region"], []).append(t["code"])
    a, b, c, d = sorted(codes)[:4]
    # a: all its towns but one and the region card (whole); b: all but one, no card (not whole); c: every town
    hand = codes[a][1:] + [f"R{a}"] + codes[b][1:] + codes[c]
    key = [{"region": n, "name": f"Region {n}", "towns": len(codes[n])} for n in sorted(codes)]
    page.goto(server.url + "/")
    rows = {r["region"]: r for r in page.evaluate(KEY, [hand, {str(d): 1}, key])}
    assert rows[a]["whole"] and "whole: lay it down" in rows[a]["text"], rows[a]
    assert rows[c]["whole"], rows[c]
    assert not rows[b]["whole"] and "whole" not in rows[b]["text"], rows[b]
    # the region Bob laid: ticked, its name whole and readable, "laid by Bob" beside it, nothing struck through
    assert rows[d]["tick"] and "laid by Bob" in rows[d]["text"] and f"Region {d}" in rows[d]["text"], rows[d]
    assert all("line-through" not in r["strike"] for r in rows.values()), rows


def _analysed(url: str) -> tuple[dict, dict, Any]:
    return played_by_bots(url, "british-towns-sets", 4, 2)


def test_the_analysis_cost_is_the_difference_of_the_figures_shown(server, page):
    made, info, record = _analysed(server.url)
    other = {"draw stock": "take discard", "take discard": "draw stock"}
    mine = [i for i, (seat, a) in enumerate(record.actions) if seat == 0 and a in other][:3]
    rows: list[dict[str, Any]] = []
    for index in mine:
        played = record.actions[index][1]
        rows.append(judged_row(index, 0, 2, played, [(other[played], 0.284), (played, 0.136)]))
    analysis = stood_in_analysis(made["id"], "british-towns-sets", 0, info["seats"][0]["name"], rows)
    open_analysis(page, server.url, made["id"], 0, analysis, state="attached")
    first = page.locator(f".analysis-moves li[data-index='{mine[0]}']")
    assert "gave away 14%" in first.inner_text(), first.inner_text()
    first.locator("button").click()
    verdict = page.locator(".verdict")
    verdict.wait_for()
    assert "gave away 14% of the chance" in verdict.inner_text(), verdict.inner_text()
    bars = page.locator(".analysis-options .chance").all_inner_texts()
    assert "28%" in bars and "14%" in bars, bars


def test_an_analysis_with_no_costly_move_says_where_the_chance_fell(server, page):
    made, info, record = _analysed(server.url)
    mine = [i for i, (seat, _) in enumerate(record.actions) if seat == 0][:4]
    chances = [0.58, 0.54, 0.34, 0.31]
    rows = [
        judged_row(i, 0, 2, record.actions[i][1], [(record.actions[i][1], c)])
        for i, c in zip(mine, chances, strict=True)
    ]
    analysis = stood_in_analysis(made["id"], "british-towns-sets", 0, info["seats"][0]["name"], rows)
    open_analysis(page, server.url, made["id"], 0, analysis)
    said = page.inner_text("[data-testid=chance-fell]")
    page.locator("[data-testid=chance-fell]").scroll_into_view_if_needed()
    shot(page, "british-towns-review19-fell")
    name = info["seats"][0]["name"]
    assert f"No single move of {name}'s to blame" in said, said
    assert f"between move {mine[1] + 1} and move {mine[2] + 1}, from 54% to 34%" in said, said


def _asked_table(url: str, asks: int) -> dict:
    """Ann and two bots at the asking game, Ann's asks made over the socket (the first she may) until at least
    ``asks`` asks are heard and it is her turn again: the table made, waiting for her."""
    import json
    import time

    from websockets.sync.client import connect

    made = httpx.post(
        url + "/api/tables",
        json={
            "game": "british-towns-asking",
            "seed": 3,
            "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "remembering"}] * 2,
        },
    ).json()
    deadline = time.monotonic() + 120
    with connect(f"{url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}") as ws:
        while True:
            assert time.monotonic() < deadline, "too few asks"
            view = json.loads(ws.recv(timeout=30))
            if view["type"] != "view":
                continue
            assert not view["over"], "the game ended too soon"
            if view["legal"] and len(view["observation"].get("asks") or []) >= asks:
                return made
            if view["legal"]:
                ws.send(json.dumps({"type": "act", "action": view["legal"][0], "moves": view["moves"]}))


def test_on_a_laptop_the_asks_heard_say_there_are_more_and_open_whole(server, page):
    made = _asked_table(server.url, 12)
    page.set_viewport_size({"width": 1366, "height": 900})
    take_seat(page, server.url, made)
    page.wait_for_selector(MOVES, state="attached", timeout=30000)
    button = page.locator("[data-testid=heard-all]")
    button.wait_for(state="visible", timeout=10000)
    count = page.locator(".bt-history ol li").count()
    assert count >= 12 and button.inner_text() == f"Show all {count}", (count, button.inner_text())
    hidden = (
        "() => { const ol = document.querySelector('.bt-history ol'); return ol.scrollHeight > ol.clientHeight + 1; }"
    )
    assert page.evaluate(hidden)
    button.click()
    page.wait_for_function(f"!({hidden})()")
    assert button.inner_text() == "Show the newest only"
    shot(page, "british-towns-review19-asks-all")


#: where the viewed player's hand stands in the replay's window, the page at its top as it opens at each step
HAND_SEEN = """async (step) => {
  const slider = document.querySelector('input[aria-label=Step]');
  slider.value = step; slider.dispatchEvent(new Event('input'));
  const at = () => new RegExp(`(Move ${step + 1}|After move ${step}) of`).test(document.body.innerText);
  for (let i = 0; i < 60 && !at(); i++)
    await new Promise((done) => setTimeout(done, 50));
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const hand = document.querySelector('.views .bt-hand');
  if (!hand) return null;
  const r = hand.getBoundingClientRect();
  return { top: Math.round(r.top + scrollY), bottom: Math.round(r.bottom + scrollY), room: innerHeight,
           said: new RegExp(`(Move ${step + 1}|After move ${step}) of`).test(document.body.innerText) }; }"""


@pytest.mark.bots_quick
def test_on_a_laptop_the_sets_replay_shows_the_players_hand_without_a_scroll(server, page):
    made, info, record = played_by_bots(server.url, "british-towns-sets", 4, 2)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    page.select_option("[data-testid=whose-view]", "0")
    page.wait_for_selector(".views .bt-hand")
    steps = [5, len(record.actions) // 2, len(record.actions) - 2]
    for step in steps:
        seen = page.evaluate(HAND_SEEN, step)
        assert seen and seen["said"], (step, seen)
        assert seen["bottom"] <= seen["room"], (step, seen)
    shot(page, "british-towns-review19-replay")


#: on a phone at the draw, the hint open: the line under the hand that marks the top discard's region, and the top
#: discard itself, each whole in the window
TOP_SEEN = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const inside = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5; };
  const mark = document.querySelector('.dock [data-testid=holds-top]');
  const li = mark && mark.closest('li');
  return { text: li ? li.textContent : null, line: inside(li), whole: li ? li.scrollWidth <= li.clientWidth + 1 : null,
           pile: inside(document.querySelector('[data-action="take discard"]')) }; }"""


def test_on_a_phone_the_line_under_the_hand_marks_the_top_discards_region_with_the_hint_open(browser, server):
    from conftest import PHONE

    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": 5,
            "hints": True,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        take_seat(page, server.url, made)
        page.wait_for_selector(MOVES, state="attached", timeout=30000)
        assert "take discard" in page.locator(MOVES).evaluate_all("els => els.map(e => e.dataset.action)")
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint]", timeout=60000)
        seen = page.evaluate(TOP_SEEN)
        shot(page, "british-towns-review19-phone-hint")
        assert seen["text"] and seen["text"].endswith("◀ top discard"), seen
        assert seen["line"] and seen["whole"] and seen["pile"], seen
    finally:
        context.close()
