"""Review 22a of the British Towns regional-sets game: on a phone a forced add is said once, in the dock, and a
refusal takes the dock's line rather than stacking a second and third copy of the instruction above the hand."""

from __future__ import annotations

import httpx
import pytest

from conftest import ARTIFACTS, MOVES, PHONE, WIDE, shot, take_seat
from parlour.bots import decide, make_bot
from parlour.games.british_towns import SETS

SEED = 1

#: the texts on screen that tell the player to add the top discard, and where the hand and the dock's prompt stand
SAID = """() => {
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(e).visibility !== 'hidden'; };
  const leaves = [...document.querySelectorAll('.board *, .dock *')]
    .filter((e) => shown(e)
      && [...e.childNodes].some((n) => n.nodeType === 3 && /completes your set/.test(n.textContent)));
  const status = document.querySelector('.dock .status');
  const hand = document.querySelector('.dock .hand-slot');
  const dock = document.querySelector('.dock');
  return { said: leaves.map((e) => e.textContent), status: status && shown(status) ? status.textContent : null,
           handBottom: hand.getBoundingClientRect().bottom,
           dockTop: dock.getBoundingClientRect().top, height: innerHeight };
}"""


def _ann_until_a_forced_add() -> list[str]:
    """Ann's moves (the club player's, offline) until the bot, as the server seats it, throws her a forced add."""
    state = SETS.new_state(seats=2, seed=SEED)
    ann, bot = make_bot(SETS, "heuristic", 0, 999), make_bot(SETS, "heuristic", 1, SEED + 1)  # (the server's seed)
    moves: list[str] = []
    while not state.is_over:
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        if seat == 0 and legal[0].startswith("add "):
            return moves + [legal[0]]
        action = decide(ann if seat == 0 else bot, state, seat)
        moves += [action] if seat == 0 else []
        state.apply(seat, action)
    raise AssertionError("no forced add in this deal")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_forced_add_is_said_once_on_a_phone_and_a_refusal_takes_the_prompts_place(browser, server, size):
    phone = size == "phone"
    plan = _ann_until_a_forced_add()
    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": SEED,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    shape = {"viewport": PHONE, "has_touch": True, "is_mobile": True} if phone else {"viewport": WIDE}
    context = browser.new_context(**shape)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    page = context.new_page()
    try:
        take_seat(page, server.url, made)
        for action in plan[:-1]:
            page.wait_for_selector(f'{MOVES}[data-action="{action}"]', state="attached", timeout=30000)
            before = page.get_attribute(".board", "data-moves")
            page.evaluate('(a) => document.querySelector(`.moves button[data-action="${a}"]`).click()', action)
            page.wait_for_function(f"document.querySelector('.board')?.dataset.moves !== '{before}'", timeout=30000)
        page.wait_for_selector(f'{MOVES}[data-action="{plan[-1]}"]', state="attached", timeout=30000)
        said = page.evaluate(SAID)
        shot(page, f"british-towns-review22-{size}-forced-add")
        # on a phone one instruction, the dock's (a laptop has room for the words beside the pile too), and the
        # whole hand with its line of regions on screen under it
        assert len(said["said"]) == (1 if phone else 2), said
        assert said["status"] and "completes your set" in said["status"], said
        assert said["handBottom"] <= said["height"], said
        page.screenshot(path=str(ARTIFACTS / f"british-towns-review22-{size}-forced-add-screen.png"))  # (the screen)
        dock = said["dockTop"]
        # a tap on the stock is refused in words that take the prompt's place on a phone, not stacked above it
        stock = page.locator("[data-refused='draw stock']")
        if phone:
            stock.tap(force=True)  # (aria-disabled: a tap asks why not)
        else:
            stock.click(force=True)
        page.wait_for_selector("[data-testid=refusal]", timeout=10000)
        said = page.evaluate(SAID)
        shot(page, f"british-towns-review22-{size}-refused")
        # (on a phone in the prompt's place; on a laptop above the prompt, which stays: review 25a)
        assert said["status"] is None if phone else "completes your set" in said["status"], said
        assert len(said["said"]) == (1 if phone else 3), said
        assert "completes your set" in page.inner_text("[data-testid=refusal]")
        # (the dock no taller for it: the refusal took the prompt's room)
        assert said["handBottom"] <= said["height"] and said["dockTop"] >= dock - 40, (said, dock)
        page.screenshot(path=str(ARTIFACTS / f"british-towns-review22-{size}-refused-screen.png"))  # (the screen)
    finally:
        context.close()
