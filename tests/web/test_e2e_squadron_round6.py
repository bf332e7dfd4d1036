"""Squadron Scramble after review 16b, round 6:

- on a phone a long discard pile no longer squeezes its lower cards into strips with their names written sideways:
  they lie in rows of tiles, bottom to top, each its plane and view in words across it, in its nation's colour, with
  the number a take takes; the top card lies whole, last, and a tile takes as a card did.
"""

from __future__ import annotations

from conftest import PHONE
from test_e2e_squadron_review4 import SHORT, WILD
from test_e2e_squadron_scramble_fit import stock_only
from test_e2e_squadron_scramble_table import drive, open_table, snap

TILES = """() => [...document.querySelectorAll('.ss-pile > .ss-pc')].map((pc) => {
    const sp = pc.querySelector('.ss-spine'), svg = pc.querySelector('svg.card');
    const r = pc.getBoundingClientRect();
    const box = [r.left, r.top, r.right, r.bottom];
    if (!sp) return { top: true, box, card: svg.getBoundingClientRect().width };
    const name = sp.querySelector('.ss-spine-name'), letter = sp.querySelector('.ss-spine-view');
    const n = name.getBoundingClientRect();
    return { box, name: name.textContent, view: letter ? letter.textContent : '',
             across: getComputedStyle(name).writingMode === 'horizontal-tb' && n.width > n.height,
             whole: name.scrollWidth <= name.clientWidth + 1, face: getComputedStyle(svg).display !== 'none',
             count: (pc.querySelector('.ss-tag') || {}).textContent || null };
})"""


def test_on_a_phone_a_long_pile_lies_in_rows_of_tiles_named_across(quick_server, browser):
    made, view = drive(
        quick_server,
        5,
        lambda v: 9 <= len(v["observation"]["pile"]) <= 12 and v["observation"]["phase"] == "draw",
        choose=stock_only,
    )
    pile = view["observation"]["pile"]
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        page.wait_for_timeout(300)
        page.locator(".ss-pile").scroll_into_view_if_needed()
        tiles = page.evaluate(TILES)
        snap(page, "squadron-scramble-round6-pile-tiles-phone")
        assert len(tiles) == len(pile) and tiles[-1].get("top") and tiles[-1]["card"] >= 50, tiles[-1]
        for i, (card, tile) in enumerate(zip(pile[:-1], tiles[:-1], strict=True)):
            assert tile["across"] and tile["whole"] and not tile["face"], (card, tile)
            assert tile["count"] == str(len(pile) - i), (card, tile)
            if card in WILD:
                assert tile["name"] == WILD[card], (card, tile)
            else:
                plane, v = card.split("/")
                assert (tile["name"], tile["view"]) == (SHORT[plane], v), (card, tile)
        # inside the screen, none over another
        boxes = [t["box"] for t in tiles]
        assert all(b[0] >= 0 and b[2] <= PHONE["width"] for b in boxes), boxes
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 1 or b[3] <= a[1] + 1, (a, b)
        # a tile takes as a card did: a first tap picks it out, a second takes it and every card after it
        page.locator(".ss-pile > .ss-take").nth(len(pile) - 3).tap()
        assert page.locator(".ss-pile > .ss-take").nth(len(pile) - 3).get_attribute("aria-pressed") == "true"
        page.locator(".ss-pile > .ss-take").nth(len(pile) - 3).tap()
        page.wait_for_function(
            f"document.querySelectorAll('.ss-pile > .ss-pc').length < {len(pile)}"
            " || !document.querySelector('.ss-pile')"
        )
        assert not errors, errors
    finally:
        context.close()


def test_the_analysis_lists_a_plane_named_wrongly_as_a_costly_move_that_lost_a_turn(quick_server, browser):
    """(review 16b: "I named the Boeing B-17E wrongly … The analysis still reads 'no costly moves of Ann's'") a wrong
    name is a costly row: the list says it lost a turn and what that cost, the verdict says so, the right name the
    expert's choice (the analysis's rows: tests/bots/test_analysis_naming.py)."""
    from conftest import judged_row, open_analysis, played_by_bots, stood_in_analysis

    made, _, record = played_by_bots(quick_server.url, "squadron-scramble", 4, 2)
    index, right = next(
        (i, str(a)) for i, (s, a, *_) in enumerate(record.actions) if int(s) == 0 and str(a).startswith("name ")
    )
    wrong = next(f"name {right.split()[1]} {n}" for n in ("GB", "US", "DE", "IT", "JP", "RU") if n != right.split()[2])
    row = {**judged_row(index, 0, 2, wrong, [(right, 0.55), (wrong, 0.41)]), "costly": True, "wrong_answer": True}
    analysis = stood_in_analysis(made["id"], "squadron-scramble", 0, "Ann", [row])
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_analysis(page, quick_server.url, made["id"], 0, analysis, state="attached")
        item = page.locator(".analysis-moves li.costly")
        assert item.count() == 1
        assert item.locator("[data-testid=costly]").inner_text() == "wrong: a turn lost, 14%"
        assert "1 costly move of Ann's" in page.inner_text("[data-testid=next-costly] >> xpath=..")
        item.locator("button").click()
        verdict = page.locator(".verdict.costly")
        verdict.wait_for()
        assert "wrong, so the next turn is lost: that gave away 14% of the chance of winning" in verdict.inner_text()
        snap(page, "squadron-scramble-round6-wrong-name-analysis")
    finally:
        context.close()
