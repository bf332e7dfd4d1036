"""Review 15c's tournament findings, in the browser: a cycle match where a person made no move is marked on the
cycle's page for the organiser to keep or play again."""

from __future__ import annotations

import time

from conftest import shot
from parlour.store import Store
from parlour.store.tournaments import Tournaments
from test_accessibility import violations


def organiser_key(page) -> str:
    return page.inner_text("[data-testid=organiser-link]").split("#organiser=")[1]


def test_a_match_where_a_person_made_no_move_is_marked_and_the_organiser_keeps_or_replays_it(server, page, browser):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Rosa\nBert\nCissy")
    page.click("text=Create the cycle")
    page.wait_for_selector("tr[data-match='0']")
    cycle = page.url.rstrip("/").split("/")[-1].split("#")[0]
    # Rosa pressed Start at her table and closed the tab: Bert's bot won 8-0 alone, and the server entered it with
    # the mark it puts on such a result (tests/web/test_tournaments.py plays that part)
    Tournaments(Store(server.database)).add_cycle_entry(
        cycle,
        {
            "kind": "result",
            "match": 0,
            "blue_points": 0,
            "red_points": 8,
            "meta": {"source": "parlour", "table_id": "gone", "at": time.time(), "idle": ["Rosa"]},
        },
    )
    row = page.locator("tr[data-match='0']")
    mark = row.locator("[data-testid=idle-mark]")
    mark.wait_for(timeout=30000)
    assert mark.inner_text().startswith("Rosa made no move: this match was not really played.")
    # the organiser may play it again (its table's result replaces this one) ...
    assert row.locator("text=Play the match again (new tab)").is_visible()
    shot(page, "cycle-idle-mark")
    assert not violations(page)  # axe-core: nothing, whatever its impact
    # ... and a visitor sees the mark, without the organiser's buttons
    visitor = browser.new_page(viewport={"width": 390, "height": 844})
    visitor.goto(f"{server.url}/cycles/{cycle}")
    seen = visitor.locator("tr[data-match='0'] [data-testid=idle-mark]")
    seen.wait_for(timeout=30000)
    assert "The organiser may keep the result or have the match played again." in seen.inner_text()
    assert visitor.locator("tr[data-match='0'] [data-testid=keep-result]").count() == 0
    seen.scroll_into_view_if_needed()
    shot(visitor, "cycle-idle-mark-visitor-phone")
    visitor.close()
    # ... or keep it: the mark goes, and the result says what was kept
    row.locator("[data-testid=keep-result]").click()
    mark.wait_for(state="detached")
    assert (
        row.locator("[data-testid=source]")
        .inner_text()
        .endswith("Rosa made no move, and the organiser kept the result")
    )
    assert row.locator("text=Play the match again (new tab)").count() == 0
    shot(page, "cycle-idle-kept")
    assert not errors, errors


def test_the_tournaments_page_lists_each_kinds_own_levels_under_its_heading(server, page):
    """Review 15c: the page listed only the Biggles levels, under the cycle, so a drive's organiser could not see
    which bots a drive offers.  Each now lists its own game's levels, weakest first, in the words every game
    uses for the same strength."""
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    drive = page.locator("section:has(h2:text('Football Whist Drives')) [data-testid=drive-levels]")
    cycle = page.locator("section:has(h2:text('Biggles cycles')) [data-testid=cycle-levels]")
    assert (
        "Football Whist bots from the weakest to the strongest: Beginner, Casual player, Club player, Card counter, "
        "Expert)" in drive.inner_text()
    ), drive.inner_text()
    assert (
        "Biggles bots from the weakest to the strongest: Beginner, Casual player, Improving player, Regular player, "
        "Club player, Expert)" in cycle.inner_text()
    ), cycle.inner_text()
    # review 24: both lists have a "Casual player" and a "Club player", of different ladders: each says which it is
    assert "the card-playing bots of Football Whist, for a drive's games only" in drive.inner_text()
    assert "the racing bots of Biggles, for a cycle's matches only" in cycle.inner_text()
    # each form reads down its tile, one field under another (the new-table page's two columns are not for them)
    for form in ("new-drive", "new-cycle"):
        lefts = page.locator(f"[data-testid={form}] label").evaluate_all(
            "els => els.map((e) => Math.round(e.getBoundingClientRect().left))"
        )
        assert len(set(lefts)) == 1, (form, lefts)
    shot(page, "tournaments-levels")
