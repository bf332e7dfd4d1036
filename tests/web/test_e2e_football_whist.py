"""A person and three heuristic bots play a whole Football Whist match through the page.

The person plays only by clicking what the board draws: cards in the hand, the
kick-off badges and the ball's positions on the pitch (the ball itself to stay).
"""

from __future__ import annotations

import re
import time

from conftest import ARTIFACTS, BOARD_ACTIONS, end_and_replay, go_on, listed_moves, shot, wait_turn

BOARD_ACTION = BOARD_ACTIONS
RESULT = "[data-testid=result]"


def test_a_person_plays_a_whole_match_against_three_bots(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.click('[data-game="football-whist"] >> text=New table')
    page.wait_for_selector("form.new")
    for i in (1, 2, 3):
        page.select_option(f"select[name=kind{i}]", "bot:heuristic")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "7")
    page.click("text=Create the table")
    page.wait_for_selector(".fw-pitch")
    page.wait_for_selector(f"{BOARD_ACTION}, {RESULT}")
    shot(page, "football-whist-start")

    counts = {"play": 0, "kick": 0, "move": 0, "stay": 0}
    goals_seen, banners = 0, []
    took = {"move": False, "phone": False, "half2": False, "reloaded": False}
    deadline = time.monotonic() + 120
    summaries: list[str] = []
    while time.monotonic() < deadline:
        page.wait_for_selector(f"{BOARD_ACTION}, {RESULT}, [data-testid=summary]")
        if page.locator("[data-testid=summary]").count() and summaries == [] and not took["reloaded"]:
            # the page opened again at half time (a reload) shows the half-time box again, not the bare table
            took["reloaded"] = True
            page.reload()
            page.wait_for_selector("[data-testid=summary]")
            assert page.inner_text("[data-testid=summary] h2").startswith("Half time")
        if (summary := go_on(page)) is not None:  # half time stops play until the player goes on
            summaries.append(summary)
            continue
        if page.locator(RESULT).count():
            break
        # every legal move has a board element: the board never needs the move list
        wait_turn(page)
        legal = set(listed_moves(page))
        drawn = set(page.locator(BOARD_ACTION).evaluate_all("els => els.map(e => e.dataset.action)"))
        assert legal == drawn, f"the move list offers {legal - drawn} that the board does not draw"
        goal = page.locator('.board [data-action="move WG"], .board [data-action="move EG"]')
        moves = page.locator('.board [data-action^="move "]')
        if goal.count():
            target = goal.first
        elif moves.count() and counts["move"] % 3 != 2:
            target = moves.first
        else:
            target = page.locator(BOARD_ACTION).first
        action = target.get_attribute("data-action")
        verb = action.split()[0]
        if verb in ("move", "kick") and not took["move"]:
            shot(page, "football-whist-ball-move")
            took["move"] = True
        if counts["play"] == 8 and not took["phone"]:
            shot(page, "football-whist-mid")
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, "football-whist-phone")
            page.set_viewport_size({"width": 1280, "height": 860})
            took["phone"] = True
        if not took["half2"] and "Half 2" in page.locator(".fw-half").inner_text():
            shot(page, "football-whist-half-two")
            took["half2"] = True
        # a goal is an event: a banner names the scorer, the goal and the score, and the timeline grows
        score = sum(int(page.inner_text(f"[data-testid=goals-{p}]")) for p in "AB")
        if score > goals_seen:
            assert page.locator("[data-testid=goal-timeline] li").count() == score
            if page.locator(".story .news").count():  # a goal is announced where the last move is told
                banners.append(page.inner_text(".story .news"))
            goals_seen = score
        handle = target.element_handle()
        target.click()
        counts[verb] += 1
        handle.wait_for_element_state("hidden")  # the board redraws once the server applied it
    else:
        raise AssertionError(f"the match did not end in time (moves so far: {counts})")

    banner = page.locator(RESULT)
    ending = r"Game over\. .+ \(partners (A|B)\) win \d+–\d+\.|Game over\. A draw, \d+–\d+\."
    assert re.search(ending, banner.inner_text()), banner.inner_text()
    assert counts["play"] == 22, counts  # eleven cards in each half
    # half time stopped play with its summary, and the player went on from it; full time is told the same way
    assert len(summaries) == 2 and summaries[0].startswith("Half time"), summaries
    assert re.match(r"Full time: (.+ \(partners [AB]\) win \d+–\d+|a draw, \d+–\d+)", summaries[1]), summaries[1]
    assert re.search(r"You (win|lose)\.|Honours even\.", summaries[1]), summaries[1]
    assert counts["move"] + counts["stay"] + counts["kick"] > 0, counts
    assert page.locator(".fw-half").inner_text() == "FULL TIME" or "Full time" in page.locator(".fw-half").inner_text()
    for text in banners:
        pattern = (
            r"(Own goal|Goal)! (.+ puts|You put) it in the (West|East) goal: "
            r"(partners (A|B) lead \d+–\d+|\d+–\d+, level)"
        )
        assert re.fullmatch(pattern, text.strip()), text
    total = sum(int(page.inner_text(f"[data-testid=goals-{p}]")) for p in "AB")
    assert page.locator(".fw-ending [data-testid=goal-timeline] li").count() == total  # the end lists every goal
    # the log keeps half time's score, tricks and change of ends once its box has gone
    assert re.fullmatch(r"Half time: (partners [AB] lead|level at) \d+–\d+ · tricks A \d+, B \d+ · ends changed",
                        page.inner_text("[data-testid=log-half-time]")), page.inner_text("[data-testid=log-half-time]")
    # the page opened again on the match over shows the same full-time sheet, goals and tricks per half
    page.reload()
    page.wait_for_selector("[data-testid=summary]")
    assert page.inner_text("[data-testid=summary] h2") == summaries[1].splitlines()[0]
    assert page.locator("[data-testid=summary] table th", has_text="Tricks, second half").count() == 1
    page.click("[data-testid=go-on]")
    page.locator("[data-testid=summary]").wait_for(state="detached")
    assert page.locator(".fw-goals-panel").count() == 1  # once, not beside the pitch too
    end_and_replay(page, "football-whist")
    assert not errors, errors


