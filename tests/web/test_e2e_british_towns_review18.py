"""Review 18a of British Towns: on a laptop the players' laid sets stand above the dock while the player decides, the
hint open or not."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from test_e2e_british_towns_review13 import REGIONS, _chooser, _shot, _table

TOWNS = json.loads(files("parlour.games.british_towns").joinpath("data/towns.json").read_text())["towns"]

#: every laid set on the table: whether it is whole in the window above the dock
SETS_SEEN = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const dock = document.querySelector('.dock'); const room = dock ? dock.getBoundingClientRect().top : innerHeight;
  return [...document.querySelectorAll('.board .bt-set')].map((s) => { const r = s.getBoundingClientRect();
    return { text: s.textContent, top: Math.round(r.top), bottom: Math.round(r.bottom), room: Math.round(room),
             seen: r.top >= 0 && r.bottom <= room + 1 }; }); }"""


def test_on_a_laptop_every_laid_set_stays_above_the_dock_while_the_player_decides(browser, server, monkeypatch):
    """1366x900, two players: at each decision once sets are down, with the hint open at some, every set laid (the
    player's and the other's) is whole in the window above the dock."""
    table = _table(browser, server, "british-towns-sets", "desktop", 7, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    checked = hinted = 0
    try:
        for turn, view in table.decisions(chooser, 60):
            sets = view["observation"]["sets"]
            if not any(sets):
                continue
            hint = turn % 3 == 0 and hinted < 4 and page.locator("[data-testid=hint-button]").count() > 0
            if hint:
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]", timeout=60000)
                hinted += 1
            seen = page.evaluate(SETS_SEEN)
            assert len(seen) == sum(len(s) for s in sets), seen
            hidden = [s for s in seen if not s["seen"]]
            if hint:
                _shot(page, f"british-towns-sets-review18-laid-hint-{hinted}")
            if hidden:
                _shot(page, f"british-towns-sets-review18-laid-under-dock-{turn}")
            assert not hidden, (turn, hint, hidden)
            checked += 1
            if hint and page.locator("[data-testid=hint-close]").count():
                page.click("[data-testid=hint-close]")
        assert checked >= 8 and hinted >= 2, (checked, hinted)
        assert not table.errors, table.errors
    finally:
        table.close()


#: on a phone at the player's turn: the line under the hand, a region each (its words and whether it is whole in the
#: window), and, for each dead card, whether any note lies over it
HOLDS = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const inside = (r) => r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.left >= 0
    && r.right <= innerWidth + 0.5 && r.height > 0;
  const lines = [...document.querySelectorAll('.dock [data-testid=holds] li')].map((li) => ({
    region: Number(li.dataset.region), text: li.textContent.trim(), seen: inside(li.getBoundingClientRect()),
    whole: li.scrollWidth <= li.clientWidth + 1 }));
  const covered = [];
  for (const group of document.querySelectorAll('.dock .bt-group.dead')) {
    const notes = [...group.querySelectorAll('.bt-dead')].filter((n) => n.getClientRects().length)
      .map((n) => n.getBoundingClientRect());
    for (const card of group.querySelectorAll('svg.card')) {
      const c = card.getBoundingClientRect();
      if (notes.some((n) => n.left < c.right && n.right > c.left && n.top < c.bottom && n.bottom > c.top))
        covered.push(card.getAttribute('aria-label') || 'a card');
    }
  }
  return { lines, covered, dead: document.querySelectorAll('.dock .bt-group.dead').length }; }"""


def _held(hand: list[str], region: int, size: int) -> str:
    towns = [c for c in hand if not c.startswith("R") and _region(c) == region]
    card = f"R{region}" in hand
    if towns:
        whole = len(towns) == size or (card and len(towns) == size - 1)
        return f"{len(towns)} of {size}" + (" and the region card" if card else "") + (", whole" if whole else "")
    return "the region card (no towns yet)" if card else "none in your hand"


def _region(code: str) -> int:
    towns = {t["code"]: t["region"] for t in TOWNS}
    return int(code[1:]) if code.startswith("R") else towns[code]


def test_on_a_phone_the_hand_says_each_regions_count_and_a_dead_cards_note_in_full(browser, server, monkeypatch):
    """390x844, two players: at each decision a line under the hand says, a region held, what the key says of it
    ("Yorkshire: 3 of 4"), in the window while the key is under the dock, the hint open or not; a region another
    player has laid says "dead: Arthur laid it" there in full, and no note lies over a dead card's name."""
    table = _table(browser, server, "british-towns-sets", "phone", 7, players=2, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    sizes = {r["number"]: sum(t["region"] == r["number"] for t in TOWNS) for r in REGIONS}
    dead_seen = hinted = 0
    try:
        for turn, view in table.decisions(chooser, 60):
            obs = view["observation"]
            hint = turn % 4 == 2 and hinted < 3 and page.locator("[data-testid=hint-button]").count() > 0
            if hint:
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint]", timeout=60000)
                hinted += 1
            got = page.evaluate(HOLDS)
            if hint:
                _shot(page, f"british-towns-sets-review18-phone-hint-{hinted}")
            # (and the top discard's region, held or not, where it may be taken: marked, review 19a)
            top = obs["discards"][-1] if "take discard" in view["legal"] and obs["discards"] else None
            regions = sorted({_region(c) for c in obs["hand"]} | ({_region(top)} if top else set()))
            assert [line["region"] for line in got["lines"]] == regions, (turn, got)
            laid = {int(r): seat for seat, sets in enumerate(obs["sets"]) if seat != obs["seat"] for r in sets}
            for line in got["lines"]:
                r = line["region"]
                name = next(x["name"] for x in REGIONS if x["number"] == r).split(" and the ")[0]
                want = "dead: Arthur laid it" if r in laid else _held(obs["hand"], r, sizes[r])
                if top and r == _region(top):
                    want += " ◀ top discard"
                assert line["text"].endswith(f"{name}: {want}"), (turn, line, want)
                assert line["whole"], (turn, line)
                if not line["seen"]:
                    _shot(page, f"british-towns-sets-review18-phone-holds-{turn}")
                assert line["seen"], (turn, hint, line)
            if got["dead"]:
                dead_seen += 1
                _shot(page, f"british-towns-sets-review18-phone-dead-{dead_seen}")
            assert not got["covered"], (turn, got)
            if hint and page.locator("[data-testid=hint-close]").count():
                page.click("[data-testid=hint-close]")
        assert dead_seen >= 1 and hinted >= 2, (dead_seen, hinted)
        assert not table.errors, table.errors
    finally:
        table.close()


