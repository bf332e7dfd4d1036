"""The whist drive after review 27b: with an odd number of teams, a round in which table 1 had a bye before anyone had
won the Cup read "null had a bye and kept the Cup"; it now says nobody played for the Cup that round.  And the rest of
that review: a seat whose join link was lost is handed on again by the organiser; a typed score closes the game's open
table; a drive table's seats stay inside its panel and say "not here yet"; "Stop after this round" is said and can be
undone; the bye and a tie with a team on a bye alone are explained; the last game's end names the champions."""

from __future__ import annotations

import time

import httpx
import pytest

from conftest import PHONE, WIDE, shot

CUP_ROUND = "async (p) => (await import('/static/tournaments.js')).cupRound(p)"


def test_the_cups_journey_says_a_bye_at_table_1_kept_it_for_nobody(server, page):
    page.goto(server.url + "/")
    bye = {"round": 2, "table": 1, "ground": "Arsenal", "score": None, "from": None, "to": None}
    nobody = page.evaluate(CUP_ROUND, bye)
    assert nobody == "Round 2: table 1 had a bye, so nobody played for the Cup; it stays on table 1", nobody
    assert "null" not in nobody
    held = page.evaluate(CUP_ROUND, {"round": 3, "table": 2, "ground": "Everton", "score": None, "from": "Everton 1",
                                     "to": "Everton 1"})
    assert held == "Round 3: Everton 1 had a bye and kept the Cup", held


# -- review 27b, the rest ---------------------------------------------------------------------------------------
# a lost seat handed on again; a typed score closes the table; the table's seats kept in its panel, "not here yet";
# the bots' "Stop after this round" said and undone; the bye and the ties explained; the last game names the champions

PARTED = "async (rows) => (await import('/static/tournaments.js')).partedWords(rows)"
BYE = "async (n) => (await import('/static/tournaments.js')).byeWords(n)"
TEAMS = ["Derby County", "Charlton", "Q.P. Rangers", "Swansea"]


def row_of(team: str, position: int, points: int, won=0, drawn=0, lost=0, byes=0, goals=(0, 0)) -> dict:
    f, a = goals
    text = "inf" if f and not a else f"{(f / a if a else 1):.3f}"
    return {"team": team, "position": position, "points": points, "won": won, "drawn": drawn, "lost": lost,
            "byes": byes, "goals_for": f, "goals_against": a, "goal_average_text": text}


def organiser_drive(server, **body) -> tuple[dict, dict]:
    made = httpx.post(server.url + "/api/drives", json={"teams": TEAMS, **body}).json()
    return made, {"Authorization": f"Bearer {made['key']}"}


def inside(page, inner: str, outer: str) -> list[str]:
    """The elements matching ``inner`` that stick out of the first ``outer`` (by more than a pixel)."""
    return page.evaluate("""([inner, outer]) => {
      const box = document.querySelector(outer).getBoundingClientRect();
      return [...document.querySelectorAll(inner)].filter((el) => { const r = el.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1; }).map((el) => el.textContent); }""", [inner, outer])


def test_a_ties_words_name_a_team_level_on_a_bye_and_the_bye_is_explained(server, page):
    page.goto(server.url + "/")
    rows = [row_of("Chelsea", 1, 2, won=1, goals=(6, 5)), row_of("Arsenal", 2, 1, drawn=1, goals=(3, 3)),
            row_of("Burnley", 2, 1, drawn=1, goals=(3, 3)), row_of("Everton", 2, 1, byes=1),
            row_of("Derby County", 5, 0, lost=1, goals=(5, 6))]
    said = page.evaluate(PARTED, rows)
    assert said == ["=2 Arsenal, Burnley and Everton, 1 pt each, level on goal average too (Everton, with only a bye "
                    "so far, counts as even): they share the place"], said
    assert page.evaluate(BYE, 1) == ("Bye: a round a team sits out, with no game; each is worth 1 point, as a draw "
                                     "is, once the rest of its round is in.")


