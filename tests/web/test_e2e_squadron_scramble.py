"""Squadron Scramble in the browser: a person and the heuristic bot play a one-round game to the end.

The person plays by clicking what the board draws: the stock, the discard pile,
the sets to lay, the wild card a swap replaces, the bomber set to shoot down, a
card in hand to discard; planes are named with the naming form (once from its
lists, once typed, after a name the server cannot read and refuses).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from conftest import (
    ARTIFACTS,
    click_board,
    go_on,
    judged_row,
    listed_moves,
    open_analysis,
    played_by_bots,
    refusal,
    seat_view,
    shot,
    stood_in_analysis,
    take_seat,
    wait_turn,
)
from parlour.bots import make_bot
from parlour.engine.record import GameRecord
from parlour.games import get_game
from sweep import texts, words

DATA = Path(__file__).resolve().parents[2] / "src/parlour/games/squadron_scramble/data/planes.json"
PLANES = {p["code"]: p for p in json.loads(DATA.read_text())["planes"]}
RESULT = "[data-testid=result]"


def next_turn(page) -> list[str] | None:
    """The person's moves, once it is his turn: the move list, or the naming form (its moves are not listed)."""
    wait_turn(page, also=f"{RESULT}, .ss-name-form")
    if page.locator(RESULT).count():
        return None
    if page.locator(".ss-name-form").count():
        assert page.locator(".moves button[data-action^='name ']").count() == 0
        return ["name"]
    return listed_moves(page)




def play_to_the_first_naming(page, server) -> None:
    """A new plane-spotting table (seed 5), the person laying whenever he can, up to his first naming of a set."""
    page.goto(server.url + "/new/squadron-scramble")
    page.click("[data-testid=more-rules] summary")  # (the form folds most of the rules)
    page.check("input[name=v_recognition]")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "5")
    page.click("text=Create the table")
    page.wait_for_selector(".board")
    moves = next_turn(page)
    for _ in range(60):
        if moves is None or moves == ["name"]:
            break
        before = page.get_attribute(".board", "data-moves")
        # (in plane-spotting the page lists no set to lay: the seat's moves as the server sends them say which
        # cards make one, and he picks them in his hand, "Lay a set" then "Lay these", as a player does)
        seat = seat_view(page, server) if "discard" in " ".join(moves) else None
        lay = [a for a in seat["legal"] if a.startswith("lay ")] if seat else []
        if lay:
            # (the cards picked by what they are: in plane-spotting the hand is shown in an order of its own, not
            # the server's; a card the hand holds twice, a wild one, is picked once for each time the set has it)
            page.click("[data-testid=pick-set]")
            taken: dict[str, int] = {}
            for card in (w.lstrip("+") for w in lay[0].split()[1:]):
                page.locator(f".dock .hand-area svg.card[data-card='{card}']").nth(taken.get(card, 0)).click()
                taken[card] = taken.get(card, 0) + 1
            page.click("[data-testid=lay-these]")
        else:
            action = "draw stock" if "draw stock" in moves else moves[0]
            page.evaluate("(a) => { document.querySelector('details.all-moves').open = true; "
                          "document.querySelector(`.moves button[data-action=\"${a}\"]`).click(); }", action)
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'")
        moves = next_turn(page)
    assert moves == ["name"], "no set was laid to name"


