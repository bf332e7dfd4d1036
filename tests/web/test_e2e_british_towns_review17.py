"""Review 16a, round 5, of British Towns: the sets game's end with nothing to draw says it in the rule's terms (whose
turn found the stock empty, that he could not draw, and who took the last discard)."""

from __future__ import annotations

import random

from parlour.games.british_towns import SETS
from parlour.games.british_towns.pack import CARD_TEXT, card_name
from test_e2e_british_towns_review13 import REGIONS

#: the end's sentence, as the end's sheet says it, drawn from one seat's view
END = """async ([obs, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === seat ? 'Ann' : 'Arthur' }));
  return m.endSentence({ seat, observation: obs, over: true, seats, moves: obs.history.length, legal: [] }); }"""


def _emptied():
    """A two-player game that ended at a turn's start with neither stock nor discards: the last move took the last
    discard onto a set."""
    for seed in range(1, 400):
        rng = random.Random(seed)
        state = SETS.new_state(seats=2, seed=seed)
        while not state.is_over:
            seat = state.turn
            legal = state.legal_actions(seat)
            lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
            state.apply(seat, lays[0] if lays else rng.choice(legal))
        over = [e for e in state.observation(0)["events"] if e["event"] == "game over"][-1]
        if "neither" in over["why"] and state.observation(0)["history"][-1][1].startswith("add "):
            return state, over["seat"]
    raise AssertionError("no deal ended with nothing to draw")


def test_the_sets_end_with_nothing_to_draw_says_who_could_not_draw_and_who_took_the_last_discard(server, page):
    state, stuck = _emptied()
    taker, action = state.observation(0)["history"][-1]
    card = card_name(CARD_TEXT.index(action[4:]))
    page.goto(server.url + "/")
    mine = page.evaluate(END, [state.observation(stuck), stuck])
    theirs = page.evaluate(END, [state.observation(taker), taker])
    assert mine.startswith(
        "The stock was empty at the start of your turn and there were no discards to shuffle into a new stock "
        "(Arthur had just added the last one, "
    ), mine
    assert f"{card}, to their set), so you could not draw and the game ended." in mine, mine
    assert theirs.startswith(
        "The stock was empty at the start of Arthur's turn and there were no discards to shuffle into a new stock "
        "(you had just added the last one, "
    ), theirs
    assert theirs.endswith("to your set), so Arthur could not draw and the game ended."), theirs
    for text in (mine, theirs):
        assert "found no stock" not in text, text


#: once the game's last sheet opens: how many of the board's CSS animations (a card's lift and glow, and one that
#: stands in for a long one, set on the board itself from the start of the game, which moves nothing) still run
#: behind the sheet, read as the sheet comes in
WATCH_END = """() => { window.endSeen = null; window.stillEnded = false;
  document.addEventListener('animationend', (e) => { if (e.animationName === 't17-still') window.stillEnded = true; });
  const style = document.createElement('style');
  style.textContent = '@keyframes t17-still { from { outline-color: transparent; }'
    + ' to { outline-color: transparent; } }';
  document.head.append(style);
  document.querySelector('.board').style.animation = 't17-still 600s linear 1';
  const watch = new MutationObserver(() => {
    if (window.endSeen || !document.querySelector('[data-testid=summary]')) return;
    const board = document.querySelector('.board');
    const running = board.getAnimations({ subtree: true }).filter((a) => a.animationName && a.playState === 'running');
    window.endSeen = { running: running.map((a) => a.animationName) };
  });
  watch.observe(document.body, { childList: true, subtree: true }); }"""