def _in_sight(page, selector: str) -> dict:
    """Where the element lies against the window and the dock's top (the room the page keeps for the board)."""
    return page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        const room = document.querySelector('.dock').getBoundingClientRect().top;
        return { top: r.top, bottom: r.bottom, room }; }""",
        selector,
    )


def test_on_a_phone_the_pitch_is_in_sight_at_a_lead_with_the_hint_open_or_not(browser, server):
    """At a lead the ball's position decides the Master team: on a phone the pitch is part of the decision
    (marked for the page to keep above the dock), and it fits there with the trick, the hint open or not."""
    from parlour.bots import make_bot
    from parlour.games import get_game
    from sweep import layout
    from test_e2e_sweep import Table  # (here: that module needs axe, which this file's other tests do not)

    table = Table(browser, server, "football-whist", "phone", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    try:
        while (view := table.decision()) is not None:
            obs = view["observation"]
            if obs["phase"] == "play" and not obs["trick"]["cards"]:
                break
            table.click(chooser.act(obs, view["legal"]))
        assert view is not None, "the person never led"
        assert page.get_attribute(".fw-pitch-box", "data-focus") == "the pitch at a lead"
        assert page.get_attribute(".fw-table-box", "data-focus") is None  # (no card led yet: the pitch decides)
        assert layout(page) == []
        seen = _in_sight(page, ".fw-pitch-box")
        assert 0 <= seen["top"] and seen["bottom"] <= seen["room"] + 1, seen
        page.screenshot(path=str(ARTIFACTS / "football-whist-phone-lead.png"))
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint]")
        assert layout(page) == []
        seen = _in_sight(page, ".fw-pitch-box")
        assert 0 <= seen["top"] and seen["bottom"] <= seen["room"] + 1, seen
        page.screenshot(path=str(ARTIFACTS / "football-whist-phone-lead-hint.png"))
        # following a card led, the trick is the decision's, and the pitch stays in sight under it (the trick
        # decides where the ball goes next)
        page.click("[data-testid=hint-close]")
        table.click(chooser.act(view["observation"], view["legal"]))
        while (view := table.decision()) is not None and not view["observation"]["trick"]["cards"]:
            table.click(chooser.act(view["observation"], view["legal"]))
        if view is not None and view["observation"]["phase"] == "play":
            assert page.get_attribute(".fw-pitch-box", "data-focus") == "the pitch while the trick is played"
            assert page.get_attribute(".fw-table-box", "data-focus") == "the trick"
    finally:
        table.close()


def test_on_a_laptop_an_open_hint_stands_beside_the_prompt_and_leaves_the_goals_and_the_log_in_view(browser, server):
    """The hint is the tallest thing the dock holds: at 1366x900 it goes beside the prompt, above the hand (which
    keeps the dock's width), and the goals and the play log under the pitch are not covered while it is read."""
    from parlour.bots import make_bot
    from parlour.games import get_game
    from sweep import layout
    from test_e2e_sweep import Table

    table = Table(browser, server, "football-whist", "desktop", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    try:
        for _ in range(6):  # a few tricks in, so that the log has moves
            view = table.decision()
            assert view is not None
            table.click(chooser.act(view["observation"], view["legal"]))
        assert table.decision() is not None
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=chance]", timeout=30000)
        assert layout(page) == []
        page.screenshot(path=str(ARTIFACTS / "football-whist-laptop-hint.png"))
        hint, hand, prompt = (
            page.locator(sel).bounding_box() for sel in ("[data-testid=hint]", ".dock .fw-hand", ".dock .status")
        )
        assert hint["x"] >= prompt["x"] + prompt["width"] - 1, (hint, prompt)  # beside the prompt
        assert hint["y"] + hint["height"] <= hand["y"] + 1, (hint, hand)  # above the hand, not beside it
        for panel in (".fw-goals-panel h3", ".fw-goals-panel li, .fw-goals-panel p", ".fw-log-panel h3", ".fw-latest"):
            seen = _in_sight(page, panel)
            assert 0 <= seen["top"] and seen["bottom"] <= seen["room"] + 1, (panel, seen)
    finally:
        table.close()


def test_on_a_laptop_a_full_hand_stays_on_one_row_under_the_hint_and_the_log_stays_readable(browser, server):
    """At the first card of a half the hand is full: with the hint open at 1366x900 it keeps to one row under
    the hint, each card whole, and the play log's last lines are in view."""
    from parlour.bots import make_bot
    from parlour.games import get_game
    from sweep import layout
    from test_e2e_sweep import Table

    table = Table(browser, server, "football-whist", "desktop", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    try:
        while (view := table.decision()) is not None and view["observation"]["phase"] != "play":
            table.click(chooser.act(view["observation"], view["legal"]))
        assert view is not None and len(view["observation"]["hand"]) >= 10, "a full hand at the first card"
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=chance]", timeout=30000)
        assert layout(page) == []
        page.screenshot(path=str(ARTIFACTS / "football-whist-laptop-hint-full-hand.png"))
        rows = page.locator(".dock .fw-hand svg.card").evaluate_all(
            "els => [...new Set(els.map(e => Math.round(e.getBoundingClientRect().bottom)))]"
        )
        assert len(rows) <= 2, rows  # (a card that may be played stands up a little: one row)
        assert max(rows) - min(rows) < 20, rows
        hint = page.locator("[data-testid=hint]").bounding_box()
        cards = page.locator(".dock .fw-hand svg.card").evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top]; })"
        )
        assert all(c[2] >= hint["y"] + hint["height"] - 13 for c in cards), (cards, hint)  # clear of the hint
        assert all(b[0] >= a[1] for a, b in zip(cards, cards[1:], strict=False)), cards  # each card whole
        seen = _in_sight(page, ".fw-log-panel h3")
        assert 0 <= seen["top"] and seen["bottom"] + 60 <= seen["room"] + 1, seen  # the log's last lines, too
    finally:
        table.close()


