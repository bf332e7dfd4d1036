"""Biggles over unequal networks in the browser (ruling 14): the contested card goes to the hand that was first.

Ann's page has its socket slowed by 150 ms each way (a script the test puts before the page's own, wrapping
the browser's WebSocket); Bob's is not.  (Judged on arrival, her contested press goes out 700 ms late, so that a
loaded machine, slow to pass Bob's key to his page, still has his play land first, as a slow network would.)
The deal (seed 0) is driven by keys to the moment where Ann's pile
shows a red 1 onto Bob's black 1 and Bob's pile the black 2 that would build on it: the stop and the play
exclude each other.  Ann presses first, Bob 60 ms later.  Judged on arrival, Bob's play lands first; judged by
the presses' timing, Ann's stop stands and Bob is told why his play did not.
"""

from __future__ import annotations

import httpx
import pytest

from conftest import shot, take_seat

DELAY = 150
#: the browser's WebSocket, slowed each way; ``strip`` drops the presses' timing (a page that says nothing of it)
SLOW_SOCKET = """(strip) => {
  const Native = window.WebSocket;
  function Slow(url, protocols) {
    const ws = new Native(url, protocols);
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      if (strip) { const m = JSON.parse(data); delete m.timing; data = JSON.stringify(m); }
      setTimeout(() => send(data), window.slowBy ?? DELAY);
    };
    let handler = null;
    ws.addEventListener("message", (event) => setTimeout(() => handler && handler.call(ws, event), DELAY));
    Object.defineProperty(ws, "onmessage", { set(f) { handler = f; }, get() { return handler; } });
    return ws;
  }
  Slow.prototype = Native.prototype;
  Object.assign(Slow, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Slow;
}""".replace("DELAY", str(DELAY))
#: from Go (seed 0, one match): Bob's actions, then Ann's turns, bring the contest (found with the rules offline)
BOB = ["t"] * 8 + ["t"] + ["t"] * 8 + ["t"] + ["t"] * 4 + ["p"]
ANN_TURNS = 23


def press(page, key: str, made: int) -> int:
    """With the page showing every move made so far, a key, and the page showing the move it made (a hand turns
    at most four times a second); the moves made now."""
    shows = "Number(document.querySelector('.board').dataset.moves) >= "
    page.wait_for_function(shows + str(made), timeout=10000)
    page.wait_for_timeout(260)
    page.keyboard.press(key)
    page.wait_for_function(shows + str(made + 1), timeout=10000)
    return made + 1


@pytest.mark.parametrize("timed", [True, False], ids=["judged-by-timing", "judged-on-arrival"])
def test_the_contested_card_goes_to_the_earlier_hand_over_a_slower_network(server, browser, timed):
    made = httpx.post(server.url + "/api/tables", json={
        "game": "biggles", "seed": 0, "variant": {"matches": 1, "deciders": 0},
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]}).json()
    slow, quick = browser.new_context(), browser.new_context()
    try:
        slow.add_init_script(f"({SLOW_SOCKET})({'false' if timed else 'true'})")
        ann = slow.new_page()
        take_seat(ann, server.url, made)
        ann.wait_for_selector(".bg-board")
        bob = quick.new_page()
        bob.goto(server.url + made["join"]["1"])
        bob.fill("[data-testid=join] input[name=name]", "Bob")
        bob.click("text=Take the seat")
        bob.wait_for_selector(".bg-board")
        bob.click("[data-testid=ready]")
        ann.click("[data-testid=ready]")
        for page in (ann, bob):
            page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')",
                                   timeout=15000)
        made_so_far = 0
        for key in BOB:
            made_so_far = press(bob, key, made_so_far)
        for _ in range(ANN_TURNS):
            made_so_far = press(ann, "t", made_so_far)
        # (read from the board: the page does not say which moves are legal, spotting them is the game)
        contest = ("document.querySelector('[data-testid=pile-0] [data-card=R1]') && "
                   "document.querySelector('[data-testid=pile-1] [data-card=K2]') && "
                   "document.querySelectorAll('[data-testid=build-1] [data-card]').length === 1 && "
                   "document.querySelector('[data-testid=build-1] [data-card=K1]')")
        ann.wait_for_function(contest)
        bob.wait_for_function(contest)
        ann.wait_for_timeout(1200)                     # a ping or two since the last move: Ann's offset is known
        if not timed:
            ann.evaluate("() => { window.slowBy = 700; }")     # (her press's way out, the slowest of a slow network)
        ann.keyboard.press("s")                        # Ann first ...
        bob.wait_for_timeout(60)
        bob.keyboard.press("p")                        # ... Bob 60 ms later, 150 ms nearer the server
        card_moves: list[tuple[int, str]] = []
        for _ in range(100):                           # the contest judged: one of the two stands (10 s at most)
            history = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["observation"]["history"]
            card_moves = [(seat, action) for seat, action in history if action.startswith(("play", "stop"))]
            if len(card_moves) > 1:
                break
            bob.wait_for_timeout(100)
        if timed:                                      # Bob hears why his play did not stand
            bob.wait_for_selector("[data-testid=refusal]", timeout=10000)
        shot(bob, f"biggles-network-{'timed' if timed else 'arrival'}")
        if timed:
            assert card_moves[-1] == (0, "stop 1") and (1, "play 2") not in card_moves
            told = bob.locator("[data-testid=refusal]").inner_text()
            assert "black 1" in told or "build" in told or "Undone" in told, told
        else:
            assert card_moves[-1] == (1, "play 2") and (0, "stop 1") not in card_moves
    finally:
        slow.close()
        quick.close()
