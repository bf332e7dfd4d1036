"""A drive's bots play slow enough for a watcher to follow unless the organiser picks quick, beside "Let bots play",
and the page says the pace while they play (review 22d: the bots finished a whole game in about a minute, before
anyone could watch it)."""

from __future__ import annotations

import httpx

from conftest import PHONE, WIDE, shot

STATUS = "[data-testid=round-status]"
PACE = "[data-testid=bots-pace] select"
picked = lambda sel: sel.evaluate("s => s.options[s.selectedIndex].text")                # noqa: E731


def new_drive(page, server) -> str:
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-drive] textarea[name=teams]", "Aston Villa\nCharlton\nQ.P. Rangers\nSwansea")
    page.fill("[data-testid=new-drive] input[name=rounds]", "2")
    page.click("text=Create the drive")
    page.locator(STATUS).wait_for()
    return page.url.split("/drives/")[1].split("#")[0]


def test_the_bots_pace_is_chosen_beside_let_bots_play_and_said_while_they_play(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    seconds = server.bot_delay * 4          # (web.tournaments.WATCH times the server's usual pause)
    page.set_viewport_size(WIDE)
    drive = new_drive(page, server)
    chooser = page.locator(PACE)
    # the watchers' pace by default, in words with its seconds a card; quick on offer beside it
    assert picked(chooser) == f"Slow enough to follow, a card every {seconds:g} seconds"
    assert chooser.evaluate("s => [...s.options].map((o) => o.text)") == [
        f"Slow enough to follow, a card every {seconds:g} seconds", f"Quick, a card every {server.bot_delay:g} seconds"]
    shot(page, "drive-pace-chooser")
    page.click("[data-testid=simulate]")
    page.wait_for_selector(f"{STATUS}[data-round='1'][data-state=playing]")
    said = page.locator("[data-testid=pace-now]").inner_text().strip()
    assert said == f"The bots play slow enough to follow, a card every {seconds:g} seconds.", said
    assert httpx.get(f"{server.url}/api/drives/{drive}").json()["bots"]["pace"] == "watch"
    shot(page, "drive-pace-watch")
    # anyone watching (no organiser key) is told the pace too
    watcher = page.context.new_page()
    watcher.set_viewport_size(PHONE)
    watcher.goto(f"{server.url}/drives/{drive}")
    watcher.wait_for_selector("[data-testid=pace-now]")
    assert "slow enough to follow" in watcher.locator("[data-testid=pace-now]").inner_text()
    shot(watcher, "drive-pace-watch-phone")
    watcher.close()
    page.click("[data-testid=pause-bots]")

    # on a phone the organiser of another drive picks quick: the bots play at the server's usual pace, said so
    page.set_viewport_size(PHONE)
    quick = new_drive(page, server)
    page.select_option(PACE, "quick")
    assert picked(page.locator(PACE)) == f"Quick, a card every {server.bot_delay:g} seconds"
    shot(page, "drive-pace-chooser-phone")
    # (the chooser stays inside the window: the page never widens)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("[data-testid=simulate]")
    page.wait_for_selector(f"{STATUS}[data-round='1'][data-state=playing]")
    said = page.locator("[data-testid=pace-now]").inner_text().strip()
    assert said == f"The bots play quick, a card every {server.bot_delay:g} seconds.", said
    assert httpx.get(f"{server.url}/api/drives/{quick}").json()["bots"]["pace"] == "quick"
    shot(page, "drive-pace-quick-phone")
    page.click("[data-testid=pause-bots]")
    assert not errors, errors
