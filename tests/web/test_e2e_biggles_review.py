"""Biggles as a reviewer found it: a refusal before Go that outlived the count, a match's summary that hid the
builds, and an opponent whose level went unnamed.

- A press during the count is refused in words that agree with the count over the board (no second named that
  the count has passed), and the refusal goes at Go: "Wait for Go" never stands beside "The race is on!".
- Between matches the board shows the table as the match ended (both builds), above the summary in the dock, at
  1366x900 and on a phone; the Ready button stays in view.
- The opponent's level is named at the table; after the person wins, a quicker opponent is offered.
"""

from __future__ import annotations

import re
import time

import pytest

from conftest import shot
from test_e2e_biggles import TOO_QUICK, legal_now, moves_shown, new_table, watch

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

#: the part's box against the window and the dock's top
BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, room: document.querySelector('.dock').getBoundingClientRect().top }; }"""


def test_a_press_before_go_is_refused_in_words_that_agree_with_the_count_and_the_refusal_goes_at_go(server, page):
    new_table(page, server, "bot:practised", seed=5)
    page.wait_for_selector("[data-testid=ready]")
    page.click("[data-testid=ready]")
    count = page.locator("[data-testid=count]")
    count.wait_for()
    page.keyboard.press("t")
    said = page.locator("[data-testid=refusal]")
    said.wait_for()
    words = said.inner_text()
    shown = count.inner_text()
    assert words.startswith("Wait for Go"), words
    # no second that the count shows otherwise (the count runs on while the refusal stands)
    assert not re.search(r"\d", words) or shown in words, (words, shown)
    shot(page, "biggles-refused-before-go")
    page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
    # at Go the refusal has been answered: it goes with the count
    assert said.count() == 0 or not said.is_visible(), said.inner_text()
    shot(page, "biggles-go-without-refusal")


def _builds_in_view(page) -> None:
    for seat in (0, 1):
        seen = page.evaluate(BOX, f"[data-testid=build-{seat}]")
        assert seen["top"] >= 0 and seen["bottom"] <= seen["room"] + 1, (seat, seen)
    ready = page.locator("[data-testid=ready]").bounding_box()
    size = page.viewport_size
    assert ready and ready["y"] >= 0 and ready["y"] + ready["height"] <= size["height"], ready


@pytest.mark.race_clock
def test_between_matches_the_board_shows_both_builds_as_the_match_ended_above_the_summary(server, browser):
    for name, options in (("desktop", {"viewport": {"width": 1366, "height": 900}}), ("phone", PHONE)):
        context = browser.new_context(**options)
        page = context.new_page()
        try:
            new_table(page, server, "bot:practised", seed=5, matches=2)
            page.wait_for_selector("[data-testid=ready]")
            page.click("[data-testid=ready]")
            page.locator("[data-testid=match-summary]").wait_for(timeout=90000)    # Ann never moves: Arthur wins
            # the board is the table as the match ended: Arthur's build runs to the Biggles card, on the board
            assert "match 1 ended" in page.inner_text("[data-testid=as-ended]")
            arthur = page.locator(".board [data-testid=build-1] [data-card]")
            assert arthur.count() == 8 and arthur.last.get_attribute("data-card") == "BIG", arthur.count()
            page.wait_for_function("() => { const r = document.querySelector('[data-testid=build-0]')"
                                   ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= "
                                   "document.querySelector('.dock').getBoundingClientRect().top + 1; }",
                                   timeout=3000)
            _builds_in_view(page)
            shot(page, f"biggles-match-over-{name}")
        finally:
            context.close()


def test_the_opponents_level_is_named_and_a_quicker_one_is_offered_after_a_win(server, page):
    views = watch(page)
    new_table(page, server, "bot:gentle", seed=3)
    page.wait_for_selector("[data-testid=ready]")
    # the level, by the opponent's name and at the start
    assert page.inner_text("[data-testid=bot-level-1]") == "bot, Casual player level"
    # its place in the list the New table form offers (six bots, the random player first), in words that match it
    offered = page.evaluate("fetch('/api/games/biggles').then((r) => r.json()).then((g) => g.bot_catalogue.length)")
    assert offered == 6
    assert "a bot at the Casual player level, the 2nd weakest of the six bots on offer" in page.inner_text(
        "[data-testid=opponent]")
    page.click("[data-testid=ready]")
    page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
    # a quick player: the move the view allows, at once
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not page.locator("[data-testid=result]").count():
        legal = legal_now(page, views)
        key = "t"
        if any(a.startswith("play") for a in legal):
            key = "p"
        elif any(a.startswith("stop") for a in legal):
            key = "s"
        before = moves_shown(page)
        page.keyboard.press(key)
        try:
            page.wait_for_function(f"""() => document.querySelector('[data-testid=result]') ||
                Number(document.querySelector('.board').dataset.moves) !== {before} || {TOO_QUICK}""", timeout=3000)
        except Exception:
            pass
        if page.evaluate(TOO_QUICK):
            page.wait_for_timeout(260)
    result = page.locator("[data-testid=result]")
    result.wait_for()
    assert "Ann wins" in result.inner_text(), result.inner_text()
    offer = page.locator("[data-testid=quicker]")
    assert "Arthur played at the Casual player level" in offer.inner_text(), offer.inner_text()
    button = page.locator("[data-testid=quicker-go]")
    assert button.inner_text() == "Try a quicker opponent: Improving player level"
    shot(page, "biggles-quicker-offered")
    first = page.url
    button.click()
    page.wait_for_function(f"location.href !== {first!r}")
    page.wait_for_selector("[data-testid=ready]")                 # the player's own seat at the new table
    assert page.inner_text("[data-testid=bot-level-1]") == "bot, Improving player level"
