"""Review 21a of the asking game: on a phone, at the player's turn with a refusal shown and the asks since his last turn
listed, the hand and the ask chips ran under the dock's foot, and "Look at the table" lay over the refusal's corner;
his own hand looked like the ask chips.  Now, while a refusal shows, the list since his last turn folds to its newest
ask, the refusal has a line of its own under the fold button, and the hand is a row of plain names, no button look."""

from __future__ import annotations

from conftest import ARTIFACTS
from test_e2e_british_towns_review13 import _chooser, _table

SHOTS = ARTIFACTS


def _shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


#: the phone's dock with a refusal shown: whether every ask chip and every card of the hand stands inside the dock
#: and the window, the fold button's box against the refusal's, and how a hand card and an ask chip are drawn
PHONE = """async () => { await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const dock = document.querySelector('.dock'); const d = dock.getBoundingClientRect();
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= d.top - 1 && r.bottom <= Math.min(d.bottom, innerHeight) + 1; };
  const chips = [...document.querySelectorAll('.dock [data-testid=ask-rows] [data-action]')];
  const own = [...document.querySelectorAll('.dock [data-testid=own-hand] [data-card]')];
  const box = (sel) => { const el = document.querySelector(sel); if (!el) return null;
    const r = el.getBoundingClientRect(); return r.width ? [r.left, r.top, r.right, r.bottom] : null; };
  const look = (el) => { const s = getComputedStyle(el);
    return { bg: s.backgroundColor, border: s.borderTopWidth, cursor: s.cursor }; };
  return { chips: chips.length, chipsIn: chips.filter(inside).length, own: own.length, ownIn: own.filter(inside).length,
    out: [...chips, ...own].filter((el) => !inside(el)).map((el) => el.textContent),
    fold: box('.dock [data-testid=dock-fold]'), refusal: box('.dock [data-testid=refusal-box]'),
    refusalText: (document.querySelector('.dock [data-testid=refusal]') || {}).textContent,
    since: Boolean(document.querySelector('.dock [data-testid=since]')),
    ownLook: own.length ? look(own[0]) : null, chipLook: chips.length ? look(chips[0]) : null,
    scrolled: dock.scrollTop }; }"""


