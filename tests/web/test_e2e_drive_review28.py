"""The whist drive after review 28: a shared place that is also ahead of the next team on goal average is said in
one sentence (it read "=4 Swansea and Derby County ... share the place; 4th Derby County ... ahead of Arsenal"); a
seat's join link says which game it is and who else sits there (it said only "You are invited to seat Aston Villa
2")."""

from __future__ import annotations

import time

import httpx

from conftest import PHONE, shot
from test_e2e_drive_review27 import PARTED, organiser_drive, row_of


def test_each_place_level_on_points_is_said_once_whatever_the_shape_of_the_tie(quick_server, page):
    page.goto(quick_server.url + "/")
    # the review's table in round 3: =4 Swansea and Derby County (1.000 each), 6th Arsenal (0.846), 7th Aston Villa
    rows = [row_of("Chelsea", 1, 6, won=3, goals=(9, 3)), row_of("Charlton", 2, 4, won=2, lost=1, goals=(8, 6)),
            row_of("Burnley", 3, 3, won=1, drawn=1, lost=1, goals=(6, 6)),
            row_of("Swansea", 4, 2, won=1, lost=2, goals=(7, 7)),
            row_of("Derby County", 4, 2, won=1, lost=2, goals=(7, 7)),
            row_of("Arsenal", 6, 2, won=1, lost=2, goals=(11, 13)),
            row_of("Aston Villa", 7, 2, drawn=2, lost=1, goals=(3, 8)),
            row_of("Q.P. Rangers", 8, 0, lost=3, goals=(2, 9))]
    said = page.evaluate(PARTED, rows)
    assert said == ["=4 Swansea and Derby County, 2 pts each, level on goal average too: they share the place, ahead "
                    "of Arsenal on goal average (1.000 to 0.846)",
                    "6th Arsenal, 2 pts, ahead of Aston Villa on goal average (0.846 to 0.375)"], said
    assert not any(s.startswith("4th") for s in said)
    # a single team ahead of a shared place: both teams of the place below are named
    rows = [row_of("Chelsea", 1, 2, won=1, goals=(6, 3)), row_of("Arsenal", 2, 2, won=1, goals=(4, 3)),
            row_of("Burnley", 2, 2, won=1, goals=(4, 3)), row_of("Everton", 4, 0, lost=1, goals=(3, 4))]
    said = page.evaluate(PARTED, rows)
    assert said == ["1st Chelsea, 2 pts, ahead of Arsenal and Burnley on goal average (2.000 to 1.333)",
                    "=2 Arsenal and Burnley, 2 pts each, level on goal average too: they share the place"], said
    # two shared places on the same points, one above the other; and a shared place below the champions' banner's
    # three (``after``) is still said, those at or above it are not
    rows = [row_of("Chelsea", 1, 1, drawn=1, goals=(5, 2)), row_of("Arsenal", 1, 1, drawn=1, goals=(5, 2)),
            row_of("Burnley", 3, 1, drawn=1, goals=(2, 5)), row_of("Everton", 3, 1, drawn=1, goals=(2, 5))]
    said = page.evaluate(PARTED, rows)
    assert said == ["=1 Chelsea and Arsenal, 1 pt each, level on goal average too: they share the place, ahead of "
                    "Burnley and Everton on goal average (2.500 to 0.400)",
                    "=3 Burnley and Everton, 1 pt each, level on goal average too: they share the place"], said
    after = page.evaluate("async (rows) => (await import('/static/tournaments.js')).partedWords(rows, 1)", rows)
    assert after == [said[1]], after


def test_a_seats_join_link_says_which_game_it_is_and_who_else_sits_there(quick_server, page):
    # a drive's table for Derby County's people against Charlton's bots: the second seat's join link
    made, auth = organiser_drive(quick_server, rounds=1, title="Club night drive")
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}] * 2
    table = httpx.post(f"{quick_server.url}/api/drives/{made['id']}/fixtures/1/1/table", headers=auth,
                       json={"seats": seats}).json()
    page.set_viewport_size(PHONE)
    page.goto(quick_server.url + table["join"]["2"])
    page.locator("[data-testid=join]").wait_for()
    assert page.inner_text("main h1") == "Club night drive · round 1, table 1: Derby County v Charlton"
    what = page.inner_text("[data-testid=join-what]")
    assert what.startswith("International Football Whist. You are invited to take the seat of Derby County 2."), what
    others = page.inner_text("[data-testid=join-others]")
    assert others.startswith("Also at the table: Derby County 1 (a person, not here yet), Charlton 1 (a bot: "), others
    assert "Charlton 2 (a bot: " in others and "random" not in others
    shot(page, "drive-join-page-phone")
    # a cycle's match: Ann's and Ruth's seats, both people
    cycle = httpx.post(quick_server.url + "/api/cycles", json={"players": ["Ann", "Ruth"]}).json()
    match = httpx.post(f"{quick_server.url}/api/cycles/{cycle['id']}/matches/0/table",
                       headers={"Authorization": f"Bearer {cycle['key']}"},
                       json={"seats": [{"kind": "person"}, {"kind": "person"}]}).json()
    page.goto(quick_server.url + match["join"]["1"])
    page.locator("[data-testid=join]").wait_for()
    assert page.inner_text("main h1").endswith("match 1: Ann v Ruth"), page.inner_text("main h1")
    assert "You are invited to take the seat of Ruth." in page.inner_text("[data-testid=join-what]")
    assert page.inner_text("[data-testid=join-others]") == "Also at the table: Ann (a person, not here yet)."


