"""The pages around the tables speak in words too: the games, each game's new-table form, the lists of tables in
play and finished, a drive on its night and a Biggles cycle, with axe-core finding nothing serious on any.

(The tables themselves, with their refusals, hints, summaries, replays and analyses, are judged at every
decision by test_e2e_sweep.py.)
"""

from __future__ import annotations

import re
import time

import httpx
import pytest

from sweep import texts, words

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")

GAMES = ["football-whist", "squadron-scramble", "british-towns-asking", "british-towns-sets", "biggles"]


def serious(page) -> list[str]:
    found = axe_sync.Axe().run(page).response["violations"]
    return [f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in found
            if v["impact"] in ("serious", "critical")]


def finish(server, game: str, seats: int, seed: int) -> str:
    made = httpx.post(server.url + "/api/tables", json={"game": game, "seats": [{"kind": "bot"}] * seats,
                                                        "seed": seed, "public": True}).json()
    deadline = time.monotonic() + 120
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, f"the bots did not finish {game}"
        time.sleep(0.2)
    return made["id"]


def test_the_pages_around_the_tables_read_in_words(server, page):
    for game, seats in [("british-towns-sets", 2), ("football-whist", 4), ("squadron-scramble", 2)]:
        finish(server, game, seats, 3)
    seen: dict[str, list[str]] = {}
    problems: list[str] = []

    def look(path: str, ready: str) -> None:
        for width in (1366, 390):
            page.set_viewport_size({"width": width, "height": 900 if width > 400 else 844})
            page.goto(server.url + path)
            page.wait_for_selector(ready)
            seen.setdefault(path, []).extend(texts(page))
            problems.extend(f"{path} at {width} px: {p}" for p in serious(page))

    look("/", "[data-game]")
    for game in GAMES:
        look(f"/new/{game}", "form.new select[name=kind1]")
    look("/games", "table.list")
    teams = ["Aston Villa", "Charlton", "Q. P. Rangers", "Swansea", "Everton", "Fulham", "Burnley", "Wolves"]
    drive = httpx.post(server.url + "/api/drives", json={"teams": teams}).json()
    httpx.post(f"{server.url}/api/drives/{drive['id']}/simulate", headers={"Authorization": f"Bearer {drive['key']}"},
               json={"seed": 5}, timeout=120)
    look(f"/drives/{drive['id']}", "[data-testid=league]")
    cycle = httpx.post(server.url + "/api/cycles", json={"players": ["Ann", "Bob", "Cat"]}).json()
    look(f"/cycles/{cycle['id']}", "table")
    look("/drives", "h1")
    slips = {path: words(found) for path, found in seen.items()}
    assert not problems and not any(slips.values()), "\n".join(problems + [f"{p}: {s}" for p, s in slips.items() if s])
    finished = " ".join(seen["/games"])
    assert any(w in finished for w in ("Won by", "A draw", " beat ", " drew "))  # results by the names at the table
    assert re.search(r"\S \d+–\d+ \S", finished), finished        # with the score, where the rules keep one
