"""engine.cardlists: each search gives what the library's own gives, in whichever form of the rules runs.

(tests/engine/test_compiled.py runs this file against the compiled build too, where the plain loops run.)
"""

import bisect

import pytest
from hypothesis import given, strategies as st

from parlour.engine.cardlists import first_at_least, holds, insert_sorted, offered, remove_card, without

cards = st.lists(st.integers(0, 60), max_size=14)
sorted_cards = cards.map(sorted)


@given(cards, st.integers(0, 60))
def test_holds_and_remove_card_are_in_and_lists_remove(held, card):
    assert holds(held, card) == (card in held)
    ours, theirs = list(held), list(held)
    if card in held:
        remove_card(ours, card)
        theirs.remove(card)
        assert ours == theirs
    else:
        with pytest.raises(ValueError):
            remove_card(ours, card)
        assert ours == held


@given(sorted_cards, st.integers(-1, 61), st.integers(0, 15))
def test_first_at_least_is_bisect_left(held, card, start):
    start = min(start, len(held))
    assert first_at_least(held, card, start) == bisect.bisect_left(held, card, start)


@given(sorted_cards, st.integers(0, 60), st.integers(0, 15))
def test_insert_sorted_is_insort(held, card, start):
    start = min(start, len(held))
    ours, theirs = list(held), list(held)
    insert_sorted(ours, card, start)
    bisect.insort(theirs, card, start)
    assert ours == theirs


@given(cards, st.lists(st.integers(0, 60), max_size=4).map(tuple))
def test_without_keeps_the_cards_not_named_in_order(held, gone):
    assert without(held, gone) == [c for c in held if c not in gone]


def test_offered_finds_the_very_string_or_an_equal_one_and_nothing_else():
    options = ("play 1", "play 2", "discard KEF")
    assert offered(options, options[2])
    assert offered(options, "".join(["discard", " KEF"]))       # equal, not the same object
    assert not offered(options, "play 3") and not offered(options, 2) and not offered((), "play 1")
