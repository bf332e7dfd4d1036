"""Exact Biggles positions from packs written top card first."""

from __future__ import annotations

from collections import Counter

from parlour.games.biggles import GAME
from parlour.games.biggles.rules import CARD_TEXT


def pack(*top: str) -> list[str]:
    """A full pack whose top cards are ``top`` (in order); the rest follow in a fixed order."""
    rest = Counter(CARD_TEXT) - Counter(top)
    assert not Counter(top) - Counter(CARD_TEXT), "more copies than a pack has"
    return list(top) + sorted(rest.elements())


def make(blue=(), red=(), **variant):
    deal = {"matches": [{"blue": pack(*blue), "red": pack(*red)}, {"blue": pack(), "red": pack()}]}
    return GAME.new_state(seats=2, variant=variant, seed=1, deal=deal)


def run(state, *moves):
    """Moves as (seat, action) pairs."""
    for seat, action in moves:
        state.apply(seat, action)


def poke(state, seat, *, build=None, pile_top=None):
    """Set up a position directly (a unit-level shortcut): a build of card ints, or a card on the pile."""
    player = state.players[seat]
    if build is not None:
        player.build = list(build)
        player.cancelled = [False] * len(build)
        player._relevel()
    if pile_top is not None:
        player.pile.append(pile_top)
    state._legal = {}


class Clock:
    """A clock a test moves by hand (``clock.now = 10.0``), for the live session and the referee."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now
