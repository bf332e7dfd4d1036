"""Squadron Scramble as a third review found it: on a phone many ways to lay a set keep to one row and the hand
stays whole in the dock; in plane-spotting no two ways to lay read alike; a wrong name is answered whole by the
hand (the plane it is, and the turn it costs); and a hint asked for shows at once that the expert is thinking.

The person (seat 0) is played over the websocket up to the position wanted; the page is then opened on that
table at his turn (the bots wait for him there).
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import MOVES, PHONE, WIDE
from test_e2e_squadron_scramble_fit import wrong_name
from test_e2e_squadron_scramble_table import drive as drive_plain
from test_e2e_squadron_spotting import drive, open_table, snap

DATA = json.loads((Path(__file__).resolve().parents[2] / "src/parlour/games/squadron_scramble/data/planes.json")
                  .read_text())
PLANES = {p["code"]: p for p in DATA["planes"]}
NATIONS = {n["code"]: n["name"] for n in DATA["nations"]}


def many_lays(view: dict) -> bool:
    """At the person's turn with five ways or more to lay a set (two wild cards in hand make almost any card a set)."""
    return len([a for a in view["legal"] if a.startswith("lay ")]) >= 5


def test_on_a_phone_with_many_ways_to_lay_the_hand_stays_whole_in_the_dock_as_he_picks_a_set(quick_server, browser):
    """In plane-spotting no way to lay is listed (round 13: the player picks a set's cards himself, the matching of
    outlines being the test): with many ways open, "Lay a set" in the hand's heading, and the hand still lies whole
    in the dock as he picks."""
    made, view = drive(quick_server, 4, many_lays)
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        assert page.locator(".ss-lays").count() == 0
        page.click("[data-testid=pick-set]")
        page.locator("[data-testid=lay-these]").wait_for()
        fit = page.evaluate("""() => {
            const dock = document.querySelector('.dock');
            const top = dock.getBoundingClientRect().top;
            const cards = [...dock.querySelectorAll('.hand-area svg.card')].map((c) => c.getBoundingClientRect());
            return { scroll: dock.scrollHeight - dock.clientHeight, top, height: innerHeight,
                     cards: cards.map((r) => ({ top: r.top, bottom: r.bottom, width: r.width })) };
        }""")
        assert fit["scroll"] <= 1, fit
        assert len(fit["cards"]) == len(view["observation"]["hand"])
        for c in fit["cards"]:
            assert c["top"] >= fit["top"] - 1 and c["bottom"] <= fit["height"] + 1 and c["width"] >= 30, fit
        snap(page, "squadron-scramble-review3-many-lays-phone")
        assert not errors, errors
    finally:
        context.close()


def test_in_plane_spotting_no_way_to_lay_is_found_for_the_player(quick_server, browser):
    """Many ways to lay open: neither the move list nor the dock lists one (each would say which cards make a set,
    half the recognition test); the player picks the cards himself, and no plane is named on the way."""
    made, view = drive(quick_server, 4, many_lays)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.wait_for_selector(MOVES, state="attached")
        actions = page.locator(MOVES).evaluate_all("els => els.map((e) => e.dataset.action)")
        assert actions and not any(a.startswith("lay ") for a in actions), actions
        assert page.locator("[data-action^='lay ']").count() == 0
        page.click("[data-testid=pick-set]")
        page.locator("[data-testid=lay-these]").wait_for()
        said = page.inner_text(".dock")
        assert "Lay your" not in said, said
        for p in PLANES.values():                # (the plane is for the player to spot)
            assert p["name"] not in said, said
        snap(page, "squadron-scramble-review3-lay-choices-wide")
        assert not errors, errors
    finally:
        context.close()


def just_named_wrong(view: dict) -> bool:
    obs = view["observation"]
    hist = obs["history"]
    return bool(hist and hist[-1][0] == 0 and hist[-1][1].startswith("name ") and not obs["naming"][-1]["correct"])