def test_on_a_phone_a_refusal_leaves_the_hand_and_every_ask_in_view_and_nothing_over_it(browser, server, monkeypatch):
    table = _table(browser, server, "british-towns-asking", "phone", 3, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        checked = 0
        for turn in range(20):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            asks = obs["asks"]
            mine = max((i for i, a in enumerate(asks) if a["asker"] == obs["seat"]), default=-1)
            if len(asks) - mine - 1 >= 3 and len(obs["hand"]) >= 12:
                card = obs["hand"][0]
                page.click(f".dock [data-testid=own-hand] [data-card='{card}']", force=True)
                page.wait_for_selector(".dock [data-testid=refusal-box].show")
                got = page.evaluate(PHONE)
                _shot(page, f"phone-refusal-{turn}")
                assert got["since"], got
                # the refusal says what is wrong with the card, not with the player asked
                said = got["refusalText"]
                assert " already: ask for a card you lack" in said and "another player" not in said, said
                # every ask chip and every card of his hand in view, in the dock, with no scroll
                assert got["chips"] and got["chipsIn"] == got["chips"], got
                assert got["own"] == len(obs["hand"]) and got["ownIn"] == got["own"], got
                assert got["scrolled"] == 0, got
                # the fold button is not over the refusal: its box ends above the refusal's top
                fold, box = got["fold"], got["refusal"]
                assert fold and box and fold[3] <= box[1] + 0.5, got
                # the hand is plain words: no white chip, no box round it, no pointer; the asks are white chips
                assert got["ownLook"]["bg"] in ("rgba(0, 0, 0, 0)", "transparent"), got
                assert got["ownLook"]["border"] == "0px" and got["ownLook"]["cursor"] != "pointer", got
                assert got["chipLook"]["bg"] == "rgb(255, 253, 247)", got
                checked += 1
                if checked >= 2:
                    break
                page.wait_for_selector(".dock [data-testid=refusal-box].show", state="hidden", timeout=20000)
            table.click(chooser.act(obs, view["legal"]))
        assert checked, "no turn with asks since the last and a hand of eight cards"
        assert not table.errors, table.errors
    finally:
        table.close()


#: a laptop's hand at his turn: each card's name as drawn, whether it is whole on its line, its type's size, the rows
#: of cards, and whether the page stands unscrolled with the key above the dock
LAPTOP = """async () => { await document.fonts.ready;
  for (let i = 0; i < 4; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const cards = [...document.querySelectorAll('.dock .bt-hand [data-card]')];
  const names = cards.map((c) => { const n = c.querySelector('.bt-namecard-name');
    const px = n && parseFloat(getComputedStyle(n).fontSize);
    return n ? { card: c.dataset.card, text: n.textContent, whole: n.scrollWidth <= n.clientWidth + 1
      && n.getClientRects().length === 1 && n.getBoundingClientRect().height < 2 * px,
      px, seen: n.getBoundingClientRect().right <= innerWidth } : null; });
  const dock = document.querySelector('.dock').getBoundingClientRect();
  return { names, rows: new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top))).size,
    scrolled: scrollY, key: document.querySelector('.bt-key').getBoundingClientRect().bottom, dock: dock.top }; }"""


def test_on_a_laptop_the_hand_is_name_cards_each_name_whole_and_readable_with_the_hint(browser, server, monkeypatch):
    """Review 21a, problem 3: at 1366x900 the hand's cards were 42px wide, names broken by hyphens ("Birmin-gham"),
    smaller still with the hint open.  Now each card is the name whole on one line, 12px or more, in one row."""
    from parlour.games.british_towns.pack import CARD_TEXT, card_name

    def short(code):
        return "region card" if code.startswith("R") else card_name(CARD_TEXT.index(code))

    table = _table(browser, server, "british-towns-asking", "desktop", 2, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen = 0
        for turn in range(14):
            view = table.decision()
            assert view is not None
            hand = view["observation"]["hand"]
            hinted = False
            if len(hand) >= 12:
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]", timeout=60000)
                hinted = True
            got = page.evaluate(LAPTOP)
            assert all(got["names"]) and sorted(n["card"] for n in got["names"]) == sorted(hand), got
            for n in got["names"]:
                assert n["text"] == short(n["card"]) and "-" not in n["text"].replace(short(n["card"]), ""), n
                assert n["whole"] and n["px"] >= 12 and n["seen"], (turn, n)
            assert got["rows"] <= 3 and got["scrolled"] == 0 and got["key"] <= got["dock"], got
            if hinted:
                _shot(page, f"laptop-hand-hint-{turn}")
                seen += 1
                page.click("[data-testid=hint-close]")
                if seen >= 1:
                    break
            table.click(chooser.act(view["observation"], view["legal"]))
        assert seen, "no hand of twelve cards"
        assert not table.errors, table.errors
    finally:
        table.close()


#: the sets game's hand at a laptop: its cards' widths, rows, and where the page and the dock stand
SETS = """async () => { await document.fonts.ready;
  for (let i = 0; i < 4; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const cards = [...document.querySelectorAll('.dock .bt-hand svg.card')];
  return { widths: cards.map((c) => Math.round(c.getBoundingClientRect().width)),
    // (one row: every card's height spans one band; a dead card stands a little higher over its words)
    rows: Math.max(...cards.map((c) => c.getBoundingClientRect().top))
      < Math.min(...cards.map((c) => c.getBoundingClientRect().bottom)) ? 1 : 2,
    bottom: Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)), scrolled: scrollY,
    dock: document.querySelector('.dock').getBoundingClientRect().top,
    key: document.querySelector('.bt-key').getBoundingClientRect().bottom }; }"""


def test_the_sets_game_on_a_laptop_keeps_its_hand_readable_with_the_hint_open(browser, server):
    """Review 20a, problem 3: at 1366x900 the sets game's hand shrank to 44px cards (names about 8px) when the hint
    opened, while the room beside the hint stood empty.  Now the cards keep nearly their size (56px), in one row, the
    page still."""
    table = _table(browser, server, "british-towns-sets", "desktop", 4)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        seen = 0
        for turn in range(16):
            view = table.decision()
            if view is None:
                break
            if len(view["observation"]["hand"]) >= 8 and page.locator("[data-testid=hint-button]").count():
                before = page.evaluate(SETS)
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]", timeout=60000)
                got = page.evaluate(SETS)
                _shot(page, f"sets-laptop-hint-{turn}")
                assert got["widths"] and min(got["widths"]) >= 56, (turn, got)
                assert min(got["widths"]) >= min(before["widths"]) - 8, (before, got)
                assert got["rows"] == 1 and got["scrolled"] == 0 and got["bottom"] <= 900, (turn, got)
                assert got["key"] <= got["dock"], (turn, got)
                page.click("[data-testid=hint-close]")
                seen += 1
                if seen >= 2:
                    break
            table.click(chooser.act(view["observation"], view["legal"]))
        assert seen, "no decision with eight cards in hand"
        assert not table.errors, table.errors
    finally:
        table.close()


