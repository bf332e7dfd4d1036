"""Review 16c's tournament findings, in the browser: the drive's League table carries a Byes column only where some
team sits a round out; the finished games name their drive or cycle with a link back; the mid-cycle table says
when the players have played unequal numbers of matches."""

from __future__ import annotations

import httpx
import pytest

from conftest import shot
from test_e2e_lists import finished_by_bots

EIGHT = "Aston Villa\nCharlton\nQ. P. Rangers\nSwansea\nEverton\nArsenal\nBurnley\nWolves"


def new_drive(page, url: str, title: str, teams: str) -> None:
    page.goto(url + "/drives")
    page.fill("[data-testid=new-drive] input[name=title]", title)
    page.fill("[data-testid=new-drive] textarea[name=teams]", teams)
    page.click("text=Create the drive")
    page.wait_for_selector("[data-testid=league] tbody tr")


def test_the_league_table_has_a_byes_column_only_where_a_team_sits_out(server, page):
    """Review 16c: an 8-team drive showed a "Bye" column of zeros, and on a phone it squeezed "Q. P. Rangers" onto
    two lines."""
    page.set_viewport_size({"width": 390, "height": 844})
    new_drive(page, server.url, "Saturday Drive", EIGHT)
    heads = page.locator("[data-testid=league] thead th").all_inner_texts()
    assert "Bye" not in heads and heads == ["Pos", "Team", "P", "W", "D", "L", "F", "A", "Avg", "Pts"], heads
    assert all(len(row) == len(heads) for row in page.eval_on_selector_all(
        "[data-testid=league] tbody tr", "rows => rows.map((r) => [...r.cells].map((c) => c.textContent))"))
    # on the phone the longest name sits on one line, as high as the row's figures
    row = page.locator("[data-testid=league] tbody tr", has_text="Q. P. Rangers")
    team, figure = row.locator("td").nth(1).bounding_box(), row.locator("td").nth(2).bounding_box()
    line = page.eval_on_selector("[data-testid=league] tbody td:nth-child(3)",
                                 "c => parseFloat(getComputedStyle(c).lineHeight) || 20")
    assert team["height"] < 1.6 * line and team["height"] == figure["height"], (team, figure, line)
    page.locator("[data-testid=league]").scroll_into_view_if_needed()
    shot(page, "drive-league-even-phone")
    # a drive of five: each round a team sits out, and the column counts their byes
    page.set_viewport_size({"width": 1366, "height": 900})
    new_drive(page, server.url, "Odd Drive", "Aston Villa\nCharlton\nQ. P. Rangers\nSwansea\nEverton")
    heads = page.locator("[data-testid=league] thead th").all_inner_texts()
    assert heads == ["Pos", "Team", "P", "W", "D", "L", "Bye", "F", "A", "Avg", "Pts"], heads
    shot(page, "drive-league-odd")


