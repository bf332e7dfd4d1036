"""Help at the table in the browser: a Football Whist table made with hints, the Hint button and its chances,
and the expert's analysis of a finished game's moves on the replay page."""

from __future__ import annotations

import re
import time

import httpx

from conftest import shot
from test_accessibility import check

PERCENT = re.compile(r"^\d{1,3}%$")


def test_a_player_asks_for_a_hint_and_sees_his_moves_with_their_chances(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/new/football-whist")
    page.wait_for_selector("form.new")
    check(page)                                   # the new table's form, with its hints option
    page.set_viewport_size({"width": 1280, "height": 860})
    for i in (1, 2, 3):
        page.select_option(f"select[name=kind{i}]", "bot:heuristic")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "7")
    page.check("input[name=hints]")
    page.click("text=Create the table")
    page.wait_for_selector("[data-testid=hints-on]")
    page.wait_for_selector("[data-testid=hint-button]")
    legal = page.locator(".moves button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    assert len(legal) > 1
    page.click("[data-testid=hint-button]")
    page.wait_for_selector("[data-testid=hint] [data-testid=chance]")
    chances = page.locator("[data-testid=hint] [data-testid=chance]").all_inner_texts()
    offered = page.locator("[data-testid=hint] button[data-hint]").evaluate_all("els => els.map(e => e.dataset.hint)")
    assert sorted(offered) == sorted(legal)
    assert chances and all(PERCENT.match(c) or c == "not tried" for c in chances), chances
    shown = [int(c[:-1]) for c in chances if c.endswith("%")]
    assert shown and all(0 <= c <= 100 for c in shown)
    shot(page, "football-whist-hint")
    check(page)                                   # axe finds nothing wrong with the hint, wide or on a phone
    page.set_viewport_size({"width": 1280, "height": 860})
    moves = int(page.locator(".board").get_attribute("data-moves"))
    page.locator("[data-testid=hint] button[data-hint]").first.click()     # the expert's choice, played
    page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {moves}")
    assert not errors, errors


def test_the_replay_marks_the_costly_moves_of_the_seat_analysed(server, page):
    made = httpx.post(server.url + "/api/tables", json={
        "game": "football-whist", "seed": 3, "seats": [{"kind": "bot", "bot": "heuristic"},
                                                       {"kind": "bot", "bot": "random"}] * 2}).json()
    deadline = time.monotonic() + 90
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    page.select_option("select[aria-label='Whose moves to analyse']", "1")
    page.click("[data-testid=analyse]")
    page.wait_for_selector(".analysis-moves li", timeout=60_000)
    costly = page.locator(".analysis-moves li.costly")
    assert costly.count() >= 1, "a random player gives a lot away somewhere in a match"
    assert all("gave away" in t for t in costly.all_inner_texts())
    costly.first.locator("button").click()
    page.wait_for_selector(".analysis-moves li[aria-current]")
    step = page.locator("[data-testid=step]").inner_text()
    assert re.search(r"next, \S+ chose .+ \(\d+%; the expert: .+ \d+%\)", step), step
    shot(page, "football-whist-analysis")
    check(page)
