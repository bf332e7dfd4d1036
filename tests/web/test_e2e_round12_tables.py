"""Tables, replays and tournaments after review 22d, round 12:

- a table opened in another browser (no seat held) while it waits for a player who is away tells the watcher, in
  words, the way back: "Are you Robin? Open the seat link you kept ..." (it said only "Paused ... (waiting for
  Robin)"), at a race and at a turn-based table alike; nothing on it takes a seat without the seat's key.
"""

from __future__ import annotations

import httpx

from conftest import PHONE, shot

BACK = "Open the seat link you kept"


def test_a_watcher_of_a_paused_race_is_told_to_open_the_seat_link_he_kept(server, browser):
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "biggles",
            "seed": 3,
            "seats": [{"kind": "person", "name": "Robin"}, {"kind": "bot", "bot": "gentle", "name": "Arthur"}],
        },
    ).json()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(f"{server.url}/t/{made['id']}")
        page.wait_for_selector(".status:has-text('Paused')")
        status = page.inner_text(".status")
        assert "waiting for Robin" in status
        assert f"Are you Robin? {BACK}" in status and "to take your seat again" in status
        # words only: the watcher's page offers no seat to take
        assert page.locator(".seats .me").count() == 0
        assert page.locator("[data-testid=seat-link]").count() == 0
        shot(page, "round12-watcher-paused-race-phone")
    finally:
        context.close()


def test_a_watcher_of_a_turn_based_table_waiting_for_an_away_player_is_told_the_same(server, page):
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "football-whist",
            "seed": 4,
            "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 3,
        },
    ).json()
    page.goto(f"{server.url}/t/{made['id']}")
    page.wait_for_selector(".status:has-text('You are watching')")
    assert f"Are you Ann? {BACK}" in page.inner_text(".status")
