"""British Towns on a phone (390x844, touch) and a laptop (1366x900): a discard in the sets game is two taps on a touch
screen (the first only picks the card out), the key shows the region the decision is about above the dock, and the
asking game's hand, ask and hint all fit on a phone with the hint open."""

from __future__ import annotations

import pytest

from conftest import ARTIFACTS
from sweep import layout

#: the key's marked region: where it lies, and whether it is wholly inside the key's box and above the dock
NOW = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const li = document.querySelector('.bt-key li.now'); if (!li) return null;
  const r = li.getBoundingClientRect(), box = li.closest('ul').getBoundingClientRect();
  const room = document.querySelector('.dock').getBoundingClientRect().top;
  return { words: li.querySelector('[data-testid=key-now]').textContent, region: Number(li.dataset.region),
           inBox: r.top >= box.top - 1 && r.bottom <= box.bottom + 1, above: r.top >= 0 && r.bottom <= room + 1,
           boxAbove: box.top >= 0 && box.bottom <= room + 1, at: [r.top, r.bottom, box.top, box.bottom, room],
           scroll: li.closest('ul').scrollTop }; }"""
REGION = """(code) => import('/static/games/british-towns-common.js').then((m) => m.regionOf(code))"""


def _table(browser, server, game, size, seed):
    from test_e2e_sweep import Table  # (that module needs axe, which these tests do not)

    return Table(browser, server, game, size, seed)


def _chooser(game):
    from parlour.bots import make_bot
    from parlour.games import get_game

    return make_bot(get_game(game), "heuristic" if game.endswith("sets") else "remembering", 0, 11)


def _shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _to_discard(table):
    """Plays on to the person's first decision with a discard in it; its view."""
    chooser = _chooser("british-towns-sets")
    for _ in range(30):
        view = table.decision()
        assert view is not None
        if any(a.startswith("discard ") for a in view["legal"]):
            return view
        table.click(chooser.act(view["observation"], view["legal"]))
    raise AssertionError("no discard to make in 30 decisions")


def test_sets_game_on_a_phone_a_tap_picks_a_card_out_and_a_second_discards_it(browser, server):
    table = _table(browser, server, "british-towns-sets", "phone", 11)
    page = table.page
    try:
        view = _to_discard(table)
        before = table.moves_shown()
        assert "tap a card twice to discard it" in page.inner_text(".bt-hand h3")
        code = [a for a in view["legal"] if a.startswith("discard ")][-1].split(" ")[1]
        card = page.locator(f'.hand-area svg.card[data-card="{code}"]').first
        card.tap()
        confirm = page.locator("[data-testid=confirm-discard]")
        confirm.wait_for()
        # one tap threw nothing: the card is raised and named, its region marked in the key (which keeps still on a
        # phone: review 14a)
        assert table.moves_shown() == before
        assert page.locator(f'.hand-area svg.card[data-card="{code}"]').first.get_attribute("aria-pressed") == "true"
        name = page.evaluate("(c) => import('/static/games/british-towns-common.js').then((m) => m.townName(c))", code)
        assert confirm.inner_text() == f"Discard {name}"
        # (review 25a: "or pick another" wrapped under the button onto the raised card) the button and its words within
        # the window, clear of the card picked out, its ring included
        words = page.locator("[data-testid=picked]").bounding_box()
        raised = page.locator(f'.hand-area svg.card[data-card="{code}"]').first.bounding_box()
        assert words and raised
        assert words["x"] + words["width"] <= page.viewport_size["width"], words
        assert words["y"] + words["height"] + 4 <= raised["y"], (words, raised)
        assert page.locator("[data-testid=picked] .bt-pick-or").inner_text() == "or pick another"
        now = page.evaluate(NOW)
        assert now and now["region"] == page.evaluate(REGION, code) and now["words"].startswith("◀ your pick"), now
        assert now["scroll"] == 0, now
        assert layout(page) == []
        _shot(page, "british-towns-sets-phone-picked")
        # another card picked instead: still nothing thrown
        other = [a for a in view["legal"] if a.startswith("discard ")][0].split(" ")[1]
        page.locator(f'.hand-area svg.card[data-card="{other}"]').first.tap()
        page.wait_for_selector(f'.hand-area svg.card[data-card="{other}"][aria-pressed=true]')
        assert table.moves_shown() == before
        # the button throws it
        page.locator("[data-testid=confirm-discard]").tap()
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) !== {before}")
        assert table.views[table.moves_shown()]["observation"]["discards"][-1] == other
        assert not table.errors, table.errors
    finally:
        table.close()


