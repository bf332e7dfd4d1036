"""Squadron Scramble after the fresh-eyes review 14b: the analysis list words each move with the table at its own
move, the laptop's sets wrap across the width, the hint's words follow its figures, the naming is said once."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from websockets.sync.client import connect

import test_e2e_squadron_scramble_table as table
from conftest import (
    ARTIFACTS,
    PHONE,
    WIDE,
    judged_row,
    open_analysis,
    played_by_bots,
    shot,
    stood_in_analysis,
    take_seat,
)
from parlour.bots import make_bot
from parlour.games import get_game
from parlour.games.squadron_scramble.cards import pack_data
from test_e2e_squadron_review3 import just_named_wrong
from test_e2e_squadron_review13 import open_hint, with_hints
from test_e2e_squadron_scramble import finished
from test_e2e_squadron_scramble_fit import in_view, wrong_name
from test_e2e_squadron_scramble_table import drive, open_table

#: four club players on a deal with many rounds, so set numbers come back in each round for other sets
SEED = 20
#: a deal of four club players on which the person lays three sets and the others three more in one round
CROWDED_SEED = 10


def test_every_analysis_list_line_says_what_its_decision_beside_the_board_says(quick_server, browser):
    """A swap or a wild card added names a set by its number, and set numbers start again each round: the list of the
    expert's analysis words each move with the table as it stood at that move (as the decision beside the board
    does), never with the final table's set of that number."""
    server = quick_server
    info, record = finished(server, SEED)
    names = [s["name"] for s in info["seats"]]
    game = get_game("squadron-scramble")
    final = {x["id"]: (x["by"], x["plane"]) for x in info["observation"]["table"]}
    # each seat's decisions with a swap or an add among its moves; the seat with most of them whose set number the
    # final table gives to another set is the one analysed
    found: dict[int, list[tuple[int, list[str], str, int]]] = {s: [] for s in range(4)}
    state = game.new_state(seats=4, variant=record.variant, seed=record.seed, deal=record.deal)
    for index, (seat, action) in enumerate(record.actions):
        legal = list(state.legal_actions(seat))
        aimed = [a for a in legal if a.split()[0] in ("swap", "add")]
        if aimed:
            here = {x["id"]: (x["by"], x["plane"]) for x in state.observation(0)["table"]}
            misread = sum(final.get(int(a.split()[2])) != here[int(a.split()[2])] for a in aimed)
            found[seat].append((index, legal, action, misread))
        state.apply(seat, state.parse_action(action))
    seat = max(found, key=lambda s: sum(m > 0 for *_, m in found[s]))
    decisions = [d for d in found[seat] if d[3]][:6] + [d for d in found[seat] if not d[3]][:2]
    assert sum(d[3] > 0 for d in decisions) >= 2, found
    rows: list[dict[str, Any]] = []
    for index, legal, action, _ in sorted(decisions):
        aimed = [a for a in legal if a.split()[0] in ("swap", "add")]
        # the expert's choice a swap or an add other than the move made where there is one, the move made second
        best = next((a for a in aimed if a != action), aimed[0])
        options = [best] + [a for a in legal if a != best]
        chances = [round(0.9 - 0.05 * i, 2) for i in range(len(options))]
        rows.append(judged_row(index, seat, len(legal), action, list(zip(options, chances, strict=True))))
    analysis = stood_in_analysis(info["table"], "squadron-scramble", seat, names[seat], rows)
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_analysis(page, server.url, info["table"], seat, analysis, state="attached")
        # every line, the costly ones and the rest (the list opens on the costly ones alone)
        if page.locator("[data-testid=only-costly]").count():
            page.uncheck("[data-testid=only-costly]")
        for row in rows:
            index = row["index"]
            item = page.locator(f".analysis-moves li[data-index='{index}']")
            listed = item.inner_text()
            item.locator("button").click()
            page.wait_for_selector(f"[data-testid=analysis-focus] h2:has-text('Move {index + 1}:')")
            focus = page.locator("[data-testid=analysis-focus]")
            offered = [t.strip() for t in focus.locator(".option-name").all_inner_texts()]
            played = next(t.removesuffix(" (played)") for t in offered if t.endswith(" (played)"))
            best = offered[0].removesuffix(" (played)")
            # the list's line: "Move N <the move made> <its chance> the expert: <the expert's move> <its chance>"
            assert listed.startswith(f"Move {row['move']} {played} "), (index, listed, offered)
            if row["best"] != row["played"]:
                assert f"the expert: {best} " in listed, (index, listed, offered)
            else:
                assert listed.endswith("the expert's choice"), (index, listed)
            # and the set it names is the one the board at this step shows under that number
            for words in (played, best):
                said = re.search(r"into (\w+)'s? (.*)set \(#(\d+)\)", words)
                if said:
                    owner, _plane, number = said.groups()
                    who = names[seat] if owner == "your" else owner
                    shown = page.locator(
                        f".views .board .ss-player:has(.ss-player-head b:text-is('{who}')) .ss-set[data-set='{number}']"
                    )
                    assert shown.count() == 1, (index, words)
        shot(page, "squadron-scramble-analysis-swaps")
        assert not errors, errors
    finally:
        context.close()


