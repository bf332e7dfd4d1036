"""Review 14a of British Towns: on a phone the asking game's dock says what the others did since the player's last
ask at every table size, while he waits as well as at his turn, and with the hint open; the sets game's log keeps its
newest play in view, its end says in one sentence why it ended, its opening says who dealt and who plays first, its
phone key stays still, and the replay's bar and panel count moves the same way."""

from __future__ import annotations

import re

import pytest

from test_e2e_british_towns_review13 import REGIONS, _chooser, _shot, _table

#: the module's tests share one server (they make their own tables and read only those)
pytestmark = pytest.mark.shared_server

#: every view the page drew: its move count, and the dock's summary since the player's last ask (its text, in sight)
RECORD = """() => { window.drawn = []; const board = document.querySelector('.board');
  const note = () => { const s = document.querySelector('.dock [data-testid=since]');
    const r = s && s.getBoundingClientRect();
    window.drawn.push({ moves: Number(board.dataset.moves),
      since: s ? s.textContent : null, seen: Boolean(r && r.height > 0 && r.bottom <= innerHeight + 1) }); };
  new MutationObserver(note).observe(board, { attributes: true, attributeFilter: ['data-moves'] }); note(); }"""


@pytest.mark.parametrize("players", [3, 5])
def test_on_a_phone_the_dock_says_every_ask_since_the_last_turn_while_waiting_and_at_the_turn(
    browser, server, monkeypatch, players
):
    """Whenever others have asked since the player's own last ask (a refused ask of his, then three bots' asks), the
    dock holds "Since your last turn:" with each of them, not only the last ask; at his turn with the hint open too."""
    table = _table(browser, server, "british-towns-asking", "phone", 4, players=players, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    names = None
    try:
        page.evaluate(RECORD)
        hinted = False
        for turn in range(14):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            names = names or [s["name"] for s in view["seats"]]
            fresh = [
                a
                for a in obs["asks"][
                    max((i for i, a in enumerate(obs["asks"]) if a["asker"] == obs["seat"]), default=-1) + 1 :
                ]
            ]
            if fresh and not hinted and turn >= 1:
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]", timeout=60000)
                since = page.locator(".dock [data-testid=since]")
                assert since.is_visible(), turn
                assert since.inner_text().startswith("Since your last turn:")
                _shot(page, f"british-towns-asking-review14-phone-{players}-since-hint")
                hinted = True
            table.click(chooser.act(obs, view["legal"]))
        drawn = page.evaluate("() => window.drawn")
        waited = 0
        for d in drawn:
            v = table.views.get(d["moves"])
            if not v or v["over"]:
                continue
            obs = v["observation"]
            if (obs.get("out") or [False] * players)[obs["seat"]]:
                continue
            mine = max((i for i, a in enumerate(obs["asks"]) if a["asker"] == obs["seat"]), default=-1)
            fresh = obs["asks"][mine + 1 :]
            if not fresh:
                assert d["since"] is None, d
                continue
            assert d["since"] and d["since"].startswith("Since your last turn:") and d["seen"], d
            # (every run of asks is told, in order: each asker's name where his run begins)
            at = 0
            for i, a in enumerate(fresh):
                if i == 0 or fresh[i - 1]["asker"] != a["asker"]:
                    assert names is not None
                    who = "You" if a["asker"] == obs["seat"] else names[a["asker"]]
                    at = d["since"].index(who, at)
            if not v["legal"] and len(fresh) >= 2:
                waited += 1
        assert waited, "no view while waiting with two or more asks since the player's last"
        assert hinted, "no turn with the hint open after others' asks"
        assert not table.errors, table.errors
    finally:
        table.close()


#: the play log's newest entry (its first) and the dock: where each stands on the screen
LOG_AT = """async () => { await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const ol = document.querySelector('.bt-log ol'); const dock = document.querySelector('.dock').getBoundingClientRect();
  const box = ol.getBoundingClientRect(); const first = ol.firstElementChild.getBoundingClientRect();
  const cut = [...ol.children].filter((li) => { const r = li.getBoundingClientRect();
    return r.top < box.bottom - 1 && r.bottom > box.bottom + 1; }).length;
  return { label: ol.getAttribute('aria-label'), first: [first.top, first.bottom], box: [box.top, box.bottom],
           dock: dock.top, scroll: ol.scrollTop, cut, text: ol.firstElementChild.textContent }; }"""


