"""Squadron Scramble in plane-spotting: the page never says which plane a card of the hand is.

A swap marked on the table (or listed, or named by a hint) would tell the player which card a wild card stands
for: in plane-spotting he picks a card of his hand and a wild card himself, the page sends that swap, and the server
judges it; a wrong try is answered in words and changes nothing.  And a card played before the draw is answered
with what may be drawn, in a card player's words.

The person (seat 0) is played over the websocket by the club player's choices up to the position wanted; the page
is then opened on that table, at his turn (the bots wait for him there).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Callable

import httpx
import pytest
from websockets.sync.client import connect

from conftest import ARTIFACTS, PHONE, WIDE, refusal, take_seat
from parlour.bots import make_bot
from parlour.games import get_game

DATA = json.loads((Path(__file__).resolve().parents[2] / "src/parlour/games/squadron_scramble/data/planes.json")
                  .read_text())
#: every way the page names a plane: its full name and its short name
NAMES = {w for p in DATA["planes"] for w in (p["name"], p.get("short") or p["name"])}
VIEWS = "TSF"                          # the slot of each view in a laid set


def drive(server, seed: int, stop: Callable[[dict], bool], hints: bool = False) -> tuple[dict, dict]:
    """A plane-spotting table of the person and three heuristic bots, the person playing the club player's moves
    until ``stop`` holds at one of his turns: the table made, and the view there."""
    made = httpx.post(server.url + "/api/tables", json={
        "game": "squadron-scramble", "seed": seed, "variant": {"recognition": True}, "hints": hints,
        "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "heuristic"}] * 3}).json()
    chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 4)
    with connect(f"{server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}",
                 open_timeout=10) as ann:
        while True:
            view = json.loads(ann.recv(timeout=30))
            if view["type"] != "view" or not view["legal"]:
                continue
            assert not view["over"], "the game ended before the position wanted"
            if stop(view):
                return made, view
            action = chooser.act(view["observation"], view["legal"])
            ann.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))


def a_swap(view: dict) -> bool:
    return any(a.startswith("swap ") for a in view["legal"])


def open_table(browser, server, made: dict, size: dict, touch: bool = False):
    context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    take_seat(page, server.url, made)
    page.wait_for_selector(".ss-board")
    page.wait_for_selector(".dock .hand-area svg.card")
    return context, page, errors


def snap(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def the_swap(view: dict) -> tuple[str, int, int, list[str], list[str]]:
    """A legal swap: its card, set and the wild card's slot there; the hand's other plane cards of that view, and of
    the other views, which that wild card does not stand for."""
    card, set_id = next(a for a in view["legal"] if a.startswith("swap ")).split()[1:]
    slot = VIEWS.index(card.split("/")[1])
    laid = next(x for x in view["observation"]["table"] if x["id"] == int(set_id))
    assert laid["cards"][slot] in ("KEF", "VIC")
    others = [c for c in view["observation"]["hand"] if "/" in c and c.split("/")[0] != laid["plane"]]
    same = [c for c in others if c.split("/")[1] == card.split("/")[1]]
    return card, int(set_id), slot, same, [c for c in others if c not in same]


def hand_said(page) -> str:
    """Everything the dock says of the hand and the decision, and the list of every move, with their labels (the
    sets on the table show their planes once named: a swap's card is of such a plane)."""
    return page.evaluate("""() => [...document.querySelectorAll('.dock .hand-area, .dock .decision-slot, .moves')]
        .flatMap((area) => [area.textContent, ...[...area.querySelectorAll('[aria-label], title')]
            .map((e) => e.getAttribute('aria-label') || e.textContent)]).join('\\n')""")


def test_in_plane_spotting_no_swap_is_offered_the_player_tries_one_and_a_wrong_try_costs_nothing(
        quick_server, browser):
    made, view = drive(quick_server, 4, a_swap, hints=True)
    card, set_id, slot, same, other_view = the_swap(view)
    assert same or other_view, "no wrong card to try"
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        # no swap marked, listed or named: nothing on the page is a swap move
        assert page.locator("[data-action^='swap ']").count() == 0
        assert page.locator(".ss-set .ss-tag").count() == 0
        said = hand_said(page)
        assert not [n for n in NAMES if n in said], [n for n in NAMES if n in said]
        # the hint, at this swap moment, names no plane and says no card a swap would put in
        page.click("[data-testid=hint-button]")
        hint = page.locator("[data-testid=hint]")
        hint.wait_for(timeout=60000)
        words = hint.inner_text()
        assert not [n for n in NAMES if n in words], words
        # a swap is named in the hint but never made from it (the card moving would show which it is)
        assert page.locator("[data-hint^='swap ']").count() == 0
        own = page.locator("[data-testid=hint-own]")
        print("swap rows named in the hint:", own.count())
        for row in own.all():
            assert "from the left" not in row.inner_text() and "set #" not in row.inner_text(), row.inner_text()
        snap(page, "squadron-spotting-hint-at-a-swap-laptop")
        page.click("[data-testid=hint-close]")
        snap(page, "squadron-spotting-swap-moment-laptop")
        # (review 25b: the list read "your 8th card from the left", "your 4th ...", "your 3rd ...") its discards name
        # each card by its place in the hand, in the hand's order, left to right
        page.click(".all-moves summary")
        listed = [t for t in page.locator(".all-moves [data-action^='discard ']").all_inner_texts() if "(" in t]
        form = re.compile(r"Discard card (\d+) from the left \((top|side|front) view\)$")
        places = [int(m.group(1)) for t in listed if (m := form.search(t))]
        assert len(places) == len(listed) >= 2 and places == sorted(places), listed
        page.click(".all-moves summary")

        moves = page.get_attribute(".board", "data-moves")
        wild = page.locator(f".ss-set[data-set='{set_id}'] [data-swap='{set_id} {slot}']")
        page.click("[data-testid=try-swap]")
        assert page.locator(".ss-set .ss-tag").count() >= 1          # every wild card on the table may be tried
        tries = [(c, "is not the plane") for c in same[:1]] + [(c, "not that view") for c in other_view[:1]]
        picked = None
        for n, (wrong, answer) in enumerate(tries):
            if n % 2 == 0:                 # the card first, then the wild card
                page.click(f".dock .hand-area svg[data-card='{wrong}']")
                assert page.get_attribute(f".dock .hand-area svg[data-card='{wrong}']", "aria-pressed") == "true"
                wild.click()
            else:                          # the card picked before put back, the wild card first, then the card
                page.click(f".dock .hand-area svg[data-card='{picked}']")
                assert page.get_attribute(f".dock .hand-area svg[data-card='{picked}']", "aria-pressed") == "false"
                wild.click()
                assert wild.get_attribute("aria-pressed") == "true"
                page.click(f".dock .hand-area svg[data-card='{wrong}']")
            picked = wrong
            page.wait_for_function("(w) => (document.querySelector('[data-testid=refusal]')?.textContent || '')"
                                   ".toLowerCase().includes(w)", arg=answer)
            text = refusal(page)
            assert "Nothing lost" in text, text
            assert not [n for n in NAMES if n in text], text
            snap(page, f"squadron-spotting-wrong-try-{answer.split()[-1]}-laptop")
            # nothing changed: the same position, the wild card still in its set, the card still picked
            assert page.get_attribute(".board", "data-moves") == moves
            assert wild.locator("svg.card").get_attribute("data-card") in ("KEF", "VIC")
            assert page.get_attribute(f".dock .hand-area svg[data-card='{wrong}']", "aria-pressed") == "true"
        # trying a swap, with a card picked: no accessibility fault
        from test_accessibility import violations
        assert not violations(page), violations(page)
        # the right card, then the wild card, from the keyboard: the swap is made
        page.focus(f".dock .hand-area svg[data-card='{card}']")
        page.keyboard.press("Enter")
        assert page.get_attribute(f".dock .hand-area svg[data-card='{card}']", "aria-pressed") == "true"
        assert page.evaluate("document.activeElement.dataset.card") == card            # the focus kept on it
        wild.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        page.wait_for_selector(f".ss-set[data-set='{set_id}'] svg[data-card='{card}']")
        assert page.locator(f".dock .hand-area svg[data-card='{card}']").count() == 0
        assert "swapped a plane" in page.inner_text("[data-testid=story]")
        snap(page, "squadron-spotting-swap-made-laptop")
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_a_card_picked_out_then_a_wild_card_tapped_tries_the_swap(quick_server, browser):
    made, view = drive(quick_server, 4, a_swap)
    card, set_id, slot, same, other_view = the_swap(view)
    wrong = (same + other_view)[0]
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        assert page.locator("[data-action^='swap ']").count() == 0
        moves = page.get_attribute(".board", "data-moves")
        wild = page.locator(f".ss-set[data-set='{set_id}'] [data-swap='{set_id} {slot}']")
        page.locator(f".dock .hand-area svg[data-card='{wrong}']").tap()      # picked out (a second tap discards)
        wild.tap()
        text = refusal(page)
        assert ("is not the plane" in text or "not that view" in text.lower()) and "Nothing lost" in text, text
        snap(page, "squadron-spotting-wrong-try-phone")
        assert page.get_attribute(".board", "data-moves") == moves
        assert page.get_attribute(f".dock .hand-area svg[data-card='{wrong}']", "aria-pressed") == "true"
        # the right card picked out instead, then the wild card: the swap is made
        page.locator(f".dock .hand-area svg[data-card='{card}']").tap()
        assert page.get_attribute(f".dock .hand-area svg[data-card='{wrong}']", "aria-pressed") == "false"
        assert page.get_attribute(".board", "data-moves") == moves                # nothing thrown
        wild.tap()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        page.wait_for_selector(f".ss-set[data-set='{set_id}'] svg[data-card='{card}']")
        snap(page, "squadron-spotting-swap-made-phone")
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("size,touch", [(WIDE, False), (PHONE, True)], ids=["laptop", "phone"])
def test_a_card_played_before_the_draw_is_answered_with_what_may_be_drawn(quick_server, browser, size, touch):
    made, view = drive(quick_server, 7, lambda v: "draw stock" in v["legal"] and len(v["observation"]["pile"]) > 1)
    context, page, errors = open_table(browser, quick_server, made, size, touch)
    try:
        status = page.inner_text(".dock .status")
        assert "Draw from the stock, or take a discard and all above it" in status, status     # (two lines on a phone)
        card = page.locator(".dock .hand-area svg.card").first
        card.tap(force=True) if touch else card.click(force=True)      # (refusable: aria-disabled)
        text = refusal(page)
        assert text == ("Draw first: take the top card of the stock, or take a discard and every card above it "
                        "(the cards to its right)."), text
        snap(page, f"squadron-draw-first-{'phone' if touch else 'laptop'}")
        # (review 24) the pile's chips in the dock (a phone's) and its strips (a laptop's fan) are edged alike
        # whatever the plane: a nation's colour would tell what the outline is there to test
        colours = page.evaluate("""() => [
            ...[...document.querySelectorAll('[data-testid=glance-pile] .ss-gl-card:not(.wild)')]
                .map((x) => getComputedStyle(x).borderLeftColor),
            ...[...document.querySelectorAll('.ss-pile .ss-spine:not(.wild)')].map((x) => x.style.background)]""")
        planes = {c.split("/")[0] for c in view["observation"]["pile"] if "/" in c}
        assert len(colours) >= (len(planes) if touch else len(planes) - 1) and len(set(colours)) <= 1, (planes, colours)
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_a_card_of_the_pile_is_shown_large_before_a_second_tap_takes_it(quick_server, browser):
    """In plane-spotting the outline is all a player goes by, and a tap on the pile takes every card above the one
    tapped: on a phone the first tap shows the card large and says what a second tap takes; a click takes at once."""
    made, view = drive(quick_server, 7, lambda v: "draw stock" in v["legal"] and len(v["observation"]["pile"]) > 2)
    hand = len(view["observation"]["hand"])
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        moves = page.get_attribute(".board", "data-moves")
        page.locator(".ss-pile [data-action='take 2']").tap()         # the card under the top one
        page.wait_for_selector(".ss-pile [data-action='take 2'] svg.card.zoomed")
        said = page.inner_text("[data-testid=hand-say]")
        assert said == " · tap that card of the pile again to take it and the 1 card above it, or tap another", said
        assert page.get_attribute(".board", "data-moves") == moves                 # nothing taken yet
        snap(page, "squadron-spotting-pile-look-phone")
        # the top card instead: it is shown large, the other goes back
        page.locator(".ss-pile [data-action='take 1']").tap()
        page.wait_for_selector(".ss-pile [data-action='take 1'] svg.card.zoomed")
        assert page.locator(".ss-pile svg.card.zoomed").count() == 1
        said = page.inner_text("[data-testid=hand-say]")
        assert said == " · tap that card of the pile again to take it, or tap another", said
        page.locator(".ss-pile [data-action='take 1'] svg.card").tap()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        page.wait_for_function(f"document.querySelectorAll('.dock .hand-area svg.card').length === {hand + 1}")
        assert not errors, errors
    finally:
        context.close()
    # with a mouse a click takes at once (the card grows under the pointer before)
    made, view = drive(quick_server, 7, lambda v: "draw stock" in v["legal"] and len(v["observation"]["pile"]) > 2)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        moves = page.get_attribute(".board", "data-moves")
        page.locator(f".ss-pile [data-action='take {len(view['observation']['pile']) - 1}']").click()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        assert not errors, errors
    finally:
        context.close()