def test_sets_game_on_a_laptop_a_click_discards_as_the_hand_says(browser, server):
    table = _table(browser, server, "british-towns-sets", "desktop", 11)
    page = table.page
    try:
        view = _to_discard(table)
        before = table.moves_shown()
        assert "click a card to discard it" in page.inner_text(".bt-hand h3")
        code = [a for a in view["legal"] if a.startswith("discard ")][0].split(" ")[1]
        page.locator(f'.hand-area svg.card[data-card="{code}"]').first.click()
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) !== {before}")
        assert not page.locator("[data-testid=confirm-discard]").count()
    finally:
        table.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_sets_game_the_key_shows_the_region_of_the_decision_above_the_dock(browser, server, size):
    """At each decision the key marks the region it is about (the top discard, the card just drawn), in words, and that
    region lies in the key's own box, wholly above the dock, with nothing else on the page out of place."""
    table = _table(browser, server, "british-towns-sets", size, 11)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        kinds = set()
        for turn in range(10):
            view = table.decision()
            assert view is not None
            legal, obs = view["legal"], view["observation"]
            # (the key's box is fitted and scrolled once the dock is laid out, a frame or more after the view is
            # drawn, more on a loaded machine: read it again until it settles, a few times at most)
            # (on a phone the key keeps still, review 14a: the region is marked in words, the box never scrolled to it)
            still = size == "phone"
            for _ in range(20):
                now = page.evaluate(NOW)
                if now and (still or now["inBox"] and now["above"]) and now["boxAbove"]:
                    break
            assert now, f"decision {turn}: the key marks no region"
            if "take discard" in legal:
                assert now["words"].startswith("◀ the top discard"), now
                assert now["region"] == page.evaluate(REGION, obs["discards"][-1])
            kinds.add(now["words"].split(":")[0])
            placed = now["scroll"] == 0 if still else now["inBox"] and now["above"]
            if len(legal) == 1 and legal[0].startswith("lay "):
                # a region held whole must be laid (the only move): the dock says which, with the hand and its
                # holdings, and may stand over the key on a phone; there is nothing to choose that the key would help
                assert page.locator(".dock [data-testid=must-lay]").is_visible(), turn
                table.click(legal[0])
                continue
            if not (placed and now["boxAbove"]):
                _shot(page, f"british-towns-sets-{size}-key-now-wrong")
            assert placed and now["boxAbove"], (turn, str(now))
            assert layout(page) == [], turn
            if turn < 2:
                _shot(page, f"british-towns-sets-{size}-key-now-{turn}")
            table.click(chooser.act(obs, legal))
        assert {"◀ the top discard", "◀ just drawn"} <= kinds or {"◀ the top discard", "◀ just taken"} <= kinds, kinds
        assert not table.errors, table.errors
    finally:
        table.close()


