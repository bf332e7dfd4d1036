"""British Towns, round 13 of the fresh reviews: a dead card in a phone's replay keeps its name readable (review 23a,
23d: the note "dead: Arthur laid ..." lay over the card, as it does in a phone's dock, where the dock keeps its
height; a replay has no dock, so the note stands under the cards)."""

from __future__ import annotations

import httpx
import pytest

from conftest import play_out, take_seat
from parlour.bots import make_bot
from parlour.games import get_game
from test_e2e_british_towns_review13 import _shot

#: each dead card in the replay's board, and whether a note lies over it
COVERED = """async () => {
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const out = { dead: 0, covered: [] };
  for (const group of document.querySelectorAll('.replay-board .bt-group.dead')) {
    out.dead += 1;
    const notes = [...group.querySelectorAll('.bt-dead')].filter((n) => n.getClientRects().length)
      .map((n) => n.getBoundingClientRect());
    for (const card of group.querySelectorAll('svg.card')) {
      const c = card.getBoundingClientRect();
      if (notes.some((n) => n.left < c.right && n.right > c.left && n.top < c.bottom && n.bottom > c.top))
        out.covered.push(card.getAttribute('aria-label') || 'a card');
    }
  }
  return out; }"""


def _dead_step(url: str, table: str, moves: int) -> int | None:
    """The latest step at which Ann's hand holds a card of a region Arthur has laid, as the server's replay has it."""
    for step in range(moves, 0, -1):
        obs = httpx.get(f"{url}/api/tables/{table}/replay?step={step}&seat=0").json()["views"][0]["observation"]
        laid = {int(r) for r in obs["sets"][1]}
        if any(c.startswith("R") and int(c[1:]) in laid for c in obs["hand"]) or any(
            c in TOWN_REGION and TOWN_REGION[c] in laid for c in obs["hand"]
        ):
            return step
    return None


TOWN_REGION: dict[str, int] = {}


@pytest.mark.bots_quick
def test_a_dead_card_in_a_phones_replay_keeps_its_name_in_view(server, browser):
    from parlour.games.british_towns.pack import CARD_OF_TEXT, REGION_OF

    TOWN_REGION.update({text: REGION_OF[card] for text, card in CARD_OF_TEXT.items()})
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Arthur"}]
    found = False
    for seed in (7, 3, 11, 5):
        made = httpx.post(server.url + "/api/tables", json={"game": "british-towns-sets", "seed": seed, "seats": seats})
        made = made.json()
        chooser = make_bot(get_game("british-towns-sets"), "heuristic", 0, seed)
        play_out(server.url, made, lambda view, bot=chooser: bot.act(view["observation"], view["legal"]))
        moves = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["moves"]
        step = _dead_step(server.url, made["id"], moves)
        if step is None:
            continue
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = context.new_page()
        try:
            take_seat(page, server.url, made)
            page.goto(f"{server.url}/replay/{made['id']}")
            page.wait_for_selector(".views .board .bt-log li")
            page.evaluate(
                "(v) => { const s = document.querySelector('.replay-controls input'); s.value = String(v);"
                " s.dispatchEvent(new Event('input')); }",
                step,
            )
            page.wait_for_function(
                f"/^(Move {step + 1} of|After move {step} of)/"
                ".test(document.querySelector('[data-testid=step]').textContent)"
            )
            got = page.evaluate(COVERED)
            assert got["dead"] >= 1, got
            page.locator(".replay-board .bt-group.dead").first.scroll_into_view_if_needed()
            _shot(page, "british-towns-sets-round13-replay-dead-phone")
            assert not got["covered"], got
            # the note is said in full under the cards
            note = page.locator(".replay-board .bt-group.dead .bt-dead").first
            assert note.inner_text().startswith("dead: Arthur laid "), note.inner_text()
            found = True
        finally:
            context.close()
        break
    assert found, "no seeded game left a dead card in Ann's hand"


def test_in_the_asking_game_a_number_key_asks_nothing_unseen_while_the_list_is_folded(server, page):
    """(review 23a: "5" pressed for region 5 sent the folded list's fifth ask) the digit keys pick from the list of
    every move only while it is open, and say so; folded, a number is answered in words and changes nothing."""
    from conftest import MOVES

    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "remembering"},
             {"kind": "bot", "bot": "remembering"}]
    made = httpx.post(server.url + "/api/tables", json={"game": "british-towns-asking", "seed": 3, "seats": seats})
    made = made.json()
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(server.url + "/")
    page.evaluate("() => localStorage.setItem('parlour:pace', 'slow')")
    take_seat(page, server.url, made)
    page.wait_for_selector(MOVES, state="attached", timeout=60000)
    assert page.locator("details.all-moves").get_attribute("open") is None
    assert page.inner_text("details.all-moves summary").endswith("keys 1–9 when open")
    before = page.get_attribute(".board", "data-moves")
    page.keyboard.press("5")
    refusal = page.locator("[data-testid=refusal]")
    refusal.wait_for()
    assert refusal.inner_text().startswith('The keys 1–9 pick from "Every move as a list": open it first'), \
        refusal.inner_text()
    assert page.get_attribute(".board", "data-moves") == before          # nothing was asked
    # opened, the list's numbers are the keys' numbers
    page.click("details.all-moves summary")
    first = page.locator(MOVES).first.get_attribute("data-action")
    page.keyboard.press("1")
    page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'", timeout=60000)
    from conftest import seat_view

    history = seat_view(page, server)["observation"]["history"]
    assert history[int(before)] == [0, first], history