def test_a_wrong_name_is_answered_whole_by_the_hand(quick_server, browser):
    made, view = drive_plain(quick_server, 7, just_named_wrong, choose=wrong_name)
    obs = view["observation"]
    said = obs["naming"][-1]
    plane = next(x["plane"] for x in obs["table"] if x["id"] == said["set"])
    plane = PLANES[plane]
    truth = f"You named it wrongly: it is the {plane['name']} ({NATIONS[plane['nation']]}); you miss your next turn"
    for size, touch in ((WIDE, False), (PHONE, True)):
        context, page, errors = open_table(browser, quick_server, made, size, touch)
        try:
            verdict = page.locator(".dock [data-testid=name-verdict]")
            verdict.wait_for()
            text = verdict.inner_text()
            assert text.startswith("You said: "), text
            box = verdict.evaluate("""(el) => { const r = el.getBoundingClientRect();
                return { whole: el.scrollWidth <= el.clientWidth + 1, top: r.top, bottom: r.bottom, height: innerHeight,
                         right: r.right, width: innerWidth }; }""")
            assert box["whole"] and box["top"] >= 0 and box["bottom"] <= box["height"], box
            assert box["right"] <= box["width"], box
            # (review 19c) the headline says the answer, once: the panel says what was said
            story = page.inner_text(".story")
            assert story == truth, story
            assert "Not quite" not in page.inner_text("body")
            snap(page, f"squadron-scramble-review3-wrong-name-{'phone' if touch else 'wide'}")
            assert not errors, errors
        finally:
            context.close()


def test_a_hint_asked_for_shows_at_once_that_the_expert_is_thinking(quick_server, browser):
    made, view = drive(quick_server, 7, lambda v: "draw stock" in v["legal"], hints=True)
    for size, touch in ((WIDE, False), (PHONE, True)):
        context, page, errors = open_table(browser, quick_server, made, size, touch)
        try:
            page.wait_for_selector("[data-testid=hint-button]")
            # (the click and the look in one step: the answer may come at any moment after)
            # (on a phone the Stop is pressed in the same step too, before an answer can have come back)
            at_once = page.evaluate("""(stopToo) => {
                document.querySelector('[data-testid=hint-button]').click();
                const slot = document.querySelector('.hint-slot');
                const thinking = slot.querySelector('[data-testid=hint-thinking]');
                const ring = slot.querySelector('.hint-busy');
                const seen = { busy: slot.getAttribute('aria-busy'), thinking: thinking ? thinking.textContent : null,
                         shown: thinking ? thinking.getClientRects().length > 0 : false,
                         disabled: slot.querySelector('[data-testid=hint-button]').disabled,
                         ring: ring ? [ring.getBoundingClientRect().width, getComputedStyle(ring).animationName] : null,
                         stop: !!slot.querySelector('[data-testid=hint-stop]') };
                if (stopToo && seen.stop) {
                    slot.querySelector('[data-testid=hint-stop]').click();
                    const button = document.querySelector('[data-testid=hint-button]');
                    seen.after = { thinking: document.querySelectorAll('[data-testid=hint-thinking]').length,
                                   enabled: !!button && !button.disabled };
                }
                return seen;
            }""", touch)
            assert at_once["busy"] == "true" and at_once["disabled"] and at_once["shown"], at_once
            assert "weighing your moves" in at_once["thinking"], at_once
            # the sign of thinking is drawn by the page (no glyph a machine's fonts may lack), and it may be stopped
            assert at_once["ring"][0] > 0 and at_once["ring"][1] == "hint-turn" and at_once["stop"], at_once
            if touch:
                # stopped, the player is back at his decision with the button on; asked again, the answer comes
                assert at_once["after"] == {"thinking": 0, "enabled": True}, at_once
                # and the stopped question's late answer (if one comes) does not open a hint by itself
                page.wait_for_timeout(1500)
                assert page.locator("[data-testid=hint]").count() == 0
                assert page.locator("[data-testid=hint-button]").is_enabled()
                page.wait_for_timeout(2100)             # (the server's pace for hints: HINT_EVERY)
                page.click("[data-testid=hint-button]")
            page.wait_for_selector("[data-testid=hint]", timeout=60000)
            assert page.locator(".hint-slot").get_attribute("aria-busy") is None
            assert page.locator("[data-testid=hint-thinking]").count() == 0
            assert not errors, errors
        finally:
            context.close()
