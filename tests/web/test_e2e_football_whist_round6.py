"""Football Whist after review 16c, round 6:

- the winner of a half's last trick is asked to move the ball only where a goal may still come of it (the rules:
  tests/football_whist/test_rules.py), and the prompt then says that only a goal counts now;
- on a laptop, a hint opened at a kick-off or a move of the ball leaves the row of choices ("Kick off to …") in sight
  beside it, and the dock grows by a line at most for it (the goals, the last trick and the play log stay in sight).
"""

from __future__ import annotations

from conftest import ARTIFACTS
from test_e2e_football_whist_review16 import RECT, SETTLE, _at_kick_off

STATUS = """async (hand) => (await import('/static/games/football-whist.js')).status({
    over: false, legal: ['stay', 'move WG'], seat: 0,
    observation: { phase: 'move', hand, move: { mover: 0, moves_left: 1, from: 'W1' } } })"""


def test_the_prompt_after_a_halfs_last_trick_says_only_a_goal_counts(browser, server):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        last = page.evaluate(STATUS, [])
        assert "last trick" in last and "only a goal counts now" in last, last
        before = page.evaluate(STATUS, ["E4"])
        assert "last trick" not in before and before.startswith("You won the trick (1 ball move left)"), before
    finally:
        context.close()


def test_on_a_laptop_the_kick_off_choices_stay_in_sight_beside_the_hint(browser, server):
    context, page = _at_kick_off(browser, server, "desktop")
    try:
        dock_top = page.locator(".dock").evaluate(RECT)[1]
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=hint-play]", timeout=60000)
        page.evaluate(SETTLE)
        page.screenshot(path=str(ARTIFACTS / "football-whist-round6-kick-off-hint.png"))
        hint = page.locator("[data-testid=hint]").evaluate(RECT)
        buttons = page.locator(".dock [data-testid=ball-moves] button")
        assert buttons.count() == 4
        for i in range(buttons.count()):
            box = buttons.nth(i).evaluate(RECT)
            assert buttons.nth(i).is_visible() and box[3] - box[1] > 10, (i, box)
            assert box[1] >= 0 and box[3] <= 900, (i, box)
            assert box[2] <= hint[0] or box[1] >= hint[3], (i, box, hint)  # beside the hint, not under it
        # the dock grows by one line at most for the hint (the hand's heading, which shows beside a hint), so what
        # stands above it stays in sight: the play log's kick-off line whole above the dock
        top = page.locator(".dock").evaluate(RECT)[1]
        assert top >= dock_top - 24, (top, dock_top)
        kick_off = page.locator("[data-testid=play-log] [data-testid=log-kickoff]").last.evaluate(RECT)
        assert kick_off[3] <= top and kick_off[1] >= 0, (kick_off, top)
        # and a button still kicks off
        buttons.first.click()
        page.wait_for_function("Number(document.querySelector('.board').dataset.moves) >= 1")
    finally:
        context.close()
