"""Exact British Towns positions from hand-built deals."""

from __future__ import annotations

from parlour.games.british_towns import ASKING, SETS
from parlour.games.british_towns.pack import CARD_TEXT, CARDS_OF, CARD_OF_TEXT


def region(r: int) -> list[str]:
    """Every card of a region: its towns and its REGION card."""
    return sorted((CARD_TEXT[c] for c in CARDS_OF[r]), key=CARD_OF_TEXT.__getitem__)


def asking_game(hands: list[list[str]], dealer: int = 0, **variant):
    """A position where the players hold exactly ``hands``; other cards are out of play.

    (A real deal shares out all 43 cards; rule tests want smaller, clearer hands,
    so they start from a seeded deal and then set the hands.)
    """
    state = ASKING.new_state(seats=len(hands), variant=variant, seed=1)
    state.hands = [sorted(CARD_OF_TEXT[c] for c in h) for h in hands]
    state.laid = [[] for _ in hands]
    state.events = []
    state.dealer = state.turn = dealer
    state._legal = None
    return state


def sets_pack(hands: list[list[str]], face_up: str, stock: list[str], dealer: int) -> list[str]:
    n = len(hands)
    pack = [hands[(dealer + 1 + i) % n][i // n] for i in range(7 * n)]
    pack.append(face_up)
    pack += stock
    assert len(set(pack)) == len(pack), "a card is used twice"
    return pack + [c for c in CARD_TEXT if c not in pack]


def sets_game(hands, face_up="NEWCASTLE", stock=(), dealer=None, seed=1, reshuffles=(), **variant):
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer          # seat 0 begins
    deal = {"dealer": dealer, "pack": sets_pack(hands, face_up, list(stock), dealer), "reshuffles": list(reshuffles)}
    return SETS.new_state(seats=n, variant=variant, seed=seed, deal=deal)


def run(state, *actions):
    for action in actions:
        (seat,) = state.to_move
        state.apply(seat, action)
