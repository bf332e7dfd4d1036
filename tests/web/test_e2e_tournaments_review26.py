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
    # review 28: who plays whom, named, in plain (not grey) print; and who does not meet
    assert ring.inner_text() == ("Each player plays the next in a ring, as the rules have it: Ann–Bob, Bob–Cat, "
                                 "Cat–Dan, Dan–Ann. So Ann and Cat do not meet, nor Bob and Dan."), ring.inner_text()
    assert "muted" not in (ring.get_attribute("class") or "")
    # the bots at a new table's defaults: the game's default opponent, at the race's usual speed
    default = page.evaluate("fetch('/api/games/biggles').then((r) => r.json()).then((g) => g.default_bot)")
    assert page.input_value("[data-testid=bots-level] select") == default == "gentle"
    assert page.locator("[data-testid=bots-level] select option:checked").inner_text() == "Casual player"
    assert page.input_value("[data-testid=bots-pace] select") == "quick"
    shot(page, "cycle-review26-ring-of-four")
    # a ring of three: everyone meets everyone; of five: each player's two missing opponents named
    new_cycle(page, server, "Ann\nBob\nCat")
    assert ring.inner_text() == ("Each player plays the next in a ring: Ann–Bob, Bob–Cat, Cat–Ann; so everyone meets "
                                 "everyone.")
    new_cycle(page, server, "Ann\nBob\nCat\nDan\nEve")
    said = ring.inner_text()
    assert said.endswith(". So Ann does not meet Cat or Dan; Bob does not meet Dan or Eve; Cat does not meet Ann or "
                         "Eve; Dan does not meet Ann or Bob; Eve does not meet Bob or Cat."), said
    # two players meet in both matches
    new_cycle(page, server, "Ann\nBob")
    assert ring.inner_text() == "Ann and Bob play two matches a round, changing packs."


def test_the_new_cycle_form_names_the_pairs_and_offers_everyone_plays_everyone(server, page):
    """Review 28: with four players the sheet's ring has Ann and Cat never meet, and the organiser, who expected a
    round robin, was not told.  The form names the pairs of the names typed, as they are typed, and offers
    "Everyone plays everyone" (ruling 11's variant); the cycle made so has every pair once, in sittings."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/drives")
    form = page.locator("[data-testid=new-cycle]")
    pairs = form.locator("[data-testid=pairs]")
    assert pairs.inner_text() == "Type the players' names above to see who plays whom."
    form.locator("textarea[name=players]").fill("Ann\nBob\nCat\nDan")
    assert form.locator("input[value=ring]").is_checked()             # the sheet's ring unless asked
    assert pairs.inner_text() == ("Each player plays the next in a ring, as the rules have it: Ann–Bob, Bob–Cat, "
                                  "Cat–Dan, Dan–Ann. So Ann and Cat do not meet, nor Bob and Dan.")
    form.locator("input[value=everyone]").check()
    assert pairs.inner_text() == ("Everyone plays everyone (a variant of the rules' ring): Ann–Bob, Ann–Cat, Ann–Dan, "
                                  "Bob–Cat, Bob–Dan, Cat–Dan; 3 matches each a round.")
    # the choice and its words fit the phone's width
    box = form.locator("[data-testid=pairing]").bounding_box()
    assert box and box["x"] + box["width"] <= 390, box
    shot(page, "cycle-review28-form-everyone")
    form.locator("text=Create the cycle").click()
    page.wait_for_selector("tr[data-match='5']")
    assert page.locator("[data-testid=cycle-ring]").inner_text().startswith("Everyone plays everyone")
    met = {frozenset(page.locator(f"tr[data-match='{i}'] .blue-pack, tr[data-match='{i}'] .red-pack").all_inner_texts())
           for i in range(6)}
    assert len(met) == 6 and frozenset({"Ann", "Cat"}) in met
    assert page.locator("[data-testid=sitting-head]").count() == 3
