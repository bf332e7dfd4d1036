"""Reviews 20d and 21a: a replay's views and its analysis on a phone.  A table that bots played throughout (a drive's)
names its views by the seats' names as the drive gives them, "Rovers 1's view (a bot)", with no seat numbers
(review 22d: "Seat 1's view (Rovers 1, a bot)" named a number first), and the boards all together "Every player's
view"; the
analysis on a phone offers a jump to the list of the seat's moves, which lies under the board; the step slider is in
the site's colours, not the browser's blue."""

from __future__ import annotations

import json

import pytest

from conftest import ARTIFACTS, PHONE, judged_row, open_analysis, played_by_bots, stood_in_analysis


def possessive(name: str) -> str:
    """A name's possessive as the page writes it: "Ann's", "Doris'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


@pytest.mark.bots_quick
def test_a_bots_only_tournament_table_names_its_views_by_place_and_the_slider_takes_the_site_colour(server, page):
    made, info, _ = played_by_bots(server.url, "football-whist", 4, 4, bot="random")
    names = [s["name"] for s in info["seats"]]
    # the table as a drive's would be: a tournament's, bots throughout (the drive's own pages are tested elsewhere)
    context = {"name": "The drive", "where": "Table 1", "sides": ["Home", "Away"], "url": "/", "back": "Back"}

    def as_drive(route):
        answer = route.fetch()
        body = answer.json()
        route.fulfill(response=answer, body=json.dumps({**body, "context": context}))

    page.route(f"**/api/tables/{made['id']}", as_drive)
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    heading = page.locator("[data-testid=views-heading]")
    assert heading.inner_text() == f"{possessive(names[0])} view (a bot)"
    options = page.eval_on_selector_all("[data-testid=whose-view] option", "os => os.map((o) => o.textContent)")
    assert options == ["Every player's view, a board each"] + [f"{possessive(name)} view (a bot)" for name in names]
    assert not any("Seat" in option for option in options), options
    assert page.locator(".views .board").count() == 1
    # (the slider in the site's baize green: the browser's own blue said nothing of the site)
    colour = page.eval_on_selector(
        "[data-testid=replay-stepbar] input[type=range]", "e => getComputedStyle(e).accentColor"
    )
    assert colour == "rgb(31, 95, 58)", colour
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "replay-bots-only-phone.png"))
    # (review 25c: no way to jump to a goal or half time, and half time lost: the step that ended the first half went
    # straight to the second half's deal, its last trick and winner never shown, the caption silent on half time)
    step = page.locator("[data-testid=step]")
    kicker = info["observation"]["history"][0][0]
    assert step.inner_text().endswith(f"move 1: {names[kicker]} kicks off"), step.inner_text()
    marks = page.eval_on_selector_all("[data-testid=replay-marks] button", "bs => bs.map((b) => b.textContent)")
    goals = len(info["observation"]["goal_log"])
    assert marks[0] == "Kick-off" and marks[-1] == "Full time", marks
    assert [m for m in marks if m.startswith("Goal")] == [f"Goal {n + 1}" for n in range(goals)], marks
    assert marks.index("Half time") + 1 == marks.index("Second half"), marks
    page.click("[data-testid=replay-marks] button[aria-label='Half time']")
    half = page.locator("[data-testid=replay-half-time]")
    half.wait_for()
    assert " · half time · " in step.inner_text(), step.inner_text()
    assert half.locator("h3").first.inner_text().startswith("Half time: ")
    last = info["observation"]["tricks"][0][-1]
    # (the half's last trick shown once: it was drawn twice, by the replay and by the half-time sheet)
    assert half.locator(".fw-last-card").count() == 4
    assert half.locator("[data-testid=half-last-trick] .fw-last-won").inner_text().startswith(
        f"{names[last['winner']]} won it"
    )
    page.click("button[aria-label=Forward]")
    half.wait_for(state="detached")
    assert "kicks off the second half" in step.inner_text(), step.inner_text()
    assert page.locator(".views .board .fw-score").count() == 1
    page.click("button[aria-label=Back]")
    half.wait_for()
    # (review 25c: Play ran at one speed: the player picks it, and Play's wait between steps follows)
    play = page.locator("[data-testid=autoplay]")
    page.click("[data-testid=replay-marks] button[aria-label='Second half']")
    half.wait_for(state="detached")
    waits = {}
    for speed in ("2", "0.5"):
        page.select_option("[data-testid=play-speed]", speed)
        play.click()
        assert play.get_attribute("aria-pressed") == "true"
        waits[speed] = int(play.get_attribute("data-wait") or 0)
        play.click()
    assert waits == {"2": 350, "0.5": 1400}, waits
    assert page.evaluate("localStorage.getItem('parlour:replay-speed')") == "0.5"
    if goals:
        page.click("[data-testid=replay-marks] button[aria-label='Goal 1']")
        page.wait_for_function("document.querySelector('[data-testid=step]').textContent.includes('scored')")


@pytest.mark.bots_quick
def test_on_a_phone_the_analysis_offers_a_jump_to_the_list_of_the_players_moves(browser, server):
    from parlour.games import get_game

    made, info, record = played_by_bots(server.url, "british-towns-sets", 4, 2)
    state = get_game("british-towns-sets").new_state(
        seats=2, variant=record.variant, seed=record.seed, deal=record.deal
    )
    rows: list[dict] = []
    for index, (seat, action) in enumerate(record.actions):
        legal = state.legal_actions(seat)
        if seat == 0 and len(legal) > 1:
            other = next(a for a in legal if a != action)
            rows.append(
                judged_row(index, 0, len(legal), action, [(other, 0.6), (action, 0.3 if len(rows) == 5 else 0.58)])
            )
        state.apply(seat, state.parse_action(action))
    name = info["seats"][0]["name"]
    analysis = stood_in_analysis(made["id"], "british-towns-sets", 0, name, rows)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        open_analysis(page, server.url, made["id"], 0, analysis, state="attached")
        page.wait_for_selector("[data-testid=analysis-focus] .verdict")
        jump = page.locator("[data-testid=jump-to-moves]")
        assert jump.inner_text() == f"{name}'s moves ↓"
        box = jump.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box  # in the first screen
        page.screenshot(path=str(ARTIFACTS / "replay-analysis-open-phone.png"))
        jump.tap()
        page.wait_for_function(
            """() => { const h = document.querySelector('.analysis > h2').getBoundingClientRect();
                       const bar = document.querySelector('[data-testid=replay-stepbar]').getBoundingClientRect();
                       return h.top >= bar.bottom - 1 && h.bottom <= innerHeight; }"""
        )
        assert page.locator(".analysis > h2").inner_text() == f"{name}'s moves, as the expert sees them"
        page.screenshot(path=str(ARTIFACTS / "replay-analysis-jump-phone.png"))
    finally:
        context.close()


def test_the_kept_link_as_the_page_shows_it_restores_the_seat_and_the_analysis_in_a_fresh_browser(
    server, page, browser
):
    """Review 20d: a link copied from the page's text "did not open a seat": the key the reviewer opened was 14 of its
    24 letters, cut short, where the page shows the whole link, the very text the Copy button gives.  The text shown,
    opened as it stands in a fresh browser, gives the seat back, and with it the replay's Analyse."""
    import httpx

    from conftest import play_out, take_seat

    seats = [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 3
    made = httpx.post(server.url + "/api/tables", json={"game": "football-whist", "seed": 4, "seats": seats}).json()
    play_out(server.url, made, lambda view: view["legal"][0])
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    take_seat(page, server.url, made)
    # (a finished game opens on its full-time sheet, the table behind it out of reach: the player closes it first)
    page.locator("[data-testid=summary] [data-testid=go-on]").click()
    keep = page.locator("[data-testid=keep-link]")
    keep.wait_for()
    shown = keep.locator("[data-testid=keep-link-url]").inner_text()
    keep.locator("button.copy").click()
    page.wait_for_function("document.querySelector('[data-testid=keep-link] button.copy').textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == shown  # the text shown is the text copied
    fresh = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    other = fresh.new_page()
    other.set_default_timeout(15000)
    try:
        other.goto(shown)
        other.locator("[data-testid=keep-link]").wait_for()  # the seat's own end, its link offered again
        assert other.locator("[data-testid=seat-link-refused]").count() == 0
        assert other.evaluate(f"JSON.parse(localStorage.getItem('parlour:{made['id']}')).seat") == made["seat"]
        other.goto(f"{server.url}/replay/{made['id']}")
        other.wait_for_selector(".views .board")
        analyse = other.locator("[data-testid=analyse]")
        assert analyse.get_attribute("aria-disabled") is None and other.locator("[data-testid=analyse-why]").is_hidden()
        assert other.locator("[data-testid=views-heading]").inner_text() == "Your view (Ann)"
        # the server takes the key kept here as the seat's (the analysis is given to that key alone)
        key = other.evaluate(f"JSON.parse(localStorage.getItem('parlour:{made['id']}')).token")
        answer = httpx.get(f"{server.url}/api/tables/{made['id']}/seat", headers={"Authorization": f"Bearer {key}"})
        assert answer.status_code == 200 and answer.json()["seat"] == made["seat"], answer.text
        other.screenshot(path=str(ARTIFACTS / "replay-kept-link-fresh-phone.png"))
    finally:
        fresh.close()
