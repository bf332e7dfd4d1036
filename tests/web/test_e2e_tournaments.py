"""A club night in the browser: a drive created, a score typed in and corrected, a fixture played at a
Parlour table, the rest played by bots, the champions and the Cup shown; a Biggles cycle entered by hand."""

from __future__ import annotations

import pytest

from conftest import shot


@pytest.mark.bots_quick    # (a table of bots played to its end, then two rounds of bots: nothing paced is watched)
def test_a_whist_drive_from_the_page(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.click("nav >> text=Tournaments")
    page.fill("[data-testid=new-drive] input[name=title]", "Christmas Drive")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea\nEverton")
    page.click("text=Create the drive")
    page.wait_for_selector("[data-testid=league]")
    shot(page, "drive-start")
    assert page.locator("table.fixtures tr", has_text="bye").count() == 3

    row = page.locator('tr[data-fixture="1-1"]')
    row.locator("input[name=home]").fill("3")
    row.locator("input[name=away]").fill("1")
    row.locator("button[type=submit]").click()
    page.wait_for_selector('tr[data-fixture="1-1"] >> text=Change score')
    league = page.locator("[data-testid=league] tbody tr").first
    assert "Aston Villa" in league.inner_text() and league.inner_text().strip().endswith("2")
    assert "Aston Villa" in page.locator("[data-testid=cup]").inner_text()          # won at table 1: the Cup
    assert "passes to any pair who beat them" in page.locator("[data-testid=cup-rule]").inner_text()

    row = page.locator('tr[data-fixture="1-1"]')
    assert row.locator("input[name=away]").get_attribute("readonly") is not None    # entered: read-only
    assert "Q.P. Rangers' ground" in page.inner_text("table.fixtures")
    row.locator("text=Change score").click()                                            # a deliberate step
    row.locator("input[name=away]").fill("4")                                       # the organiser's slip
    row.locator("text=Save correction").click()
    page.wait_for_function("!document.querySelector('[data-testid=cup]').textContent.includes('Held by: Aston Villa')")
    assert "Charlton" in page.locator("[data-testid=cup]").inner_text()

    with page.context.expect_page() as opened:
        fixture = page.locator('tr[data-fixture="1-2"]')
        fixture.locator("select").nth(0).select_option("heuristic")
        fixture.locator("select").nth(1).select_option("heuristic")  # (both sides are people by default, round 12)
        fixture.locator("text=Play in Parlour").click()
    table = opened.value
    table.wait_for_selector("[data-testid=result]", timeout=60000)
    shot(table, "drive-table-played")
    table.close()
    page.wait_for_selector('tr[data-fixture="1-2"] >> text=replay', timeout=15000)

    # round 1 is in (typed, and played at a table): the bots play rounds 2 and 3, one after the other
    assert page.inner_text("[data-testid=simulate]") == "Let bots play round 2"
    page.select_option("[data-testid=bots-pace] select", "quick")   # (the bots at the quick pace: the test waits)
    page.click("[data-testid=simulate]")
    page.wait_for_selector("[data-testid=champions]", timeout=120000)
    banner = page.locator("[data-testid=champions]").inner_text()
    assert "Champions" in banner and "Cup Winners" in banner
    shot(page, "drive-final")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "drive-final-phone")
    page.set_viewport_size({"width": 1280, "height": 860})

    with page.context.expect_page() as opened:
        page.click("text=Print Swansea's card")
    card = opened.value
    card.wait_for_load_state()
    assert "Swansea" in card.inner_text("body") and "Aston Villa" in card.inner_text("body")
    shot(card, "drive-score-card")
    assert not errors, errors