def test_a_person_plays_a_round_against_the_heuristic_bot(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    page.goto(server.url + "/")
    page.click('[data-game="squadron-scramble"] >> text=New table')
    page.wait_for_selector("form.new")
    page.click("[data-testid=more-rules] summary")
    page.fill("input[name=v_max_rounds]", "1")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "150")
    page.select_option("select[name=kind1]", "bot:heuristic")     # the club player, not the default casual one
    page.click("text=Create the table")
    page.wait_for_selector(".ss-board")
    legal = next_turn(page)
    assert legal and "draw stock" in legal
    # the whole discard pile is drawn, and the stock
    assert page.locator(".ss-pile svg.card").count() >= 1
    assert page.locator('.board [data-action="draw stock"]').count() == 1
    shot(page, "squadron-scramble-start")

    done = {"lay": 0, "name": 0, "swap": 0, "shoot": 0, "take": 0, "draw": 0, "discard": 0}
    laid_plane = None
    while legal is not None:
        if legal == ["name"]:
            code = laid_plane
            nation = PLANES[code]["nation"]
            page.wait_for_selector(".ss-name-form")
            if done["name"] == 0:
                page.select_option("select[name=ss-plane]", code)
                page.select_option("select[name=ss-nation]", nation)
                shot(page, "squadron-scramble-naming")
            else:
                page.fill("input[name=ss-typed]", "sopwith camel british")
                page.click("[data-testid=say-name]")
                assert refusal(page).startswith("Could not read a plane")      # said as a sentence
                page.fill("input[name=ss-typed]", f"{PLANES[code]['aliases'][-1]} {nation}")
            form = page.locator(".ss-name-form").element_handle()
            page.click("[data-testid=say-name]")
            form.wait_for_element_state("hidden")
            done["name"] += 1
        else:
            action = next((a for p in ("lay ", "shoot ", "swap ", "draw stock", "take 1", "discard ")
                           for a in legal if a.startswith(p)), legal[0])
            if action.startswith("lay "):
                laid_plane = next(w.split("/")[0] for w in action.split()[1:] if "/" in w)
            if action.startswith("swap") and not done["swap"]:
                # the wild card that the swap takes back is marked on the set
                assert page.locator(f'.ss-set .ss-swap[data-action="{action}"]').count() == 1
                shot(page, "squadron-scramble-mid")
                page.set_viewport_size({"width": 390, "height": 844})
                shot(page, "squadron-scramble-phone")
                page.set_viewport_size({"width": 1280, "height": 860})
            if action.startswith("shoot"):
                # the sets in range are marked on the table, and named in the dock's choice with Hold fire
                assert page.locator(".ss-set.ss-target").count() >= 1
                assert page.locator(f'.decision-area [data-action="{action}"]').count() == 1
                assert page.locator('.decision-area [data-action="hold"]').count() == 1
                shot(page, "squadron-scramble-shoot")
            click_board(page, action)
            done[action.split()[0]] += 1
        legal = next_turn(page)

    # the last round's end opens its count in a sheet, as every round's end does (review 26), who went out and each
    # player's points; its foot leads to the final table, where the count stands again under the result
    said = go_on(page)
    assert said and said.startswith("Round 1:") and "this round" in said and "See the final table" in said, said
    summary = page.inner_text("[data-testid=last-round]")
    assert "Round 1:" in summary and "went out" in summary and "this round" in summary, summary
    banner = page.locator(RESULT).inner_text()
    assert "You win" in banner and "65" in banner, banner
    assert done["lay"] == 2 and done["name"] == 2 and done["swap"] == 1 and done["shoot"] == 1
    # the set shot down lies face down beside the person: told in one line, its cards shown on request
    captured = page.locator("[data-testid=captured-0]")
    assert "Face down beside Ann, from shooting down: 2 sets" in captured.inner_text()
    assert not page.locator("[data-testid=captured-0] .ss-set").first.is_visible()
    captured.locator("summary").click()
    assert page.locator("[data-testid=captured-0] .ss-set").first.is_visible()
    assert page.locator(".ss-captured .ss-set").count() == 2
    # the end explains the round: P1's sets and the set shot down, with who went out
    ending = page.inner_text("[data-testid=ending]")
    # (review 19c: the set shot down named with its owner, "shot down Arthur's PLANE +30")
    assert "sets +" in ending and re.search(r"shot down \w+'s [^·]+ \+30", ending) and "went out" in ending, ending
    shot(page, "squadron-scramble-end")
    assert not errors, errors
    assert time.monotonic() - started < 60


def test_the_recognition_variant_hides_the_planes_names_at_the_table(server, page):
    page.goto(server.url + "/new/squadron-scramble")
    page.wait_for_selector("form.new")
    page.click("[data-testid=more-rules] summary")  # (the form folds most of the rules)
    page.check("input[name=v_recognition]")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "7")
    page.click("text=Create the table")
    page.wait_for_selector(".hand-area svg.card")
    names = [p["name"] for p in PLANES.values()]
    shown = page.locator(".ss-board, .hand-area, .moves").evaluate_all(
        "els => els.map(e => e.textContent + ' ' + [...e.querySelectorAll('[aria-label], title')]"
        ".map(x => x.getAttribute('aria-label') || x.textContent).join(' ')).join(' ')")
    assert not [n for n in names if n in shown], "a plane's name shows at a recognition table"
    assert page.locator(".hand-area svg.card", has_text="WHAT PLANE?").count() >= 1
    # each card still carries its own outline: the drawing differs from plane to plane
    shot(page, "squadron-scramble-recognition")


