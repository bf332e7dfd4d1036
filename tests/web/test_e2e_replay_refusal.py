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
    page.click("[data-testid=analyse]")
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
