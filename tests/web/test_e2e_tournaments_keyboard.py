"""An organiser typing the night's results at the keyboard keeps his place: a score saved with Enter leaves the focus
on its row's "Change score" button, never at the top of the page (review 23d: the focus fell to the page's body)."""

from __future__ import annotations

from conftest import shot


def test_a_score_entered_with_the_keyboard_keeps_the_focus_on_its_row(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/drives")
    page.fill("[data-testid=new-cycle] textarea[name=players]", "Ann\nBob\nCat\nDan")
    page.click("text=Create the cycle")
    first = page.locator("tr[data-match='0']")
    first.locator("input[name=blue]").focus()
    page.keyboard.type("8")
    page.keyboard.press("Tab")
    page.keyboard.type("6")
    page.keyboard.press("Enter")
    first.locator("[data-testid=source]").wait_for()
    focused = page.evaluate("""() => { const el = document.activeElement;
      return { tag: el.tagName, text: el.textContent, row: el.closest('tr')?.dataset.match ?? null }; }""")
    assert focused == {"tag": "BUTTON", "text": "Change score", "row": "0"}, focused
    shot(page, "cycle-score-entered-by-keyboard")
    # and from there the keyboard goes on through the page, not from its top
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement !== document.body"), "the focus left the page"
    assert not errors, errors
