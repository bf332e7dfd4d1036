"""A seat beyond the browser it was taken in: the table offers the seat's private link (its key after #), which,
opened in another browser, checks the key, keeps it and takes the seat, and gives the expert's analysis in the
replay; a wrong key takes nothing.  A player's own finished games are listed as his, proven by the keys he holds,
and nobody else's private table is listed to him."""

from __future__ import annotations

import httpx

from conftest import shot, take_seat

SEATS = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 3


def closed_table(url: str) -> dict:
    """A private table of Football Whist with Ann at seat 0, closed (finished) by her key."""
    made = httpx.post(url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": SEATS}).json()
    answer = httpx.post(f"{url}/api/tables/{made['id']}/close", headers={"Authorization": f"Bearer {made['token']}"})
    assert answer.status_code == 200, answer.text
    return made


def other_page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def test_the_seat_link_takes_the_seat_in_another_browser_and_gives_the_analysis(server, page, browser):
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": SEATS}).json()
    take_seat(page, server.url, made)
    page.wait_for_selector(".seats .me")
    box = page.locator("[data-testid=seat-link]")
    box.locator("summary").click()
    assert "whoever has it can play your seat" in box.inner_text().lower()
    link = page.inner_text("[data-testid=seat-link-url]")
    path, _, fragment = link.partition("#")
    assert made["token"] not in path and "key=" in fragment          # the key rides where no server sees it
    shot(page, "seat-link-wide")
    phone = other_page(browser)
    try:
        phone.goto(link)
        phone.wait_for_selector(".seats .me")
        assert "Ann" in phone.inner_text(".seats .me")
        assert "#" not in phone.url                                     # the key is out of the address bar
        assert phone.evaluate(f"JSON.parse(localStorage.getItem('parlour:{made['id']}')).seat") == 0
        shot(phone, "seat-link-taken-phone")
        httpx.post(f"{server.url}/api/tables/{made['id']}/close", headers={"Authorization": f"Bearer {made['token']}"})
        phone.goto(f"{server.url}/replay/{made['id']}")
        phone.wait_for_selector(".views .board")
        phone.click("[data-testid=analyse]", force=True)
        phone.wait_for_selector("[data-testid=analysis] h2")
        assert "as the expert sees them" in phone.inner_text("[data-testid=analysis] h2")
        assert phone.locator("[data-testid=analyse-answer]").is_hidden()
    finally:
        phone.context.close()


def test_a_wrong_seat_link_takes_nothing(server, page):
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": SEATS}).json()
    page.goto(f"{server.url}/t/{made['id']}#seat=0&key={made['token'][:-2]}xx")
    page.wait_for_selector("[data-testid=seat-link-refused]")
    assert "does not open a seat" in page.inner_text("[data-testid=seat-link-refused]")
    assert page.evaluate(f"localStorage.getItem('parlour:{made['id']}')") is None
    assert page.locator(".seats .me").count() == 0 and page.locator("[data-testid=seat-link]").count() == 0
    shot(page, "seat-link-wrong-wide")


def test_the_refused_analysis_says_how_to_have_it_on_this_device(server, page):
    made = closed_table(server.url)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    page.click("[data-testid=analyse]", force=True)
    answer = page.locator("[data-testid=analyse-answer]")
    answer.wait_for(state="visible")
    assert answer.inner_text() == (
        "The analysis is for the players of this game: open this replay in the browser you played in."
    )


def test_finished_games_lists_the_players_own_private_games_as_his_and_nobody_elses(server, page, browser):
    first, second = closed_table(server.url), closed_table(server.url)
    take_seat(page, server.url, first)
    page.evaluate("([id, seat]) => localStorage.setItem(`parlour:${id}`, JSON.stringify(seat))",
                  [second["id"], {"seat": second["seat"], "token": second["token"]}])
    page.goto(server.url + "/games")
    for made in (first, second):
        row = page.locator(f"tr[data-table='{made['id']}']")
        row.wait_for()
        assert "Ann (you)" in row.inner_text() and row.locator("a", has_text="Replay").count() == 1
    shot(page, "finished-own-wide")
    stranger = other_page(browser)
    try:
        # a stranger who knows the ids but holds no key: nothing listed, and the page says why
        stranger.goto(server.url + "/")
        stranger.evaluate("(ids) => ids.forEach((id) => localStorage.setItem(`parlour:${id}`,"
                          " JSON.stringify({ seat: 0, token: 'wrong' })))", [first["id"], second["id"]])
        stranger.goto(server.url + "/games")
        stranger.wait_for_selector("[data-testid=own-games-note]")
        assert stranger.locator("tr[data-table]").count() == 0
        stranger.locator("[data-testid=own-games-note] summary").click()
        assert "Your seat on another device" in stranger.inner_text("[data-testid=own-games-note]")
        shot(stranger, "finished-stranger-phone")
    finally:
        stranger.context.close()


def test_tables_in_play_show_the_players_own_private_table_and_not_to_a_stranger_with_its_id(server, page, browser):
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": SEATS}).json()
    take_seat(page, server.url, made)
    page.goto(server.url + "/")
    row = page.locator(f"tr[data-table='{made['id']}']")
    row.wait_for()
    assert "Ann (you)" in row.inner_text()
    stranger = other_page(browser)
    try:
        stranger.goto(server.url + "/")
        stranger.evaluate("(id) => localStorage.setItem(`parlour:${id}`, JSON.stringify({ seat: 0, token: 'wrong' }))",
                          made["id"])
        stranger.goto(server.url + "/")
        stranger.wait_for_selector("[data-game]")
        stranger.wait_for_load_state("networkidle")
        assert stranger.locator(f"tr[data-table='{made['id']}']").count() == 0
    finally:
        stranger.context.close()


def test_a_watcher_is_told_the_way_back_to_his_seat(server, page):
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": SEATS}).json()
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector(".status:has-text('You are watching')")
    assert "Are you Ann? Open the seat link you kept" in page.inner_text(".status")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "watcher-phone")
