"""Reviews 20a, 20c, 20d and 21a: on a phone a replay's step buttons stood at the top and its board a screen or more
below them (four boards of Football Whist, one under another), so that pressing ▶ changed nothing to be seen.  In every
game a phone's replay now opens on one board, the viewer's seat's or the first seat's, its decisive part (the hand, the
trick, the pile, the builds) in the first screen under the pinned step bar, and each ▶ changes what is seen there."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from conftest import ARTIFACTS, PHONE, WIDE, Server, wait_over
from parlour.store import Store
from parlour.web.app import create_app

#: each game: its seats, the bots that play it, its variant, and the part of its board a step is about
GAMES = {
    "british-towns-sets": (2, "random", None, ".bt-hand"),
    "british-towns-asking": (3, "random", None, ".bt-hand"),
    "squadron-scramble": (2, "heuristic", {"target": 100}, ".ss-discards"),
    "football-whist": (4, "random", None, ".fw-trick"),
    "biggles": (2, "practised", {"matches": 1, "deciders": 0}, ".bg-build"),
}


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A served database holding one finished game of each game, bots at every seat (Biggles' race run on a fast
    clock in-process): the server and each game's table."""
    db = Path(tmp_path_factory.mktemp("replays")) / "replays.db"
    tables = {}
    with TestClient(create_app(Store(f"sqlite:///{db}"), bot_delay=0, clock=lambda: time.monotonic() * 30)) as client:
        for game, (seats, bot, variant, _) in GAMES.items():
            names = [{"kind": "bot", "bot": bot, "name": "Sam"}] + [{"kind": "bot", "bot": bot}] * (seats - 1)
            made = client.post(
                "/api/tables",
                json={"game": game, "seed": 5, "seats": names, **({"variant": variant} if variant else {})},
            )
            assert made.status_code == 201, made.text
            tables[game] = made.json()["id"]
        for table in tables.values():
            wait_over(client, table, limit=240)
    srv = Server(f"sqlite:///{db}", 0.05).start()
    yield srv, tables
    srv.stop()


#: the text the window shows of the boards, under the pinned step bar (the words of the move, in the bar, left out),
#: and where the bar and the step's decisive part stand
SEEN = """(part) => {
  const bar = document.querySelector('[data-testid=replay-stepbar]').getBoundingClientRect();
  const walker = document.createTreeWalker(document.querySelector('.views'), NodeFilter.SHOW_TEXT);
  const seen = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.height && r.top >= bar.bottom - 1 && r.bottom <= innerHeight + 1) seen.push(node.textContent.trim());
  }
  const p = document.querySelector(`.views ${part}`);
  const box = p ? p.getBoundingClientRect() : null;
  return { seen: seen.join('|'), bar: [bar.top, bar.bottom], part: box && [box.top, box.bottom], height: innerHeight,
           boards: document.querySelectorAll('.views .board').length };
}"""


@pytest.mark.parametrize("game", list(GAMES))
def test_on_a_phone_each_step_changes_what_is_seen_under_the_pinned_step_bar(finished, browser, game):
    srv, tables = finished
    part = GAMES[game][3]
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(f"{srv.url}/replay/{tables[game]}")
        page.wait_for_selector(".views .board")
        # one board, the first seat's, named by its player
        assert page.locator("[data-testid=views-heading]").inner_text() == "Sam's view"
        page.locator("[data-testid=replay-stepbar] button", has_text="Start").tap()
        page.wait_for_function("document.querySelector('[data-testid=step]').textContent.startsWith('The deal')")
        before = page.evaluate(SEEN, part)
        changed = 0
        for n in range(1, 6):
            page.get_by_role("button", name="Forward").tap()
            page.wait_for_function(
                f"/^(Move {n + 1} of|After move {n} of)/"
                ".test(document.querySelector('[data-testid=step]').textContent)"
            )
            page.wait_for_function("document.querySelectorAll('.views .board').length === 1")
            at = page.evaluate(SEEN, part)
            assert at["boards"] == 1, at
            assert at["bar"][0] >= -1 and at["bar"][1] <= at["height"] / 3, at  # the steps in sight, at the top
            # the step's decisive part starts in the first screen, right under the bar
            assert at["part"] and at["part"][0] >= at["bar"][1] - 1 and at["part"][0] < at["height"] - 120, at
            changed += at["seen"] != before["seen"]
            before = at
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"replay-phone-step-{game}.png"))
        # a step changes what the window shows (a move of another player's may change only what is hidden from Sam)
        assert changed >= 3, (game, changed)
        # what comes under the board (the other views, the analysis) is one tap away, beside the board's heading
        # (reviews 22b and 23d found them only after scrolling past the whole board)
        page.evaluate("window.scrollTo(0, 0)")
        link = page.locator("[data-testid=replay-extras-link]")
        box = link.bounding_box()
        assert box and box["y"] + box["height"] <= PHONE["height"], box
        link.tap()
        page.wait_for_function("""() => { const r = document.querySelector('#replay-extras').getBoundingClientRect();
          const bar = document.querySelector('[data-testid=replay-stepbar]').getBoundingClientRect();
          return r.top >= bar.bottom - 1 && r.top < innerHeight - 60; }""")
        assert page.locator("[data-testid=replay-extras] select").first.is_visible()
    finally:
        context.close()


def test_a_squadron_replay_keeps_a_log_of_the_moves_to_the_step_shown_with_the_steps_move_marked(finished, browser):
    """Review 25b: a Squadron Scramble replay told only the step's one move, under the step bar; its board now keeps
    the table's log of every move so far beside the pile (as Football Whist's replay does), the step's move marked."""
    srv, tables = finished
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(f"{srv.url}/replay/{tables['squadron-scramble']}#step=12")
        page.wait_for_selector(".views .ss-board")
        log = page.locator(".views [data-testid=play-log]")
        for step in (12, 13):
            page.wait_for_function(
                f"document.querySelector('[data-testid=step]').textContent.startsWith('Move {step + 1} of')")
            marked = log.locator("li[aria-current=step]")
            page.wait_for_function(
                f"document.querySelector('.views [aria-current=step]')?.dataset.move === '{step - 1}'")
            # the marked line is the move the step bar says was just made, the last of the log's moves, in sight
            bar = page.locator("[data-testid=step]").inner_text()
            # (a name said is ticked in the log, "...: right" in the bar)
            said = marked.inner_text().removesuffix(" ✓")
            assert marked.count() == 1 and said in bar, (marked.all_inner_texts(), bar)
            moves = log.locator("li[data-move]")
            assert moves.count() == step and moves.nth(step - 1).get_attribute("aria-current") == "step"
            assert page.evaluate("""() => { const m = document.querySelector('.views [aria-current=step]');
              const l = m.closest('ol').getBoundingClientRect(), r = m.getBoundingClientRect();
              return r.top >= l.top - 1 && r.bottom <= l.bottom + 1 && r.bottom <= innerHeight; }""")
            page.get_by_role("button", name="Forward").click()
    finally:
        context.close()
