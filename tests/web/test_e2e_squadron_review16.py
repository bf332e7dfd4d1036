"""Squadron Scramble after the fresh-eyes review 16b: a table that stops after so many rounds says which round is the
last, and at the end that the round limit, not the target, decided the game."""

from __future__ import annotations

import re

import test_e2e_squadron_scramble_table as table
from conftest import ARTIFACTS, PHONE, WIDE, play_out
from parlour.bots import make_bot
from parlour.games import get_game
from parlour.games.squadron_scramble.cards import pack_data
from test_e2e_squadron_review13 import open_hint, with_hints

SHOTS = ARTIFACTS
SHORT = {p["code"]: p.get("short") or p["code"] for p in pack_data()["planes"]}
VIEW_NAME = {v["code"]: v["name"] for v in pack_data()["views"]}


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_table_limited_to_two_rounds_says_the_last_round_and_why_the_game_ended(quick_server, browser):
    """On a table limited to two rounds (the target out of reach) the round 1 count says round 2 is the last, the head
    says "Round 2 of 2", and the game-over line says the round limit was reached and the highest total wins."""
    made, view = table.drive(
        quick_server, 3, lambda v: v["observation"]["round"] == 2, seats=2, variant={"max_rounds": 2, "target": 5000}
    )
    context, page, errors = table.open_table(browser, quick_server, made, WIDE)
    try:
        count = page.locator("[data-testid=round-count]")
        page.get_by_test_id("last-count").click()       # (the page opened after the round: its count is one line)
        count.wait_for()
        said = count.inner_text()
        assert "Round 2 is the last round: after it the highest total wins." in said, said
        assert "First to 5000 wins." not in said, said
        shoot(page, "limit-round-count")
        page.click("[data-testid=count-go-on]")
        info = page.locator(".ss-info > span").first.inner_text()
        assert info.startswith("Round 2 of 2"), info
        chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
        play_out(quick_server.url, made, lambda v: chooser.act(v["observation"], v["legal"]))
        page.wait_for_function("document.body.innerText.includes('round limit was reached')", timeout=30000)
        text = page.locator("body").inner_text()
        assert "after 2 rounds (the round limit was reached: the highest total wins)" in text, text
        shoot(page, "limit-game-over")
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_the_open_hint_keeps_the_hands_top_row_in_view(quick_server, browser, monkeypatch):
    """At a draw with a long pile, on a phone, the hint's rows for a take are short ("Take 5 from the pile, down to
    ..."), its box keeps to a quarter of the screen and scrolls on its own, and the hand's top row stays in view."""
    with_hints(monkeypatch)
    made, view = table.drive(
        quick_server, 5, lambda v: v["observation"]["phase"] == "draw" and len(v["observation"]["pile"]) >= 5
    )
    monkeypatch.undo()
    pile = view["observation"]["pile"]
    context, page, errors = table.open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        open_hint(page)
        # (a row's move and its reason under it are lines of their own: read as one line of words)
        rows = [" ".join(r.split()) for r in page.locator("[data-testid=hint] li").all_inner_texts()]
        takes = [r for r in rows if r.split(" ", 1)[-1].startswith("Take")]
        assert takes, rows
        for row in takes:
            assert "Take the top" not in row and " from the pile" in row, row
            n = int(m.group(1)) if (m := re.search(r"Take (\d+) from the pile", row)) else 1
            low = pile[-n]
            if "/" in low:
                assert f"{SHORT[low.split('/')[0]]} ({VIEW_NAME[low.split('/')[1]]})" in row, (row, low)
        shoot(page, "phone-hint-open")
        boxes = page.evaluate("""() => {
            const r = (e) => e.getBoundingClientRect();
            const hint = document.querySelector('[data-testid=hint]');
            const card = document.querySelector('.dock .hand-area svg.card');
            return { height: innerHeight, hint: r(hint).height, scrolls: hint.scrollHeight > hint.clientHeight + 1,
                     card: { top: r(card).top, bottom: r(card).bottom } }; }""")
        assert boxes["hint"] <= 0.24 * boxes["height"] + 2, boxes
        assert boxes["card"]["top"] >= 0 and boxes["card"]["bottom"] <= boxes["height"], boxes
        if len(rows) >= 4:
            assert boxes["scrolls"], boxes
        assert not errors, errors
    finally:
        context.close()


SET_WORDS = """async ([bomber, fighter]) => {
    const mod = await import('/static/games/squadron-scramble.js');
    const seats = [{ name: 'Reviewer' }, { name: 'Arthur' }, { name: 'Cyril' }];
    const set = (id, by, plane, cards) => ({ id, by, plane, cards, extra: null, value: 15 });
    const obs = { seat_names: ['P1', 'P2', 'P3'], round: 1, recognition: false, hand: [],
        table: [set(1, 2, fighter, [`${fighter}/T`, 'KEF', `${fighter}/F`]),
                set(2, 1, bomber, [`${bomber}/T`, `${bomber}/S`, `${bomber}/F`])],
        captured: [[], [], []], history: [], naming: [], events: [] };
    const view = (seat) => ({ seats, seat, onlooker: false, observation: obs, legal: [] });
    return {
        add: mod.describe('add KEF 2', view(0), 1),
        addMine: mod.describe('add KEF 1', view(2), 2),
        shot: mod.describe('shoot 2', view(0), 2),
        shotMine: mod.describe('shoot 2', view(1), 2),
    };
}"""


def test_sets_are_named_by_owner_and_plane_with_no_number(quick_server, browser):
    """A move on a set says whose set and which plane, never its number: "to his Blenheim set" for a move on
    the mover's own set, "shot down Arthur's Bristol Blenheim set", "shot down your ... set"; the naming panel asks
    for the plane laid with no set number."""
    bomber = next(p for p in pack_data()["planes"] if p["kind"] == "bomber")
    fighter = next(p for p in pack_data()["planes"] if p["kind"] == "fighter")
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(quick_server.url + "/")
        said = page.evaluate(SET_WORDS, [bomber["code"], fighter["code"]])
        kef = next(w["name"] for c, w in pack_data()["wild"].items() if c == "KEF")
        assert said["add"] == f"added {kef} to his {SHORT[bomber['code']]} set", said
        assert said["addMine"] == f"added {kef} to your {SHORT[fighter['code']]} set", said
        assert said["shot"] == f"shot down Arthur's {bomber['name']} set", said
        assert said["shotMine"] == f"shot down your {bomber['name']} set", said
        assert not any("#" in s for s in said.values()), said
    finally:
        context.close()
    made, _ = table.drive(quick_server, 3, lambda v: v["observation"]["phase"] == "name", seats=2)
    context, page, errors = table.open_table(browser, quick_server, made, WIDE)
    try:
        # (round 14: said once, by the prompt, the panel under it with no heading repeating it)
        dock = page.locator(".dock").inner_text()
        assert dock.count("Name the plane you laid") == 1, dock
        assert "Name the plane you laid down, and its nation." in dock, dock
        assert page.locator(".ss-name h3").count() == 0
        assert "#" not in page.locator(".ss-name").inner_text()
        shoot(page, "naming-no-number")
        assert not errors, errors
    finally:
        context.close()
