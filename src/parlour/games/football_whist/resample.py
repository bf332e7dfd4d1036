"""Dealing the hands a Football Whist seat cannot see, every consistent deal equally likely.

What a seat knows of the other three hands is their sizes, every card played
(so which cards are still out), and the teams each seat has shown out of this
half: a seat that did not follow the team led holds none of it.  Nothing else
in the match depends on a hand: kick-offs and ball moves are free choices,
and following is the only rule that reads the cards.  So the deals the seat
cannot tell apart are exactly the ways to give the unseen cards to the other
seats with those hand sizes and no card of a team to a seat void in it, and
each was equally likely to be dealt (every shuffle is).

``deal_hidden`` draws one of them uniformly by counting, never by trial and
error.  Cards are grouped by the set of seats allowed to hold them (teams
with the same set merge).  For a choice of how many cards of each group each
seat gets, the deals number the product over groups of the multinomial
``n! / (x_1! x_2! x_3!)``; a dynamic programme over the groups, its state
the room left in each hand, sums these, and the counts are then drawn
backwards in proportion to them.  Within a group every split of its cards is
equally likely, so a shuffle of the group finishes the deal.  With no void
in play there is one group and the whole thing is a shuffle.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import comb

from parlour.engine.errors import ResampleError
from parlour.engine.weights import cumulative, deal_out, pick
from parlour.games.football_whist.cards import PER_TEAM, TEAM_CODES

TEAMS = len(TEAM_CODES)

Seats = tuple[int, ...]                 # the seats allowed to hold a group's cards
Shape = tuple[tuple[Seats, int], ...]   # one (allowed seats, card count) per group, the widest last
Room = tuple[int, ...]                  # cards still to give each seat
Split = tuple[int, ...]                 # how many of a group's cards each allowed seat gets
Step = tuple[Room, Split]               # the room before a group, and that group's split
Options = tuple[tuple[Step, ...], list[int]]   # choices and their cumulative weights


def deal_hidden(
    hidden: list[int], sizes: tuple[int, ...], voids: tuple[int, ...], rng: random.Random
) -> list[list[int]]:
    """Give the ``hidden`` cards (sorted card ints) to seats of ``sizes``, none a team it is void in.

    ``voids[i]`` is seat ``i``'s bitmask of teams shown out.  Returns one
    list per seat; raises ``ResampleError`` when no such deal exists.
    """
    if sum(sizes) != len(hidden):
        raise ResampleError(f"{len(hidden)} unseen cards cannot fill hands of {list(sizes)} cards")
    everyone = tuple(range(len(sizes)))
    shown = 0
    for void in voids:
        shown |= void
    by_allowed: dict[tuple[int, ...], list[int]] = {}
    if shown:
        allowed_of = [tuple(i for i in everyone if not voids[i] >> team & 1) for team in range(TEAMS)]
        for card in hidden:
            by_allowed.setdefault(allowed_of[card // PER_TEAM], []).append(card)
    if list(by_allowed) in ([], [everyone]):     # no void bites: any split will do
        return deal_out(hidden, sizes, rng)
    # The widest group last: the room left after the others fixes its split outright.
    groups = sorted(by_allowed.items(), key=lambda item: (len(item[0]), item[0]))
    shape = tuple((allowed, len(cards)) for allowed, cards in groups)
    splits = _draw_splits(shape, sizes, rng)
    hands: list[list[int]] = [[] for _ in sizes]
    for (allowed, cards), split in zip(groups, splits, strict=True):
        cards = list(cards)
        rng.shuffle(cards)
        start = 0
        for seat, count in zip(allowed, split, strict=True):
            hands[seat].extend(cards[start:start + count])
            start += count
    return hands


def _draw_splits(shape: Shape, sizes: tuple[int, ...], rng: random.Random) -> list[Split]:
    """For each group, how many of its cards each allowed seat gets, drawn in proportion to the deals."""
    finals, back = _plan(shape, sizes)
    caps, split = pick(finals, rng)
    splits = [split]
    for g in range(len(shape) - 2, -1, -1):
        caps, split = pick(back[g][caps], rng)
        splits.append(split)
    splits.reverse()
    return splits


@lru_cache(maxsize=4096)
def _plan(shape: Shape, sizes: tuple[int, ...]) -> tuple[Options, list[dict[Room, Options]]]:
    """The counting tables of one shape of problem (cached: a search redraws the same position often).

    A forward pass over the groups counts, for the room left in each hand
    after group ``g``, the ways the groups so far can have been dealt; it
    keeps for each such state where it came from (``back[g]``: the room
    before group ``g`` and the split, with cumulative weights), and ``finals``
    holds the room before the last group with the number of whole deals.
    Drawing backwards through these is then one bisection per group.
    """
    layer: dict[tuple[int, ...], int] = {sizes: 1}
    back: list[dict[Room, Options]] = []
    for allowed, n in shape[:-1]:
        after: dict[tuple[int, ...], int] = {}
        sources: dict[Room, list[tuple[Step, int]]] = {}
        for caps, ways in layer.items():
            for split in _splits(n, len(allowed)):
                rest = list(caps)
                for seat, count in zip(allowed, split, strict=True):
                    rest[seat] -= count
                if min(rest) < 0:
                    continue
                key = tuple(rest)
                weight = ways * _multinomial(n, split)
                after[key] = after.get(key, 0) + weight
                sources.setdefault(key, []).append(((caps, split), weight))
        back.append({key: cumulative(entries) for key, entries in sources.items()})
        layer = after
    allowed, n = shape[-1]
    finals: list[tuple[Step, int]] = []
    for caps, ways in layer.items():
        if all(caps[i] == 0 for i in range(len(caps)) if i not in allowed):
            split = tuple(caps[i] for i in allowed)
            finals.append(((caps, split), ways * _multinomial(n, split)))
    if not finals:
        voids = ", ".join(f"{len(a)} seat(s) may hold {n} card(s)" for a, n in shape)
        raise ResampleError(f"no deal fits the hand sizes {list(sizes)} and the voids shown ({voids})")
    return cumulative(finals), back


@lru_cache(maxsize=1024)
def _splits(n: int, parts: int) -> tuple[tuple[int, ...], ...]:
    """Every way to write ``n`` as an ordered sum of ``parts`` counts."""
    if parts == 0:
        return ((),) if n == 0 else ()
    if parts == 1:
        return ((n,),)
    return tuple((x, *rest) for x in range(n + 1) for rest in _splits(n - x, parts - 1))


@lru_cache(maxsize=4096)
def _multinomial(n: int, split: tuple[int, ...]) -> int:
    ways, left = 1, n
    for count in split:
        ways *= comb(left, count)
        left -= count
    return ways
