"""Review 20a of the asking game, on a phone (390x844): the player to be asked was shown only as a pressed pill while
the hint could name another player ("Ask Betty for …" with Arthur chosen), and the player's own cards were mixed,
ticked, among the towns he could ask for.  Now the asks' heading says whom every chip asks ("Ask Arthur for…", the
players to choose beside it), the rows under it hold only the towns he may ask for, and his hand is a row of its
own, "Your hand (N):", grouped by region."""

from __future__ import annotations

from test_e2e_british_towns_review13 import _chooser, _shot, _table

#: the phone's ask: its heading, the player chosen, the ask chips' targets and towns, the hand row's cards, and
#: whether the heading and the first ask chip are on screen
ASK = """async () => { await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const panel = document.querySelector('.dock [data-testid=hand-and-ask]');
  if (!panel) return null;
  const seen = (el) => { const r = el && el.getBoundingClientRect();
    return Boolean(r && r.width > 0 && r.top >= -1 && r.bottom <= innerHeight + 1); };
  const rows = panel.querySelector('[data-testid=ask-rows]');
  const own = panel.querySelector('[data-testid=own-hand]');
  const pressed = panel.querySelector('[data-whom][aria-pressed=true]');
  const chips = rows ? [...rows.querySelectorAll('[data-action^="ask "]')] : [];
  return { head: panel.querySelector('[data-testid=ask-head]').textContent, chosen: pressed && pressed.dataset.whom,
    targets: [...new Set(chips.map((b) => b.dataset.action.split(' ')[1]))],
    towns: chips.map((b) => b.dataset.action.split(' ')[2]),
    heldInRows: rows ? rows.querySelectorAll('[data-card]').length : -1,
    own: own ? [...own.querySelectorAll('[data-card]')].map((c) => c.dataset.card) : null,
    ownText: own ? own.textContent : null, ownActions: own ? own.querySelectorAll('[data-action]').length : -1,
    seen: seen(panel.querySelector('[data-testid=ask-head]')) && seen(chips[0]) }; }"""


def test_on_a_phone_the_ask_says_whom_it_asks_and_the_hand_is_a_row_of_its_own(browser, server, monkeypatch):
    table = _table(browser, server, "british-towns-asking", "phone", 5, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        checked = 0
        for turn in range(14):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            ask = page.evaluate(ASK)
            if ask is None:
                table.click(chooser.act(obs, view["legal"]))
                continue
            names = obs["seat_names"]
            name = view["seats"][names.index(ask["chosen"])]["name"]
            # the heading names the player chosen, and every chip under it asks him, for a town he may be asked for
            assert ask["head"] == f"Ask {name} for…", (turn, ask)
            assert ask["targets"] == [ask["chosen"]], (turn, ask)
            legal = sorted(a.split(" ")[2] for a in view["legal"] if a.startswith(f"ask {ask['chosen']} "))
            assert sorted(ask["towns"]) == legal, (turn, ask)
            # his own cards are not among the asks: a row of their own, every card of his hand, none an ask
            assert ask["heldInRows"] == 0, (turn, ask)
            assert ask["own"] is not None and sorted(ask["own"]) == sorted(obs["hand"]), (turn, ask)
            assert ask["ownText"].startswith(f"Your hand ({len(obs['hand'])}):") and ask["ownActions"] == 0, ask
            # the heading and the asks stay on the first screen of his turn
            assert ask["seen"], (turn, ask)
            if not checked:
                _shot(page, "british-towns-asking-review20-phone-ask")
            checked += 1
            table.click(chooser.act(obs, view["legal"]))
        assert checked >= 2, checked
        assert not table.errors, table.errors
    finally:
        table.close()


#: the list of asks since his last turn at his turn: each line's number, words, and whether it is shown; the button
SINCE = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const box = document.querySelector('.dock [data-testid=since]'); if (!box) return null;
  const list = box.querySelector('[data-testid=since-list]');
  const more = box.querySelector('[data-testid=since-more]');
  return { head: box.querySelector('.bt-since-text').textContent,
    lines: list ? [...list.children].map((li) => [li.value, li.textContent, li.getClientRects().length > 0]) : null,
    more: more && more.getClientRects().length ? more.textContent : null }; }"""


def test_on_a_phone_the_asks_since_the_last_turn_are_listed_whole_a_numbered_line_each(browser, server, monkeypatch):
    """Review 20a, problem 5: at his turn the asks since his last were one sentence cut to a line or three ("… Show
    all"); now each is a numbered line of its own, the newest six shown whole, and "Show all N" opens the older."""
    table = _table(browser, server, "british-towns-asking", "phone", 3, players=6, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen = {"few": 0, "many": 0}
        for turn in range(30):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            names = [s["name"] for s in view["seats"]]
            asks = obs["asks"]
            mine = max((i for i, a in enumerate(asks) if a["asker"] == obs["seat"]), default=-1)
            fresh = asks[mine + 1 :]
            got = page.evaluate(SINCE)
            if not fresh:
                assert got is None, (turn, got)
            else:
                assert got and got["lines"] is not None and got["head"].startswith("Since your last turn:"), got
                assert [line[0] for line in got["lines"]] == list(range(mine + 2, len(asks) + 1)), (turn, got)
                shown = [line for line in got["lines"] if line[2]]
                assert len(shown) == min(len(fresh), 6) and shown[-1] == got["lines"][-1], (turn, got)
                for (_, text, _), a in zip(got["lines"], fresh, strict=True):
                    asker = "You" if a["asker"] == obs["seat"] else names[a["asker"]]
                    asked = "you" if a["asked"] == obs["seat"] else names[a["asked"]]
                    assert text.startswith(f"{asker} asked {asked} for "), (text, a)
                    assert ("got it" in text) == a["got"], (text, a)
                if len(fresh) > 6:
                    assert got["more"] == f"Show all {len(fresh)}", got
                    if not seen["many"]:
                        _shot(page, "british-towns-asking-review20-phone-since-many")
                        page.click(".dock [data-testid=since-more]")
                        opened = page.evaluate(SINCE)
                        assert all(line[2] for line in opened["lines"]), opened
                        _shot(page, "british-towns-asking-review20-phone-since-all")
                        page.click(".dock [data-testid=since-more]")
                    seen["many"] += 1
                else:
                    assert got["more"] is None, got
                    if len(fresh) >= 3 and not seen["few"]:
                        _shot(page, "british-towns-asking-review20-phone-since-few")
                    seen["few"] += len(fresh) >= 3
            if seen["many"] and seen["few"]:
                break
            table.click(chooser.act(obs, view["legal"]))
        assert seen["few"], seen
        assert not table.errors, table.errors
    finally:
        table.close()
