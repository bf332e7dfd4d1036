"""Exact weighted choices and plain deals, for the resamplers that count deals.

A resampler that draws uniformly from consistent deals counts them: each
option (a split of a team's cards, a number of wild cards in a hand) comes
with the whole number of deals it leads to, and one is drawn in proportion.
Whole numbers and ``randrange`` keep the draw exact, however large the
counts grow, where floating-point weights would not.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Sequence, TypeVar

T = TypeVar("T")


def cumulative(entries: Sequence[tuple[T, int]]) -> tuple[tuple[T, ...], list[int]]:
    """``(option, weight)`` pairs as (options, running totals), ready for ``pick``."""
    choices: list[T] = []
    totals: list[int] = []
    total = 0
    for choice, weight in entries:
        total += weight
        choices.append(choice)
        totals.append(total)
    return tuple(choices), totals


def pick(options: tuple[tuple[T, ...], list[int]], rng: random.Random) -> T:
    """One of ``cumulative``'s options, each in proportion to its weight, exactly."""
    choices, totals = options
    return choices[bisect_right(totals, rng.randrange(totals[-1]))]


def deal_out(cards: Sequence[int], sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """``cards`` shuffled and cut into hands of ``sizes``: the uniform deal when nothing constrains it."""
    pool = list(cards)
    rng.shuffle(pool)
    hands, start = [], 0
    for size in sizes:
        hands.append(pool[start:start + size])
        start += size
    return hands
