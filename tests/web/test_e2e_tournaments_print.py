"""An organiser's printed sheets and plain words (review 13c): the Biggles cycle's score sheet, offered as the drive's
score cards are (a page with a Print button, and the same as a PDF), by buttons of full touch size with words;
the bots' level beside the button that lets them play; joint champions said shortly; and a cycle's match in play
kept up to date move by move, said in words."""

from __future__ import annotations

import re

import httpx

from conftest import PHONE, WIDE, shot
from test_e2e_tournaments_live import enter_elsewhere

#: a touch target's least height, in CSS pixels
TOUCH = 44


def new_cycle(page, server, players: str = "Ann\nBob\nCat") -> str:
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", players)
    page.click("text=Create the cycle")
    page.wait_for_selector("tr[data-match='0']")
    return page.url.split("#")[0].rstrip("/").split("/")[-1]


def touch_sized(locator) -> None:
    for i in range(locator.count()):
        box = locator.nth(i).bounding_box()
        assert box and box["height"] >= TOUCH, (locator.nth(i).inner_text(), box)


def test_a_cycle_prints_its_score_sheet_as_a_drive_prints_its_cards(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(WIDE)
    cycle = new_cycle(page, server)
    enter_elsewhere(
        page,
        f"{server.url}/api/cycles/{cycle}/entries",
        {"kind": "result", "match": 0, "blue_points": 8, "red_points": 5},
    )
    page.wait_for_selector("tr[data-match='0'] >> text=Change score", timeout=15000)
    sheet = page.locator("[data-testid=score-sheet]")
    links = sheet.locator(".print-links a.button")
    assert links.all_inner_texts() == ["Print the score sheet", "Score sheet (PDF)"]
    touch_sized(links)
    shot(page, "cycle-score-sheet-offered")
    href = sheet.locator("[data-testid=print-page]").get_attribute("href")
    assert sheet.locator("[data-testid=print-pdf]").get_attribute("href") == f"{href}?format=pdf"
    # the sheet: the matches with their points (a blank line for those to play), the table, the same Print button
    # and typeface as a drive's card
    page.goto(server.url + href)
    page.wait_for_selector("main.card")
    assert page.inner_text("h2") == "CYCLE SCORE SHEET"
    played, to_play = page.locator("tr.match").nth(0), page.locator("tr.match").nth(1)
    assert played.locator("td").all_inner_texts() == ["1", "Ann", "8", "Bob", "5", "Ann"]
    assert to_play.locator("td").all_inner_texts() == ["2", "Bob", "", "Cat", "", ""]
    assert page.locator("table.standings tbody tr").first.locator("td").all_inner_texts() == ["1", "Ann", "1", "1", "8"]
    assert page.inner_text("#print") == "Print this sheet" and page.inner_text("nav.tools a") == "← Back to the cycle"
    assert "Parlour Card" in page.evaluate("getComputedStyle(document.body).fontFamily")
    shot(page, "cycle-score-sheet")
    pdf = httpx.get(f"{server.url}{href}?format=pdf", timeout=60)  # (laid out on the server: slow when loaded)
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    assert not errors, errors


def test_the_drives_cards_are_buttons_in_words_of_full_touch_size(server, browser):
    for size in (WIDE, PHONE):
        context = browser.new_context(viewport=size, has_touch=size is PHONE)
        page = context.new_page()
        page.goto(server.url + "/drives")
        page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea")
        page.click("text=Create the drive")
        page.wait_for_selector("[data-testid=cards] li")
        every = page.locator("[data-testid=all-cards]")
        assert every.inner_text().startswith("Score cards (PDF)")
        villa = page.locator("[data-testid=cards] li").first
        assert villa.locator("a.button").all_inner_texts() == ["Print Aston Villa's card", "Aston Villa's card (PDF)"]
        pdf = villa.locator("[data-testid=print-pdf]").get_attribute("href")
        assert pdf.endswith("/cards/Aston%20Villa?format=pdf")
        touch_sized(page.locator("[data-testid=cards] a.button"))
        touch_sized(every)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        shot(page, f"drive-cards-{size['width']}")
        context.close()


def test_the_bots_level_sits_on_the_line_of_the_button_that_lets_them_play(server, browser):
    for size in (WIDE, PHONE):
        context = browser.new_context(viewport=size, has_touch=size is PHONE)
        page = context.new_page()
        new_cycle(page, server)
        label = page.locator("[data-testid=bots-level]").bounding_box()
        chooser = page.locator("[data-testid=bots-level] select").bounding_box()
        button = page.locator("[data-testid=simulate]").bounding_box()
        middle = lambda box: box["y"] + box["height"] / 2  # noqa: E731
        if size is WIDE:  # the level's words and chooser side by side, the pace's beside them (a cycle's bots have
            # a pace, as a drive's: round 24), and the button that lets them play at the head of the next line
            pace = page.locator("[data-testid=bots-pace]").bounding_box()
            assert abs(middle(chooser) - middle(label)) < 6 and abs(middle(pace) - middle(label)) < 6
            assert label["x"] < chooser["x"] < pace["x"]
            assert button["y"] >= label["y"] + label["height"] - 1 and abs(button["x"] - label["x"]) < 2
        # on a phone they may wrap, but stay within the screen, the chooser in reach of a thumb
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        assert chooser["height"] >= TOUCH and button["x"] + button["width"] <= size["width"]
        shot(page, f"cycle-bots-level-{size['width']}")
        context.close()


def test_joint_champions_are_named_shortly(server, page):
    page.set_viewport_size(WIDE)
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea")
    page.click("text=Create the drive")
    page.wait_for_selector("tr[data-fixture='1-1']")
    drive = page.url.split("#")[0].rstrip("/").split("/")[-1]
    # the home teams (who never move) win 1-0 in round 1 and draw 0-0 in round 2: level on points and goal average
    for fixture in [f for round in httpx.get(f"{server.url}/api/drives/{drive}").json()["rounds"] for f in round]:
        enter_elsewhere(
            page,
            f"{server.url}/api/drives/{drive}/entries",
            {
                "kind": "result",
                "round": fixture["round"],
                "table": fixture["table"],
                "home_goals": 1 if fixture["round"] == 1 else 0,
                "away_goals": 0,
            },
        )
    banner = page.locator("[data-testid=champions]")
    banner.wait_for(timeout=15000)
    assert banner.locator("div").first.inner_text() == (
        "Joint League Champions: Aston Villa and Q.P. Rangers, 3 points each (and the same goal average)"
    )
    shot(page, "drive-joint-champions")


def test_a_cycle_match_in_play_is_said_in_words_and_kept_up_move_by_move(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(WIDE)
    new_cycle(page, server, "Ann\nBob")
    page.select_option("[data-testid=bots-level] select", "club")
    page.click("[data-testid=simulate]")
    said = page.locator("tr[data-match='0'] [data-testid=in-play]")
    page.wait_for_function(
        "(document.querySelector(\"tr[data-match='0'] [data-testid=in-play]\")?.textContent || '').includes(' built')",
        timeout=30000,
    )
    # from now on the page neither refreshes the cycle nor reads the table: only the table's own socket moves it on
    page.route(re.compile(r".*/api/(cycles|tables)/.*"), lambda route: route.abort())
    first = said.inner_text()
    assert "match 1" not in first and re.search(r"In play: Ann (has built|has Biggles|1)", first), first
    moved = (
        "([seen]) => { const el = document.querySelector(\"tr[data-match='0'] [data-testid=in-play]\");"
        " return el && el.textContent !== seen; }"
    )
    page.wait_for_function(moved, arg=[first], timeout=30000)
    now = said.inner_text()
    assert re.search(r"In play: Ann .*, Bob ", now) or "Just finished" in now, now
    shot(page, "cycle-match-kept-up")
    page.unroute(re.compile(r".*/api/(cycles|tables)/.*"))
    assert not errors, errors
