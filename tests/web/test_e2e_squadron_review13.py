"""Squadron Scramble as review 13 played it on a phone: while a set is chosen with the hint open, the pile and
every opponent's set can be scrolled into the room above the dock (two fifths of a phone's screen); one move left
(a forced going out) is said in the hint's place; a near-certain outcome is worded as its figures say; a take from
the pile names the cards it takes; the prompt to lay keeps to two lines on a phone.

The person (seat 0) is played over the websocket by the club player up to the position wanted; the page is then
opened on that table at his turn (the bots wait for him there).
"""

from __future__ import annotations

import re

import httpx

import test_e2e_squadron_scramble_table as table
from conftest import PHONE, WIDE
from parlour.games.squadron_scramble.cards import pack_data

PLANE_NAME = {p["code"]: p["name"] for p in pack_data()["planes"]}
SHORT = {p["code"]: p.get("short", p["code"]) for p in pack_data()["planes"]}
VIEW_NAME = {v["code"]: v["name"] for v in pack_data()["views"]}


def with_hints(monkeypatch) -> None:
    """Tables made by ``table.drive`` allow hints (it makes them through the API)."""
    post = httpx.post
    monkeypatch.setattr(
        table.httpx, "post", lambda url, json=None, **kw: post(url, json={**(json or {}), "hints": True}, **kw)
    )


def open_hint(page) -> None:
    page.click("[data-testid=hint-button]")
    page.wait_for_selector("[data-testid=hint] [data-testid=chance]", timeout=30000)
    page.wait_for_timeout(300)


# Scrolls each element into the room above the dock (its bottom just above the dock's top where it lies under
# it), as a player's thumb would, and says where it then lies.
REACH = """sel => [...document.querySelectorAll(sel)].map((el) => {
    const dock = document.querySelector('.dock');
    el.scrollIntoView({ block: 'start', behavior: 'instant' });
    let r = el.getBoundingClientRect();
    const room = Math.min(innerHeight, dock.getBoundingClientRect().top);
    if (r.bottom > room) {
        window.scrollBy({ top: r.bottom - room + 2, behavior: 'instant' });
        r = el.getBoundingClientRect();
    }
    return { top: r.top, bottom: r.bottom, room: Math.min(innerHeight, dock.getBoundingClientRect().top) };
})"""


# The lines an element's words take (the tops of their boxes)
LINES = """el => { const r = document.createRange(); r.selectNodeContents(el);
    const rects = [...r.getClientRects()].filter((x) => x.width > 0);
    return new Set(rects.map((x) => Math.round(x.top / 6))).size; }"""


def test_the_pile_and_every_opponents_set_can_be_read_above_the_dock_while_laying(quick_server, browser, monkeypatch):
    """At a lay with a long hand and the hint open (the dock at its tallest), the player scrolls the pile and each
    opponent's set into view whole above the dock, at both sizes; on a phone the dock leaves two fifths of the screen.
    The prompt to lay keeps to two lines beside the Hint button on a phone."""
    with_hints(monkeypatch)
    made, view = table.drive(
        quick_server,
        5,
        lambda v: (
            v["observation"]["phase"] == "play"
            and any(a.startswith("lay ") for a in v["legal"])
            and len(v["observation"]["hand"]) >= 8
            and len([x for x in v["observation"]["table"] if x["by"] != 0]) >= 3
            and len(v["observation"]["pile"]) >= 3
        ),
    )
    monkeypatch.undo()
    for size, touch in ((PHONE, True), (WIDE, False)):
        context, page, errors = table.open_table(browser, quick_server, made, size, touch)
        try:
            if touch:
                status = page.locator(".dock .status")
                assert page.locator("[data-testid=hint-button]").is_visible()
                lines = status.evaluate(LINES)
                assert lines <= 2, (lines, status.inner_text())
            open_hint(page)
            where = "phone" if touch else "wide"
            for sel in (".ss-discards", ".ss-player:not(.mine) .ss-set"):
                boxes = page.evaluate(REACH, sel)
                assert boxes, sel
                for b in boxes:
                    assert b["top"] >= -1 and b["bottom"] <= b["room"] + 1, (sel, b)
            if touch:
                room = page.evaluate("() => document.querySelector('.dock').getBoundingClientRect().top")
                assert room >= 0.4 * PHONE["height"], room
                # (the hand's heading keeps to one line: the prompt already says a discard ends the turn)
                heading = page.locator(".dock .hand-area h3")
                assert heading.evaluate(LINES) == 1, heading.inner_text()
                # the hand and the choices still whole in the dock
                for b in page.evaluate(
                    "() => [...document.querySelectorAll('.dock .hand-area svg.card')]"
                    ".map(e => e.getBoundingClientRect().bottom)"
                ):
                    assert b <= PHONE["height"] + 1, b
            page.evaluate(REACH, ".ss-discards")
            table.snap(page, f"squadron-scramble-lay-pile-above-dock-{where}")
            assert not errors, errors
        finally:
            context.close()


