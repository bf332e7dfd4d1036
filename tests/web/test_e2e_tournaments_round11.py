"""Reviews 20b and 21b of the whist drive and the cycle, round 11: on a phone each fixture is a card with "Ash 4 – 4
Deer" on one line and its button under it; the in-play line reads as sentences; a goal average with no goals
against is "–", never "∞", and the league says what F, A and Avg are."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from conftest import ARTIFACTS, shot
from test_e2e_lists import finished_by_bots

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def organiser(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def new_drive(url: str, teams: list[str]) -> tuple[dict, dict]:
    made = httpx.post(url + "/api/drives", json={"title": "Saturday Drive", "teams": teams}).json()
    return made, httpx.get(f"{url}/api/drives/{made['id']}").json()


def enter(url: str, made: dict, round_: int, table: int, home: int, away: int) -> None:
    httpx.post(
        f"{url}/api/drives/{made['id']}/entries",
        headers=organiser(made["key"]),
        json={"kind": "result", "round": round_, "table": table, "home_goals": home, "away_goals": away},
    ).raise_for_status()


@pytest.mark.bots_quick
def test_a_drive_fixture_on_a_phone_is_one_line_of_names_and_score_with_its_button_under_it(server, browser):
    """Review 21b: "away team against the right edge, score above a full-width Change score button, bot level
    orphaned underneath".  Now the names and the score share one line (a long name cut short, the score whole), the
    button is under them, and the bots' level sits on the button's line beside the Replay link."""
    made, drive = new_drive(server.url, ["Ash", "Wolverhampton Wanderers Reserves", "Cedar", "Deer"])
    first, second = drive["rounds"][0]
    enter(server.url, made, 1, first["table"], 4, 4)
    game = httpx.post(
        f"{server.url}/api/drives/{made['id']}/fixtures/1/{second['table']}/table",
        headers=organiser(made["key"]),
        json={"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 3},
    ).json()
    finished_by_bots(server.url, "football-whist", 4, game)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{server.url}/drives/{made['id']}#organiser={made['key']}")
    page.wait_for_selector(f"tr[data-fixture='1-{second['table']}'] [data-testid=source]", timeout=30000)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for f in (first, second):
        row = page.locator(f"tr[data-fixture='1-{f['table']}']")
        home, away = row.locator("td.home").bounding_box(), row.locator("td.away").bounding_box()
        score = row.locator(".boxes").bounding_box()
        line = row.locator("td.home").evaluate("c => parseFloat(getComputedStyle(c).lineHeight) || 20")
        # one line: each name one line high, beside the score's boxes, home on the left and away on the right
        assert home["height"] < 1.6 * line and away["height"] < 1.6 * line, (home, away, line)
        for name in (home, away):
            assert score["y"] <= name["y"] + name["height"] / 2 <= score["y"] + score["height"], (name, score)
        assert home["x"] + home["width"] <= score["x"] and score["x"] + score["width"] <= away["x"], (home, score, away)
        # the score's figures on one line; the long name cut short, its full name in its title
        boxes = row.locator(".boxes input").all()
        assert abs(boxes[0].bounding_box()["y"] - boxes[1].bounding_box()["y"]) < 2
        # the Change score button under the line, not as wide as the card
        button = row.locator("button", has_text="Change score").bounding_box()
        assert button["y"] >= score["y"] + score["height"] and button["width"] < 0.6 * 390, button
    row = page.locator(f"tr[data-fixture='1-{second['table']}']")
    # the long name shortened with an ellipsis: the cell holds less than its text
    cut = row.locator("td.away").evaluate("c => c.scrollWidth > c.clientWidth")
    long = [r for r in (second["home"], second["away"]) if r.startswith("Wolverhampton")]
    if long:
        assert row.locator(f"td[title='{long[0]}']").count() == 1
        assert cut or row.locator("td.home").evaluate("c => c.scrollWidth > c.clientWidth")
    # the bots' level beside the Replay link, on the button's line: never alone on a line
    level, replay = row.locator("[data-testid=level]"), row.locator("a", has_text="Replay")
    assert level.inner_text().strip() == "(Beginner bots)"
    button = row.locator("button", has_text="Change score").bounding_box()
    for box in (level.bounding_box(), replay.bounding_box()):
        middle = button["y"] + button["height"] / 2
        assert abs(box["y"] + box["height"] / 2 - middle) < button["height"] / 2, (box, button)
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "drive_phone_fixtures.png"), full_page=True)
    shot(page, "drive-fixture-card-phone")
    context.close()


def test_a_drive_with_no_goals_against_shows_no_infinite_goal_average(server, page):
    """Review 20b: "The League Champions row shows Avg "∞" for Derby County (2 for, 0 against)".  Now "–", with
    "no goals against" as its title, and the league says what F, A and Avg are."""
    made, drive = new_drive(server.url, ["Ash", "Beech", "Cedar", "Deer"])
    first, second = drive["rounds"][0]
    enter(server.url, made, 1, first["table"], 2, 0)
    enter(server.url, made, 1, second["table"], 3, 1)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{server.url}/drives/{made['id']}")
    page.wait_for_selector("[data-testid=league] tbody tr")
    text = page.inner_text("main")
    assert "∞" not in text and "inf" not in page.inner_text("[data-testid=league]")
    winner = page.locator("[data-testid=league] tbody tr", has_text=first["home"])
    cell = winner.locator("[data-testid=no-average]")
    assert cell.inner_text().startswith("–") and cell.get_attribute("title") == "no goals against"
    key = page.inner_text("[data-testid=league-key]")
    assert "F and A: goals for and against" in key and "F ÷ A" in key and "no goals against" in key, key
    shot(page, "drive-no-goals-against")


def test_the_drive_in_play_line_reads_as_sentences(server, browser):
    """Review 20b: "in play now: 1st half, 0–0; the result comes in by itself: (bots: Beginner) watch".  Now "In play:
    1st half, 0–0 (Beginner bots). The result comes in when it ends. Watch"."""
    slow = server.__class__(server.database.replace("served.db", "slow.db"), 2.0).start()
    try:
        made, drive = new_drive(slow.url, ["Ash", "Beech", "Cedar", "Deer"])
        first = drive["rounds"][0][0]
        httpx.post(
            f"{slow.url}/api/drives/{made['id']}/fixtures/1/{first['table']}/table",
            headers=organiser(made["key"]),
            json={"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 3},
        ).raise_for_status()
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        page = context.new_page()
        page.goto(f"{slow.url}/drives/{made['id']}#organiser={made['key']}")
        row = page.locator(f"tr[data-fixture='1-{first['table']}']")
        page.wait_for_function(
            f"(document.querySelector(\"tr[data-fixture='1-{first['table']}'] [data-testid=in-play]\")"
            "?.textContent || '').includes('In play: 1st half')",
            timeout=30000,
        )
        said = " ".join(row.locator("td:last-child").inner_text().split())
        assert "In play: 1st half, " in said, said
        assert said.endswith("(Beginner bots). The result comes in when it ends. Watch"), said
        assert "itself" not in said and ":" not in said.split("half")[1], said
        page.screenshot(path=str(ARTIFACTS / "drive_in_play.png"))
        context.close()
    finally:
        slow.stop()


def stored_game(server, game: str, names: list[str], result: dict) -> str:
    """A finished game written straight into the server's store, its result as the rules would give it."""
    from parlour.store import Store, access

    store = Store(server.database)
    seats = [{"kind": "person", "name": name} for name in names]
    made = store.save_finished(game, {}, 1, seats, [], result)
    with store._begin() as db:  # (listed, as a table made public is)
        db.execute(access.insert().values(table_id=made, listed=True, open_seats=False))
    return made


def test_the_finished_games_say_a_stalled_draw_by_its_score_and_join_two_players_with_v(server, browser):
    """Review 21b: a British Towns game drawn at −7 each read "A draw", and a Biggles match's players "Sam, Tom" where
    whist's read "Cedar v Beech".  Now the draw has its score ("Rita and Arthur drew −7 to −7"), two players are
    joined by "v", and more than two by commas."""
    drawn = stored_game(
        server,
        "british-towns-sets",
        ["Rita", "Arthur"],
        {"scores": {"P1": -7, "P2": -7}, "winner": None, "shared_by": ["P1", "P2"], "finished": True},
    )
    three = stored_game(
        server,
        "british-towns-sets",
        ["Ann", "Bob", "Cat"],
        {"scores": {"P1": 3, "P2": 3, "P3": -2}, "winner": None, "shared_by": ["P1", "P2"], "finished": True},
    )
    match = stored_game(server, "biggles", ["Sam", "Tom"], {"points": {"P1": 8, "P2": 7}, "winner": "P1"})
    listed = {t["id"] for t in httpx.get(f"{server.url}/api/tables?finished=true").json()}
    assert {drawn, three, match} <= listed, listed
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/games")
    row = page.locator(f"tr[data-table='{drawn}']")
    row.wait_for()
    assert row.locator("[data-testid=result]").inner_text() == "Rita and Arthur drew \u22127 to \u22127"
    assert row.locator("td.players").inner_text() == "Rita v Arthur"
    row = page.locator(f"tr[data-table='{three}']")
    assert row.locator("[data-testid=result]").inner_text() == "Shared by Ann & Bob: Ann 3, Bob 3, Cat \u22122 points"
    assert row.locator("td.players").inner_text() == "Ann, Bob, Cat"
    row = page.locator(f"tr[data-table='{match}']")
    assert row.locator("td.players").inner_text() == "Sam v Tom"
    assert row.locator("[data-testid=result]").inner_text() == "Sam beat Tom 8–7 on points"
    page.screenshot(path=str(ARTIFACTS / "games_list.png"), full_page=True)
    context.close()


@pytest.mark.bots_quick
def test_a_finished_games_tournament_link_goes_to_its_row_on_the_drive_or_cycle_page(server, browser):
    """Review 21b: "Finished-games tournament links go to the top of the drive or cycle page, not to that table or
    match".  Now the link names the row ("#round-2-table-1", "#match-3"): the page opens its round, scrolls it into
    view and lights it a moment."""
    made, drive = new_drive(server.url, ["Ash", "Beech", "Cedar", "Deer", "Elm", "Fir", "Gorse", "Holly"])
    for r, fixtures in enumerate(drive["rounds"][:3], start=1):
        for f in fixtures:
            if (r, f["table"]) != (2, 4):
                enter(server.url, made, r, f["table"], 1, 0)
    game = httpx.post(
        f"{server.url}/api/drives/{made['id']}/fixtures/2/4/table",
        headers=organiser(made["key"]),
        json={"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 3},
    ).json()
    finished_by_bots(server.url, "football-whist", 4, game)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(server.url + "/games")
    link = page.locator(f"tr[data-table='{game['id']}'] [data-testid=tournament-of]")
    assert link.get_attribute("href") == f"/drives/{made['id']}#round-2-table-4"
    link.click()
    row = page.locator("#round-2-table-4")
    row.wait_for()
    page.wait_for_function("document.getElementById('round-2-table-4').classList.contains('sought')")
    # its round, over and folded on the page, is opened; the row is on the screen
    assert page.locator("details.round[data-round='2']").evaluate("d => d.open")
    box = row.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844, box
    page.screenshot(path=str(ARTIFACTS / "drive_sought.png"))
    # the light goes after a moment
    page.wait_for_function("!document.getElementById('round-2-table-4').classList.contains('sought')", timeout=10000)
    context.close()


def test_results_entered_by_hand_are_in_the_finished_games_without_a_replay(server, browser):
    """Review 21b: "Hand-entered cycle results have no trace in Finished games".  Now each is a row with its result,
    "entered by the organiser", its tournament's link to its row, and no Replay link (no table played it)."""
    cycle = httpx.post(server.url + "/api/cycles", json={"players": "Rita\nSam"}).json()
    httpx.post(
        f"{server.url}/api/cycles/{cycle['id']}/entries",
        headers=organiser(cycle["key"]),
        json={"kind": "result", "match": 0, "blue_points": 8, "red_points": 5},
    ).raise_for_status()
    made, drive = new_drive(server.url, ["Ash", "Beech", "Cedar", "Deer"])
    first = drive["rounds"][0][0]
    enter(server.url, made, 1, first["table"], 4, 4)
    sizes: list[dict[str, Any]] = [{"viewport": {"width": 1366, "height": 900}}, PHONE]
    for size in sizes:
        context = browser.new_context(**size)
        page = context.new_page()
        page.goto(server.url + "/games")
        match = page.locator(f"tr[data-entered='cycle-{cycle['id']}-0']")
        match.wait_for()
        said = match.locator("[data-testid=result]").inner_text()
        # (a cycle's match is won by playing Biggles first, not on points, review 25)
        assert said == "Rita played Biggles first, 8–5, entered by the organiser", said
        assert match.locator("a", has_text="Replay").count() == 0
        assert match.locator("[data-testid=tournament-of]").get_attribute("href") == f"/cycles/{cycle['id']}#match-1"
        game = page.locator(f"tr[data-entered='drive-{made['id']}-1-{first['table']}']")
        said = game.locator("[data-testid=result]").inner_text()
        assert said == f"{first['home']} and {first['away']} drew 4–4, entered by the organiser", said
        assert game.locator("[data-testid=finished-at]").count() == 1
        assert page.evaluate("document.documentElement.scrollWidth") <= size["viewport"]["width"]
        page.screenshot(path=str(ARTIFACTS / f"games_entered_{size['viewport']['width']}.png"), full_page=True)
        context.close()


def test_the_cycle_says_whose_seats_the_bots_take_and_offers_its_links_as_copy_buttons(server, browser):
    """Review 21b: the bots quietly played for a named player ("nothing on the page tells the organiser that the bots
    will take the named players' seats"), and the organiser links were raw addresses breaking mid-word on a phone.
    Now the note under "Let bots play" names them, and a link is a Copy button, its address shown on demand."""
    cycle = httpx.post(server.url + "/api/cycles", json={"players": "Rita\nSam\nTom\nUma"}).json()
    httpx.post(
        f"{server.url}/api/cycles/{cycle['id']}/entries",
        headers=organiser(cycle["key"]),
        json={"kind": "result", "match": 0, "blue_points": 8, "red_points": 5},
    ).raise_for_status()
    matches = httpx.get(f"{server.url}/api/cycles/{cycle['id']}").json()["matches"]
    sitting = min(m["sitting"] for m in matches if m["points"] is None)  # (the sitting under way)
    left = [p for m in matches if m["points"] is None and m["sitting"] == sitting for p in (m["blue"], m["red"])]
    assert left and all(p in "Rita Sam Tom Uma" for p in left), left
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{server.url}/cycles/{cycle['id']}#organiser={cycle['key']}")
    note = page.locator("[data-testid=stand-in-note]")
    note.wait_for()
    said = note.inner_text()
    names = list(dict.fromkeys(left))
    expected = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    assert said.startswith(f"Bots will stand in for {expected}: "), said
    # the note sits with the button it speaks of, in the panel above the standings
    assert page.locator("[data-testid=round-status] [data-testid=stand-in-note]").count() == 1
    # (review 25) on a phone the round's state and "Let bots play" lead, in the first screen; the organiser's box
    # of links follows them (it filled the first screen)
    status = page.locator("[data-testid=round-status]").bounding_box()
    assert status and status["y"] < page.locator("[data-testid=organiser]").bounding_box()["y"], status
    assert status["y"] < 844 * 0.5, status
    # the organiser link: a Copy button, the address off the screen until asked for
    box = page.locator("[data-testid=organiser]")
    assert box.locator("button", has_text="Copy the organiser link").is_visible()
    link = page.locator("[data-testid=organiser-link]")
    assert link.bounding_box()["width"] <= 1, link.bounding_box()
    # (since review 24 the box offers the watchers' link too, with its own Show button: this one is the organiser's)
    own = box.locator(".link-on-demand", has=link)
    # each Show button names whose link it shows, so a screen reader tells the two apart
    names = [b.get_attribute("aria-label") for b in box.locator("button.link-show").all()]
    assert names == ["Show the link, the organiser link", "Show the link, the watchers' link"], names
    own.locator("button", has_text="Show the link").click()
    assert link.is_visible() and "#organiser=" in link.inner_text()
    shown = link.bounding_box()
    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= 390, shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "cycle_phone.png"), full_page=True)
    own.locator("button", has_text="Hide the link").click()
    assert link.bounding_box()["width"] <= 1
    context.close()
