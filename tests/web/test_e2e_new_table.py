"""The new-table form offers each bot by its plain name, weakest first, with its line, and seats the game's default."""

from __future__ import annotations

import pytest

from conftest import shot


@pytest.mark.parametrize("game, default, title", [("football-whist", "casual", "Casual player"),
                                                  ("british-towns-asking", "casual", "Casual player"),
                                                  ("biggles", "gentle", "Gentle")])
def test_the_form_lists_bots_weakest_first_and_chooses_the_default(server, page, game, default, title):
    page.goto(server.url + f"/new/{game}")
    page.wait_for_selector("form.new select[name=kind1]")
    listed = page.eval_on_selector("select[name=kind1]", "el => [...el.options].map((o) => [o.value, o.textContent])")
    bots = page.evaluate(f"fetch('/api/games/{game}').then((r) => r.json())")
    assert listed[1:] == [[f"bot:{b['name']}", f"Bot: {b['title']}"] for b in bots["bot_catalogue"]]
    assert listed[1] == ["bot:random", "Bot: Beginner"]
    assert page.input_value("select[name=kind1]") == f"bot:{default}"
    assert f"Bot: {title}" == page.eval_on_selector("select[name=kind1]", "el => el.selectedOptions[0].textContent")
    note = page.locator("[data-testid=botnote1]")
    assert note.inner_text() == next(b["description"] for b in bots["bot_catalogue"] if b["name"] == default)
    page.select_option("select[name=kind1]", "bot:random")
    assert "at random" in note.inner_text()
    page.select_option("select[name=kind1]", f"bot:{default}")
    assert page.locator("[data-testid=botnote0]").is_hidden()              # "You": no line
    shot(page, f"{game}-new-table")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"{game}-new-table-phone")


def test_the_form_asks_the_player_his_name_and_remembers_it(server, page):
    """Left empty, the player would be "Player 1" to the others and on the end screen: the form asks for it."""
    page.goto(server.url + "/new/squadron-scramble")
    page.wait_for_selector("form.new select[name=kind1]")
    page.click("text=Create the table")
    assert page.url.endswith("/new/squadron-scramble")                        # not made
    assert page.eval_on_selector("input[name=name0]", "el => el.validity.valueMissing")
    page.select_option("select[name=kind0]", "bot:random")                    # a table of bots needs no name
    assert not page.eval_on_selector("input[name=name0]", "el => el.required")
    page.select_option("select[name=kind0]", "person")
    page.fill("input[name=name0]", "Ann")
    page.click("text=Create the table")
    page.wait_for_url("**/t/*")
    page.goto(server.url + "/new/squadron-scramble")
    assert page.input_value("input[name=name0]") == "Ann"