def test_the_sets_game_over_sheet_opens_over_a_still_table(browser, server, monkeypatch):
    """Five players (a short game): when "Game over" opens, every animation on the table is finished (the last move's
    card down in its place, never still in the air behind the sheet)."""
    from test_e2e_british_towns_review13 import _chooser, _shot, _table

    chooser = _chooser("british-towns-sets")
    table = _table(browser, server, "british-towns-sets", "desktop", 3, players=5, monkeypatch=monkeypatch)
    page = table.page
    try:
        page.emulate_media(reduced_motion="no-preference")  # (the sweep's tables ask for no motion: here it is seen)
        page.evaluate(WATCH_END)
        while (view := table.decision()) is not None:
            table.click(chooser.act(view["observation"], view["legal"]))
        page.wait_for_function("window.endSeen !== null")
        seen = page.evaluate("window.endSeen")
        _shot(page, "british-towns-sets-review17-end")
        assert seen["running"] == [], seen
        # (the stand-in was there to the end, and was finished, not gone unseen)
        page.wait_for_function("window.stillEnded")
        assert not table.errors, table.errors
    finally:
        table.close()


#: the score line at the top of a phone's table: its words, each player's seat and score as said, and whether the line
#: is in the window above the dock
SCORES = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const line = document.querySelector('[data-testid=scores]'); if (!line) return null;
  const room = document.querySelector('.dock').getBoundingClientRect().top; const r = line.getBoundingClientRect();
  return { text: line.textContent, seen: r.top >= 0 && r.bottom <= room + 1 && r.height > 0,
    // (a score's words, without the chips of the sets laid beside it: those are counted below)
    said: [...line.querySelectorAll('.bt-scored')].map((s) => { const c = s.cloneNode(true);
      c.querySelectorAll('.bt-chip').forEach((chip) => chip.remove());
      return [Number(s.dataset.seat), c.textContent.trim()]; }),
    chips: line.querySelectorAll('.bt-chip').length }; }"""


def _points(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def test_on_a_phone_the_sets_strip_says_every_players_score_the_players_own_first(browser, server):
    """Review 16a: on a phone the strip at the top named only the others' scores: one short line says every player's
    score, "You 14 · Arthur 2", the player's own first with the sets he has laid, in view with the piles."""
    from test_e2e_british_towns_review13 import _chooser, _shot, _table

    table = _table(browser, server, "british-towns-sets", "phone", 11)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        for turn in range(10):
            view = table.decision()
            assert view is not None
            obs = view["observation"]
            me = obs["seat"]
            got = page.evaluate(SCORES)
            assert got and got["seen"], (turn, got)
            order = [me] + [i for i in range(len(obs["seat_names"])) if i != me]
            assert [seat for seat, _ in got["said"]] == order, got
            assert got["said"][0][1] == f"You {_points(obs['scores'][me])}", got
            for (seat, said), name in zip(got["said"][1:], [view["seats"][i]["name"] for i in order[1:]], strict=True):
                assert said == f"{name} {_points(obs['scores'][seat])}", (seat, said)
            assert got["text"].startswith("Scores (a card in hand counts −1): You ") and " · " in got["text"], got
            assert got["chips"] == len(obs["sets"][me]), got
            if turn == 4:
                _shot(page, "british-towns-sets-review17-phone-scores")
            table.click(chooser.act(view["observation"], view["legal"]))
        assert not table.errors, table.errors
    finally:
        table.close()


#: each pile's card at the draw and each hand card at a discard: its action and its computed filter (the glow)
GLOWS = """() => [...document.querySelectorAll('.bt-pile [data-action], .bt-hand .bt-groups [data-action]')].map((el) =>
  ({ action: el.dataset.action, filter: getComputedStyle(el).filter }))"""


