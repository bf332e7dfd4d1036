"""The table tells the story: other players' moves shown at the chosen pace, refusals explained, focus kept."""

from __future__ import annotations

import time

from conftest import refusal, shot


def fw_table(page, server, seats: list[str], seed: int = 7, first: int = 1) -> None:
    """A Football Whist table made through the page; seats[i] is 'person' or 'bot:NAME' for seats first, first + 1..."""
    page.goto(server.url + "/new/football-whist")
    page.wait_for_selector("form.new")
    for i, kind in enumerate(seats, first):
        page.select_option(f"select[name=kind{i}]", kind)
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", str(seed))
    page.click("text=Create the table")
    page.wait_for_selector(".fw-pitch")


def test_other_players_moves_are_shown_at_the_chosen_pace(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.add_init_script("localStorage.setItem('parlour:pace', 'quick')")      # 450 ms a move
    page = context.new_page()
    try:
        fw_table(page, server, ["bot:heuristic"] * 4, first=0)         # four bots: the page watches
        assert page.locator("select.pace").input_value() == "quick"
        page.evaluate("""() => { window.storyTimes = [];
            const story = document.querySelector('[data-testid=story]');
            new MutationObserver(() => window.storyTimes.push([performance.now(), story.textContent]))
              .observe(story, {childList: true, subtree: true, characterData: true}); }""")
        page.wait_for_function("window.storyTimes.length >= 8", timeout=30000)
        times = page.evaluate("window.storyTimes")
        previous = [(0, None), *times[:-1]]
        changes = [(t, text) for (t, text), (_, before) in zip(times, previous, strict=True) if text != before]
        gaps = [b[0] - a[0] for a, b in zip(changes, changes[1:], strict=False)]
        # each bot move stayed on screen for the pace (the server alone would send them 50 ms apart)
        assert gaps and min(gaps) >= 400, gaps
    finally:
        context.close()


def refused_reason(page) -> str:
    page.evaluate("document.querySelector('[data-testid=refusal]')?.remove()")
    page.locator(".hand-area [data-refused]").first.click(force=True)      # aria-disabled: Playwright would wait
    return refusal(page)


def test_a_card_that_cannot_be_played_says_why(server, page):
    # seat 2 is a person who never comes ("Player 2"): the match stops at his turn
    fw_table(page, server, ["person", "bot:heuristic", "bot:heuristic"], seed=7)
    reasons: dict[str, str] = {}
    deadline = time.monotonic() + 40
    while len(reasons) < 2 and time.monotonic() < deadline:
        status = page.inner_text(".dock .status")
        if "Follow" in status and page.locator(".hand-area [data-refused]").count() and "follow" not in reasons:
            reasons["follow"] = refused_reason(page)
            shot(page, "football-whist-refused")
        elif "Waiting for Player 2" in status:
            reasons["turn"] = refused_reason(page)
        elif page.locator(".board [data-action], .hand-area [data-action]").count():
            page.locator(".board [data-action], .hand-area [data-action]").first.click()
            page.wait_for_timeout(150)
        else:
            page.wait_for_timeout(100)
    assert "You must follow" in reasons.get("follow", "") and ": play" in reasons["follow"], reasons
    # the rules know seats, not names: B1 sits on the person's left
    assert "It is not your turn: wait for the player on your left." in reasons.get("turn", ""), reasons


def test_focus_stays_in_the_hand_after_a_move_by_keyboard(server, page):
    fw_table(page, server, ["bot:heuristic"] * 3)
    page.wait_for_selector(".board [data-action], .hand-area [data-action]")
    if page.locator(".board [data-action^='kick ']").count():
        page.locator(".board [data-action^='kick ']").first.focus()
        page.keyboard.press("Enter")
    card = page.locator(".hand-area [data-action^='play ']").first
    card.wait_for(timeout=20000)
    played = card.get_attribute("data-action")
    card.focus()
    before = int(page.get_attribute(".board", "data-moves"))
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {before}")
    page.wait_for_function("document.activeElement && document.activeElement.closest('.hand-area') !== null")
    assert page.evaluate("document.activeElement.getAttribute('data-action')") != played


def test_a_keyboard_player_keeps_the_focus_from_one_turn_to_the_next(server, page):
    """Move after move with Enter alone: when his turn comes round again the focus is on a control of the
    decision, never back at the top of the page (where Tab would start again from the Rules link)."""
    fw_table(page, server, ["bot:heuristic"] * 3)
    control = ".board [data-action], .hand-area [data-action], .decision-slot [data-action]"
    page.wait_for_selector(control)
    page.locator(control).first.focus()
    for turn in range(6):
        before = int(page.get_attribute(".board", "data-moves"))
        # Enter on the focused control: the first turn's was placed above, every later one the page kept
        held = page.evaluate("[document.activeElement.getAttribute('data-action'), "
                             "document.activeElement.outerHTML.slice(0, 300)]")
        assert held[0], f"turn {turn}: the focus is on {held[1]}"
        page.keyboard.press("Enter")
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {before}")
        page.wait_for_selector(control, timeout=20000)
        page.wait_for_function("document.activeElement && document.activeElement !== document.body", timeout=5000)
        focused = page.evaluate("[document.activeElement.tagName, document.activeElement.className.baseVal ?? "
                                "document.activeElement.className, !!document.activeElement.closest('.dock, .board')]")
        assert focused[2], f"turn {turn}: the focus went to {focused}"