def test_a_corrected_score_keeps_the_one_played_and_change_score_can_be_cancelled(quick_server, page):
    made, auth = organiser_drive(quick_server, rounds=1)
    bots = [{"kind": "bot", "bot": "random"}] * 4
    table = httpx.post(f"{quick_server.url}/api/drives/{made['id']}/fixtures/1/1/table", headers=auth,
                       json={"seats": bots}).json()["id"]
    deadline = time.monotonic() + 60
    while (result := httpx.get(f"{quick_server.url}/api/drives/{made['id']}").json()["rounds"][0][0]["result"]) is None:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    played = [result["home_goals"], result["away_goals"]]
    assert result["was"] is None and not result["corrected"]
    # the organiser's page: "Change score" opened, a figure typed, then Cancel: the boxes close as they were
    page.set_viewport_size(PHONE)
    page.goto(quick_server.url + made["organiser"])
    row = page.locator("tr[data-fixture='1-1']")
    row.locator("text=Change score").click()
    row.locator("input[name=home]").fill("9")
    row.locator("[data-testid=cancel-correction]").click()
    assert row.locator("input[name=home]").input_value() == str(played[0])
    assert row.locator("input[name=home]").get_attribute("readonly") is not None
    assert row.locator("form.score button").all_inner_texts() == ["Change score"]
    after = httpx.get(f"{quick_server.url}/api/drives/{made['id']}").json()["rounds"][0][0]["result"]
    assert [after["home_goals"], after["away_goals"]] == played and not after["corrected"]
    # a correction (one goal more for the home side) says the score it replaced, and where that one was played
    fixed = [played[0] + 1, played[1]] if sum(played) < 22 else [played[0] - 1, played[1]]
    row.locator("text=Change score").click()
    row.locator("input[name=home]").fill(str(fixed[0]))
    row.locator("text=Save correction").click()
    source = row.locator("[data-testid=source]")
    source.filter(has_text="corrected").wait_for(timeout=15000)
    said = source.inner_text()
    assert said.startswith(f"corrected from {played[0]}–{played[1]} by the organiser at "), said
    assert "; before, played by bots at a Parlour table, finished at " in said, said
    shot(page, "drive-corrected-phone")
    view = httpx.get(f"{quick_server.url}/api/drives/{made['id']}").json()["rounds"][0][0]["result"]
    assert view["was"] == played and view["played"]["source"] == "bots"
    # the table's replay says both: the score played there, and the one the drive counts
    context = httpx.get(f"{quick_server.url}/api/tables/{table}").json()["context"]
    assert context["corrected"] == (f"Played {played[0]}–{played[1]} at this table; the organiser corrected the "
                                    f"drive's score to {fixed[0]}–{fixed[1]}."), context
    page.goto(f"{quick_server.url}/replay/{table}")
    assert page.locator("[data-testid=replay-corrected]").inner_text() == context["corrected"]


def test_a_drive_has_one_results_sheet_and_its_pdf_says_it_is_being_prepared(quick_server, page):
    made, auth = organiser_drive(quick_server, rounds=1, title="Club night drive")
    sheet = f"{quick_server.url}/drives/{made['id']}/sheet"
    blank = httpx.get(sheet).text                         # (before any result: blanks for the winners)
    assert "LEAGUE CHAMPIONS: ______" in blank and "RESULTS SHEET" in blank
    for table, (home, away) in ((1, (5, 2)), (2, (2, 1))):
        entered = httpx.post(f"{quick_server.url}/api/drives/{made['id']}/entries", headers=auth,
                             json={"kind": "result", "round": 1, "table": table, "home_goals": home,
                                   "away_goals": away})
        assert entered.status_code == 200, entered.text
    # Derby County beat Charlton 5-2 at table 1 (the Cup's), Q.P. Rangers beat Swansea 2-1: Derby County ahead on
    # goal average
    text = httpx.get(sheet).text
    assert "LEAGUE CHAMPIONS: Derby County" in text and "CUP WINNERS: Derby County" in text, text
    assert "FINAL LEAGUE TABLE" in text and "ROUND 1" in text and "5&ndash;2" in text and "2&ndash;1" in text
    assert httpx.get(sheet, params={"format": "doc"}).status_code == 422
    # the drive's page offers it; its PDF's link says it is being prepared while the new tab waits for it
    page.set_viewport_size(PHONE)
    page.goto(quick_server.url + made["organiser"])
    section = page.locator("[data-testid=results-sheet]")
    assert section.locator("[data-testid=print-page]").get_attribute("href") == f"/drives/{made['id']}/sheet"
    with page.context.expect_page():
        section.locator("[data-testid=print-pdf]").click()
    assert section.locator("[data-testid=print-pdf]").inner_text() == "Results sheet (PDF): preparing…"
    assert section.locator("[data-testid=print-pdf]").get_attribute("aria-busy") == "true"