def test_in_plane_spotting_the_set_to_name_is_drawn_large_on_a_phone(server, browser):
    """The cards on the table are too small on a phone to tell one outline from another: the naming shows the set."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    play_to_the_first_naming(page, server)
    shown = page.locator("[data-testid=naming-cards] svg.card")
    assert shown.count() >= 3
    widths = shown.evaluate_all("els => els.map((e) => e.getBoundingClientRect().width)")
    hand = page.locator(".ss-hand svg.card").evaluate_all("els => els.map((e) => e.getBoundingClientRect().width)")
    # (review 26: as large as the dock's width allows, 62 px before; and larger than any card of the hand)
    assert min(widths) >= 85 and min(widths) > max(hand), (widths, hand)
    # (a plane card of the set, drawn for spotting: its first card may be a wild one)
    assert any("WHAT PLANE?" in text for text in shown.all_text_contents())
    shot(page, "squadron-scramble-spotting-phone")
    context.close()


def finished(server, seed: int) -> tuple[dict, GameRecord]:
    """A game of four club players played to its end: the table's spectator view, and its record."""
    _made, info, record = played_by_bots(server.url, "squadron-scramble", seed, 4)
    return info, record


#: a deal whose four club players shoot down bombers in many rounds; its seat 2 (Cyril) has shots with a choice of
#: targets, and one shot that ends a round (his last card went with it)
REPLAYED_SEED, ANALYSED_SEAT = 20, 2


def shot_words(state, action: str, names: list[str]) -> str:
    """A shot's target as the table stood: "<owner>'s <plane> set" (no number); "Hold fire" for holding."""
    if action == "hold":
        return "Hold fire"
    number = int(action.split()[1])
    target = next(x for x in state.observation(0)["table"] if x["id"] == number)
    return f"{names[target['by']]}'s {PLANES[target['plane']]['name']} set"


