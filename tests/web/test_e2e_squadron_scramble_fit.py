"""Squadron Scramble as a reviewer played it late in a round and after a reload: a long discard pile fans out in
one row, every card of it in view above the dock while the player decides to draw; a reload at the end keeps the
result in view, and a reload just after a round ended shows that round's count (with the turns missed in it);
the pace chosen stays chosen.

The person (seat 0) is played over the websocket up to the position wanted; the page is then opened on that
table at his turn (the bots wait for him there).
"""

from __future__ import annotations

import json

import httpx
from websockets.sync.client import connect

from conftest import PHONE, WIDE, take_seat
from parlour.bots import make_bot
from parlour.games import get_game
from test_accessibility import violations
from test_e2e_squadron_scramble_table import drive, open_table, snap


def stock_only(view: dict) -> str | None:
    """At a draw: the stock, never the pile, so that the pile grows long; else the club player's move."""
    return "draw stock" if "draw stock" in view["legal"] else None


def in_view(page, selector: str) -> None:
    """Every element ``selector`` matches lies whole on the screen, above the dock where the dock is fixed."""
    boxes = page.evaluate("""sel => {
        const dock = document.querySelector('.dock');
        // (fixed on a phone, sticky at a desk: either way what lies under it is hidden)
        const room = Math.min(innerHeight, dock.getBoundingClientRect().top);
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
    """Late in a round the pile runs long: at a desk it keeps to one row, overlapped as a fanned pile with its top card
    whole (on a phone its lower cards are tiles in rows), and every card of it that may be taken lies in view above the
    dock at both sizes, by click, tap or key."""
    made, view = drive(quick_server, 5, lambda v: len(v["observation"]["pile"]) >= 18
                       and v["observation"]["phase"] == "draw", choose=stock_only)
    n = len(view["observation"]["pile"])
    for size, touch in ((WIDE, False), (PHONE, True)):
        context, page, errors = open_table(browser, quick_server, made, size, touch)
        try:
            takes = page.locator(".ss-pile [data-action^='take ']")
            assert takes.count() == n
            in_view(page, ".ss-pile")
            in_view(page, ".ss-pile [data-action^='take ']")
            tops = {round(b["y"]) for b in (takes.nth(i).bounding_box() for i in range(n))}
            # (on a phone the pile's lower cards are rows of tiles, their names across: test_e2e_squadron_round6.py)
            assert len(tops) == 1 or touch, tops
            snap(page, f"squadron-scramble-long-pile-{'phone' if touch else 'wide'}")
            if touch:
                # a strip is narrow under a thumb: a first tap picks the cards out, a second takes them
                moves = page.locator(".board").get_attribute("data-moves")
                take = page.locator(".ss-pile [data-action='take 3']")
                take.tap()
                assert take.get_attribute("aria-pressed") == "true"
                assert "tap again to take all 3" in (take.get_attribute("aria-label") or "")
                assert page.locator(".board").get_attribute("data-moves") == moves
                snap(page, "squadron-scramble-long-pile-picked-phone")
                take.tap()
                page.wait_for_selector(".dock .hand-area h3:has-text('Your hand (%d)')"
                                       % (len(view["observation"]["hand"]) + 3))
            assert not errors, errors
        finally:
            context.close()


def test_a_card_under_others_in_the_pile_is_taken_by_the_keyboard(quick_server, browser):
    """A card under others in the fanned pile takes the focus, and Enter takes it and every card above it."""
    made, view = drive(quick_server, 5, lambda v: len(v["observation"]["pile"]) >= 18
                       and v["observation"]["phase"] == "draw", choose=stock_only)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.focus(".ss-pile [data-action='take 3']")
        page.keyboard.press("Enter")
        grown = len(view["observation"]["hand"]) + 3
        page.wait_for_selector(f".dock .hand-area h3:has-text('Your hand ({grown})')")
        assert not errors, errors
    finally:
        context.close()


def first_turn_of_a_round_after(view: dict, missed: bool = False) -> bool:
    """At the person's first move of round 2 or later (no move of his since the last round ended), and with
    ``missed``, that round having cost him a turn for a wrong name."""
    obs = view["observation"]
    overs = [e for e in obs["events"] if e["event"] == "round over"]
    if not overs or any(seat == 0 for seat, _ in obs["history"][overs[-1]["moves"]:]):
        return False
    return not missed or any(e["event"] == "forfeits a turn" and e["seat"] == 0 and e["round"] == overs[-1]["round"]
                             for e in obs["events"])


def wrong_name(view: dict) -> str | None:
    """At a naming: a name of another plane than the set's (the rules judge it wrong, and a turn is missed)."""
    obs = view["observation"]
    if obs.get("phase") != "name":
        return None
    plane = next(x["plane"] for x in obs["table"] if x["id"] == obs["pending_set"])
    return next(a for a in view["legal"] if a.startswith("name ") and a.split()[1] != plane)


def test_a_reload_just_after_a_round_ended_shows_that_rounds_count_with_its_missed_turns(quick_server, browser):
    """Back at the table just after a round ended (a reload), the player finds that round's count in one lit line in
    the board's head, "Round N: X went out", never open over his hand and decision (review 25); the line opens the
    count, a turn missed for a wrong name in it, until he goes on; at the next reload the line is the plain button."""
    made, view = drive(quick_server, 7, lambda v: first_turn_of_a_round_after(v, missed=True), choose=wrong_name)
    over = [e for e in view["observation"]["events"] if e["event"] == "round over"][-1]
    for size, touch in ((WIDE, False), (PHONE, True)):
        context, page, errors = open_table(browser, quick_server, made, size, touch)
        try:
            count = page.locator("[data-testid=round-count]")
            line = page.get_by_test_id("last-count")
            line.wait_for()
            page.wait_for_timeout(300)
            assert count.count() == 0                  # no count over the hand and the decision
            said = line.inner_text()
            assert said.startswith(f"Round {over['round']}: ") and said.endswith(" · how it was scored"), said
            assert "ss-count-new" in (line.get_attribute("class") or "")
            hand = page.locator(".dock .hand-area").bounding_box()
            assert hand and hand["y"] + hand["height"] <= size["height"] + 1, hand
            (line.tap if touch else line.click)()
            count.wait_for()
            assert count.locator("h2").inner_text().startswith(f"Round {over['round']}: ")
            text = count.inner_text()
            assert "this round" in text and "total" in text
            assert "Missed a turn: a plane or nation named wrong" in text, text
            box = count.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, box
            snap(page, f"squadron-scramble-count-on-reload-{'phone' if touch else 'wide'}")
            found = violations(page)
            assert not found, found
            page.get_by_test_id("count-go-on").click()
            count.wait_for(state="detached")
            page.get_by_test_id("last-count").click()
            count.wait_for()
            page.keyboard.press("Escape")
            count.wait_for(state="detached")
            # read once: at the next reload the line is the plain button (which still opens the count)
            page.reload()
            page.get_by_test_id("last-count").wait_for()
            assert page.locator("[data-testid=round-count]").count() == 0
            assert page.get_by_test_id("last-count").inner_text() == f"How round {over['round']} was scored"
            assert not errors, errors
        finally:
            context.close()


def play_out(server, seed: int, seats: int = 3) -> dict:
    """A table of the person and heuristic bots played to its end, the person playing the club player's moves."""
    made = httpx.post(server.url + "/api/tables", json={
        "game": "squadron-scramble", "seed": seed, "variant": {},
        "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "heuristic"}] * (seats - 1)}).json()
    chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, seats)
    with connect(f"{server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}",
                 open_timeout=10) as ann:
        while True:
            view = json.loads(ann.recv(timeout=30))
            if view["type"] != "view":
                continue
            if view["over"]:
                return made
            if view["legal"]:
                action = chooser.act(view["observation"], view["legal"])
                ann.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))


