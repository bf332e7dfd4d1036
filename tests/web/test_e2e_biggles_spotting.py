"""Biggles leaves the spotting to the player: the page never shows whether the pile's card fits.

Spotting the card is the skill the game tests.  In the race the pile's card, the keys and the touch buttons
answer alike whether a move is legal or not (a wrong press goes to the server, which says why not), there is
no badge or glow on a card that fits and no list of every move.  A player who wants the aid ticks "Practice:
show when a card fits", which this browser remembers.  A refusal stays readable for a few seconds while the
other hand races on, and sits in the dock clear of the piles and the buttons.
"""

from __future__ import annotations

from typing import Any

import httpx

from conftest import ARTIFACTS, take_seat
from test_e2e_biggles import legal_now, moves_shown, new_table, start, watch

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: the page's own controls that could tell a legal move from one that is not
TELLS = ("[data-testid^=cue-], .bg-board .legal-glow:not(.bg-hand), [aria-disabled], details.all-moves, "
         ".bg-touch:disabled")
CARD_MOVE = ("play", "stop")


def sit(browser, server, bot: str = "newcomer", seed: int = 3, **context: Any):
    """A table of Ann (this page) and a bot, opened in a new browser context; (context, page, views)."""
    made = httpx.post(server.url + "/api/tables", json={
        "game": "biggles", "seed": seed, "variant": {"matches": 1, "deciders": 0},
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": bot}]}).json()
    ctx = browser.new_context(**context)
    ctx.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = ctx.new_page()
    page.set_default_timeout(15000)
    views = watch(page)
    take_seat(page, server.url, made)
    page.wait_for_selector(".bg-board")
    return ctx, page, views


def go(page) -> None:
    """Start (a tap or a click), and wait for Go."""
    page.locator("[data-testid=ready]").click()
    page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")


def turn_until(page, views, wanted, press, limit: int = 60) -> list[str]:
    """Turns three at a time (``press``) until the view shown offers a move ``wanted`` picks; the legal moves."""
    for _ in range(limit):
        legal = legal_now(page, views)
        if wanted(legal):
            return legal
        before = moves_shown(page)
        press()
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) !== {before}", timeout=5000)
        page.wait_for_timeout(270)                # a hand turns four times a second at most (ruling 13)
    raise AssertionError("no such moment came")


def seen(page, name: str) -> None:
    """A screenshot of the window as the player sees it (not the whole page): test-artifacts/screenshots/NAME.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def clear_of(page, box: str, others: list[str]) -> list[str]:
    """The elements of ``others`` that ``box`` overlaps on the screen."""
    return page.evaluate("""([box, others]) => {
        const r = document.querySelector(box).getBoundingClientRect();
        return others.filter((sel) => [...document.querySelectorAll(sel)].some((el) => {
            const o = el.getBoundingClientRect();
            return o.width && o.height && r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom;
        }));
    }""", [box, others])


def test_a_refusal_stays_readable_while_the_other_hand_races_on(server, page):
    page.set_viewport_size({"width": 1366, "height": 900})
    new_table(page, server, "bot:practised")
    page.wait_for_selector("[data-testid=ready]")
    start(page, "refusal")
    # a card moved first (the story has something to tell, as in any race under way: the bot's), then a wrong press.
    # The player's own side stays as it is (he turns nothing, so there is nothing of his to stop): a card of his
    # turned or a stop on his build would answer the refusal, and take it away (test_e2e_biggles_review14).
    page.wait_for_function("document.querySelector('.story').textContent.startsWith('Arthur played')", timeout=30000)
    before = moves_shown(page)
    page.keyboard.press("p")                      # nothing turned yet: refused, with the reason
    told = page.locator("[data-testid=refusal]")
    told.wait_for()
    reason = told.inner_text()
    assert reason, reason
    page.wait_for_timeout(1000)
    seen(page, "biggles-refused-desktop")
    assert clear_of(page, "[data-testid=refusal-box]", ["[data-testid=pile-0]", "[data-testid=pile-1]",
                                                         "[data-testid=build-0]"]) == []
    page.wait_for_timeout(1500)
    # 2.5 s on: the bot has turned (and built) many times since, and the reason is still there to be read
    assert moves_shown(page) > before + 3, (before, moves_shown(page))
    assert told.is_visible() and told.inner_text() == reason
    # ... and goes by itself a little later
    told.wait_for(state="detached", timeout=4000)


def test_the_page_never_spots_the_card_on_a_phone(server, browser):
    ctx, page, views = sit(browser, server, **PHONE)
    try:
        go(page)
        me = views[moves_shown(page)]["seat"]
        buttons = page.locator(".bg-touch")
        assert buttons.count() == 3 and page.locator(".bg-touch:disabled").count() == 0
        assert page.locator(TELLS).count() == 0, \
            page.locator(TELLS).evaluate_all("els => els.map(e => e.outerHTML.slice(0, 80))")
        assert not page.locator("[data-testid=practice]").is_checked()
        # a wrong tap is possible, and answered with the reason
        page.locator(".bg-touch-p").tap()
        page.locator("[data-testid=refusal]").wait_for()
        page.wait_for_timeout(900)                # (Go! has faded)
        seen(page, "biggles-phone-refused")
        assert clear_of(page, "[data-testid=refusal-box]", [".bg-touch", f"[data-testid=pile-{me}]"]) == []
        # a card that fits and one that does not look the same, and every button presses
        looks = []
        on_pile = page.locator(f"[data-testid=pile-{me}] [data-card]")
        for wanted in (lambda legal: legal and not any(a.startswith(CARD_MOVE) for a in legal) and on_pile.count(),
                       lambda legal: any(a.startswith(CARD_MOVE) for a in legal)):
            turn_until(page, views, wanted, lambda: page.locator(".bg-touch-t").tap())
            assert page.locator(TELLS).count() == 0
            top = page.locator(f"[data-testid=pile-{me}] [data-card]")
            if top.count():
                looks.append(top.evaluate("e => [[...e.classList].filter((c) => c !== 'just-played').sort().join(' '),"
                                          " e.getAttribute('role'), e.hasAttribute('data-action')]"))
        seen(page, "biggles-phone-mid-race")
        assert len(looks) == 2 and looks[0] == looks[1] and looks[0][2], looks
    finally:
        ctx.close()


def test_practice_shows_when_a_card_fits_and_is_remembered(server, browser):
    ctx, page, views = sit(browser, server, viewport={"width": 1366, "height": 900})
    try:
        box = page.locator("[data-testid=practice]")
        assert not box.is_checked()
        box.check()
        assert page.evaluate("localStorage.getItem('parlour:biggles-practice')") == "1"
        page.reload()
        page.wait_for_selector(".bg-board")
        assert page.locator("[data-testid=practice]").is_checked()
        go(page)
        me = views[max(views)]["seat"]
        turn_until(page, views, lambda legal: any(a.startswith(CARD_MOVE) for a in legal),
                   lambda: page.keyboard.press("t"))
        seen(page, "biggles-practice")
        # the badge under the pile and the greyed buttons follow the view shown (read at one instant)
        shown = "(me) => [Number(document.querySelector('.board').dataset.moves), " \
                "document.querySelector(`[data-testid=cue-${me}]`)?.innerText || null, " \
                "document.querySelector('.bg-touch-p').disabled, document.querySelector('.bg-touch-s').disabled]"
        moves, cue, no_play, no_stop = page.evaluate(shown, me)
        legal = views[moves]["legal"]
        fits = any(a.startswith(CARD_MOVE) for a in legal)
        assert (cue is not None) == fits and cue in (None, "p · play", "s · stop!"), (cue, legal)
        assert no_play == (not any(a.startswith("play") for a in legal)), legal
        assert no_stop == (not any(a.startswith("stop") for a in legal)), legal
        turn_until(page, views, lambda legal: legal and not any(a.startswith(CARD_MOVE) for a in legal),
                   lambda: page.keyboard.press("t"))
        moves, cue, no_play, no_stop = page.evaluate(shown, me)
        legal = views[moves]["legal"]
        assert (cue is not None) == any(a.startswith(CARD_MOVE) for a in legal), (cue, legal)
        assert no_play == (not any(a.startswith("play") for a in legal)), legal
        assert page.locator("details.all-moves").count() == 0          # never the list in a race
    finally:
        ctx.close()


def test_the_replay_marks_each_match_start_and_end(server, page):
    page.goto(server.url + "/")
    history = [[0, "turn"], [1, "turn"], [0, "play 1"], [1, "play B"], [0, "turn"], [0, "play B"], [1, "turn"],
               [1, "play B"]]
    marks = page.evaluate("""(history) => import('/static/games/biggles.js').then((m) => m.marks({
        seats: [{ name: 'Ann' }, { name: 'Bob' }], observation: { history } }))""", history)
    # (the next match is dealt at the step the last one ended: its end is the next one's start, a mark of its own)
    # (and the replay shows that step twice, as the match ended and as the next is dealt: "ended"; not the last)
    assert marks == [{"step": 0, "label": "Match 1 start"}, {"step": 4, "label": "Match 1 end", "ended": True},
                     {"step": 4, "label": "Match 2 start"}, {"step": 6, "label": "Match 2 end", "ended": True},
                     {"step": 6, "label": "Match 3 start"}, {"step": 8, "label": "Match 3 end"}]


def test_the_replay_tells_a_match_end_over_the_next_deal(server, page):
    """At the step a match's Biggles was played the board is already dealt for the next match: the replay shows
    that step as the match ended (the builds, where the table had no board kept for it), then as the next is dealt
    (after the last match the board itself shows the end)."""
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(server.url + "/")
    page.wait_for_selector("[data-game=biggles]")          # (the lobby drawn: nothing redraws the page after)
    fresh: dict[str, Any] = {"hand_size": 24, "pile_top": None, "pile_size": 0, "build": [], "level": 0,
                             "stopped_by": []}
    builds = [["K1", "K2", "K3", "K4", "K5", "K6", "K7", "BIG"], ["K1x", "K1"]]
    script = """([fresh, builds, phase, ended]) => import('/static/games/biggles.js').then((m) => {
        document.querySelectorAll('.test-board').forEach((el) => el.remove());
        const el = document.createElement('div');
        el.className = 'board test-board';
        document.body.prepend(el);
        const obs = { phase, match: 2, matches: 2, points: [8, 1],
            players: [{ ...fresh, pack: 'red' }, { ...fresh, pack: 'blue' }],
            history: [[1, 'turn'], [0, 'play B']],
            match_results: [{ match: 1, winner: 0, scores: [8, 1], packs: ['blue', 'red'], builds }] };
        const view = { seats: [{ name: 'Ann' }, { name: 'Bob' }], observation: obs, seat: 0, legal: [], over: false };
        m.render(el, { view, obs, seat: 0, legal: [], act: () => {}, readOnly: true, ended });
        return el.querySelector('[data-testid=replay-match-end], [data-testid=replay-new-deal]')?.innerText || null;
    })"""
    told = page.evaluate(script, [fresh, builds, "playing", True])
    assert told and told.startswith("Match 1 is over: Ann played Biggles first and wins it 8–1"), told
    assert page.locator(".test-board [data-testid=replay-match-end] [data-card=BIG]").is_visible()
    seen(page, "biggles-replay-between-matches")
    dealt = page.evaluate(script, [fresh, builds, "playing", False])
    assert dealt and dealt.startswith("Match 2 is dealt"), dealt
    assert page.evaluate(script, [fresh, builds, "over", True]) is None