def test_the_replays_analysis_names_each_shot_by_the_set_on_the_board_at_that_step(quick_server, browser):
    """Set numbers start again each round: a shot's words in the analysis (the list, the decision beside the board,
    the step's own words) name the set that lay on the table when it was made, as the board at that step shows
    it, never the set of that number in the final view.  The expert's judgement is stood in for (its search is
    tested elsewhere): each of the seat's decisions with a shot among its moves, every move an option."""
    server = quick_server
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        info, record = finished(server, REPLAYED_SEED)
        names = [s["name"] for s in info["seats"]]
        game = get_game("squadron-scramble")
        state = game.new_state(seats=4, variant=record.variant, seed=record.seed, deal=record.deal)
        rows: list[dict[str, Any]] = []
        expected: dict[int, dict[str, str]] = {}
        final_planes = {x["id"]: x["plane"] for x in info["observation"]["table"]}
        misread = ended = 0
        for index, (seat, action) in enumerate(record.actions):
            legal = list(state.legal_actions(seat))
            if seat == ANALYSED_SEAT and any(a.startswith("shoot ") for a in legal):
                # every move an option, in an order that makes the expert's choice differ from the move made
                options = legal[len(rows) % len(legal):] + legal[:len(rows) % len(legal)]
                chances = [round(0.9 - 0.1 * i, 2) for i in range(len(options))]
                rows.append(judged_row(index, seat, len(legal), action, list(zip(options, chances, strict=True))))
                expected[index] = {a: shot_words(state, a, names) for a in legal}
                # (a target whose number the final view gives to another plane: the words the bug gave)
                here = {x["id"]: x["plane"] for x in state.observation(0)["table"]}
                misread += sum(final_planes.get(n, here[n]) != here[n]
                               for n in (int(a.split()[1]) for a in legal if a != "hold"))
            round_before = state.observation(0)["round"]
            state.apply(seat, state.parse_action(action))
            if seat == ANALYSED_SEAT and action.startswith("shoot ") and state.observation(0)["round"] != round_before:
                ended += 1
        assert len(rows) >= 4 and misread >= 2 and ended, (len(rows), misread, ended)
        assert any(len(e) > 2 for e in expected.values()), "no decision between two targets"
        analysis = stood_in_analysis(info["table"], "squadron-scramble", ANALYSED_SEAT, names[ANALYSED_SEAT], rows)
        open_analysis(page, server.url, info["table"], ANALYSED_SEAT, analysis, state="attached")
        # every line, the costly ones and the rest (the list opens on the costly ones alone)
        if page.locator("[data-testid=only-costly]").count():
            page.uncheck("[data-testid=only-costly]")
        name = names[ANALYSED_SEAT]
        for row in rows:
            index, said = row["index"], expected[row["index"]]
            item = page.locator(f".analysis-moves li[data-index='{index}']")
            listed = item.inner_text()
            assert said[row["played"]] in listed, (listed, said)
            if row["best"] != row["played"]:
                assert said[row["best"]] in listed, (listed, said)
            item.locator("button").click()
            page.wait_for_selector(f"[data-testid=analysis-focus] h2:has-text('Move {index + 1}:')")
            focus = page.locator("[data-testid=analysis-focus]")
            offered = [t.removesuffix(" (played)").strip() for t in focus.locator(".option-name").all_inner_texts()]
            assert offered == [said[o["action"]] if o["action"] == "hold" else f"Shoot down {said[o['action']]}"
                               for o in row["options"]], (index, offered)
            # each set named is the one the board at this step shows under that number, laid by that player
            board = page.locator(".views .board")
            for action in row["options"]:
                if action["action"] == "hold":
                    continue
                number = action["action"].split()[1]
                owner, plane = re.fullmatch(r"(.+)'s (.+) set", said[action["action"]]).groups()  # type: ignore[union-attr]
                shown = board.locator(f".ss-player:has(.ss-player-head b:text-is('{owner}')) "
                                      f"> .ss-sets > .ss-set[data-set='{number}'] .ss-plane")
                assert shown.count() == 1 and shown.inner_text() == plane, (index, number, owner, plane)
            # the move made, in the past tense
            verdict = focus.locator(".verdict").inner_text()
            made_words = "held fire" if row["played"] == "hold" else f"shot down {said[row['played']]}"
            assert verdict.startswith(f"{name} {made_words} — "), verdict
            if index == rows[1]["index"]:
                shot(page, "squadron-scramble-analysis-shot")
            # and the step after it says the same, on the table as it stood then (a new round's, if it ended one)
            page.keyboard.press("ArrowRight")
            page.wait_for_function(f"/^(Move {index + 2}|After move {index + 1}) of/"
                                   ".test(document.querySelector('[data-testid=step]').textContent)")
            assert f"{name} {made_words}" in page.inner_text("[data-testid=step]")
        slips = words(texts(page), "squadron-scramble")
        assert not slips and not errors, (slips, errors)
        # on a phone the replay's board keeps to the screen's width: nothing of it lies off to the right
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_function("matchMedia('(max-width: 600px)').matches")
        widths = page.evaluate("""() => ({ page: document.documentElement.scrollWidth,
            boards: [...document.querySelectorAll('.views .board')].map((b) => b.getBoundingClientRect().right) })""")
        assert widths["page"] <= 390 and all(right <= 390 for right in widths["boards"]), widths
        shot(page, "squadron-scramble-replay-phone")
    finally:
        context.close()


