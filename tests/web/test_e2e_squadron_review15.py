"""Squadron Scramble after the fresh-eyes review 15b: on a phone the dock says the pile's cards (newest first) and the
opponents' sets in words at the player's turn, and the NEW tag leaves the drawn card's name in sight; the last round
is counted in a sheet as every round is, then the result and the final table (review 26); the status under a round's
count waits for Go on; a wrong name is said once; an onlooker asking for the analysis is answered in one short
sentence."""

from __future__ import annotations

import json

import httpx
from websockets.sync.client import connect

import test_e2e_squadron_scramble_table as table
from conftest import ARTIFACTS, PHONE, WIDE, play_out, played_by_bots, take_seat
from parlour.bots import make_bot
from parlour.games import get_game
from parlour.games.squadron_scramble.cards import pack_data
from test_accessibility import violations
from test_e2e_squadron_review3 import just_named_wrong
from test_e2e_squadron_scramble_fit import wrong_name

SHOTS = ARTIFACTS
SHORT = {p["code"]: p.get("short") or p["code"] for p in pack_data()["planes"]}
VIEWS = {v["code"]: v["name"] for v in pack_data()["views"]}
PLANE_NAME = {p["code"]: p["name"] for p in pack_data()["planes"]}
WILD = {code: w["name"] for code, w in pack_data()["wild"].items()}


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def crowded_draw(view: dict) -> bool:
    """The person's draw, with four cards or more on the pile and a set of the opponent's on the table."""
    obs = view["observation"]
    return (
        obs["phase"] == "draw"
        and len(obs["pile"]) >= 4
        and any(x["by"] != 0 for x in obs["table"])
        and "draw stock" in view["legal"]
    )


def glance_name(card: str) -> str:
    return WILD.get(card) or f"{SHORT[card.split('/')[0]]} {VIEWS[card.split('/')[1]]}"


def test_on_a_phone_the_dock_reads_the_pile_and_the_opponents_sets_and_the_new_cards_name(quick_server, browser):
    """At his draw and after it, a phone's player reads in the dock, without scrolling, every card of the pile by its
    plane and view, the top first (at the draw, with how many a take of each takes), and each set the opponent has on
    the table, bombers marked; the card he drew is tagged NEW at its foot, its head band (the plane's short name)
    uncovered; the dock needs no scrolling."""
    made, view = table.drive(quick_server, 5, crowded_draw, seats=2)
    obs = view["observation"]
    pile = list(reversed(obs["pile"]))
    context, page, errors = table.open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        glance = page.locator(".dock [data-testid=glance]")
        glance.wait_for()

        def in_view(locator) -> None:
            box = locator.bounding_box()
            dock = page.locator(".dock").bounding_box()
            assert box and box["y"] >= dock["y"] - 1 and box["y"] + box["height"] <= PHONE["height"] + 1, (box, dock)

        in_view(glance)
        cards = page.locator("[data-testid=glance-pile] .ss-gl-card").all_inner_texts()
        assert [c.split(" ", 1)[1] for c in cards] == [glance_name(c) for c in pile[:8]], cards
        # at the draw each card says how many a take of it takes: the top 1, the next 2, ...
        assert [c.split()[0] for c in cards] == [str(i + 1) for i in range(len(cards))], cards
        sets = page.locator("[data-testid=glance-sets-1]").inner_text()
        for x in (x for x in obs["table"] if x["by"] == 1):
            assert SHORT[x["plane"]] in sets and str(x["value"]) in sets, (sets, x)
        shoot(page, "phone-draw-glance")
        page.locator(".ss-board [data-action='draw stock']").dispatch_event("click")
        page.wait_for_selector(".dock .hand-area svg.card[data-new]")
        page.wait_for_timeout(300)
        in_view(glance)
        # after the draw the pile's top four are read the same, with no numbers (nothing may be taken now), and the
        # count of the cards under them
        cards = [x.strip() for x in page.locator("[data-testid=glance-pile] .ss-gl-card").all_inner_texts()]
        assert cards == [glance_name(c) for c in pile[:4]], cards
        if len(pile) > 4:
            assert f"+{len(pile) - 4} under" in page.inner_text("[data-testid=glance-pile]")
        fit = page.evaluate("""() => {
            const dock = document.querySelector('.dock');
            const card = dock.querySelector('.hand-area svg.card[data-new]').getBoundingClientRect();
            const tag = dock.querySelector('.hand-area svg.card[data-new] .ss-new-big rect').getBoundingClientRect();
            return { scroll: dock.scrollHeight - dock.clientHeight, card: [card.top, card.bottom, card.height],
                     tag: [tag.top, tag.bottom] }; }""")
        assert fit["scroll"] <= 1, fit
        # the tag lies in the card's lower quarter: the head band (its top fifth) and the view's letter stay clear
        assert fit["tag"][0] >= fit["card"][0] + 0.75 * fit["card"][2], fit
        assert fit["card"][1] <= PHONE["height"] + 1, fit
        shoot(page, "phone-play-glance")
        assert not errors, errors
    finally:
        context.close()


