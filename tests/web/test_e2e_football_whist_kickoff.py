"""Football Whist on a phone at a kick-off the player watches: the pitch, where the ball is about to go, is
brought whole into the room above the docked hand (his own kick-off and ball moves are decisions, which the
sweep and the other tests check)."""

from __future__ import annotations

import httpx

from conftest import ARTIFACTS, take_seat
from parlour.games import get_game

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
SEED = 4                        # the first kick-off is another seat's
#: the whole pitch stands above the dock
IN_VIEW = """() => { const r = document.querySelector('.fw-pitch-box').getBoundingClientRect();
    const room = document.querySelector('.dock').getBoundingClientRect().top;
    return r.top >= 0 && r.bottom <= room + 1; }"""


def _phone_page(browser):
    """A phone's page (its own context: close it after) where the bots move at once."""
    context = browser.new_context(**PHONE)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    return context, context.new_page()


def test_on_a_phone_the_pitch_is_in_view_while_another_player_kicks_off(browser, server):
    kicker = next(iter(get_game("football-whist").new_state(seed=SEED).to_move))
    assert kicker != 0
    # the other seats are people who have not come yet: the table waits at the kick-off
    made = httpx.post(server.url + "/api/tables", json={
        "game": "football-whist", "seed": SEED,
        "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "person"}] * 3}).json()
    context, page = _phone_page(browser)
    try:
        take_seat(page, server.url, made)
        page.wait_for_selector(".fw-pitch-box")
        assert page.get_attribute(".board", "data-moves") == "0"
        assert page.locator("[data-testid=hint-button]").count() == 0          # not the player's decision
        page.wait_for_selector(".dock .fw-hand svg.card")
        # the whole pitch above the dock, within a moment (the page scrolls it there by itself)
        try:
            page.wait_for_function(IN_VIEW, timeout=3000)
        finally:
            page.screenshot(path=str(ARTIFACTS / "football-whist-phone-watching-kick-off.png"))
        seen = page.evaluate("""() => { const r = document.querySelector('.fw-pitch-box').getBoundingClientRect();
            return [r.top, r.bottom, document.querySelector('.dock').getBoundingClientRect().top]; }""")
        assert seen[0] >= 0 and seen[1] <= seen[2] + 1, seen
    finally:
        context.close()


def test_on_a_phone_the_players_own_kick_off_keeps_the_pitch_above_the_dock_and_the_hint_says_kick(browser, server):
    """Review: at his own kick-off on a phone the dock (a hand of two rows, the hint) came over the pitch; the hint's
    rows said "Play" for a kick-off, and its heading lost its explanation.  While the ball is the decision the hand
    rests on one row, the pitch stands whole above the dock with the hint open, and the rows say "Kick off"."""
    seed = next(s for s in range(1, 60) if 0 in get_game("football-whist").new_state(seed=s).to_move)
    made = httpx.post(server.url + "/api/tables", json={
        "game": "football-whist", "seed": seed, "hints": True,
        "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot"}] * 3}).json()
    context, page = _phone_page(browser)
    try:
        take_seat(page, server.url, made)
        page.wait_for_selector(".fw-target")
        rows = page.evaluate("""() => new Set([...document.querySelectorAll('.dock .fw-hand svg.card')]
            .map((c) => Math.round(c.getBoundingClientRect().top))).size""")
        assert rows == 1, rows                              # the eleven cards on one row
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-hint]", timeout=60000)
        try:
            page.wait_for_function(IN_VIEW, timeout=3000)
        finally:
            page.screenshot(path=str(ARTIFACTS / "football-whist-phone-own-kick-off-hint.png"))
        verbs = page.locator("[data-testid=hint] .hint-verb").evaluate_all("els => els.map((e) => e.textContent)")
        assert verbs and all(v.strip() == "Kick off" for v in verbs), verbs
        texts = page.locator("[data-testid=hint-play]").evaluate_all("els => els.map((e) => e.textContent)")
        assert all(t.strip().startswith("Kick off to ") for t in texts), texts
        short = page.locator("[data-testid=hint-order-short]")
        assert short.is_visible() and "chance of winning the match" in short.inner_text()
    finally:
        context.close()
