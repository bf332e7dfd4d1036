"""Review 19b: a player who lost the tab of his own cycle match, the race under way, came back to a cycle page that
said "Waiting for players: Ann ... The game starts when everyone has sat down:" (a stray colon, and untrue: the race
had begun).  The row now says the match is under way and paused, who left, that the bot waits for him, and offers his
seat back; the seat-link words no longer sound as if a new link could lose the seat."""

from __future__ import annotations

import httpx

from conftest import ARTIFACTS, shot
from test_e2e_cycle_seats import new_cycle


def test_a_match_left_mid_race_is_said_to_be_under_way_and_paused(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cycle, key = new_cycle(page, server.url)
    auth = {"Authorization": f"Bearer {key}"}
    # match 1: Ann in person against Ruth, a bot
    made = httpx.post(
        f"{server.url}/api/cycles/{cycle}/matches/0/table",
        headers=auth,
        json={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "gentle"}]},
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    row = page.locator("tr[data-match='0']")
    row.locator("[data-testid=seat-links]").wait_for(timeout=30000)
    said = row.locator("[data-testid=seat-links]").inner_text()
    assert "the old link then stops working, the seat stays" in said, said
    assert "replaces any given before" not in said, said
    # before anyone sits down the row waits for Ann, in a whole sentence
    row.locator("[data-testid=in-play][data-waiting]").wait_for(timeout=30000)
    waiting = row.locator("[data-testid=in-play]").inner_text()
    assert waiting.rstrip().endswith("The game starts when everyone has sat down."), waiting
    # Ann sits down here, starts the race, and loses the tab
    with page.expect_popup() as popped:
        row.locator("[data-seat='0'] [data-testid=sit-down]").click()
    ann = popped.value
    ann.locator("[data-testid=ready]").click(timeout=30000)
    for _ in range(600):
        info = httpx.get(f"{server.url}/api/tables/{table}").json()
        race = info["race"]
        if race["phase"] == "running" and info["moves"] > 0:  # (the bot has built: the match is under way)
            break
        ann.wait_for_timeout(100)
    assert race["phase"] == "running" and info["moves"] > 0, info
    ann.close()
    row.locator("[data-testid=in-play][data-paused]").wait_for(timeout=30000)
    said = row.locator("[data-testid=in-play]").inner_text()
    assert "Match 1 is under way and paused: Ann left the table." in said, said
    assert "Ruth (a bot) waits for Ann" in said, said
    assert "Waiting for players" not in said and "starts when everyone" not in said, said
    assert row.locator("[data-testid=back-to-seat]").inner_text() == "Go back to your seat as Ann"
    assert row.locator("[data-seat='0'] [data-testid=sit-down]").inner_text() == "Sit down as Ann"
    shot(page, "cycle-match-left-mid-race")
    page.screenshot(path=str(ARTIFACTS / "lost_tab.png"), full_page=True)
    assert not errors, errors
