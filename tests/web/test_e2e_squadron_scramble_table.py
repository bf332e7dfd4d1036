"""Squadron Scramble at a table of four, as a card player reviewing it saw it: the other players' moves kept in a
play log, the card just drawn marked, "You win" for his own seat, the set a swap is about kept above the dock on a
phone, and the view of each card in a phone's hand legible.

The person (seat 0) is played over the websocket by the club player's choices up to the position wanted; the page
is then opened on that table, at his turn (the bots wait for him there).
"""

from __future__ import annotations

import json
import re
from typing import Callable

import httpx
from websockets.sync.client import connect

from conftest import ARTIFACTS, PHONE, WIDE, take_seat
from parlour.bots import make_bot
from parlour.games import get_game


def drive(server, seed: int, stop: Callable[[dict], bool], seats: int = 4, variant: dict | None = None,
          choose: Callable[[dict], str | None] = lambda view: None, hints: bool = False) -> tuple[dict, dict]:
    """A table of the person and heuristic bots (the expert's hints on where ``hints``), the person playing
    ``choose``'s move (the club player's where it gives none) until ``stop`` holds at one of his turns: the table
    made, and the view there."""
    made = httpx.post(server.url + "/api/tables", json={
        "game": "squadron-scramble", "seed": seed, "variant": variant or {}, "hints": hints,
        "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "heuristic"}] * (seats - 1)}).json()
    chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, seats)
    with connect(f"{server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}",
                 open_timeout=10) as ann:
        while True:
            view = json.loads(ann.recv(timeout=30))
            if view["type"] != "view" or not view["legal"]:
                continue
            assert not view["over"], "the game ended before the position wanted"
            if stop(view):
                return made, view
            action = choose(view) or chooser.act(view["observation"], view["legal"])
            ann.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))


def open_table(browser, server, made: dict, size: dict, touch: bool = False):
    context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    take_seat(page, server.url, made)
    page.wait_for_selector(".ss-board")
    page.wait_for_selector(".dock .hand-area svg.card")
    page.wait_for_timeout(300)
    return context, page, errors


