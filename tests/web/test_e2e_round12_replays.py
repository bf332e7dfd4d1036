"""Replays after review 22d, round 12:

- on a phone the words of the move over the board are kept to three lines, and were cut there with "..." just where
  they said why the game ended; now "more" (or a tap on the words) shows them whole, and "less" folds them again;
- a race's (Biggles') replay says in one line why it has no expert's analysis, and where its story is told, as a
  drive's bots-only replay says its own reason; and a single match's replay has no "Go to: Start End" row under the
  step bar's own Start and End (a game of several matches keeps its jumps to each match's start and end).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import ARTIFACTS, PHONE, WIDE, Server, played_by_bots, shot, wait_over
from parlour.store import Store
from parlour.web.app import create_app

#: the words of the move: their lines shown, and whether any are cut off
CUT = """() => { const el = document.querySelector('[data-testid=step]');
  return { cut: el.scrollHeight > el.clientHeight + 1, height: el.clientHeight, text: el.textContent }; }"""


def test_on_a_phone_the_whole_words_of_the_last_move_can_be_read(quick_server, browser):
    made, _, _ = played_by_bots(quick_server.url, "british-towns-sets", 4, 2)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(f"{quick_server.url}/replay/{made['id']}")
        # (review 24: a replay opens at the deal, which gives nothing away; it opened at the end, the result in sight)
        page.wait_for_selector("[data-testid=step]:has-text('The deal')")
        assert page.locator(".replay-steps input").input_value() == "0"
        # the end is a tap away: the last move, and why the game ended
        page.locator("[data-testid=replay-stepbar] button", has_text="End").tap()
        page.wait_for_selector("[data-testid=step]:has-text(', the last')")
        assert page.locator("[data-testid=step-next]").count() == 0
        before = page.evaluate(CUT)
        assert before["cut"], before  # the ending's words run past three lines here
        more = page.locator("[data-testid=step-more]")
        assert more.is_visible() and more.inner_text() == "more"
        page.screenshot(path=str(ARTIFACTS / "round12-replay-phone-caption-cut.png"))
        more.tap()
        page.wait_for_function("document.querySelector('[data-testid=step]').classList.contains('open')")
        after = page.evaluate(CUT)
        assert not after["cut"] and after["height"] > before["height"], after
        # the whole of it lies on the screen, under nothing: the pinned bar grew to hold it
        box = page.locator("[data-testid=step]").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
        shot(page, "round12-replay-phone-caption-open")
        assert more.inner_text() == "less"
        more.tap()
        page.wait_for_function("!document.querySelector('[data-testid=step]').classList.contains('open')")
        assert page.evaluate(CUT)["cut"]
        # a tap on the words themselves opens them too
        page.locator("[data-testid=step]").tap()
        page.wait_for_function("document.querySelector('[data-testid=step]').classList.contains('open')")
        # a link that asks for a step opens there
        page.goto("about:blank")
        page.goto(f"{quick_server.url}/replay/{made['id']}#step=3")
        page.wait_for_selector("[data-testid=step]:has-text('Move 4 of ')")
        assert page.locator(".replay-steps input").input_value() == "3"
    finally:
        context.close()


@pytest.fixture(scope="module")
def one_match(tmp_path_factory):
    """A served database holding one finished Biggles game of one match, bots at both seats (the race run on a fast
    clock in-process): the server and the table."""
    db = Path(tmp_path_factory.mktemp("race")) / "race.db"
    with TestClient(create_app(Store(f"sqlite:///{db}"), bot_delay=0, clock=lambda: time.monotonic() * 30)) as client:
        made = client.post(
            "/api/tables",
            json={
                "game": "biggles",
                "seed": 5,
                "variant": {"matches": 1, "deciders": 0},
                "seats": [{"kind": "bot", "bot": "practised", "name": "Sam"}, {"kind": "bot", "bot": "practised"}],
            },
        )
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        wait_over(client, table, limit=240)
    srv = Server(f"sqlite:///{db}", 0.05).start()
    yield srv, table
    srv.stop()


def test_a_races_replay_says_why_it_has_no_analysis_and_repeats_no_start_and_end(one_match, page):
    srv, table = one_match
    page.set_viewport_size(WIDE)
    page.goto(f"{srv.url}/replay/{table}")
    page.wait_for_selector(".views .board")
    # one line where the expert's analysis would be, as a drive's bots-only replay has its own
    why = page.locator("[data-testid=no-analysis]")
    assert why.inner_text() == "No expert analysis for a race: “How the game went”, below, tells how each match went."
    assert page.locator("[data-testid=replay-account] summary").inner_text() == "How the game went"
    # the step bar's Start and End, and no second row of the same two under it
    bar = page.locator("[data-testid=replay-stepbar]")
    assert bar.locator("button", has_text="Start").is_visible() and bar.locator("button", has_text="End").is_visible()
    assert page.locator("[data-testid=replay-marks]").count() == 0
    assert "Go to" not in page.locator("main").inner_text()
    shot(page, "round12-race-replay-laptop")