def test_a_rounds_count_tells_a_player_whose_only_set_was_shot_down_what_became_of_it(quick_server, browser):
    """A set laid and then shot down scores for the shooter: the round's count says it was laid and who shot it
    down, never "No sets laid"."""
    info, record = finished(quick_server, 1)
    names = [s["name"] for s in info["seats"]]
    game = get_game("squadron-scramble")
    state = game.new_state(seats=4, variant=record.variant, seed=record.seed, deal=record.deal)
    seat, shooter, views = 2, 1, None
    for who, action in record.actions:
        before = state.observation(seat)
        state.apply(who, state.parse_action(action))
        after = state.observation(seat)
        if len(after["round_scores"]) == 2 > len(before["round_scores"]):
            views = before, after
            break
    assert views, "the deal's second round did not end"
    over = views[1]["events"][-1]
    assert over["round"] == 2 and not over["laid"][seat], over["laid"]
    lost = [x for x in over["shot_down"][shooter] if x["by"] == seat]
    assert lost, over["shot_down"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(quick_server.url + "/games")
        page.wait_for_selector("main")
        seats = [{"name": n} for n in names]
        text = page.evaluate("""async ([prev, obs, seat, seats]) => {
            const game = await import("/static/games/squadron-scramble.js");
            const view = { seat, seats, observation: obs, over: false, legal: [] };
            const { title, body } = game.summary({ seat, seats, observation: prev }, view);
            const head = Object.assign(document.createElement("h2"), { textContent: title });
            document.querySelector("main").replaceChildren(head, body);
            return body.innerText;
        }""", [views[0], views[1], seat, seats])
        shot(page, "squadron-scramble-round-count-shot-down")
        plane = PLANES[lost[0]["plane"]]["name"]
        mine = next(part for part in text.split("You") if plane in part)
        assert "No sets laid" not in mine, text
        assert f"Laid {plane}, shot down by {names[shooter]} (its {lost[0]['value']} points are {names[shooter]}'s)" \
            in text, text
        # and the shooter's own line counts it among the sets his fighters shot down
        assert f"your {plane} (+{lost[0]['value']})" in text, text
    finally:
        context.close()


#: every card that covers the words of its set or of the naming panel, measured at each frame for a second and a half
OVERLAPS_JS = """() => new Promise((done) => {
  const found = new Set();
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const look = () => {
    for (const set of document.querySelectorAll('.ss-set')) {
      const head = set.querySelector('.ss-set-head').getBoundingClientRect();
      for (const card of set.querySelectorAll('.ss-set-cards svg.card:not(.zoomed)'))
        if (meet(card.getBoundingClientRect(), head)) found.add(`a card of set #${set.dataset.set} covers its name`);
    }
    const panel = document.querySelector('.ss-name');
    if (panel) {
      const words = [...panel.querySelectorAll('h3, p, form')].map((el) => el.getBoundingClientRect());
      for (const card of panel.querySelectorAll('svg.card')) {
        const box = card.getBoundingClientRect();
        if (words.some((w) => meet(box, w))) found.add('a card of the naming panel covers its words');
      }
    }
  };
  const start = performance.now();
  const frame = () => {
    look();
    if (performance.now() - start < 1500) requestAnimationFrame(frame); else done([...found]);
  };
  requestAnimationFrame(frame);
})"""


def test_on_a_phone_a_set_laid_with_a_wild_card_covers_no_words_while_it_is_named(quick_server, browser):
    """The person lays a set with a wild card while another set of his holds one already: as the naming begins
    (the card just laid marked as such, with motion) no card covers its set's name or the naming panel's words."""
    server = quick_server
    made = httpx.post(server.url + "/api/tables", json={
        "game": "squadron-scramble", "seed": 4,
        "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "heuristic"}] * 3}).json()
    chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 4)
    lay = None
    with connect(f"{server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}",
                 open_timeout=10) as ann:
        while lay is None:
            view = json.loads(ann.recv(timeout=30))
            assert view["type"] != "view" or not view["over"], "the person never laid a set with a wild card"
            if view["type"] != "view" or not view["legal"]:
                continue
            action = chooser.act(view["observation"], view["legal"])
            held = [x for x in view["observation"]["table"] if x["by"] == 0 and "KEF" in x["cards"]]
            if action.startswith("lay ") and action.endswith(" KEF") and held:
                lay = action
            else:
                ann.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        take_seat(page, server.url, made)
        control = page.locator(f'.decision-slot [data-action="{lay}"]')
        page.wait_for_selector(".decision-slot .ss-lays")
        if not control.is_visible():
            page.click(f'[data-choose="lay {lay.split()[1].split("/")[0]}"]')
        control.click()
        page.wait_for_selector(".ss-name-form")
        overlaps = page.evaluate(OVERLAPS_JS)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "squadron-scramble-naming-phone-screen.png"))
        assert not overlaps, overlaps
    finally:
        context.close()


