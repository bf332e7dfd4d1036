"""Round 14: a cycle's round listed its matches in the ring's order, sitting 1 and sitting 2 alternating; a drive
over folded every round but its last, and its Cup's list began where the Cup first changed hands."""

from __future__ import annotations

import re

import httpx

from test_e2e_cycle_seats import new_cycle


def test_a_cycles_round_lists_its_matches_sitting_by_sitting(server, page):
    new_cycle(page, server.url)
    rows = page.locator("tr.sitting-head, tr[data-match]")
    order = [(r.get_attribute("data-sitting"), r.get_attribute("data-match")) for r in rows.all()]
    heads = [k for k, _ in order if k]
    assert heads == ["1", "2"], order
    # under each sitting's line only that sitting's matches, numbered in the order they are played: 1 and 2, then
    # 3 and 4 (review 24: they read 1 and 3, then 2 and 4, while the printed sheet read 1, 2, 3, 4)
    matches = [m for _, m in order]
    assert matches == [None, "0", "1", None, "2", "3"], order
    assert page.locator("tr.sitting-head").first.inner_text() == "Sitting 1 of 2"
    shown = [r.inner_text().split("\n")[0].split("\t")[0] for r in page.locator("tr[data-match] td:first-child").all()]
    assert shown == ["Match 1", "Match 2", "Match 3", "Match 4"], shown
    cycle = page.url.rstrip("/").split("/")[-1].split("#")[0]
    sheet = httpx.get(f"{server.url}/cycles/{cycle}/sheet").text
    pairs = re.findall(r'<tr class="match"><td>(\d+)</td><td class="name">(\w+)</td><td></td><td class="name">(\w+)',
                       sheet)
    assert pairs == [("1", "Ann", "Ruth"), ("2", "Bob", "Cat"), ("3", "Ruth", "Bob"), ("4", "Cat", "Ann")], pairs


def test_a_drive_over_shows_every_round_and_the_cups_journey_from_round_1(server, page):
    made = httpx.post(f"{server.url}/api/drives", json={"title": "Three", "teams": ["Lions", "Tigers", "Bears"],
                                                         "rounds": 3}).json()
    auth = {"Authorization": f"Bearer {made['key']}"}
    drive = httpx.get(f"{server.url}/api/drives/{made['id']}").json()
    for games in drive["rounds"]:
        for f in games:
            if not f["bye"]:
                # round 1's game at table 1 drawn: the Cup stays on table 1
                goals = (2, 2) if f["round"] == 1 else (3, 1)
                entered = httpx.post(f"{server.url}/api/drives/{made['id']}/entries", headers=auth, json={
                    "kind": "result", "round": f["round"], "table": f["table"], "home_goals": goals[0],
                    "away_goals": goals[1]})
                assert entered.status_code < 300, entered.text
    page.goto(f"{server.url}/drives/{made['id']}")
    page.wait_for_selector("[data-testid=champions]")
    assert page.locator("details[data-folded]").count() == 0
    assert page.locator("section.round").count() == 3
    journey = page.locator("[data-testid=cup-journey] li").all_inner_texts()
    assert journey[0].startswith("Round 1, ") and journey[0].endswith("drawn, so the Cup stays on table 1"), journey
