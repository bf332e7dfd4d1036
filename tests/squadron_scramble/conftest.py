"""Exact Squadron Scramble positions from hand-built packs."""

from __future__ import annotations

from collections import Counter

from parlour.games.squadron_scramble import GAME
from parlour.games.squadron_scramble.cards import CARD_TEXT


def pack_for(hands: list[list[str]], pile: str, stock: list[str], dealer: int) -> list[str]:
    """A pack that deals ``hands`` (dealing from the dealer's left), turns up ``pile``,
    and leaves ``stock`` on top of the stock, top card first."""
    n = len(hands)
    pack = [hands[(dealer + 1 + i) % n][i // n] for i in range(7 * n)]
    pack.append(pile)
    pack += stock
    rest = Counter(CARD_TEXT) - Counter(pack)
    assert not Counter(pack) - Counter(CARD_TEXT), "a card is used twice"
    return pack + sorted(rest.elements())


def make(hands, pile="SM79/T", stock=(), dealer=None, seed=1, **variant):
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer     # so seat 0 plays first
    deal = {"first_dealer": dealer, "rounds": [pack_for(hands, pile, list(stock), dealer)]}
    return GAME.new_state(seats=n, variant=variant, seed=seed, deal=deal)


def run(state, *actions):
    for action in actions:
        (seat,) = state.to_move
        state.apply(seat, action)
