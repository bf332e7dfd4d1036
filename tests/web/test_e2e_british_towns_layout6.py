"""Review 17a, round 6, of British Towns' sets game: the laptop's play log stays above the dock however many sets are
laid, the phone's dock says what the others did since the player's last turn, the phone's picked-out discard has
room for its lift, the arrow keys move along the hand, the end's count is shown once, the deal is told in the same
words live and in the replay, and the phone's analysis has the decision's hand and piles beside its judgement."""

from __future__ import annotations

import pytest

from test_e2e_british_towns_review13 import _chooser, _shot, _table
from test_e2e_british_towns_review14 import LOG_AT


def test_on_a_laptop_the_sets_log_stays_above_the_dock_with_many_sets_laid(browser, server, monkeypatch):
    """Review 17a: once three or four sets were laid the "Play so far" log went under the dock: at every decision
    its newest entry is whole above the dock, with three or more sets on the table."""
    table = _table(browser, server, "british-towns-sets", "desktop", 5, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        most = 0
        for turn, view in table.decisions(chooser, 200):
            obs = view["observation"]
            laid = sum(len(s) for s in obs["sets"])
            if page.locator(".bt-log ol").count():
                page.evaluate("() => window.scrollTo(0, 0)")
                at = page.evaluate(LOG_AT)
                if laid > most:
                    _shot(page, f"british-towns-sets-layout6-log-{laid}")
                    most = laid
                assert at["scroll"] == 0 and at["first"][0] >= 0 and at["first"][1] <= at["dock"] + 1, (turn, laid, at)
                assert at["box"][1] <= at["dock"] + 1 and at["cut"] == 0, (turn, at)
        assert most >= 3, most
        assert not table.errors, table.errors
    finally:
        table.close()


#: the dock's summary since the player's last turn (its words, its height, in the window) and the hand's cards (each
#: whole in the window)
SINCE = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const s = document.querySelector('.dock [data-testid=since]'); const r = s && s.getBoundingClientRect();
  const cards = [...document.querySelectorAll('.dock .bt-hand svg.card')].map((c) => c.getBoundingClientRect());
  return { text: s ? s.textContent : null, height: r ? r.height : 0,
    seen: Boolean(r && r.top >= 0 && r.bottom <= innerHeight), cards: cards.length,
    whole: cards.every((c) => c.top >= 0 && c.bottom <= innerHeight + 1 && c.height > 0) }; }"""


def test_on_a_phone_at_three_players_the_dock_says_what_the_others_did_since_the_last_turn(browser, server):
    """Review 17a: on a phone at three players the dock said only the last bot's move: at each turn after both others
    moved it says "Since your last turn:" with each of them, in two lines at most, the whole hand still on screen."""
    table = _table(browser, server, "british-towns-sets", "phone", 11)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        looked = 0
        for turn, view in table.decisions(chooser, 12, may_end=False):
            obs = view["observation"]
            me = obs["seat"]
            history = obs["history"]
            at = len(history)
            while at > 0 and history[at - 1][0] != me:
                at -= 1
            others = {s for s, _ in history[at:]}
            got = page.evaluate(SINCE)
            assert got["cards"] and got["whole"], (turn, got)
            if at and len(others) == 2:
                assert got["text"] and got["text"].startswith("Since your last turn: "), (turn, got)
                for seat in others:
                    assert view["seats"][seat]["name"] in got["text"], (turn, seat, got)
                assert got["seen"] and got["height"] <= 3 * 16, (turn, got)
                if not looked:
                    _shot(page, "british-towns-sets-layout6-phone-since")
                looked += 1
        assert looked >= 3, looked
        assert not table.errors, table.errors
    finally:
        table.close()


#: the pile's card just played, its lift begun afresh and held at its start (its highest): its top, and the foot of
#: the scores strip above it
LIFT = """() => { const card = document.querySelector('.bt-pile .just-played'); if (!card) return null;
  card.classList.remove('just-played'); void card.getBoundingClientRect(); card.classList.add('just-played');
  const lifts = card.getAnimations(); lifts.forEach((a) => { a.pause(); a.currentTime = 0; });
  const top = card.getBoundingClientRect().top; const rest = card.closest('.bt-pile').getBoundingClientRect().top;
  const strip = document.querySelector('.bt-strip').getBoundingClientRect().bottom;
  lifts.forEach((a) => a.finish());
  return { top, rest, strip, lifts: lifts.length }; }"""


def test_on_a_phone_the_discard_just_played_rises_clear_of_the_scores_strip(browser, server):
    """Review 17a: the discard just played was raised into the line of the scores strip above it: at its highest it
    stays below the strip."""
    table = _table(browser, server, "british-towns-sets", "phone", 11)
    page = table.page
    page.emulate_media(reduced_motion="no-preference")  # (the sweep's tables ask for no motion: here it is seen)
    chooser = _chooser("british-towns-sets")
    try:
        looked = 0
        for _ in table.decisions(chooser, 10, may_end=False):
            got = page.evaluate(LIFT)
            if got:
                assert got["lifts"] and got["top"] < got["rest"], got  # (it does rise)
                assert got["top"] >= got["strip"] + 1, got
                looked += 1
        assert looked >= 1, looked
        assert not table.errors, table.errors
    finally:
        table.close()


#: the hand card that has the focus (its place in the hand, or -1), and how many of the hand's cards are Tab stops
FOCUS = """() => { const cards = [...document.querySelectorAll('.dock .bt-hand .bt-groups svg.card')];
  return { at: cards.indexOf(document.activeElement), cards: cards.length,
    stops: cards.filter((c) => c.getAttribute('tabindex') === '0').length,
    card: document.activeElement?.dataset?.card || null }; }"""


def test_the_arrow_keys_move_along_the_sets_hand_a_single_tab_stop(browser, server, monkeypatch):
    """Review 17a: the keyboard reached a card of the hand only by tabbing through every card before it: Left and Right
    move along the hand, Home and End to its ends, the hand is one Tab stop, and Enter discards the card reached."""
    table = _table(browser, server, "british-towns-sets", "desktop", 5, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        for _ in range(20):
            view = table.decision()
            assert view is not None
            if any(a.startswith("discard ") for a in view["legal"]):
                break
            table.click(chooser.act(view["observation"], view["legal"]))
        else:
            raise AssertionError("no discard to make")
        page.focus(".dock .bt-hand .bt-groups svg.card")
        first = page.evaluate(FOCUS)
        assert first["at"] == 0 and first["stops"] == 1 and first["cards"] >= 7, first
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUS)["at"] == 1
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUS)["at"] == 2
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(FOCUS)["at"] == 1
        page.keyboard.press("End")
        last = page.evaluate(FOCUS)
        assert last["at"] == last["cards"] - 1 and last["stops"] == 1, last
        page.keyboard.press("ArrowRight")  # (at the end it stays)
        assert page.evaluate(FOCUS)["at"] == last["cards"] - 1
        page.keyboard.press("Home")
        assert page.evaluate(FOCUS)["at"] == 0
        page.keyboard.press("ArrowLeft")
        assert page.evaluate(FOCUS)["at"] == 0
        # (one Tab stop: Tab leaves the hand, Shift+Tab comes back to the card it left)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS)["at"] == -1
        page.keyboard.press("Shift+Tab")
        back = page.evaluate(FOCUS)
        assert back["at"] == 2, back
        # (Enter throws the card reached)
        before = table.moves_shown()
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {before}")
        thrown = [a for s, a in table.views[max(table.views)]["observation"]["history"] if a.startswith("discard ")]
        assert f"discard {back['card']}" in thrown, (back, thrown)
        assert not table.errors, table.errors
    finally:
        table.close()


#: once the game's last sheet opens: how many of the page's count tables (a Score column) can be seen, and where
WATCH_COUNTS = """() => { window.countsSeen = null;
  const seen = () => [...document.querySelectorAll('table')].filter((t) => t.checkVisibility()
    && [...t.querySelectorAll('th')].some((th) => th.textContent === 'Score'))
    .map((t) => (t.closest('[data-testid=summary]') ? 'sheet' : 'page'));
  window.countsNow = seen;
  const watch = new MutationObserver(() => {
    if (window.countsSeen || !document.querySelector('[data-testid=summary] [data-testid=end-summary]')) return;
    requestAnimationFrame(() => { window.countsSeen = seen(); });
  });
  watch.observe(document.body, { childList: true, subtree: true }); }"""


def test_the_sets_end_shows_its_count_once(browser, server, monkeypatch):
    """Review 17a: at the end the count stood twice, in the end's sheet and in the page behind it: once while the sheet
    is open, and once, in the page, after "See the final table"."""
    table = _table(browser, server, "british-towns-sets", "desktop", 3, players=5, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        page.evaluate(WATCH_COUNTS)
        for _ in table.decisions(chooser, 10_000):
            pass
        assert page.evaluate("window.countsSeen") == ["sheet"]
        page.wait_for_selector("[data-testid=ending]")
        assert page.evaluate("window.countsNow()") == ["page"]
        _shot(page, "british-towns-sets-layout6-end")
        assert not table.errors, table.errors
    finally:
        table.close()


def test_the_deal_is_told_in_the_same_words_at_the_table_and_in_the_replay(browser, server):
    """Review 17a: the live log said "You dealt and turned up ..." while the replay said "You dealt": a page that
    opens the game from its link, and the replay at any move, tell the deal with the card turned up, in the same words.
    """
    import httpx

    from conftest import play_out, take_seat
    from parlour.bots import make_bot
    from parlour.games import get_game

    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": 6,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Arthur"}],
        },
    ).json()
    chooser = make_bot(get_game("british-towns-sets"), "heuristic", 0, 6)
    play_out(server.url, made, lambda view: chooser.act(view["observation"], view["legal"]))
    up = httpx.get(f"{server.url}/api/tables/{made['id']}/replay?step=0&seat=0").json()["views"][0]["observation"]
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        take_seat(page, server.url, made)
        page.wait_for_selector(".bt-log li")
        name = page.evaluate(
            "async (code) => (await import('/static/games/british-towns-common.js')).townName(code)",
            up["discards"][0],
        )
        live = page.locator(".board .bt-log li").last.text_content()
        assert f" dealt and turned up {name};" in live, live
        page.goto(f"{server.url}/replay/{made['id']}")
        page.wait_for_selector(".views .board .bt-log li")
        for step in (2, 9):
            page.evaluate(
                "(v) => { const s = document.querySelector('.replay-controls input'); s.value = String(v);"
                " s.dispatchEvent(new Event('input')); }",
                step,
            )
            page.wait_for_function(
                f"/^(Move {step + 1} of|After move {step} of)/"
                ".test(document.querySelector('[data-testid=step]').textContent)"
            )
            replayed = page.locator(".views .board .bt-log li").last.text_content()
            assert replayed == live, (step, replayed, live)
        _shot(page, "british-towns-sets-layout6-replay-deal")
    finally:
        context.close()


#: with the judgement of the decision at the window's top: where its foot, the top discard and every card of the
#: hand stand, and the window's height
BESIDE = """() => { const focus = document.querySelector('[data-testid=analysis-focus]'); focus.scrollIntoView();
  const board = document.querySelector('.views .board');
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; };
  return { judgement: rect(focus), pile: rect(board.querySelectorAll('.bt-pile')[1]),
    hand: [...board.querySelectorAll('.bt-hand svg.card')].map(rect), height: innerHeight,
    key: board.querySelector('[data-testid=key-fold]')?.open ?? null }; }"""


@pytest.mark.bots_quick
def test_on_a_phone_the_analysis_shows_the_decisions_hand_and_discard_beside_its_judgement(browser, server):
    """Review 17a: on a phone the hand and the top discard of the decision judged stood about two screens under the
    judgement, below the key: with the judgement at the window's top they are in the same window, under it, and the
    key is folded (a tap opens it, every region there)."""
    from conftest import judged_row, open_analysis, played_by_bots, stood_in_analysis

    made, info, record = played_by_bots(server.url, "british-towns-sets", 4, 3)
    index = next(i for i, (seat, _a) in enumerate(record.actions) if seat == 0)
    action = record.actions[index][1]
    row = judged_row(
        index, 0, 2, action, [(action, 0.5), ("draw stock" if action != "draw stock" else "take discard", 0.4)]
    )
    analysis = stood_in_analysis(made["id"], "british-towns-sets", 0, info["seats"][0]["name"], [row])
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        page.evaluate(
            "([id]) => localStorage.setItem(`parlour:${id}`, JSON.stringify({ seat: 0, token: 'x' }))", [made["id"]]
        )
        open_analysis(page, server.url, made["id"], 0, analysis)
        page.locator(f".analysis-moves li[data-index='{index}'] button").click()
        page.locator("[data-testid=analysis-focus] .verdict").wait_for()
        page.wait_for_selector(".views .board .bt-hand svg.card")
        got = page.evaluate(BESIDE)
        _shot(page, "british-towns-sets-layout6-phone-analysis")
        foot = got["judgement"][1]
        assert got["hand"] and got["pile"][0] >= foot - 1, got
        for top, bottom in [got["pile"], *got["hand"]]:
            assert foot - 1 <= top and bottom <= got["height"] + 1, got
        # (the key folded under them; a tap opens it whole)
        assert got["key"] is False, got
        page.click("[data-testid=key-fold] summary")
        assert page.locator(".views .board .bt-key li").nth(8).is_visible()
    finally:
        context.close()