#: the analysis just opened, once its scroll has settled: where the pinned step bar ends, and where the summary (the
#: analysis's heading and its first paragraph) and the decision's judgement stand in the window
OPENED = """async () => {
  let last = -1;
  while (scrollY !== last) {
    last = scrollY;
    for (let i = 0; i < 4; i++) await new Promise((d) => requestAnimationFrame(() => d()));
  }
  const box = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  return { bar: box(document.querySelector('[data-testid=replay-stepbar]'))[1], height: innerHeight,
    head: box(document.querySelector('.analysis > h2')), said: box(document.querySelector('.analysis > h2 + p')),
    focus: box(document.querySelector('[data-testid=analysis-focus]')), scrolled: scrollY }; }"""


@pytest.mark.bots_quick
def test_the_analysis_opens_with_its_summary_in_full_view_under_the_step_bar(browser, server):
    """Review 18a: opening the analysis went to the first costly decision and the pinned Start/◀/▶ bar hid the top of
    the summary beside the board (and on a phone the top of the decision's judgement): at a laptop the summary is whole
    in view under the bar; at both sizes the judgement's top stands under the bar."""
    from conftest import PHONE, WIDE, judged_row, open_analysis, played_by_bots, stood_in_analysis
    from parlour.games import get_game

    made, info, record = played_by_bots(server.url, "british-towns-sets", 4, 2)
    state = get_game("british-towns-sets").new_state(
        seats=2, variant=record.variant, seed=record.seed, deal=record.deal
    )
    rows: list[dict] = []
    for index, (seat, action) in enumerate(record.actions):
        legal = state.legal_actions(seat)
        if seat == 0 and len(legal) > 1:
            other = next(a for a in legal if a != action)
            # (the first costly move late in the game, so that the analysis opens far down the replay)
            late = len(rows) == 12
            rows.append(judged_row(index, 0, len(legal), action, [(other, 0.6), (action, 0.3 if late else 0.58)]))
        state.apply(seat, state.parse_action(action))
    assert len(rows) > 14, len(rows)
    analysis = stood_in_analysis(made["id"], "british-towns-sets", 0, info["seats"][0]["name"], rows)
    for size in (WIDE, PHONE):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        try:
            open_analysis(page, server.url, made["id"], 0, analysis, state="attached")
            page.wait_for_selector("[data-testid=analysis-focus] .verdict")
            at = page.evaluate(OPENED)
            _shot(page, f"british-towns-sets-review18-analysis-open-{size['width']}")
            assert at["scrolled"] > 0, at
            assert at["focus"][0] >= at["bar"], at
            if size is WIDE:
                assert at["head"][0] >= at["bar"] and at["said"][1] <= at["height"], at
        finally:
            context.close()


