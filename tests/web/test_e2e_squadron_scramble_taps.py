"""Squadron Scramble on a phone: naming a plane with nothing chosen says so beside the button, and a card shown
large goes back on a tap elsewhere, on a move, or by itself after a few seconds."""

from __future__ import annotations

import pytest

from conftest import ARTIFACTS
from test_e2e_squadron_scramble import play_to_the_first_naming

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}


@pytest.fixture
def naming(server, browser):
    """A phone at a plane-spotting table, at the person's first naming of a set he laid."""
    context = browser.new_context(**PHONE)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    play_to_the_first_naming(page, server)
    yield page
    assert not errors, errors
    context.close()


def test_naming_with_nothing_chosen_says_so_beside_the_button(naming):
    page = naming
    moves = page.get_attribute(".board", "data-moves")
    page.click("[data-testid=say-name]")
    missing = page.locator("[data-testid=name-missing]")
    assert missing.inner_text().startswith("Choose a name first"), missing.inner_text()
    assert page.evaluate("document.activeElement.name") == "ss-plane"       # the first list to choose from
    # beside the button: in the form, on screen, the button's row or just under it
    button, said = page.locator("[data-testid=say-name]").bounding_box(), missing.bounding_box()
    assert button and said and 0 <= said["y"] and said["y"] + said["height"] <= 844
    assert said["y"] < button["y"] + button["height"] + 40, (said, button)
    page.screenshot(path=str(ARTIFACTS / "squadron-scramble-name-missing-phone.png"))
    # a plane chosen: the word goes, and the nation is what is still missing
    page.select_option("select[name=ss-plane]", index=1)
    assert missing.inner_text() == ""
    page.click("[data-testid=say-name]")
    assert missing.inner_text() == "Choose the nation too."
    assert page.evaluate("document.activeElement.name") == "ss-nation"
    assert page.get_attribute(".board", "data-moves") == moves                # nothing was sent
    page.set_viewport_size({"width": 1366, "height": 900})         # (the board is drawn again: the plane stays)
    page.wait_for_function("!document.querySelector('[data-testid=name-missing]')?.textContent")
    page.click("[data-testid=say-name]")
    assert missing.inner_text() == "Choose the nation too."
    page.screenshot(path=str(ARTIFACTS / "squadron-scramble-name-missing-laptop.png"))


#: the width of the first small card on the board that is not a move (a set's, the pile's)
WIDTH = """() => { const c = [...document.querySelectorAll('.ss-board :is(.ss-set-cards, .ss-pile) svg.card')]
    .find((x) => !x.closest('[data-action], [data-refused]'));
    return c ? c.getBoundingClientRect().width : null; }"""
CARD = ".ss-board :is(.ss-set-cards, .ss-pile) svg.card:not([data-action] svg, [data-refused] svg)"


def test_a_card_shown_large_goes_back_on_a_tap_elsewhere_and_by_itself(naming):
    page = naming
    small = page.evaluate(WIDTH)
    assert small, "no small card on the board"
    card = page.locator(CARD).first
    card.tap()
    page.wait_for_function(f"({WIDTH})() > 1.5 * {small}")          # shown large (it grows in)
    page.screenshot(path=str(ARTIFACTS / "squadron-scramble-card-large-phone.png"))
    page.locator(".dock .status").tap()                             # a tap elsewhere: back at once
    assert not page.locator(".ss-board svg.card.zoomed").count()
    page.wait_for_function(f"({WIDTH})() < {small} + 1")
    card.tap()
    page.wait_for_function(f"({WIDTH})() > 1.5 * {small}")
    # left alone, it goes back by itself after a few seconds (and no hover keeps it large on a touch screen)
    page.wait_for_function(f"({WIDTH})() < {small} + 1", timeout=8000)
    assert not page.locator(".ss-board svg.card.zoomed").count()