#: a colour's relative luminance (WCAG 2), from "rgb(r, g, b)"
def _luminance(colour: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_a_goals_news_is_legible_from_its_first_frame_and_whole_on_a_phone(server, page):
    """The goal's news at the head of the story: dark on gold at full strength from the first frame of its
    entrance (never faded in through olive on the green), and whole on a phone (wrapped, never cut short);
    the goals' names on the phone's pitch lie inside their goals."""
    page.goto(server.url + "/")
    page.click('[data-game="football-whist"] >> text=New table')
    page.wait_for_selector("form.new")
    page.fill("input[name=name0]", "Ann")
    page.click("text=Create the table")
    page.wait_for_selector(".fw-pitch")
    news = """() => {
        const story = document.querySelector('.story');
        const span = document.createElement('span');
        span.className = 'news';
        span.textContent = 'Goal! Arthur puts it in the West goal: partners B lead 1–0';
        story.replaceChildren(span);
        const first = span.getAnimations().map((a) => { a.pause(); a.currentTime = 0; return a; });
        const cs = getComputedStyle(span);
        const r = span.getBoundingClientRect(), box = story.getBoundingClientRect();
        return { opacity: cs.opacity, color: cs.color, background: cs.backgroundColor, animated: first.length,
                 whole: span.scrollWidth <= span.clientWidth + 1 && r.right <= box.right + 1
                   && r.bottom <= box.bottom + 1 };
    }"""
    for width, height in ((1366, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        shown = page.evaluate(news)
        assert shown["animated"] and shown["opacity"] == "1", shown
        lighter, darker = sorted((_luminance(shown["color"]), _luminance(shown["background"])), reverse=True)
        assert (lighter + 0.05) / (darker + 0.05) >= 4.5, shown
        assert shown["whole"], f"the goal's news is cut short at {width} px: {shown}"
    page.wait_for_function("matchMedia('(max-width: 600px)').matches && !!document.querySelector('svg.fw-small')")
    page.screenshot(path=str(ARTIFACTS / "football-whist-phone-goal-news.png"))
    inside = page.evaluate("""() => [...document.querySelectorAll('.fw-goal-name')].map((t) => {
        const goal = t.closest('g').querySelector('rect.fw-goal').getBBox(), b = t.getBBox();
        // (the goal's mouth, a white line 5 wide, is its inner side: a letter must stop short of it)
        return [t.textContent, b.x >= goal.x && b.x + b.width <= goal.x + goal.width - 3]; })""")
    assert inside and all(ok for _, ok in inside), inside