@pytest.mark.bots_quick
def test_the_finished_games_name_their_drive_and_cycle_with_a_link_back(server, page):
    """Review 16c: rows read "International Football Whist · drive, round 4" and "Biggles · Biggles cycle": with two
    drives on one evening nobody could tell them apart.  Now each names its drive (its title, round and table) or
    its cycle (by its players, and the match), linked to its page."""
    drive = httpx.post(server.url + "/api/drives", json={"title": "Saturday Drive",
                                                         "teams": ["Swansea", "Everton", "Fulham", "Burnley"]}).json()
    fixture = httpx.get(f"{server.url}/api/drives/{drive['id']}").json()["rounds"][0][1]
    game = httpx.post(f"{server.url}/api/drives/{drive['id']}/fixtures/1/{fixture['table']}/table",
                      headers={"Authorization": f"Bearer {drive['key']}"},
                      json={"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 3}).json()
    cycle = httpx.post(server.url + "/api/cycles", json={"players": "Algy\nBertie\nGinger\nMe"}).json()
    # (match 2, Ginger v Me, in the first sitting: matches are numbered sitting by sitting since review 24)
    match = httpx.post(f"{server.url}/api/cycles/{cycle['id']}/matches/1/table",
                       headers={"Authorization": f"Bearer {cycle['key']}"},
                       json={"seats": [{"kind": "bot", "bot": "club"}] * 2, "seed": 4}).json()
    finished_by_bots(server.url, "football-whist", 4, game)
    finished_by_bots(server.url, "biggles", 2, match)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/games")
    named = page.locator(f"tr[data-table='{game['id']}'] [data-testid=tournament-of]")
    named.wait_for()
    assert named.inner_text() == f"Saturday Drive, round 1, table {fixture['table']}"
    # (round 11: to its row)
    assert named.get_attribute("href") == f"/drives/{drive['id']}#round-1-table-{fixture['table']}"
    ring = page.locator(f"tr[data-table='{match['id']}'] [data-testid=tournament-of]")
    # (round 6: a cycle has a title, here the one given it for the day it was made)
    title = httpx.get(f"{server.url}/api/cycles/{cycle['id']}").json()["title"]
    assert title.startswith("Biggles cycle, ") and ring.inner_text() == f"{title}, match 2"
    assert ring.get_attribute("href") == f"/cycles/{cycle['id']}#match-2"
    shot(page, "finished-games-tournaments")
    named.click()
    page.wait_for_selector("[data-testid=league] tbody tr")
    assert "Saturday Drive" in page.inner_text("h1")


def test_the_mid_cycle_table_says_when_the_players_have_played_unequal_numbers(server, page):
    """Review 16c: "1 Bertie, 2 played" stood over players with 1 played, without a word.  While the counts differ
    the table says so under it; the order itself stays as the rules rank it."""
    settles = ": the order settles when everyone has played the same number."
    page.set_viewport_size({"width": 390, "height": 844})
    note = page.locator("[data-testid=unequal-played]")

    def cycle(players: str):
        made = httpx.post(server.url + "/api/cycles", json={"players": players}).json()
        page.goto(f"{server.url}/cycles/{made['id']}")
        page.wait_for_selector("[data-testid=league] tbody tr")
        assert note.count() == 0  # nobody has played: nothing to say

        def enter(match: int, blue: int, red: int) -> None:
            assert httpx.post(f"{server.url}/api/cycles/{made['id']}/entries",
                              headers={"Authorization": f"Bearer {made['key']}"},
                              json={"kind": "result", "match": match, "blue_points": blue, "red_points": red}
                              ).status_code == 200
            page.reload()
            page.wait_for_selector("[data-testid=league] tbody tr")

        return enter

    # a ring of three: Bob has played two matches and the others one (the reviewer's case)
    enter = cycle("Ann\nBob\nCat")
    enter(0, 8, 5)  # Ann v Bob
    assert note.inner_text() == f"Cat has played none, the others 1{settles}"
    enter(1, 8, 4)  # Bob v Cat
    assert [r.split("\t")[1] for r in page.locator("[data-testid=league] tbody tr").all_inner_texts()] == [
        "Bob", "Ann", "Cat"]  # the ranking as the rules have it
    assert note.inner_text() == f"Bob has played 2 matches, the others 1{settles}"
    note.scroll_into_view_if_needed()
    shot(page, "cycle-unequal-played-phone")
    enter(2, 2, 8)  # Cat v Ann
    page.wait_for_selector("[data-testid=champions]")
    assert note.count() == 0  # all level: the order is the verdict
    # a ring of four, each count said where no one group is the rest
    enter = cycle("Algy\nBertie\nGinger\nMe")
    enter(0, 8, 5)  # Algy v Bertie
    assert note.inner_text() == f"Algy and Bertie have played 1 match, Ginger and Me none{settles}"
    enter(2, 8, 4)  # Bertie v Ginger (match 3: the second sitting's first, since review 24)
    assert note.inner_text() == f"Bertie has played 2 matches, Algy and Ginger 1, Me none{settles}"