#: the summary since the player's last turn in a phone's dock: its words, whether they are read whole, "Show all" shown
SINCE = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const box = document.querySelector('.dock [data-testid=since]'); if (!box) return null;
  const text = box.querySelector('.bt-since-text'); const more = box.querySelector('[data-testid=since-more]');
  return { text: text.textContent, whole: text.scrollHeight <= text.clientHeight + 1,
           more: Boolean(more && !more.hidden && more.getClientRects().length) }; }"""


def test_on_a_phone_two_or_three_asks_since_the_last_turn_are_read_whole_the_hint_open(browser, server, monkeypatch):
    """Review 18a: with the hint open the phone's "Since your last turn" was cut after two lines ("Arthur too… Show
    all") when it told only two or three asks: such a summary is read whole, with no "Show all"."""
    table = _table(browser, server, "british-towns-asking", "phone", 5, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    checked = 0
    try:
        for _turn, view in table.decisions(chooser, 40):
            history = view["observation"]["history"]
            mine = [i for i, (seat, _) in enumerate(history) if seat == view["seat"]]
            fresh = len(history) - (mine[-1] + 1 if mine else 0)
            if not mine or not 2 <= fresh <= 3 or checked >= 3:
                continue
            page.click("[data-testid=hint-button]")
            page.wait_for_selector("[data-testid=hint]", timeout=60000)
            got = page.evaluate(SINCE)
            _shot(page, f"british-towns-asking-review18-phone-since-{checked}")
            assert got and got["whole"] and not got["more"], (fresh, got)
            checked += 1
            page.click("[data-testid=hint-close]")
        assert checked >= 2, checked
        assert not table.errors, table.errors
    finally:
        table.close()


def test_a_player_out_of_cards_may_follow_the_others_at_a_slower_pace(browser, tmp_path, monkeypatch):
    """Review 18a: out of cards, a newcomer only watches: under his empty hand the table says so and offers "Follow at
    a slower pace", which sets the table's pace to slow (the Pace menu says so, and it is kept for the next table)."""
    from conftest import Server
    from test_e2e_british_towns_asking_whom import NEXT, SEED_OUT

    slow = Server(f"sqlite:///{tmp_path / 'slow.db'}", 0.5, "--creator-seeds").start()
    table = _table(browser, slow, "british-towns-asking", "desktop", SEED_OUT, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        while True:
            view = table.decision()
            assert view is not None, "the game ended with the player never out of cards"
            table.click(chooser.act(view["observation"], view["legal"]))
            page.wait_for_function(NEXT, timeout=60000)
            if page.evaluate(NEXT) == "out":
                break
        button = page.locator("[data-testid=follow-slower]")
        button.wait_for()
        assert "You watch the others play to the end." in page.inner_text("[data-testid=slower]")
        _shot(page, "british-towns-asking-review18-out-slower")
        button.click()
        assert page.eval_on_selector("select.pace", "s => s.value") == "slow"
        assert page.evaluate("localStorage.getItem('parlour:pace')") == "slow"
        page.wait_for_function(
            "() => /at the slow pace/.test(document.querySelector('[data-testid=slower]')?.textContent || '')"
        )
        assert not page.locator("[data-testid=follow-slower]").count()
        assert not table.errors, table.errors
    finally:
        table.close()
        slow.stop()


#: each town card drawn at a hand's width: its name's lines, each line's rendered font size and width in pixels, and
#: the card's width
NAME_LINES = """async ([codes, width]) => { const m = await import('/static/games/british-towns-common.js');
  await document.fonts.ready;
  const box = document.createElement('div'); document.body.append(box);
  const out = [];
  for (const code of codes) {
    const card = m.townCard(code); card.style.width = `${width}px`; card.style.height = 'auto'; box.append(card);
    const scale = card.getBoundingClientRect().width / card.viewBox.baseVal.width;
    const lines = [...card.querySelectorAll('text[data-name-line]')];
    out.push({ code, lines: lines.map((t) => t.textContent), card: card.getBoundingClientRect().width,
      sizes: lines.map((t) => Number(t.getAttribute('font-size')) * scale),
      widths: lines.map((t) => t.getBoundingClientRect().width) });
  }
  box.remove(); return out; }"""


# (review 25a: on a laptop's 64px hand card the long names, Portsmouth, Birmingham, Nottingham, were some 10px high
# beside Derby's 14: now 12.5px at least, their letters drawn narrower instead)
@pytest.mark.parametrize("width, least", [(40, 7.9), (64, 12.5)])
def test_every_town_of_the_pack_is_named_whole_on_its_card_with_a_margin(server, page, width, least):
    """Review 24a: names were broken with hyphens ("Birmin-gham", "Coven-try", "Ips-wich") at every size, and on a
    phone's 40px hand card "London" and "Crewe" ran edge to edge.  Now every town of the pack (the data file's) has
    its name whole, a word never broken (a two-word name may take a line a word), in a smaller size where it is long,
    never under `least` pixels, and clear of both edges of the card (a phone's 40px card and a laptop's 64px)."""
    page.goto(server.url + "/")
    codes = [t["code"] for t in TOWNS]
    names = {t["code"]: t["name"] for t in TOWNS}
    cards = page.evaluate(NAME_LINES, [codes, width])
    assert len(cards) == len(codes)
    for card in cards:
        name = names[card["code"]].split(" (")[0]
        assert " ".join(card["lines"]) == name, card
        assert all(line in name.split(" ") or line == name or " " in line for line in card["lines"]), card
        assert 1 <= len(card["lines"]) <= 2, card
        assert min(card["sizes"]) >= least, card
        assert max(card["widths"]) <= 0.86 * card["card"], card
