"""Club nights played by bots round by round, as a hall plays them: round 1's games, their results in the table, a
pause counted down on the page, then round 2; and a Biggles cycle's results say who entered them, and when."""

from __future__ import annotations

import re

import pytest

from conftest import shot

DRAWN = "Number(document.querySelector('[data-drawn]').dataset.drawn)"
STATUS = "[data-testid=round-status]"
CLOCK = r"\d\d:\d\d"


def tables_of_round(page, n: int) -> int:
    """Links to Parlour tables (watch or replay) in round ``n``'s fixtures."""
    return page.locator(f"tr[data-fixture^='{n}-'] a").count()


def test_the_bots_play_a_drive_one_round_at_a_time_and_the_page_says_which(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]",
              "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea\nEverton\nFulham")
    page.fill("[data-testid=new-drive] input[name=rounds]", "2")
    page.click("text=Create the drive")
    status = page.locator(STATUS)
    status.wait_for()
    assert status.inner_text().startswith("Round 1 of 2 is next"), status.inner_text()
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    page.click("[data-testid=simulate] >> text=Let bots play round 1")
    # round 1 is played, and only round 1: the page says so above the standings and beside the round's heading
    page.wait_for_selector(f"{STATUS}[data-round='1'][data-state=playing]")
    assert "Round 1 of 2 is being played" in status.inner_text()
    assert "being played now" in page.inner_text("section.round[data-round='1'] h3")
    assert tables_of_round(page, 2) == 0
    # (review) the bots' games fill in their own scores: no boxes to type in, theirs or round 2's to come; and each
    # side of bots says its level
    fixture = page.locator("tr[data-fixture='1-1']")
    assert fixture.locator("[data-testid=bots-score], [data-testid=source]").count() == 1
    assert page.locator("tr[data-fixture] input:not([readonly])").count() == 0
    levels = fixture.locator("[data-testid=level]").all_inner_texts()
    assert [x.strip() for x in levels] == ["(Club player bots)"], levels      # said once for the game
    shot(page, "drive-bots-round-1")
    # every result of round 1 in: the table shows them, and round 2 waits a moment, counted down
    page.wait_for_selector(f"{STATUS}[data-state=pause]", timeout=60000)
    said = status.inner_text()
    assert "Round 1 is over: its results are in the table." in said and "The bots start round 2 in" in said, said
    assert page.locator("[data-testid=countdown]").is_visible()
    played = page.locator("[data-testid=league] tbody tr td:nth-child(3)").all_inner_texts()
    assert played == ["1"] * 6, played
    assert tables_of_round(page, 2) == 0
    shot(page, "drive-bots-between-rounds")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "drive-bots-between-rounds-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = status.bounding_box()
    assert box["y"] + box["height"] <= 844, box                      # on the first screen, buttons and all
    # the organiser pauses: round 2 does not start by itself, however long the page stays open
    page.click("[data-testid=pause-bots]")
    page.wait_for_selector(f"{STATUS}[data-state=next]")
    before = page.evaluate(DRAWN)
    page.wait_for_function(f"{DRAWN} >= {before} + 3", timeout=30000)    # three refreshes: past the pause
    assert tables_of_round(page, 2) == 0 and page.locator(f"{STATUS}[data-state=next]").count() == 1
    assert status.inner_text().startswith("Round 1 is over. Round 2 of 2 is next")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    page.click("[data-testid=simulate] >> text=Let bots play round 2")
    page.wait_for_selector(f"{STATUS}[data-round='2'][data-state=playing]")
    assert "Round 2 of 2 is being played" in status.inner_text()
    page.wait_for_selector("[data-testid=champions]", timeout=60000)
    assert status.count() == 0
    banner = page.inner_text("[data-testid=champions]")
    champions = (r"League Champions: .+ \(\d+ points?, \d+ clear of .+\)|level"     # one side ahead
                 r"|Joint League Champions: .+ and .+, \d+ points? each")           # or a tie at the top
    assert re.search(champions, banner), banner
    # each result says how it came in
    source = page.locator("tr[data-fixture='2-1'] [data-testid=source]").inner_text()
    assert re.fullmatch(f"played by bots at a Parlour table, finished at {CLOCK}", source), source
    assert not errors, errors


@pytest.mark.bots_quick
def test_a_cycle_says_who_entered_each_result_and_when(server, page, browser):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob")
    page.click("text=Create the cycle")
    first = page.locator("tr[data-match='0']")
    first.locator("input[name=blue]").fill("8")
    first.locator("input[name=red]").fill("5")
    first.locator("button[type=submit]").click()
    typed = first.locator("[data-testid=source]")
    typed.wait_for()
    assert re.fullmatch(f"entered by the organiser at {CLOCK}", typed.inner_text()), typed.inner_text()
    # the other match is played at a table, by bots: its row says so, not "entered"
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    page.click("[data-testid=simulate] >> text=Let bots play round 1, sitting 2 of 2")
    played = page.locator("tr[data-match='1'] [data-testid=source]")
    played.wait_for(timeout=90000)
    assert re.fullmatch(f"played by bots at a Parlour table, finished at {CLOCK}", played.inner_text())
    assert page.locator("tr[data-match='1'] a", has_text="replay").count() == 1
    shot(page, "cycle-sources")
    # a correction says it was one
    first.locator("text=Change score").click()
    first.locator("input[name=red]").fill("6")
    first.locator("text=Save correction").click()
    page.wait_for_function("(document.querySelector(\"tr[data-match='0'] [data-testid=source]\")?.textContent || '')"
                           ".startsWith('corrected by the organiser at')")
    # someone watching without the organiser link sees the same words, and cannot enter a score
    elsewhere = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    watcher = elsewhere.new_page()
    watcher.goto(page.url.split("#")[0])                # (the address without the organiser key)
    watcher.wait_for_selector("tr[data-match='1'] [data-testid=source]")
    said = watcher.locator("tr[data-match='0'] [data-testid=source]").inner_text()
    assert said.startswith("corrected by the organiser"), said
    assert watcher.locator("form.score").count() == 0 and watcher.locator("[data-testid=read-only]").count() == 1
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    shot(watcher, "cycle-sources-watcher-phone")
    elsewhere.close()
    assert not errors, errors
