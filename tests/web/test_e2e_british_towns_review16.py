"""Review 15a, round 4, of British Towns: on a laptop the sets key and the play log are fitted once and then stand
still (no refitting of one by the other without end), so the hint's close button can be clicked."""

from __future__ import annotations

import pytest

from test_e2e_british_towns_review13 import _chooser, _shot, _table

#: every change of style or class in the key and the play log (and the dock) for two seconds, once the page has settled
STILL = """async () => { await document.fonts.ready;
  for (let i = 0; i < 5; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  await new Promise((done) => setTimeout(done, 500));
  const seen = [];
  const said = (c) => `${c.target.tagName.toLowerCase()}.${[...(c.target.classList || [])].join('.')} `
    + `${c.attributeName}=${c.target.getAttribute(c.attributeName)}`;
  const watch = new MutationObserver((changes) => { for (const c of changes) seen.push(said(c)); });
  for (const el of document.querySelectorAll('.bt-key, .bt-log, .dock'))
    watch.observe(el, { attributes: true, attributeFilter: ['style', 'class'], subtree: true });
  await new Promise((done) => setTimeout(done, 2000));
  watch.disconnect();
  return seen; }"""


#: how far the ring of the key's marked region (2px wide, 2px out) runs past the key's box at the sides (null: none)
RING = """() => { const at = document.querySelector('.bt-key li.now'); if (!at) return null;
  const box = at.closest('ul').getBoundingClientRect(); const r = at.getBoundingClientRect();
  return Math.max(box.left - (r.left - 4), (r.right + 4) - box.right); }"""


def test_on_a_laptop_the_sets_key_and_log_stand_still_with_the_hint_open(browser, server, monkeypatch):
    """1366x900, 3 players: at several of the player's turns, with the hint open, the key, the play log and the dock
    change no style or class for two seconds once drawn; and the hint's close button takes a click."""
    table = _table(browser, server, "british-towns-sets", "desktop", 11, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-sets")
    try:
        hinted = rung = 0
        for turn in range(12):
            view = table.decision()
            if view is None:
                break
            if turn % 3 == 1 and page.locator("[data-testid=hint-button]").count():
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint], [data-testid=refusal]")
                if page.locator("[data-testid=hint-close]").count():
                    changes = page.evaluate(STILL)
                    assert not changes, (turn, len(changes), changes[:8])
                    if not hinted:
                        _shot(page, "british-towns-sets-review16-laptop-hint")
                    page.click("[data-testid=hint-close]", timeout=5000)
                    page.wait_for_selector("[data-testid=hint]", state="detached")
                    hinted += 1
                    page.wait_for_timeout(2100)  # (the server's hint pace: HINT_EVERY 2 s)
            else:
                changes = page.evaluate(STILL)
                assert not changes, (turn, len(changes), changes[:8])
            # (the marked region's ring, 4px outside it, lies whole inside the key's box: never cut at its edges)
            cut = page.evaluate(RING)
            assert cut is None or cut <= 0.5, (turn, cut)
            rung += cut is not None
            table.click(chooser.act(view["observation"], view["legal"]))
        assert hinted >= 2 and rung >= 3, (hinted, rung)
        assert not table.errors, table.errors
    finally:
        table.close()


#: the sets table drawn from one seat's view, as the page draws it: the laid news, if any
LAID = """async ([obs, legal, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === seat ? 'Ann' : `Bot ${i}` }));
  const view = { seat, observation: obs, over: false, seats, moves: obs.history.length, legal };
  const el = document.createElement('div'); document.body.append(el);
  m.render(el, { obs, view, legal, act: () => {}, readOnly: false, refuse: () => {} });
  const news = el.querySelector('[data-testid=laid-news]')?.textContent || null; el.remove(); return news; }"""


def test_the_sets_news_of_a_set_laid_is_gone_once_another_player_has_moved(server, page):
    """ "You laid the ... set" is news from the player's latest turn until the next player moves: after that the
    banner is gone (the set stays marked "just laid" on his seat), never left lit over the others' moves."""
    import random

    from parlour.games.british_towns import SETS

    page.goto(server.url + "/")
    for seed in range(1, 60):
        rng = random.Random(seed)
        state = SETS.new_state(seats=3, seed=seed)
        laid = False
        while not state.is_over:
            seat = state.turn
            legal = state.legal_actions(seat)
            lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
            action = lays[0] if lays else rng.choice(legal)
            laid = laid or (seat == 0 and action.startswith("lay "))
            state.apply(seat, action)
            if laid and not state.is_over and state.turn != 0:
                # (his turn is over: the news stands until the next player moves)
                news = page.evaluate(LAID, [state.observation(0), [], 0])
                assert news and news.startswith("You laid the "), news
                other = state.turn
                state.apply(
                    other, "draw stock" if "draw stock" in state.legal_actions(other) else state.legal_actions(other)[0]
                )
                if state.is_over:
                    break
                assert page.evaluate(LAID, [state.observation(0), [], 0]) is None
                return
    pytest.fail("no deal had the first player lay a set and the game go on")


