"""An organiser's evening on a phone: the round to play is near the top (rounds over, and rounds to come, are folded
under their headings), two drives of the same title are told apart on the Tournaments page, and a team's score
card fits the phone's screen."""

from __future__ import annotations

from conftest import shot
from test_e2e_tournaments_live import enter_elsewhere

TEAMS = "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea\nEverton\nFulham\nBurnley\nWolves"


def test_a_drive_on_a_phone_keeps_the_round_to_play_near_the_top(server, browser):
    context = phone(browser)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]", TEAMS)
    page.click("text=Create the drive")
    page.wait_for_selector("tr[data-fixture='1-1']")
    drive = page.url.split("#")[0].rstrip("/").split("/")[-1]
    # round 1 is open; rounds 2 to 4 are folded under their headings, a tap away
    assert page.locator("section.round[data-round='1'] tr[data-fixture='1-1'] input[name=home]").is_visible()
    assert page.locator("details.round[data-folded]").count() == 3
    assert "Round 2 · to come" in page.inner_text("details.round[data-round='2'] summary")
    assert not page.locator("tr[data-fixture='2-1']").is_visible()
    shot(page, "drive-phone-rounds-folded")
    # round 1's results come in: it stays open until round 2 begins, and then folds
    for table, goals in enumerate([(3, 1), (2, 2), (0, 1), (4, 0)], start=1):
        enter_elsewhere(page, f"{server.url}/api/drives/{drive}/entries",
                        {"kind": "result", "round": 1, "table": table, "home_goals": goals[0], "away_goals": goals[1]})
    page.wait_for_selector("section.round[data-round='2'] tr[data-fixture='2-1']", timeout=15000)
    assert page.locator("section.round[data-round='1']").count() == 1
    enter_elsewhere(page, f"{server.url}/api/drives/{drive}/entries",
                    {"kind": "result", "round": 2, "table": 1, "home_goals": 1, "away_goals": 0})
    page.wait_for_selector("details.round[data-round='1'][data-folded]", state="attached", timeout=15000)
    assert "Round 1 · every result in" in page.inner_text("details.round[data-round='1'] summary")
    shot(page, "drive-phone-round-2")
    page.click("details.round[data-round='1'] summary")                  # the results of round 1, a tap away
    assert page.locator("tr[data-fixture='1-1']").is_visible()
    context.close()
    assert not errors, errors


def phone(browser):
    return browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


def test_two_drives_of_the_same_title_are_told_apart_by_when_they_were_made(server, browser):
    context = phone(browser)
    page = context.new_page()
    for teams in ("Aston Villa\nCharlton", "Burnley\nWolves"):
        page.goto(server.url + "/drives")
        page.fill("[data-testid=new-drive] textarea[name=teams]", teams)
        page.click("text=Create the drive")
        page.wait_for_selector("tr[data-fixture='1-1']")
    page.goto(server.url + "/drives")
    page.wait_for_selector("section.tile li")
    items = page.locator("section.tile li").all_inner_texts()
    assert len(items) == 2 and all(" · made " in item for item in items), items
    context.close()


def test_a_score_card_opened_on_a_phone_fits_its_screen(server, browser):
    context = phone(browser)
    page = context.new_page()
    made = page.request.post(server.url + "/api/drives", data={"teams": TEAMS}).json()
    page.goto(f"{server.url}/drives/{made['id']}/cards/Swansea")
    page.wait_for_selector("main.card")
    # laid out for the phone's screen: nothing off its side, the opponents' names readable
    assert page.evaluate("document.documentElement.clientWidth") == 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("td.versus").first.bounding_box()["width"] >= 100
    shot(page, "drive-card-phone")
    context.close()


def test_a_cycle_match_on_a_phone_shows_its_score_on_one_line(server, browser):
    context = phone(browser)
    page = context.new_page()
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob\nCat")
    page.click("text=Create the cycle")
    row = page.locator("tr[data-match='0']")
    row.locator("input[name=blue]").fill("8")
    row.locator("input[name=red]").fill("5")
    row.locator("button[type=submit]").click()
    row.locator("text=Change score").wait_for()
    for match in ("0", "1"):
        row = page.locator(f"tr[data-match='{match}']")
        blue, red = row.locator("input[name=blue]").bounding_box(), row.locator("input[name=red]").bounding_box()
        assert abs(blue["y"] - red["y"]) < 2 and red["x"] > blue["x"], (blue, red)     # "8 – 5", side by side
    for part in ("select >> nth=0", "select >> nth=1", "text=Play in Parlour"):
        box = page.locator("tr[data-match='1']").locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (part, box)
    assert all(page.locator("tr[data-match='1'] select").nth(i).bounding_box()["width"] >= 150 for i in range(2))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "cycle-phone-matches")
    context.close()


def test_a_finished_drive_folds_its_rounds_but_the_last(server, browser):
    context = phone(browser)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea")
    page.fill("[data-testid=new-drive] input[name=rounds]", "3")
    page.click("text=Create the drive")
    page.wait_for_selector("tr[data-fixture='1-1']")
    drive = page.url.split("#")[0].rstrip("/").split("/")[-1]
    for n in (1, 2, 3):
        for table in (1, 2):
            enter_elsewhere(page, f"{server.url}/api/drives/{drive}/entries",
                            {"kind": "result", "round": n, "table": table, "home_goals": table, "away_goals": n})
    page.wait_for_selector("[data-testid=champions]", timeout=15000)
    # the final results whole, from round 1 (round 14: rounds 1 and 2 were folded away once the drive was over)
    page.wait_for_selector("section.round[data-round='1'] tr[data-fixture='1-1']", timeout=15000)
    assert page.locator("details.round[data-folded]").count() == 0
    assert page.locator("section.round[data-round='3'] tr[data-fixture='3-1']").is_visible()
    assert page.locator("tr[data-fixture='1-1']").is_visible()
    shot(page, "drive-phone-finished")
    context.close()
    assert not errors, errors
