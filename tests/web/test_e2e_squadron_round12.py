"""Squadron Scramble after review 22b, round 12 (plane-spotting, three players, on a phone):

- the dock line that says a set was named wrongly, and that the player misses his next turn, is read whole;
- the plane-spotting hint lists one swap row, never rows of the same words with different figures;
- at the game's end on a phone, "Replay it" and "Play again" are in the game-over line at the top.

The person (seat 0) is played over the websocket by the club player's choices up to the position wanted; the page
is then opened on that table, at his turn (the bots wait for him there).
"""

from __future__ import annotations

import json

import httpx
from websockets.sync.client import connect

from conftest import PHONE, WIDE, refusal, take_seat
from parlour.bots import make_bot
from parlour.games import get_game
from test_e2e_squadron_scramble_table import drive, open_table, snap

SPOTTING = {"recognition": True}
#: a small phone (320 px wide): the long lines of the dock take more lines there
SMALL_PHONE = {"width": 320, "height": 640}


def named_wrongly(v: dict) -> bool:
    said = [n for n in v["observation"].get("naming", []) if n["seat"] == 0]
    last = v["observation"]["history"][-1] if v["observation"]["history"] else None
    return bool(said) and not said[-1]["correct"] and last is not None and last[0] == 0 and last[1].startswith("name ")


def name_wrongly(v: dict) -> str | None:
    """In the naming phase, a name the set is not (the club player names it rightly)."""
    names = [a for a in v["legal"] if a.startswith("name ")]
    return names[0] if names else None


def test_on_a_phone_the_wrong_name_line_is_read_whole(quick_server, browser):
    """(review 22b: "…; you miss your ne…" was cut at the third line on a phone) the dock line saying the set was
    named wrongly and that the player misses his next turn wraps onto as many lines as it needs, none cut."""
    made, _ = drive(quick_server, 5, named_wrongly, seats=3, variant=SPOTTING, choose=name_wrongly)
    for size in (PHONE, SMALL_PHONE):
        wrong_name_line_whole(browser, quick_server, made, size)


def wrong_name_line_whole(browser, quick_server, made: dict, size: dict) -> None:
    context, page, errors = open_table(browser, quick_server, made, size, touch=True)
    try:
        story = page.locator("[data-testid=story]")
        page.wait_for_function("(el) => el.innerText.includes('miss your next turn')", arg=story.element_handle())
        text = story.inner_text()
        assert "named it wrongly" in text, text
        whole = story.evaluate("(el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1")
        snap(page, f"squadron-round12-wrong-name-whole-{size['width']}")
        assert whole, text
        assert not errors, errors
    finally:
        context.close()


def swaps(v: dict) -> list[str]:
    return [a for a in v["legal"] if a.startswith("swap ")]


def keep_swaps(v: dict) -> str | None:
    """The club player's move, but a swap held back (a discard of a card no swap needs instead): swaps wait in the
    hand till two may be made at once."""
    held = {a.split()[1] for a in swaps(v)}
    if not held:
        return None
    return next((a for a in v["legal"] if a.startswith("discard ") and a.split()[1] not in held), None)


def test_the_spotting_hint_lists_alike_swaps_once_and_offers_the_discard_after_one(quick_server, browser):
    """(review 22b: two rows "Swap a card of yours for a wild card (which card, and where, is for you to spot)" at 94%
    and 93%) the swaps, which read alike in plane-spotting, are one row at the best one's figure, saying how many it
    stands for; no two rows of the hint read the same.  Once a swap is made, the hint, still on, is asked again by
    itself, for what is left to decide."""
    made, view = drive(
        quick_server, 4, lambda v: len(swaps(v)) >= 2, seats=3, variant=SPOTTING, hints=True, choose=keep_swaps
    )
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        page.click("[data-testid=hint-button]")
        hint = page.locator("[data-testid=hint]")
        hint.wait_for(timeout=60000)
        rows = [r.split("\n")[0] for r in page.locator("[data-testid=hint] li").all_inner_texts()]
        own = page.locator("[data-testid=hint-own]").all_inner_texts()
        snap(page, "squadron-round12-spotting-hint-one-swap-row")
        assert len(own) == 1, own
        assert f"the best of {len(swaps(view))} such moves" in own[0], own
        texts = page.locator("[data-testid=hint] li").evaluate_all(
            "(lis) => lis.map((li) => li.querySelector('.hint-own, button').childNodes[0].textContent)"
        )
        assert len(set(texts)) == len(texts), (texts, rows)
        # a swap made (here from another device of the same seat: the page shows the table as the server has it)
        moves = page.get_attribute(".board", "data-moves")
        url = f"{quick_server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
        with connect(url, open_timeout=10) as again:
            again.send(json.dumps({"type": "act", "action": swaps(view)[0], "moves": view["moves"]}))
            page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        page.locator("[data-testid=hint] [data-testid=chance]").first.wait_for(timeout=30000)
        assert page.locator("[data-testid=ask-again]").count() == 0
        snap(page, "squadron-round12-spotting-hint-again-after-a-swap")
        assert not errors, errors
    finally:
        context.close()


