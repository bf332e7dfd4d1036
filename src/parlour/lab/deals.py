"""Duplicate deals for one bot in every seat: the same cards, the hands passed round the table.

Seat advantage is what is left of a seat's share of wins once the players are
equal (the same bot in every seat) and the cards are equal too.  The players
are made equal by seating one bot everywhere; the cards by **rotating the
hands**: each deal is played once for every shift ``k`` of ``0 .. P - 1``,
and in game ``k`` the seat ``s`` places after the dealer is dealt the hand that
the seat ``s + k`` places after him was dealt in the deal as drawn.  The
dealer and every later shuffle stay as drawn, so over a deal's P games every
position at the table holds every hand once, and what a position wins more
than its fair 1/P is the position's, not the cards'.  That is duplicate
bridge's idea, with the hands moved round instead of the players.

Where the players draw from a stock (Squadron Scramble, the sets game), the
stock is cut into groups of P cards in the order they will be drawn and each
group is rotated the same way (``STOCK_TOO``), so that, as long as the players
draw one card a turn in turn, a position also draws what the other positions
drew.  A card taken from the discards puts the draws out of step, so this
only helps: measured over 150 deals it took the 2-player games' duplicate gain
from 1.07 to 1.21 (sets game) and 1.29 to 1.35 (Squadron Scramble).  These
games' results hang on the order of the cards far more than on who holds what:
a card drawn one turn later changes the whole game.

A game whose deal this module cannot rotate (Biggles, played on its own
clock from a seed) is played once a deal, unrotated: plain counting, and the
report says so (``rotates``).

The rotation reads the game's own deal (``state.deal``, the JSON form kept in
records) and writes a new one for ``new_state(deal=...)``; one function a
game, since each game lays out its deal in its own way.
"""

from __future__ import annotations

from typing import Any, Callable

from parlour.engine.descriptor import GameDescriptor

#: rounds of Squadron Scramble dealt ahead and rotated (a game to 250 takes about a dozen; later ones, if any,
#: are shuffled from the seed as usual, unrotated)
SQUADRON_ROUNDS = 40
#: rotate the stock in groups of P as well as the hands (see the module)
STOCK_TOO = True


def _rotate_list(items: list[Any], shift: int) -> list[Any]:
    """``items[(i + shift) % n]`` at place ``i``: seat ``i`` gets what seat ``i + shift`` had."""
    n = len(items)
    return [items[(i + shift) % n] for i in range(n)]


def _rotate_pack(pack: list[Any], seats: int, hand: int, shift: int) -> list[Any]:
    """A pack dealt one card at a time round ``seats`` players, ``hand`` cards each, with the hands moved round.

    Card ``j`` of the first ``seats * hand`` goes to the ``j mod seats``-th player after the dealer; so within
    every group of ``seats`` cards the cards are rotated, and the rest of the pack (the stock) is untouched.
    """
    out = list(pack)
    for start in range(0, seats * hand, seats):
        out[start:start + seats] = _rotate_list(pack[start:start + seats], shift)
    if STOCK_TOO:
        first = seats * hand + 1                     # after the hands and the card turned up
        for start in range(first, len(pack) - seats + 1, seats):
            out[start:start + seats] = _rotate_list(pack[start:start + seats], shift)
    return out


def _football_whist(game: GameDescriptor, seats: int, variant: dict[str, Any], seed: int, shift: int) -> Any:
    deal = game.new_state(seats=seats, variant=variant, seed=seed).deal
    return {**deal, "hands": [_rotate_list(list(half), shift) for half in deal["hands"]]}


def _asking(game: GameDescriptor, seats: int, variant: dict[str, Any], seed: int, shift: int) -> Any:
    deal = game.new_state(seats=seats, variant=variant, seed=seed).deal
    return {**deal, "hands": _rotate_list(list(deal["hands"]), shift)}


def _sets(game: GameDescriptor, seats: int, variant: dict[str, Any], seed: int, shift: int) -> Any:
    from parlour.games.british_towns.sets import HAND

    deal = game.new_state(seats=seats, variant=variant, seed=seed).deal
    return {**deal, "pack": _rotate_pack(list(deal["pack"]), seats, HAND, shift)}


def _squadron(game: GameDescriptor, seats: int, variant: dict[str, Any], seed: int, shift: int) -> Any:
    from parlour.games.squadron_scramble.rules import HAND, _shuffled

    deal = game.new_state(seats=seats, variant=variant, seed=seed).deal
    packs = [_shuffled(seed, r)[0] for r in range(SQUADRON_ROUNDS)]      # the packs the seed would shuffle
    return {**deal, "rounds": [_rotate_pack(pack, seats, HAND, shift) for pack in packs]}


Rotator = Callable[[GameDescriptor, int, dict[str, Any], int, int], Any]

ROTATORS: dict[str, Rotator] = {
    "football-whist": _football_whist,
    "british-towns-asking": _asking,
    "british-towns-sets": _sets,
    "squadron-scramble": _squadron,
}


def rotates(game: GameDescriptor) -> bool:
    """Whether the lab can pass this game's hands round (otherwise each deal is played once)."""
    return game.id in ROTATORS and game.play_game is None


def shifts(game: GameDescriptor, seats: int) -> int:
    """Games a deal: one for every shift of the hands, or one where they cannot be rotated."""
    return seats if rotates(game) else 1


def new_game(game: GameDescriptor, seats: int, variant: dict[str, Any], seed: int, shift: int) -> Any:
    """The deal ``seed`` with its hands moved ``shift`` places round, ready to play (shift 0: the deal as drawn)."""
    if shift == 0:
        return game.new_state(seats=seats, variant=variant, seed=seed)
    deal = ROTATORS[game.id](game, seats, variant, seed, shift)
    return game.new_state(seats=seats, variant=variant, seed=seed, deal=deal)
