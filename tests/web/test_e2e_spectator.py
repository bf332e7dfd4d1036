"""A spectator opens the watch link: the table is drawn, with no hand and nothing to click."""

from __future__ import annotations

from conftest import BOARD_ACTIONS, shot


def test_a_spectator_sees_the_table_but_no_hand(server, page, browser):
    page.goto(server.url + "/new/football-whist")
    page.select_option("select[name=kind1]", "person")          # a second person, so the share box appears
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "4")
    page.click("text=Create the table")
    page.wait_for_selector(BOARD_ACTIONS)
    watch = page.locator("[data-testid=watch-link]").inner_text()
    # the server keeps creators' seeds (--creator-seeds): at a table of two people the table says so
    assert page.locator("[data-testid=deal-chosen]").inner_text() == "Deal chosen by the creator"
    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        viewer = other.new_page()
        viewer.goto(watch)
        viewer.wait_for_selector(".board svg")
        assert viewer.locator("[data-action]").count() == 0
        assert "Your hand" not in viewer.inner_text("main") and viewer.locator("[data-refused]").count() == 0
        assert "(you)" not in viewer.inner_text(".seats")
        assert viewer.locator("[data-testid=deal-chosen]").count() == 1
        shot(viewer, "spectator-phone")
    finally:
        other.close()
