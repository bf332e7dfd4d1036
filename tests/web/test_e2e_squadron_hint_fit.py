"""Squadron Scramble on a laptop with the hint open: the hint stands beside the prompt and the decision, and the hand
keeps its one row under both, whole on the screen with every control of the decision (a hand of nine in the
left column alone took two rows and ran to the window's foot)."""

from __future__ import annotations

import httpx

import test_e2e_squadron_scramble_table as table
from conftest import WIDE


def test_with_the_hint_open_the_hand_keeps_one_row_on_screen_beside_the_decision(quick_server, browser, monkeypatch):
    post = httpx.post
    # (the table made with hints: drive makes it through the API)
    monkeypatch.setattr(table.httpx, "post",
                        lambda url, json=None, **kw: post(url, json={**(json or {}), "hints": True}, **kw))
    made, view = table.drive(quick_server, 7, lambda v: v["observation"]["phase"] == "play"
                          and len(v["observation"]["hand"]) >= 9 and any(a.startswith("lay ") for a in v["legal"]))
    monkeypatch.undo()
    context, page, errors = table.open_table(browser, quick_server, made, WIDE)
    try:
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=chance]", timeout=20000)
        page.wait_for_timeout(300)
        table.snap(page, "squadron-scramble-hint-open-laptop")
        boxes = page.evaluate("""() => {
            const box = (s) => [...document.querySelectorAll(s)].map((e) => e.getBoundingClientRect())
                .map((r) => ({ top: Math.round(r.top), bottom: Math.round(r.bottom), left: r.left, right: r.right }));
            return { height: innerHeight, width: innerWidth, hand: box('.dock .hand-area svg.card'),
                     decision: box('.dock .decision-slot [data-action], .dock .decision-slot [data-choose]'),
                     hint: box('[data-testid=hint]') }; }""")
        assert len(boxes["hand"]) >= 9 and boxes["decision"] and boxes["hint"]
        # (review 25b: the rows were figures only) each row says under its move what it builds or keeps, in the words
        # the server worked out from Ann's own view, the analysis's reasons
        rows = page.locator("[data-testid=hint] [data-testid=hint-play]")
        said = {rows.nth(i).get_attribute("data-hint"):
                rows.nth(i).locator("[data-testid=hint-reason]").all_inner_texts() for i in range(rows.count())}
        reasons = view["observation"]["reasons"]
        assert said and all(texts == [reasons[action]] for action, texts in said.items() if action in reasons), said
        assert any(texts for texts in said.values()), said
        assert len({b["top"] for b in boxes["hand"]}) == 1, f"the hand takes more than one row: {boxes['hand']}"
        for b in boxes["hand"] + boxes["decision"] + boxes["hint"]:
            assert b["top"] >= 0 and b["bottom"] <= boxes["height"] and b["right"] <= boxes["width"], b
        assert not errors, errors
    finally:
        context.close()
