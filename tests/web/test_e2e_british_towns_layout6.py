"""Review 17a, round 6, of British Towns' sets game: the laptop's play log stays above the dock however many sets are
laid, the phone's dock says what the others did since the player's last turn, the phone's picked-out discard has
room for its lift, the arrow keys move along the hand, the end's count is shown once, the deal is told in the same
words live and in the replay, and the phone's analysis has the decision's hand and piles beside its judgement."""

from __future__ import annotations

from test_e2e_british_towns_review13 import _chooser, _shot, _table
from test_e2e_british_towns_review14 import LOG_AT


def test_on_a_laptop_the_sets_log_stays_above_the_dock_with_many_sets_laid(browser, server, monkeypatch):
    """Review 17a: once three or four sets were laid the "Play so far" log went under the dock: at every decision
    its newest entry is whole above the dock, with three or more sets on the table."""
    table = _table(browser, server, "british-towns-sets", "desktop", 5, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        most = 0
        for turn in range(200):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            laid = sum(len(s) for s in obs["sets"])
            if page.locator(".bt-log ol").count():
                page.evaluate("() => window.scrollTo(0, 0)")
                at = page.evaluate(LOG_AT)
                if laid > most:
                    _shot(page, f"british-towns-sets-layout6-log-{laid}")
                    most = laid
                assert at["scroll"] == 0 and at["first"][0] >= 0 and at["first"][1] <= at["dock"] + 1, (turn, laid, at)
                assert at["box"][1] <= at["dock"] + 1 and at["cut"] == 0, (turn, at)
            table.click(chooser.act(obs, view["legal"]))
        assert most >= 3, most
        assert not table.errors, table.errors
    finally:
        table.close()
