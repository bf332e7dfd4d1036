"""Football Whist after round 14's review, at a laptop's size and a phone's:

- the expert's analysis of a card played shows the hand it was played from under the judgement, the card played and
  the expert's choice marked (the board's own hand lay below the fold, on a laptop too);
- with the hint open, the "Your hand" heading stands over the cards (it was hidden, the hint's rows above them);
- on a phone each row of the hint keeps inside it, its figure whole (a long reason pushed it past the edge).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import ARTIFACTS, judged_row, open_analysis, played_by_bots, stood_in_analysis
from parlour.games import get_game
from test_e2e_football_whist_review16 import SETTLE, SIZES, _at_kick_off

#: the rectangle of an element in the window, [left, top, right, bottom]
RECT = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def _card_rows(record) -> list[dict[str, Any]]:
    """Seat 0's first decisions with a choice, judged: the first card played among them costly, the expert's choice
    another card of the same hand."""
    game = get_game("football-whist")
    state = game.new_state(seats=4, variant=record.variant, seed=record.seed, deal=record.deal)
    rows: list[dict[str, Any]] = []
    costly = False
    for index, (seat, action) in enumerate(record.actions):
        legal = [str(a) for a in state.legal_actions(seat)]
        if seat == 0 and len(legal) >= 2 and len(rows) < 5:
            if not costly and action.startswith("play "):
                best = next(a for a in legal if a != action)
                rows.append(judged_row(index, 0, len(legal), action, [(best, 0.6), (action, 0.3)]))
                costly = True
            else:
                rows.append(judged_row(index, 0, len(legal), action, [(action, 0.5)]))
        state.apply(seat, state.parse_action(action))
    assert costly
    return rows


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_analysis_of_a_card_played_shows_its_hand_under_the_judgement(browser, quick_server, size):
    made, info, record = played_by_bots(quick_server.url, "football-whist", 5, 4)
    rows = _card_rows(record)
    judged = next(r for r in rows if r["costly"])
    analysis = stood_in_analysis(made["id"], "football-whist", 0, info["seats"][0]["name"], rows)
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(20000)
    try:
        open_analysis(page, quick_server.url, made["id"], 0, analysis, state="attached")
        # the decision picked in the list of the seat's moves (on a phone it lies under the board)
        page.locator(f".analysis-moves li[data-index='{judged['index']}'] button").first.click()
        page.wait_for_selector(f"[data-testid=analysis-focus] h2:has-text('Move {judged['move']}:')")
        hand = page.locator("[data-testid=analysis-focus] [data-testid=judged-hand]")
        hand.wait_for()
        page.evaluate(SETTLE)
        # the hand whole in the window with the judgement, the focus scrolled to: no scroll down to the board's hand
        box = hand.evaluate(RECT)
        height = SIZES[size]["viewport"]["height"]
        assert box[1] >= 0 and box[3] <= height, box
        # every card of the seat's hand then, the card played and the expert's choice marked, and said in words
        played, best = judged["played"].split(" ")[1], judged["best"].split(" ")[1]
        cards = hand.locator("svg[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert played in cards and best in cards and len(cards) >= 2
        assert hand.locator(f"svg[data-card='{played}'].fw-judged-card-played").count() == 1
        assert hand.locator(f"svg[data-card='{best}'].fw-judged-card-best").count() == 1
        words = hand.locator("figcaption").inner_text()
        assert "the card played" in words and "the expert's choice" in words, words
        assert not any(code in words for code in (played, best)), words  # names, not codes
        page.screenshot(path=str(ARTIFACTS / f"football-whist-round14-{size}-judged-hand.png"))
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_with_the_hint_open_the_your_hand_heading_stands_over_the_cards(browser, server, size):
    context, page = _at_kick_off(browser, server, size)
    try:
        title = page.locator(".dock .fw-hand-title")
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=hint-play]", timeout=60000)
        page.evaluate(SETTLE)
        assert title.inner_text() == "Your hand"
        seen = title.evaluate(RECT)
        hand = page.locator(".dock [data-testid=hand]").evaluate(RECT)
        hint = page.locator(".dock [data-testid=hint]").evaluate(RECT)
        # read, not shrunk to a screen reader's pixel; above the cards, inside the window
        assert seen[2] - seen[0] > 40 and seen[3] - seen[1] > 10, seen
        assert seen[3] <= hand[1] + 2 and seen[1] >= 0, (seen, hand)
        if size == "phone":  # the hint's rows above it
            assert hint[3] <= seen[1] + 2, (hint, seen)
        _rows_inside(page)
        page.screenshot(path=str(ARTIFACTS / f"football-whist-round14-{size}-hint-hand.png"))
        # the player's first card to play, the hint open again: its rows say why each card (long reasons)
        page.click("[data-testid=hint-close]")
        page.click(".dock [data-testid=ball-moves] button")
        page.wait_for_selector(".dock [data-testid=hand] [data-action^='play ']", timeout=60000)
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=hint-play]", timeout=60000)
        page.evaluate(SETTLE)
        assert title.is_visible() and title.inner_text() == "Your hand"
        _rows_inside(page)
        page.screenshot(path=str(ARTIFACTS / f"football-whist-round14-{size}-hint-card.png"))
    finally:
        context.close()


def _rows_inside(page) -> None:
    """Each row of the open hint inside it, its figure whole (on a phone a long reason pushed a row past the hint's
    edge, and its figure was cut).  Each reason is made as long as the longest the server says of a card ("does not
    beat the card ahead in the trick; your highest Scotland"), whatever this decision's own were."""
    page.evaluate("""() => {
        for (const r of document.querySelectorAll('.dock [data-testid=hint] [data-testid=hint-reason]'))
            r.textContent = 'does not beat the card ahead in the trick; your highest Scotland';
    }""")
    page.evaluate(SETTLE)
    hint = page.locator(".dock [data-testid=hint]").evaluate(RECT)
    rows = page.locator(".dock [data-testid=hint] ol li").evaluate_all(
        "els => els.map(el => { const r = el.getBoundingClientRect(); return [r.left, r.right]; })")
    chances = page.locator(".dock [data-testid=hint] ol .chance").evaluate_all(
        "els => els.map(el => { const r = el.getBoundingClientRect(); return [r.left, r.right]; })")
    assert rows and chances, (rows, chances)
    assert all(r[1] <= hint[2] + 0.5 for r in rows + chances), (hint, rows, chances)
