"""The index of each hand's natural cards, kept up to date as cards come and go, against a plain search.

``hand_index`` (the bits of the hand's natural cards, three to a plane) is kept by the rules as cards are
received and given up; the legal plays read the planes that can make a set off it (``set_planes``), the swaps
open, and a quick count that rules a fourth card out (``beyond_reach``).  Each is held here to the plain
answer worked out from the hand itself, on random positions of random games.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from parlour.games.squadron_scramble import GAME, rules
from parlour.games.squadron_scramble.cards import NUM_CARDS, NUM_PLANES

VARIANTS = ({}, {"swap_then_lay": False}, {"auto_name": True, "shoot_down": "all"}, {"stock_out": "end-round"})


def plain_bits(hand: list[int]) -> int:
    return sum(1 << card for card in set(hand) if card < rules.NATURALS)


def plain_planes(hand: list[int], wilds: int) -> int:
    """The planes a set can be made of, from the hand itself: as many views held as a set needs beside
    ``wilds`` wild cards, each plane as the bit of its first view."""
    planes = 0
    for plane in range(NUM_PLANES):
        views = sum(1 for card in set(hand) if card < rules.NATURALS and card // 3 == plane)
        if views and views + min(wilds, 2) >= 3:
            planes |= 1 << 3 * plane
    return planes


def fresh(state, seat: int) -> tuple[str, ...]:
    """The legal plays of a copy whose index is made afresh from its hands."""
    copy = state.clone()
    copy._index_all()
    return copy._legal_play(seat)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(range(len(VARIANTS))), st.sampled_from((2, 3, 4)))
def test_the_index_agrees_with_the_hands_at_every_position(seed, variant, seats):
    state = GAME.new_state(seats=seats, seed=seed, variant={**VARIANTS[variant], "max_rounds": 2})
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(seats):
            if state._bits_of[seat] is state.hands[seat]:
                assert state._bits[seat] == plain_bits(state.hands[seat])
            assert state.hand_index(seat) == plain_bits(state.hands[seat])
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        if state.phase == rules.PLAY:
            assert legal == fresh(state, seat)
        state.apply(seat, rng.choice(legal))


def test_a_hand_put_in_place_from_outside_is_indexed_afresh():
    state = GAME.new_state(seats=2, seed=5)
    state.apply(state.turn, "draw stock")
    seat = state.turn
    state.hands[seat] = [0, 1, 2, 5]             # a set of the first plane, laid or not: a new list
    assert state.hand_index(seat) == 0b100111
    assert "lay " + " ".join(rules.CARD_TEXT[c] for c in (0, 1, 2)) in state._legal_play(seat)
    copy = state.clone()
    assert copy.hand_index(seat) == 0b100111 and copy._bits_of[seat] is copy.hands[seat]


hands = st.lists(st.integers(0, NUM_CARDS - 1), max_size=20, unique=True).map(sorted)


@given(hands, st.integers(0, 4))
def test_set_planes_agrees_with_a_plain_search(hand, wilds):
    assert rules.set_planes(rules.hand_bits(hand), wilds) == plain_planes(hand, wilds)
    assert rules.hand_bits(hand) == plain_bits(hand)


@given(st.lists(st.integers(0, rules.NATURALS - 1), max_size=14, unique=True), st.integers(0, 4),
       st.integers(0, 2), st.integers(0, 3), st.booleans())
def test_beyond_reach_never_rules_out_a_hand_that_can_go_out(naturals, wilds, dead, threes, swap_usable):
    """With no card a swap could take, ``beyond_reach`` is only ever true where ``can_go_out`` is false."""
    held: dict[int, int] = {}
    for card in naturals:
        held[card // 3] = held.get(card // 3, 0) + 1
    planes = tuple((count, 0) for count in held.values())
    if rules.beyond_reach(rules.hand_bits(naturals), wilds + dead):
        assert not rules.can_go_out(planes, wilds, dead, threes, swap_usable)