def crowded(view: dict) -> bool:
    """Late in a round of four: six sets or more on the table, three of them the person's, his turn to discard."""
    table = view["observation"]["table"]
    return (
        len(table) >= 6
        and sum(x["by"] == 0 for x in table) >= 3
        and any(a.startswith("discard ") for a in view["legal"])
    )


def test_on_a_laptop_a_crowded_table_keeps_every_opponents_sets_in_view_at_the_players_decision(quick_server, browser):
    """With many sets laid, each player's sets lie in rows across the table's width, never in one narrow column:
    the whole table, the dock and the hand fit a laptop's window, or failing that every opponent's set stays in
    view above the dock while the player decides."""
    made, view = drive(quick_server, CROWDED_SEED, crowded)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.wait_for_selector(".ss-player:not(.mine) .ss-set")
        page.screenshot(path=str(ARTIFACTS / "crowded-laptop.png"))
        fits = page.evaluate("document.documentElement.scrollHeight") <= WIDE["height"] + 1
        if not fits:
            in_view(page, ".ss-player:not(.mine) > .ss-sets > .ss-set")
        # each player's sets lie side by side where the width allows: no player's sets in one column of three or more
        columns = page.evaluate("""() => [...document.querySelectorAll('.ss-player')].map((p) => {
            const sets = [...p.querySelectorAll(':scope > .ss-sets > .ss-set')].map((s) => s.getBoundingClientRect());
            return { sets: sets.length, lefts: new Set(sets.map((r) => Math.round(r.left))).size };
        })""")
        assert all(c["sets"] < 2 or c["lefts"] > 1 for c in columns), columns
        assert not errors, errors
    finally:
        context.close()


HINT = """async ([figures, contest]) => {
    const { hints } = await import('/static/hint.js');
    const slot = document.getElementById('slot');
    slot.replaceChildren();
    const legal = figures.map((_, i) => `m${i}`);
    const view = { hints: true, seat: 0, over: false, real_time: false, moves: 54, hint_withheld: null, legal };
    const shown = hints(slot, { send: () => true, act: () => {}, label: (a) => `Move ${a}`, contest });
    shown.draw(view);
    slot.querySelector('[data-testid=hint-button]').click();
    shown.answered({ type: 'hint', moves: 54, unjudged: 0, iterations: 500,
                     options: figures.map((c, i) => ({ action: `m${i}`, chance: c, visits: 400 - 50 * i })) });
    const words = (li) => [...li.children].map((c) => c.textContent.replace(/\\s+/g, ' ').trim()).filter(Boolean);
    return { note: slot.querySelector('[data-testid=hint-close-call] strong')?.textContent || null,
             rows: [...slot.querySelectorAll('[data-testid=hint] li')].map((li) => words(li).join(' ')),
             why: slot.querySelector('[data-testid=hint-level-note]')?.innerText || null };
}"""


def test_the_hints_words_follow_its_figures_and_every_equal_best_row_says_so(quick_server, page):
    """Where every move leaves the outcome near certain the hint says how likely in words that match the figures
    printed under them (3% to 5% is about 1 in 20, never about 1 in 10), in Squadron Scramble's game and Football
    Whist's match alike; and every row whose figure, as shown, is the expert's choice's is tagged "(equal best)"."""
    page.goto(quick_server.url + "/")
    page.set_content('<div class="dock"><div id="slot"></div></div>')
    said = {
        (0.05, 0.05, 0.04, 0.04, 0.03): "You are unlikely to win the game (about 1 in 20)",
        (0.10, 0.09, 0.09): "You are unlikely to win the game (about 1 in 10)",
        (0.08, 0.07, 0.06): "You are unlikely to win the game (about 1 in 15)",
        (0.03, 0.02, 0.01): "You are almost sure to lose the game (under 1 in 20 to win)",
        (0.95, 0.94, 0.95): "You are very likely to win the game (about 19 in 20)",
        (0.92, 0.92): "You are very likely to win the game (about 9 in 10)",
        (0.99, 0.98): "You are almost sure to win the game (better than 19 in 20)",
    }
    for figures, words in said.items():
        shown = page.evaluate(HINT, [list(figures), "game"])
        assert shown["note"] == f"{words}: these moves differ little", (figures, shown)
    # Football Whist's hint speaks of the match, in the same words
    shown = page.evaluate(HINT, [[0.05, 0.04, 0.03], "match"])
    assert shown["note"] == "You are unlikely to win the match (about 1 in 20): these moves differ little", shown
    shown = page.evaluate(HINT, [[0.02, 0.01], "match"])
    assert shown["note"].startswith("You are almost sure to lose the match (under 1 in 20 to win)"), shown
    # three rows at 100% as shown (one of them 99.6%): each of the two after the choice is tagged, the rest not
    shown = page.evaluate(HINT, [[1.0, 1.0, 0.996, 0.9], "game"])
    assert shown["rows"] == [
        "Play Move m0 (its choice) 100%",
        "Play Move m1 (equal best) 100%",
        "Play Move m2 (equal best) 100%",
        "Play Move m3 90%",
    ], shown
    assert shown["why"].startswith("Equal best: as good as its choice"), shown
    assert "level" not in " ".join(shown["rows"]).lower()


