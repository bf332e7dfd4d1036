"""Round 14: a player's games were tied to the browser that made them; the lists offered no way to carry one to
another device.  Each of his own games in the lists (the home page's tables in play, the finished games' own) now
folds its seat's private link under "On another device": that seat's key alone, shown only in a browser that holds
it, and the link opened elsewhere makes the game his there too."""

from __future__ import annotations

import httpx

from conftest import shot, take_seat

SEATS = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 3
#: the rectangle of an element in the window, [left, top, right, bottom]
RECT = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def _made(url: str, seed: int) -> dict:
    return httpx.post(url + "/api/tables", json={"game": "football-whist", "seed": seed, "seats": SEATS}).json()


def test_a_players_own_games_in_the_lists_carry_their_seats_link_to_another_device(server, browser):
    # Ann's game in play and her finished one (closed), and a table of somebody else's in play
    playing, done, theirs = _made(server.url, 4), _made(server.url, 5), _made(server.url, 6)
    key = {"Authorization": f"Bearer {done['token']}"}
    closed = httpx.post(f"{server.url}/api/tables/{done['id']}/close", headers=key)
    assert closed.status_code == 200, closed.text
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        take_seat(page, server.url, done)
        take_seat(page, server.url, playing)
        page.goto(server.url + "/")
        row = page.locator(f"tr[data-table='{playing['id']}']")
        row.locator("[data-testid=carry-link] summary").click()
        url = row.locator("[data-testid=carry-link-url]").inner_text()
        # her own seat's key, and none other: not another seat's, nor her other game's
        assert url == f"{server.url}/t/{playing['id']}#seat={playing['seat']}&key={playing['token']}"
        assert done["token"] not in url and theirs["token"] not in url
        assert page.locator(f"tr[data-table='{theirs['id']}'] [data-testid=carry-link]").count() == 0
        assert row.locator("a", has_text="Play").count() == 1
        # opened, the box lies inside the phone's width and the page does not scroll sideways
        box = row.locator(".carry-box").evaluate(RECT)
        assert box[0] >= 0 and box[2] <= 390, box
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")
        shot(page, "lists-round14-carry-home-phone")
        page.goto(server.url + "/games")
        mine = page.locator(f"tr[data-table='{done['id']}']")
        mine.locator("[data-testid=carry-link] summary").click()
        link = mine.locator("[data-testid=carry-link-url]").inner_text()
        assert link == f"{server.url}/t/{done['id']}#seat={done['seat']}&key={done['token']}"
        assert "replay" in mine.locator("[data-testid=carry-link]").inner_text()
        shot(page, "lists-round14-carry-finished-phone")
    finally:
        context.close()
    other = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
    other.set_default_timeout(15000)
    try:
        # another device: nothing of Ann's, and no link to carry, until her link is opened there
        other.goto(server.url + "/games")
        other.locator("[data-testid=no-own-games]").wait_for()
        assert other.locator("[data-testid=carry-link]").count() == 0
        other.goto(link)
        other.locator("[data-testid=keep-link]").wait_for()
        other.goto(server.url + "/games")
        row = other.locator(f"tr[data-table='{done['id']}']")
        row.wait_for()
        assert "Ann (you)" in row.inner_text()
        assert row.locator("[data-testid=carry-link]").count() == 1
    finally:
        other.context.close()
