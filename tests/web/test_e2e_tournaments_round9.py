"""Review 19b, the drive page before play: rounds 2-4 showed only "to come", so a table host could not see who moves
to his table next; and each round-1 row had a big green "Play in Parlour" beside the round's own "Let bots play
round 1".  Every round's pairings now show from the start (folded rounds too), and a table's play button is a
secondary one."""

from __future__ import annotations

import httpx

from conftest import PHONE, WIDE, shot

TEAMS = ["Aston Villa", "Charlton", "Q.P. Rangers", "Swansea", "Arsenal", "Burnley", "Chelsea", "Derby County"]


def test_every_rounds_pairings_show_up_front_and_the_bots_button_is_the_main_action(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(WIDE)
    made = httpx.post(server.url + "/api/drives", json={"teams": TEAMS}).json()
    rounds = httpx.get(f"{server.url}/api/drives/{made['id']}").json()["rounds"]
    assert len(rounds) == 4
    page.goto(f"{server.url}/drives/{made['id']}#organiser={made['key']}")
    page.wait_for_selector("tr[data-fixture='1-1']")
    for n, fixtures in enumerate(rounds[1:], start=2):
        said = page.locator(f"details.round[data-round='{n}'] [data-testid=pairings]")
        assert said.is_visible(), n  # folded, the pairings still in sight
        expected = [f"Table {f['table']}: {f['home']} v {f['away']}" for f in fixtures]
        assert said.locator(".pairing").all_inner_texts() == expected
    # the away teams move on a table each round: table 1's visitor in round 2 is not round 1's
    assert rounds[1][0]["away"] != rounds[0][0]["away"]
    # the round's "Let bots play" is the one primary button; a table's play button is secondary
    assert "primary" in (page.locator("[data-testid=simulate]").get_attribute("class") or "")
    plays = page.locator(".round[data-round='1'] tr[data-fixture] [data-testid=play-table]")
    assert plays.count() == 4
    assert page.locator("tr[data-fixture] button.primary").count() == 0
    page.locator("details.round[data-round='2']").scroll_into_view_if_needed()
    shot(page, "drive-pairings-up-front")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "drive-pairings-up-front-phone")
    assert not errors, errors
