"""What a card player reads at the table beyond the moves: ends that stop play, and marks that mean one thing.

- Half time stops play with its summary, which stays until the player goes on (at the slow pace it waits
  for him) or until the chosen pace lets it go (at the quick pace it goes by itself), and play goes on after.
- In Football Whist a Master-team card carries a star, a playable card stands up and glows: the two differ by
  more than colour, and no card glows when none may be played (a ball move).
"""

from __future__ import annotations

import re
import time

import httpx

from conftest import shot, take_seat


def person_and_bots(page, server, pace: str, seed: int = 7) -> None:
    """A table of Ann and three bots at ``pace`` (chosen as the player chooses it at the table)."""
    seats = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot"}] * 3
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": seed, "seats": seats}).json()
    take_seat(page, server.url, made)
    page.wait_for_selector(".board")
    page.select_option("select.pace", pace)                        # as the player chooses it at the table


def play_until_half_time(page, check=None, pace: str | None = None) -> None:
    """Plays the first thing the board offers until half time's summary shows; ``check(page)`` at each decision.
    With ``pace``, the half is played at the instant pace until the player's last card, and its end at ``pace``
    (the pace that half time meets is the one chosen then)."""
    deadline = time.monotonic() + 90
    if pace:
        page.select_option("select.pace", "instant")
    while not page.locator("[data-testid=summary]").count():
        assert time.monotonic() < deadline, "half time never came"
        target = page.locator(".board [data-action], .hand-area [data-action]").first
        if not target.count():
            page.wait_for_timeout(50)
            continue
        if pace and page.locator(".hand-area svg[data-card]").count() == 1:
            page.select_option("select.pace", pace)
            pace = None
        if check:
            check(page)
        before = page.get_attribute(".board", "data-moves")
        target.click()
        page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'"
                               " || !!document.querySelector('[data-testid=summary]')")


def test_half_time_waits_for_the_player_at_the_slow_pace(server, page):
    person_and_bots(page, server, "slow")
    play_until_half_time(page, pace="slow")
    summary = page.locator("[data-testid=summary]")
    assert summary.inner_text().startswith("Half time")
    assert re.search(r"(kicks|You kick) off the second half", summary.inner_text())
    shot(page, "football-whist-half-time")
    before = page.get_attribute(".board", "data-moves")
    page.wait_for_timeout(4000)
    assert summary.count(), "the summary went before the player went on"
    # behind it the table waits: the board still shows the first half's last move, and no key acts
    assert page.get_attribute(".board", "data-moves") == before
    page.keyboard.press("1")
    assert page.get_attribute(".board", "data-moves") == before
    page.keyboard.press("Enter")                                   # Enter goes on, as the button does
    summary.wait_for(state="detached")
    page.wait_for_function("document.querySelector('.fw-half').textContent.includes('2')")


def test_half_time_goes_by_itself_at_the_quick_pace(server, page):
    person_and_bots(page, server, "quick")
    play_until_half_time(page, pace="quick")
    # the sheet says when play goes on (the pace's time, more for a long summary: a second for three words)
    said = re.search(r"by itself in (\d+) s", page.inner_text("[data-testid=summary]"))
    assert said and 8 <= int(said.group(1)) <= 60, page.inner_text("[data-testid=summary]")
    page.locator("[data-testid=summary]").wait_for(state="detached", timeout=(int(said.group(1)) + 4) * 1000)
    page.wait_for_selector(".hand-area [data-action], .board [data-action]", timeout=20000)   # play went on


def test_master_team_cards_and_playable_cards_differ_by_more_than_colour(server, page):
    person_and_bots(page, server, "instant", seed=5)
    seen = {"master held, not playable": 0, "ball move": 0, "master playable": 0}

    def check(page) -> None:
        cards = page.locator(".hand-area svg[data-card]").evaluate_all("""els => els.map(el => ({
            card: el.dataset.card, star: [...el.querySelectorAll('text')].some(t => t.textContent === '★'),
            master: el.classList.contains('fw-master'), title: el.querySelector('title')?.textContent || '',
            glow: el.classList.contains('legal-glow'), playable: el.hasAttribute('data-action'),
            raised: getComputedStyle(el).transform !== 'none' }))""")
        master = page.get_attribute("[data-testid=master]", "data-team") or ""
        ball_move = page.locator(".board .fw-target").count() > 0
        for c in cards:
            assert c["star"] == c["master"] == c["card"].startswith(master) if master else not c["star"], c
            if c["master"]:
                assert "Master team" in c["title"], c
            # gold (the glow) and the lift mean "you may play this", and nothing else
            assert c["glow"] == c["playable"] == c["raised"], c
            seen["master held, not playable"] += c["master"] and not c["playable"]
            seen["master playable"] += c["master"] and c["playable"]
        if ball_move:
            assert not any(c["glow"] for c in cards), "a card glows during a ball move"
            seen["ball move"] += 1

    play_until_half_time(page, check)
    assert all(seen.values()), seen