def test_on_a_laptop_the_sets_log_is_newest_first_and_never_under_the_dock(browser, server, monkeypatch):
    """1366x900, two players: at every decision the newest play is the log's first line, whole and above the dock,
    and the log's box ends above the dock at a whole entry."""
    table = _table(browser, server, "british-towns-sets", "desktop", 7, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        looked = 0
        for turn, _view in table.decisions(chooser, 16):
            if page.locator(".bt-log ol").count():
                page.evaluate("() => window.scrollTo(0, 0)")
                at = page.evaluate(LOG_AT)
                assert at["label"] == "Every move so far, newest first", at
                assert at["scroll"] == 0 and at["first"][0] >= 0 and at["first"][1] <= at["dock"] + 1, (turn, at)
                assert at["box"][1] <= at["dock"] + 1 and at["cut"] == 0, (turn, at)
                looked += 1
                if turn == 8:
                    _shot(page, "british-towns-sets-review14-laptop-log")
        assert looked >= 8, looked
        assert not table.errors, table.errors
    finally:
        table.close()


def _sets_played(seed: int, seats: int, variant=None):
    """A sets game played to its end, each player laying whatever he can and otherwise moving at random."""
    import random

    from parlour.games.british_towns import SETS

    rng = random.Random(seed)
    state = SETS.new_state(seats=seats, seed=seed, variant=variant)
    while not state.is_over:
        legal = state.legal_actions(state.turn)
        lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
        state.apply(state.turn, lays[0] if lays else rng.choice(legal))
    return state


ENDING = """async ([obs, result, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === 0 ? 'Ann' : `Bot ${i}` }));
  const view = { seat, observation: { ...obs, seat }, result, over: true, seats };
  const box = m.ending(view);
  return { paragraphs: [...box.querySelectorAll('p')].map((p) => p.textContent),
           headline: box.querySelector('[data-testid=end-headline]')?.textContent ?? null,
           why: box.querySelector('[data-testid=end-why]')?.textContent ?? null,
           tables: box.querySelectorAll('table').length,
           log: m.playLog(view.observation, view).map((l) => l.text) }; }"""


def test_the_sets_end_says_in_one_plain_sentence_why_it_ended_on_real_endings(server, page):
    """Every kind of end met in real games (the stock out as a hand is drawn up, with no discard or one; no stock and
    no discard at a turn's start; the club variants' single discard and stalemate): a headline of a few words (review
    24a), then one sentence, then the table; the play log's last draw never lists a card that went onto a set among
    the cards kept."""
    page.goto(server.url + "/")
    wanted = {
        ("up to seven", 0): "there were no discards to shuffle into a new stock",
        ("up to seven", 1): "only one discard was left, too few to shuffle into a new stock (two are needed)",
        ("neither", 0): "there were no discards to shuffle into a new stock",
        ("too few", 1): "The stock was empty at the start of",
        ("stalemate", None): "with no set laid or added to in between, so the game ended in a stalemate",
    }
    # (review 24a: the headline over the sentence, a few words of the kind of end)
    headlines = {
        "up to seven": "The stock ran out.",
        "neither": "Nothing left to draw.",
        "too few": "Nothing left to draw.",
        "stalemate": "A stalemate: no set laid while the stock ran out.",
    }
    seen = {}
    variants = [None, {"one_discard_ends": True}, {"stalemate": 1}]
    for seed in range(1, 40):
        for seats in (2, 3):
            for variant in variants:
                state = _sets_played(seed, seats, variant)
                obs = state.observation(None)
                why = obs["events"][-1]["why"]
                kind = next(k for k in ("up to seven", "neither", "too few", "stalemate") if k in why)
                key = (kind, None if kind == "stalemate" else min(len(obs["discards"]), 1))
                if key in seen or key not in wanted:
                    continue
                ender = obs["events"][-1]["seat"]
                got = page.evaluate(ENDING, [obs, state.result(), ender])
                text = got["why"]
                seen[key] = text
                assert got["tables"] == 1 and got["paragraphs"] == [got["headline"], text], got
                assert got["headline"] == headlines[kind], (key, got["headline"])
                assert wanted[key] in text, (key, text)
                assert text.count(". ") == 0 and text.endswith(".") and len(text) < 240, text
                assert " his " not in text and "Here " not in text and "rule" not in text, text
                for line in got["log"]:
                    assert not re.search(r"in the stock, [^;:]*, and .* went onto", line), line
        if len(seen) == len(wanted):
            break
    assert set(seen) == set(wanted), seen
    print(seen)


def test_on_a_phone_the_cards_below_the_top_discard_wrap_inside_the_window(browser, server):
    """390 wide, the board as a replay or an analysis draws it: every card named under "Below it:" (the longest
    region cards' names among them) ends inside its list's box, and so inside the window's right edge (the replay's
    board, narrower than the table's, once ran them off it)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        regions = [f"R{r['number']}" for r in REGIONS]
        got = page.evaluate(
            """async (cards) => {
          const link = document.createElement('link'); link.rel = 'stylesheet';
          link.href = '/static/games/british-towns.css'; document.head.append(link);
          await new Promise((done) => { link.onload = done; });
          const m = await import('/static/games/british-towns-sets.js');
          const board = document.createElement('div'); board.className = 'board';
          (document.querySelector('main') || document.body).append(board);
          const key = cards.map((c, i) => ({ region: i + 1, name: `R${i + 1}`, towns: 4 }));
          const obs = { seat: 0, seat_names: ['P1', 'P2'], discards: cards, hand: [], sets: [{}, {}],
                        hand_sizes: [7, 7], stock_size: 4, history: [], events: [], key, scores: [0, 0] };
          const view = { seat: 0, seats: [{ name: 'Ann' }, { name: 'Arthur' }], observation: obs, legal: [], moves: 0 };
          m.render(board, { obs, view, legal: [], act: () => {}, readOnly: true });
          await new Promise((done) => requestAnimationFrame(() => done()));
          const box = board.querySelector('.bt-under').getBoundingClientRect();
          return { width: Math.min(document.documentElement.clientWidth, box.right),
                   rights: [...board.querySelectorAll('.bt-under .bt-town')].map((el) => [el.textContent,
                     Math.max(...[...el.getClientRects()].map((r) => r.right))]) }; }""",
            regions,
        )
        assert len(got["rights"]) == 5, got
        beyond = [(name, right) for name, right in got["rights"] if right > got["width"] + 0.5]
        if beyond:
            _shot(page, "british-towns-sets-review14-phone-below-it")
        assert not beyond, (got["width"], beyond)
    finally:
        context.close()


KEY_BOX = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const ul = document.querySelector('.bt-key.boxed ul');
  return ul ? { scroll: ul.scrollTop, room: ul.scrollHeight - ul.clientHeight,
                marked: Boolean(document.querySelector('.bt-key li.now [data-testid=key-now]')) } : null; }"""


def test_on_a_phone_the_sets_key_keeps_still_where_the_player_left_it(browser, server, monkeypatch):
    """The key never scrolls by itself to the top discard's region or the card just drawn (that region is marked in
    words only); where the player scrolls it, it stays there from move to move."""
    table = _table(browser, server, "british-towns-sets", "phone", 11, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        marked = 0
        scrolled = None
        for turn in range(10):
            view = table.decision()
            if view is None:
                break
            box = page.evaluate(KEY_BOX)
            assert box, turn
            marked += box["marked"]
            want = 0 if scrolled is None else scrolled
            assert abs(box["scroll"] - want) <= 1, (turn, box, want)
            if turn == 2 and box["room"] > 40:
                # (the player scrolls the key with his finger: touch, then the box moves)
                scrolled = page.evaluate("""() => { const ul = document.querySelector('.bt-key.boxed ul');
                  ul.dispatchEvent(new Event('touchstart'));
                  ul.scrollTop = Math.min(60, ul.scrollHeight - ul.clientHeight);
                  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
                  return frame().then(frame).then(() => ul.scrollTop); }""")
            if turn == 1:
                _shot(page, "british-towns-sets-review14-phone-key-still")
            table.click(chooser.act(view["observation"], view["legal"]))
        assert marked >= 5, marked
        assert scrolled, "the key's box had no room to scroll"
        assert not table.errors, table.errors
    finally:
        table.close()


LOG_AND_BANNER = """async ([obs, result, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const a = await import('/static/games/british-towns-asking.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === 0 ? 'Ann' : `Bot ${i}` }));
  const view = (s, onlooker) => ({ seat: s, observation: { ...obs, seat: s }, result, over: true, seats, onlooker });
  const winner = obs.seat_names.indexOf(result.winner);
  return { log: m.playLog(view(seat).observation, view(seat)).map((l) => l.text),
           mine: winner < 0 ? null : m.bannerText(result, view(winner)),
           theirs: winner < 0 ? null : a.bannerText(result, view((winner + 1) % obs.seat_names.length)),
           onlooker: winner < 0 ? null : m.bannerText(result, view(winner, true)), name: seats[winner]?.name }; }"""


def test_the_sets_log_lists_cards_with_and_and_the_banner_says_you_win(server, page):
    """ "You drew Windsor, Ayr, Portsmouth and the region card of REGION from the stock", never a bare list with the
    region card in its middle; "You win." at the foot of the winner's own table (the sheet's words), his name to
    others."""
    page.goto(server.url + "/")
    drawn_lists = banners = 0
    for seed in range(1, 30):
        state = _sets_played(seed, 2)
        result = state.result()
        for seat in range(2):
            obs = state.observation(seat)
            got = page.evaluate(LOG_AND_BANNER, [obs, result, seat])
            for line in got["log"]:
                m = re.match(r"drew (.+) from the stock, back up to seven$", line)
                if m and not re.fullmatch(r"\d+ cards?", m.group(1)) and "," in m.group(1):
                    drawn_lists += 1
                    assert " and " in m.group(1), line
                    assert not re.search(r"region card of [^,]*, ", m.group(1)), line  # (region cards last)
                laid = re.match(r"laid down [^:]+: (.+)$", line)
                if laid and "," in laid.group(1):
                    assert " and " in laid.group(1), line
            if got["mine"]:
                banners += 1
                assert got["mine"] == "You win.", got
                assert got["onlooker"] == f"{got['name']} wins." and got["theirs"] == f"{got['name']} wins.", got
        if drawn_lists >= 3 and banners >= 3:
            break
    assert drawn_lists >= 3 and banners >= 3, (drawn_lists, banners)


@pytest.mark.parametrize(("players", "seed", "size"), [(2, 2, "desktop"), (5, 5, "phone")])
def test_the_sets_game_opens_saying_who_dealt_the_card_turned_up_and_who_plays_first(
    browser, server, monkeypatch, players, seed, size
):
    """The table's first view says "Arthur dealt and turned up York; you play first." (and, at five, that the stock
    is nearly empty after the deal); the play log keeps the deal as its oldest line."""
    table = _table(browser, server, "british-towns-sets", size, seed, players=players, monkeypatch=monkeypatch)
    page = table.page
    try:
        view = table.decision()
        assert view is not None and not view["observation"]["history"], "the person does not play first here"
        obs = view["observation"]
        dealer = view["seats"][obs["dealer"]]["name"]
        up = page.evaluate(
            "(c) => import('/static/games/british-towns-common.js').then((m) => m.townName(c))", obs["discards"][-1]
        )
        deal = f"{dealer} dealt and turned up {up}; you play first."
        story = page.inner_text("[data-testid=story]")
        assert deal in story, story
        if players == 5:
            assert f"Only {obs['stock_size']} cards are left in the stock after the deal" in story, story
        _shot(page, f"british-towns-sets-review14-{size}-deal")
        table.click(next(a for a in view["legal"] if a == "draw stock"))
        log = page.locator(".bt-log li")
        log.last.wait_for(state="attached")
        assert log.last.text_content() == deal, log.all_text_contents()
        assert not table.errors, table.errors
    finally:
        table.close()


@pytest.mark.parametrize("game", ["british-towns-asking", "british-towns-sets"])
def test_on_a_laptop_create_the_table_is_in_view_on_the_new_table_page(browser, server, game):
    """1366x900, the page unscrolled: the bots' descriptions are folded (a click opens them) and "Create the table"
    is wholly in the window; at five players of the sets game the warning of a short game shows, the button still in
    view."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{server.url}/new/{game}")
        page.wait_for_selector("form.new select[name=kind1]")
        legend = page.locator("[data-testid=bot-legend]")
        assert legend.get_attribute("open") is None
        button = page.get_by_role("button", name="Create the table")
        _shot(page, f"{game}-review14-new-table-top")
        box = button.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 900, box
        if game.endswith("sets"):
            page.select_option("select[name=players]", "5")
            note = page.locator("[data-testid=players-size-note]")
            note.wait_for(state="visible")
            assert "7 cards" in note.inner_text() and "short game" in note.inner_text()
            box = button.bounding_box()
            assert box and box["y"] + box["height"] <= 900 and page.evaluate("scrollY") == 0, box
        _shot(page, f"{game}-review14-new-table")
        legend.locator("summary").click()
        assert legend.locator("dd").first.is_visible()
    finally:
        context.close()
