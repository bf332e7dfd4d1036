"""Review 19b: a cycle's match 4, played at a table of one match, was "match 4" in the page's title but "Match 1"
on its board ("Match 1: Me won 8-3") and in the replay's marks ("Match 1 start", "Match 1 end").  A table that plays
one match now names no match number there: "The match: ... won", "Start", "End"; the cycle's number stays the
title's."""

from __future__ import annotations

import time

import httpx
import pytest

from conftest import shot
from test_e2e_cycle_seats import new_cycle


@pytest.mark.bots_quick
def test_a_cycle_match_replay_names_no_match_number_of_its_own(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cycle, key = new_cycle(page, server.url)
    # match 2 of the cycle (Bob v Cat), played by bots
    made = httpx.post(
        f"{server.url}/api/cycles/{cycle}/matches/1/table",
        headers={"Authorization": f"Bearer {key}"},
        json={"seats": [{"kind": "bot", "bot": "club"}, {"kind": "bot", "bot": "club"}]},
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    deadline = time.monotonic() + 180
    while not (info := httpx.get(f"{server.url}/api/tables/{table}").json())["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.5)
    assert info["context"]["where"] == "match 2", info["context"]
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector(".views .board")
    assert "match 2" in page.locator("h1").inner_text()
    # (a single match: the step bar's own Start and End, and no row of marks repeating them, round 12)
    assert page.locator("[data-testid=replay-marks]").count() == 0
    # (the replay opens at the deal since review 24: the board names the match's end at the last step)
    page.locator("[data-testid=replay-stepbar] button", has_text="End").click()
    page.wait_for_selector(f"[data-testid=step]:has-text('After move {info['moves']} of {info['moves']}')")
    text = page.locator("main").inner_text()
    assert "Match 1" not in text and "match 1" not in text, text
    assert "The match: " in text and " won 8–" in text, text
    shot(page, "cycle-match-replay-names")
    assert not errors, errors
