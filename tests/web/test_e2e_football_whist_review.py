"""Football Whist as a reviewer found it: the play log's kick-off heading cut to its last word once the log
scrolled, an end screen that scrolled the title and the score away, and a watcher's greyed name at 3.55:1.

- The half's kick-off is said once in the log, its first line (not a heading over it as well).
- At full time the page shows the result at the scoreboard with the title and the seats in view (phone).
- A watcher of the finished table, its player gone, reads the player's name at 4.5:1 or more and the word "away"
  (not colour alone): axe finds nothing at either size.
"""

from __future__ import annotations

import time

from conftest import BOARD_ACTIONS, go_on, shot, wait_turn
from test_accessibility import check

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
RESULT = "[data-testid=result]"

#: the log's box: how far it has scrolled, and any move seen in the box covered by something of the log's own (the
#: kick-off was once a band over the moves, which hid the one under it)
LOG = """() => { const log = document.querySelector('[data-testid=play-log]');
    const box = log.getBoundingClientRect();
    // (a move under something of the log's own: under the dock, off the decision, it is only out of sight)
    const hidden = [...log.children].filter((li) => { const r = li.getBoundingClientRect();
      if (r.top < box.top + 4 || r.bottom > box.bottom - 4) return false;
      const at = document.elementFromPoint(r.left + 40, (r.top + r.bottom) / 2);
      return at && log.contains(at) && !li.contains(at); }).map((li) => li.textContent);
    return { scrolled: log.scrollTop, hidden, first: log.children[0].textContent,
             heading: document.querySelectorAll('[data-testid=log-heading]').length }; }"""


def new_table(page, url: str) -> None:
    page.goto(url + "/new/football-whist")
    for i in (1, 2, 3):
        page.select_option(f"select[name=kind{i}]", "bot:random")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "7")
    page.click("text=Create the table")
    page.wait_for_selector(".fw-pitch")


def play(page, until) -> None:
    """Plays the first move the board offers until ``until(page)`` (half time and full time gone on from)."""
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        page.wait_for_selector(f"{BOARD_ACTIONS}, {RESULT}, [data-testid=summary]")
        if go_on(page) is not None:
            continue
        if until(page) or page.locator(RESULT).count():
            return
        wait_turn(page)
        target = page.locator(BOARD_ACTIONS).first
        handle = target.element_handle()
        target.click()
        handle.wait_for_element_state("hidden")
    raise AssertionError("the match did not get there in time")


def test_the_kick_off_is_said_once_in_the_log_and_no_move_is_covered(server, browser):
    """Review: the kick-off was printed three times (a heading over the log, the log's first line, the bar's banner):
    the log says it once, as its first line, with no heading over the moves."""
    for name, options in (("desktop", {"viewport": {"width": 1366, "height": 900}}), ("phone", PHONE)):
        context = browser.new_context(**options)
        context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
        page = context.new_page()
        try:
            new_table(page, server.url)
            play(page, lambda p: int(p.get_attribute(".board", "data-moves")) >= 24)
            page.wait_for_function("document.querySelector('[data-testid=play-log]').scrollTop > 0")
            seen = page.evaluate(LOG)
            assert seen["scrolled"] > 0 and not seen["hidden"], seen
            assert seen["heading"] == 0 and seen["first"].startswith("Kick-off: "), seen
            shot(page, f"football-whist-log-{name}")
        finally:
            context.close()


def test_full_time_shows_the_result_with_the_title_in_view_and_a_watcher_reads_every_name(server, browser):
    context = browser.new_context(**PHONE)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    try:
        new_table(page, server.url)
        play(page, lambda p: False)
        page.locator(RESULT).wait_for()
        # once the full-time sheet is gone on from (it scrolls the page to show the final pitch above it: round 14),
        # the page's top is in view again: the title, the seats and the result at the scoreboard
        page.wait_for_function("document.querySelector('[data-testid=board-result]')")
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        title = page.locator("h1").bounding_box()
        final = page.locator("[data-testid=board-result]").bounding_box()
        assert title and title["y"] >= 0, title
        assert final and final["y"] + final["height"] <= 844, final
        words = page.inner_text("[data-testid=board-result]")
        assert words.startswith(("Partners A win", "Partners B win", "A draw")), words
        assert words.endswith(("you win", "you lose", "honours even")), words
        shot(page, "football-whist-full-time-phone")
        table = page.url
    finally:
        context.close()
    # a watcher, Ann gone: her name is read, and said to be away, not greyed out alone
    other = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        watcher = other.new_page()
        watcher.goto(table)
        watcher.wait_for_selector(RESULT)
        ann = watcher.locator(".seat", has_text="Ann")
        ann.wait_for()
        assert "away" in ann.inner_text(), ann.inner_text()
        shot(watcher, "football-whist-watcher-finished")
        check(watcher, 1366)
    finally:
        other.close()