def snap(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def shots_by_others(view: dict) -> list[tuple[int, str]]:
    return [(s, a) for s, a in view["observation"]["history"] if a.startswith("shoot ") and s != 0]


def test_the_play_log_tells_every_move_in_words_with_the_rounds_marked(quick_server, browser):
    """Every move so far stays on the board in words, with the players' names ("You" for the person's own), the
    end of each round marked, a shot down named by owner and plane; the latest at the bottom, in view.  On a phone
    the log keeps to a few lines, and the hand and the decision stay on screen."""
    made, view = drive(quick_server, 13, lambda v: bool(shots_by_others(v)) and v["observation"]["round"] >= 2
                       and len([a for _, a in v["observation"]["history"]]) > 0)
    hist = view["observation"]["history"]
    names = [s["name"] for s in view["seats"]]
    for size, touch in ((WIDE, False), (PHONE, True)):
        context, page, errors = open_table(browser, quick_server, made, size, touch)
        try:
            log = page.locator("[data-testid=play-log]")
            moves = log.locator("li.ss-log-move")
            assert moves.count() == len(hist)
            texts = moves.all_inner_texts()
            for (seat, action), text in zip(hist, texts, strict=True):
                who = "You" if seat == 0 else names[seat]
                assert text.startswith(who + " "), (action, text)
                # words, never the moves' codes
                assert not re.search(r"\b[A-Z0-9]+/[TSF]\b|\b(draw stock|take \d|discard [A-Z])", text), text
            if size is WIDE:
                assert any(t.startswith("You drew") or t.startswith("You took") for t in texts)
                assert not any(t.startswith("You drews") or " You " in t for t in texts)
            seat, action = shots_by_others(view)[0]
            shot_text = texts[hist.index([seat, action])]
            # (the set by its owner and plane, no number: review 16b)
            shot_words = rf"{re.escape(names[seat])} shot down (your|.+'s) .+ set"
            assert re.fullmatch(shot_words, shot_text) and "#" not in shot_text, shot_text
            rounds = log.locator("li.ss-log-round").all_inner_texts()
            assert any(t.lower().startswith("end of round 1") for t in rounds), rounds
            assert any(t.lower() == "round 2" for t in rounds), rounds
            # the latest move at the bottom, scrolled into view in the log
            assert "ss-latest" in (moves.last.get_attribute("class") or "")
            assert log.evaluate("el => el.scrollTop + el.clientHeight >= el.scrollHeight - 2")
            box = log.bounding_box()
            if touch:
                assert box["height"] <= 110, box
                dock = page.locator(".dock").bounding_box()
                hand = page.locator(".dock .hand-area").bounding_box()
                assert hand["y"] >= dock["y"] - 1 and hand["y"] + hand["height"] <= PHONE["height"] + 1, (hand, dock)
            snap(page, f"squadron-scramble-log-{'phone' if touch else 'wide'}")
            assert not errors, errors
        finally:
            context.close()


def test_in_plane_spotting_the_card_drawn_is_told_unnamed_with_one_article(quick_server, browser):
    """The story and the log tell a card drawn at a plane-spotting table as "a plane (top view)", never "the a"."""
    made, _ = drive(quick_server, 21, lambda v: "draw stock" in v["legal"] and len(v["observation"]["history"]) >= 8,
                    variant={"recognition": True})
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        moves = page.locator(".board").get_attribute("data-moves")
        page.locator('.board [data-action="draw stock"]').click()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        story = page.locator(".story").inner_text()
        assert re.fullmatch(r"You drew a plane \((top|side|front) view\) from the stock", story), story
        log_last = page.locator("[data-testid=play-log] li.ss-log-move").last.inner_text()
        assert log_last.startswith("You drew a plane ("), log_last
        assert not errors, errors
    finally:
        context.close()


def test_the_card_just_drawn_is_marked_in_the_hand_and_named_in_the_story(quick_server, browser):
    """After drawing from the stock the new card is ringed and tagged NEW in the hand, and the story names it;
    the mark goes with the person's next move."""
    made, view = drive(quick_server, 21, lambda v: "draw stock" in v["legal"] and v["observation"]["round"] == 1
                       and len(v["observation"]["history"]) >= 8)
    for size, touch in ((WIDE, False), (PHONE, True)):
        context, page, errors = open_table(browser, quick_server, made, size, touch)
        try:
            before = page.locator(".dock .hand-area svg.card").evaluate_all("els => els.map(e => e.dataset.card)")
            assert page.locator(".hand-area [data-new]").count() == 0
            moves = page.locator(".board").get_attribute("data-moves")
            page.locator('.board [data-action="draw stock"]').click()
            page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
            page.wait_for_selector(".hand-area [data-new]")
            after = page.locator(".dock .hand-area svg.card").evaluate_all("els => els.map(e => e.dataset.card)")
            new = page.locator(".hand-area svg.card[data-new]")
            assert new.count() == 1
            card = new.get_attribute("data-card")
            assert after.count(card) == before.count(card) + 1
            named = new.get_attribute("aria-label").replace("Discard ", "")
            story = page.locator(".story").inner_text()
            assert story == f"You drew the {named} from the stock", story
            # the tag reads on the card: at least 9 px high on a phone's narrow card
            tag = new.locator(".ss-new-big" if touch else ".ss-new-small").bounding_box()
            assert tag and tag["height"] >= 7, tag
            log_last = page.locator("[data-testid=play-log] li.ss-log-move").last.inner_text()
            assert log_last.startswith("You drew the "), log_last
            snap(page, f"squadron-scramble-drawn-{'phone' if touch else 'wide'}")
            # his next move (a discard, or laying) takes the mark away
            moves = page.locator(".board").get_attribute("data-moves")
            discard = page.locator('.dock .hand-area [data-action^="discard "]').first
            if touch:
                discard.tap()
                discard.tap()
            else:
                discard.click()
            page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
            page.wait_for_timeout(200)
            assert page.locator(".hand-area [data-new]").count() == 0
            assert not errors, errors
        finally:
            context.close()
        if touch:
            break
        # the next size at the person's next stock draw
        made_view = None
        with connect(f"{quick_server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}",
                     open_timeout=10) as ann:
            chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 4)
            while made_view is None:
                v = json.loads(ann.recv(timeout=30))
                if v["type"] != "view" or not v["legal"]:
                    continue
                if "draw stock" in v["legal"]:
                    made_view = v
                else:
                    action = chooser.act(v["observation"], v["legal"])
                    ann.send(json.dumps({"type": "act", "action": action, "moves": v["moves"]}))