def test_at_the_draw_both_piles_glow_as_the_hand_does_at_a_discard_and_the_prompt_says_tap_them(browser, server):
    """Review 16a: "draw from the stock, or take Oxford from the discard pile" said nothing of how, and only the stock
    had a faint cue: both piles that may be drawn from wear the hand's glow at a discard, and the prompt says to tap
    the stock or the discard pile."""
    from test_e2e_british_towns_review13 import _chooser, _shot, _table

    table = _table(browser, server, "british-towns-sets", "phone", 11)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        drew = discarded = None
        for _ in range(12):
            view = table.decision()
            assert view is not None
            legal = view["legal"]
            glows = page.evaluate(GLOWS)
            if "draw stock" in legal and "take discard" in legal:
                drew = [g for g in glows if g["action"] in ("draw stock", "take discard")]
                status = page.inner_text(".dock .status")
                assert "tap the stock or the discard pile" in status, status
                _shot(page, "british-towns-sets-review17-draw")
            elif any(a.startswith("discard ") for a in legal):
                discarded = [g for g in glows if g["action"].startswith("discard ")]
            if drew and discarded:
                break
            table.click(chooser.act(view["observation"], view["legal"]))
        assert drew and discarded, (drew, discarded)
        assert sorted(g["action"] for g in drew) == ["draw stock", "take discard"], drew
        glow = {g["filter"] for g in discarded}
        assert len(glow) == 1 and "rgb(255, 213, 74)" in next(iter(glow)), glow
        assert {g["filter"] for g in drew} == glow, (drew, glow)
        assert not table.errors, table.errors
    finally:
        table.close()


#: every text drawn on a town card, as (card, text, rendered font size in pixels, whether it lies in the card's foot)
CARD_TEXTS = """async ([codes, width]) => { const m = await import('/static/games/british-towns-common.js');
  const box = document.createElement('div'); document.body.append(box);
  const out = [];
  for (const code of codes) {
    const card = m.townCard(code); card.style.width = `${width}px`; card.style.height = 'auto'; box.append(card);
    const scale = card.getBoundingClientRect().width / card.viewBox.baseVal.width;
    for (const t of card.querySelectorAll('text')) {
      out.push([code, t.textContent, Number(t.getAttribute('font-size')) * scale, Number(t.getAttribute('y')) > 126,
                card.getAttribute('title') || card.querySelector('title')?.textContent || '']);
    }
  }
  box.remove(); return out; }"""


def test_a_town_card_draws_no_microscopic_region_name_at_its_foot(server, page):
    """Review 16a: the region's name at the foot of each hand card was about 5 px high: the foot is the region's colour
    alone (the number and the colour say the region), and the card's title still names the region in full."""
    page.goto(server.url + "/")
    codes = [t for t in CARD_TEXT if not t.startswith("R")]
    texts = page.evaluate(CARD_TEXTS, [codes, 64])
    assert texts
    assert [t for t in texts if t[3]] == [], [t for t in texts if t[3]][:5]
    region_names = {r["name"] for r in REGIONS}
    for code, text, _, _, title in texts:
        assert text not in region_names, (code, text)
        assert any(name in title for name in region_names), (code, title)


def test_on_a_phone_a_tap_on_the_stock_after_the_draw_is_answered_with_what_to_do(browser, server):
    """Review 17a: a tap on the stock once he has drawn did nothing at all; it is answered, as a tap on a card
    before the draw is, with the rules' own words."""
    from test_e2e_sweep import Table

    table = Table(browser, server, "british-towns-sets", "phone", 11)
    page = table.page
    try:
        view = table.decision()
        assert view is not None and "draw stock" in view["legal"], view
        table.click("draw stock")
        view = table.decision()
        assert view is not None and all(a.startswith("discard ") for a in view["legal"]), view
        stock = page.locator(".bt-pile [data-refused='draw stock']")
        assert stock.count() == 1 and stock.get_attribute("aria-disabled") == "true"
        stock.click(force=True)          # (marked disabled for assistive technology, as every refusable card is)
        said = page.locator("[data-testid=refusal]")
        said.wait_for()
        assert "drawn already this turn: discard a card you hold" in said.inner_text(), said.inner_text()
        assert table.moves_shown() == view["moves"]             # nothing changed: still his discard to make
        assert not table.errors, table.errors
    finally:
        table.context.close()
