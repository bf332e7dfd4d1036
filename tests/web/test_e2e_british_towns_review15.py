"""Review 15a of British Towns: on a laptop at the player's turn in the sets game the whole key stands above the dock
(no box scrolled inside it) and the dock says whole what the others did since his last turn."""

from __future__ import annotations

import pytest

from test_e2e_british_towns_review13 import _chooser, _shot, _table

#: the key's box and the dock's summary since the player's last turn, as laid out at his turn
KEY_AT = """async () => { await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const ul = document.querySelector('.bt-key ul'); const dock = document.querySelector('.dock').getBoundingClientRect();
  const box = ul.getBoundingClientRect(); const first = ul.firstElementChild.getBoundingClientRect();
  const last = [...ul.children].map((li) => li.getBoundingClientRect().bottom);
  const since = document.querySelector('.dock [data-testid=since]'); const s = since && since.getBoundingClientRect();
  const text = since && since.querySelector('.bt-since-text');
  const newer = []; for (const li of document.querySelectorAll('.bt-log li')) {
    if (li.classList.contains('mine')) break;
    if (!li.classList.contains('news')) newer.push(li.textContent); }
  return { scroll: ul.scrollTop, inner: ul.scrollHeight - ul.clientHeight, top: box.top, first: first.top,
           bottom: Math.max(...last), dock: dock.top, since: since ? since.textContent : null,
           seen: Boolean(s && s.height > 0 && s.top >= dock.top - 1 && s.bottom <= innerHeight + 1),
           clipped: text ? text.scrollHeight - text.clientHeight : 0, newer }; }"""


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (5, 5)])
def test_on_a_laptop_the_sets_key_is_whole_above_the_dock_and_the_dock_says_the_others_moves(
    browser, server, monkeypatch, players, seed
):
    """1366x900: at every decision every region of the key is whole above the dock and its box never scrolls inside
    itself; the dock's "Since your last turn:" holds each of the others' moves after his latest, whole."""
    table = _table(browser, server, "british-towns-sets", "desktop", seed, players=players, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        looked = told = 0
        for turn in range(14):
            view = table.decision()
            if view is None:
                break
            page.evaluate("() => window.scrollTo(0, 0)")
            at = page.evaluate(KEY_AT)
            assert at["scroll"] == 0 and at["inner"] <= 1, (turn, at)
            assert at["first"] >= at["top"] - 1 and at["bottom"] <= at["dock"] + 1, (turn, at)
            looked += 1
            if at["newer"]:
                assert at["since"] and at["since"].startswith("Since your last turn:"), (turn, at)
                assert at["seen"] and at["clipped"] <= 1, (turn, at)
                for line in at["newer"]:
                    # (the log's line "Doris drew 2 cards ...": the same words in the summary's sentence for Doris)
                    words = line.split(" ", 1)[1] if not line[0].islower() else line
                    assert words.split(";")[0].rstrip(".") in at["since"], (turn, line, at["since"])
                told += 1
            if turn in (6, 10):
                _shot(page, f"british-towns-sets-review15-laptop-{players}-{turn}")
            table.click(chooser.act(view["observation"], view["legal"]))
        assert looked >= 8 and told >= 3, (looked, told)
        assert not table.errors, table.errors
    finally:
        table.close()


#: the titles of the region cards on the table: the hand's, the top discard's
REGION_TITLES = """() => [...document.querySelectorAll('svg[data-card^="R"]')].map((c) => c.getAttribute('title')
  || c.querySelector('title')?.textContent || '')"""


@pytest.mark.parametrize(
    ("game", "seed", "words", "not_words"),
    [
        ("british-towns-asking", 3, "(needed, with all its towns, to complete the region)", "stands for"),
        ("british-towns-sets", 3, "(stands for any one of its towns)", "needed"),
    ],
)
def test_a_region_card_says_what_it_does_in_its_own_game(browser, server, monkeypatch, game, seed, words, not_words):
    """A region card's title says its part in the game at hand: needed with all its towns in the asking game, a
    stand-in for any one of its towns in the sets game."""
    for tries in range(6):
        table = _table(browser, server, game, "desktop", seed + tries, players=3, monkeypatch=monkeypatch)
        try:
            assert table.decision() is not None
            titles = table.page.evaluate(REGION_TITLES)
            if titles:
                assert all(t.startswith("REGION ") and t.endswith(words) for t in titles), titles
                assert not any(not_words in t for t in titles), titles
                assert not table.errors, table.errors
                return
        finally:
            table.close()
    pytest.fail("no region card in sight at any of the deals tried")
