"""Squadron Scramble by keyboard: after each move the focus lands on the next decision, never back at the page's top
nor on a button that happens to stand where the used control stood (the board's "How round 1 was scored").

The person (seat 0) is played over the websocket up to the position wanted; the page is then opened at his turn.
"""

from __future__ import annotations

from conftest import WIDE
from test_e2e_squadron_scramble_table import drive, open_table

#: what has the focus, in words (BODY: nothing, and Tab starts again at the page's top)
FOCUSED = """() => { const a = document.activeElement;
    if (!a || a === document.body) return {where: 'BODY'};
    return {where: a.closest('.dock .decision-slot') ? 'decision' : a.closest('.dock .hand-area') ? 'hand'
        : a.closest('.board') ? 'board' : 'elsewhere', action: a.getAttribute('data-action') || '',
        name: a.getAttribute('name') || '', label: a.getAttribute('aria-label') || a.textContent.slice(0, 60)}; }"""


def moved_this_round(view: dict) -> bool:
    """The person has moved in this round already (the last round's count no longer opens over the table)."""
    obs = view["observation"]
    began = max([e["moves"] for e in obs["events"] if e["event"] == "round over"], default=0)
    return any(seat == 0 for seat, _ in obs["history"][began:])


def press(page, selector: str) -> dict:
    """Focuses ``selector``, presses Enter, waits for the table's next view: what has the focus then."""
    before = page.get_attribute(".board", "data-moves")
    page.focus(selector)
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'")
    page.wait_for_timeout(250)
    return page.evaluate(FOCUSED)


def test_a_draw_by_keyboard_in_a_later_round_leaves_the_focus_on_the_hand(quick_server, browser):
    """In the second round the board's head holds a button (the last round's count): the draw from the stock, made
    with Enter, hands the focus to the hand to discard from, not to that button."""
    made, _ = drive(quick_server, 7, lambda v: v["observation"]["round"] >= 2 and v["observation"]["phase"] == "draw"
                    and "draw stock" in v["legal"] and moved_this_round(v))
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        assert page.locator("[data-testid=last-count]").count() == 1
        focus = press(page, "[data-action='draw stock']")
        assert focus["where"] in ("hand", "decision"), focus
        assert not errors, errors
    finally:
        context.close()


def test_a_set_laid_by_keyboard_hands_the_focus_to_the_plane_to_name(quick_server, browser):
    """A set laid with Enter: the naming form comes, and the focus is on its first list (the plane), so the next
    keys choose the name."""
    made, view = drive(quick_server, 7, lambda v: v["observation"]["phase"] == "play"
                       and any(a.startswith("lay ") for a in v["legal"]))
    lay = next(a for a in view["legal"] if a.startswith("lay "))
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        target = page.locator(f'.decision-slot [data-action="{lay}"], .decision-slot [data-choose]').first
        if target.get_attribute("data-choose"):             # a plane with several ways: open them first
            target.click()
        focus = press(page, f'.decision-slot [data-action="{lay}"]')
        assert focus["where"] == "decision" and focus["name"] == "ss-plane", focus
        assert not errors, errors
    finally:
        context.close()
