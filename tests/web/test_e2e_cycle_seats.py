"""Review 18b: a person's seat in a cycle match went only to the tab that pressed "Play in Parlour"; with that tab
lost the match waited for its player for ever, and still said so after the organiser typed its result in.  The
organiser's page now hands each person seat of an open match on (a fresh link to copy, or a seat taken on this
device), a result typed in closes the table, saying why, and a later sitting's match waits for its players' earlier
ones (refused at the server, its Play button greyed with the reason)."""

from __future__ import annotations

from urllib.parse import unquote

import httpx

from conftest import WIDE, shot
from parlour.tournaments.biggles_cycle import Cycle
from parlour.web.tournaments import cycle_waits


def organiser_key(page) -> str:
    return page.inner_text("[data-testid=organiser-link]").split("#organiser=")[1]


def new_cycle(page, url: str) -> tuple[str, str]:
    page.set_viewport_size(WIDE)
    page.goto(url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nRuth\nBob\nCat")
    page.click("text=Create the cycle")
    page.wait_for_selector("tr[data-match='3']")
    return page.url.rstrip("/").split("/")[-1].split("#")[0], organiser_key(page)


def test_the_organiser_hands_a_lost_seat_on_and_a_typed_result_closes_the_table(server, page, browser):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    cycle, key = new_cycle(page, server.url)
    auth = {"Authorization": f"Bearer {key}"}
    # match 1 opened for two people by a tab now lost: its seat keys and join link went with it
    made = httpx.post(f"{server.url}/api/cycles/{cycle}/matches/0/table", headers=auth,
                      json={"seats": [{"kind": "person"}, {"kind": "person"}]})
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    row = page.locator("tr[data-match='0']")
    row.locator("[data-testid=seat-links]").wait_for(timeout=30000)
    assert row.locator("[data-testid=sit-down]").all_inner_texts() == ["Sit down as Ann", "Sit down as Ruth"]
    copy = row.locator("[data-seat='1'] [data-testid=copy-seat-link]")
    assert copy.inner_text() == "Copy Ruth's link"
    # only the organiser may hand seats on: a spectator's page has no such buttons, and the server refuses him
    refused = httpx.post(f"{server.url}/api/cycles/{cycle}/matches/0/seats/1/link")
    assert refused.status_code in (401, 403), refused.text
    copy.click()
    link = row.locator("[data-seat='1'] [data-testid=seat-link]")
    page.wait_for_function("() => document.querySelector(\"[data-seat='1'] [data-testid=seat-link]\").textContent")
    ruth_link = link.inner_text()
    assert ruth_link.startswith(f"{server.url}/t/{table}#seat=1&key="), ruth_link
    assert page.evaluate("navigator.clipboard.readText()") == ruth_link
    # pressed again, the same link (a second would undo the one just sent)
    copy.click()
    assert link.inner_text() == ruth_link
    token = unquote(ruth_link.split("&key=")[1])
    held = httpx.get(f"{server.url}/api/tables/{table}/seat", headers={"Authorization": f"Bearer {token}"})
    assert held.json() == {"seat": 1}, held.text
    # Ruth opens her link on her own device, and the organiser sits Ann down here
    ruth = browser.new_context(viewport=WIDE).new_page()
    ruth.goto(ruth_link)
    ruth.wait_for_function(f"() => localStorage.getItem('parlour:{table}')", timeout=15000)
    with page.expect_popup() as popped:
        row.locator("[data-seat='0'] [data-testid=sit-down]").click()
    ann = popped.value
    ann.wait_for_load_state()
    kept = ann.evaluate(f"() => JSON.parse(localStorage.getItem('parlour:{table}'))")
    assert kept["seat"] == 0
    held = httpx.get(f"{server.url}/api/tables/{table}/seat", headers={"Authorization": f"Bearer {kept['token']}"})
    assert held.json() == {"seat": 0}, held.text
    ann.close()
    shot(page, "cycle-seat-links")
    # the organiser types the result in while the table is open: the table closes and says why
    row.locator("input[name=blue]").fill("8")
    row.locator("input[name=red]").fill("5")
    row.locator("button[type=submit]").click()
    row.locator("[data-testid=source]").wait_for(timeout=30000)
    said = "The organiser entered this match's result, Ann 8 – Ruth 5: the table is closed"
    ruth.wait_for_function("(said) => document.body.innerText.toLowerCase().includes(said.toLowerCase())", arg=said,
                           timeout=30000)
    shot(ruth, "cycle-table-closed-by-organiser")
    info = httpx.get(f"{server.url}/api/tables/{table}").json()
    assert info["over"] and info["result"]["abandoned"], info
    # the row no longer offers to watch it, nor hands its seats on
    page.wait_for_function("() => !document.querySelector(\"tr[data-match='0'] [data-testid=seat-links]\")")
    links = row.locator("a").all_inner_texts()
    assert not any("watch" in x for x in links), links
    assert "Waiting for" not in row.inner_text()
    ruth.context.close()
    assert not errors, errors


def test_a_later_sitting_waits_for_its_players_earlier_matches(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cycle, key = new_cycle(page, server.url)
    auth = {"Authorization": f"Bearer {key}"}
    # sitting 1 is Ann v Ruth and Bob v Cat (matches 1 and 2); Ruth's sitting-2 match (3: Ruth v Bob) waits for both
    refused = httpx.post(f"{server.url}/api/cycles/{cycle}/matches/2/table", headers=auth,
                         json={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "gentle"}]})
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"] == ("match 3 cannot start yet: sitting 2 starts when Ruth's and Bob's sitting-1 "
                                        "matches are in"), refused.text
    play = page.locator("tr[data-match='2'] button.primary")
    assert play.get_attribute("aria-disabled") == "true"
    assert page.inner_text("tr[data-match='2'] [data-testid=play-waits]") == (
        "Sitting 2 starts when Ruth's and Bob's sitting-1 matches are in.")
    # a sitting-1 match may start at once
    assert page.locator("tr[data-match='0'] button.primary").get_attribute("aria-disabled") is None
    # with Bob's match in, only Ruth's is awaited
    entered = httpx.post(f"{server.url}/api/cycles/{cycle}/entries", headers=auth,
                         json={"kind": "result", "match": 1, "blue_points": 8, "red_points": 3})
    assert entered.status_code == 200, entered.text
    page.wait_for_function("() => document.querySelector(\"tr[data-match='2'] [data-testid=play-waits]\")"
                           ".textContent === \"Sitting 2 starts when Ruth's sitting-1 match is in.\"", timeout=30000)
    shot(page, "cycle-later-sitting-waits")
    page.locator("tr[data-match='2'] button.primary").click(force=True)     # a press says why, opens nothing
    page.wait_for_selector("text=Sitting 2 starts when Ruth's sitting-1 match is in.", state="attached")
    assert len(page.context.pages) == 1
    entered = httpx.post(f"{server.url}/api/cycles/{cycle}/entries", headers=auth,
                         json={"kind": "result", "match": 0, "blue_points": 8, "red_points": 6})
    assert entered.status_code == 200, entered.text
    page.wait_for_selector("tr[data-match='2'] [data-testid=play-waits]", state="detached", timeout=30000)
    assert page.locator("tr[data-match='2'] button.primary").get_attribute("aria-disabled") is None
    assert not errors, errors


def test_a_score_entered_with_the_enter_key_is_shown_at_once(server, page):
    """Enter in a score box sent the score, but the focus stayed in the box and the page held its redraw back
    (it waits while the organiser types): the row still offered the empty boxes.  Now it shows the score."""
    new_cycle(page, server.url)
    row = page.locator("tr[data-match='0']")
    row.locator("input[name=blue]").fill("8")
    row.locator("input[name=red]").fill("5")
    row.locator("input[name=red]").press("Enter")
    row.locator("text=Change score").wait_for(timeout=15000)
    assert "entered by the organiser" in row.locator("[data-testid=source]").inner_text()


def test_the_words_for_a_match_that_waits():
    cycle = Cycle(["Ann", "Bob", "Cat"], 2)
    waits = cycle_waits(cycle)
    assert waits[1] == "sitting 2 starts when Bob's sitting-1 match is in"
    assert waits[3] == "round 2 starts when Ann's and Bob's round-1 matches are in"
    assert 0 not in waits
    cycle.enter(0, 8, 2)
    assert 1 not in cycle_waits(cycle)
