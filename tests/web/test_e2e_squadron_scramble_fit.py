"""Squadron Scramble as a reviewer played it late in a round and after a reload: a long discard pile fans out in
one row, every card of it in view above the dock while the player decides to draw; a reload at the end keeps the
result in view, and a reload just after a round ended shows that round's count (with the turns missed in it);
the pace chosen stays chosen.

The person (seat 0) is played over the websocket up to the position wanted; the page is then opened on that
table at his turn (the bots wait for him there).
"""

from __future__ import annotations

import pytest

from conftest import Server
from test_e2e_squadron_scramble_table import drive, open_table, snap

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    """A server whose bots move at once."""
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('quick') / 'quick.db'}", 0.0, "--creator-seeds").start()
    yield srv
    srv.stop()


def stock_only(view: dict) -> str | None:
    """At a draw: the stock, never the pile, so that the pile grows long; else the club player's move."""
    return "draw stock" if "draw stock" in view["legal"] else None


def in_view(page, selector: str) -> None:
    """Every element ``selector`` matches lies whole on the screen, above the dock where the dock is fixed."""
    boxes = page.evaluate("""sel => {
        const dock = document.querySelector('.dock');
        const fixed = getComputedStyle(dock).position === 'fixed';
        const room = fixed ? dock.getBoundingClientRect().top : innerHeight;
        return [...document.querySelectorAll(sel)].map((el) => {
            const r = el.getBoundingClientRect();
            // (the page's own width: a row too wide for a phone would widen the page, and the screen with it)
            const width = Math.min(innerWidth, screen.width);
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, room, width };
        });
    }""", selector)
    assert boxes, selector
    for b in boxes:
        assert b["top"] >= -1 and b["bottom"] <= b["room"] + 1 and b["left"] >= -1 and b["right"] <= b["width"] + 1, b


def test_a_long_discard_pile_fans_out_in_one_row_in_view_while_the_player_decides_to_draw(quick_server, browser):
    """Late in a round the pile runs long: it keeps to one row, overlapped as a fanned pile with its top card whole,
    and every card of it that may be taken lies in view above the dock at both sizes, by click, tap or key."""
    made, view = drive(quick_server, 5, lambda v: len(v["observation"]["pile"]) >= 18
                       and v["observation"]["phase"] == "draw", choose=stock_only)
    n = len(view["observation"]["pile"])
    for size, touch in ((PHONE, True), (WIDE, False)):
        context, page, errors = open_table(browser, quick_server, made, size, touch)
        try:
            takes = page.locator(".ss-pile [data-action^='take ']")
            assert takes.count() == n
            in_view(page, ".ss-pile")
            in_view(page, ".ss-pile [data-action^='take ']")
            tops = {round(b["y"]) for b in (takes.nth(i).bounding_box() for i in range(n))}
            assert len(tops) == 1, tops
            snap(page, f"squadron-scramble-long-pile-{'phone' if touch else 'wide'}")
            if not touch:
                # a card under others is reached by the keyboard too, and takes the cards above it
                page.focus(".ss-pile [data-action='take 3']")
                page.keyboard.press("Enter")
                page.wait_for_selector(".dock .hand-area h3:has-text('Your hand (%d)')"
                                       % (len(view["observation"]["hand"]) + 3))
            assert not errors, errors
        finally:
            context.close()
