"""Review 18a, problems 4, 9 and 10, of the asking game: whom the player asks was unclear (both opponents' boxes
outlined, the chosen one only a little brighter); a player out of cards was told nothing plain; and on a laptop
(1366x900) the table was a little taller than the window at the player's turn, so the page scrolled and the site's
header was cut.  Now the asks say whom in words, "Ask: [Arthur] [Betty]" (the one chosen pressed, with the cue that a
tap on another asks them instead) and "Ask Arthur for…"; a player out of cards reads "You are out of cards: the
others play on to the end"; and the laptop's table fits the window at the player's turn."""

from __future__ import annotations

from conftest import ARTIFACTS, Server
from test_e2e_british_towns_review13 import _chooser, _shot, _table

#: a deal in which the player (the chooser's asks) runs out of cards well before the end
SEED_OUT = 62

#: the words on whom he asks: the buttons (name, pressed), the cue, the asks' heading, and the ask buttons' targets
WHOM = """async () => { await document.fonts.ready;
  const ASKS = '.dock .bt-ask [data-action^="ask "], .dock .bt-hand-ask [data-action^="ask "]';
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const box = document.querySelector('.dock [data-testid=whom]');
  if (!box) return null;
  const seen = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.bottom <= innerHeight + 1 && r.top >= -1; };
  const cue = box.querySelector('[data-testid=whom-cue]');
  return { label: box.textContent, seen: seen(box),
    buttons: [...box.querySelectorAll('[data-whom]')]
      .map((b) => [b.dataset.whom, b.textContent, b.getAttribute('aria-pressed')]),
    cue: cue ? cue.textContent : null, head: document.querySelector('.dock [data-testid=ask-head]').textContent,
    asks: [...new Set([...document.querySelectorAll(ASKS)].map((b) => b.dataset.action.split(' ')[1]))],
    focus: (document.activeElement && document.activeElement.dataset.whom) || null,
    scroll: document.documentElement.scrollHeight - innerHeight, scrolled: scrollY }; }"""


#: how far the page runs past the window's foot, how far it is scrolled, and the top of the site's header
FITS = """async () => { await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  return { over: document.documentElement.scrollHeight - innerHeight, scrolled: scrollY,
    header: document.querySelector('body > header, header').getBoundingClientRect().top }; }"""


def _whom_is_said_and_chosen_in_words(browser, server, monkeypatch, size):
    table = _table(browser, server, "british-towns-asking", size, 3, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        switched = 0
        for turn, view in table.decisions(chooser, 12):
            if size == "desktop":
                # on a laptop the table fits the window at his turn, also with a refusal said over the asks (a card
                # of his own hand clicked): no scroll, the site's header whole
                fits = page.evaluate(FITS)
                assert fits["over"] <= 0 and fits["scrolled"] == 0 and fits["header"] >= 0, (turn, fits)
                page.locator(".dock .bt-hand [data-card]").first.click(force=True)
                page.wait_for_selector(".refusal.show")
                fits = page.evaluate(FITS)
                if turn == 6:
                    _shot(page, "british-towns-asking-laptop-refused-fits")
                assert fits["over"] <= 0 and fits["scrolled"] == 0 and fits["header"] >= 0, (turn, "refused", fits)
            names = view["observation"]["seat_names"]
            targets = sorted({a.split(" ")[1] for a in view["legal"] if a.startswith("ask ")})
            whom = page.evaluate(WHOM)
            assert whom is not None and whom["seen"], (turn, whom)
            assert whom["label"].startswith("Ask:"), whom
            assert sorted(b[0] for b in whom["buttons"]) == targets, (turn, whom)
            pressed = [b for b in whom["buttons"] if b[2] == "true"]
            assert len(pressed) == 1, whom
            name = view["seats"][names.index(pressed[0][0])]["name"]
            # the asks' heading names the player chosen, and every ask button asks him
            assert f"Ask {name} for" in whom["head"] or f"ask {name} for it" in whom["head"], whom
            assert whom["asks"] == [pressed[0][0]], whom
            if len(targets) > 1:
                assert whom["cue"] and "a player to ask them instead" in whom["cue"], whom
                other = next(t for t in targets if t != pressed[0][0])
                page.click(f'.dock [data-whom="{other}"]')
                page.wait_for_selector(f'.dock [data-whom="{other}"][aria-pressed=true]')
                now = page.evaluate(WHOM)
                other_name = view["seats"][names.index(other)]["name"]
                assert f"Ask {other_name} for" in now["head"] or f"ask {other_name} for it" in now["head"], now
                assert now["asks"] == [other] and now["focus"] == other, now
                if not switched:
                    _shot(page, f"british-towns-asking-{size}-whom")
                    page.screenshot(path=str(ARTIFACTS / f"whom-{size}.png"))
                switched += 1
        assert switched, "never two players to ask"
        assert not table.errors, table.errors
    finally:
        table.close()


def test_on_a_laptop_the_asks_say_whom_and_another_is_chosen_in_words(browser, server, monkeypatch):
    _whom_is_said_and_chosen_in_words(browser, server, monkeypatch, "desktop")


def test_on_a_phone_the_asks_say_whom_and_another_is_chosen_in_words(browser, server, monkeypatch):
    _whom_is_said_and_chosen_in_words(browser, server, monkeypatch, "phone")


#: where the page stands after the player's move: out of cards (the prompt says so), his turn again, or the end
NEXT = """() => { const status = document.querySelector('.status');
  if (status && status.textContent.includes('You are out of cards')) return 'out';
  if (document.querySelector('[data-testid=result]')) return 'end';
  return document.querySelector('.dock [data-whom], .dock .bt-ask [data-action], .dock .bt-hand-ask [data-action]')
    ? 'turn' : null; }"""


def test_a_player_out_of_cards_is_told_plainly_that_the_others_play_on(browser, tmp_path, monkeypatch):
    # (the bots a little slower than the other tests', so that the game goes on a while after he is out)
    slow = Server(f"sqlite:///{tmp_path / 'slow.db'}", 0.5, "--creator-seeds").start()
    table = _table(browser, slow, "british-towns-asking", "phone", SEED_OUT, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        said = None
        while said is None:
            view = table.decision()
            assert view is not None, "the game ended with the player never out of cards"
            table.click(chooser.act(view["observation"], view["legal"]))
            page.wait_for_function(NEXT, timeout=60000)
            if page.evaluate(NEXT) == "out":
                said = page.inner_text(".status")
        seat = view["seat"]
        latest = table.views[max(table.views)]
        assert latest["observation"]["out"][seat] or not latest["observation"]["hand"], latest["observation"]
        assert said == "You are out of cards: the others play on to the end.", said
        status = page.locator(".status").bounding_box()
        assert status and 0 <= status["y"] and status["y"] + status["height"] <= 844, status
        _shot(page, "british-towns-asking-phone-out-of-cards")
        page.screenshot(path=str(ARTIFACTS / "out-phone.png"))
        assert not table.errors, table.errors
    finally:
        table.close()
        slow.stop()
