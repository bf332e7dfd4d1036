"""Squadron Scramble after the fresh-eyes review 16b: a table that stops after so many rounds says which round is the
last, and at the end that the round limit, not the target, decided the game."""

from __future__ import annotations

from pathlib import Path

import test_e2e_squadron_scramble_table as table
from conftest import WIDE, play_out
from parlour.bots import make_bot
from parlour.games import get_game

SHOTS = Path("/tmp/t33-ss5-shots")


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_table_limited_to_two_rounds_says_the_last_round_and_why_the_game_ended(quick_server, browser):
    """On a table limited to two rounds (the target out of reach) the round 1 count says round 2 is the last, the head
    says "Round 2 of 2", and the game-over line says the round limit was reached and the highest total wins."""
    made, view = table.drive(
        quick_server, 3, lambda v: v["observation"]["round"] == 2, seats=2, variant={"max_rounds": 2, "target": 5000}
    )
    context, page, errors = table.open_table(browser, quick_server, made, WIDE)
    try:
        count = page.locator("[data-testid=round-count]")
        count.wait_for()
        said = count.inner_text()
        assert "Round 2 is the last round: after it the highest total wins." in said, said
        assert "First to 5000 wins." not in said, said
        shoot(page, "limit-round-count")
        page.click("[data-testid=count-go-on]")
        info = page.locator(".ss-info > span").first.inner_text()
        assert info.startswith("Round 2 of 2"), info
        chooser = make_bot(get_game("squadron-scramble"), "heuristic", 0, 2)
        play_out(quick_server.url, made, lambda v: chooser.act(v["observation"], v["legal"]))
        page.wait_for_function("document.body.innerText.includes('round limit was reached')", timeout=30000)
        text = page.locator("body").inner_text()
        assert "after 2 rounds (the round limit was reached: the highest total wins)" in text, text
        shoot(page, "limit-game-over")
        assert not errors, errors
    finally:
        context.close()
