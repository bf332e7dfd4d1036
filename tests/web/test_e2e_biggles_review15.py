"""Biggles after review 15: the match's end in view and standing still, one word for the last card, the keys' hints
where there are keys, and no empty band on a phone.

- Each match's end shows its points and "Ready for match N" (and, after a loss, the easier opponent) without a
  scroll, at 1366x900 and at 390x844; the panel is drawn once while it stands: a view that changes nothing it shows
  keeps the same Ready button, so a click reaching for it is never lost (clicked here as soon as it shows, twice in
  a game, at both sizes).
- At the game's end "Arthur played Biggles!" is said once (the board's list of the last moves), not again under it.
- On a narrow screen the keys' line is hidden until the player presses one of the game's keys.
- On a phone the dock stands right under the board (no empty band between them), and a stop's "✕ stopped" tag is
  a little larger.
"""

from __future__ import annotations

import pytest

from conftest import PHONE, WIDE, shot
from test_e2e_biggles_review14 import RACING, open_table

#: every socket the page opens, kept where the test can reach it (to ask the server for the view again)
KEEP_SOCKETS = """
  const Socket = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Socket { constructor(...args) { super(...args); window.__sockets.push(this); } };
"""

#: where an element stands in the window: [top, bottom], or null if it is not in the page
BOX = """(sel) => { const el = document.querySelector(sel); if (!el) return null;
  const r = el.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }"""


def in_window(page, selector: str) -> None:
    box = page.evaluate(BOX, selector)
    assert box is not None, f"{selector} is not in the page"
    top, bottom, height = box
    assert 0 <= top and bottom <= height + 0.5, f"{selector} stands at {top:.0f}-{bottom:.0f} in a {height}px window"


def play_three_matches(browser, server, size: dict, name: str) -> None:
    made, context, page, _ = open_table(browser, server, "practised", matches=3, seed=5)
    context.add_init_script(KEEP_SOCKETS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.set_viewport_size(size)
        page.reload()                                   # (the sockets kept from the start)
        page.wait_for_selector("[data-testid=ready]")
        if size == PHONE:
            # a narrow screen: no keys' line until a key is pressed; then it is shown
            assert page.locator(".bg-keys").is_hidden()
            page.keyboard.press("t")                      # (refused: the race has not started)
            page.wait_for_function("document.body.classList.contains('bg-keyed')")
            assert page.locator(".bg-keys").is_visible()
        page.locator("[data-testid=ready]").click()
        page.wait_for_function(RACING)
        if size == PHONE:
            # the dock right under the board: no empty band between them
            board, dock = page.evaluate(BOX, ".board"), page.evaluate(BOX, ".dock")
            assert dock[0] - board[1] <= 12, (board, dock)
            shot(page, f"biggles-{name}-race")
        for match in (2, 3):
            ready = page.locator("[data-testid=ready]")
            ready.wait_for(timeout=90000)                 # Ann does nothing: the bot wins each match
            assert ready.inner_text() == f"Ready for match {match}"
            page.evaluate("""() => { window.__ready = document.querySelector('[data-testid=ready]'); window.__gone = 0;
              new MutationObserver(() => { if (!window.__ready.isConnected) window.__gone += 1; })
                .observe(document.body, { childList: true, subtree: true }); }""")
            # the server sends the view again (nothing changed): the panel stands as it was
            for _ in range(3):
                page.evaluate("window.__sockets.at(-1).send(JSON.stringify({ type: 'view' }))")
                page.wait_for_timeout(150)
            drawn = page.evaluate("[window.__gone, window.__ready === document.querySelector('[data-testid=ready]')]")
            assert drawn == [0, True], drawn
            # everything the player reads and presses at the match's end is in the window, with no scroll
            for part in ("[data-testid=match-summary] h3", "[data-testid=match-summary] .bg-sum",
                         "[data-testid=totals]", "[data-testid=ready]", "[data-testid=easier]"):
                in_window(page, part)
            shot(page, f"biggles-{name}-match-{match - 1}-end")
            ready.click(timeout=5000)                     # the first click goes
            page.wait_for_function(RACING)
        result = page.locator("[data-testid=result]")
        result.wait_for(timeout=90000)
        # the last card is told once: in the board's list of the last moves, not again under it
        assert page.locator("[data-testid=event-log] li").first.inner_text() == "Arthur played Biggles!"
        assert "Biggles" not in page.locator(".story").inner_text()
        assert page.locator("text=played Biggles!").count() == 1
        # the dock gives way to the result under the board, never over it
        board, dock = page.evaluate(BOX, ".board"), page.evaluate(BOX, ".dock")
        assert dock[0] >= board[1] - 1, (board, dock)
        shot(page, f"biggles-{name}-over")
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.race_clock
def test_the_match_end_stands_in_view_at_a_laptops_size(server, browser):
    play_three_matches(browser, server, WIDE, "review15-wide")


@pytest.mark.race_clock
def test_the_match_end_stands_in_view_at_a_phones_size(server, browser):
    play_three_matches(browser, server, PHONE, "review15-phone")


def test_a_stop_tag_is_larger_on_a_phone(server, browser):
    made, context, page, _ = open_table(browser, server, "gentle")
    try:
        size = "() => { const tag = document.createElement('span'); tag.className = 'bg-stopped-word';"
        size += " document.querySelector('.bg-board').append(tag); return parseFloat(getComputedStyle(tag).fontSize); }"
        assert page.evaluate(size) >= 11                  # (the laptop's)
        page.set_viewport_size(PHONE)
        assert page.evaluate(size) >= 11.5                # (was 9.6px on a phone)
    finally:
        context.close()