def test_one_move_left_is_said_in_the_hints_place_with_the_card_named(quick_server, browser, monkeypatch):
    """A forced going out (a fourth card down, one legal move: discard the last card) keeps the hint's place:
    "Only one move", the card named from the server's pack, how to make it, and a button that makes it; the prompt
    says to go out.  A near-certain outcome is worded as its figures say (92%: very likely, about 9 in 10), never
    "all but decided"."""
    with_hints(monkeypatch)
    made, view = table.drive(
        quick_server, 1, lambda v: bool(v["observation"].get("must_go_out")) and len(v["legal"]) == 1, seats=2
    )
    monkeypatch.undo()
    (action,) = view["legal"]
    card = action.split()[1]
    plane, face = card.split("/")
    for size, touch in ((PHONE, True), (WIDE, False)):
        context, page, errors = table.open_table(browser, quick_server, made, size, touch)
        try:
            how = "tap it twice" if touch else "click it"
            only = page.get_by_test_id("hint-only")
            assert (
                only.inner_text().split()
                == (
                    f"Only one move: discard your last card, {PLANE_NAME[plane]} ({VIEW_NAME[face]}), "
                    f"to go out ({how}, or here). Do it"
                ).split()
            )
            assert only.is_visible()
            assert page.locator(".dock .status").inner_text().startswith("Go out this turn")
            table.snap(page, f"squadron-scramble-only-move-{'phone' if touch else 'wide'}")
            if not touch:
                moves = page.locator(".board").get_attribute("data-moves")
                page.get_by_test_id("hint-only-play").click()
                page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
            assert not errors, errors
        finally:
            context.close()
    context, page, errors = table.open_table(browser, quick_server, made, WIDE)
    try:
        note = page.evaluate(
            """async () => {
            const { hints } = await import('/static/hint.js');
            const slot = document.createElement('div');
            document.body.append(slot);
            const view = { hints: true, seat: 0, over: false, real_time: false, moves: 90, hint_withheld: null,
                           legal: ['a', 'b'] };
            const two = hints(slot, { send: () => true, act: () => {}, label: (a) => a });
            two.draw(view);
            slot.querySelector('[data-testid=hint-button]').click();
            two.answered({ type: 'hint', moves: 90, unjudged: 0, iterations: 500,
                           options: [{ action: 'a', chance: 0.92, visits: 250 },
                                     { action: 'b', chance: 0.92, visits: 250 }] });
            const note = slot.querySelector('[data-testid=hint-close-call]')?.textContent || null;
            slot.remove();
            return note;
        }"""
        )
        assert note.startswith("You are very likely to win the game (about 9 in 10): these moves differ little"), note
        assert "all but decided" not in note
    finally:
        context.close()


def test_a_take_from_the_pile_in_the_hint_names_the_cards_it_takes(quick_server, browser, monkeypatch):
    """At a draw with three cards or more on the pile, the hint's rows for a take say how many it takes and the lowest
    card taken, as the pile shows them (from the view: never "Take the top 3 discards" alone), at a desk as on a
    phone.  The prompt to draw
    keeps to two lines on a phone."""
    with_hints(monkeypatch)
    made, view = table.drive(
        quick_server, 5, lambda v: v["observation"]["phase"] == "draw" and len(v["observation"]["pile"]) >= 3
    )
    monkeypatch.undo()
    pile = view["observation"]["pile"]
    for size, touch in ((PHONE, True), (WIDE, False)):
        context, page, errors = table.open_table(browser, quick_server, made, size, touch)
        try:
            if touch:
                # (the prompt to draw keeps to two lines beside the Hint button)
                status = page.locator(".dock .status")
                assert status.evaluate(LINES) <= 2, status.inner_text()
            open_hint(page)
            if page.locator("[data-testid=hint-more]").count():
                page.click("[data-testid=hint-more]")
            rows = page.locator("[data-testid=hint] li").all_inner_texts()
            if touch:
                # (on a phone a take's row is short: how many, and the lowest card taken (review 16b); the whole
                # list is test_e2e_squadron_review16's)
                assert not [r for r in rows if "Take the top" in r], rows
                assert [r for r in rows if " from the pile" in r], rows
                table.snap(page, "squadron-scramble-take-named-phone")
                assert not errors, errors
                page.wait_for_timeout(2100)  # (hints are rate limited)
                continue
            # (review 18c: at a desk too a take's row is short, how many and the lowest card taken: 27 names were a
            # wall of text; the move list's button names them all on a hover, test_e2e_squadron_round8)
            assert not [r for r in rows if "Take the top" in r], rows
            takes = [r for r in rows if " from the pile" in r]
            assert takes, rows
            for row in takes:
                n = int(m.group(1)) if (m := re.search(r"Take (\d+) from the pile", row)) else 1
                low = pile[-n]
                if "/" in low:
                    assert f"{SHORT[low.split('/')[0]]} ({VIEW_NAME[low.split('/')[1]]})" in row, (row, low)
            table.snap(page, f"squadron-scramble-take-named-{'phone' if touch else 'wide'}")
            assert not errors, errors
            page.wait_for_timeout(2100)  # (hints are rate limited)
        finally:
            context.close()
