"""The bots play only the bots' games: a player who has sat in person at a cycle's table keeps his matches (the bots
play the others round him), and a bot plays for him only when the organiser, told whose match it is, asks."""

from __future__ import annotations

import pytest

from conftest import shot

STATUS = "[data-testid=round-status]"


def organiser_key(page) -> str:
    return page.inner_text("[data-testid=organiser-link]").split("#organiser=")[1]


@pytest.mark.bots_quick
def test_the_bots_leave_a_persons_match_to_him_until_asked_to_stand_in(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Reviewer\nAnn\nBob\nCat")
    page.click("text=Create the cycle")
    page.locator(STATUS).wait_for()
    cycle = page.url.rstrip("/").split("/")[-1].split("#")[0]
    key = organiser_key(page)
    # match 1: Reviewer plays in person against a bot
    answer = page.request.post(f"{server.url}/api/cycles/{cycle}/matches/0/table",
                               data={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "gentle"}]},
                               headers={"Authorization": f"Bearer {key}"})
    assert answer.ok, answer.text()
    made = answer.json()
    closed = page.request.post(f"{server.url}/api/tables/{made['id']}/close",
                               headers={"Authorization": f"Bearer {made['token']}"})
    assert closed.ok, closed.text()                      # (he leaves the table, and the organiser enters his score)
    entered = page.request.post(f"{server.url}/api/cycles/{cycle}/entries", headers={"Authorization": f"Bearer {key}"},
                                data={"kind": "result", "match": 0, "blue_points": 8, "red_points": 5})
    assert entered.ok, entered.text()
    page.wait_for_selector("tr[data-match='0'] [data-testid=source]", timeout=30000)
    # the bots play the rest of round 1: Bob v Cat (match 2), then Ann v Bob (3); Cat v Reviewer (4) waits for him
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    page.click("[data-testid=simulate]")
    page.wait_for_selector("tr[data-match='2'] [data-testid=source]", timeout=120000)
    got = page.request.get(f"{server.url}/api/cycles/{cycle}").json()
    assert got["people"] == ["Reviewer"], got["people"]
    theirs = next(m for m in got["matches"] if m["match"] == 3)
    assert (theirs["blue"], theirs["red"]) == ("Cat", "Reviewer")
    assert theirs["tables"] == [] and theirs["points"] is None, theirs
    row = page.locator("tr[data-match='3']")
    said = row.locator("[data-testid=waits-for-people]").inner_text()
    assert said.startswith("Reviewer plays in person: this match waits for Reviewer."), said
    assert row.locator("[data-testid=bots-to-play]").count() == 0
    assert row.locator("select").nth(1).input_value() == "person"          # Reviewer, as he is: a person
    assert row.locator("select").nth(0).input_value() != "person"          # Cat, the bots' level
    # the panel says the sitting waits for him: no countdown to a start that would never come
    page.wait_for_selector(f"{STATUS}[data-state=people]")
    said = page.inner_text(STATUS)
    assert said.startswith("Round 1, sitting 2 of 2 waits for Reviewer, who plays in person: play the match left at "
                           "a Parlour table, enter its score below, or let bots stand in at its row."), said
    assert page.locator("[data-testid=countdown]").count() == 0
    shot(page, "cycle-waits-for-a-person")
    # the organiser, told plainly whose match it is, lets a bot stand in for him
    stand_in = row.locator("[data-testid=stand-in]")
    assert stand_in.inner_text().startswith("Let bots play Reviewer's match"), stand_in.inner_text()
    stand_in.click()
    page.wait_for_selector("tr[data-match='3'] [data-testid=source]", timeout=120000)
    levels = [x.strip() for x in row.locator("[data-testid=level]").all_inner_texts()]
    assert len(levels) == 2 and all(x.startswith("(bot: ") for x in levels), levels
    assert not errors, errors


def test_a_drive_team_that_played_in_person_keeps_its_next_game(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea")
    page.fill("[data-testid=new-drive] input[name=rounds]", "2")
    page.click("text=Create the drive")
    page.wait_for_selector("tr[data-fixture='1-1']")
    drive = page.url.rstrip("/").split("/")[-1].split("#")[0]
    key = organiser_key(page)
    auth = {"Authorization": f"Bearer {key}"}
    got = page.request.get(f"{server.url}/api/drives/{drive}").json()
    first = got["rounds"][0][0]
    person, bot = {"kind": "person"}, {"kind": "bot", "bot": "random"}
    answer = page.request.post(f"{server.url}/api/drives/{drive}/fixtures/1/1/table", headers=auth,
                               data={"seats": [person, bot, person, bot]})
    assert answer.ok, answer.text()
    made = answer.json()
    assert page.request.post(f"{server.url}/api/tables/{made['id']}/close",
                             headers={"Authorization": f"Bearer {made['token']}"}).ok
    assert page.request.post(f"{server.url}/api/drives/{drive}/entries", headers=auth,
                             data={"kind": "result", "round": 1, "table": 1, "home_goals": 2, "away_goals": 1}).ok
    page.select_option("[data-testid=bots-level] select", "random")
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    page.click("[data-testid=simulate]")
    # the bots finish round 1 and play round 2 around the home team's people: their game waits for them
    waits = "tr[data-fixture^='2-'] [data-testid=waits-for-people]"
    page.wait_for_selector(waits, timeout=180000)
    said = page.inner_text(waits)
    assert said.startswith(f"{first['home']} plays in person: this game waits for {first['home']}."), said
    page.wait_for_selector(f"{STATUS}[data-state=people]", timeout=180000)
    got = page.request.get(f"{server.url}/api/drives/{drive}").json()
    theirs = [f for f in got["rounds"][1] if first["home"] in (f["home"], f["away"])]
    assert len(theirs) == 1 and theirs[0]["tables"] == [] and theirs[0]["result"] is None, theirs
    assert all(f["result"] for f in got["rounds"][1] if f is not theirs[0] and not f["bye"])
    shot(page, "drive-waits-for-people-phone")
    assert not errors, errors
