"""Squadron Scramble after review 20c, round 11:

- in plane-spotting a card of the hand shown large never covers the dock's words: lifted above the dock, put back by a
  click and by a refusal, and not shown for the focus a move made by a key leaves on it;
- an old refusal goes at the player's next action, the hint asked for included;
- the pile's take numbers hang under the cards, clear of the BOMBER or FIGHTER at their foot;
- the draw refused says the rule: a discard is taken with every card above it.

The person (seat 0) is played over the websocket by the club player's choices up to the position wanted; the page
is then opened on that table, at his turn (the bots wait for him there).
"""

from __future__ import annotations

import json
from typing import Callable

import httpx
from websockets.sync.client import connect

from conftest import WIDE, refusal, take_seat
from parlour.bots import make_bot
from parlour.games import get_game
from test_e2e_squadron_scramble_table import drive as table_drive, open_table, snap

LARGE = "(el) => getComputedStyle(el).transform !== 'none'"
BOX = """(el) => { const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; }"""


def drive(server, seed: int, stop: Callable[[dict], bool], variant: dict | None = None, hints: bool = False):
    """A table of the person and one heuristic bot, played by the club player's moves until ``stop`` holds."""
    return table_drive(server, seed, stop, seats=2, variant=variant, hints=hints)


def overlaps(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def drawing(v: dict) -> bool:
    return v["observation"]["phase"] == "draw" and "draw stock" in v["legal"]


def test_a_spotting_hand_card_shown_large_never_covers_the_dock_words(quick_server, browser):
    """(review 20c: a hand card shown large covered the refusal and the status line) under the mouse the card shows
    large above the dock, over the table; a click on it puts it back, and the refusal it brings is whole in sight."""
    made, _ = drive(
        quick_server, 7, lambda v: drawing(v) and len(v["observation"]["pile"]) >= 1, variant={"recognition": True}
    )
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        card = page.locator(".dock .hand-area svg.card.ss-spot").nth(1)
        page.mouse.move(5, 5)
        slot = card.evaluate(BOX)
        card.hover()
        page.wait_for_function(f"(el) => ({LARGE})(el)", arg=card.element_handle())
        page.wait_for_timeout(200)  # (the card's growth, .12 s, is finished)
        big = card.evaluate(BOX)
        dock = page.locator(".dock").evaluate(BOX)
        status = page.locator(".dock .status").evaluate(BOX)
        assert big["bottom"] <= dock["top"] + 1, (big, dock)
        assert not overlaps(big, status), (big, status)
        snap(page, "squadron-round11-spot-look-lifted")
        # (the mouse moving on over the card's place in the hand keeps it large: it does not flicker back and forth)
        for dx in (3, 6, -4):
            page.mouse.move((slot["left"] + slot["right"]) / 2 + dx, (slot["top"] + slot["bottom"]) / 2 + dx)
            page.wait_for_timeout(150)
            assert card.evaluate("(el) => el.classList.contains('ss-look')"), dx
        card.click(force=True)  # (refusable before the draw: the server says why)
        said = refusal(page)
        assert said.startswith("Draw first"), said
        page.wait_for_function(f"(el) => !({LARGE})(el)", arg=card.element_handle())  # (back, in .12 s)
        box = page.locator("[data-testid=refusal-box]").evaluate(BOX)
        assert not overlaps(card.evaluate(BOX), box)
        snap(page, "squadron-round11-spot-refusal-clear")
        assert not errors, errors
    finally:
        context.close()


def test_the_focus_a_move_by_key_leaves_on_a_hand_card_shows_it_at_its_size(quick_server, browser):
    """(review 20c: after a discard made with a number key the focus landed on a hand card, which then covered the
    "Waiting for Arthur…" line) the card the focus comes to after a move by key stays its size."""
    made, _ = drive(
        quick_server,
        7,
        lambda v: v["observation"]["phase"] == "play" and all(a.startswith("discard ") for a in v["legal"]),
        variant={"recognition": True},
    )
    context = browser.new_context(viewport=WIDE)
    # (at the slow pace the bot's moves stay on screen a while: the focus rests on the hand meanwhile)
    context.add_init_script("localStorage.setItem('parlour:pace', 'slow')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        take_seat(page, quick_server.url, made)
        page.wait_for_selector(".dock .hand-area svg.card")
        page.wait_for_timeout(300)
        moves = page.get_attribute(".board", "data-moves")
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("1")  # (the first move listed: a discard)
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        # the card the focus comes to, as it stands from a moment after (a card shown large grows in .12 s) to a
        # quarter second after: each frame, the hand's card that holds the focus then (the bots' moves draw the hand
        # again meanwhile, the focus going to the new copy of the card: the first one is then out of the page)
        seen = page.evaluate("""() => new Promise((done) => {
            const held = () => {
                const el = document.activeElement;
                return el && el.isConnected && el.closest('.dock .hand-area svg.card') ? el : null;
            };
            const look = () => {
                if (!held()) return requestAnimationFrame(look);
                const start = performance.now(), frames = [];
                const watch = () => {
                    const el = held(), t = performance.now() - start;
                    if (el && t >= 150) {
                        frames.push({ spot: el.matches('.ss-spot'), transform: getComputedStyle(el).transform });
                    }
                    if (t < 250) return requestAnimationFrame(watch);
                    done({ frames, waiting: document.querySelector('.dock .status').innerText });
                };
                watch();
            };
            look();
        })""")
        assert seen["frames"], seen
        assert all(f["spot"] for f in seen["frames"]), seen
        assert all(f["transform"] == "none" for f in seen["frames"]), seen
        snap(page, "squadron-round11-spot-focus-after-key")
        assert not errors, errors
    finally:
        context.close()


def test_an_old_refusal_goes_when_the_hint_is_asked_for(quick_server, browser):
    """(review 20c: the red "Draw first…" stayed on after the hint was opened, as if something else was refused) the
    player's next action, asking for the hint, puts the refusal away."""
    made, _ = drive(quick_server, 3, lambda v: drawing(v) and len(v["observation"]["pile"]) >= 1, hints=True)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.locator(".dock .hand-area svg.card").first.click(force=True)
        assert refusal(page).startswith("Draw first")
        page.locator("[data-testid=hint-button]").click()
        assert page.locator("[data-testid=refusal]").count() == 0
        assert not page.locator("[data-testid=refusal-box]").evaluate("(el) => el.classList.contains('show')")
        page.locator("[data-testid=hint] , [data-testid=hint-thinking]").first.wait_for()
        snap(page, "squadron-round11-hint-no-old-refusal")
        assert not errors, errors
    finally:
        context.close()


def test_the_piles_numbers_leave_bomber_and_fighter_in_sight(quick_server, browser):
    """(review 20c: the yellow take numbers sat on BOMBER/FIGHTER at each pile card's foot) each number hangs under
    its card; the pile's words below keep clear of them."""
    made, _ = drive(quick_server, 3, lambda v: drawing(v) and len(v["observation"]["pile"]) >= 3)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        takes = page.locator(".ss-pile .ss-take")
        assert takes.count() >= 3
        for i in range(takes.count()):
            tag = takes.nth(i).locator(".ss-tag").evaluate(BOX)
            card = takes.nth(i).locator("svg.card").evaluate(BOX)
            assert tag["top"] >= card["bottom"] - 0.5, (i, tag, card)
        pile = page.locator(".ss-pile").evaluate(BOX)
        last = takes.last.locator(".ss-tag").evaluate(BOX)
        assert last["bottom"] <= pile["bottom"] + 0.5, (last, pile)
        snap(page, "squadron-round11-pile-numbers")
        assert not errors, errors
    finally:
        context.close()


def test_the_draw_refused_says_a_discard_takes_every_card_above_it(quick_server, browser):
    """(review 20c: with one card on the pile the refusal said "take the card on the discard pile", where the rule,
    and the status line, say a discard is taken with every card above it)"""
    made, _ = drive(quick_server, 3, lambda v: drawing(v) and len(v["observation"]["pile"]) == 1)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        # (a round just begun: the last round's count stands open over the table)
        if page.locator("[data-testid=count-go-on]").count():
            page.locator("[data-testid=count-go-on]").click()
        page.locator(".dock .hand-area svg.card").first.click(force=True)
        text = refusal(page)
        assert text == "Draw first: take the top card of the stock, or take a discard and every card above it.", text
        assert not errors, errors
    finally:
        context.close()


def test_a_round_begins_with_who_plays_first(quick_server, browser):
    """(review 20c: the table opened with the bot's first move made and nothing said of the round) the story opens
    with "Round 1: you play first." or "Round 1: Arthur played first."; a new round met in play is told the same way;
    a table opened again in the middle of a round says nothing of it."""
    for seed in (3, 4):
        made = httpx.post(
            quick_server.url + "/api/tables",
            json={
                "game": "squadron-scramble",
                "seed": seed,
                "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
            },
        ).json()
        context, page, errors = open_table(browser, quick_server, made, WIDE)
        try:
            view = httpx.get(f"{quick_server.url}/api/tables/{made['id']}").json()
            bot = view["seats"][1]["name"]
            story = page.locator("[data-testid=story]")
            page.wait_for_function("() => document.querySelector('[data-testid=story]').innerText.includes('Round 1:')")
            text = story.inner_text()
            assert any(words in text for words in ("Round 1: you play first.", f"Round 1: {bot} played first.")), text
            snap(page, f"squadron-round11-round-begins-{seed}")
            assert not errors, errors
        finally:
            context.close()
    made, view = drive(quick_server, 3, lambda v: v["observation"]["round"] == 2)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        said = page.evaluate(
            """async (view) => {
                const mod = await import("/static/games/squadron-scramble.js");
                const prev = structuredClone(view);
                prev.observation.round = 1;
                prev.moves -= 1;
                return mod.announce(prev, view);
            }""",
            view,
        )
        hist = view["observation"]["history"]
        start = [e for e in view["observation"]["events"] if e["event"] == "round over"][-1]["moves"]
        first = hist[start][0] if len(hist) > start else view["observation"]["to_move"][0]
        who = "you play" if first == 0 else f"{view['seats'][first]['name']} played"
        assert said == f"Round 2: {who} first.", said
        # (opened again with the player's own move made in the round: nothing said of it)
        if any(s == 0 for s, _ in hist[start:]):
            assert "Round 2:" not in page.locator("[data-testid=story]").inner_text()
        assert not errors, errors
    finally:
        context.close()


def test_a_hint_asked_at_the_draw_follows_the_turn_to_its_discard(quick_server, browser):
    """(review 20c, then round 14: the hint answered the draw, and after it the player had to press Hint again, or
    "Ask again for the discard" once a set was down) a hint asked at the draw stays on: once the card is drawn the
    expert is asked again without a press, and once a set is laid again, and its answer then weighs the discards."""
    made, _ = drive(
        quick_server,
        3,
        lambda v: v["observation"]["phase"] == "draw" and len(v["legal"]) > 1,
        variant={"auto_name": True},
        hints=True,
    )
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    presses: list[str] = []
    page.expose_function("pressed", lambda what: presses.append(what))
    page.evaluate("""() => document.addEventListener('click', (e) => {
        if (e.target.closest('[data-testid=hint-button]')) window.pressed('hint'); }, true)""")
    try:
        page.locator("[data-testid=hint-button]").click()
        page.locator("[data-testid=hint] [data-testid=chance]").first.wait_for(timeout=30000)
        # the turn played on from the board (the expert's choice, as a player who read it would)
        while True:
            moves = page.get_attribute(".board", "data-moves")
            action = page.get_attribute("[data-testid=hint-play]", "data-hint")
            page.locator("[data-testid=hint-play]").first.click()
            page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
            # (no press: the hint is asked again by itself, and answers the new decision)
            page.wait_for_function(
                f"""() => {{ const b = document.querySelector('.board').dataset.moves;
                    const t = document.querySelector('[data-testid=hint] [data-testid=chance]');
                    return b !== '{moves}' && (t || !document.querySelector('[data-testid=hint-button]')); }}""",
                timeout=30000,
            )
            if page.locator("[data-testid=hint-play]").count() == 0:
                break
            rows = page.locator("[data-testid=hint-play]").all_inner_texts()
            assert page.locator("[data-testid=ask-again]").count() == 0
            if any("Discard" in r for r in rows):
                snap(page, "squadron-round14-hint-follows-to-the-discard")
                break
            assert action is not None and not action.startswith("discard "), action
        assert any("Discard" in r for r in rows), rows
        assert presses == ["hint"], presses
        assert not errors, errors
    finally:
        context.close()


def round_count_open(quick_server, browser, pace: str | None, size: dict = WIDE, touch: bool = False):
    """A table at the given pace (None: the table's default, none chosen), its first round played to its end by the
    person's socket with the page open: the context, the page and its errors once the round's count stands open."""
    made = httpx.post(
        quick_server.url + "/api/tables",
        json={
            "game": "squadron-scramble",
            "seed": 3,
            "variant": {"target": 1000, "auto_name": True},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
    if pace:
        context.add_init_script(f"localStorage.setItem('parlour:pace', '{pace}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    take_seat(page, quick_server.url, made)
    page.wait_for_selector(".ss-board")
    chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
    socket = f"{quick_server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
    with connect(socket, open_timeout=10) as seat:
        while True:
            view = json.loads(seat.recv(timeout=30))
            if view["type"] != "view":
                continue
            if view["observation"]["round_scores"]:
                break
            if view["legal"]:
                action = chooser.act(view["observation"], view["legal"])
                seat.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))
    page.wait_for_selector("[data-testid=summary] .ss-round", timeout=60000)
    return context, page, errors


def test_the_round_count_stops_its_countdown_for_a_player_reading_it(quick_server, browser):
    """(review 20c: the end-of-round box went on by itself while the player was still reading it) the count says when
    play goes on by itself; once the player scrolls it (or touches it), it says "paused" and waits for his Go on,
    past the time it had."""
    context, page, errors = round_count_open(quick_server, browser, "quick")
    try:
        down = page.locator("[data-testid=summary] [data-testid=count-down]")
        text = down.inner_text()
        assert text.startswith("play goes on by itself in "), text
        seconds = int(text.split(" in ")[1].split(" ")[0])
        assert "or by itself in" in page.locator(".dock .status").inner_text()
        page.locator("[data-testid=summary] .ss-round").hover()
        page.mouse.wheel(0, 200)
        page.wait_for_function(
            "() => document.querySelector('[data-testid=count-down]').textContent.startsWith('paused')"
        )
        assert page.locator(".dock .status").inner_text() == "Round 2 begins when you press Go on."
        snap(page, "squadron-round11-count-paused")
        # past the time it had, the count still stands, waiting for Go on
        page.wait_for_timeout((seconds + 2) * 1000)
        assert page.locator("[data-testid=summary]").count() == 1
        page.click("[data-testid=go-on]")
        page.wait_for_selector("[data-testid=summary]", state="detached")
        assert not errors, errors
    finally:
        context.close()


def test_at_the_default_pace_the_round_count_waits_for_the_player(quick_server, browser):
    """(review 24: at the default pace, steady, the count went on by itself after 14 to 32 s, too soon to read a
    long one) at steady it stands until the player presses Go on: no countdown in its foot, the status says only Go
    on, and the pace's words say so; it closes on Go on."""
    context, page, errors = round_count_open(quick_server, browser, None)
    try:
        assert page.locator("[data-testid=summary] [data-testid=count-down]").count() == 0
        assert "by itself" not in page.locator("[data-testid=summary] .sheet-foot").inner_text()
        assert page.locator(".dock .status").inner_text() == "Round 2 begins when you press Go on."
        assert page.locator("select", has=page.locator("option[value=steady]")).input_value() == "steady"
        words = page.locator("[data-testid=pace]").get_attribute("title") or ""
        assert "at quick a round's count goes on by itself, at steady, instant and slow it waits for you" in words
        page.click("[data-testid=go-on]")
        page.wait_for_selector("[data-testid=summary]", state="detached")
        assert not errors, errors
    finally:
        context.close()


def test_the_round_count_left_alone_goes_on_by_itself(quick_server, browser):
    """A count nobody touches still goes on by itself when its time is up."""
    context, page, errors = round_count_open(quick_server, browser, "quick")
    try:
        page.wait_for_selector("[data-testid=summary]", state="detached", timeout=60000)
        assert not errors, errors
    finally:
        context.close()


def test_the_game_over_view_opens_with_the_final_totals_at_its_top(quick_server, browser):
    """(review 20c: on a laptop the game-over view opened scrolled past its head) the game ended with the page open,
    the result with the final totals heads the board ("Game over: You win after 1 round. … you 70, Arthur 20."), and
    the page opens at its top, the result in the upper part of the view."""
    made = httpx.post(
        quick_server.url + "/api/tables",
        json={
            "game": "squadron-scramble",
            "seed": 3,
            "variant": {"target": 20, "auto_name": True},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    context = browser.new_context(viewport=WIDE)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        take_seat(page, quick_server.url, made)
        page.wait_for_selector(".ss-board")
        chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
        socket = f"{quick_server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
        with connect(socket, open_timeout=10) as seat:
            while True:
                view = json.loads(seat.recv(timeout=30))
                if view["type"] != "view":
                    continue
                if view["over"]:
                    break
                if view["legal"]:
                    action = chooser.act(view["observation"], view["legal"])
                    seat.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))
        page.locator("[data-testid=result]").wait_for(timeout=60000)
        page.wait_for_timeout(500)  # (the page's own scroll, at the next frames)
        final = page.locator("[data-testid=board-result]")
        box = final.evaluate(BOX)
        snap(page, "squadron-round11-game-over-top")
        where = page.evaluate("() => [scrollY, document.documentElement.scrollHeight, innerHeight]")
        assert 0 <= box["top"] <= 200 and box["bottom"] <= WIDE["height"] / 2, (box, where)
        text = final.inner_text()
        assert text.startswith("Game over: You win after 1 round.") and "you 70, Arthur 20" in text, text
        assert not errors, errors
    finally:
        context.close()