#: the laptop's summary since his last turn, and where the hand and the page stand
SINCE_LAPTOP = """async () => { await document.fonts.ready;
  for (let i = 0; i < 4; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const since = document.querySelector('.dock [data-testid=since-laptop]');
  const cards = [...document.querySelectorAll('.dock .bt-hand [data-card]')];
  return { since: since && since.textContent, lines: since && Math.round(since.getBoundingClientRect().height
      / parseFloat(getComputedStyle(since).lineHeight)),
    hand: Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)), scrolled: scrollY,
    key: document.querySelector('.bt-key').getBoundingClientRect().bottom,
    dock: document.querySelector('.dock').getBoundingClientRect().top }; }"""


def test_on_a_laptop_the_turn_says_what_the_others_did_since_the_last(browser, server, monkeypatch):
    """Review 21a, problem 7: after a long run of others' asks the laptop said only the last ask; the phone had a
    summary.  Now a line or two over the ask says how many asks, the cards each player took from you, the regions
    laid and the last ask, and the hand stays above the window's foot, the page unscrolled."""
    from parlour.games.british_towns.pack import CARD_TEXT, card_name

    table = _table(browser, server, "british-towns-asking", "desktop", 3, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen = 0
        for turn in range(30):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            names = [s["name"] for s in view["seats"]]
            asks = obs["asks"]
            mine = max((i for i, a in enumerate(asks) if a["asker"] == obs["seat"]), default=-1)
            fresh = asks[mine + 1 :]
            got = page.evaluate(SINCE_LAPTOP)
            assert got["hand"] <= 900 and got["scrolled"] == 0 and got["key"] <= got["dock"], (turn, got)
            if len(fresh) < 2:
                assert got["since"] is None, (turn, got)
            else:
                text = got["since"]
                assert text and text.startswith(f"Since your last turn, {len(fresh)} asks: "), (turn, got)
                for a in fresh:
                    if a["got"] and a["asked"] == obs["seat"]:
                        assert f"{names[a['asker']]} took " in text, (text, a)
                        assert card_name(CARD_TEXT.index(a["card"])) in text, (text, a)
                if not any(a["got"] and a["asked"] == obs["seat"] for a in fresh):
                    assert "none took a card from you" in text or " laid down " in text, text
                assert "Last: " in text and got["lines"] <= 3, got
                if not seen:
                    _shot(page, f"laptop-since-{turn}")
                    # (with the hint open the summary gives way to the line on what just happened, a line where it
                    # took two or three: the page stands still, the key above the dock)
                    page.click("[data-testid=hint-button]")
                    page.wait_for_selector("[data-testid=hint]", timeout=60000)
                    hinted = page.evaluate(SINCE_LAPTOP)
                    _shot(page, f"laptop-since-hint-{turn}")
                    assert hinted["since"] == text and hinted["scrolled"] == 0, hinted
                    assert hinted["key"] <= hinted["dock"] and hinted["hand"] <= 900, hinted
                    page.click("[data-testid=hint-close]")
                seen += 1
            table.click(chooser.act(obs, view["legal"]))
        assert seen >= 2, seen
        assert not table.errors, table.errors
    finally:
        table.close()


def test_the_sets_hint_says_what_the_top_discard_gives_where_its_region_is_held(server, page):
    """Review 20a, problem 6: in the draw the hint's rows were "Take TOWN from the discard pile" and "Draw from the
    stock", often with "any of them will do" under them and no reason.  Where the top discard is of a region the
    player holds cards of, its row now says so: "you hold 2 cards of REGION; it makes 3"."""
    from parlour.games.british_towns.pack import CARD_TEXT, CARDS_OF, card_name

    towns = [CARD_TEXT[c] for c in sorted(CARDS_OF[9]) if not CARD_TEXT[c].startswith("R")]
    other = [CARD_TEXT[c] for c in sorted(CARDS_OF[1]) if not CARD_TEXT[c].startswith("R")]
    page.goto(server.url + "/")
    said = page.evaluate(
        """async ([held, top, none]) => { const m = await import('/static/games/british-towns-sets.js');
      const c = await import('/static/games/british-towns-common.js');
      const view = (discards) => ({ seat: 0, seats: [{ name: 'Ann' }, { name: 'Arthur' }],
        observation: { seat_names: ['P1', 'P2'], hand: held, discards, history: [[1, 'discard X']] } });
      return { held: m.hintWords('take discard', view([top])), none: m.hintWords('take discard', view([none])),
        stock: m.hintWords('draw stock', view([top])), stockNone: m.hintWords('draw stock', view([none])),
        keep: m.hintWords(`discard ${held[0]}`, view([top])), only: m.hintWords(`discard ${held[2]}`, view([top])),
        // (review 26a) a card of the region the next player laid: thrown, it is his, and the row says so
        gift: m.hintWords('discard MANCHESTER', { ...view([top]), observation: { ...view([top]).observation,
          hand: [...held, 'MANCHESTER'], sets: [{}, { 7: ['PENRITH', 'LIVERPOOL', 'CREWE', 'R7'] }] } }),
        northWest: c.regionPhrase(7),
        region: c.regionPhrase(9), south: c.regionPhrase(1), midlands: c.regionPhrase(5),
        names: [c.townName(held[0]), c.townName(held[2]), c.townName(none)] }; }""",
        [towns[:2] + other[:1], towns[2], CARD_TEXT[min(CARDS_OF[5])]],
    )
    name = card_name(CARD_TEXT.index(towns[2]))
    assert said["held"] == [
        "Play",
        f"Take {name} from the discard pile: you hold 2 cards of {said['region']}; it makes 3",
    ], said
    # (review 25a: a later hint gave only figures) every row says why: a region held nothing of, the stock against the
    # discard on offer, and what a discard leaves of its region
    first, third, five = said["names"]
    assert said["none"] == ["Play", f"Take {five} from the discard pile: you hold no card of {said['midlands']} yet"]
    assert said["stock"] == ["Play", f"Draw from the stock: a card unseen, leaving {name} on the pile"], said
    assert said["stockNone"] == [
        "Play",
        f"Draw from the stock: a card unseen, rather than {five}, a region you hold nothing of",
    ], said
    assert said["keep"] == ["Play", f"Discard {first}: you keep 1 card of {said['region']}"], said
    assert said["only"] == ["Play", f"Discard {third}: your only card of {said['south']}"], said
    # (review 26a: the expert chose to throw such a card, and the row said only "dead") a card that completes the next
    # player's set is a point given to him: the row says so
    assert said["gift"] == [
        "Play",
        f"Discard Manchester: gives Arthur a point (it completes {said['northWest']}, which Arthur laid)",
    ], said


#: the hint on a laptop: whether its first five rows and the button for more lie whole inside its box, unscrolled
HINT_ROWS = """async () => { await document.fonts.ready;
  for (let i = 0; i < 4; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const hint = document.querySelector('[data-testid=hint]'); const box = hint.getBoundingClientRect();
  const rows = [...hint.querySelectorAll('li button')].slice(0, 5);
  const more = hint.querySelector('[data-testid=hint-more]');
  const whole = (el) => { const r = el.getBoundingClientRect();
    return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5; };
  return { rows: rows.length, whole: rows.filter(whole).length, more: more ? whole(more) : null,
    scrolled: hint.scrollTop,
    page: scrollY, key: document.querySelector('.bt-key').getBoundingClientRect().bottom,
    dock: document.querySelector('.dock').getBoundingClientRect().top }; }"""


def test_on_a_laptop_the_asking_hint_shows_its_first_five_moves_whole_and_the_button_for_more(
    browser, server, monkeypatch
):
    """Review 21a, problem 6: at 1366x900 the hint's box beside a short ask showed four moves and half a fifth in a
    box that scrolled.  Now its first five rows and "Show N more moves" are whole in it, the page unscrolled."""
    table = _table(browser, server, "british-towns-asking", "desktop", 2, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen = 0
        for turn in range(30):
            view = table.decision()
            if view is None:
                break
            if turn % 3 == 2 and len(view["legal"]) > 5:
                if seen:
                    page.wait_for_timeout(2100)  # (hints are rate limited: one each 2 s after a burst of 3)
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]", timeout=60000)
                got = page.evaluate(HINT_ROWS)
                if got["whole"] < 5 or not got["more"]:
                    _shot(page, f"laptop-hint-rows-{turn}")
                assert got["rows"] == 5 and got["whole"] == 5 and got["more"] and got["scrolled"] == 0, (turn, got)
                assert got["page"] == 0 and got["key"] <= got["dock"], (turn, got)
                page.click("[data-testid=hint-close]")
                seen += 1
                if seen >= 5:
                    break
            table.click(chooser.act(view["observation"], view["legal"]))
        assert seen >= 3, seen
        assert not table.errors, table.errors
    finally:
        table.close()
