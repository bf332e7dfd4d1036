"""Biggles through the page: a person races a live bot with single keys to the result.

The bot acts on the server's clock and the server pushes every change, so the
person's loop reads the board, presses the key the terminal would use, and
waits for the board to show a new move count before looking again.  Each match
starts with the Start (or Ready) button and a 3-2-1 count over the board; a
match's end shows its points until the player is ready for the next.
"""

from __future__ import annotations

import json
import re
import time

from conftest import end_and_replay, refusal, shot

RESULT = "[data-testid=result]"


def new_table(page, server, seat1: str, seed: int = 3, matches: int = 1) -> None:
    page.goto(server.url + "/")
    page.click('[data-game="biggles"] >> text=New table')
    page.wait_for_selector("form.new")
    page.select_option("select[name=kind1]", seat1)
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=v_matches]", str(matches))
    page.fill("input[name=v_deciders]", "0")
    page.fill("input[name=seed]", str(seed))
    page.click("text=Create the table")
    page.wait_for_selector(".bg-board")


#: the page shows the refusal of a turn that came too soon after the last (ruling 13)
TOO_QUICK = "(document.querySelector('[data-testid=refusal]')?.textContent || '').startsWith('Too quick')"


def moves_shown(page) -> int:
    return int(page.get_attribute(".board", "data-moves"))


def watch(page) -> dict[int, dict]:
    """The views the server sends the page, by move count (the page itself never shows which moves are legal:
    spotting the card is the game).  Call before the page opens the table."""
    views: dict[int, dict] = {}

    def listen(socket) -> None:
        def frame(payload) -> None:
            message = json.loads(payload)
            if message.get("type") == "view":
                views[message["moves"]] = message
        socket.on("framereceived", frame)
    page.on("websocket", listen)
    return views


def legal_now(page, views: dict[int, dict]) -> list[str]:
    """The moves legal in the view the page shows now."""
    view = views.get(moves_shown(page))
    return view["legal"] if view else []


def start(page, name: str = "start") -> None:
    """Press Start: the count runs over the board (3, 2, 1), and no move is offered until Go."""
    button = page.locator("[data-testid=ready]")
    assert button.inner_text() == "Start"
    page.wait_for_timeout(600)
    assert moves_shown(page) == 0                        # the bot waits for the person too
    button.click()
    count = page.locator("[data-testid=count]")
    count.wait_for()
    assert count.inner_text() in ("3", "2", "1"), count.inner_text()
    assert page.locator(".moves button[data-action]").count() == 0 and moves_shown(page) == 0
    shot(page, f"biggles-{name}-count")
    page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")


