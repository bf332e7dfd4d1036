"""A watcher's pace box says what it sets: how fast this browser shows the moves (review 23d: on a drive's table,
played by bots at the organiser's pace, the box said "Pace: steady" and seemed to contradict the drive)."""

from __future__ import annotations

import httpx

from conftest import take_seat

SEATS = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 3


def test_a_watcher_is_offered_the_pace_of_showing_moves_a_player_the_pace_of_the_others(server, browser):
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": SEATS}).json()
    player = browser.new_page(viewport={"width": 1366, "height": 900})
    watcher = browser.new_page(viewport={"width": 1366, "height": 900})
    try:
        take_seat(player, server.url, made)
        player.wait_for_selector(".board")
        label = player.locator("label.pace-label")
        assert label.inner_text().startswith("Pace") and player.locator("[data-testid=watch-pace]").count() == 0
        watcher.goto(server.url + made["url"])
        watcher.wait_for_selector(".board")
        said = watcher.locator("[data-testid=watch-pace]")
        assert said.inner_text().startswith("Showing moves"), said.inner_text()
        assert "play at their own pace" in (said.get_attribute("title") or "")
    finally:
        player.close()
        watcher.close()