def test_the_game_over_line_says_you_for_the_persons_own_seat(server, page):
    """"You win after 5 rounds" for the person's own seat, another's name for another's."""
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
        const mod = await import('/static/games/squadron-scramble.js');
        const view = { seat: 0, seats: [{ name: 'Reviewer' }, { name: 'Arthur' }],
                       observation: { seat_names: ['P1', 'P2'] } };
        const result = { winner: 'P1', totals: { P1: 110, P2: 40 }, rounds: 5 };
        return [mod.resultText(result, view), mod.resultText({ ...result, winner: 'P2' }, view),
                mod.resultText(result, { ...view, seat: null })];
    }""")
    assert said[0].startswith("You win after 5 rounds"), said
    assert "Reviewer" not in said[0], said
    assert said[1].startswith("Arthur wins after 5 rounds"), said
    assert said[2].startswith("Reviewer wins after 5 rounds"), said


def test_on_a_phone_the_set_a_swap_is_about_stays_above_the_dock(quick_server, browser):
    """A swap offered: the other player's set with the swap badge is wholly in the room above the dock; the names
    said this round take one line, the latest (the rest folded)."""
    made, view = drive(quick_server, 4, lambda v: any(a.startswith("swap ") for a in v["legal"])
                       and len([n for n in v["observation"]["naming"] if n["round"] == v["observation"]["round"]]) >= 3)
    context, page, errors = open_table(browser, quick_server, made, PHONE, True)
    try:
        page.wait_for_timeout(400)
        swap = next(a for a in view["legal"] if a.startswith("swap "))
        box = page.locator(f'.ss-set[data-set="{swap.split()[2]}"]')
        assert box.get_attribute("data-focus") is not None
        rect = box.bounding_box()
        dock = page.locator(".dock").bounding_box()
        assert rect["y"] >= 0 and rect["y"] + rect["height"] <= dock["y"] + 1, (rect, dock)
        assert page.locator(".ss-names-latest").inner_text().startswith("Names said this round (")
        assert page.locator(".ss-names").evaluate("el => el.open") is False
        assert page.locator(".ss-names").bounding_box()["height"] <= 30
        snap(page, "squadron-scramble-swap-phone")
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_each_card_in_hand_shows_its_view_legibly(quick_server, browser):
    """A phone's hand card is about 48 px wide: its view is a big letter on a badge (T, S or F), at least 12 px
    high, the hand still one row and wholly on screen."""
    made, view = drive(quick_server, 9, lambda v: "draw stock" in v["legal"])
    context, page, errors = open_table(browser, quick_server, made, PHONE, True)
    try:
        cards = page.locator(".dock .hand-area svg.card")
        planes = [c for c in view["observation"]["hand"] if "/" in c]
        assert planes
        for i in range(cards.count()):
            card = cards.nth(i)
            code = card.get_attribute("data-card")
            if "/" not in code:
                continue
            badge = card.locator(".ss-view-badge text")
            assert badge.text_content() == code.split("/")[1]
            rect = badge.bounding_box()
            assert rect and rect["height"] >= 12, (code, rect)
            assert card.locator(".ss-view-word").bounding_box() is None     # the small words give way
        tops = cards.evaluate_all("els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, tops
        hand = page.locator(".dock .hand-area").bounding_box()
        assert hand["y"] + hand["height"] <= PHONE["height"] + 1
        snap(page, "squadron-scramble-hand-views-phone")
        assert not errors, errors
    finally:
        context.close()
