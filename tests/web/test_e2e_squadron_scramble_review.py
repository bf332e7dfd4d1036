"""Squadron Scramble as a reviewer played it, plane-spotting on a phone and at a desk: a long hand takes two rows
of cards wide enough to tell one outline from another, with the decision still on screen; a turn missed for a
wrong name is told in the play log and, as it happens, at the head of the story; the names said this round take
one short line, the rest folded under it.

The person (seat 0) is played over the websocket up to the position wanted; the page is then opened on that
table at his turn (the bots wait for him there).
"""

from __future__ import annotations

from typing import Callable

from conftest import PHONE, WIDE
from test_e2e_squadron_scramble_fit import wrong_name
from test_e2e_squadron_scramble_table import drive as drive_table, open_table, snap

SPOTTING = {"recognition": True}


def drive(server, seed: int, stop: Callable[[dict], bool], choose: Callable[[dict], str | None] = lambda v: None,
          seats: int = 3) -> tuple[dict, dict]:
    """A plane-spotting table of the person and heuristic bots (``test_e2e_squadron_scramble_table.drive``)."""
    return drive_table(server, seed, stop, seats, SPOTTING, choose)



def whole_pile(view: dict) -> str | None:
    """At a draw: the whole discard pile taken, so that the hand grows long."""
    takes = [a for a in view["legal"] if a.startswith("take ")]
    return max(takes, key=lambda a: int(a.split()[1])) if takes else None


def misses(view: dict, seat: int = 0) -> int:
    return sum(1 for e in view["observation"]["events"] if e["event"] == "forfeits a turn" and e["seat"] == seat)


def test_on_a_phone_a_long_hand_takes_two_rows_of_cards_that_can_be_told_apart(quick_server, browser):
    """Eleven cards or more in hand: two rows, each card at least 44 px wide, the hand and every control of the
    decision on screen with no scrolling of the page.  At a desk the hand keeps one row."""
    made, view = drive(quick_server, 3, lambda v: len(v["observation"]["hand"]) >= 11
                       and any(a.startswith("discard ") for a in v["legal"]), whole_pile)
    count = len(view["observation"]["hand"])
    context, page, errors = open_table(browser, quick_server, made, PHONE, True)
    try:
        cards = page.locator(".dock .hand-area svg.card")
        assert cards.count() == count
        boxes = cards.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
        tops = sorted({round(b["top"]) for b in boxes})
        assert len(tops) == 2, boxes
        # the rows as even as they go: the first takes half the hand (the odd card in it)
        assert sum(1 for b in boxes if round(b["top"]) == tops[0]) == (count + 1) // 2, boxes
        assert min(b["width"] for b in boxes) >= 44, boxes
        assert max(b["bottom"] for b in boxes) <= PHONE["height"] + 1, boxes
        assert max(b["right"] for b in boxes) <= PHONE["width"] + 1, boxes
        for control in page.locator(".decision-area [data-action], .dock .hand-area [data-action]").all():
            rect = control.bounding_box()
            assert rect and rect["y"] >= 0 and rect["y"] + rect["height"] <= PHONE["height"] + 1, rect
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1 || scrollY >= 0")
        snap(page, "squadron-scramble-long-hand-phone")
        assert not errors, errors
    finally:
        context.close()
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        tops = page.locator(".dock .hand-area svg.card").evaluate_all(
            "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) == count and len(set(tops)) == 1, tops
        snap(page, "squadron-scramble-long-hand-wide")
        assert not errors, errors
    finally:
        context.close()


def test_a_turn_missed_for_a_wrong_name_is_told_in_the_story_and_kept_in_the_log(quick_server, browser):
    """The person names a set wrong at the table: when his next turn is passed over the story says so, and the
    play log keeps a line for it between the other players' moves."""
    made, view = drive(quick_server, 5, lambda v: v["observation"]["phase"] == "name")
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.wait_for_selector("[data-testid=say-name]")
        action = wrong_name(view)
        assert action
        page.evaluate("() => localStorage.setItem('parlour:pace', 'steady')")
        page.fill("input[name=ss-typed]", "")
        page.select_option("select[name=ss-plane]", action.split()[1])
        page.select_option("select[name=ss-nation]", action.split()[2])
        page.click("[data-testid=say-name]")
        # the name judged wrong: on to the discard that ends the turn (any card the page offers)
        page.wait_for_selector(".dock .hand-area [data-action^='discard ']")
        page.locator(".dock .hand-area [data-action^='discard ']").first.click()
        news = page.locator("[data-testid=story] .news")
        news.filter(has_text="You miss this turn: the name was wrong").wait_for()
        snap(page, "squadron-scramble-missed-turn-story-wide")
        # his turn again, after the one missed: a draw from the stock or a take from the pile
        page.wait_for_selector(".ss-board [data-action='draw stock'], .ss-board [data-action^='take ']")
        line = page.locator("[data-testid=play-log] li.ss-log-miss")
        assert line.count() == 1
        assert line.text_content() == "You miss this turn: the name was wrong"
        # between the move before it (another's: the person's own discard ended his turn) and the next
        before = line.evaluate("el => el.previousElementSibling.textContent")
        assert not before.startswith("You"), before
        snap(page, "squadron-scramble-missed-turn-log-wide")
        assert not errors, errors
    finally:
        context.close()


def test_the_names_said_take_one_short_line_the_rest_folded(quick_server, browser):
    """Two wrong names and more this round: on a phone the names said are one line, the latest; the others open
    under it on a tap.  The log has a line for each turn missed."""
    made, view = drive(quick_server, 5, lambda v: misses(v) >= 2 and v["observation"]["phase"] == "draw"
                       and sum(1 for n in v["observation"]["naming"]
                               if n["round"] == v["observation"]["round"] and not n["correct"]) >= 2, wrong_name)
    said = [n for n in view["observation"]["naming"] if n["round"] == view["observation"]["round"]]
    context, page, errors = open_table(browser, quick_server, made, PHONE, True)
    try:
        names = page.locator("[data-testid=names-said]")
        # (the line counts them: the log and the line under the board announce each as it is said)
        assert names.locator("summary .ss-said").count() == 0
        assert names.locator("summary").inner_text() == f"Names said this round ({len(said)})"
        assert names.bounding_box()["height"] <= 30
        assert page.locator("[data-testid=play-log] li.ss-log-miss").count() == misses(view)
        snap(page, "squadron-scramble-names-said-phone")
        names.locator("summary").click()
        page.wait_for_function("document.querySelector('[data-testid=names-said]').open")
        assert names.locator(".ss-names-all .ss-said").count() == len(said)
        snap(page, "squadron-scramble-names-said-open-phone")
        assert not errors, errors
    finally:
        context.close()
