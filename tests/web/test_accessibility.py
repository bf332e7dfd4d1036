"""axe-core finds no accessibility violation on any kind of page, whatever its impact.

Every kind of page is checked: home, rules, new table, each game's table in the
middle of play (as a player), a replay, a drive and a Biggles cycle.
"""

from __future__ import annotations

import httpx
import pytest

from conftest import BOARD_ACTIONS, wait_over

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

#: every impact axe reports (serious and critical ones are what a club must never ship; the rest we keep at none too)
IMPACTS = {"critical", "serious", "moderate", "minor"}


#: a moment's animations (a card's lift, a count's beat, Go fading out) finish first: axe would read their
#: half-faded colours as contrast faults; the pulsing of targets, which never ends, is left running
SETTLE_JS = """async () => { await Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity)
  .map((a) => a.finished.catch(() => null))); }"""


def violations(page) -> list[str]:
    page.evaluate(SETTLE_JS)
    results = axe_sync.Axe().run(page)
    found = [v for v in results.response["violations"] if v["impact"] in IMPACTS]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}" for v in found]


def check(page, width: int = 1280) -> None:
    for w in (width, 390):
        page.set_viewport_size({"width": w, "height": 844})
        found = violations(page)
        assert not found, f"{page.url} at {w} px:\n" + "\n".join(found)


def test_home_rules_and_new_table_pages(server, page):
    pages = ("/", "/rules/football-whist", "/rules/british-towns-asking", "/new/squadron-scramble", "/games", "/drives")
    for path in pages:
        page.goto(server.url + path)
        page.wait_for_selector("main h1")
        check(page)


@pytest.mark.parametrize("game", ["football-whist", "squadron-scramble", "british-towns-asking",
                                  "british-towns-sets", "biggles"])
def test_each_game_mid_play(server, page, game):
    page.goto(server.url + f"/new/{game}")
    page.wait_for_selector("form.new")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "3")
    page.click("text=Create the table")
    page.wait_for_selector(".board")
    if game == "biggles":
        page.wait_for_selector("[data-testid=ready]")
        check(page)                                      # the Start panel
        page.set_viewport_size({"width": 1280, "height": 844})
        page.click("[data-testid=ready]")
        page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
    else:
        page.wait_for_selector(BOARD_ACTIONS)
    check(page)


def test_replay_drive_and_cycle_pages(server, page):
    made = httpx.post(server.url + "/api/tables", json={
        "game": "british-towns-sets", "seats": [{"kind": "bot", "bot": "heuristic"}] * 2, "seed": 4}).json()

    class Api:          # wait_over asks a client with .get
        def get(self, path):
            return httpx.get(server.url + path)

    wait_over(Api(), made["id"])
    page.goto(server.url + f"/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    check(page)
    teams = ["Aston Villa", "Charlton", "Q. P. Rangers", "Swansea"]
    drive = httpx.post(server.url + "/api/drives", json={"teams": teams}).json()
    page.goto(server.url + f"/drives/{drive['id']}")
    page.wait_for_selector("table")
    check(page)
    cycle = httpx.post(server.url + "/api/cycles", json={"players": ["Ann", "Bob", "Cat"]}).json()
    page.goto(server.url + f"/cycles/{cycle['id']}")
    page.wait_for_selector("table")
    check(page)
