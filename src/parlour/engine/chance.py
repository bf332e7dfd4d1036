"""Shuffling exactly as ``random.Random.shuffle`` does, in code the compiled build can reach.

Dealing is a large share of a short random game: about a quarter of the asking
game's time once its rules are compiled, most of it in the standard library's
shuffle, which is Python code outside the build.  ``shuffle`` here is the same
algorithm (Fisher-Yates from the top, each index drawn by ``getrandbits`` with
rejection, as ``Random._randbelow_with_getrandbits``), so every seed deals the
cards it always dealt.  Should a later Python shuffle differently, the check at
import sees it and ``shuffle`` hands over to ``Random.shuffle`` itself: a seed
then deals what that Python's own shuffle deals, as before this module.
"""

from __future__ import annotations

import random
from typing import Any, Final


def _fisher_yates(rng: random.Random, items: list[Any]) -> None:
    getrandbits = rng.getrandbits
    i = len(items) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
        i -= 1


def _same_as_the_library() -> bool:
    for seed in range(8):
        for size in (0, 1, 2, 3, 7, 52, 109):
            ours, theirs = list(range(size)), list(range(size))
            a, b = random.Random(seed), random.Random(seed)
            _fisher_yates(a, ours)
            b.shuffle(theirs)
            if ours != theirs or a.getstate() != b.getstate():
                return False
    return True


#: whether ``_fisher_yates`` draws as this Python's ``Random.shuffle`` does (checked once, at import)
NATIVE: Final[bool] = _same_as_the_library()


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``: the same order and the same draws from ``rng``."""
    if NATIVE and type(rng) is random.Random:
        _fisher_yates(rng, items)
    else:
        rng.shuffle(items)
