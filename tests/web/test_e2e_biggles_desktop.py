"""Biggles on a laptop: the Turn, Play and Stop buttons show there too (not only on a phone), each naming its key,
and they work from the mouse and from the keyboard (Enter or Space on a focused button presses that button)."""

from __future__ import annotations

from conftest import shot
from test_e2e_biggles_spotting import go, seen, sit


def test_a_laptop_shows_turn_play_and_stop_buttons_that_work_by_mouse_and_keyboard(server, browser):
    ctx, page, _views = sit(browser, server, viewport={"width": 1366, "height": 900})
    # the moves the page sends, counted on the page (a test waits on them)
    ctx.add_init_script("""window.sent = []; const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) {
            const m = JSON.parse(data); if (m.type === 'act') window.sent.push(m.action);
            return send.call(this, data); };""")
    page.reload()
    page.wait_for_selector(".bg-board")
    try:
        go(page)
        buttons = page.locator(".bg-touch")
        assert buttons.count() == 3
        for i, (word, key) in enumerate([("Turn", "t"), ("Play", "p"), ("Stop!", "s")]):
            button = buttons.nth(i)
            assert button.is_visible(), word
            assert button.inner_text().split() == [word, key]  # the word, and its key beside it
            box = button.bounding_box()
            assert box is not None and box["width"] >= 80 and box["y"] + box["height"] <= 900, (word, box)
        moves = lambda: page.evaluate("window.sent")  # noqa: E731
        page.locator(".bg-touch-t").click()
        page.wait_for_function("window.sent.length === 1")
        assert moves() == ["turn"]
        # the pile's top card says which card a click would play, as the player sees it
        page.wait_for_selector("[data-testid^=pile-] [data-card][data-action]")
        top = page.locator("[data-testid^=pile-] [data-card][data-action]").first  # his own pile's, to click
        label, card = top.get_attribute("aria-label"), top.get_attribute("data-card")
        named = "the Biggles card" if card == "BIG" else f"{'red' if card[0] == 'R' else 'black'} {card[1:]}"
        assert label.startswith(f"Your pile's top card, {named}: press to try "), (label, card)
        assert label.endswith(" (s)" if card[0] == "R" else " (p)"), (label, card)
        # from the keyboard: Play focused, Space presses it (a play, not the turn Space means elsewhere)
        page.locator(".bg-touch-p").focus()
        page.keyboard.press(" ")
        page.wait_for_function("window.sent.length === 2")
        assert moves()[-1].startswith("play"), moves()
        page.locator(".bg-touch-s").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("window.sent.length === 3")
        assert moves()[-1].startswith("stop"), moves()
        assert "Press Turn, Play or Stop" in page.inner_text(".status")
        seen(page, "biggles-laptop-buttons")
        shot(page, "biggles-laptop-buttons-page")
    finally:
        ctx.close()