def test_the_organiser_hands_a_lost_drive_seat_on_and_a_typed_score_closes_its_table(server, page, browser):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    made, auth = organiser_drive(server, rounds=1)
    # table 1 opened for Derby County's people by another browser: this one has none of its join links
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}] * 2
    table = httpx.post(f"{server.url}/api/drives/{made['id']}/fixtures/1/1/table", headers=auth,
                       json={"seats": seats}).json()["id"]
    page.set_viewport_size(WIDE)
    page.goto(server.url + made["organiser"])
    row = page.locator("tr[data-fixture='1-1']")
    row.locator("[data-testid=seat-links]").wait_for(timeout=30000)
    assert row.locator("[data-testid=sit-down]").all_inner_texts() == ["Sit down as Derby County 1",
                                                                       "Sit down as Derby County 2"]
    assert "Derby County 1's seat: hand it on with the buttons below." in row.inner_text()
    assert "went to whoever opened the table" not in row.inner_text()
    # (or, nobody having come, the game is given to bots)
    assert row.locator("[data-testid=give-to-bots]").inner_text().startswith("Let bots play this game instead (")
    row.locator("[data-seat='2'] [data-testid=copy-seat-link]").click()
    page.wait_for_function("() => document.querySelector(\"tr[data-fixture='1-1'] [data-seat='2'] "
                           "[data-testid=seat-link]\").textContent")
    link = row.locator("[data-seat='2'] [data-testid=seat-link]").inner_text()
    assert link.startswith(f"{server.url}/t/{table}#seat=2&key="), link
    shot(page, "drive-seat-links")
    # a watcher of the table: the seats not yet taken are "not here yet" (not "away": Away is a team here), the team
    # said once in each seat's box, and every box inside the table's panel at both sizes
    watcher = browser.new_context(viewport=WIDE).new_page()
    watcher.goto(f"{server.url}/t/{table}")
    watcher.locator(".fw-table .fw-seat").first.wait_for()
    chips = watcher.locator(".seats .seat").all_inner_texts()
    assert "Derby County 1 · not here yet" in chips and not any("away" in c for c in chips), chips
    names = watcher.locator(".fw-seat-name").all_inner_texts()
    assert all(n.count("Derby County") <= 1 and n.count("Charlton") <= 1 for n in names), names
    for size in (WIDE, PHONE):
        watcher.set_viewport_size(size)
        assert inside(watcher, ".fw-table .fw-seat", ".fw-table-box") == [], size
        shot(watcher, f"drive-table-seats-{size['width']}")
    watcher.context.close()
    # the organiser types the score in: the table closes, the row shows the score and no table to watch
    row.locator("input[name=home]").fill("6")
    row.locator("input[name=away]").fill("6")
    row.locator("button[type=submit]").click()
    row.locator("[data-testid=table-closed]").wait_for(timeout=30000)
    assert row.locator("[data-testid=table-closed]").inner_text() == "Its table was closed."
    assert "entered by the organiser" in row.locator("[data-testid=source]").inner_text()
    text = row.inner_text()
    assert "Watch" not in text and "(bots:" not in text and "bots)" not in text and "Waiting for" not in text, text
    assert row.locator("[data-testid=seat-links]").count() == 0
    info = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert info["over"] and info["result"]["abandoned"], info
    shot(page, "drive-typed-score-closed-table")
    assert not errors, errors


def test_stop_after_this_round_is_said_and_undone_and_the_fixtures_fit(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    made, auth = organiser_drive(server, rounds=2)
    page.set_viewport_size(WIDE)
    page.goto(server.url + made["organiser"])
    page.wait_for_selector("tr[data-fixture='1-2'] form.score button")
    # the score's Enter beside its boxes in every row, never under them in one and beside them in the next
    tops = page.evaluate("""() => [...document.querySelectorAll('tr[data-fixture] form.score')].map((f) => Math.abs(
      f.querySelector('button').getBoundingClientRect().top - f.querySelector('input').getBoundingClientRect().top))""")
    assert tops and max(tops) < 12, tops
    # table 1 played by bots of two levels (so each side's level is said by its name), then the bots let play the
    # rest of the round, and told to stop after it
    mixed = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}] * 2
    assert httpx.post(f"{server.url}/api/drives/{made['id']}/fixtures/1/1/table", headers=auth,
                      json={"seats": mixed}).status_code == 201
    assert httpx.post(f"{server.url}/api/drives/{made['id']}/simulate", headers=auth,
                      json={"bots": "random"}).is_success
    assert httpx.post(f"{server.url}/api/drives/{made['id']}/pause", headers=auth).is_success
    stopping = page.locator("[data-testid=bots-stopping]")
    stopping.wait_for(timeout=30000)
    assert stopping.inner_text().startswith("The bots finish the 2 games they are playing, then stop: nothing starts "
                                            "after this round until you let them go on."), stopping.inner_text()
    page.set_viewport_size(PHONE)
    shot(page, "drive-bots-stopping-phone")
    # on a phone each side's bots are said whole, under its name
    levels = page.locator("tr[data-fixture='1-1'] [data-testid=level]")
    assert levels.count() == 2
    cut = page.evaluate("""() => [...document.querySelectorAll("tr[data-fixture='1-1'] [data-testid=level]")]
      .filter((el) => el.getBoundingClientRect().right > el.closest('td').getBoundingClientRect().right + 1
        || el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)""")
    assert cut == [], cut
    page.click("[data-testid=resume-bots]")
    page.wait_for_selector("[data-testid=pause-bots]", timeout=30000)
    assert httpx.get(f"{server.url}/api/drives/{made['id']}").json()["bots"]["playing"]
    assert page.locator("[data-testid=bots-stopping]").count() == 0
    httpx.post(f"{server.url}/api/drives/{made['id']}/pause", headers=auth)
    assert not errors, errors


@pytest.mark.bots_quick
def test_the_drives_last_game_names_its_champions_at_full_time(server, page):
    made, auth = organiser_drive(server, rounds=1)
    assert httpx.post(f"{server.url}/api/drives/{made['id']}/entries", headers=auth,
                      json={"kind": "result", "round": 1, "table": 2, "home_goals": 1, "away_goals": 7}).is_success
    bots = [{"kind": "bot", "bot": "random"}] * 4
    table = httpx.post(f"{server.url}/api/drives/{made['id']}/fixtures/1/1/table", headers=auth,
                       json={"seats": bots, "seed": 3}).json()["id"]
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    page.set_viewport_size(WIDE)
    page.goto(f"{server.url}/t/{table}")
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=result-sent-words]')].some((x) => "
                           "x.textContent.startsWith(\"That was the drive's last game: \"))", timeout=30000)
    words = page.locator("[data-testid=result-sent-words]").first.inner_text()
    assert "League Champions" in words and "Result sent" not in words, words
    shot(page, "drive-last-game-full-time")