ANNOUNCED = """async (game) => { const m = await import(`/static/games/${game}.js`);
  const seats = [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cyd' }];
  const obs = { seat_names: ['P1', 'P2', 'P3'], dealer: 1, history: [], laid: [[], [], []], events: [], discards: [],
    stock_size: 20, hand_sizes: [7, 7, 7], sets: [{}, {}, {}], seat: 0 };
  return m.announce(null, { seat: 0, seats, observation: obs, over: false, moves: 0 }); }"""


@pytest.mark.parametrize("game", ["british-towns-asking", "british-towns-sets"])
def test_the_deal_is_passing_news_that_gives_way_at_the_first_move(server, page, game):
    """ "Bob dealt and Cyd plays first." is lit at the table's first view only: passing news, which the table puts
    away at the next move (it was left lit over several asks)."""
    page.goto(server.url + "/")
    said = page.evaluate(ANNOUNCED, game)
    assert said and said["passing"] is True and "Bob dealt" in said["text"], said


#: at the replay's last step: its caption, the newest line of the board's play log, and the end's sentence as the
#: end's sheet says it, for the reader's seat
LAST_STEP = """async ([seat, obs, result, names]) => { const m = await import('/static/games/british-towns-sets.js');
  const view = { seat, observation: obs, over: true, result, seats: names.map((name) => ({ name })) };
  const newest = document.querySelector('.views .board .bt-log li');
  return { caption: document.querySelector('[data-testid=step]').textContent, log: newest ? newest.textContent : null,
           end: m.ending(view).querySelector('[data-testid=end-why]').textContent }; }"""


@pytest.mark.parametrize("seed", [3, 8])
def test_the_sets_end_is_told_in_the_same_words_in_the_log_the_end_and_the_replay(browser, server, seed):
    """One account of why the game ended, from one place, in one person: the end's sentence, the play log's last line
    and the replay's caption of the last move say it in the same words; "you" for the reader's own seat alone (the
    caption then begins "You"), the name for anyone else."""
    import httpx

    from conftest import play_out, take_seat
    from parlour.bots import make_bot
    from parlour.games import get_game

    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": seed,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Arthur"}],
        },
    ).json()
    chooser = make_bot(get_game("british-towns-sets"), "heuristic", 0, seed)
    play_out(server.url, made, lambda view: chooser.act(view["observation"], view["legal"]))
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        take_seat(page, server.url, made)
        page.goto(f"{server.url}/replay/{made['id']}")
        page.wait_for_selector(".views .board")
        page.locator("[data-testid=replay-stepbar] button", has_text="End").click()     # (it opens at the deal)
        page.wait_for_function("document.querySelector('[data-testid=step]').textContent.includes(', the last')")
        info = httpx.get(f"{server.url}/api/tables/{made['id']}").json()
        mine = httpx.get(f"{server.url}/api/tables/{made['id']}/replay?step={info['moves']}&seat=0").json()
        obs = mine["views"][0]["observation"]
        got = page.evaluate(LAST_STEP, [0, obs, info["result"], ["Ann", "Arthur"]])
        end = got["end"]
        assert end.endswith(("the game ended.", "in a stalemate.")), got
        clause = end[0].lower() + end[1:-1]
        # the log's newest line and the caption end with the end's own words (the log's line its own sentence where
        # the end came at a turn's start, with nothing drawn)
        assert got["log"].endswith(clause) or got["log"] == end[:-1], got
        assert got["caption"].rstrip(" ·").split(" · next")[0].endswith(clause), got
        ender = next(e for e in obs["events"] if e["event"] == "game over")["seat"]
        mover = obs["history"][-1][0]
        mover_said = got["caption"].split(" · ", 1)[1]
        assert mover_said.startswith("You " if mover == 0 else "Arthur "), got
        if ender == 0:
            assert " you " in f" {clause} " and "Ann" not in clause, got
        else:
            assert "Arthur" in clause and not re_you(clause), got
        _shot(page, f"british-towns-sets-review16-replay-end-{seed}")
        # the reader's own last move, at its step: "You ...", never his name with "your" after it
        last = max(i for i, (s, _a) in enumerate(obs["history"]) if s == 0)
        page.evaluate(
            "(v) => { const s = document.querySelector('.replay-controls input'); s.value = String(v);"
            " s.dispatchEvent(new Event('input')); }",
            last + 1,
        )
        page.wait_for_function(
            f"/^(Move {last + 1 + 1} of|After move {last + 1} of)/"
                ".test(document.querySelector('[data-testid=step]').textContent)"
        )
        caption = page.inner_text("[data-testid=step]")
        said = caption.split(" · ", 1)[1].removeprefix("just before, ")
        assert said.startswith(("You ", "you ")) and "Ann" not in caption, caption
    finally:
        context.close()


def re_you(text):
    import re

    return re.search(r"\b[Yy]our?\b", text)
