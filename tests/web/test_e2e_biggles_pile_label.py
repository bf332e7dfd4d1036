"""Biggles: the pile's top card is named for a screen reader by what it is and the key that tries it, never as a
move the server would refuse ("Play black 2 to your build (p)" when the build wanted a 1, "Stop the opponent with
red 2 (s)" when the opponent had built nothing).  It says the card fits, or can stop the opponent, only in
practice (where the glow and the cue say so too), and then only where the view's legal moves hold that move."""

from __future__ import annotations

import pytest

from test_e2e_biggles_spotting import CARD_MOVE, go, seen, sit, turn_until

#: the view shown and the pile's top card's name, read at one instant
SHOWN = """(me) => [Number(document.querySelector('.board').dataset.moves),
  document.querySelector(`[data-testid=pile-${me}] [data-card][data-action]`)?.getAttribute('aria-label') || null,
  document.querySelector(`[data-testid=pile-${me}] [data-card][data-action]`)?.dataset.card || null]"""


def _face(card: str) -> str:
    return "the Biggles card" if card == "BIG" else f"{'red' if card[0] == 'R' else 'black'} {card[1:]}"


@pytest.mark.parametrize("practice", [False, True])
def test_the_piles_name_says_the_card_and_tells_a_fit_only_in_practice_and_only_when_legal(server, browser, practice):
    ctx, page, views = sit(browser, server, viewport={"width": 1366, "height": 900})
    try:
        if practice:
            page.locator("[data-testid=practice]").check()
            page.reload()
            page.wait_for_selector(".bg-board")
        go(page)
        me = views[max(views)]["seat"]
        on_pile = page.locator(f"[data-testid=pile-{me}] [data-card]")
        heard = {True: 0, False: 0}
        for wanted in (
            lambda legal: legal and not any(a.startswith(CARD_MOVE) for a in legal) and on_pile.count(),
            lambda legal: any(a.startswith(CARD_MOVE) for a in legal),
        ):
            turn_until(page, views, wanted, lambda: page.keyboard.press("t"))
            moves, label, card = page.evaluate(SHOWN, me)
            if label is None:
                continue
            legal = views[moves]["legal"]
            fits = any(a.startswith(CARD_MOVE) for a in legal)
            assert label.startswith(f"Your pile's top card, {_face(card)}: "), label
            # (never the move itself named as if it would be taken)
            assert not label.startswith(("Play ", "Stop the opponent")), label
            told = "fits your build" in label or "can stop" in label
            assert told == (practice and fits), (practice, legal, label)
            heard[fits] += 1
        assert heard[False], heard
        seen(page, f"biggles-pile-label-{'practice' if practice else 'race'}")
    finally:
        ctx.close()
