"""British Towns in the browser: a person and bots play each game to its end through the page."""

from __future__ import annotations

import time

from conftest import click_board, listed_moves, shot, wait_turn


def new_table(page, server, game: str, seed: int) -> None:
    page.goto(server.url + "/")
    page.click(f'[data-game="{game}"] a:has-text("New table")')
    page.wait_for_selector("form.new")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", str(seed))
    page.click("text=Create the table")
    page.wait_for_selector(".board")


def next_turn(page) -> list[str] | None:
    """Waits for the person's move or the end; the legal actions then, or None at the end."""
    wait_turn(page)
    if page.locator("[data-testid=result]").count():
        return None
    return listed_moves(page)




def phone_shot(page, name: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, name)
    page.set_viewport_size({"width": 1280, "height": 860})


def test_asking_game_to_the_end(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    new_table(page, server, "british-towns-asking", seed=2)
    legal = next_turn(page)
    assert legal and page.locator(".bt-seat").count() == 3
    assert page.locator(".bt-key li").count() == 9
    shot(page, "british-towns-asking-start")
    moves = 0
    while legal is not None:
        action = legal[0]
        _, who, card = action.split()
        # choose the player, then the town; only legal asks are clickable
        page.click(f'.board button.bt-seat[data-target="{who}"]')
        assert page.locator(f'.bt-ask [data-action^="ask {who} "]').count() == sum(
            1 for a in legal if a.startswith(f"ask {who} "))
        click_board(page, action)
        moves += 1
        if moves == 3:
            shot(page, "british-towns-asking-mid")
            phone_shot(page, "british-towns-asking-phone")
        legal = next_turn(page)
    banner = page.locator("[data-testid=result]")
    assert "wins" in banner.inner_text() or "Shared" in banner.inner_text()
    assert page.locator(".bt-history li").count() > moves
    shot(page, "british-towns-asking-end")
    assert moves >= 3
    assert not errors, errors
    assert time.monotonic() - started < 60


def test_sets_game_to_the_end(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    new_table(page, server, "british-towns-sets", seed=8)
    legal = next_turn(page)
    assert legal
    shot(page, "british-towns-sets-start")
    # no score before a player has laid a set: it would only be his hand, counted against him
    assert page.locator("[data-testid^=score-]").count() == 0
    moves = 0
    while legal is not None:
        action = next((a for p in ("add", "lay", "draw stock", "discard") for a in legal if a.startswith(p)), legal[0])
        click_board(page, action)
        moves += 1
        if moves == 12:
            shot(page, "british-towns-sets-mid")
            phone_shot(page, "british-towns-sets-phone")
        legal = next_turn(page)
    banner = page.locator("[data-testid=result]")
    assert "wins" in banner.inner_text() or "Shared" in banner.inner_text()
    assert page.locator("[data-testid^=score-]").count() >= 1          # whoever laid a set shows his score
    shot(page, "british-towns-sets-end")
    assert moves >= 12
    assert not errors, errors
    assert time.monotonic() - started < 60
