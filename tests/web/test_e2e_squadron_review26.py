"""Squadron Scramble after the fresh-eyes review 26: the table's layout.  At a desk, with the hint and the list of every
move open, the sets on the table and the pile stay in view; the list's moves past the ninth have keys (0, a, b, ...);
on a phone the top of the pile stays whole above the dock at every moment of the turn, and in plane-spotting the
outlines are drawn as large as the phone's width allows."""

from __future__ import annotations

import test_e2e_squadron_scramble_table as table
from conftest import PHONE, WIDE, seat_view
from test_e2e_squadron_scramble_fit import in_view, stock_only

TOP_CARD = ".ss-pile > .ss-pc:last-child"


def test_at_a_desk_the_sets_stay_in_view_with_the_hint_and_a_long_list_open_and_every_move_has_a_key(
        quick_server, browser):
    """Two players, a pile of twelve: thirteen moves (the reviewer's table).  With the list of moves and the hint
    open at 1366 x 900 both players' sets, the pile's top card and the log lie above the dock, the hand and the hint
    on the screen (the list and the hint's rows scroll inside themselves); the tenth move's key is 0 and the
    eleventh's a, said on the rows and in the list's heading, and a letter makes its move."""
    made, view = table.drive(quick_server, 5, lambda v: len(v["observation"]["pile"]) >= 12
                             and v["observation"]["phase"] == "draw", seats=2, choose=stock_only, hints=True)
    count = 1 + len(view["observation"]["pile"])
    context, page, errors = table.open_table(browser, quick_server, made, WIDE)
    try:
        page.click("details.all-moves > summary")
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=chance]", timeout=60000)
        page.wait_for_timeout(300)
        table.snap(page, "squadron-review26-hint-and-list-laptop")
        in_view(page, ".ss-player")
        in_view(page, TOP_CARD)
        in_view(page, "[data-testid=play-log]")
        page_boxes = page.evaluate("""() => [...document.querySelectorAll('.dock .hand-area svg.card, '
                + '[data-testid=hint], [data-testid=hint] li.best button, details.all-moves > summary')]
            .map((e) => e.getBoundingClientRect()).map((r) => [r.top, r.bottom])""")
        assert page_boxes and all(top >= -1 and bottom <= WIDE["height"] + 1 for top, bottom in page_boxes), page_boxes
        # every move has its key, shown on its row: 1 to 9, then 0, then a, b, ...
        rows = page.locator("details.all-moves div.list > button")
        assert rows.count() == count
        keys = rows.locator("kbd").all_inner_texts()
        expected = list("1234567890abcdefghijklmnopqrstuvwxyz")[:count]
        assert keys == expected, keys
        said = page.inner_text("details.all-moves summary")
        assert said.endswith(f"keys 1–9, 0 and a–{expected[-1]}"), said
        # the list keeps to a few rows and scrolls inside itself
        listed = page.evaluate("() => { const l = document.querySelector('details.all-moves div.list');"
                               " return [l.clientHeight, l.scrollHeight]; }")
        assert listed[0] < listed[1] and listed[0] <= 130, listed
        # the eleventh move (a take far down the pile) made by its letter
        action = rows.nth(10).get_attribute("data-action")
        before = page.get_attribute(".board", "data-moves")
        page.keyboard.press("a")
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'", timeout=20000)
        assert [0, action] in seat_view(page, quick_server)["observation"]["history"][-2:], action
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_the_top_of_the_pile_stays_whole_above_the_dock_through_the_turn_and_the_outlines_are_large(
        quick_server, browser):
    """Plane-spotting on a phone, a hand of six or seven: its cards take two rows, each card 66 px wide or more (one row
    of seven left each 45 px); the pile's top card lies whole above the dock at the draw, after it (the dock grown
    with the hand's new card) and with a card of the hand picked out."""
    made, view = table.drive(quick_server, 5, lambda v: v["observation"]["phase"] == "draw"
                             and len(v["observation"]["pile"]) >= 2 and len(v["observation"]["hand"]) in (6, 7),
                             variant={"recognition": True}, seats=3)
    context, page, errors = table.open_table(browser, quick_server, made, PHONE, True)
    try:
        page.wait_for_function("[...document.querySelectorAll('.dock .ss-hand svg.card')]"
                               ".every((c) => c.getBoundingClientRect().width >= 66)", timeout=5000)
        tops = page.evaluate("() => [...document.querySelectorAll('.dock .ss-hand svg.card')]"
                             ".map((c) => Math.round(c.getBoundingClientRect().top))")
        assert len(set(tops)) == 2, tops
        in_view(page, TOP_CARD)
        table.snap(page, "squadron-review26-draw-phone")
        before = page.get_attribute(".board", "data-moves")
        page.locator('.board [data-action="draw stock"]').tap()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'", timeout=20000)
        page.wait_for_selector(".dock .ss-hand svg.card.ss-new")
        page.wait_for_timeout(300)
        table.snap(page, "squadron-review26-after-draw-phone")
        in_view(page, TOP_CARD)
        page.locator(".dock .ss-hand svg.card.ss-spot:not(.ss-new)").first.tap()
        page.wait_for_selector(".dock .ss-hand svg.card[aria-pressed=true]")
        page.wait_for_timeout(300)
        table.snap(page, "squadron-review26-picked-phone")
        in_view(page, TOP_CARD)
        assert not errors, errors
    finally:
        context.close()
