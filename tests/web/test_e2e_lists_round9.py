"""Review 19b, the finished games and their replays: a tournament game that bots played at every seat offered an
"Analyse" nobody could use (refused to every browser, the organiser's too); its replay now says in a short line that
there is no analysis."""

from __future__ import annotations

import time

import httpx
import pytest

from conftest import shot
from test_e2e_lists import finished_by_bots


def drive_game_by_bots(url: str) -> tuple[dict, dict]:
    teams = ["Swansea", "Everton", "Fulham", "Burnley"]
    drive = httpx.post(url + "/api/drives", json={"teams": teams}).json()
    fixture = httpx.get(f"{url}/api/drives/{drive['id']}").json()["rounds"][0][0]
    made = httpx.post(
        f"{url}/api/drives/{drive['id']}/fixtures/1/{fixture['table']}/table",
        headers={"Authorization": f"Bearer {drive['key']}"},
        json={"seats": [{"kind": "bot", "bot": "random"}] * 4, "seed": 3},
    ).json()
    return finished_by_bots(url, "football-whist", 4, made), fixture


@pytest.mark.bots_quick
def test_a_drive_game_played_by_bots_offers_no_analysis_in_its_replay(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    made, _ = drive_game_by_bots(server.url)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    said = page.locator("[data-testid=no-analysis]")
    assert said.inner_text() == "No analysis: bots played every seat."
    assert page.locator("[data-testid=analyse]").count() == 0
    assert page.locator("[data-testid=analyse-why]").count() == 0
    said.scroll_into_view_if_needed()
    shot(page, "replay-drive-bots-no-analysis")
    assert not errors, errors


def test_a_biggles_seat_link_promises_what_it_gives_and_no_analysis(server, page):
    """The seat link's words promised "the expert's analysis in the replay" at a Biggles table, whose replay has
    none (a real-time game); they now say what the link gives there, and a turn-by-turn game's keep the analysis."""
    from conftest import take_seat

    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "club"}]
    random_bot = {"kind": "bot", "bot": "random"}
    for game, promised, not_promised in [
        ("biggles", "under \u201cYour games\u201d", "analysis"),
        ("football-whist", "the expert's analysis in the replay", "Your games"),
    ]:
        made = httpx.post(
            server.url + "/api/tables",
            json={"game": game, "seed": 4, "seats": seats if game == "biggles" else seats[:1] + [random_bot] * 3},
        ).json()
        take_seat(page, server.url, made)
        page.wait_for_selector(".seats .me")
        box = page.locator("[data-testid=seat-link]")
        box.locator("summary").click()
        said = box.inner_text()
        assert promised in said and not_promised not in said, (game, said)
        if game == "biggles":
            shot(page, "biggles-seat-link-words")
        # (review 21b) and the link to keep at the game's end says the same: a race's replay has no analysis
        closed = httpx.post(
            f"{server.url}/api/tables/{made['id']}/close", headers={"Authorization": f"Bearer {made['token']}"}
        )
        assert closed.status_code == 200, closed.text
        keep = page.locator("[data-testid=keep-link]")
        keep.wait_for()
        kept = keep.inner_text()
        want = "how the game went" if game == "biggles" else "the expert's analysis"
        assert want in kept and ("analysis" in kept) == (game != "biggles"), (game, kept)


