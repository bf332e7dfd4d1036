"""Round 13, the bot's level at the table (review 22a, item 8): a bot's chip said "Arthur · bot" whatever its level.
Now the level is said in words: on the chip ("Arthur · bot (Club player)") where the table's head has room for it,
else on the chip in short ("Arthur · Club", a phone's), else in one line of the head ("Bots: Arthur: Club player ·
Betty and Cyril: Casual player") where that has room, in each bot chip's title always, and in the seat's details
("Your seat on another device", opened).  The head never grows for it: a
laptop's Football Whist table still fits its window."""

from __future__ import annotations

import httpx
import pytest

from conftest import ARTIFACTS, PHONE, WIDE, take_seat

#: the head's height with the levels as drawn, and with every level word taken away; the levels seen on the page
HEAD = """() => { const head = document.querySelector('.table-head');
    const words = [...head.querySelectorAll('.seat .bot-level')], line = head.querySelector('[data-testid=bot-levels]');
    const chip = (w) => w.closest('.seat').innerText;
    const shown = words.filter((w) => !w.classList.contains('sr-only') && !w.hidden).map(chip);
    const short = [...head.querySelectorAll('.seat .bot-short')].filter((w) => !w.hidden).map(chip);
    const lineShown = line && !line.hidden ? line.innerText : null;
    const drawn = head.offsetHeight;
    const gone = [...words, ...head.querySelectorAll('.seat .bot-short')];
    const was = gone.map((w) => w.style.display);
    gone.forEach((w) => { w.style.display = 'none'; });
    head.querySelectorAll('.seat .bot-word').forEach((w) => { w.style.display = 'inline'; });
    const lineWas = line ? line.hidden : true;
    if (line) line.hidden = true;
    const bare = head.offsetHeight;
    gone.forEach((w, i) => { w.style.display = was[i]; });
    head.querySelectorAll('.seat .bot-word').forEach((w) => { w.style.display = ''; });
    if (line) line.hidden = lineWas;
    return { drawn, bare, shown, short, lineShown, height: document.documentElement.scrollHeight,
             titles: [...head.querySelectorAll('.seat')].map((s) => s.title) }; }"""

CASES = [
    ("football-whist", "desktop", ["heuristic", "casual", "casual"]),
    ("football-whist", "phone", ["heuristic", "casual", "casual"]),
    ("british-towns-sets", "desktop", ["heuristic"]),
    ("squadron-scramble", "phone", ["casual", "casual", "casual"]),
]


@pytest.mark.parametrize("game, size, bots", CASES)
def test_a_bots_level_is_said_at_the_table_and_the_head_does_not_grow(browser, quick_server, game, size, bots):
    seats = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": b} for b in bots]
    made = httpx.post(
        quick_server.url + "/api/tables", json={"game": game, "seats": seats, "seed": 3}, timeout=10
    ).json()
    context = browser.new_context(viewport=WIDE if size == "desktop" else PHONE)
    context.add_init_script("localStorage.setItem('parlour:pace', 'slow')")
    page = context.new_page()
    try:
        take_seat(page, quick_server.url, made)
        page.wait_for_selector(".table-head .seat[title]")
        got = page.evaluate(HEAD)
        page.screenshot(path=str(ARTIFACTS / f"round13-bot-levels-{game}-{size}.png"))
        # every bot chip's title says its level; the person's has none
        assert got["titles"][0] == "", got
        titles = {"heuristic": "Club player", "casual": "Casual player"}
        named = zip(got["titles"][1:], ["Arthur", "Betty", "Cyril"][: len(bots)], bots, strict=True)
        assert all(t.startswith(f"{n} is a bot: {titles[b]}.") for t, n, b in named), got
        # the head is no taller for the levels
        assert got["drawn"] == got["bare"], got
        if game == "football-whist" and size == "desktop":
            assert got["height"] <= 900, got  # (the laptop's table fits its window, as before)
        # where there is room the level is seen: on a chip, or in the head's line
        if game == "british-towns-sets":
            assert got["shown"] == ["Arthur · bot (Club player)"], got
        # a phone's chips have no room for the levels in full: each says its own in short, the chips on one line
        # (review 24: they read "Arthur · bot" whatever the level)
        if size == "phone":
            assert not got["shown"] and not got["lineShown"], got
            levels = ["Club" if b == "heuristic" else "Casual" for b in bots]
            names = ["Arthur", "Betty", "Cyril"]
            assert got["short"] == [f"{n} · {lv}" for n, lv in zip(names, levels, strict=True)], got
        if size == "desktop":
            assert got["shown"] or got["short"] or got["lineShown"], got
            if got["lineShown"]:
                assert got["lineShown"] == "Bots: Arthur: Club player · Betty and Cyril: Casual player", got
        # and the seat's details say them, opened
        page.click("[data-testid=seat-link] summary")
        said = page.inner_text("[data-testid=bot-levels-details]")
        first = "Arthur, Betty and Cyril" if bots == ["casual"] * 3 else "Arthur"
        assert said.startswith(f"The bots at this table: {first}: {titles[bots[0]]}"), said
    finally:
        context.close()
