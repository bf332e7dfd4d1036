"""Round 13, the asking game's memory (review 22a, item 3): "Asks heard" listed every ask at all times, which took away
the memory the game is about.  A player may now tick "Play from memory" beside the asks heard: the page then lists only
this round's asks (since his last turn, and his own of this turn) and says how many older ones are his to remember.  The
choice is the page's, kept by the browser: the seat's view still holds every ask (a bot reads the same)."""

from __future__ import annotations

from conftest import ARTIFACTS
from test_e2e_sweep import Table

TOGGLE = "[data-testid=asks-from-memory] input"
LISTED = ".bt-history ol li"


def round_start(asks: list[dict], me: int) -> int:
    """Where this round's asks begin: before the player's own asks of this turn, back to his last ask before them."""
    i = len(asks)
    while i > 0 and asks[i - 1]["asker"] == me:
        i -= 1
    while i > 0 and asks[i - 1]["asker"] != me:
        i -= 1
    return i


def _to_a_round_with_older_asks(table: Table) -> dict:
    """The person's decision once the asks heard hold older ones than this round's, and some of this round."""
    for _ in range(40):
        view = table.decision()
        assert view is not None, "the game ended first"
        asks, me = view["observation"]["asks"], view["observation"]["seat"]
        start = round_start(asks, me)
        if start and len(asks) > start:
            return view
        table.click(view["legal"][0])
    raise AssertionError("no round with older asks came")


def test_play_from_memory_lists_this_rounds_asks_only_and_is_remembered(browser, quick_server):
    table = Table(browser, quick_server, "british-towns-asking", "desktop", 3)
    page = table.page
    try:
        view = _to_a_round_with_older_asks(table)
        asks, me = view["observation"]["asks"], view["observation"]["seat"]
        start = round_start(asks, me)
        # by default every ask is listed, and the box is not ticked
        assert page.locator(LISTED).count() == len(asks)
        assert not page.locator(TOGGLE).is_checked()
        page.check(TOGGLE)
        # from memory: this round's asks only, the heading says so, and how many older ones there are to remember
        page.wait_for_function(f"document.querySelectorAll('{LISTED}').length === {len(asks) - start}")
        head = page.inner_text(".bt-history h3")
        assert head.startswith(f"Asks heard this round ({len(asks) - start})"), head
        older = page.inner_text("[data-testid=heard-older]")
        assert older.startswith(f"{start} older ask"), older
        # the newest ask is the one at the list's head, the ask before the round is not listed
        page.screenshot(path=str(ARTIFACTS / "round13-asking-from-memory-desktop.png"))
        # the seat's view is the same: the server still tells every ask (nothing new came for the choice)
        assert table.views[max(table.views)]["observation"]["asks"] == asks
        # the choice is kept by the browser: a reload, and it still holds
        page.reload()
        page.wait_for_selector(LISTED)
        assert page.locator(TOGGLE).is_checked()
        page.wait_for_function(f"document.querySelectorAll('{LISTED}').length === {len(asks) - start}")
        # and untick: every ask again
        page.uncheck(TOGGLE)
        page.wait_for_function(f"document.querySelectorAll('{LISTED}').length === {len(asks)}")
        assert not table.errors, table.errors
    finally:
        table.context.close()


def test_on_a_phone_the_asks_heard_line_is_this_rounds_when_playing_from_memory(browser, quick_server):
    table = Table(browser, quick_server, "british-towns-asking", "phone", 3)
    page = table.page
    try:
        table.context.add_init_script("localStorage.setItem('parlour:asks-from-memory', '1')")
        page.reload()
        page.wait_for_selector(".board")
        view = _to_a_round_with_older_asks(table)
        asks, me = view["observation"]["asks"], view["observation"]["seat"]
        start = round_start(asks, me)
        head = page.inner_text(".dock [data-testid=heard] .bt-heard-head")
        assert head == f"Asks heard this round ({len(asks) - start})", head
        page.click(".dock [data-testid=heard] summary")
        assert page.locator(".dock [data-testid=heard] ol li.bt-recent-ask").count() == len(asks) - start
        assert page.locator(f".dock {TOGGLE}").is_checked()
        page.screenshot(path=str(ARTIFACTS / "round13-asking-from-memory-phone.png"))
        # the list at the table's side says the same
        assert page.locator(LISTED).count() == len(asks) - start
        assert not table.errors, table.errors
    finally:
        table.context.close()
