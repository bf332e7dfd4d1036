"""British Towns in the browser: a person and bots play each game to its end through the page."""

from __future__ import annotations

import re
import time

from conftest import ARTIFACTS, click_board, listed_moves, shot, wait_turn


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




#: the entries of a box that scrolls cut by its top edge, or (bottom) its bottom edge too: their words, once settled
WHOLE = """async ([list, bottom]) => {
  await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const ol = document.querySelector(list); const box = ol.getBoundingClientRect();
  return [...ol.children].filter((li) => { const r = li.getBoundingClientRect();
    return (r.top < box.top - 1 && r.bottom > box.top + 1)
      || (bottom && r.top < box.bottom - 1 && r.bottom > box.bottom + 1); })
    .map((li) => li.textContent); }"""


def whole_log(page) -> list[str]:
    return page.evaluate(WHOLE, [".bt-log ol", True])


def key_cut_at_top(page) -> list[str]:
    """The regions of the key's box cut by its top edge (a stray line of one above the region marked)."""
    return page.evaluate(WHOLE, [".bt-key.boxed ul", False])


def end_announced(page, name: str, heads: tuple[str, ...]) -> None:
    """The end opens over the table at once, in view at both sizes, with the focus in it: who won, why, the count;
    closing it shows the board."""
    sheet = page.locator("[data-testid=summary]")
    sheet.wait_for()
    text = sheet.inner_text()
    assert text.startswith("Game over: ") and ("win" in text or "draw" in text), text
    assert all(head in text for head in heads), text
    assert page.evaluate("() => document.activeElement.closest('[data-testid=summary]') !== null")
    # (review 25a: on a laptop the box stood over the middle of the final table, the page scrolled past the menu) the
    # page at its top, the menu in view, and the box at the window's foot, the table's top half above it
    size = page.viewport_size
    page.wait_for_function("scrollY === 0")
    box = sheet.bounding_box()
    assert box and box["y"] >= size["height"] / 3 and box["y"] + box["height"] >= size["height"] - 20, (size, box)
    for width, height in ((1366, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        box = sheet.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 1, (width, box)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{name}-end-summary-{width}.png"))      # (what is in view)
    page.set_viewport_size({"width": 1280, "height": 860})
    page.keyboard.press("Escape")
    sheet.wait_for(state="detached")
    assert page.locator(".board .bt-seat").first.is_visible()


#: where the end's box stands against the key and the window, once settled
END_AT = """async () => { await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const sheet = document.querySelector('[data-testid=summary]').getBoundingClientRect();
  return { scrolled: scrollY, key: document.querySelector('.bt-key').getBoundingClientRect().bottom,
           sheet: sheet.top, foot: sheet.bottom, height: innerHeight }; }"""


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
    assert re.search(r"wins\.|You win\.|Shared", banner.inner_text()), banner.inner_text()
    # (review 25a: on a laptop the end's box stands at the window's foot, the final key whole above it, and the page
    # at its top, the site's menu in view; it stood in the middle over the key, the page scrolled past the menu)
    page.wait_for_selector("[data-testid=summary]")
    page.set_viewport_size({"width": 1366, "height": 900})
    at = page.evaluate(END_AT)
    assert at["scrolled"] == 0 and at["key"] <= at["sheet"] + 1 and at["foot"] >= at["height"] - 40, at
    end_announced(page, "british-towns-asking", ("Regions", "Cards in them"))
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
    # every player's score shown alike from the start (cards laid less cards in hand), the person's too
    seats = page.locator(".bt-seat").count()
    assert seats >= 2 and page.locator("[data-testid^=score-]").count() == seats
    assert page.locator("[data-testid=score-0]").inner_text() == "score −7"
    # (and the player's own box says why it is below nothing before anyone has moved: review 24a)
    assert page.locator(".bt-seat.mine [data-testid=why-score]").inner_text().strip() == "(each −1 until laid)"
    # the prompt offers only what is legal: no discard to take where the pile has none
    if "take discard" not in legal:
        assert "discard" not in page.inner_text(".status"), page.inner_text(".status")
    moves = 0
    while legal is not None:
        action = next((a for p in ("add", "lay", "draw stock", "discard") for a in legal if a.startswith(p)), legal[0])
        click_board(page, action)
        moves += 1
        if moves == 12:
            assert whole_log(page) == [], "an entry of the play log cut at the box's edge"
            assert key_cut_at_top(page) == [], "a region of the key cut at its box's top"
            shot(page, "british-towns-sets-mid")
            page.set_viewport_size({"width": 390, "height": 844})
            assert whole_log(page) == [], "an entry of the play log cut at the box's edge (phone)"
            assert key_cut_at_top(page) == [], "a region of the key cut at its box's top (phone)"
            shot(page, "british-towns-sets-phone")
            page.set_viewport_size({"width": 1280, "height": 860})
        legal = next_turn(page)
    banner = page.locator("[data-testid=result]")
    assert re.search(r"wins\.|You win\.|Shared", banner.inner_text()), banner.inner_text()
    end_announced(page, "british-towns-sets", ("Laid", "In hand", "Score"))
    # the end is the news now: no "You laid ... set" left standing over the table from the last turn
    assert page.locator("[data-testid=laid-news]").count() == 0
    assert page.locator("[data-testid^=score-]").count() == seats
    shot(page, "british-towns-sets-end")
    assert moves >= 12
    assert not errors, errors
    assert time.monotonic() - started < 60
