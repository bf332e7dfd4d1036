"""Squadron Scramble, round 15 (a fresh reviewer's worst points, review 25):

- at a desk a long pile keeps its cards full size, so that each strip's spine shows its plane's name whole;
- at a desk the hint opens beside a hand of up to nine cards, which stays where it was, in one row;
- on a phone each bot's chip says its level in short ("Arthur · Casual"), whatever the player's own name's length;
- at the end a hand played out leaves no empty panel, and the points' tables say "You" for the player's column;
- at a desk, the rounds' points opened lie over the table: the count's button beside them keeps its size (it grew into a
  large grey disc) and the table under them does not move down.

The person (seat 0) is played over the websocket by the club player's choices up to the position wanted; the page
is then opened on that table, at his turn (the bots wait for him there).
"""

from __future__ import annotations

import httpx

from conftest import PHONE, WIDE, play_out, take_seat
from parlour.bots import make_bot
from parlour.games import get_game
from test_e2e_squadron_review13 import open_hint, with_hints
from test_e2e_squadron_scramble_fit import stock_only
from test_e2e_squadron_scramble_table import drive, open_table, snap


def test_at_a_desk_the_rounds_points_open_over_the_table_moving_nothing(quick_server, browser):
    made, _ = drive(quick_server, 7, lambda v: len(v["observation"].get("round_scores") or []) >= 2, seats=2)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        button = page.get_by_test_id("last-count")
        players = page.locator(".ss-board .ss-players")
        before = (button.bounding_box(), players.bounding_box())
        page.locator(".ss-rounds-so-far > summary").click()
        table = page.locator(".ss-rounds-so-far > table")
        table.wait_for()
        assert table.locator("tbody tr").count() >= 2
        # (the player's own column says "You", as the page does: review 25's said "Reviewer")
        assert table.locator("thead th").all_inner_texts() == ["Round", "You", "Arthur"]
        after = (button.bounding_box(), players.bounding_box())
        grown = (after[0]["height"] - before[0]["height"], after[0]["width"] - before[0]["width"])
        assert max(grown) <= 1, (before, after)
        assert abs(after[1]["y"] - before[1]["y"]) <= 1, (before, after)
        snap(page, "squadron-round15-points-open-wide")
        assert not errors, errors
    finally:
        context.close()


# Each strip's spine in the pile: its name, and whether the name lies whole in it
SPINES = """() => [...document.querySelectorAll('.ss-pile > .ss-pc.ss-strip .ss-spine-name')].map((n) => {
    const sp = n.closest('.ss-spine').getBoundingClientRect();
    return { name: n.textContent, whole: n.scrollHeight <= n.clientHeight + 1 && n.scrollWidth <= n.clientWidth + 1,
             width: sp.width, font: parseFloat(getComputedStyle(n).fontSize) }; })"""


def test_at_a_desk_a_long_pile_shows_each_strips_plane_whole(quick_server, browser):
    """(at 19 cards the strips cut the planes' names: "Lightni", "Airacol", "Warha")"""
    made, view = drive(quick_server, 5, lambda v: len(v["observation"]["pile"]) >= 19
                       and v["observation"]["phase"] == "draw", choose=stock_only)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        spines = page.evaluate(SPINES)
        assert len(spines) >= 15, spines
        for sp in spines:
            assert sp["whole"] and sp["width"] >= 14 and sp["font"] >= 10, sp
        snap(page, "squadron-round15-long-pile-wide")
        assert not errors, errors
    finally:
        context.close()


def test_at_a_desk_the_hint_opens_beside_the_hand_moving_it_nowhere(quick_server, browser, monkeypatch):
    """(the hint opened in the dock and pushed a hand of seven down under it, 110 pixels)"""
    with_hints(monkeypatch)
    made, _ = drive(quick_server, 5, lambda v: v["observation"]["phase"] == "draw"
                    and 7 <= len(v["observation"]["hand"]) <= 9)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        cards = page.locator(".dock .hand-area svg.card")
        before = [cards.nth(i).bounding_box() for i in range(cards.count())]
        snap(page, "squadron-round15-hint-before-wide")
        open_hint(page)
        snap(page, "squadron-round15-hint-beside-hand-wide")
        after = [cards.nth(i).bounding_box() for i in range(cards.count())]
        hint = page.locator("[data-testid=hint]").bounding_box()
        for was, now in zip(before, after, strict=True):
            # (the list of every move takes a line of its own beside the hint: the hand moves by that line at most)
            assert abs(now["y"] - was["y"]) <= 30, (was, now)
            assert now["y"] + now["height"] <= WIDE["height"] + 1, now  # whole on the screen
            assert now["x"] + now["width"] <= hint["x"], (now, hint)
            assert now["width"] >= 56, now
        assert len({round(b["y"]) for b in after}) == 1, after          # one row
        slot = page.locator(".dock .hand-slot").bounding_box()              # beside the hint, never under it
        assert slot["x"] + slot["width"] <= hint["x"], (slot, hint)
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_each_bots_chip_says_its_level_beside_a_long_name(quick_server, browser):
    """(a player named "Reviewer" left no room for the short levels on the chips' line: they read "Arthur · bot")"""
    seats = [{"kind": "person", "name": "Reviewer"}] + [{"kind": "bot", "bot": "casual"}] * 3
    made = httpx.post(quick_server.url + "/api/tables",
                      json={"game": "squadron-scramble", "seats": seats, "seed": 3}, timeout=10).json()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script("localStorage.setItem('parlour:pace', 'slow')")
    page = context.new_page()
    try:
        take_seat(page, quick_server.url, made)
        page.wait_for_selector(".table-head .seat[title]")
        page.wait_for_timeout(300)
        chips = page.locator(".table-head .seat").all_inner_texts()
        assert [c.strip() for c in chips[1:]] == ["Arthur · Casual", "Betty · Casual", "Cyril · Casual"], chips
        page.evaluate("window.scrollTo(0, 0)")
        snap(page, "squadron-round15-bot-levels-phone")
    finally:
        context.close()


def test_at_the_end_a_hand_played_out_leaves_no_panel_and_the_points_say_you(quick_server, browser):
    """(the game over, an empty "Your hand (0)" panel stood under the result, and the table of every round's points
    said "Reviewer" where the page said "You")"""
    made = httpx.post(quick_server.url + "/api/tables", json={
        "game": "squadron-scramble", "seed": 2, "variant": {"target": 20, "auto_name": True},
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]}, timeout=10).json()
    context = browser.new_context(viewport=WIDE)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        take_seat(page, quick_server.url, made)
        page.wait_for_selector(".ss-board")
        chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
        play_out(quick_server.url, made, lambda v: chooser.act(v["observation"], v["legal"]))
        page.locator("[data-testid=result]").wait_for(timeout=30000)
        assert "You win" in page.inner_text("[data-testid=board-result]")
        assert page.locator(".hand-area").count() == 0                  # (Ann went out: her hand is empty)
        heads = page.locator("[data-testid=ending] table.ss-rounds thead th").all_inner_texts()
        assert heads == ["Round", "You", "Arthur"], heads
        snap(page, "squadron-round15-end-wide")
        assert not errors, errors
    finally:
        context.close()
