"""The new-table form, for every game (review 20d): the player's own name left empty, "Create the table" says so
under the field in the page's own words and style, and puts the cursor there (the browser's own bubble, gone in a
moment, was all it said); typing a name takes the message away, and the table is made."""

from __future__ import annotations

import pytest

from conftest import ARTIFACTS, PHONE, WIDE
from parlour.games import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_empty_name_is_said_under_the_field_and_the_cursor_put_there(server, browser, game):
    # (a laptop's window, and a phone's for every other game)
    size = PHONE if sorted(GAMES).index(game) % 2 else WIDE
    context = browser.new_context(viewport=size)
    page = context.new_page()
    try:
        page.goto(server.url + f"/new/{game}")
        page.wait_for_selector("form.new select[name=kind1]")
        assert page.input_value("input[name=name0]") == ""
        said = page.locator("[data-testid=name-needed]")
        assert not said.is_visible()
        page.click("text=Create the table")
        said.wait_for()
        assert page.url.endswith(f"/new/{game}")  # not made
        assert said.inner_text().startswith("Type your name here"), said.inner_text()
        assert page.evaluate("document.activeElement.name") == "name0"
        name = page.locator("input[name=name0]")
        assert name.get_attribute("aria-invalid") == "true"
        assert name.get_attribute("aria-describedby") == said.get_attribute("id")
        # under the field, in the page's style for a refusal: dark red words on a pale red box, wholly on screen
        field, box = name.bounding_box(), said.bounding_box()
        assert field and box and box["y"] >= field["y"] + field["height"] - 1, (field, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
        colours = said.evaluate("el => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]")
        assert colours == ["rgb(92, 18, 8)", "rgb(253, 226, 220)"], colours
        page.screenshot(path=str(ARTIFACTS / f"name-needed-{game}.png"))
        # a name typed: the message goes, and the table is made
        name.fill("Ann")
        assert not said.is_visible() and name.get_attribute("aria-invalid") is None
        page.click("text=Create the table")
        page.wait_for_url("**/t/*")
    finally:
        context.close()
