"""Round 13: an old refusal goes at the player's next action, in every game.  Squadron Scramble alone did this before;
now the table does it for all: a refusal shown, then another control of the table pressed (here the Hint button of the
dock), and the refusal is gone at once, not seconds later; a press refused again is answered anew.  (Biggles, the race,
puts a refusal away at the next press too: test_e2e_biggles_review14.)"""

from __future__ import annotations

import pytest

from conftest import ARTIFACTS
from test_e2e_sweep import Table

#: a control of the table that the server refuses now (a card that may not be played, the stock once drawn...)
REFUSED = ".dock [data-refused], .board [data-refused]"

#: the refusal shown just before the Hint button is pressed, and whether it shows just after (the same moment: no
#: clock can have taken it away)
PRESS_HINT = """() => { const box = document.querySelector('[data-testid=refusal-box]');
    const before = box.classList.contains('show') && !!box.querySelector('[data-testid=refusal]');
    document.querySelector('.dock [data-testid=hint-button]').click();
    return [before, box.classList.contains('show'), box.textContent]; }"""


GAMES = [("squadron-scramble", 3), ("football-whist", 7), ("british-towns-asking", 3), ("british-towns-sets", 11)]


@pytest.mark.parametrize("game, seed", GAMES)
def test_a_refusal_goes_when_another_control_of_the_table_is_pressed(browser, quick_server, game, seed):
    table = Table(browser, quick_server, game, "desktop", seed)
    page = table.page
    try:
        for _ in range(30):
            view = table.decision()
            assert view is not None, "the game ended before any control was refused"
            refused = page.locator(REFUSED)
            if refused.count() and page.locator(".dock [data-testid=hint-button]").count():
                break
            table.click(view["legal"][0])
        else:
            raise AssertionError(f"{game}: no control was refused in 30 turns")
        refused.first.click(force=True)  # (marked disabled for assistive technology: force)
        page.wait_for_selector(".refusal.show [data-testid=refusal]")
        page.screenshot(path=str(ARTIFACTS / f"round13-{game}-refused.png"))
        before, after, words = page.evaluate(PRESS_HINT)
        assert before and not after and not words.strip(), (game, before, after, words)
        # the same press again: the server's new refusal is shown
        page.locator(REFUSED).first.click(force=True)
        page.wait_for_selector(".refusal.show [data-testid=refusal]")
        page.screenshot(path=str(ARTIFACTS / f"round13-{game}-refused-again.png"))
        assert not table.errors, table.errors
    finally:
        table.context.close()
