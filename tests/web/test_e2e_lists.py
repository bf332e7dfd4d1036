"""Words on the pages around the tables: the home page's player counts, the finished list's winners, and the
replay's answer to a spectator who asks for the players' analysis."""

from __future__ import annotations

import time

import httpx


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
    made = httpx.post(server.url + "/api/tables", json={"game": "british-towns-sets", "seed": 3, "sit": False,
                                                        "seats": [{"kind": "bot", "bot": "random"}] * 2}).json()
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    page.click("[data-testid=analyse]")
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
