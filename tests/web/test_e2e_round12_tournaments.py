"""Tournaments after review 22d, round 12:

- a drive's round-1 tables offered both sides alike: people for the home pair and the bots for the away pair (a
  newcomer wondered why); now both sides of every table are people (the round's own button is the bots');
- the two creation forms follow one pattern: the drive's Title was filled in and its Rounds blank with grey words, the
  cycle's the other way about; now in both the Title and the Rounds are grey words that say what a blank gives
  ("Football Whist Drive, 6 December", "Biggles cycle, 6 December"), and a drive left untitled is named so.
"""

from __future__ import annotations

from conftest import WIDE, shot


def test_both_forms_follow_one_pattern_and_a_drive_left_untitled_is_named_for_the_day(server, page):
    page.set_viewport_size(WIDE)
    page.goto(f"{server.url}/drives")
    drive, cycle = page.locator("[data-testid=new-drive]"), page.locator("[data-testid=new-cycle]")
    drive.wait_for()
    for form, name in ((drive, "Football Whist Drive, "), (cycle, "Biggles cycle, ")):
        title, rounds = form.locator("input[name=title]"), form.locator("input[name=rounds]")
        assert title.input_value() == "" and title.get_attribute("placeholder").startswith(name)
        assert rounds.input_value() == "" and rounds.get_attribute("placeholder")
    day = drive.locator("input[name=title]").get_attribute("placeholder").removeprefix("Football Whist Drive, ")
    assert cycle.locator("input[name=title]").get_attribute("placeholder") == f"Biggles cycle, {day}"
    shot(page, "round12-tournament-forms")
    drive.locator("textarea[name=teams]").fill("Ash\nBeech\nCedar\nDeer")
    drive.locator("button", has_text="Create the drive").click()
    page.wait_for_selector("[data-testid=play-table]")
    assert page.locator("h1").inner_text() == f"Football Whist Drive, {day}"
    # each round-1 table: its two sides alike, both people
    tables = page.locator("tr[data-fixture^='1-'] .play")
    assert tables.count() == 2
    for n in range(2):
        sides = tables.nth(n).locator("select").evaluate_all("els => els.map((e) => e.value)")
        assert sides == ["person", "person"], sides
    shot(page, "round12-drive-fixtures-alike")