#: what of the hand and the ask lies outside the window, or under something else, and whether the dock must scroll
FIT = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const out = [];
  const asks = '.dock [data-action^="ask "]:not(.all-moves *)';
  for (const el of document.querySelectorAll(`.hand-area [data-card], .hand-area h3, ${asks}, .hint`)) {
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.bottom > innerHeight + 1) {
      out.push(`${el.textContent.slice(0, 30)} at ${Math.round(r.top)}`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && hit !== el && !el.contains(hit)) out.push(`${el.textContent.slice(0, 30)} covered`);
  }
  const dock = document.querySelector('.dock');
  return { out, scrolls: dock.scrollHeight > dock.clientHeight + 1 }; }"""


#: the folded hint's rows and its "Show more" that its box cuts across (a row half in sight, the button under the dock)
WHOLE = """() => { const box = document.querySelector('.dock .hint'); const b = box.getBoundingClientRect();
  return [...box.querySelectorAll('li, .hint-more')].filter((el) => { const r = el.getBoundingClientRect();
    return r.top < b.top - 1 || r.bottom > b.bottom + 1; }).map((el) => el.textContent.slice(0, 40)); }"""


def test_asking_game_on_a_phone_with_the_hint_open_the_hand_the_ask_and_the_hint_fit(browser, server):
    table = _table(browser, server, "british-towns-asking", "phone", 9)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        for turn in range(8):
            view = table.decision()
            assert view is not None
            if turn in (1, 2, 5, 7):
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]")
                fit = page.evaluate(FIT)
                _shot(page, f"british-towns-asking-phone-hint-{turn}")
                assert fit == {"out": [], "scrolls": False}, (turn, fit)
                # (the hint keeps to a box of its own: its best moves and its "Show more" whole in it, uncovered, the
                # notes under them a scroll away)
                assert layout(page) == [], (turn, layout(page))
                assert page.evaluate(WHOLE) == [], (turn, page.evaluate(WHOLE))
                assert page.locator("[data-testid=hint] li").first.is_visible()
                assert page.evaluate(
                    "() => { const h = document.querySelector('.dock .hint');"
                    " return h.scrollHeight <= h.clientHeight + 1"
                    " || getComputedStyle(h).overflowY === 'auto'; }"
                )
                page.click("[data-testid=hint-close]")
            table.click(chooser.act(view["observation"], view["legal"]))
        assert not table.errors, table.errors
    finally:
        table.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_sets_game_at_the_end_the_key_is_whole_in_the_page(browser, server, size):
    """The key's box that scrolls is for the decisions: once the game is over it is read whole, every region shown."""
    table = _table(browser, server, "british-towns-sets", size, 11)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        for _ in range(200):
            view = table.decision()
            if view is None:
                break
            table.click(chooser.act(view["observation"], view["legal"]))
        page.wait_for_selector("[data-testid=ending]")
        key = page.evaluate("""() => { const ul = document.querySelector('.bt-key ul');
          return { scrolls: ul.scrollHeight > ul.clientHeight + 1, regions: ul.querySelectorAll('li').length }; }""")
        assert key == {"scrolls": False, "regions": 9}, key
        page.locator(".bt-key").screenshot(path=str(ARTIFACTS / f"british-towns-sets-{size}-end-key.png"))
        assert not table.errors, table.errors
    finally:
        table.close()


#: every card of the hand, every ask the person may make and every player he may ask: wholly in the window, and what a
#: finger meets at its middle is the thing itself (nothing over it); with how many of each the page drew
ALL_IN_SIGHT = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const vh = innerHeight, vw = document.documentElement.clientWidth, out = [];
  const cards = [...document.querySelectorAll('.hand-area [data-card]')];
  const asks = [...document.querySelectorAll('.dock :is(.decision-slot, .hand-slot) [data-action^="ask "]')];
  const players = [...document.querySelectorAll('.board [data-target]')];
  for (const el of [...cards, ...asks, ...players]) {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (r.top < -1 || r.bottom > vh + 1 || r.left < -1 || r.right > vw + 1 || !hit || !(hit === el || el.contains(hit)))
      out.push(`${el.dataset.card || el.dataset.action || el.dataset.target} at ${Math.round(r.top)}`);
  }
  const dock = document.querySelector('.dock');
  return { out, cards: cards.length, asks: asks.length, players: players.length,
           scrolls: dock.scrollHeight > dock.clientHeight + 1 }; }"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_asking_game_a_big_hand_every_ask_and_whom_to_ask_are_on_screen_with_many_asks_heard(browser, server, size):
    """At his turn the player sees his whole hand, every town he may ask for and every player he may ask, without a
    scroll and with nothing over them: also with a hand of fifteen cards and twenty asks heard, with the asks heard
    opened (on a phone) and with the hint open."""
    table = _table(browser, server, "british-towns-asking", size, 2)
    page = table.page
    chooser = _chooser("british-towns-asking")

    def in_sight(view, when):
        seen = page.evaluate(ALL_IN_SIGHT)
        obs = view["observation"]
        chosen = page.get_attribute(".board button.bt-seat[aria-pressed=true]", "data-target")
        assert seen["cards"] == len(obs["hand"]), (when, seen)
        assert seen["asks"] == sum(1 for a in view["legal"] if a.startswith(f"ask {chosen} ")), (when, seen)
        assert seen["players"] == len({a.split()[1] for a in view["legal"]}), (when, seen)
        assert seen["out"] == [] and not seen["scrolls"], (when, seen)

    try:
        big = False
        for turn in range(10):
            view = table.decision()
            assert view is not None
            obs = view["observation"]
            in_sight(view, turn)
            if len(obs["asks"]) >= 15 and len(obs["hand"]) >= 14:
                big = True
                if size == "phone":
                    # the asks heard: one line, the newest; a tap opens them all, newest first
                    newest = page.inner_text("[data-testid=heard-newest]")
                    assert page.locator("[data-testid=heard] li.bt-recent-ask").first.is_hidden()
                    page.click("[data-testid=heard] summary")
                    listed = page.locator("[data-testid=heard] li.bt-recent-ask")
                    assert listed.count() == len(obs["asks"]) and listed.first.is_visible()
                    assert listed.first.inner_text() + "." == newest
                    _shot(page, "british-towns-asking-phone-big-hand-asks-open")
                    in_sight(view, "with the asks heard open")
                    page.click("[data-testid=heard] summary")
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]", timeout=60000)
                _shot(page, f"british-towns-asking-{size}-big-hand-hint")
                in_sight(view, "with the hint open")
                break
            table.click(chooser.act(obs, view["legal"]))
        assert big, "no turn with a big hand and many asks heard"
        assert not table.errors, table.errors
    finally:
        table.close()