def test_on_a_phone_a_discard_takes_two_taps_and_a_mouse_click_one(quick_server, browser):
    """A discard ends the turn, and a thumb slips: on a touch screen the first tap picks the card out (and says
    so), another card may be picked instead, and only a second tap on the same card throws it."""
    server = quick_server
    made = httpx.post(server.url + "/api/tables", json={
        "game": "squadron-scramble", "seed": 5,
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]}).json()
    for size, touch in (({"width": 390, "height": 844}, True), ({"width": 1366, "height": 900}, False)):
        with connect(f"{server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}",
                     open_timeout=10) as ann:
            while True:                    # to Ann's next discard: she draws from the stock and lays nothing
                view = json.loads(ann.recv(timeout=30))
                if view["type"] != "view" or not view["legal"]:
                    continue
                if any(a.startswith("discard ") for a in view["legal"]):
                    break
                ann.send(json.dumps({"type": "act", "action": "draw stock", "moves": view["moves"]}))
        context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
        page = context.new_page()
        try:
            take_seat(page, server.url, made)
            cards = page.locator('.ss-hand [data-action^="discard "]')
            cards.first.wait_for()
            moves = page.locator(".board").get_attribute("data-moves")
            if touch:
                cards.nth(0).tap()
                assert cards.nth(0).get_attribute("aria-pressed") == "true"
                cards.nth(1).tap()                                        # the other card instead
                assert cards.nth(0).get_attribute("aria-pressed") == "false"
                assert cards.nth(1).get_attribute("aria-pressed") == "true"
                assert "tap it again to discard it" in page.locator(".ss-hand h3").inner_text()
                page.wait_for_timeout(300)
                assert page.locator(".board").get_attribute("data-moves") == moves       # nothing thrown yet
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "squadron-scramble-phone-discard-picked.png"))
                cards.nth(1).tap()
            else:
                assert cards.nth(0).get_attribute("aria-pressed") is None
                cards.nth(0).dispatch_event("click")
            page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{moves}'")
        finally:
            context.close()


def test_the_last_rounds_count_opens_in_a_sheet_and_stands_again_in_the_final_view(quick_server, page):
    """The round that ends the game is counted in a sheet as every round before it (review 26: it went straight to
    the end), who went out and each player's points, then the game's result; the sheet waits for the player; the
    same count heads the final view's table of every round."""
    info, record = finished(quick_server, 2)
    names = [s["name"] for s in info["seats"]]
    game = get_game("squadron-scramble")
    state = game.new_state(seats=4, variant=record.variant, seed=record.seed, deal=record.deal)
    before = None
    for who, action in record.actions:
        before = state.observation(0)
        state.apply(who, state.parse_action(action))
    page.goto(quick_server.url + "/games")
    page.wait_for_selector("main")
    said = page.evaluate("""async ([prev, obs, seats, result]) => {
        const game = await import("/static/games/squadron-scramble.js");
        const view = { seat: 0, seats, observation: obs, over: true, legal: [], result };
        const ending = game.ending(view);
        const sheet = game.summary({ seat: 0, seats, observation: prev }, view);
        return { sheet: sheet && { title: sheet.title, body: sheet.body.textContent, last: sheet.last },
                 last: ending.querySelector('[data-testid=last-round]')?.textContent || null }; }""",
                         [before, state.observation(0), [{"name": n} for n in names], state.result()])
    over = [e for e in state.observation(0)["events"] if e["event"] == "round over"][-1]
    sheet = said["sheet"]
    assert sheet and sheet["last"] and sheet["title"] == said["last"][:len(sheet["title"])], said
    assert sheet["title"].startswith(f"Round {over['round']}: ") and "this round" in sheet["body"], said
    assert "That was the last round. Game over: " in sheet["body"], said
    over = [e for e in state.observation(0)["events"] if e["event"] == "round over"][-1]
    assert said["last"] and said["last"].startswith(f"Round {over['round']}: "), said
    assert "this round" in said["last"] and "That was the last round" not in said["last"], said
