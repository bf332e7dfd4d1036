"""Review 25a of the asking game on a phone: the asks heard were folded to one line at the player's turn (in a memory
game); at the steady pace the bots asked about once a second, faster than an ask is read, and the dock's summary
while he waited was cut at three lines behind "Show all"; and the hint's choice asked Betty while the ask under it
still read "Ask Arthur for…".  Now the asks heard stand open where nobody has asked since his own last ask (the
numbered list of the others' asks takes their place where someone has), an ask stays two and a half seconds at
steady, the summary while he waits is the same numbered list, the newest whole, and the ask turns to the player the
hint's choice asks."""

from __future__ import annotations

from test_e2e_british_towns_review13 import _chooser, _shot, _table

#: at the player's turn on a phone: the asks heard (open or not, and its newest ask in sight), the numbered list of
#: the others' asks since his last (in sight)
HEARD = """() => {
  const seen = (el) => { if (!el) return false; const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1; };
  const heard = document.querySelector('.dock [data-testid=heard]');
  return { open: Boolean(heard && heard.open), newest: seen(heard && heard.querySelector('ol li')),
           since: seen(document.querySelector('.dock [data-testid=since-list] li:last-child')) }; }"""


def test_on_a_phone_the_asks_heard_stay_in_sight_and_the_ask_follows_the_hints_choice(browser, server, monkeypatch):
    table = _table(browser, server, "british-towns-asking", "phone", 21, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen = {"open": 0, "since": 0, "turned": 0}
        for turn in range(14):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            got = page.evaluate(HEARD)
            if obs["asks"] and obs["asks"][-1]["asker"] == obs["seat"]:
                # (his own ask came off and he asks again: every ask, newest first, stands open in the dock)
                assert got["open"] and got["newest"], (turn, got)
                seen["open"] += 1
            elif obs["asks"]:
                # (others asked since: their asks, numbered, newest in sight; the asks heard folded under them)
                assert got["since"] and not got["open"], (turn, got)
                seen["since"] += 1
            if seen["turned"] < 1:
                page.click("[data-testid=hint-button]")
                page.wait_for_selector("[data-testid=hint] li.best", timeout=60000)
                best = page.inner_text("[data-testid=hint] li.best")
                whom = best.split("Ask ", 1)[1].split(" for ", 1)[0]
                page.wait_for_function("(whom) => document.querySelector('[data-testid=ask-head]').textContent"
                                       " === `Ask ${whom} for…`", arg=whom, timeout=5000)
                assert page.get_attribute(".dock [data-whom][aria-pressed=true]", "data-whom") is not None
                if whom != view["seats"][[i for i in range(3) if i != obs["seat"]][0]]["name"]:
                    _shot(page, "british-towns-asking-review25-hint-turns-the-ask")
                    seen["turned"] += 1
            table.click(chooser.act(obs, view["legal"]))
        assert seen["open"] and seen["since"] and seen["turned"], seen
        assert not table.errors, table.errors
    finally:
        table.close()


#: every move the page drew, when (ms), and the dock's summary while the player waits: its numbered list, the newest
#: ask in sight
TIMES = """() => { window.drawn = []; const board = document.querySelector('.board');
  let shown = board.dataset.moves;
  const note = () => { if (board.dataset.moves === shown) return;
    shown = board.dataset.moves;
    const s = document.querySelector('.dock .bt-waiting [data-testid=since]');
    const last = s && s.querySelector('[data-testid=since-list] li:last-child');
    const r = last && last.getBoundingClientRect();
    window.drawn.push({ moves: Number(board.dataset.moves), at: performance.now(), waiting: Boolean(s),
      items: s ? s.querySelectorAll('[data-testid=since-list] li').length : 0,
      newest: Boolean(r && r.height > 0 && r.bottom <= innerHeight + 1) }); };
  new MutationObserver(note).observe(board, { attributes: true, attributeFilter: ['data-moves'] }); }"""


def test_at_the_steady_pace_a_bots_ask_stays_long_enough_to_read_and_the_wait_lists_each(browser, server, monkeypatch):
    table = _table(browser, server, "british-towns-asking", "phone", 4, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        page.select_option("select.pace", "steady")
        assert "asks" in (page.get_attribute("[data-testid=pace]", "title") or "")
        page.evaluate(TIMES)
        held: list[int] = []
        for _ in range(6):
            view = table.decision()
            if view is None:
                break
            # (each move's first drawing: a view drawn again at the same move, a player chosen, is no new move)
            drawn = page.evaluate("() => window.drawn")
            held = []
            for a, b in zip(drawn, drawn[1:], strict=False):
                v = table.views.get(a["moves"])
                # (a bot's ask drawn, the game going on: the next view waits at least the pace's time for it)
                moved = v and v["observation"]["history"]
                if v and moved and not v["over"] and moved[-1][0] != v["seat"]:
                    held.append(round(b["at"] - a["at"]))
                if v and a["waiting"]:
                    # (while he waits, each ask since his last is a line of its own, the newest in sight)
                    assert a["items"] >= 1 and a["newest"], a
            if len(held) >= 3:
                break
            table.click(chooser.act(view["observation"], view["legal"]))
        assert len(held) >= 3, held
        assert min(held) >= 2450, held
        assert not table.errors, table.errors
    finally:
        table.close()
