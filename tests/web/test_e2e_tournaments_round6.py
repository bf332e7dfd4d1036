"""Tournaments after review 16c, round 6: a Biggles cycle has a title, as a drive has.  The organiser may name it on
creation; left untitled it is named for the day it is made ("Biggles cycle, 5 December").  The title heads its page
and stands in the list of tournaments, on the printed score sheet and in the finished games list (there:
tests/web/test_e2e_tournaments_review16.py)."""

from __future__ import annotations

import httpx

from conftest import shot


def test_a_cycle_named_on_creation_shows_its_title_on_its_page_the_list_and_the_score_sheet(server, page):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    form = page.locator("[data-testid=new-cycle]")
    assert form.locator("input[name=title]").get_attribute("placeholder").startswith("Biggles cycle, ")
    form.locator("input[name=title]").fill("Friday Squadron Cycle")
    form.locator("textarea[name=players]").fill("Algy\nBertie\nGinger")
    page.click("text=Create the cycle")
    page.wait_for_selector("[data-testid=league] tbody tr")
    assert page.inner_text("[data-testid=cycle-title]") == "Friday Squadron Cycle"
    assert "Algy, Bertie, Ginger" in page.inner_text("[data-testid=cycle-players]")
    assert page.title().startswith("Friday Squadron Cycle")
    shot(page, "cycle-titled")
    cycle = page.url.rstrip("/").split("/")[-1].split("#")[0]
    sheet = httpx.get(f"{server.url}/cycles/{cycle}/sheet").text
    assert "Friday Squadron Cycle" in sheet
    page.goto(server.url + "/drives")
    link = page.locator(f"a[href='/cycles/{cycle}']")
    link.wait_for()
    assert link.inner_text() == "Friday Squadron Cycle"


def test_a_cycle_left_untitled_is_named_for_the_day_it_is_made(server, page):
    made = httpx.post(server.url + "/api/cycles", json={"players": "Ann\nBob\nCat"}).json()
    view = httpx.get(f"{server.url}/api/cycles/{made['id']}").json()
    day = httpx.get(server.url + "/api/cycles").json()
    assert view["title"].startswith("Biggles cycle, ") and view["title"].split(", ")[1].split()[1] in {
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    }
    assert [c["config"]["title"] for c in day if c["id"] == made["id"]] == [view["title"]]
    page.goto(f"{server.url}/cycles/{made['id']}")
    page.wait_for_selector("[data-testid=league] tbody tr")
    assert page.inner_text("[data-testid=cycle-title]") == view["title"]
    assert view["title"] in httpx.get(f"{server.url}/cycles/{made['id']}/sheet").text
