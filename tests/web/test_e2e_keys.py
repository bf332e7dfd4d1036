"""Keys in the browser: a join link that asks for a name, a drive read-only without its organiser link and open to
change with it, and a table closed by its seat and played again with the same seats."""

from __future__ import annotations

import re

import httpx

from conftest import shot

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 860}


def both_sizes(page, name: str) -> None:
    shot(page, name)
    page.set_viewport_size(PHONE)
    shot(page, f"{name}-phone")
    page.set_viewport_size(LAPTOP)


def test_a_join_link_asks_for_a_name_and_seats_the_player(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]}).json()
    page.goto(server.url + made["join"]["1"].split("#")[0])                 # the link without its invite
    page.fill("[data-testid=join] input[name=name]", "Bob")
    page.click("text=Take the seat")
    page.wait_for_selector("text=Cannot take that seat")
    assert "join link" in page.inner_text("p.error")
    page.goto(server.url + made["join"]["1"])
    page.wait_for_selector("[data-testid=join]")
    assert "You are invited to seat Player 2" in page.inner_text("main")
    both_sizes(page, "join-name-prompt")
    page.fill("[data-testid=join] input[name=name]", "Bob")
    page.click("text=Take the seat")
    page.wait_for_selector(".seat.me")
    assert page.inner_text(".seat.me") == "Bob (you)" and page.url.endswith(f"/t/{made['id']}")
    assert "Bob" in [s["name"] for s in httpx.get(server.url + f"/api/tables/{made['id']}").json()["seats"]]
    assert not errors, errors


def test_a_drive_is_read_only_without_its_organiser_link(server, page, browser):
    made = httpx.post(server.url + "/api/drives", json={"title": "Club night",
                                                        "teams": ["Villa", "Charlton", "Rangers", "Swansea"]}).json()
    page.goto(server.url + made["url"])
    page.wait_for_selector("[data-testid=read-only]")
    assert "organiser link" in page.inner_text("[data-testid=read-only]")
    assert page.locator("form.score").count() == 0 and page.locator("text=Play in Parlour").count() == 0
    assert page.locator("[data-testid=simulate]").count() == 0
    both_sizes(page, "drive-read-only")
    page.goto(server.url + made["organiser"])
    page.wait_for_selector("[data-testid=organiser]")
    # review 24: the address bar keeps the key (a fragment, never sent to the server), so that the address the
    # organiser bookmarks opens the page with his rights in any browser; the page says so, and offers the
    # watchers' link without it
    assert page.url == server.url + made["organiser"]
    link = page.inner_text("[data-testid=organiser-link]")
    assert link == server.url + made["organiser"]
    assert "bookmark this page" in page.inner_text("[data-testid=address-bar-key]")
    assert page.inner_text("[data-testid=watch-link]") == server.url + made["url"]
    elsewhere = browser.new_context()
    bookmarked, stranger = elsewhere.new_page(), browser.new_context().new_page()
    bookmarked.goto(page.url)
    bookmarked.wait_for_selector("[data-testid=organiser]")
    stranger.goto(page.inner_text("[data-testid=watch-link]"))
    stranger.wait_for_selector("[data-testid=read-only]")
    assert "#" not in stranger.url and stranger.locator("form.score").count() == 0
    stranger.context.close()
    elsewhere.close()
    both_sizes(page, "drive-organiser-link")
    row = page.locator('tr[data-fixture="1-1"]')
    row.locator("input[name=home]").fill("2")
    row.locator("input[name=away]").fill("0")
    row.locator("button[type=submit]").click()
    page.wait_for_selector('tr[data-fixture="1-1"] >> text=Change score')
    assert httpx.get(server.url + f"/api/drives/{made['id']}").json()["entries"][0]["home_goals"] == 2
    page.goto(server.url + made["url"])                                      # the key is kept by the browser
    page.wait_for_selector("[data-testid=organiser]")
    assert page.url == server.url + made["organiser"]                        # and put back in the address bar


def test_a_cycle_just_made_has_its_organiser_key_in_the_address_bar(server, page, browser):
    """Review 24: right after creating, the address bar read /cycles/ID: bookmarked and opened elsewhere, it had no
    organiser controls.  Now it carries the key, and a row named in the address is still sought."""
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob\nCat")
    page.click("text=Create the cycle")
    page.wait_for_selector("[data-testid=organiser]")
    assert re.search(r"/cycles/[^/#]+#organiser=.+$", page.url), page.url
    other = browser.new_context().new_page()
    other.goto(page.url)
    other.wait_for_selector("[data-testid=organiser]")
    again = other.context.new_page()                                 # the organiser's browser: his key, and row 2 lit
    again.goto(page.url.split("#")[0] + "#match-2")
    again.wait_for_selector("tr#match-2.sought", state="attached")
    assert "#organiser=" in again.url and again.locator("[data-testid=organiser]").count() == 1
    other.context.close()


def test_a_seat_closes_its_table_and_plays_again_with_the_same_seats(server, page):
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot"}, {"kind": "person", "name": "Cat"}, {"kind": "bot"}]}).json()
    page.goto(server.url + "/")
    page.evaluate("([id, seat, token]) => localStorage.setItem(`parlour:${id}`, JSON.stringify({seat, token}))",
                  [made["id"], made["seat"], made["token"]])
    page.goto(server.url + made["url"])
    page.wait_for_selector(".seat.me")
    page.click("[data-testid=close-table] summary")
    page.click("text=Close it for everyone")
    page.wait_for_selector("[data-testid=result]")
    assert "Closed before the end (closed by Ann)" in page.inner_text("[data-testid=result]")
    both_sizes(page, "play-again")
    page.click("[data-testid=again]")
    page.wait_for_url(re.compile(r"/t/(?!" + made["id"] + r")\w+$"))
    page.wait_for_selector(".share")
    assert "Cat:" in page.inner_text(".share") and "#invite=" in page.inner_text(".share")
    assert page.inner_text(".seat.me") == "Ann (you)"
    shot(page, "play-again-new-table")