def lay_cards(action: str) -> list[str]:
    return [w.lstrip("+") for w in action.split()[1:]]


def test_in_plane_spotting_the_player_picks_a_sets_cards_himself(quick_server, browser):
    """(review 22b: a "Lay down a set" panel found the set, "Lay your 2nd and 3rd cards: top and side views", half
    the recognition test) in plane-spotting no set is offered: the player asks to lay one, picks its cards in his
    hand and lays them; cards that make no set are refused in the server's words, changing nothing, and the right
    ones are laid (the naming follows)."""
    made, view = drive(
        quick_server,
        8,
        lambda v: v["observation"]["phase"] == "play" and any(a.startswith("lay ") for a in v["legal"]),
        seats=2,
        variant=SPOTTING,
    )
    kept = view["observation"]["hand"]          # (as the server keeps it: sorted, each plane's views together)
    lays = sorted(sorted(lay_cards(a)) for a in view["legal"] if a.startswith("lay "))
    right = next(a for a in view["legal"] if a.startswith("lay ") and len(lay_cards(a)) == 3)
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        # (review 24) the hand is not shown sorted: the views of one plane side by side would tell a set
        hand = page.locator(".dock .hand-area svg.card").evaluate_all("(els) => els.map((e) => e.dataset.card)")
        assert sorted(hand) == sorted(kept) and hand != kept, (hand, kept)
        # three cards of the hand that make no set
        picks = [[i, j, k] for i in range(len(hand)) for j in range(i + 1, len(hand)) for k in range(j + 1, len(hand))]
        wrong = next(p for p in picks if sorted(hand[x] for x in p) not in lays)
        # the right set's cards by their places (two wild cards alike are two places)
        places: list[int] = []
        for card in lay_cards(right):
            places.append(next(i for i, c in enumerate(hand) if c == card and i not in places))
        assert page.locator(".ss-lays").count() == 0
        assert page.locator("[data-action^='lay ']").count() == 0
        assert "Lay your" not in page.locator(".dock").inner_text()
        cards = page.locator(".dock .hand-area svg.card")
        page.click("[data-testid=pick-set]")
        lay = page.locator("[data-testid=lay-these]")
        assert lay.is_disabled()
        moves = page.get_attribute(".board", "data-moves")
        for i in wrong:
            cards.nth(i).click()
        assert [cards.nth(i).get_attribute("aria-pressed") for i in wrong] == ["true"] * 3
        lay.click()
        # (review 24) one short sentence, the server's reasons on request (nine lines of them pushed the hand down)
        said = refusal(page)
        assert said.startswith("Those three are not one plane's top, side and front views."), said
        box = page.locator("[data-testid=refusal-box]").bounding_box()
        assert box and box["height"] < 60, box
        why = page.locator("[data-testid=refusal-why]")
        assert not why.locator("span").is_visible()
        why.locator("summary").click()
        assert why.locator("span").inner_text().startswith("Those cards do not make a set")
        assert page.locator("[data-testid=refusal-box]").is_visible()        # (opened, it stays to be read)
        assert page.get_attribute(".board", "data-moves") == moves
        assert len(page.locator(".dock .hand-area svg.card").all()) == len(hand)
        snap(page, "squadron-round12-spotting-lay-refused")
        for i in wrong:  # (put back)
            cards.nth(i).click()
        assert page.locator(".dock .hand-area svg.card[aria-pressed=true]").count() == 0
        for i in places:
            cards.nth(i).tap()
        snap(page, "squadron-round12-spotting-lay-picked")
        # (review 24) a picked card, raised and ringed, stays clear of the buttons above the hand; and it is marked
        # otherwise than the card just drawn (a solid ring and a tick; the new card a dashed ring and its tag)
        covered = page.evaluate("""() => {
            const ring = (e) => { const b = e.getBoundingClientRect(), s = getComputedStyle(e);
                const o = parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset); return b.top - o; };
            const lowest = Math.max(...[...document.querySelectorAll('[data-testid=pick-set], [data-testid=lay-these]')]
                .map((b) => b.getBoundingClientRect().bottom));
            return [...document.querySelectorAll('.dock .hand-area svg.card[aria-pressed=true]')]
                .filter((c) => ring(c) < lowest).map((c) => [ring(c), lowest]); }""")
        assert not covered, covered
        # (the page was opened after the draw, so no card is new: one picked and one not are marked new to look)
        marks = page.evaluate("""() => { const all = [...document.querySelectorAll('.dock .hand-area svg.card')];
            const on = (c) => c.getAttribute('aria-pressed') === 'true';
            [all.find(on), all.find((c) => !on(c))].forEach((c) => c.classList.add('ss-new'));
            return all.map((c) => [c.matches('.ss-new'), on(c), getComputedStyle(c).outlineStyle,
                getComputedStyle(c.querySelector('.ss-picked-tick')).display !== 'none']); }""")
        assert [new for new, *_ in marks].count(True) == 2, marks
        for new, picked, line, tick in marks:
            assert (line, tick) == (("solid", True) if picked else ("dashed", False) if new else ("none", False)), marks
        page.locator("[data-testid=lay-these]").click()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        page.locator(".ss-name-form").wait_for()
        snap(page, "squadron-round12-spotting-lay-laid")
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_the_game_over_line_at_the_top_offers_replay_and_play_again(quick_server, browser):
    """(review 22b: on a phone "Replay it" and "Play again" came after a long scroll past every set) the yellow
    game-over line heading the table says them, in sight as the page opens; "Play again" there starts the new table."""
    made = httpx.post(
        quick_server.url + "/api/tables",
        json={
            "game": "squadron-scramble",
            "seed": 3,
            "variant": {"max_rounds": 1},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
    url = f"{quick_server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
    with connect(url, open_timeout=10) as ann:
        while True:
            view = json.loads(ann.recv(timeout=30))
            if view["type"] != "view":
                continue
            if view["over"]:
                break
            if view["legal"]:
                action = chooser.act(view["observation"], view["legal"])
                ann.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        take_seat(page, quick_server.url, made)
        line = page.locator("[data-testid=board-result]")
        line.wait_for()
        page.locator(".dock [data-testid=again]").wait_for(state="attached")
        replay = line.locator("[data-testid=board-replay]")
        again = line.locator("[data-testid=board-again]")
        page.wait_for_function("(el) => el.offsetParent !== null", arg=again.element_handle())
        snap(page, "squadron-round12-phone-game-over-line")
        for el in (replay, again):
            box = el.bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
        assert replay.get_attribute("href") == f"/replay/{made['id']}"
        again.click()
        page.wait_for_url(lambda u: made["id"] not in u and "/t/" in u)
        assert not errors, errors
    finally:
        context.close()
    # (round 14: at a laptop's width the dock with them comes after the table too, below the fold) the line says them
    # there as well, in sight as the page opens, and the dock's own give way to them: one "Replay it" seen, which
    # opens the replay, and one "Play again", which starts the new table
    for press in ("replay", "again"):
        context = browser.new_context(viewport=WIDE)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            take_seat(page, quick_server.url, made)
            line = page.locator("[data-testid=board-result]")
            line.wait_for()
            page.locator(".dock [data-testid=again]").wait_for(state="attached")
            assert page.locator("a:visible", has_text="Replay it").count() == 1
            assert page.locator("button:visible", has_text="Play again").count() == 1
            replay = line.locator("[data-testid=board-replay]")
            again = line.locator("[data-testid=board-again]")
            for el in (replay, again):
                box = el.bounding_box()
                assert box and 0 <= box["y"] and box["y"] + box["height"] <= WIDE["height"], box
            if press == "replay":
                snap(page, "squadron-round14-laptop-game-over-line")
                replay.click()
                page.wait_for_url(f"**/replay/{made['id']}*")
                # (review 24: the replay's head said "Ann wins", the moves under it "You discarded") the reader's own
                # seat is "you" in the head too
                winner = view["result"]["winner"]
                head = page.locator("[data-testid=replay-result]").inner_text()
                mine = winner == view["observation"]["seat_names"][0]
                assert head.startswith("You win" if mine else "Arthur wins"), head
                assert "Ann" not in head, head
            else:
                again.click()
                page.wait_for_url(lambda u: made["id"] not in u and "/t/" in u)
            assert not errors, errors
        finally:
            context.close()
