"""Squadron Scramble, round 14 (fresh reviewers' worst points):

- on a phone the card picked out by a first tap is ringed round its edge, never over it, and the ring is whole in the
  dock (drawn inside the card it cut off the card's own edge, the plane's name at its foot among it).

The person (seat 0) is played over the websocket by the club player's choices up to the position wanted; the page
is then opened on that table, at his turn (the bots wait for him there).
"""

from __future__ import annotations

from conftest import PHONE
from test_e2e_squadron_scramble_table import drive, open_table, snap

# The picked card's ring: its offset and width, the box it draws (the card's grown by both), and the dock's box
RING = """(card) => { const cs = getComputedStyle(card); const r = card.getBoundingClientRect();
    const off = parseFloat(cs.outlineOffset), w = parseFloat(cs.outlineWidth), out = off + w;
    const d = document.querySelector('.dock').getBoundingClientRect();
    return { offset: off, width: w, style: cs.outlineStyle,
             ring: { top: r.top - out, bottom: r.bottom + out, left: r.left - out, right: r.right + out },
             dock: { top: d.top, bottom: d.bottom, left: d.left, right: d.right } }; }"""


def test_on_a_phone_the_card_picked_out_is_ringed_round_its_edge_whole(quick_server, browser):
    made, _ = drive(
        quick_server, 7, lambda v: v["observation"]["phase"] == "play" and len(v["observation"]["hand"]) >= 6, seats=3
    )
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        cards = page.locator(".dock .hand-area svg.card")
        for i in (0, cards.count() - 1):
            moves = page.get_attribute(".board", "data-moves")
            cards.nth(i).tap()
            page.wait_for_function(
                "(i) => document.querySelectorAll('.dock .hand-area svg.card')[i].ariaPressed === 'true'", arg=i
            )
            assert page.get_attribute(".board", "data-moves") == moves          # picked out, not thrown
            ring = cards.nth(i).evaluate(RING)
            assert ring["style"] != "none" and ring["width"] >= 2, ring
            assert ring["offset"] >= 0, ring                                  # round the card, not over its edge
            r, d = ring["ring"], ring["dock"]
            assert d["left"] <= r["left"] and r["right"] <= d["right"], ring
            assert d["top"] <= r["top"] and r["bottom"] <= min(d["bottom"], PHONE["height"]), ring
            snap(page, f"squadron-round14-picked-card-{i}")
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_a_swap_is_offered_in_the_dock_beside_the_hand(quick_server, browser):
    """(a wild-card swap could be started only from the table, a scroll away from the dock where the player looks)
    the dock offers each swap by its words, the card of the hand, the set; a tap there makes it."""
    made, view = drive(quick_server, 3, lambda v: any(a.startswith("swap ") for a in v["legal"]), seats=3)
    swap = next(a for a in view["legal"] if a.startswith("swap "))
    card = swap.split(" ")[1]
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        offer = page.locator(f".dock [data-testid=swap-panel] [data-action='{swap}']")
        assert offer.count() == 1
        said = offer.inner_text()
        assert "Swap " in said and " into " in said and " set" in said, said
        box = offer.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
        snap(page, "squadron-round14-swap-in-the-dock")
        moves = page.get_attribute(".board", "data-moves")
        offer.tap()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        page.wait_for_selector(f".ss-board .ss-set svg[data-card='{card}']", state="attached")
        assert not errors, errors
    finally:
        context.close()
