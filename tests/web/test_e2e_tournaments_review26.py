"""The Biggles cycle after review 26: four players get four matches in a ring, and the page never said who does not
meet whom; and the bots the organiser lets play defaulted to the Club player at a quarter of the race's speed, where
a new table offers the Casual player at the usual speed."""

from __future__ import annotations

from conftest import shot
from test_e2e_tournaments_print import new_cycle


def test_a_cycle_says_who_meets_whom_and_its_bots_default_to_a_new_tables(server, page):
    page.set_viewport_size({"width": 1366, "height": 900})
    new_cycle(page, server, "Ann\nBob\nCat\nDan")
    ring = page.locator("[data-testid=cycle-ring]")
    assert ring.inner_text() == ("Each player meets only the two names either side of theirs in the list (the last and "
                                 "the first meet), as the rule sheet's ring has it: Ann and Cat do not meet, nor Bob "
                                 "and Dan."), ring.inner_text()
    # the bots at a new table's defaults: the game's default opponent, at the race's usual speed
    default = page.evaluate("fetch('/api/games/biggles').then((r) => r.json()).then((g) => g.default_bot)")
    assert page.input_value("[data-testid=bots-level] select") == default == "gentle"
    assert page.locator("[data-testid=bots-level] select option:checked").inner_text() == "Casual player"
    assert page.input_value("[data-testid=bots-pace] select") == "quick"
    shot(page, "cycle-review26-ring-of-four")
    # a ring of three: everyone meets everyone; of five: each player's two missing opponents named
    new_cycle(page, server, "Ann\nBob\nCat")
    assert ring.inner_text() == "Each player meets both of the others."
    new_cycle(page, server, "Ann\nBob\nCat\nDan\nEve")
    said = ring.inner_text()
    assert said.endswith(": Ann does not meet Cat or Dan; Bob does not meet Dan or Eve; Cat does not meet Ann or Eve; "
                         "Dan does not meet Ann or Bob; Eve does not meet Bob or Cat."), said
    # two players meet in both matches: nothing to say
    new_cycle(page, server, "Ann\nBob")
    assert ring.count() == 0
