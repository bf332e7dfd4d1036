"""Biggles after reviews 20d and 21b, round 11, on a phone:

- the board's parts lie close together from its top (the room was shared out between them: empty green bands above
  the score, between the players and above the practice line), and the dock shows the race's last moves whole, all
  five of them (it showed three);
- at the game's end the result box's next steps, "Replay it · Play again", stand beside the headline in the first
  screen (the box lay below it);
- the bot's chip by the title stands out from the cream page: its words dark on it, its edge drawn (it was light
  grey on cream beside the player's gold chip);
- (review 24a) before Start the player's own hand, pile and build stand whole above the dock, under which the start
  box is one short line over Start (it was a long block of bold words, and the box covered the player's row); and
  (review 26) the opponent's level in one sentence over it.
"""

from __future__ import annotations

import re

from conftest import shot
from test_e2e_biggles import new_table

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
RACING = "document.querySelector('.status').textContent.includes('race is on')"
#: the board's shown parts, top and bottom each, after the board's own top; the dock's log lines (top, bottom, height)
BOARD = """() => { const board = document.querySelector('.board').getBoundingClientRect();
  const parts = [...document.querySelectorAll('.board > *')].filter((el) => el.offsetHeight > 0)
    .map((el) => { const r = el.getBoundingClientRect(); return [el.className, r.top, r.bottom]; });
  const log = [...document.querySelectorAll('.dock [data-testid=event-log] li')].map((li) => {
    const r = li.getBoundingClientRect(); return [r.top, r.bottom, r.height]; });
  return { top: board.top, parts, log, height: innerHeight }; }"""
#: before Start: the player's own row's foot and the dock's top; the start box's lines shown (its button's aside),
#: and those of them in bold type
START = """() => { const mine = document.querySelector('.bg-player.bg-mine').getBoundingClientRect();
  const dock = document.querySelector('.dock').getBoundingClientRect();
  const lines = [...document.querySelectorAll('.dock [data-testid=start] > :not(button)')]
    .filter((el) => el.offsetHeight > 0);
  return { mine: mine.bottom, dock: dock.top, words: lines.map((el) => el.innerText.trim()),
    bold: lines.filter((el) => Number(getComputedStyle(el).fontWeight) >= 600).map((el) => el.textContent) }; }"""
#: the bot's chip: its words' colour, its own colour, its edge (a drawn ring), and the page's colour
CHIP = """() => { const chip = [...document.querySelectorAll('.table-head .seat')]
    .find((el) => el.textContent.includes('bot'));
  const s = getComputedStyle(chip);
  return { text: s.color, back: s.backgroundColor, ring: s.boxShadow, border: s.borderTopColor,
           borderWidth: s.borderTopWidth, page: getComputedStyle(document.body).backgroundColor }; }"""


def _rgb(text: str) -> tuple[float, ...]:
    return tuple(float(x) for x in re.findall(r"[\d.]+", text)[:3])


def _contrast(a: str, b: str) -> float:
    def lum(c: tuple[float, ...]) -> float:
        ch = [x / 255 for x in c]
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    la, lb = sorted((lum(_rgb(a)), lum(_rgb(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_on_a_phone_the_board_is_tight_and_the_next_steps_stand_by_the_headline(server, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        new_table(page, server, "bot:practised", seed=5, matches=1)
        table = page.url.rsplit("/", 1)[1]
        # the bot's chip: its words readable on it, and the chip itself seen on the page (its edge 3:1 and more)
        chip = page.evaluate(CHIP)
        assert _contrast(chip["text"], chip["back"]) >= 4.5, chip
        edge = re.search(r"rgba?\([^)]*\)", chip["ring"] or "")
        edges = [chip["back"]] + ([edge.group(0)] if edge else [])
        if chip["borderWidth"] not in ("0px", ""):
            edges.append(chip["border"])
        assert max(_contrast(e, chip["page"]) for e in edges) >= 3, chip

        # before Start (review 24a): the player's own row whole above the dock, and the box one short line over
        # Start, in no bold type (a long block of bold words stood over the player's hand and pile)
        page.locator("[data-testid=start-short]").wait_for()
        start = page.evaluate(START)
        assert start["mine"] <= start["dock"] + 1, start
        # (review 26: the opponent's level, the first sentence of the laptop's line, is said there too: the whole line
        # was left out on a phone)
        assert start["words"] == [
            "Your opponent: Arthur, a bot at the Expert level, the quickest of the six bots on offer.",
            "A count of 3, 2, 1, then Go: nobody moves before it."], start
        assert not start["bold"], start
        shot(page, "biggles-round11-phone-start")
        page.locator("[data-testid=ready]").tap()
        page.wait_for_function(RACING)
        page.wait_for_function("document.querySelectorAll('[data-testid=event-log] li').length >= 4", timeout=60000)
        seen = page.evaluate(BOARD)
        # the parts close together from the board's top: no band of empty green above or between them
        tops = [seen["top"]] + [bottom for _, _, bottom in seen["parts"]]
        gaps = [top - above for (_, top, _), above in zip(seen["parts"], tops, strict=False)]
        assert max(gaps) <= 16, (gaps, seen)
        # every line of the dock's log shown whole, in the window
        assert len(seen["log"]) >= 4, seen
        assert all(height > 0 and bottom <= seen["height"] for _, bottom, height in seen["log"]), seen
        shot(page, "biggles-round11-phone-race")

        # the end: the headline at the top, the next steps beside it, in the first screen
        page.locator("[data-testid=result]").wait_for(timeout=120000)
        page.wait_for_function("window.scrollY === 0")
        steps = page.locator("[data-testid=next-steps]")
        page.locator("[data-testid=next-again]").wait_for()
        headline = page.locator("[data-testid=headline]").bounding_box()
        box = steps.bounding_box()
        assert headline and box and 0 <= box["y"] - (headline["y"] + headline["height"]) <= 16, (headline, box)
        assert box["y"] + box["height"] <= 844 / 2, box
        assert re.fullmatch(r"Replay it\s*·\s*Play again", steps.inner_text().strip()), steps.inner_text()
        assert page.get_attribute("[data-testid=next-replay]", "href") == f"/replay/{table}"
        shot(page, "biggles-round11-phone-end")
        # Play again there plays again: a new table with the same seats
        page.locator("[data-testid=next-again]").tap()
        page.wait_for_url(re.compile(r"/t/(?!%s$)[^/]+$" % re.escape(table)))
        page.wait_for_selector(".bg-board")
        assert not errors, errors
    finally:
        context.close()
