"""The asking game's deal in words: at the table's first view the story says who dealt, who plays first and which
region went down straight from the deal, and the asks heard keep the same line under the oldest ask all game (the
key showed "laid by Betty" with nothing at the table saying when or why)."""

from __future__ import annotations

import pytest

from conftest import ARTIFACTS
from parlour.games import get_game


def _table(browser, server, size, seed):
    from test_e2e_sweep import Table  # (that module needs axe, which these tests do not)
    return Table(browser, server, "british-towns-asking", size, seed)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_deal_is_told_with_the_region_laid_from_it(browser, server, size):
    # (seed 16 at four players: the person deals; the third player is dealt a whole region)
    state = get_game("british-towns-asking").new_state(seats=4, seed=16)
    laid = state.observation(None)["events"]
    assert [(e["seat"], e["after_ask"]) for e in laid] == [(2, 0)] and state.dealer == 0
    table = _table(browser, server, size, 16)
    page = table.page
    try:
        view = table.decision()
        assert view is not None and not view["observation"]["history"]
        names = view["observation"]["seat_names"]
        region = page.evaluate("(r) => import('/static/games/british-towns-common.js').then((m) => m.REGIONS[r].name)",
                               laid[0]["region"])
        betty = view["seats"][2]["name"]
        said = f"You dealt and play first. {betty} was dealt the whole of {region} and laid it down."
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"british-towns-asking-{size}-deal.png"), full_page=True)
        assert page.inner_text("[data-testid=story]").strip() == said, names
        # (review 22a: the laid regions' chips by a player's name, numbers alone, read as nothing on a touch screen)
        laid_by = page.locator("[data-testid=seat-laid]")
        # (said in a word on a phone, where no title shows under a pointer; a laptop's seat box has its titles)
        shown = (["laid:"] if size == "phone" else []) + [str(laid[0]["region"])]
        assert laid_by.count() == 1 and laid_by.inner_text().split() == shown, names
        # (said once: the news before the first ask, not the log of asks as well)
        assert page.locator("[data-testid=deal]").count() == 0
        assert said not in page.inner_text(".bt-history")
        # (the line is written under the asks once play has begun, and stays)
        table.click(view["legal"][0])
        table.decision()
        assert page.inner_text("[data-testid=deal]").strip() == said
        assert said not in page.inner_text("[data-testid=story]")
        assert not table.errors, table.errors
    finally:
        table.close()


#: the asks at the side that the foot of their list cuts across (the list scrolls, and is long enough to)
CUT = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const ol = document.querySelector('.bt-history ol'); const b = ol.getBoundingClientRect();
  if (ol.scrollHeight <= ol.clientHeight + 1) return ['the list does not scroll yet'];
  return [...ol.children].filter((li) => { const r = li.getBoundingClientRect();
    return r.top < b.bottom - 1 && r.bottom > b.bottom + 1; }).map((li) => li.textContent); }"""


def test_a_region_laid_in_play_is_written_on_the_ask_that_completed_it(browser, server):
    """The asks heard said only "got it": the region that ask completed went down with no word in the log (the news
    line says it for a few seconds, then it was gone)."""
    from parlour.bots import make_bot

    chooser = make_bot(get_game("british-towns-asking"), "remembering", 0, 11)
    table = _table(browser, server, "desktop", 9)
    page = table.page
    try:
        for _ in range(60):
            view = table.decision()
            assert view is not None
            obs = view["observation"]
            laid = [e for e in obs["events"] if e["after_ask"] > 0]
            if laid:
                break
            table.click(chooser.act(obs, view["legal"]))
        assert laid, "no region laid in play in 60 decisions"
        e = laid[0]
        region = page.evaluate("(r) => import('/static/games/british-towns-common.js').then((m) => m.REGIONS[r].name)",
                               e["region"])
        who = "you" if e["seat"] == obs["seat"] else view["seats"][e["seat"]]["name"]
        rows = page.locator(".bt-history ol > li").all_inner_texts()[::-1]       # (oldest first)
        line = rows[e["after_ask"] - 1]
        assert line.endswith(f"and got it; {who} laid down {region.replace('The ', 'the ', 1)}"), line
        assert sum("laid down" in r for r in rows) == len(laid), rows
        # (and once the asks run past the list's height, its foot falls between two asks, never across one)
        for _ in range(60):
            if len(view["observation"]["asks"]) >= 30:
                break
            table.click(chooser.act(view["observation"], view["legal"]))
            view = table.decision()
            assert view is not None
        assert page.evaluate(CUT) == [], page.evaluate(CUT)
        page.locator(".bt-history").screenshot(path=str(ARTIFACTS / "british-towns-asking-desktop-log.png"))
        assert not table.errors, table.errors
    finally:
        table.close()
