"""Review 18b: the finished list read "Cat beat Ruth 8–3" for a cycle match a bot played for Ruth, who plays in
person; the cycle's page and sheet said so, the list did not.  Now the list says who the bot stood in for."""

from __future__ import annotations

import time

import httpx
import pytest

from conftest import WIDE, shot


def over(url: str, table: str) -> None:
    deadline = time.monotonic() + 120
    while not httpx.get(f"{url}/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.3)


@pytest.mark.bots_quick
def test_the_finished_list_says_a_bot_stood_in_for_a_person(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cycle = httpx.post(server.url + "/api/cycles", json={"players": ["Ann", "Ruth", "Bob", "Cat"]}).json()
    auth = {"Authorization": f"Bearer {cycle['key']}"}
    url = f"{server.url}/api/cycles/{cycle['id']}"
    # Ruth sits at match 1 in person, against a bot (the organiser then types its result in)
    ruth = httpx.post(f"{url}/matches/0/table", headers=auth,
                      json={"seats": [{"kind": "bot", "bot": "club"}, {"kind": "person"}]})
    assert ruth.status_code == 201, ruth.text
    # (the first sitting, Ann v Ruth and Bob v Cat: matches 1 and 2, numbered sitting by sitting since review 24)
    for match in (0, 1):
        entered = httpx.post(f"{url}/entries", headers=auth,
                             json={"kind": "result", "match": match, "blue_points": 8, "red_points": 3})
        assert entered.status_code == 200, entered.text
    # match 3, Ruth v Bob: bots play it for both (Bob has never sat in person: no stand-in for him)
    stood = httpx.post(f"{url}/matches/2/table", headers=auth, json={"seats": [{"kind": "bot", "bot": "club"}] * 2})
    assert stood.status_code == 201, stood.text
    over(server.url, stood.json()["id"])
    page.set_viewport_size(WIDE)
    page.goto(server.url + "/games")
    row = page.locator(f"tr[data-table='{stood.json()['id']}']")
    row.wait_for()
    said = row.locator("td").nth(2).inner_text()
    assert said.endswith(", a bot standing in for Ruth"), said
    # (the result, said as a match is: "Ruth beat Bob 8–6", or "Ruth played Biggles first, 8–6" since review 25)
    assert " beat " in said or " played Biggles first, " in said, said
    shot(page, "finished-list-stood-in")
    # Ruth's own table (closed when the organiser typed the result in) has no stand-in to mention
    own = page.locator(f"tr[data-table='{ruth.json()['id']}']")
    if own.count():
        assert "standing in" not in own.inner_text()
    assert not errors, errors
