"""Review 15c: a player's finished games were invisible in a fresh browser, which knows only the seats it holds.
At a game's end the table now offers its link, to keep ("Keep this link to come back to this game", with a copy
button), and the empty list of finished games says how to find a game again; a stranger still sees nothing."""

from __future__ import annotations

import httpx
from playwright.sync_api import Error as PlaywrightError

from conftest import shot, take_seat
from test_accessibility import violations

SEATS = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 3


def fresh(browser, phone: bool = True):
    context = browser.new_context(viewport={"width": 390, "height": 844} if phone else {"width": 1366, "height": 900})
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def test_a_games_end_offers_its_link_to_keep_and_a_fresh_browser_finds_the_game_by_it(server, page, browser):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": SEATS}).json()
    closed = httpx.post(
        f"{server.url}/api/tables/{made['id']}/close", headers={"Authorization": f"Bearer {made['token']}"}
    )
    assert closed.status_code == 200, closed.text
    take_seat(page, server.url, made)
    keep = page.locator("[data-testid=result] ~ [data-testid=keep-link], [data-testid=keep-link]").first
    keep.wait_for()
    assert keep.inner_text().startswith("Keep this link to come back to this game in any browser")
    link = keep.locator("[data-testid=keep-link-url]").inner_text()
    assert link == f"{server.url}/t/{made['id']}#seat={made['seat']}&key={made['token']}"
    assert keep.locator("button.copy").is_visible()
    shot(page, "keep-link-wide")
    assert not violations(page)  # axe-core: nothing, whatever its impact
    page.set_viewport_size({"width": 390, "height": 844})  # the long link wraps on a phone
    # (crossing a phone's width draws the table again, the result and its link with it: a link found just before
    # the new one is drawn is gone by the time it is scrolled to, so it is found again)
    for tries in range(3):
        try:
            keep.scroll_into_view_if_needed()
            break
        except PlaywrightError:
            if tries == 2:
                raise
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")
    assert keep.locator("button.copy").is_visible()
    shot(page, "keep-link-phone")
    other = fresh(browser)
    try:
        # a fresh browser: no game of Ann's, and the page says how to find one again
        other.goto(server.url + "/games")
        said = other.locator("[data-testid=no-own-games]")
        said.wait_for()
        # (review 19b: one line, how to find a game of yours folded under it)
        other.locator("[data-testid=own-games-note] summary").click()
        how = other.locator("[data-testid=own-games-note]").inner_text()
        assert "To find one of yours again, open the link you kept at its end" in how
        assert other.locator(f"tr[data-table='{made['id']}']").count() == 0
        shot(other, "keep-link-empty-list-phone")
        # ... Ann opens the link she kept: the game is hers here too, and listed as hers
        other.goto(link)
        other.locator("[data-testid=keep-link]").wait_for()
        other.goto(server.url + "/games")
        row = other.locator(f"tr[data-table='{made['id']}']")
        row.wait_for()
        assert "Ann (you)" in row.inner_text()
    finally:
        other.context.close()
    stranger = fresh(browser, phone=False)
    try:  # a private game is never listed to a stranger
        stranger.goto(server.url + "/games")
        stranger.locator("[data-testid=no-own-games]").wait_for()
        assert stranger.locator(f"tr[data-table='{made['id']}']").count() == 0
    finally:
        stranger.context.close()
    assert not errors, errors
