"""At phone size (390 x 844) every game keeps the player's hand and the decision on screen.

The page is not scrolled: the dock at the foot of the screen holds the prompt,
the hand and the moves, with the board above it.  Biggles on a touch screen
shows touch buttons, not key hints, and they stay put while the race redraws.
"""

from __future__ import annotations

import pytest

from conftest import ARTIFACTS, refusal, wait_turn

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    page.set_default_timeout(20000)
    yield page
    context.close()


def in_view(page, selector: str) -> bool:
    """Whether the first element matching selector lies wholly inside the viewport, the page unscrolled."""
    return page.eval_on_selector(selector, """el => {
        const r = el.getBoundingClientRect();
        return window.scrollY === 0 && r.width > 0 && r.top >= 0 && r.left >= 0
            && r.bottom <= window.innerHeight && r.right <= window.innerWidth; }""")


def create(page, server, game: str, seed: int, players: int | None = None) -> None:
    page.goto(server.url + f"/new/{game}")
    page.wait_for_selector("form.new")
    if players:
        page.select_option("select[name=players]", str(players))
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", str(seed))
    page.click("text=Create the table")
    page.wait_for_selector(".board")


@pytest.mark.parametrize("game, seed", [("football-whist", 7), ("squadron-scramble", 3),
                                        ("british-towns-asking", 2), ("british-towns-sets", 5)])
def test_the_hand_and_the_decision_are_on_screen(server, phone, game, seed):
    create(phone, server, game, seed)
    wait_turn(phone, also="")                                          # the person's turn
    phone.evaluate("window.scrollTo(0, 0)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / f"{game}-phone-decision.png"))
    assert in_view(phone, ".dock"), "the dock is not wholly on screen"
    assert in_view(phone, ".dock .status"), "the prompt for the decision is off screen"
    assert in_view(phone, ".dock .hand-area h3"), "the hand is off screen"
    # the first card of the hand, and one thing to click for the decision (in the dock or on the board), are on screen
    assert in_view(phone, ".dock .hand-area [data-card]")
    targets = phone.locator(".dock [data-action], .board [data-action]").count()
    visible = phone.locator(".dock [data-action], .board [data-action]").evaluate_all("""els => els.filter(el => {
        const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && r.width > 0; }).length""")
    assert targets and visible, "nothing to click for the decision is on screen"


def test_biggles_on_a_touch_screen_has_buttons_that_stay_put(server, phone):
    create(phone, server, "biggles", 3)
    phone.wait_for_selector("[data-testid=ready]")
    assert in_view(phone, "[data-testid=ready]") and in_view(phone, "[data-testid=touch-controls]")
    phone.tap("[data-testid=ready]")                   # Start: then 3, 2, 1 and Go
    phone.wait_for_function("document.querySelector('.status').textContent.includes('race is on')")
    assert in_view(phone, "[data-testid=touch-controls]")
    assert all(hint.is_hidden() for hint in phone.locator(".keys-hint").all())     # no keys on a touch screen
    assert phone.locator(".dock .moves .list").is_hidden()
    turn = phone.locator(".bg-touch-t")
    phone.evaluate("window.firstTurnButton = document.querySelector('.bg-touch-t')")
    before = int(phone.get_attribute(".board", "data-moves"))
    turn.tap()
    phone.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {before}")
    # the race redrew the board, but the button under the finger is the same element
    assert phone.evaluate("window.firstTurnButton === document.querySelector('.bg-touch-t')")
    phone.screenshot(path=str(ARTIFACTS / "biggles-phone-touch.png"))
    # with the practice aid on, when the pile's top card can move, its cue says what to do without naming a key the
    # phone has not got (by default the page never tells: spotting the card is the game)
    phone.locator("[data-testid=practice]").check()
    cue = phone.locator(".bg-mine .bg-cue")
    for _ in range(60):
        if cue.count() or phone.locator("[data-testid=result]").count():
            break
        before = int(phone.get_attribute(".board", "data-moves"))
        if phone.locator(".bg-touch-t:not([disabled])").count():
            turn.tap()
        phone.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {before}")
    assert cue.count(), "no card of the pile could be played in the race"
    assert cue.inner_text().strip() in ("play", "stop!"), cue.inner_text()
    phone.screenshot(path=str(ARTIFACTS / "biggles-phone-cue.png"))


def test_a_refusal_shows_above_the_dock(server, phone):
    create(phone, server, "football-whist", 7)
    phone.wait_for_selector(".dock .hand-area svg.card")
    refused = phone.locator(".dock .hand-area [data-refused]")
    for _ in range(20):                 # until a card of the hand cannot be played (not his turn, or must follow)
        if refused.count():
            break
        click = phone.locator(".dock .hand-area [data-action]").first
        handle = click.element_handle()
        click.click()
        handle.wait_for_element_state("hidden")
    refused.first.click(force=True)     # aria-disabled: Playwright would wait for it to be enabled
    assert refusal(phone).strip()
    box = "[data-testid=refusal-box]"
    # it is in the dock, on screen, and what a finger meets there is the refusal (nothing lies over it)
    assert phone.eval_on_selector(box, """t => { const r = t.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && t.closest('.dock') !== null; }"""), "the refusal is off screen"
    assert phone.eval_on_selector(box, """t => { const r = t.getBoundingClientRect();
        return [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 10, r.top + 10], [r.right - 10, r.bottom - 10]]
            .every(([x, y]) => t.contains(document.elementFromPoint(x, y))); }"""), "the refusal is hidden"
    phone.screenshot(path=str(ARTIFACTS / "football-whist-phone-refused.png"))


def test_the_dock_folds_down_to_show_the_table_and_opens_at_the_next_turn(server, phone):
    """On a phone the dock covers much of the table: folded, the key and the asks heard are there to read."""
    create(phone, server, "british-towns-asking", 2)
    wait_turn(phone, also="")
    tall = phone.eval_on_selector(".dock", "el => el.offsetHeight")
    phone.click("[data-testid=dock-fold]")
    assert phone.get_attribute("[data-testid=dock-fold]", "aria-expanded") == "false"
    assert phone.locator(".dock .hand-area").is_hidden() and phone.locator(".dock .decision-area").is_hidden()
    assert phone.eval_on_selector(".dock", "el => el.offsetHeight") < tall / 2
    phone.locator(".bt-history").scroll_into_view_if_needed()
    assert in_view(phone, ".bt-history h3") or phone.locator(".bt-history h3").is_visible()
    phone.click("[data-testid=dock-fold]")                                   # back to the move
    assert phone.locator(".dock .hand-area").is_visible() and phone.locator(".dock .decision-area").is_visible()
    phone.click("[data-testid=dock-fold]")
    # folded, a move still goes
    phone.locator(".dock .hand-area .bt-ask-town[data-action]").first.evaluate("el => el.click()")
    opened = "document.querySelector('[data-testid=dock-fold]').getAttribute('aria-expanded') === 'true'"
    phone.wait_for_function(opened, timeout=30000)                           # his next turn opens it by itself
    assert phone.locator(".dock .hand-area").is_visible()
