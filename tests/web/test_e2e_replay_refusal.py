"""The replay's answer to a spectator who asks for the players' analysis stands beside the Analyse button,
in view, on a phone as on a laptop (the analysis box lies far down a phone's long page)."""

from __future__ import annotations

import time

import httpx
import pytest

from conftest import ARTIFACTS

SIZES = {"phone": {"width": 390, "height": 844}, "wide": {"width": 1366, "height": 900}}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_refusal_of_the_analysis_is_shown_beside_the_button_in_view(server, page, size):
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 5, "sit": False,
                                                        "seats": [{"kind": "bot", "bot": "random"}] * 4}).json()
    deadline = time.monotonic() + 90
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page.set_viewport_size(SIZES[size])
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    page.locator("[data-testid=analyse]").scroll_into_view_if_needed()
    page.click("[data-testid=analyse]", force=True)
    answer = page.locator("[data-testid=analyse-answer]")
    answer.wait_for(state="visible")
    assert "open this replay in the browser you played in" in answer.inner_text()
    page.wait_for_function("!document.querySelector('[data-testid=analyse]').disabled")
    place = page.evaluate("""() => {
        const r = (el) => el.getBoundingClientRect();
        const button = r(document.querySelector('[data-testid=analyse]'));
        const answer = r(document.querySelector('[data-testid=analyse-answer]'));
        return { button: [button.top, button.bottom], answer: [answer.top, answer.bottom], window: innerHeight }; }""")
    # in the window, and just under the button (not a screen or more away)
    assert 0 <= place["answer"][0] and place["answer"][1] <= place["window"], place
    assert 0 <= place["button"][0] and place["answer"][0] - place["button"][1] < 120, place
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"replay-refusal-{size}.png"))


def test_analyse_is_greyed_with_its_reason_for_a_browser_that_holds_no_seat_and_offered_to_a_player(server, page):
    """Review 18b: "Analyse" was an active button that answered only after a press, "The analysis is for the players
    of this game"; now a browser that holds no seat of the game sees it greyed (aria-disabled), the reason beside
    it before any press; the player's own browser gets it as before."""
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 5, "sit": False,
                                                        "seats": [{"kind": "bot", "bot": "random"}] * 4}).json()
    deadline = time.monotonic() + 90
    while not httpx.get(f"{server.url}/api/tables/{made['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    button = page.locator("[data-testid=analyse]")
    why = page.locator("[data-testid=analyse-why]")
    assert button.get_attribute("aria-disabled") == "true"
    assert why.is_visible() and "each in the browser they played in" in why.inner_text()
    assert button.get_attribute("aria-describedby") == why.get_attribute("id")
    # (review 24) words, not a greyed control: no box, in the words' own grey, one sentence with its reason
    look = button.evaluate(
        "el => { const s = getComputedStyle(el); return [s.borderTopWidth, s.backgroundColor, s.opacity]; }"
    )
    assert look == ["0px", "rgba(0, 0, 0, 0)", "1"], look
    line = page.locator(".replay-controls:has([data-testid=analyse])").inner_text()
    assert "is not available here: only the players of this game may analyse it" in " ".join(line.split()), line
    # beside the button, on its line (the reason's first line: words that wrap as a sentence does)
    place = page.evaluate("""() => { const r = (s) => document.querySelector(s).getClientRects()[0];
        const b = r('[data-testid=analyse]'), w = r('[data-testid=analyse-why]');
        return [b.top, b.bottom, w.top, w.bottom, b.right, w.left]; }""")
    assert place[2] < place[1] and place[3] > place[0] and place[5] >= place[4], place
    page.locator("[data-testid=analyse]").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "replay-analyse-greyed.png"))
    # a browser that holds a seat of the game (its key kept, as the table keeps it): offered as it always was
    page.evaluate(
        "(id) => localStorage.setItem(`parlour:${id}`, JSON.stringify({ seat: 0, token: 'a-key' }))", made["id"]
    )
    page.reload()
    page.wait_for_selector(".views .board")
    assert page.get_attribute("[data-testid=analyse]", "aria-disabled") is None
    assert page.locator("[data-testid=analyse-why]").is_hidden()


def test_a_replay_link_to_no_game_says_so_in_words_and_leads_to_the_list(server, page):
    """Review 25c: a replay link to no game read "No such table / no table 'NOPE1234'", the server's words with the
    link's code in them: now it says there is no game there, in words, and leads to the finished games."""
    page.goto(f"{server.url}/replay/NOPE1234")
    heading = page.locator("[data-testid=replay-missing]")
    heading.wait_for()
    assert heading.inner_text() == "No game to replay here"
    text = page.inner_text("main")
    assert "NOPE1234" not in text and "table" not in text.lower(), text
    page.click("main a.button:has-text('Finished games')")
    page.wait_for_url(f"{server.url}/games")
