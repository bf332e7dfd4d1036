"""Review 15a of British Towns: on a laptop at the player's turn in the sets game the whole key stands above the dock
(no box scrolled inside it) and the dock says whole what the others did since his last turn."""

from __future__ import annotations

import re

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
  const runs = text ? [...text.querySelectorAll(':scope > span:not([data-testid])')].map((s) => s.textContent) : [];
  const newer = []; for (const li of document.querySelectorAll('.bt-log li')) {
    if (li.classList.contains('mine')) break;
    if (!li.classList.contains('news')) newer.push(li.textContent); }
  return { scroll: ul.scrollTop, inner: ul.scrollHeight - ul.clientHeight, top: box.top, first: first.top,
           bottom: Math.max(...last), dock: dock.top, since: since ? since.textContent : null,
           seen: Boolean(s && s.height > 0 && s.top >= dock.top - 1 && s.bottom <= innerHeight + 1),
           clipped: text ? text.scrollHeight - text.clientHeight : 0, newer, runs }; }"""

#: a move of the play log as the summary since the player's last turn gives it (round 14: the gist, a few words a
#: move; the towns of a set laid and the cards drawn back up to seven are left to the play log)
GIST = [
    (r"^laid down (.+?): .*$", r"laid down \1"),
    (r"^drew (?:.+ )?from the stock, back up to seven$", "drew back up to seven"),
    (r"^drew from the stock$", "drew"),
    (r"^took (.+) from the discard pile$", r"took \1"),
    (r"^drew (.+) from the stock, and it went onto (.+)$", r"drew \1 onto \2"),
    (r"^took (.+) from the discard pile and added it to (.+)$", r"added \1 to \2"),
]


def _gist(words: str) -> str:
    for pattern, short in GIST:
        words = re.sub(pattern, short, words)
    return words


#: the play log's entries cut across by the dock's top or the log's own foot, the page at its top (none where even the
#: newest entry does not fit above the dock: then the dock stands over the whole log)
LOG_CUT = """() => { const ol = document.querySelector('.bt-log ol'); if (!ol || !ol.firstElementChild) return [];
  const edge = Math.min(ol.getBoundingClientRect().bottom, document.querySelector('.dock').getBoundingClientRect().top);
  if (ol.firstElementChild.getBoundingClientRect().bottom > edge + 1) return [];
  return [...ol.children].filter((li) => { const r = li.getBoundingClientRect();
    return r.top < edge - 1 && r.bottom > edge + 1; }).map((li) => li.textContent); }"""


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
        for turn, _view in table.decisions(chooser, 14):
            page.evaluate("() => window.scrollTo(0, 0)")
            # (the key is fitted once the dock is laid out, a frame or more after the view is drawn, more on a loaded
            # machine: read it again until it settles, a few times at most)
            for _ in range(20):
                at = page.evaluate(KEY_AT)
                if at["scroll"] == 0 and at["inner"] <= 1 and at["bottom"] <= at["dock"] + 1:
                    break
            assert at["scroll"] == 0 and at["inner"] <= 1, (turn, at)
            # (the play log over the dock: where its newest entry fits above the dock, no entry is cut by it)
            cut = page.evaluate(LOG_CUT)
            assert not cut, (turn, cut)
            assert at["first"] >= at["top"] - 1 and at["bottom"] <= at["dock"] + 1, (turn, at)
            looked += 1
            if at["newer"]:
                assert at["since"] and at["since"].startswith("Since your last turn:"), (turn, at)
                assert at["seen"] and at["clipped"] <= 1, (turn, at)
                cut = False
                for line in at["newer"]:
                    # (the log's line "Doris drew 2 cards from the stock, back up to seven": its gist, "drew back up to
                    # seven", in the summary's sentence for Doris, the one her name begins)
                    who, words = line.split(" ", 1) if not line[0].islower() else ("", line)
                    words = words.split(";")[0].rstrip(".")
                    gist = _gist(words)
                    cut = cut or gist != words
                    runs = [r for r in at["runs"] if r.startswith(f"{who} ")] if who else [at["since"]]
                    assert any(gist in r for r in runs), (turn, line, gist, at["runs"])
                # (where a move was cut to its gist, the summary points to the play log for the rest)
                assert not cut or at["since"].endswith("More in the play log."), (turn, at["since"], at["newer"])
                told += 1
            if turn in (6, 10):
                _shot(page, f"british-towns-sets-review15-laptop-{players}-{turn}")
        assert looked >= 8 and told >= 3, (looked, told)
        assert not table.errors, table.errors
    finally:
        table.close()


#: the key's words drawn wider than this machine's fonts draw them, as another machine's fonts may
WIDER = ".bt-key li { letter-spacing: .14em; }"
#: the smaller sizes of words the key wears
WORN = "() => ['k1', 'k2'].filter((k) => document.querySelector('.bt-key').classList.contains(k))"


def test_a_key_drawn_in_wider_words_closes_them_up_to_stand_above_the_dock(browser, server, monkeypatch):
    """Where the fonts draw the key taller than the room above the dock (here its words spaced wider), it is fitted at
    once: its words a size or two smaller, and its box ends above the dock, scrolling inside only at the smallest size.
    (Under reduced motion, the sweep's tables, a change of style must be measured as it is made, not a frame later.)"""
    table = _table(browser, server, "british-towns-sets", "desktop", 7, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        view = table.decision()
        assert view is not None
        page.add_style_tag(content=WIDER)
        closed = 0
        for turn in range(4):
            table.click(chooser.act(view["observation"], view["legal"]))
            view = table.decision()
            if view is None:
                break
            page.evaluate("() => window.scrollTo(0, 0)")
            at = page.evaluate(KEY_AT)
            worn = page.evaluate(WORN)
            box = page.evaluate("() => document.querySelector('.bt-key ul').getBoundingClientRect().bottom")
            assert box <= at["dock"] + 1, (turn, at, box, worn)
            assert at["inner"] <= 1 or worn == ["k2"], (turn, at, worn)
            closed += bool(worn)
        assert closed >= 2, closed
        assert not table.errors, table.errors
    finally:
        table.close()


#: the titles of the region cards on the table: the hand's, the top discard's
REGION_TITLES = """() => [...document.querySelectorAll('svg[data-card^="R"], .bt-namecard[data-card^="R"]')]
  .map((c) => c.getAttribute('title')
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


#: the sets table drawn from one seat's view, as the page draws it: the hand's groups and their words
DRAWN = """async ([obs, legal, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === seat ? 'Ann' : `Bot ${i}` }));
  const view = { seat, observation: obs, over: false, seats, moves: obs.history.length, legal };
  const el = document.createElement('div'); document.body.append(el);
  m.render(el, { obs, view, legal, act: () => {}, readOnly: false, refuse: () => {} });
  return [...el.querySelectorAll('.bt-hand .bt-group')].map((g) => ({
    cards: [...g.querySelectorAll('svg[data-card]')].map((c) => c.dataset.card),
    dead: g.querySelector('[data-testid=dead]')?.textContent || null })); }"""


def test_the_sets_hand_marks_a_card_dead_whose_region_another_player_laid(server, page):
    """A card of a region someone else has laid can never score: under it the hand says "dead: Bot 2 laid REGION";
    the others, and a region the player laid himself, carry no such words."""
    import random

    from parlour.games.british_towns import SETS
    from parlour.games.british_towns.pack import CARD_OF_TEXT, REGION_OF

    page.goto(server.url + "/")
    found = 0
    for seed in range(1, 60):
        rng = random.Random(seed)
        state = SETS.new_state(seats=3, seed=seed)
        while not state.is_over and not found:
            if state.turn == 0:
                obs = state.observation(0)
                layers = {int(r): s for s, sets in enumerate(obs["sets"]) for r in sets}
                if any(layers.get(REGION_OF[CARD_OF_TEXT[c]], 0) != 0 for c in obs["hand"]):
                    groups = page.evaluate(DRAWN, [obs, state.legal_actions(0), 0])
                    for group in groups:
                        region = REGION_OF[CARD_OF_TEXT[group["cards"][0]]]
                        layer = layers.get(region)
                        if layer not in (None, 0):
                            assert group["dead"] and group["dead"].startswith(f"dead: Bot {layer} laid "), group
                        else:
                            assert group["dead"] is None, group
                    found += 1
                    page.evaluate("() => document.querySelector('.bt-dead').scrollIntoView()")
                    _shot(page, "british-towns-sets-review15-dead")
            legal = state.legal_actions(state.turn)
            lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
            state.apply(state.turn, lays[0] if lays else rng.choice(legal))
        if found:
            break
    assert found, "no deal left a dead card in the first player's hand"


#: the sets end's table, drawn for a seat: the first cell of each row
END_ROWS = """async ([obs, result, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === seat ? 'Ann' : `Bot ${i}` }));
  const box = m.ending({ seat, observation: { ...obs, seat }, result, over: true, seats });
  return [...box.querySelectorAll('tbody tr')].map((tr) => tr.firstElementChild.textContent); }"""


def test_the_sets_end_table_says_you_as_the_asking_one_does(server, page):
    """The end's table marks the person's own row "(you)", and no other."""
    from test_e2e_british_towns_review14 import _sets_played

    page.goto(server.url + "/")
    state = _sets_played(3, 3)
    rows = page.evaluate(END_ROWS, [state.observation(None), state.result(), 1])
    assert rows == ["Bot 0", "Ann (you)", "Bot 2"], rows


#: the asking table drawn from one seat's view: the players to ask, the one chosen
CHOSEN = """async ([obs, legal, seat]) => { const m = await import('/static/games/british-towns-asking.js');
  const seats = obs.seat_names.map((n, i) => ({ name: ['Ann', 'Bob', 'Cyd'][i] }));
  const view = { seat, observation: obs, over: false, seats, moves: obs.history.length, legal };
  const el = document.createElement('div'); document.body.append(el);
  m.render(el, { obs, view, legal, act: () => {}, readOnly: false, refuse: () => {} });
  return el.querySelector('.bt-seat.chosen')?.textContent || null; }"""


def test_after_an_ask_that_came_off_the_player_asked_stays_chosen(server, page):
    """An ask that came off, made however (here not by choosing the seat on this page, as the hint's PLAY makes
    it): the player asked stays chosen for the next ask while he can still be asked, not the first player."""
    import random

    from parlour.games.british_towns import ASKING

    page.goto(server.url + "/")
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = ASKING.new_state(seats=3, seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            seat = state.turn
            legal = state.legal_actions(seat)
            action = rng.choice(legal)
            state.apply(seat, action)
            target = action.split(" ")[1] if action.startswith("ask ") else None
            again = state.legal_actions(seat) if not state.is_over and state.turn == seat else []
            targets = sorted({a.split(" ")[1] for a in again if a.startswith("ask ")})
            if target and target in targets and targets[0] != target:
                obs = state.observation(seat)
                chosen = page.evaluate(CHOSEN, [obs, again, seat])
                # (the rules name the players P1, P2, ... from the first seat)
                assert chosen and chosen.startswith(["Ann", "Bob", "Cyd"][int(target[1:]) - 1]), (action, chosen)
                return
    pytest.fail("no ask came off with another player first in the list")
