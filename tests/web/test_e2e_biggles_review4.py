"""Biggles after a fresh review: a reload in the middle of a match is told truthfully (the match resumes where it
stood, at Go, not a fresh one about to start), and on a phone both builds, both piles and the Turn, Play and Stop
buttons stand on one screen, a refusal above the buttons included."""

from __future__ import annotations

from conftest import PHONE, shot
from test_e2e_biggles import moves_shown, new_table

RACING = "document.querySelector('.status').textContent.includes('race is on')"


def test_a_reload_mid_match_says_the_match_resumes_where_it_stood(server, page):
    new_table(page, server, "bot:practised", seed=5, matches=2)
    page.click("[data-testid=ready]")
    label = page.locator("[data-testid=count-label]")
    label.wait_for()
    assert label.inner_text().strip().lower() == "match 1"              # the match's first count: a fresh start
    page.wait_for_function(RACING)
    page.wait_for_function("Number(document.querySelector('.board').dataset.moves) >= 3", timeout=30000)
    built = moves_shown(page)
    page.reload()
    label = page.locator("[data-testid=count-label]")
    label.wait_for()
    # the server pauses the race while the player is away and counts again as he comes back: the page says so
    assert label.inner_text().strip().lower() == "resuming match 1", label.inner_text()
    status = page.locator(".status").inner_text()
    assert status.startswith("Resuming match 1 where it stood") and "about to start" not in status, status
    assert moves_shown(page) >= built                                    # the board as the match stood
    page.keyboard.press("t")
    said = page.locator("[data-testid=refusal]")
    said.wait_for()
    assert "resumes where it stood" in said.inner_text(), said.inner_text()
    shot(page, "biggles-reload-resuming")
    page.wait_for_function(RACING)
    said.wait_for(state="detached")                                      # Go answered it


def test_on_a_phone_both_builds_both_piles_and_the_buttons_fit_one_screen(server, browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    try:
        new_table(page, server, "bot:practised", seed=5, matches=1)
        page.locator("[data-testid=ready]").tap()
        page.wait_for_function(RACING)
        page.wait_for_function("Number(document.querySelector('.board').dataset.moves) >= 2", timeout=30000)
        # two turns at once: the second is refused (too quick), and the refusal grows the dock over the board
        page.keyboard.press("t")
        page.keyboard.press("t")
        page.locator("[data-testid=refusal]").wait_for()
        page.wait_for_timeout(300)
        # measured at one moment (the board is drawn afresh with each of the bot's moves)
        boxes = page.evaluate("""() => Object.fromEntries(['.dock', '[data-testid=build-0]', '[data-testid=build-1]',
            '[data-testid=pile-0]', '[data-testid=pile-1]', '.bg-touch-t', '.bg-touch-p', '.bg-touch-s'].map((sel) => {
              const r = document.querySelector(sel).getBoundingClientRect();
              return [sel, { top: r.top, bottom: r.bottom }]; }))""")
        dock = boxes[".dock"]
        for seat in (0, 1):
            build, pile = boxes[f"[data-testid=build-{seat}]"], boxes[f"[data-testid=pile-{seat}]"]
            for part, box in (("build", build), ("pile", pile)):
                assert 0 <= box["top"] and box["bottom"] <= dock["top"], (seat, part, box, dock)
            # the build stands beside its hand and pile, not under them
            assert build["top"] < pile["bottom"], (seat, build, pile)
        for button in ("t", "p", "s"):
            assert boxes[f".bg-touch-{button}"]["bottom"] <= PHONE["height"], (button, boxes)
        shot(page, "biggles-phone-one-screen")
    finally:
        context.close()
