"""A game played for a drive or a cycle keeps its context: its table, its end and its replay name the tournament,
the fixture and the sides by team ("Saturday Drive · round 1, table 1: Aston Villa 3–3 Burnley"), lead back to it,
and its end says the result went to the tournament instead of offering a casual game after it."""

from __future__ import annotations

import re

from conftest import play_out, shot, take_seat
from test_e2e_tournaments_live import organiser_key


def test_a_drive_game_names_its_drive_and_teams_on_its_table_end_and_replay(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] input[name=title]", "Saturday Drive")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nBurnley\nQ.P. Rangers\nSwansea")
    page.fill("[data-testid=new-drive] input[name=rounds]", "1")
    page.click("text=Create the drive")
    page.wait_for_selector("tr[data-fixture='1-1']")
    drive = page.url.rstrip("/").split("/")[-1].split("#")[0]
    key = organiser_key(page)
    bot = {"kind": "bot", "bot": "random"}
    answer = page.request.post(f"{server.url}/api/drives/{drive}/fixtures/1/1/table",
                               data={"seats": [{"kind": "person"}, bot, bot, bot]},
                               headers={"Authorization": f"Bearer {key}"})
    assert answer.ok, answer.text()
    made = answer.json()
    info = page.request.get(f"{server.url}/api/tables/{made['id']}").json()
    home, away = info["context"]["sides"]
    assert info["context"]["name"] == "Saturday Drive" and info["context"]["where"] == "round 1, table 1"
    play_out(server.url, made, lambda view: view["legal"][0])
    take_seat(page, server.url, made)
    page.wait_for_selector("[data-testid=result]")
    if page.locator("[data-testid=sheet-game-over]").count():          # the last summary, over the table
        said = page.inner_text("[data-testid=sheet-game-over]")
        assert "Result sent to the drive · Back to the drive" in said and "Play again" not in said, said
        page.click("[data-testid=go-on]")
    info = page.request.get(f"{server.url}/api/tables/{made['id']}").json()
    a, b = info["context"]["figures"]
    title = f"Saturday Drive · round 1, table 1: {home} {a}–{b} {away}"
    page.wait_for_function("t => document.querySelector('[data-testid=table-title]').textContent === t", arg=title)
    # the end: the result went to the drive, and the way back; no casual "Play again" after it
    said = page.inner_text("[data-testid=result]")
    assert "Result sent to the drive · Back to the drive" in said, said
    assert page.locator("[data-testid=again], [data-testid=sheet-again]").count() == 0
    assert page.get_attribute("[data-testid=result] [data-testid=back-to-tournament]", "href") == f"/drives/{drive}"
    assert page.get_attribute("[data-testid=tournament-path] a", "href") == f"/drives/{drive}"
    # the sides by team, not by their seats ("Aston Villa 1 & Aston Villa 2")
    who = page.locator(".fw-side-who").all_inner_texts()
    assert who == [home, away], who
    final = page.inner_text("[data-testid=board-result]")
    assert "Partners" not in final and (a == b or (home if a > b else away) in final), final
    # review 24: the letters A and B, "partners A", "A attack", gave way to the teams wherever they are known
    assert sorted(set(page.locator(".fw-chip").all_inner_texts())) == sorted([home, away])
    assert [t.split(" (")[0] for t in page.locator(".fw-side-name").all_inner_texts()] == ["Home", "Away"]
    text = page.inner_text("main")
    assert "partners A" not in text and "partners B" not in text and "A attack" not in text, text
    assert f"({home})" in text or f"({away})" in text, text           # "Ann won the trick (Aston Villa)"
    # the log's half-time line and the scorers under the result by team too ("partners B lead 1–0 · tricks A 6, B 5",
    # "B: Burnley 2 scored 1" came back beside the teams' names)
    teams = f"({re.escape(home)}|{re.escape(away)})"
    half = page.inner_text("[data-testid=log-half-time]")
    assert re.fullmatch(rf"Half time: ({teams} lead|level at) \d+–\d+ · tricks {re.escape(home)} \d+, "
                        rf"{re.escape(away)} \d+ · ends changed", half), half
    goals = page.inner_text("[data-testid=scorers]")
    assert goals == "No goals in the match" or all(
        re.match(rf"{teams}: ", line) for line in goals.removeprefix("Goals · ").split(" · ")), goals
    shot(page, "drive-game-end")
    # the replay says the same, and leads back
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector("[data-testid=replay-title]")
    assert page.inner_text("[data-testid=replay-title]") == title
    assert page.get_attribute("[data-testid=back-to-tournament]", "href") == f"/drives/{drive}"
    assert page.inner_text("[data-testid=back-to-tournament]") == "Back to the drive"
    shot(page, "drive-game-replay")
    assert not errors, errors


def test_a_cycle_match_names_its_cycle_and_leads_back(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob\nCat")
    page.click("text=Create the cycle")
    page.wait_for_selector("tr[data-match='1']")
    cycle = page.url.rstrip("/").split("/")[-1].split("#")[0]
    # (Bob's match 2 waits for his match 1, an earlier sitting's: its result first)
    entered = page.request.post(f"{server.url}/api/cycles/{cycle}/entries",
                                data={"kind": "result", "match": 0, "blue_points": 8, "red_points": 5},
                                headers={"Authorization": f"Bearer {organiser_key(page)}"})
    assert entered.ok, entered.text()
    answer = page.request.post(f"{server.url}/api/cycles/{cycle}/matches/1/table",
                               data={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "gentle"}]},
                               headers={"Authorization": f"Bearer {organiser_key(page)}"})
    assert answer.ok, answer.text()
    made = answer.json()
    take_seat(page, server.url, made)
    page.wait_for_selector("[data-testid=table-title]")
    title = page.request.get(f"{server.url}/api/cycles/{cycle}").json()["title"]
    assert title.startswith("Biggles cycle, ")         # (round 6: named for the day it was made)
    assert page.inner_text("[data-testid=table-title]") == f"{title} · match 2: Bob v Cat"
    assert page.inner_text("[data-testid=back-to-tournament]") == "Back to the cycle"
    assert page.get_attribute("[data-testid=back-to-tournament]", "href") == f"/cycles/{cycle}"
    # (no casual offers at a cycle's match: its next opponent is the cycle's)
    page.wait_for_selector("[data-testid=start]")
    assert "offered here when you win" not in page.inner_text("[data-testid=start]")
    shot(page, "cycle-match-phone")
    # a casual table says nothing of tournaments
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "gentle"}]
    casual = page.request.post(f"{server.url}/api/tables", data={"game": "biggles", "seats": seats})
    assert casual.ok and page.request.get(f"{server.url}/api/tables/{casual.json()['id']}").json()["context"] is None
    assert not errors, errors
