"""Review 28: someone watching a Biggles race on a phone saw the two players, five lines of moves and, under them,
some 40% of the screen empty green down to the dock.  The list of moves now runs on into that room."""

from __future__ import annotations

import httpx

from conftest import shot

HEIGHT = 844
PHONE = {"viewport": {"width": 390, "height": HEIGHT}, "has_touch": True, "is_mobile": True}


def test_a_phones_watcher_has_the_moves_down_to_the_dock(server, browser):
    made = httpx.post(server.url + "/api/tables", json={
        "game": "biggles", "seats": [{"kind": "bot", "bot": "gentle", "name": "Ann"},
                                     {"kind": "bot", "bot": "gentle", "name": "Bob"}]})
    assert made.status_code == 201, made.text
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/t/{made.json()['id']}")
        page.locator("[data-testid=event-log] li").first.wait_for(timeout=30000)
        board, log, dock = (page.locator(sel).bounding_box() for sel in (".bg-board", "[data-testid=event-log]",
                                                                           ".dock"))
        assert board and log and dock, (board, log, dock)
        # the list reaches the board's foot (its padding apart), and the dock stands right under the board
        assert board["y"] + board["height"] - (log["y"] + log["height"]) < 24, (board, log)
        assert dock["y"] - (board["y"] + board["height"]) < 24, (board, dock)
        # nothing runs past the screen: the page does not scroll
        height = page.evaluate("() => document.documentElement.scrollHeight")
        assert height <= HEIGHT + 1, height
        shot(page, "biggles-review28-phone-watcher")
    finally:
        context.close()
