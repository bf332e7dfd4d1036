"""Biggles after review 13: a finished game is told in words, the race's card moves stay readable, and the end is in
view on a phone.

- A log of the last five card moves, newest first (aria-live), under the builds, above the dock's buttons.
- Between matches the status line only says what to do: the summary says who won the match.
- At the end the headline ("Arthur won 2 matches to 0, 16 points to 0.") opens the phone's page at its top; under
  the result, how each match went (stops, stops missed, cards turned past, longest build run), in words, from the
  server's account of the record; after a loss to a bot, an easier bot is offered.
- The replay plays itself (Play, Pause), and the match ends are ticked on its step bar.
"""

from __future__ import annotations

import re

import httpx
import pytest

from conftest import shot
from test_e2e_biggles import new_table

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: a card as the rules write it, or a seat's id: never shown to a person
CODES = re.compile(r"\b([KR][1-7]x?|BIG|P[12])\b")
RACING = "document.querySelector('.status').textContent.includes('race is on')"


@pytest.mark.race_clock
def test_a_lost_game_is_told_match_by_match_with_its_headline_in_view_and_an_easier_bot_offered(server, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        new_table(page, server, "bot:practised", seed=5, matches=2)
        table = page.url.rsplit("/", 1)[1]
        page.locator("[data-testid=ready]").tap()
        page.wait_for_function(RACING)
        # the person waits: the bot's card moves go into the log, newest first
        page.wait_for_function("document.querySelectorAll('[data-testid=event-log] li').length >= 3", timeout=60000)
        log = page.locator("[data-testid=event-log]")
        assert log.get_attribute("aria-live") == "polite"
        # (read at one moment: the board is drawn afresh with each of the bot's moves)
        seen = page.evaluate("""() => {
            const log = document.querySelector('[data-testid=event-log]');
            const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; };
            return { at: [...log.children].map((li) => Number(li.dataset.i)),
                     lines: [...log.children].map((li) => li.textContent),
                     log: box(log), mine: box(document.querySelector('.bg-player.bg-mine')),
                     buttons: box(document.querySelector('.touch-controls')) }; }""")
        assert 3 <= len(seen["at"]) <= 5 and seen["at"] == sorted(seen["at"], reverse=True), seen
        assert all(
            re.fullmatch(r"Arthur played (black [1-7] to the build|Biggles!)", line) for line in seen["lines"]
        ), seen
        # under the person's own cards, above the Turn, Play and Stop buttons: it covers neither
        assert seen["mine"]["bottom"] <= seen["log"]["top"] and seen["log"]["bottom"] <= seen["buttons"]["top"], seen
        shot(page, "biggles-event-log-phone")

        # match 1 over: the summary says who won it, the status line only what to do
        page.locator("[data-testid=match-summary]").wait_for(timeout=90000)
        status = page.locator(".status").inner_text()
        assert status == "Press Ready when you want match 2.", status
        assert "Arthur wins match 1" in page.locator("[data-testid=match-summary]").inner_text()
        # (a game made with no deciding match: the next is named as the last, with no decider promised)
        assert page.locator("[data-testid=match]").inner_text().lower() == "next: match 2 of 2"
        page.locator("[data-testid=ready]").tap()
        page.locator("[data-testid=result]").wait_for(timeout=120000)

        # the headline at the top of the window, as the end opens
        headline = page.locator("[data-testid=headline]")
        page.wait_for_function("window.scrollY === 0")
        box = headline.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844 / 2, box
        assert headline.inner_text() == "Arthur won 2 matches to 0, 16 points to 0.", headline.inner_text()
        shot(page, "biggles-game-over-phone")

        # how each match went, from the server's account of the record
        account = httpx.get(f"{server.url}/api/tables/{table}").json()["after_game"]
        assert [m["match"] for m in account["matches"]] == [1, 2]
        told = page.locator("[data-testid=after-game]").inner_text()
        assert not CODES.search(told), told
        for match in (1, 2):
            part = page.locator(f"[data-testid=after-match-{match}]").inner_text()
            assert f"Match {match}: Arthur won 8–0" in part, part
            assert "You never stopped Arthur; Arthur never stopped you." in part, part
            assert "Stops missed" in part and "turned past" in part, part
            # (nobody stopped Arthur: the whole build, black 1 to Biggles, was one run)
            assert "You built nothing; Arthur 8 cards in a row (black 1 to Biggles)." in part, part
        # lost to the Expert bot: the next level down is offered, at a new table
        easier = page.locator("[data-testid=easier-go]")
        assert easier.inner_text() == "Try an easier opponent: Club player level"
        page.set_viewport_size({"width": 1366, "height": 900})
        # (review 26) at a laptop's size the end opens with the match-by-match table in the first screen, its two
        # players' columns alike (the first took two thirds of the table)
        page.reload()
        page.locator("[data-testid=ending] table").wait_for()
        page.wait_for_function("window.scrollY === 0")
        table_box = page.evaluate("""() => { const t = document.querySelector('[data-testid=ending] table');
            const r = t.getBoundingClientRect();
            return { bottom: r.bottom, widths: [...t.querySelectorAll('thead th')].map((th) => th.offsetWidth) }; }""")
        assert table_box["bottom"] <= 900, table_box
        assert abs(table_box["widths"][2] - table_box["widths"][3]) <= 2, table_box
        shot(page, "biggles-game-over-desktop")

        # the replay: match ends ticked on the step bar, and Play steps on by itself until Pause
        page.goto(f"{server.url}/replay/{table}")
        page.wait_for_selector(".views .board")
        ticks = page.locator("[data-testid=replay-ticks] option").evaluate_all("els => els.map((e) => Number(e.value))")
        marks = page.locator("[data-testid=replay-marks] button").evaluate_all(
            "els => els.map((e) => Number(e.dataset.step))"
        )
        assert ticks == marks and len(ticks) == 4, (ticks, marks)
        assert page.locator(".replay-steps input[type=range]").get_attribute("list") == "replay-ticks"
        # the account of the game is there too, folded under the controls
        page.locator("[data-testid=replay-account] summary").tap()
        assert "Match 2: Arthur won 8–0" in page.locator("[data-testid=replay-account]").inner_text()
        play = page.locator("[data-testid=autoplay]")
        play.tap()  # from the end: again from the deal
        page.wait_for_function(
            "/^After move [3-9] /.test(document.querySelector('[data-testid=step]').textContent)", timeout=20000
        )
        assert play.get_attribute("aria-pressed") == "true" and play.inner_text().startswith("Pause")
        play.tap()
        assert play.get_attribute("aria-pressed") == "false" and play.inner_text().startswith("Play")
        shot(page, "biggles-replay-autoplay")

        page.goto(f"{server.url}/t/{table}")
        page.locator("[data-testid=easier-go]").click()
        page.wait_for_function(f"!location.pathname.endsWith('{table}')")
        made = httpx.get(f"{server.url}/api/tables/{page.url.rsplit('/', 1)[1]}").json()
        assert [s.get("bot") for s in made["seats"]] == [None, "club"], made["seats"]
        assert not errors, errors
    finally:
        context.close()
