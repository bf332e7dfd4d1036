"""The asking game on a phone (390x844), played against the bots: at each of the player's turns the dock said the
others' last ask twice, once on the line on what just happened ("Arthur asked you for a town; you did not have it,
so the turn passed to you") and again at the end of the summary under it ("Since your last turn: Arthur asked you
for it: not held, so your turn came."), three lines of a dock that covers most of the table; and the summary's "Show
all" stood under summaries it already showed whole.  Now a summary read whole says it once (the line above is for
screen readers), and where the summary is cut at three lines the line above stays, the newest ask in view."""

from __future__ import annotations

from test_e2e_british_towns_review13 import _chooser, _shot, _table

#: the dock as it stands: the summary since his last turn (whether its three lines hold it all, "Show all" shown),
#: and whether the line on what just happened is on screen (more than a pixel across)
DOCK = """async () => { await document.fonts.ready;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const since = document.querySelector('.dock [data-testid=since]');
  const story = document.querySelector('.dock [data-testid=story]').getBoundingClientRect();
  if (!since) return { since: null, story: story.width > 1 && story.height > 1 };
  const text = since.querySelector('.bt-since-text');
  const more = since.querySelector('[data-testid=since-more]');
  return { since: text.textContent, whole: text.scrollHeight <= text.clientHeight + 1,
    more: Boolean(more && more.getBoundingClientRect().width > 0), story: story.width > 1 && story.height > 1,
    said: document.querySelector('.dock [data-testid=story]').textContent }; }"""


def test_on_a_phone_the_others_last_ask_is_said_once_in_the_dock(browser, server, monkeypatch):
    table = _table(browser, server, "british-towns-asking", "phone", 21, players=3, monkeypatch=monkeypatch)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen = {"whole": 0, "cut": 0}
        for turn in range(30):
            view = table.decision()
            if view is None:
                break
            dock = page.evaluate(DOCK)
            if dock["since"] is None:
                # (nothing since his own last ask: the line on what just happened is all there is, and shows)
                assert dock["story"], (turn, dock)
            elif dock["whole"]:
                # (since review 20a the asks since his last turn are listed whole, the newest six where there are
                # more, with "Show all N" beside them)
                obs = view["observation"]
                mine = max((i for i, a in enumerate(obs["asks"]) if a["asker"] == obs["seat"]), default=-1)
                many = len(obs["asks"]) - mine - 1 > 6
                assert not dock["story"] and dock["more"] == many, (turn, dock)
                if not seen["whole"]:
                    _shot(page, "british-towns-asking-phone-said-once")
                seen["whole"] += 1
            else:
                assert dock["story"] and dock["more"], (turn, dock)
                seen["cut"] += 1
            table.click(chooser.act(view["observation"], view["legal"]))
        assert seen["whole"], seen
        assert not table.errors, table.errors
    finally:
        table.close()
