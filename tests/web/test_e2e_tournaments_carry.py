"""The bots carry a club night on by themselves: the organiser lets them play once and closes the page, the server
is even killed and started again, and the drive still plays to its last round; a Biggles cycle is played sitting by
sitting, nobody at two tables at once, and its rows say the bots' level."""

from __future__ import annotations

import re

from conftest import shot

STATUS = "[data-testid=round-status]"


def test_a_drive_goes_on_to_its_last_round_with_the_organisers_page_closed(server, page, browser):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea")
    page.fill("[data-testid=new-drive] input[name=rounds]", "3")
    page.click("text=Create the drive")
    page.locator(STATUS).wait_for()
    said = page.inner_text(STATUS)
    assert "until you pause them, even with this page closed" in said, said
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    page.click("[data-testid=simulate] >> text=Let bots play round 1")
    page.wait_for_selector(f"{STATUS}[data-round='1'][data-state=playing]")
    # the games to come are the bots', said so: no people's pickers offered for them
    assert page.locator("tr[data-fixture^='2-'] [data-testid=bots-to-play]").count() == 2
    assert page.locator("tr[data-fixture^='2-'] select").count() == 0
    url = page.url.split("#")[0]                                  # (the watchers' address: no organiser key)
    page.close()                                                   # the organiser goes home
    server.kill()                                                  # and the server dies mid-round
    server.start()
    watcher_context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    watcher = watcher_context.new_page()
    watcher.goto(url)
    # between two rounds anyone watching sees the pause counted down, and that the bots go on by themselves
    watcher.wait_for_selector(f"{STATUS}[data-state=pause]", timeout=120000)
    said = watcher.inner_text(STATUS)
    assert re.search(r"The bots start round [23] in \d+ seconds, by themselves", said), said
    shot(watcher, "drive-carry-pause-watcher-phone")
    watcher.wait_for_selector("[data-testid=champions]", timeout=180000)
    assert watcher.locator(STATUS).count() == 0
    played = watcher.locator("[data-testid=league] tbody tr td:nth-child(3)").all_inner_texts()
    assert played == ["3"] * 4, played
    watcher_context.close()
    assert not errors, errors


def test_a_cycle_of_four_is_played_in_sittings_nobody_at_two_tables(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob\nCat\nDan")
    page.click("text=Create the cycle")
    status = page.locator(STATUS)
    status.wait_for()
    assert status.inner_text().startswith("Round 1, sitting 1 of 2 is next"), status.inner_text()
    assert "2 sittings: nobody plays two matches at once" in page.inner_text("tr.round-head")
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    # (the Club player, quicker to a match's end than the page's default Casual player, review 26)
    page.select_option("[data-testid=bots-level] select", "club")
    page.click("[data-testid=simulate] >> text=Let bots play round 1, sitting 1 of 2")
    page.wait_for_selector(f"{STATUS}[data-state=playing]")
    assert status.inner_text().startswith("Round 1, sitting 1 of 2 is being played"), status.inner_text()
    # Ann v Bob and Cat v Dan now; Bob v Cat and Dan v Ann wait for them, the bots' to play
    assert page.locator("[data-testid=in-play]").count() == 2
    assert page.locator("tr[data-match='0'] [data-testid=in-play]").count() == 1
    assert page.locator("tr[data-match='1'] [data-testid=in-play]").count() == 1
    waiting = page.locator("tr[data-match='2'] [data-testid=bots-to-play]").inner_text()
    assert waiting == "played by bots in its turn (Club player)", waiting
    shot(page, "cycle-sitting-1")
    # the server goes on to sitting 2 by itself, after the pause
    page.wait_for_selector(f"{STATUS}[data-state=pause]", timeout=120000)
    assert "Round 1, sitting 1 of 2 is over" in status.inner_text(), status.inner_text()
    page.wait_for_selector(f"{STATUS}[data-state=playing]", timeout=60000)
    assert status.inner_text().startswith("Round 1, sitting 2 of 2 is being played"), status.inner_text()
    assert page.locator("tr[data-match='0'] [data-testid=in-play]").count() == 0
    # who played: each player at the bots' level, not "(person)"
    levels = page.locator("tr[data-match='0'] [data-testid=level]").all_inner_texts()
    assert levels == [" (bot: Club player)", " (bot: Club player)"], levels
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "cycle-sitting-2-phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors, errors