def test_a_name_said_is_announced_once_with_the_log_and_a_wrong_one_says_who_misses_a_turn(quick_server, browser):
    """A wrong name in the play log reads "You named it: …: wrong", short (the boxed panel answers it whole; never
    "You … misses a turn"); the line over the table only counts the names said this round, without announcing the
    latest a third time (nor "Name said: Ann: #1", colon after colon)."""
    made, view = drive(quick_server, 7, just_named_wrong, choose=wrong_name)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        latest = page.locator("[data-testid=play-log] li.ss-log-move").last
        text = latest.inner_text()
        assert text.startswith("You named it: ") and text.endswith(": wrong"), text
        assert "misses" not in text
        head = page.locator("[data-testid=names-said] summary").inner_text()
        said = [n for n in view["observation"]["naming"] if n["round"] == view["observation"]["round"]]
        assert head == f"Names said this round ({len(said)})", head
        rows = page.locator("[data-testid=names-said] .ss-said").all_text_contents()
        assert rows and all(re.match(r"^\w+: [^:#]+$", r.split(" — ")[0]) for r in rows), rows
        page.screenshot(path=str(ARTIFACTS / "wrong-name-laptop.png"))
        assert not errors, errors
    finally:
        context.close()


def many_lays(view: dict) -> bool:
    """The person's turn with three planes' sets or more to lay (each of them a way or more)."""
    lays = [a for a in view["legal"] if a.startswith("lay ")]
    return len({a.split()[1].split("/")[0] for a in lays}) >= 3 or len(lays) >= 6


def test_on_a_phone_the_hints_rows_and_the_ways_to_lay_keep_to_the_screen(quick_server, browser, monkeypatch):
    """At a decision with many sets to lay, on a phone: the ways to lay wrap onto new lines, none of them past the
    window's right edge; the hint's rows are each the list's whole width, their figures in one column on screen."""
    with_hints(monkeypatch)
    made, view = table.drive(quick_server, 3, many_lays)
    monkeypatch.undo()
    context, page, errors = table.open_table(browser, quick_server, made, PHONE, True)
    try:
        page.wait_for_selector(".ss-lays .ss-lay")
        open_hint(page)
        page.screenshot(path=str(ARTIFACTS / "lays-hint-phone.png"))
        boxes = page.evaluate("""() => {
            const right = (sel) => [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect())
                .filter((r) => r.width > 0).map((r) => r.right);
            const rows = [...document.querySelectorAll('[data-testid=hint] ol > li')]
                .map((li) => li.getBoundingClientRect());
            const figures = [...document.querySelectorAll('[data-testid=hint] ol > li [data-testid=chance]')]
                .map((el) => el.getBoundingClientRect().right);
            const lays = [...document.querySelectorAll('.ss-lays .ss-lay')].map((el) => el.getBoundingClientRect());
            return { width: innerWidth, page: document.documentElement.scrollWidth, rows: rows.map((r) => r.width),
                     figures, lays: lays.map((r) => [r.top, r.right]),
                     past: [...right('[data-testid=hint] *'), ...right('.ss-lays *')]
                         .filter((x) => x > innerWidth + 1) };
        }""")
        assert boxes["page"] <= boxes["width"] and not boxes["past"], boxes
        assert len(boxes["rows"]) >= 2 and max(boxes["rows"]) - min(boxes["rows"]) <= 1, boxes
        assert max(boxes["figures"]) - min(boxes["figures"]) <= 1, boxes
        # more ways than one line holds: they wrap (a second line), never one row that scrolls sideways
        assert len({round(top) for top, _ in boxes["lays"]}) >= 2 or len(boxes["lays"]) <= 2, boxes
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_a_hand_of_ten_takes_two_rows_of_cards_as_wide_as_the_dock_allows(quick_server, browser):
    """Ten cards in hand on a phone: two rows of five, each card as wide as five a row allow where the dock has room
    (at 58 px a card's plane name was barely 7 px high), every card and the decision's controls on screen."""
    made, view = table.drive(
        quick_server,
        3,
        lambda v: len(v["observation"]["hand"]) >= 9 and any(a.startswith("discard ") for a in v["legal"]),
    )
    context, page, errors = table.open_table(browser, quick_server, made, PHONE, True)
    try:
        page.wait_for_function(
            "[...document.querySelectorAll('.dock .ss-hand svg.card')]"
            ".every((c) => c.getBoundingClientRect().width >= 66)"
        )
        cards = page.evaluate("""() => [...document.querySelectorAll('.dock .ss-hand svg.card')]
            .map((c) => { const r = c.getBoundingClientRect(); return [Math.round(r.top), r.bottom, r.right]; })""")
        assert len(cards) == len(view["observation"]["hand"]) and len({top for top, _, _ in cards}) == 2, cards
        assert all(bottom <= PHONE["height"] + 1 and right <= PHONE["width"] + 1 for _, bottom, right in cards), cards
        controls = page.evaluate("""() => [...document.querySelectorAll('.dock .decision-area [data-action]')]
            .map((c) => c.getBoundingClientRect().bottom)""")
        assert controls and all(bottom <= PHONE["height"] for bottom in controls), controls
        page.screenshot(path=str(ARTIFACTS / "hand10-phone.png"))
        assert not errors, errors
    finally:
        context.close()