def test_the_last_round_is_counted_in_a_sheet_then_the_final_table_with_its_count_and_one_replay_link(
    quick_server, browser
):
    """A game to 1 point ends with its first round: its count opens in a sheet as every round's does (review 26: the
    last round went straight to the end), who went out and each player's points, the game's result under them, and
    the game-over actions in its foot, never "Go on"; closed, the result, the final table and the last round's count
    are in the page itself, with one "Replay it"."""
    made = httpx.post(
        quick_server.url + "/api/tables",
        json={
            "game": "squadron-scramble",
            "seed": 3,
            "variant": {"target": 1, "auto_name": True},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    pages = []
    for size, touch in ((PHONE, True), (WIDE, False)):
        context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.goto(quick_server.url + "/")
        page.evaluate("() => localStorage.setItem('parlour:pace', 'instant')")
        take_seat(page, quick_server.url, made)
        page.wait_for_selector(".ss-board")
        pages.append((context, page, errors, "phone" if touch else "wide"))
    try:
        chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
        play_out(quick_server.url, made, lambda view: chooser.act(view["observation"], view["legal"]))
        info = httpx.get(f"{quick_server.url}/api/tables/{made['id']}").json()
        over = [e for e in info["observation"]["events"] if e["event"] == "round over"][-1]
        for _context, page, errors, where in pages:
            # (a round before the last, if one left nobody above 0, is gone on from as usual)
            for _ in range(20):
                page.wait_for_selector("[data-testid=summary]", timeout=30000)
                if page.locator("[data-testid=sheet-game-over]").count():
                    break
                page.click("[data-testid=go-on]")
                page.wait_for_timeout(200)
            sheet = page.locator("[data-testid=summary]")
            said = sheet.inner_text()
            assert said.startswith(f"Round {over['round']}: "), said
            for b in over["breakdown"]:
                assert f"{b['total']:+d} this round".replace("-", "\u2212") in said, (b, said)
            assert "That was the last round. Game over: " in said, said
            buttons = [b.strip() for b in sheet.locator("button").all_inner_texts()]
            assert "Go on" not in buttons and "See the final table" in buttons, buttons
            assert sheet.locator("[data-testid=sheet-replay]").get_attribute("href") == f"/replay/{made['id']}"
            for part in ("[data-testid=sheet-replay]", "[data-testid=go-on]"):
                box, height = sheet.locator(part).bounding_box(), page.viewport_size["height"]
                assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (part, box)
            assert not violations(page), violations(page)
            shoot(page, f"game-over-sheet-{where}")
            # (it waits for the player, at every pace: nothing goes on after it)
            page.wait_for_timeout(300)
            assert sheet.count() == 1
            page.click("[data-testid=go-on]")
            sheet.wait_for(state="detached")
            page.wait_for_selector("[data-testid=last-round]")
            page.wait_for_timeout(300)
            assert page.locator("[data-testid=summary]").count() == 0
            assert page.locator("dialog[open]").count() == 0
            assert "Game over" in page.inner_text("[data-testid=result]")
            # (one in the game-over panel; on a phone the yellow line heading the table says it too, round 13)
            replays = page.locator("a:not([data-testid=board-replay])", has_text="Replay it")
            assert replays.count() == 1 and replays.get_attribute("href") == f"/replay/{made['id']}"
            # (and the yellow line heading the table says it at every width; on a laptop the panel's gives way to it,
            # so that one is seen, round 14)
            assert page.locator("[data-testid=board-replay]").count() == 1
            if where == "wide":
                assert page.locator("a:visible", has_text="Replay it").count() == 1
            last = page.locator("[data-testid=last-round]")
            text = last.inner_text()
            assert text.startswith(f"Round {over['round']}: "), text
            for b in over["breakdown"]:
                assert f"{b['total']:+d} this round".replace("-", "\u2212") in text, (b, text)
            # the final table stays under it: every player's sets, and the rounds' points
            assert page.locator(".ss-board .ss-player").count() == 2
            assert page.locator("[data-testid=ending] table.ss-rounds").count() == 1
            assert not violations(page), violations(page)
            shoot(page, f"game-over-{where}")
            page.screenshot(path=str(SHOTS / f"game-over-{where}-full.png"), full_page=True)
            assert not errors, errors
    finally:
        for context, *_ in pages:
            context.close()


def test_under_a_rounds_count_the_status_says_the_next_round_begins_at_go_on(quick_server, browser):
    """While the count of round 1 is open, the status under it says round 2 begins when the player presses Go on (not
    "Waiting for Arthur…", whose turn is behind the sheet); once he goes on, the status is the table's again."""
    made = httpx.post(
        quick_server.url + "/api/tables",
        json={
            "game": "squadron-scramble",
            "seed": 3,
            "variant": {"target": 1000, "auto_name": True},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(quick_server.url + "/")
        page.evaluate("() => localStorage.setItem('parlour:pace', 'instant')")
        take_seat(page, quick_server.url, made)
        page.wait_for_selector(".ss-board")
        chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
        socket = f"{quick_server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
        with connect(socket, open_timeout=10) as seat:
            while True:
                view = json.loads(seat.recv(timeout=30))
                if view["type"] != "view":
                    continue
                assert not view["over"]
                if view["observation"]["round_scores"]:
                    break
                if view["legal"]:
                    seat.send(
                        json.dumps(
                            {
                                "type": "act",
                                "action": chooser.act(view["observation"], view["legal"]),
                                "moves": view["moves"],
                            }
                        )
                    )
        page.wait_for_selector("[data-testid=summary]", timeout=30000)
        status = page.locator(".dock .status")
        said = status.inner_text()
        assert said == "Round 2 begins when you press Go on.", said
        shoot(page, "round-count-status-wide")
        page.click("[data-testid=go-on]")
        page.wait_for_selector("[data-testid=summary]", state="detached")
        page.wait_for_function("!document.querySelector('.dock .status').textContent.includes('begins when')")
        said = status.inner_text()
        assert said.startswith("Waiting for") or said.startswith("Draw"), said
        assert not errors, errors
    finally:
        context.close()


def test_a_wrong_name_is_answered_once_in_the_boxed_panel(quick_server, browser):
    """After his wrong name the player reads the answer once, in the boxed panel ("Not quite: it is the …"); the play
    log's line is short ("You named it: …: wrong") and the story line only points to the panel."""
    made, view = table.drive(quick_server, 7, just_named_wrong, choose=wrong_name)
    for size, touch in ((WIDE, False), (PHONE, True)):
        context, page, errors = table.open_table(browser, quick_server, made, size, touch)
        try:
            panel = page.locator(".dock [data-testid=name-verdict]")
            panel.wait_for()
            # (review 19c: the answer is the headline; the panel says what was said)
            assert panel.inner_text().startswith("You said: "), panel.inner_text()
            assert page.inner_text("body").count("you miss your next turn") == 1
            said = view["observation"]["naming"][-1]["said"].split()
            plane = PLANE_NAME[said[0]]
            assert page.inner_text("body").count(plane + ",") <= 2, page.inner_text("body")  # the panel and the log
            log = page.locator("[data-testid=play-log] li.ss-log-move").last.inner_text()
            assert log.startswith("You named it: ") and log.endswith(": wrong") and "miss" not in log, log
            story = page.inner_text(".story")
            assert story.startswith("You named it wrongly: it is the "), story
            assert story.endswith("); you miss your next turn"), story
            shoot(page, f"wrong-name-{'phone' if touch else 'wide'}")
            assert not errors, errors
        finally:
            context.close()


def test_an_onlooker_asking_for_the_analysis_is_answered_in_one_short_sentence(quick_server, browser):
    """A replay opened without a seat: the answer to Analyse is one short plain sentence saying whose the analysis is
    and where to open it (no seats, keys or links explained at length)."""
    made, _info, _record = played_by_bots(quick_server.url, "squadron-scramble", 3, 2)
    for size in (WIDE, PHONE):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        try:
            page.goto(f"{quick_server.url}/replay/{made['id']}")
            page.wait_for_selector(".views .board")
            page.locator("[data-testid=analyse]").scroll_into_view_if_needed()
            page.click("[data-testid=analyse]", force=True)
            answer = page.locator("[data-testid=analyse-answer]")
            answer.wait_for(state="visible")
            text = answer.inner_text()
            assert (
                text == "The analysis is for the players of this game: open this replay in the browser you played in."
            )
            assert len(text) <= 100 and text.count(".") == 1 and "seat" not in text, text
            shoot(page, f"onlooker-analysis-{'phone' if size == PHONE else 'wide'}")
        finally:
            context.close()
