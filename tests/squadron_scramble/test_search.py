"""Squadron Scramble's search values the cards a hand is building with, not only what they would cost now."""

from __future__ import annotations

from parlour.bots import decide, make_bot
from parlour.games.squadron_scramble import GAME
from parlour.games.squadron_scramble.cards import NATURAL_OF_TEXT, VIC_ID
from parlour.games.squadron_scramble.search import evaluate

from .conftest import make, run

#: seat 0 holds a pair of B-17s, VICTORY and a lone Wellington (and odd fighters); seat 1 odd cards
HANDS = [["B17/T", "B17/S", "VIC", "WEL/T", "P38/T", "P40/S", "F2A/F"],
         ["A17/T", "BLE/S", "P39/F", "P40/T", "F2A/T", "P38/S", "BLE/F"]]


def _position():
    state = make(HANDS, pile="P39/T", stock=["A17/S"])
    run(state, "draw stock")                       # seat 0 has eight cards and must throw one
    return state


def _without(state, text):
    after = state.clone()
    card = VIC_ID if text == "VIC" else NATURAL_OF_TEXT[text]
    after.hands[0] = [c for c in after.hands[0] if c != card]
    return evaluate(after)[0]


def test_a_pair_and_a_wild_card_are_worth_keeping_though_they_would_cost_most_now():
    state = _position()
    lone = _without(state, "WEL/T")                # a lone bomber: 10 points now, and no set in sight
    assert lone > _without(state, "B17/T")         # breaking the pair of B-17s
    assert lone > _without(state, "VIC")           # throwing VICTORY, though it costs 15 now


def test_the_expert_throws_its_lone_bomber_and_keeps_its_pair():
    # Without VICTORY (which would lay the pair at once): a B-17 and the Wellington cost the same now.
    hands = [["B17/T", "B17/S", "P39/S", "WEL/T", "P38/T", "P40/S", "F2A/F"], HANDS[1]]
    state = make(hands, pile="P39/T", stock=["P40/F"])
    run(state, "draw stock")
    for seed in range(3):
        assert decide(make_bot(GAME, "expert", 0, seed=seed, iterations=300), state, 0) == "discard WEL/T"
