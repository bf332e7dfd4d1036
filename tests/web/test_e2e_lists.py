"""Words on the pages around the tables: the home page's player counts, the finished list's winners, and the
replay's answer to a spectator who asks for the players' analysis."""

from __future__ import annotations

import re
import time

import httpx
import pytest

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


@pytest.mark.bots_quick
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


@pytest.mark.bots_quick
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


@pytest.mark.bots_quick
def test_a_biggles_match_in_the_finished_list_says_who_played_biggles_first_and_the_points(server, page):
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
    # (a single match is won by playing Biggles first, as the rule sheet scores it, not on points: review 25)
    assert row.locator("td").nth(2).inner_text() == f"{won} played Biggles first, {w}–{lo}"
    shot(page, "finished-games-scores")


def test_own_finished_game_reads_its_name_first_says_today_and_offers_its_analysis(server, browser):
    """Review 24: the list had "Replay" but no way to the analysis; "· hints on" broke onto a line of its own in small
    text; times lacked "today"; on a phone the game's name was small grey text under the result."""
    import random

    from conftest import PHONE, WIDE, play_out, stood_in_analysis

    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "british-towns-sets", "seed": 5, "hints": True,
              "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]},
    ).json()
    pick = random.Random(0)
    play_out(server.url, made, lambda view: pick.choice(view["legal"]), limit=120)
    for size in (WIDE, PHONE):
        touch = {"is_mobile": True, "has_touch": True} if size == PHONE else {}
        context = browser.new_context(viewport=size, **touch)
        try:
            page = context.new_page()
            page.goto(server.url + "/")
            page.evaluate("([id, seat]) => localStorage.setItem(`parlour:${id}`, JSON.stringify(seat))",
                          [made["id"], {"seat": made["seat"], "token": made["token"]}])
            page.goto(server.url + "/games")
            row = page.locator(f"tr[data-table='{made['id']}']")
            row.wait_for()
            title, hints = row.locator(".game-title"), row.locator("[data-testid=hints-on]")
            result = row.locator("td.result")
            when = row.locator("[data-testid=finished-at]").inner_text()
            assert when.startswith(("today, ", "yesterday, ")), when
            analyse = row.locator("[data-testid=list-analyse]")
            assert analyse.inner_text() == "Analyse"
            assert analyse.get_attribute("href") == f"/replay/{made['id']}#analyse"
            if size == WIDE:
                # "hints on" on the name's own line, as large as the name
                t, h = title.bounding_box(), hints.bounding_box()
                assert abs(t["y"] - h["y"]) < 3 and h["x"] > t["x"], (t, h)
                size_of = "el => getComputedStyle(el).fontSize"
                assert title.evaluate(size_of) == hints.evaluate(size_of)
                shot(page, "finished-games-own-wide-review24")
                # the link opens the replay with the player's analysis under way (the expert's answer stood in)
                page.route(re.compile(r"/analysis\?seat=\d+$"), lambda route: route.fulfill(
                    json=stood_in_analysis(made["id"], "british-towns-sets", 0, "Ann", [])))
                analyse.click()
                page.wait_for_selector("[data-testid=analysis] h2:has-text('as the expert sees them')")
            else:
                # the game's name first, in the text's own colour; the result under it
                assert title.bounding_box()["y"] < result.bounding_box()["y"]
                colour = "el => getComputedStyle(el).color"
                assert title.evaluate(colour) == page.locator("body").evaluate(colour)
                assert page.evaluate("document.documentElement.scrollWidth") <= 390
                shot(page, "finished-games-own-phone-review24")
        finally:
            context.close()


def test_the_asking_games_result_in_the_lists_gives_the_regions_laid():
    """Review 25c: the lists gave the asking game's result as a bare "Won by Betty", the others with their score: its
    line now has the regions each player laid, as the rules count them (the lists' words are the lobby's, from this)."""
    from parlour.web.routers.tables import _score

    row = {"finished": True, "game": "british-towns-asking",
           "seats": [{"name": "Rev"}, {"name": "Arthur"}, {"name": "Betty"}],
           "result": {"regions": {"P1": 1, "P2": 2, "P3": 4}, "cards_in_regions": {"P1": 4, "P2": 7, "P3": 15},
                      "winner": "P3", "shared_by": [], "finished": True}}
    score = _score(row)
    assert score is not None and score["unit"] == "regions"
    assert [(s["names"], s["figure"], s["won"]) for s in score["sides"]] == [
        (["Rev"], 1, False), (["Arthur"], 2, False), (["Betty"], 4, True)]


def test_a_british_towns_result_tells_the_reader_who_lost_that_he_lost(server, page):
    """Review 25c: the sets game's replay said "Arthur wins. Rev: 1 · Arthur: 21." to Rev, where Football Whist's
    says "You lose." too: the reader who played and lost is told so; a watcher is not."""
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
        const { resultWords } = await import('/static/games/british-towns-common.js');
        const result = { scores: { P1: 1, P2: 21 }, winner: 'P2', shared_by: [] };
        const view = (seat) => ({ seat, seats: [{ name: 'Rev' }, { name: 'Arthur' }],
                                  observation: { seat_names: ['P1', 'P2'] } });
        return [resultWords(result, view(0), 'scores', ''), resultWords(result, view(1), 'scores', ''),
                resultWords(result, view(null), 'scores', '')]; }""")
    assert said[0].startswith("Arthur wins. ") and said[0].endswith(" You lose."), said
    assert said[1].startswith("You win. ") and "lose" not in said[1], said
    assert "lose" not in said[2], said
