"""Biggles after review 14: a refusal that outlived its moment, a game total read as the build's worth, and a
loss that offered nothing.

- A refusal goes at the player's next press, and when his own side of the table changes without one (his pile
  turned, here from his seat on another device): "Instead, turn the next three (t)" never stands beside the card
  those three turned up.  (The other hand racing on does not take it away: test_e2e_biggles_spotting.)
- Each player's head names the game's total apart from the build: "built 1 to 5, needs a 6" and, in its own pill,
  "game total 10 points".
- After a lost match against a bot, not only a lost game, the next level down is offered: "Too hard? … Try an
  easier opponent: Club player level", a new table where the player keeps his seat.
"""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.sync.client import connect

from conftest import shot, take_seat
from test_e2e_biggles import legal_now, moves_shown, watch

RACING = "document.querySelector('.status').textContent.includes('race is on')"
#: the page shows a refusal now
REFUSED = "!!document.querySelector('.refusal.show [data-testid=refusal]')"
#: Ann's pile as the page shows it ("pile 3")
PILE = "document.querySelector('[data-testid=pile-0] .bg-count').textContent"


def open_table(browser, server, bot: str, matches: int = 1, seed: int = 3, ann: int = 0):
    """A table of Ann (seat ``ann``, this page) and Arthur, a bot, opened in a new browser context at 1366x900;
    (made, context, page, views)."""
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": bot, "name": "Arthur"}]
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "biggles",
            "seed": seed,
            "variant": {"matches": matches, "deciders": 0},
            "seats": seats if ann == 0 else seats[::-1],
        },
    ).json()
    assert made["seat"] == ann, made
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    views = watch(page)
    take_seat(page, server.url, made)
    page.wait_for_selector(".bg-board")
    return made, context, page, views


def wrong_key(legal: list[str]) -> str:
    """A key whose move the view shown does not allow (a card is either black or red: play and stop never both
    go)."""
    return "p" if any(a.startswith("stop") for a in legal) else "s"


def test_a_refusal_goes_at_the_next_press_or_when_the_players_own_pile_turns(server, browser):
    made, context, page, views = open_table(browser, server, "gentle")
    # Ann's seat on another device: it turns her cards without a press on this page
    socket = f"{server.url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
    with connect(socket, open_timeout=10) as other:
        page.locator("[data-testid=ready]").click()
        page.wait_for_function(RACING)
        box = page.locator("[data-testid=refusal]")

        # refused (nothing turned yet: nothing to stop with), then a turn pressed: the refusal goes with the press
        page.keyboard.press("s")
        page.wait_for_function(REFUSED)
        assert box.inner_text().startswith("Your pile is empty"), box.inner_text()
        before = page.evaluate(PILE)
        page.keyboard.press("t")
        page.wait_for_function(f"{PILE} !== {json.dumps(before)}")
        assert not page.evaluate(REFUSED), box.inner_text()

        # refused again; then the pile turns from the other device, with no press here: the refusal spoke of the
        # card now covered, and goes as the new one shows
        page.wait_for_timeout(300)  # (a hand turns four times a second at most: ruling 13)
        page.keyboard.press(wrong_key(legal_now(page, views)))
        page.wait_for_function(REFUSED)
        stale = box.inner_text()
        assert "Instead" in stale, stale
        shot(page, "biggles-refused-before-turn")
        before = page.evaluate(PILE)
        moves = moves_shown(page)
        other.send(json.dumps({"type": "act", "action": "turn"}))
        page.wait_for_function(f"{PILE} !== {json.dumps(before)}")
        assert moves_shown(page) > moves
        assert not page.evaluate(REFUSED), (stale, box.inner_text() if box.count() else "")
        shot(page, "biggles-refusal-gone-after-turn")
    context.close()


@pytest.mark.race_clock
def test_a_lost_match_offers_an_easier_bot_and_the_heads_name_the_game_total(server, browser):
    # (Ann in the second seat: the new table keeps her there)
    made, context, page, _ = open_table(browser, server, "practised", matches=2, seed=5, ann=1)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        opponent = page.locator("[data-testid=opponent]").inner_text()
        # (the quickest level: only an easier one is ever offered)
        assert opponent.endswith(
            "the quickest of the six bots on offer. Another level is chosen under New table, "
            "or offered here after each match: an easier one when you lose."
        ), opponent
        page.locator("[data-testid=ready]").click()
        page.wait_for_function(RACING)
        # Ann does nothing: the Expert bot wins match 1, 8-0
        summary = page.locator("[data-testid=match-summary]")
        summary.wait_for(timeout=90000)
        assert "Arthur wins match 1" in summary.inner_text()
        offer = page.locator("[data-testid=easier]")
        assert offer.inner_text().startswith("Too hard? Arthur played at the Expert level."), offer.inner_text()
        button = page.locator("[data-testid=easier-go]")
        assert button.inner_text() == "Try an easier opponent: Club player level"
        assert page.locator("[data-testid=quicker]").count() == 0
        # the game's total in its own pill, apart from the build's words
        assert page.locator("[data-testid=level-0]").inner_text() == "Biggles down!"
        assert page.locator("[data-testid=total-0]").inner_text() == "game total 8 points"
        assert page.locator("[data-testid=total-1]").inner_text() == "game total 0 points"
        # the score line in the seats' order, as the title gives them (Ann in the second seat: on the right)
        assert "".join(page.locator("[data-testid=points]").inner_text().split()) == "Arthur8–0Ann"   # (spaced by CSS)
        ann = page.locator("[data-testid=level-1]").inner_text()
        assert "point" not in ann, ann
        shot(page, "biggles-lost-match-easier-offered")
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "biggles-lost-match-easier-offered-phone")

        # a new table: Ann keeps her seat, Arthur plays at the Club player level, the same series
        table = made["id"]
        button.click()
        page.wait_for_function(f"!location.pathname.endsWith('{table}')")
        again = httpx.get(f"{server.url}/api/tables/{page.url.rsplit('/', 1)[1]}").json()
        assert [s.get("bot") for s in again["seats"]] == ["club", None], again["seats"]
        assert [s.get("name") for s in again["seats"]] == ["Arthur", "Ann"], again["seats"]
        assert again["observation"]["matches"] == 2, again["observation"]
        assert not errors, errors
    finally:
        context.close()