#: every region of the key: wholly in the key's box, in the window and above the dock
WHOLE_KEY = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const room = document.querySelector('.dock').getBoundingClientRect().top;
  const box = document.querySelector('.bt-key ul').getBoundingClientRect();
  return [...document.querySelectorAll('.bt-key li')].filter((li) => { const r = li.getBoundingClientRect();
    return !(r.top >= 0 && r.bottom <= room + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1); })
    .map((li) => Number(li.dataset.region)); }"""

#: the other players' lines at the top of a phone's table: each line's words, and whether it is in the window above
#: the dock
OTHERS = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const room = document.querySelector('.dock').getBoundingClientRect().top;
  return [...document.querySelectorAll('[data-testid=others] li')].map((li) => { const r = li.getBoundingClientRect();
    return { seat: Number(li.dataset.seat), text: li.textContent,
             seen: r.top >= 0 && r.bottom <= room + 1 && r.height > 0 }; }); }"""


def test_sets_game_on_a_laptop_the_whole_key_is_in_view_at_the_players_decision(browser, server):
    """Review: at 1366x900 the key's box was cut at a fixed height (regions 1 and 2 scrolled out of it) while half the
    table stood empty: the key has the side to itself, every region in view above the dock."""
    table = _table(browser, server, "british-towns-sets", "desktop", 11)
    page = table.page
    try:
        chooser = _chooser("british-towns-sets")
        for turn in range(8):
            view = table.decision()
            assert view is not None
            assert page.evaluate(WHOLE_KEY) == [], (turn, view["legal"])
            table.click(chooser.act(view["observation"], view["legal"]))
        _shot(page, "british-towns-sets-laptop-whole-key")
    finally:
        table.context.close()


def test_sets_game_on_a_phone_the_other_players_are_in_view_at_the_players_turn(browser, server):
    """Review: on a phone the others' scores, cards in hand and sets laid were below the key, under the dock, at the
    player's turn: a line each at the top of the table says them, in view with the piles."""
    table = _table(browser, server, "british-towns-sets", "phone", 11)
    page = table.page
    try:
        chooser = _chooser("british-towns-sets")
        laid = False
        for turn in range(12):
            view = table.decision()
            assert view is not None
            obs = view["observation"]
            lines = page.evaluate(OTHERS)
            assert [line["seat"] for line in lines] == [i for i in range(len(obs["seat_names"])) if i != obs["seat"]]
            for line in lines:
                i = line["seat"]
                assert line["seen"], (turn, line)
                n = obs["hand_sizes"][i]
                assert f"{n} card{'' if n == 1 else 's'} in hand" in line["text"], line
                assert "score " in line["text"], line
                assert ("no set laid" in line["text"]) == (not obs["sets"][i]), line
                laid = laid or bool(obs["sets"][i])
            table.click(chooser.act(view["observation"], view["legal"]))
        assert laid
        assert layout(page) == []
        _shot(page, "british-towns-sets-phone-others")
    finally:
        table.context.close()
