"""Review 16a, problems 5 and 10, of the asking game on a laptop (1366x900): the dock covered the end of the asks
heard, a long hand (two rows of cards in the dock) scrolled the page so that the title was cut, and opening the hint
made the page jump.  Now the asks heard end, a whole ask, above the dock, the hand keeps to one row, and the page
stands still, the title in view, with the hint open as without it."""

from __future__ import annotations

from test_e2e_british_towns_review13 import _chooser, _shot, _table

#: where the page stands: how far it is scrolled, the title's top, the dock's top, the foot of the asks heard's box
#: and of its last ask wholly in view, and the hand's rows of cards (measured after a few frames and the fonts)
WHERE = """async () => { await document.fonts.ready;
  for (let i = 0; i < 4; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const dock = document.querySelector('.dock').getBoundingClientRect();
  const box = document.querySelector('.bt-history').getBoundingClientRect();
  const cards = [...document.querySelectorAll('.dock .bt-hand [data-card]')];
  const tops = new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  const title = document.querySelector('[data-testid=table-title]').getBoundingClientRect().top;
  const key = document.querySelector('.bt-key').getBoundingClientRect().bottom;
  // (review 24a: the key's town names read at arm's length, its regions three to a row)
  const towns = parseFloat(getComputedStyle(document.querySelector('.bt-key .bt-keytowns')).fontSize);
  const lefts = [...document.querySelectorAll('.bt-key li')].map((li) => Math.round(li.getBoundingClientRect().left));
  const columns = new Set(lefts).size;
  return { scrolled: scrollY, title, dock: dock.top, log: box.bottom, rows: tops.size, key, towns, columns }; }"""


def test_on_a_laptop_the_asks_heard_stand_above_the_dock_and_the_hint_opens_in_place(browser, server, monkeypatch):
    # (three players, seed 3: the player's hand reaches 18 cards, too many for one row of cards across the dock)
    table = _table(browser, server, "british-towns-asking", "desktop", 3, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen = []
        for _ in range(40):
            view = table.decision()
            assert view is not None, "the game ended before the hand was long"
            where = page.evaluate(WHERE)
            seen.append(where)
            # the title in view, the key whole above the dock, the asks heard's box ending above it, one row of cards
            assert where["scrolled"] == 0 and where["title"] >= 0, where
            assert where["key"] <= where["dock"] and where["log"] <= where["dock"] + 0.5, where
            # (since review 21a a long hand is rows of low name cards, every card in sight: three rows at most)
            assert where["rows"] <= 3, where
            assert where["towns"] >= 13 and where["columns"] == 3, where
            if len(view["observation"]["hand"]) >= 18 and len(view["observation"]["asks"]) >= 10:
                break
            table.click(chooser.act(view["observation"], view["legal"]))
        else:
            raise AssertionError(f"the hand never grew to 18 cards: {seen[-1]}")
        _shot(page, "british-towns-asking-laptop-long-hand")
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint-close]")
        hinted = page.evaluate(WHERE)
        _shot(page, "british-towns-asking-laptop-long-hand-hint")
        # the page stands still: not scrolled, the title where it was; the key and the asks heard whole above the dock
        assert hinted["scrolled"] == 0 and hinted["title"] == where["title"], (where, hinted)
        assert hinted["key"] <= hinted["dock"] and hinted["log"] <= hinted["dock"] + 0.5, hinted
        assert not table.errors, table.errors
    finally:
        table.close()