@pytest.mark.bots_quick
def test_finished_games_read_alike_carry_a_date_and_are_compact_on_a_phone(server, browser):
    """Review 19b: Football Whist rows read "Chelsea 1-5 Charlton" beside Biggles's "Me beat Cat 8-3 on points"; no
    row said when it finished; on a phone each row wrapped into 3-4 lines repeating the game and the tournament, and
    an empty "Your games" took a screen of grey text.  Now every result reads "X beat Y" (or "X and Y drew"), each
    row has the day and time it finished in the viewer's time zone, and a phone gets compact cards."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from conftest import PHONE, WIDE

    # (review 20b: the list ran by when tables were made, not by the times it shows) a public table made first,
    # waiting for its person, and closed after the drive's game has finished: the later finish, the older table
    later = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "public": True,
            "seats": [{"kind": "person", "name": "Zed"}, {"kind": "bot"}],
        },
    ).json()
    made, fixture = drive_game_by_bots(server.url)
    time.sleep(1.1)  # (finish times are kept to the second)
    closed = httpx.post(
        f"{server.url}/api/tables/{later['id']}/close", headers={"Authorization": f"Bearer {later['token']}"}
    )
    assert closed.status_code == 200, closed.text
    info = httpx.get(f"{server.url}/api/tables/{made['id']}").json()
    goals = info["result"]["goals"]
    finished = next(t for t in httpx.get(f"{server.url}/api/tables?finished=true").json() if t["id"] == made["id"])
    wide = browser.new_context(viewport=WIDE, timezone_id="Asia/Tokyo", locale="en-GB")
    try:
        page = wide.new_page()
        page.goto(server.url + "/games")
        row = page.locator(f"tr[data-table='{made['id']}']")
        row.wait_for()
        result = row.locator("[data-testid=result]").inner_text()
        if goals["A"] == goals["B"]:
            assert result == f"{fixture['home']} and {fixture['away']} drew {goals['A']}–{goals['B']}", result
        else:
            assert " beat " in result and "–" in result, result
        when = row.locator("[data-testid=finished-at]")
        tokyo = datetime.fromtimestamp(finished["finished"], ZoneInfo("Asia/Tokyo"))
        assert f"{tokyo:%H:%M}" in when.inner_text(), (when.inner_text(), tokyo)
        # (review 24: a game of today says so, the whole date in its title)
        now = datetime.now(ZoneInfo("Asia/Tokyo"))
        day = "today, " if now.date() == tokyo.date() else "yesterday, "
        assert when.inner_text().startswith(day), when.inner_text()
        assert str(tokyo.day) in (when.get_attribute("title") or ""), when.get_attribute("title")
        # nobody's seat here: "Your games" says so in one line
        empty = page.locator("[data-testid=no-own-games]")
        assert empty.inner_text() == "No game of yours in this browser yet."
        shot(page, "finished-games-wide-round9")
    finally:
        wide.close()
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = phone.new_page()
        page.goto(server.url + "/games")
        row = page.locator(f"tr[data-table='{made['id']}']")
        row.wait_for()
        # a compact card: the result and the replay, then the game's name and the tournament (a small link) and the
        # date; the players (whom the result names) are left out.  (Review 20b: a row that did not name its game read
        # alike for every game.)
        assert row.locator(".game-title").is_visible() and row.locator("td.players").is_hidden()
        assert row.locator("[data-testid=tournament-of]").is_visible()
        assert row.locator("[data-testid=finished-at]").is_visible()
        assert row.bounding_box()["height"] < 110, row.bounding_box()
        # (review 20b) the newest finish first, on the 24-hour clock the tournaments' pages use, whatever the locale
        times = page.eval_on_selector_all(
            "[data-testid=finished-at]", "els => els.map((e) => e.getAttribute('datetime'))"
        )
        mine_and_others = page.eval_on_selector_all(
            "table.finished-list", "ts => ts.map((t) => [...t.querySelectorAll('time')].map((e) => e.dateTime))"
        )
        for listed in mine_and_others:
            assert listed == sorted(listed, reverse=True), listed
        ids = page.eval_on_selector_all("table.finished-list tr[data-table]", "rs => rs.map((r) => r.dataset.table)")
        assert ids.index(later["id"]) < ids.index(made["id"]), ids
        assert times and not any(x in page.inner_text("main") for x in (" AM", " PM")), times
        assert page.locator("[data-testid=no-own-games]").bounding_box()["height"] < 32
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "finished-games-phone-round9")
    finally:
        phone.close()
