"""Biggles through the page: a person races a live bot with single keys to the result.

The bot acts on the server's clock and the server pushes every change, so the
person's loop reads the board, presses the key the terminal would use, and
waits for the board to show a new move count before looking again.
"""

from __future__ import annotations

import re
import time

from conftest import end_and_replay, shot

RESULT = "[data-testid=result]"


def new_table(page, server, seat1: str, seed: int = 3) -> None:
    page.goto(server.url + "/")
    page.click('[data-game="biggles"] >> text=New table')
    page.wait_for_selector("form.new")
    page.select_option("select[name=kind1]", seat1)
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=v_matches]", "1")
    page.fill("input[name=v_deciders]", "0")
    page.fill("input[name=seed]", str(seed))
    page.click("text=Create the table")
    page.wait_for_selector(".bg-board")


def moves_shown(page) -> int:
    return int(page.get_attribute(".board", "data-moves"))


def test_a_person_races_the_newcomer_bot_to_the_result(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    new_table(page, server, "bot:newcomer")
    page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
    shot(page, "biggles-start")

    pressed = {"t": 0, " ": 0, "p": 0, "s": 0}
    stale_checked = False
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if page.locator(RESULT).count():
            break
        legal = page.locator(".moves button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
        before = moves_shown(page)
        if any(a.startswith("play") for a in legal) and not stale_checked:
            # Two presses of p before the server's answer can arrive: the second means the
            # card the screen showed, which the first already played, so it is refused.
            page.evaluate("""() => { for (let i = 0; i < 2; i++)
                document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'p', bubbles: true})); }""")
            toast = page.locator("#toast.show")
            toast.wait_for()
            assert re.search(r"Too late|Your pile shows", toast.inner_text()), toast.inner_text()
            shot(page, "biggles-stale-key-refused")
            stale_checked = True
            pressed["p"] += 2
            continue
        if any(a.startswith("play") for a in legal):
            key = "p"
        elif any(a.startswith("stop") for a in legal):
            key = "s"
        else:
            key = " " if pressed["t"] > pressed[" "] else "t"
        page.keyboard.press("Space" if key == " " else key)
        pressed[key] += 1
        if sum(pressed.values()) == 30:
            shot(page, "biggles-mid")
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, "biggles-phone")
            page.set_viewport_size({"width": 1280, "height": 860})
        try:
            page.wait_for_function(f"""() => document.querySelector('[data-testid=result]') ||
                Number(document.querySelector('.board').dataset.moves) !== {before}""", timeout=5000)
        except Exception:
            pass                    # refused and nobody moved since: look again
    else:
        raise AssertionError(f"the race did not end in time (keys so far: {pressed})")

    banner = page.locator(RESULT)
    ending = r"wins on points: Ann \d+ – \d+ P2\.|A draw on points"          # the bot has a plain name
    assert re.search(ending, banner.inner_text()), banner.inner_text()
    assert stale_checked and pressed["p"] >= 8, pressed          # black 1-7 and Biggles, if the person won
    end_and_replay(page, "biggles")
    assert not errors, errors


def test_the_race_waits_for_every_person_and_refuses_keys_meanwhile(server, page, browser):
    new_table(page, server, "person")
    status = page.locator(".status")
    assert "Paused" in status.inner_text() and "P2" in status.inner_text()
    assert page.locator("[data-action]").count() == 0            # a paused race offers no moves
    page.keyboard.press("t")
    page.wait_for_timeout(300)
    assert page.locator(".board").get_attribute("data-moves") == "0"
    shot(page, "biggles-paused")
    link = page.locator(".share code").first.inner_text()
    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        second = other.new_page()
        second.goto(link)
        second.fill("[data-testid=join] input[name=name]", "Bob")        # the join link asks for a name
        second.click("text=Take the seat")
        second.wait_for_selector(".bg-board")
        second.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
        page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
        page.keyboard.press("t")
        page.wait_for_function("Number(document.querySelector('.board').dataset.moves) === 1")
        second.wait_for_function("Number(document.querySelector('.board').dataset.moves) === 1")
        shot(second, "biggles-second-player-phone")
    finally:
        other.close()
