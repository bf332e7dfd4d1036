"""Biggles between matches: the story of the match just won gives way to its summary, and a press that reached
the server just as the match ended is dropped without a word (the summary leads with the result)."""

from __future__ import annotations

from conftest import shot
from test_e2e_biggles import new_table, start

#: every socket the page opens, kept where the test can reach it (to send a press as a late one would come)
KEEP_SOCKETS = """
  const Socket = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Socket { constructor(...args) { super(...args); window.__sockets.push(this); } };
"""


def test_the_match_end_clears_the_story_and_a_late_press_is_dropped_silently(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(KEEP_SOCKETS)
    new_table(page, server, "bot:practised", seed=5, matches=2)
    page.wait_for_selector("[data-testid=ready]")
    start(page, "match-end-story")
    story = page.locator("[data-testid=story]")
    # the bot's cards are told while the race runs
    page.wait_for_function("document.querySelector('[data-testid=story]').textContent.includes('Arthur played')",
                           timeout=60000)
    summary = page.locator("[data-testid=match-summary]")
    summary.wait_for(timeout=90000)                     # Ann never moves: the practised bot wins match 1
    assert "Arthur wins match 1." in summary.inner_text()
    # the summary says how the match ended: the story of its last card is gone, not left beside it
    assert "Biggles" not in story.inner_text() and "played" not in story.inner_text(), story.inner_text()

    # the match list names each match: "Match 1: Arthur won ...", no number before it
    results = page.locator("[data-testid=match-results] li")
    assert results.first.inner_text().startswith("Match 1: Arthur won "), results.first.inner_text()

    # a press that left the page as the bot's Biggles landed: the server has ended the match when it comes, and the
    # page drops it without a word (the summary leads with the result)
    page.evaluate("window.__sockets.at(-1).send(JSON.stringify({ type: 'act', action: 'turn' }))")
    page.wait_for_timeout(800)
    assert page.locator("[data-testid=refusal]").count() == 0
    assert "too late" not in page.locator(".dock").inner_text()
    assert summary.inner_text().startswith("Arthur wins match 1."), summary.inner_text()
    shot(page, "biggles-late-press")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "biggles-late-press-phone")
    page.set_viewport_size({"width": 1366, "height": 900})

    page.click("[data-testid=ready]")
    count = page.locator("[data-testid=count]")
    count.wait_for()
    # over the next count nothing of the last match is told
    assert story.inner_text().strip() == "", story.inner_text()
    page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
    assert "Biggles" not in story.inner_text()
    assert not errors, errors
