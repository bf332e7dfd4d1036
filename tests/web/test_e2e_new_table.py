"""The new-table form offers each bot by its plain name, weakest first, says once what each is like, and seats the
game's default."""

from __future__ import annotations

import pytest

from conftest import shot


@pytest.mark.parametrize("game, default, title", [("football-whist", "casual", "Casual player"),
                                                  ("british-towns-asking", "casual", "Casual player"),
                                                  ("biggles", "gentle", "Casual player")])
def test_the_form_lists_bots_weakest_first_and_chooses_the_default(server, page, game, default, title):
    page.goto(server.url + f"/new/{game}")
    page.wait_for_selector("form.new select[name=kind1]")
    listed = page.eval_on_selector("select[name=kind1]", "el => [...el.options].map((o) => [o.value, o.textContent])")
    bots = page.evaluate(f"fetch('/api/games/{game}').then((r) => r.json())")
    assert listed[1:] == [[f"bot:{b['name']}", f"Bot: {b['title']}"] for b in bots["bot_catalogue"]]
    assert listed[1] == ["bot:random", "Bot: Beginner"]
    assert page.input_value("select[name=kind1]") == f"bot:{default}"
    assert f"Bot: {title}" == page.eval_on_selector("select[name=kind1]", "el => el.selectedOptions[0].textContent")
    # each bot said once, in a legend weakest first, not under every seat; in a card player's words
    legend = page.locator("[data-testid=bot-legend]")
    assert legend.get_attribute("open") is None  # (folded: open, it pushed the button below a laptop's fold)
    legend.locator("summary").click()
    assert legend.locator("dt").all_inner_texts() == [b["title"] for b in bots["bot_catalogue"]]
    assert legend.locator("dd").all_inner_texts() == [b["description"] for b in bots["bot_catalogue"]]
    assert page.locator("[data-testid=bot-legend]").count() == 1
    assert page.locator(".seatrow small, .botnote").count() == 0
    assert not any(w in page.inner_text("form.new") for w in ("Monte Carlo", "information-set", "perfect-information"))
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


PLACEHOLDER_FITS = """(el) => { const c = document.createElement('canvas').getContext('2d');
  const s = getComputedStyle(el);
  c.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  return { text: el.placeholder, width: c.measureText(el.placeholder).width, room }; }"""


@pytest.mark.parametrize("size", [{"width": 1366, "height": 900}, {"width": 390, "height": 844}])
def test_the_name_boxes_show_their_whole_placeholder(server, page, size):
    page.set_viewport_size(size)
    page.goto(server.url + "/new/british-towns-asking")
    page.wait_for_selector("form.new select[name=kind1]")
    page.evaluate("localStorage.removeItem('parlour:name')")
    for box in ("input[name=name0]", "input[name=name1]"):
        fit = page.eval_on_selector(box, PLACEHOLDER_FITS)
        assert fit["width"] <= fit["room"], fit


def test_a_long_run_of_player_counts_is_offered_as_far_as_eight_and_the_rest_said_in_words(server, page):
    """The asking game allows 3 to 43 players: the list goes to 8, and a line says the rest are possible."""
    page.goto(server.url + "/new/british-towns-asking")
    page.wait_for_selector("form.new select[name=kind1]")
    counts = page.eval_on_selector("select[name=players]", "el => [...el.options].map((o) => Number(o.value))")
    allowed = page.evaluate("fetch('/api/games/british-towns-asking').then((r) => r.json())")["seat_counts"]
    assert counts == [n for n in allowed if n <= 8]
    note = page.inner_text("[data-testid=players-note]")
    # (in a web player's words: no command line, no "parlour play --players")
    assert note == f"The rules allow up to {allowed[-1]} players; a table here seats up to 8.", note
    page.select_option("select[name=players]", "8")
    assert page.locator(".seatrow").count() == 8
    shot(page, "british-towns-asking-new-table-counts")
    # a game with a short run keeps every count, and no note
    page.goto(server.url + "/new/british-towns-sets")
    page.wait_for_selector("form.new select[name=kind1]")
    sets = page.evaluate("fetch('/api/games/british-towns-sets').then((r) => r.json())")["seat_counts"]
    assert page.eval_on_selector("select[name=players]", "el => [...el.options].map((o) => Number(o.value))") == sets
    assert not page.locator("[data-testid=players-note]").count()
    # a game for a set number says so in words (review 24d: Biggles' box offered only "2", a dead control), and the
    # table is made for that number
    page.goto(server.url + "/new/biggles")
    page.wait_for_selector("form.new select[name=kind1]")
    assert not page.locator("select[name=players]").count()
    assert page.inner_text("[data-testid=players-fixed]") == "Biggles is played by two players."
    assert page.locator(".seatrow").count() == 2


def test_the_form_warns_where_the_number_of_players_makes_a_short_game(server, page):
    """Review: five players of the sets game leave seven cards in the stock, a game of about two turns each, and the
    form said nothing of it where the number is chosen."""
    page.goto(server.url + "/new/british-towns-sets")
    page.wait_for_selector("form.new select[name=kind1]")
    note = page.locator("[data-testid=players-size-note]")
    assert not note.is_visible()
    page.select_option("select[name=players]", "5")
    note.wait_for(state="visible")
    assert "short game" in note.inner_text() and "7 cards" in note.inner_text()
    shot(page, "british-towns-sets-new-table-five")
    page.select_option("select[name=players]", "3")
    note.wait_for(state="hidden")
