"""Words on the pages around the tables: the home page's player counts, the finished list's winners, and the
replay's answer to a spectator who asks for the players' analysis."""

from __future__ import annotations

import time

import httpx

from conftest import shot


def test_the_home_page_gives_a_long_run_of_player_counts_as_a_lower_limit(server, page):
    page.goto(server.url + "/")
    card = page.locator('[data-game="british-towns-asking"]')
    card.wait_for()
    assert "3 or more players" in card.inner_text() and "43" not in card.inner_text()
    assert "2–4 players" in page.locator('[data-game="squadron-scramble"]').inner_text()


def test_one_teams_winners_are_named_by_their_team(server, page):
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
        const { resultText } = await import('/static/page.js');
        return [resultText({ winner: 'A' }, ['Q.P. Rangers 1', 'Q.P. Rangers 2']),
                resultText({ winner: 'A' }, ['Ann', 'Bob']), resultText({ winner: 0 }, ['Ann 2']),
                resultText({ winner: 'A' }, ['Ann 1', 'Bob 2'])]; }""")
    assert said == ["Won by Q.P. Rangers (1 & 2)", "Won by Ann & Bob", "Won by Ann 2", "Won by Ann 1 & Bob 2"]


def test_a_spectator_asking_for_the_analysis_is_told_in_words_whose_it_is(server, page):
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "british-towns-sets", "seed": 3, "sit": False, "seats": [{"kind": "bot", "bot": "random"}] * 2},
    ).json()
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    page.click("[data-testid=analyse]", force=True)
    error = page.locator("[data-testid=analyse-answer]")
    error.wait_for()
    text = error.inner_text()
    assert "for the players of this game" in text and "Bearer" not in text and "key" not in text, text


def test_changing_the_number_of_players_keeps_the_seats_already_filled_in(server, page):
    page.goto(f"{server.url}/new/british-towns-asking")
    page.wait_for_selector("form.new")
    page.fill("input[name=name0]", "Robin")
    page.select_option("select[name=kind1]", "bot:remembering")
    page.fill("input[name=name1]", "Uncle Fred")
    page.select_option("select[name=players]", "5")
    page.wait_for_selector("select[name=kind4]")
    assert page.input_value("input[name=name0]") == "Robin" and page.input_value("input[name=name1]") == "Uncle Fred"
    assert page.input_value("select[name=kind1]") == "bot:remembering"
    assert page.get_attribute("input[name=name0]", "placeholder") == "your name (needed)"


def finished_by_bots(url: str, game: str, seats: int, made: dict | None = None) -> dict:
    made = (
        made
        or httpx.post(
            url + "/api/tables",
            json={"game": game, "seed": 3, "sit": False, "seats": [{"kind": "bot", "bot": "random"}] * seats},
        ).json()
    )
    deadline = time.monotonic() + 90
    while not httpx.get(f"{url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return made


def test_the_replays_view_picker_and_the_heading_over_the_boards_agree(server, page):
    made = finished_by_bots(server.url, "british-towns-sets", 3)
    names = [s["name"] for s in httpx.get(f"{server.url}/api/tables/{made['id']}").json()["seats"]]
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    picked = "el => el.selectedOptions[0].textContent"
    heading = page.locator("[data-testid=views-heading]")
    page.wait_for_function("document.querySelector('[data-testid=views-heading]').textContent !== ''")
    assert heading.inner_text() == page.eval_on_selector("[data-testid=whose-view]", picked)
    # (review 20d: one board at first, the first seat's; a board each is still offered)
    assert heading.inner_text() == f"{names[0]}'s view" and page.locator(".views .board").count() == 1
    page.select_option("[data-testid=whose-view]", "all")
    page.wait_for_function("document.querySelectorAll('.views .board').length === 3")
    assert heading.inner_text().startswith("Every player's view")
    assert page.locator(".views .board").count() == 3  # a board each, each saying whose and which of three
    assert [b.inner_text() for b in page.locator(".views > .board > h3").all()] == [
        f"{n}'s view: board {i + 1} of 3" for i, n in enumerate(names)
    ]
    page.select_option("[data-testid=whose-view]", "1")
    page.wait_for_function("document.querySelectorAll('.views .board').length === 1")
    assert heading.inner_text() == f"{names[1]}'s view" == page.eval_on_selector("[data-testid=whose-view]", picked)
    shot(page, "replay-view-picker-wide")
    page.set_viewport_size({"width": 390, "height": 844})
    page.select_option("[data-testid=whose-view]", "all")
    page.wait_for_function("document.querySelectorAll('.views .board').length === 3")
    shot(page, "replay-view-picker-phone")


def test_a_drives_table_is_named_by_its_clubs_in_the_finished_list(server, page):
    teams = ["Swansea", "Everton", "Fulham", "Burnley"]
    drive = httpx.post(server.url + "/api/drives", json={"teams": teams}).json()
    fixture = httpx.get(f"{server.url}/api/drives/{drive['id']}").json()["rounds"][0][0]
    made = httpx.post(
        f"{server.url}/api/drives/{drive['id']}/fixtures/1/{fixture['table']}/table",
        headers={"Authorization": f"Bearer {drive['key']}"},
        json={"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 3},
    ).json()
    finished_by_bots(server.url, "football-whist", 4, made)
    page.goto(server.url + "/games")
    row = page.locator(f"tr[data-table='{made['id']}']")
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert cells[1] == f"{fixture['home']} v {fixture['away']}", cells
    # the result gives the score by the clubs' names (from the drive, not the page's own words), in the words of
    # every game's result (review 19b): the winner first, "beat"; a draw "drew"
    goals = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["result"]["goals"]
    home, away = (fixture["home"], goals["A"]), (fixture["away"], goals["B"])
    (w, wg), (lo, lg) = sorted([home, away], key=lambda x: -x[1])
    assert cells[2] == (f"{w} beat {lo} {wg}–{lg}" if wg != lg else f"{home[0]} and {away[0]} drew {wg}–{lg}"), cells
    assert not any(ch.isdigit() for ch in cells[1]), cells


def test_a_biggles_result_in_the_finished_list_says_who_beat_whom_and_by_how_many_points(server, page):
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "biggles",
            "seed": 3,
            "sit": False,
            "public": True,
            "variant": {"matches": 1, "deciders": 0},
            "seats": [{"kind": "bot", "bot": "club", "name": "Ann"}, {"kind": "bot", "bot": "club", "name": "Bob"}],
        },
    ).json()
    finished_by_bots(server.url, "biggles", 2, made)
    points = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["result"]["points"]
    (won, w), (lost, lo) = sorted(zip(["Ann", "Bob"], [points["P1"], points["P2"]], strict=True), key=lambda x: -x[1])
    page.goto(server.url + "/games")
    row = page.locator(f"tr[data-table='{made['id']}']")
    row.wait_for()
    assert row.locator("td").nth(2).inner_text() == f"{won} beat {lost} {w}–{lo} on points"
    shot(page, "finished-games-scores")