def test_a_person_races_the_newcomer_bot_to_the_result(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    views = watch(page)
    new_table(page, server, "bot:newcomer")
    page.wait_for_selector("[data-testid=ready]")
    shot(page, "biggles-start")
    page.keyboard.press("t")                         # a key before Start is not a move
    page.wait_for_timeout(200)
    assert moves_shown(page) == 0
    start(page)

    pressed = {"t": 0, " ": 0, "p": 0, "s": 0}
    stale_checked = False
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if page.locator(RESULT).count():
            break
        legal = legal_now(page, views)
        before = moves_shown(page)
        if any(a.startswith(("play", "stop")) for a in legal):
            # the page does not spot the card for him (practice is off): no badge under the pile
            assert page.locator("[data-testid^=cue-]").count() == 0
        if any(a.startswith("play") for a in legal) and not stale_checked:
            # Two presses of p before the server's answer can arrive: the second means the
            # card the screen showed, which the first already played, so it is refused.
            page.evaluate("""() => { for (let i = 0; i < 2; i++)
                document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'p', bubbles: true})); }""")
            # (read once the answer to these presses is shown: under load an older refusal may still be up)
            try:
                page.wait_for_function("/Too late|Your pile shows/.test(document.querySelector("
                                       "'[data-testid=refusal]')?.textContent || '')", timeout=10000)
            except Exception:
                pass
            reason = refusal(page)
            assert re.search(r"Too late|Your pile shows", reason), reason
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
            # the story over the race tells the last card moved (turning goes on all the time: not told)
            page.wait_for_function("document.querySelector('.story').textContent.trim() !== ''", timeout=10000)
            told = page.inner_text(".story")
            assert re.fullmatch(r"(You|Arthur) (played black [1-7] to the build|played Biggles!|stopped "
                                r"(your|Ann's|Arthur's) black [1-7] with a red [1-7])", told.strip()), told
            # (review 25: on a laptop the board's list of the last moves leads with it; the dock's line, which said
            # the same move again over the buttons, gives way while the list shows)
            if page.locator("[data-testid=event-log]").is_visible() and not page.locator(".story .news").count():
                assert not page.locator(".story").is_visible(), told
            shot(page, "biggles-mid")
            page.set_viewport_size({"width": 390, "height": 844})
            shot(page, "biggles-phone")
            page.set_viewport_size({"width": 1280, "height": 860})
        try:
            page.wait_for_function(f"""() => document.querySelector('[data-testid=result]') ||
                Number(document.querySelector('.board').dataset.moves) !== {before} ||
                {TOO_QUICK}""",
                                   timeout=5000)
        except Exception:
            pass                    # refused and nobody moved since: look again
        if page.evaluate(TOO_QUICK):
            page.wait_for_timeout(260)      # a hand turns four times a second at most (ruling 13): let it
    else:
        raise AssertionError(f"the race did not end in time (keys so far: {pressed})")

    banner = page.locator(RESULT)
    # a game of one match is won by the match, not on points (the bot sits under a person's name)
    ending = r"wins the match: Ann \d+ – \d+ Arthur\."
    assert "on points" not in banner.inner_text()
    assert re.search(ending, banner.inner_text()), banner.inner_text()
    assert stale_checked and pressed["p"] >= 8, pressed          # black 1-7 and Biggles, if the person won
    assert page.locator(".bg-keys").count() == 0                # the keys do nothing now: their line is gone
    end_and_replay(page, "biggles")
    # the replay goes straight to a match's start or end: its end shows the builds as the match ended
    # (a single match: no row of marks repeating the step bar's own Start and End, round 12)
    assert page.locator("[data-testid=replay-marks]").count() == 0
    page.locator("[data-testid=replay-stepbar] button", has_text="End").click()
    # (a race's last step says so too, "After move 234 of 234, the last", as every game's does)
    page.wait_for_function("/^After move (\\d+) of \\1\\b/"
                           ".test(document.querySelector('[data-testid=step]').textContent)")
    # (the last match's end is the game's: the board itself shows the Biggles, not dealt again)
    assert page.locator(".views .board [data-testid^=build-] [data-card=BIG]").first.is_visible()
    assert page.locator("[data-testid=replay-match-end]").count() == 0
    shot(page, "biggles-replay-match-end")
    page.locator("[data-testid=replay-stepbar] button", has_text="Start").click()
    page.wait_for_function("document.querySelector('[data-testid=step]').textContent.startsWith('The deal')")
    assert page.locator("[data-testid=replay-match-end]").count() == 0
    assert not errors, errors


#: a card as the rules write it (K3, R3, BIG): never shown to a person in words
CODES = re.compile(r"\b(K[1-7]|R[1-7]|BIG)\b")


def test_a_match_end_shows_its_points_until_the_player_is_ready(server, page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    new_table(page, server, "bot:practised", seed=5, matches=2)
    page.wait_for_selector("[data-testid=ready]")
    start(page, "match-1")
    summary = page.locator("[data-testid=match-summary]")
    summary.wait_for(timeout=90000)                     # Ann never moves: the practised bot wins match 1
    shot(page, "biggles-match-summary")
    text = summary.inner_text()
    assert "Arthur wins match 1." in text and "8 points" in text and "for playing Biggles first" in text, text
    assert re.search(r"Ann \(you\)\s+0 points\s+nothing built", text), text
    assert re.search(r"Totals after match 1: Ann 0, Arthur 8", text), text
    assert not CODES.search(text) and "wins match" in text and "You wins" not in text
    # the table is already dealt for match 2, but the board stays as match 1 ended (the summary under it, in the
    # dock): the winning Biggles in view, on the board, not again in the summary
    assert "match 1 ended" in page.inner_text("[data-testid=as-ended]")
    assert page.locator("[data-testid=build-0] [data-card]").count() == 0
    arthur = page.locator("[data-testid=build-1] [data-card]")
    assert arthur.last.get_attribute("data-card") == "BIG" and arthur.last.is_visible()
    assert summary.locator("[data-testid=final-builds]").count() == 0
    ended = moves_shown(page)
    page.wait_for_timeout(1500)                         # the summary stays, and the bot waits
    assert summary.is_visible() and moves_shown(page) == ended
    assert page.locator(".moves button[data-action]").count() == 0
    assert page.locator(".bg-touch:not([disabled])").count() == 0
    assert page.locator("[data-testid=touch-controls]").is_hidden()     # the summary has the room, not the buttons
    page.keyboard.press("t")                            # no move is offered, so the key sends none
    page.wait_for_timeout(300)
    assert moves_shown(page) == ended
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "biggles-match-summary-phone")
    ready = page.locator("[data-testid=ready]")
    assert ready.inner_text() == "Ready for match 2" and ready.is_visible()
    page.set_viewport_size({"width": 1366, "height": 900})
    ready.click()
    page.locator("[data-testid=count]").wait_for()
    assert summary.count() == 0
    page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
    page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {ended}")
    assert not errors, errors


def test_the_race_waits_for_every_person_and_refuses_keys_meanwhile(server, page, browser):
    new_table(page, server, "person")
    status = page.locator(".status")
    assert "Paused" in status.inner_text() and "Player 2" in status.inner_text()
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
        second.click("[data-testid=ready]")                                # Bob is ready; Ann is not yet
        second.wait_for_selector("text=You are ready. Waiting for Ann to press Start.")
        assert page.locator("[data-testid=ready]").is_visible()
        assert "Press Start" in page.locator(".status").inner_text()
        page.click("[data-testid=ready]")
        second.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
        page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
        page.keyboard.press("t")
        page.wait_for_function("Number(document.querySelector('.board').dataset.moves) === 1")
        second.wait_for_function("Number(document.querySelector('.board').dataset.moves) === 1")
        shot(second, "biggles-second-player-phone")
    finally:
        other.close()
