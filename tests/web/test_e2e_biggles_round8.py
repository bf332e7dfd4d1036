"""Biggles on a phone after review 18c, round 8:

- while the race runs the last moves are listed in the dock, over the Turn, Play and Stop buttons, the newest
  three whole (under the builds they slid beneath the dock as the builds grew), or in their place a refusal, whole;
- between matches the builds as the match ended and the score stay in sight above a compact summary (it covered
  the player's own build and the score line).
"""

from __future__ import annotations

import time

from conftest import ARTIFACTS

#: whether each of the newest three lines of the last moves is whole on screen, nothing lying over it
LOG_SEEN = """() => {
  const lines = [...document.querySelectorAll('[data-testid=event-log] li')].slice(0, 3);
  return lines.map((li) => {
    const r = li.getBoundingClientRect();
    const inside = r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
    const x = r.left + Math.min(20, r.width / 2);
    const over = inside ? [r.top + 2, r.bottom - 2].map((y) => document.elementFromPoint(x, y)) : [];
    return { text: li.textContent, whole: inside && over.every((el) => el && li.contains(el)) };
  });
}"""

#: where the score, each build (as the match ended) and the top of the dock lie
ROOM = """() => {
  const r = (sel) => { const b = document.querySelector(sel).getBoundingClientRect(); return [b.top, b.bottom]; };
  return { dock: r('.dock')[0], score: r('[data-testid=points]'), build0: r('.board [data-testid=build-0]'),
           build1: r('.board [data-testid=build-1]') }; }"""


def test_on_a_phone_the_last_moves_stay_whole_and_the_builds_stay_above_the_match_summary(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30000)
    try:
        page.goto(server.url + "/")
        page.click('[data-game="biggles"] >> text=New table')
        page.wait_for_selector("form.new")
        page.select_option("select[name=kind1]", "bot:practised")
        page.fill("input[name=name0]", "Ann")
        page.fill("input[name=v_matches]", "2")
        page.fill("input[name=v_deciders]", "0")
        page.fill("input[name=seed]", "5")
        page.click("text=Create the table")
        page.click("[data-testid=ready]")
        page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
        # Ann races too, pressing a key every quarter second (her builds and stops grow the board as a player's do)
        seen = listed = 0
        deadline = time.monotonic() + 150
        while not page.locator("[data-testid=match-summary]").count():
            assert time.monotonic() < deadline, "match 1 never ended"
            for key in ("t", "p", "s"):
                page.keyboard.press(key)
                page.wait_for_timeout(250)
            lines = page.evaluate(LOG_SEEN)
            if page.locator("[data-testid=match-summary]").count() or len(lines) < 3:
                continue
            refusal = page.locator(".dock .refusal.show")
            if refusal.count() and refusal.is_visible():
                # a refusal is said in the list's own slot, in its place (review 25): then it is the refusal that is
                # whole on screen, above the buttons
                box = refusal.evaluate("(el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom]; }")
                buttons = page.locator(".touch-controls").evaluate("(el) => el.getBoundingClientRect().top")
                assert box[0] >= 0 and box[1] <= buttons + 1, (box, buttons)
                seen += 1
                continue
            assert all(line["whole"] for line in lines), lines
            seen += 1
            listed += 1
            if seen == 10:
                page.screenshot(path=str(ARTIFACTS / "biggles-round8-phone-race-log.png"))
        assert seen >= 3 and listed >= 1, (seen, listed)
        # match 1 over: the score and both builds as it ended above the summary in the dock
        page.wait_for_selector("[data-testid=ready]")
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        room = page.evaluate(ROOM)
        page.screenshot(path=str(ARTIFACTS / "biggles-round8-phone-match-end.png"))
        for part in ("score", "build0", "build1"):
            top, bottom = room[part]
            assert top >= 0 and bottom <= room["dock"] + 1, (part, room)
    finally:
        context.close()
