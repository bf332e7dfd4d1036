"""The bots' level on a drive's page: one chooser, beside "Let bots play", that the organiser sets; the fixtures'
pickers start at it, and the bots who play are at it (review: three different levels were on offer)."""

from __future__ import annotations

from conftest import shot

STATUS = "[data-testid=round-status]"


def test_the_level_chosen_beside_let_bots_play_is_the_fixtures_and_the_one_that_plays(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea")
    page.fill("[data-testid=new-drive] input[name=rounds]", "2")
    page.click("text=Create the drive")
    page.locator(STATUS).wait_for()
    chooser = page.locator("[data-testid=bots-level] select")
    picked = lambda sel: sel.evaluate("s => s.options[s.selectedIndex].text")                # noqa: E731
    assert picked(chooser) == "Club player"
    away = page.locator("tr[data-fixture='1-1'] select").nth(1)
    # (both sides are people by default since round 12; the fixture's picker offers its bots at the same level)
    assert picked(away) == "people"
    assert "bots: Club player" in away.evaluate("s => [...s.options].map((o) => o.text)")
    chooser.select_option(label="Casual player")
    page.wait_for_function("[...document.querySelector('tr[data-fixture=\"1-1\"] select:nth-of-type(2)').options]"
                           ".some((o) => o.text === 'bots: Casual player')")
    assert picked(page.locator("[data-testid=bots-level] select")) == "Casual player"
    shot(page, "drive-level-chosen")
    page.click("[data-testid=simulate]")
    page.wait_for_selector(f"{STATUS}[data-round='1'][data-state=playing]")
    levels = page.locator("tr[data-fixture='1-1'] [data-testid=level]").all_inner_texts()
    assert [x.strip() for x in levels] == ["(Casual player bots)"], levels    # said once for the game
    # round 2, to come, is said to be the bots' at the same level
    assert "played by bots in its turn (Casual player)" in page.locator("tr[data-fixture='2-1']").text_content()
    assert not errors, errors
