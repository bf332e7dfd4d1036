"""Biggles on a phone: a refusal names the button to press instead, never a key the phone has not got ("(t)"), and
is said in the fixed slot of the list of the last moves: the dock does not grow over the player's own build."""

from __future__ import annotations

import httpx

from conftest import PHONE, take_seat


def test_on_a_phone_a_refusal_names_the_button_to_press_instead(server, browser):
    made = httpx.post(server.url + "/api/tables", json={"game": "biggles", "seed": 3, "seats": [
        {"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "gentle", "name": "Arthur"}]}).json()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        take_seat(page, server.url, made)
        page.wait_for_selector("[data-testid=ready]")
        page.click("[data-testid=ready]")
        page.wait_for_function("document.querySelector('.status').textContent.includes('race is on')", timeout=20000)
        page.tap(".bg-touch-t")
        page.wait_for_function("Number(document.querySelector('.board').dataset.moves) > 0")
        dock = "document.querySelector('[data-testid=dock]').getBoundingClientRect().height"
        before = page.evaluate(dock)
        page.tap(".bg-touch-s")                   # nothing of the opponent's to stop yet, or no red card on the pile
        page.wait_for_function("/Instead/.test(document.querySelector('[data-testid=refusal]')?.textContent || '')",
                               timeout=10000)
        words = page.inner_text("[data-testid=refusal]")
        assert "button)" in words and not any(f"({k})" in words for k in "tps"), words
        # (review 25: a refusal of three to five lines grew the dock by as much, over the second row of the build)
        assert page.evaluate(dock) <= before + 8, (before, page.evaluate(dock))
    finally:
        context.close()