def test_the_log_names_the_cards_another_player_took_from_the_face_up_pile(quick_server, browser):
    """The pile lies face up: when a bot takes from it, the page that saw the pile names the cards it took (review
    15b: 'Arthur took the top discard' said nothing of which card)."""
    made = httpx.post(quick_server.url + "/api/tables", json={
        "game": "squadron-scramble", "seed": 4,
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Arthur"}]}).json()
    context = browser.new_context(viewport=WIDE)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    take_seat(page, quick_server.url, made)
    page.wait_for_selector(".ss-board")
    chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
    named = {p["code"]: p for p in pack_data()["planes"]}
    try:
        url = f"{quick_server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
        piles: dict[int, list[str]] = {}
        taken: tuple[int, list[str]] | None = None
        with connect(url, open_timeout=10) as ann:
            while taken is None:
                view = json.loads(ann.recv(timeout=30))
                if view["type"] != "view":
                    continue
                obs = view["observation"]
                assert not view["over"], "the game ended before Arthur took from the pile"
                piles[len(obs["history"])] = list(obs["pile"])
                for at, (seat, action) in enumerate(obs["history"]):
                    if seat == 1 and action.startswith("take ") and at in piles:
                        n = int(action.split()[1])
                        taken = (at, piles[at][-n:][::-1])
                if taken is None and view["legal"]:
                    # (the page draws each view before the next move: what it saw of the pile is what it names)
                    page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) >= {view['moves']}")
                    action = chooser.act(obs, view["legal"])
                    ann.send(json.dumps({"type": "act", "action": action, "moves": view["moves"]}))
        at, cards = taken
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {at}")
        log = page.locator("[data-testid=play-log]").inner_text()
        line = next(text for text in log.splitlines() if "Arthur took the top" in text)
        assert line.split("took the top", 1)[1].count(":") == 1, line
        for card in cards:
            plane = named.get(card.split("/")[0])
            assert plane is None or plane["name"] in line, (card, line)
        assert not errors, errors
    finally:
        context.close()


def test_a_replay_opened_by_an_onlooker_calls_each_hand_by_its_players_name(quick_server, browser):
    """Review 15b: an onlooker's replay labelled Ann's cards 'Your hand (7)'."""
    made, info, _record = played_by_bots(quick_server.url, "squadron-scramble", 5, 2)
    table_id = made["id"]
    names = [s["name"] for s in info["seats"]]
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    try:
        page.goto(f"{quick_server.url}/replay/{table_id}")
        page.wait_for_selector(".views .board .ss-hand h3")
        heads = page.locator(".views .board .ss-hand h3").all_inner_texts()
        assert heads and not any(h.startswith("Your hand") for h in heads), heads
        assert all(any(h.startswith(f"{n}'s hand (") for n in names) for h in heads), (heads, names)
    finally:
        context.close()