def test_a_reload_at_the_end_of_the_game_shows_the_result_at_once(quick_server, browser):
    """Back at a table whose game is over (a reload), the result is in view at once, at both sizes."""
    made = play_out(quick_server, 4)
    for size, touch in ((WIDE, False), (PHONE, True)):
        context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
        page = context.new_page()
        try:
            take_seat(page, quick_server.url, made)
            for _ in range(2):
                result = page.get_by_test_id("result")
                result.wait_for()
                # (the result in view: the dock's, or since round 11 the board's head, where the page opens, with
                # the final totals)
                page.wait_for_function("""() => ['result', 'board-result'].some((id) => {
                    const el = document.querySelector(`[data-testid=${id}]`); if (!el) return false;
                    const r = el.getBoundingClientRect();
                    return r.height > 0 && r.top >= 0 && r.top + 40 <= innerHeight;
                    })""", timeout=3000)
                snap(page, f"squadron-scramble-end-on-reload-{'phone' if touch else 'wide'}")
                page.reload()
        finally:
            context.close()


def test_the_pace_chosen_stays_chosen_after_a_reload(quick_server, browser):
    """The pace a player chose is kept for his next visit (a reload)."""
    made, _ = drive(quick_server, 5, lambda v: True)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.select_option("select.pace", "slow")
        page.reload()
        page.wait_for_selector(".ss-board")
        assert page.locator("select.pace").input_value() == "slow"
        assert not errors, errors
    finally:
        context.close()


def test_at_a_desk_the_latest_moves_stay_in_view_beside_the_pile_while_the_player_lays_and_discards(quick_server,
                                                                                                    browser):
    """At 1366 x 900, with the sets to lay filling the dock, the play log beside the pile stays above the dock:
    what the others just did is there to read as he chooses what to lay and what to throw."""
    def laying(v: dict) -> bool:
        obs = v["observation"]
        return obs["phase"] == "play" and any(a.startswith("lay ") for a in v["legal"]) and len(obs["history"]) >= 12
    made, _ = drive(quick_server, 11, laying, seats=3)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.wait_for_selector(".dock .ss-lays")
        page.wait_for_function("() => { const log = document.querySelector('[data-testid=play-log]'); "
                               "return log.scrollTop + log.clientHeight >= log.scrollHeight - 2; }")
        snap(page, "squadron-scramble-log-while-laying-wide")
        in_view(page, "[data-testid=play-log] li.ss-latest")
        in_view(page, ".ss-pile")
        assert not errors, errors
    finally:
        context.close()
