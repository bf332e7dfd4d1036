"""Review 26a of British Towns: the asking game's hint says in words why its choice is good (what the asks heard
say of where the card lies, and what the player holds of its region); on a laptop, the hint open, the key keeps its
three columns and the page its place; on a phone the dock folded ("Look at the table") shows the key whole above it;
and in the sets game on a phone the line that marks the top discard's region is never cut at the screen's edge."""

from __future__ import annotations

import httpx

from conftest import MOVES, PHONE, shot, take_seat
from test_e2e_british_towns_asking_laptop import WHERE
from test_e2e_british_towns_review13 import _chooser, _table

#: the hint's "why its choice" for a few asks, from a view made up for it (four players, Ann's own seat)
WHY = """async () => {
  const m = await import('/static/games/british-towns-asking.js');
  const seats = [{ name: 'Ann' }, { name: 'Betty' }, { name: 'Cyril' }, { name: 'Dan' }];
  const key = [{ region: 5, name: 'The Midlands', towns: 5 },
    { region: 8, name: 'Yorkshire and the North-East', towns: 4 }];
  const reasons = { 'ask P3 BIRMINGHAM': { holds: [4, 1] }, 'ask P2 SHEFFIELD': { shows: [1, 'NEWCASTLE', 0] },
    'ask P4 NEWCASTLE': { lack: [1, 2], only: true }, 'ask P3 COVENTRY': { has: [['BIRMINGHAM', 4, 1]] } };
  const names = ['P1', 'P2', 'P3', 'P4'];
  const view = (hand) => ({ seat: 0, seats, observation: { seat: 0, seat_names: names, hand, key, reasons } });
  const mine = view(['YORK', 'LEEDS', 'DERBY']);
  return [m.hintWhy('ask P3 BIRMINGHAM', mine), m.hintWhy('ask P2 SHEFFIELD', mine),
          m.hintWhy('ask P4 NEWCASTLE', mine), m.hintWhy('ask P3 COVENTRY', mine), m.hintWhy('ask P4 STRATFORD', mine),
          m.hintWhy('ask P4 NEWCASTLE', view(['YORK', 'LEEDS', 'SHEFFIELD', 'R8']))]; }"""


def test_the_asking_hint_says_why_its_choice_is_good_from_what_the_asks_heard_say(server, page):
    page.goto(server.url + "/")
    said = page.evaluate(WHY)
    assert said == [
        "Cyril took Birmingham from Betty (ask 4) and still holds it, so this ask cannot fail; you hold 1 of its 5 "
        "towns.",
        "Betty asked you for Newcastle (ask 1), so Betty holds a card of Yorkshire and the North-East; you hold 2 of "
        "its 4 towns.",
        "Betty and Cyril are known not to hold Newcastle, so only Dan can; you hold 2 of its 4 towns.",
        "Cyril took Birmingham from Betty (ask 4), so Cyril is collecting the Midlands; you hold 1 of its 5 towns.",
        "Nothing heard so far says who holds Stratford; you hold 1 of its 5 towns.",
        "Betty and Cyril are known not to hold Newcastle, so only Dan can; with it you hold the whole of Yorkshire "
        "and the North-East, which goes down at once.",
    ], said


def test_on_a_laptop_the_hint_open_leaves_the_key_in_three_columns_and_the_page_in_place(browser, server):
    """Four players (their boxes on two rows), a hand of fourteen cards: the hint opened beside the ask squeezed the
    key to five columns, and the page still scrolled, the title cut.  Now the hint stands beside the prompt, the ask
    and the hand, the key keeps its three columns, and the hint says why its choice is good."""
    table = _table(browser, server, "british-towns-asking", "desktop", 11)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        for _ in range(6):
            view = table.decision()
            assert view is not None
            table.click(chooser.act(view["observation"], view["legal"]))
        assert table.decision() is not None
        where = page.evaluate(WHERE)
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint-why]", timeout=60000)
        hinted = page.evaluate(WHERE)
        shot(page, "british-towns-review26-laptop-hint")
        assert hinted["scrolled"] == 0 and hinted["title"] == where["title"], (where, hinted)
        assert hinted["columns"] == 3 and hinted["key"] <= hinted["dock"], hinted
        why = page.locator("[data-testid=hint-why]")
        assert why.inner_text().startswith("Why its choice: ") and why.is_visible()
        assert not table.errors, table.errors
    finally:
        table.close()


#: the key whole between the window's top and the folded dock
KEY_SHOWN = """() => { const key = document.querySelector('.bt-key').getBoundingClientRect();
  const dock = document.querySelector('.dock');
  return dock.classList.contains('folded') && key.top >= 0 && key.bottom <= dock.getBoundingClientRect().top; }"""


def test_on_a_phone_the_dock_folded_shows_the_whole_key_above_it(browser, server):
    table = _table(browser, server, "british-towns-asking", "phone", 5)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        for _ in range(3):
            view = table.decision()
            assert view is not None
            table.click(chooser.act(view["observation"], view["legal"]))
        assert table.decision() is not None
        page.click("[data-testid=dock-fold]")
        page.wait_for_function(KEY_SHOWN, timeout=5000)
        shot(page, "british-towns-review26-phone-key")
        # (and back to the move: the players to ask in view again)
        page.click("[data-testid=dock-fold]")
        page.wait_for_function("""() => { const seat = document.querySelector('[data-target]').getBoundingClientRect();
          return seat.top >= 0 && seat.bottom <= document.querySelector('.dock').getBoundingClientRect().top; }""")
        assert not table.errors, table.errors
    finally:
        table.close()


def test_on_a_phone_the_top_discards_mark_is_never_cut_at_the_screens_edge(browser, server):
    """Seed 4: the top discard is Bath, and the player holds the West Country's region card alone: its line, "The
    West Country: the region card (no towns yet) ◀ top discard", ran past the screen's edge ("◀ top discar")."""
    made = httpx.post(server.url + "/api/tables", json={
        "game": "british-towns-sets", "seed": 4,
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]}).json()
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        take_seat(page, server.url, made)
        page.wait_for_selector(MOVES, state="attached", timeout=30000)
        mark = page.locator(".dock [data-testid=holds-top]")
        assert mark.inner_text().strip() == "◀ top discard"
        seen = mark.evaluate("""(el) => { const r = el.getBoundingClientRect();
          const list = el.closest('ul').getBoundingClientRect();
          return { right: r.right, list: list.right, width: innerWidth, line: el.closest('li').textContent }; }""")
        shot(page, "british-towns-review26-sets-phone-top")
        assert "the region card (no towns yet)" in seen["line"], seen
        assert seen["right"] <= min(seen["list"], seen["width"]) + 0.5, seen
    finally:
        context.close()
