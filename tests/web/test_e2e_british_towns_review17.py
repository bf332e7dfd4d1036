"""Review 16a, round 5, of British Towns: the sets game's end with nothing to draw says it in the rule's terms (whose
turn found the stock empty, that he could not draw, and who took the last discard)."""

from __future__ import annotations

import random

from parlour.games.british_towns import SETS
from parlour.games.british_towns.pack import CARD_TEXT, card_name

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