def test_a_biggles_cycle_entered_by_hand(server, page):
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob")
    page.click("text=Create the cycle")
    page.wait_for_selector("tr[data-match='1']")
    for match, (blue, red) in enumerate([(8, 3), (8, 5)]):            # Ann 8 + 5 = 13, Bob 3 + 8 = 11
        row = page.locator(f"tr[data-match='{match}']")
        row.locator("input[name=blue]").fill(str(blue))
        row.locator("input[name=red]").fill(str(red))
        row.locator("button[type=submit]").click()
        page.wait_for_selector(f"tr[data-match='{match}'] >> text=Change score")
    row = page.locator("tr[data-match='1']")
    row.locator("text=Change score").click()
    row.locator("input[name=blue]").fill("7")                        # nobody reached Biggles: refused
    row.locator("text=Save correction").click()
    # refused beside the score itself, not in a toast across the page; the score stands as it was
    said = row.locator("[data-testid=score-error]")
    said.wait_for()
    assert "winner scores 8" in said.inner_text() and said.is_visible()
    box, form = said.bounding_box(), row.locator("form.score").bounding_box()
    assert form["y"] <= box["y"] <= form["y"] + form["height"]
    assert page.locator("#toast.show").count() == 0
    assert said.inner_text()[0].isupper()
    shot(page, "biggles-cycle-refusal")
    # the organiser looks away: the page redraws as it does every few seconds, and keeps the reason and his figures
    page.click("h1")
    drawn = "Number(document.querySelector('[data-drawn]').dataset.drawn)"
    before = page.evaluate(drawn)
    page.wait_for_function(f"{drawn} > {before}", timeout=15000)
    row = page.locator("tr[data-match='1']")
    assert "winner scores 8" in row.locator("[data-testid=score-error]").inner_text()
    assert row.locator("input[name=blue]").input_value() == "7"
    row.locator("input[name=blue]").fill("9")                        # above the box's own maximum: said in words too
    row.locator("text=Save correction").click()
    page.wait_for_function("document.querySelector(\"tr[data-match='1'] [data-testid=score-error]\")"
                           ".textContent.includes('not 9')")
    row.locator("input[name=blue]").fill("8")
    assert row.locator("[data-testid=score-error]").inner_text() == ""        # a new figure: the old reason goes
    row.locator("input[name=red]").fill("5")
    row.locator("text=Save correction").click()
    page.wait_for_selector("tr[data-match='1'] >> text=Change score")
    assert page.locator("tr[data-match='1'] [data-testid=score-error]").inner_text() == ""
    page.wait_for_selector("[data-testid=champions]")
    assert "Ann" in page.inner_text("[data-testid=champions]")
    shot(page, "biggles-cycle")


def test_a_biggles_cycle_keeps_its_choices_and_the_bots_race_the_rest(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob\nCat")
    page.click("text=Create the cycle")
    page.wait_for_selector("tr[data-match='2']")
    chosen = page.locator("tr[data-match='1'] select").nth(0)
    chosen.select_option("practised")
    # a result typed in for another match redraws every row: the choice made for match 2 stays
    row = page.locator("tr[data-match='0']")
    row.locator("input[name=blue]").fill("8")
    row.locator("input[name=red]").fill("5")
    row.locator("button[type=submit]").click()
    page.wait_for_selector("tr[data-match='0'] >> text=Change score")
    assert page.locator("tr[data-match='1'] select").nth(0).input_value() == "practised"
    button = page.locator("[data-testid=simulate]")
    # in a ring of three every match shares a player with the others: each is a sitting of its own
    assert button.inner_text() == "Let bots play round 1, sitting 2 of 3"
    button.click()
    page.wait_for_selector("tr[data-match='1'] >> text=watch")
    # a match being played says so: its points come in by themselves (the one entered by hand says nothing)
    assert "In play" in page.locator("tr[data-match='1'] [data-testid=in-play]").inner_text()
    assert page.locator("tr[data-match='0'] [data-testid=in-play]").count() == 0
    # the next sitting's match is the bots', said so, and starts once this one is in (Cat is at the table now)
    assert page.locator("tr[data-match='2'] [data-testid=bots-to-play]").count() == 1
    assert page.locator("[data-testid=simulate]").count() == 0          # nothing of this sitting without a table
    assert page.locator("tr[data-match='2'] >> text=Play in Parlour").count() == 0
    shot(page, "biggles-cycle-bots")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "biggles-cycle-bots-phone")
    assert not errors, errors


def test_a_drive_or_cycle_refused_at_its_making_says_why_beside_its_button(server, page):
    page.goto(server.url + "/drives")
    for form, button in (("new-drive", "Create the drive"), ("new-cycle", "Create the cycle")):
        page.fill(f"[data-testid={form}] textarea", "")
        page.click(f"text={button}")
        said = page.locator(f"[data-testid={form}] [data-testid=form-error]")
        said.wait_for()
        page.wait_for_function(f"document.querySelector('[data-testid={form}] [data-testid=form-error]').textContent")
        text = said.inner_text()
        assert text[0].isupper() and ("team" in text or "player" in text), text
        assert page.locator("#toast.show").count() == 0
        placeholder = page.get_attribute(f"[data-testid={form}] textarea", "placeholder")
        assert placeholder.startswith("For example")          # not to be taken for names already entered
