"""The going-out check behind the fourth card, against a search of every way the turn could go on.

A fourth card is allowed only where the player can still get rid of his cards
this turn (ruling 7).  ``_out_possible`` answers that by counting; here it is
compared, on random positions, with a plain search that tries every lay, add,
swap and shot the rules allow, in every order.
"""

from __future__ import annotations

import random

import pytest

from parlour.games.squadron_scramble import rules
from parlour.games.squadron_scramble.cards import KEF_IDS, VIC_ID
from tests.squadron_scramble.conftest import make, run

FILLER = ["B17/T", "B17/S", "WEL/T", "WEL/S", "DB3/T", "DB3/S", "A17/T"]
FILLER2 = ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]


def searched(state, seat, seen=None) -> bool:
    """Whether some sequence of plays empties the hand but for one card (to discard)."""
    seen = {} if seen is None else seen
    if state.phase == rules.SHOOT:
        moves = state._legal_shoot(seat, bound=False)
    else:
        if len(state.hands[seat]) <= 1:
            return True
        moves = [a for a in state._legal_play(seat, bound=False) if not a.startswith("discard")]
    key = (state.phase, tuple(state.hands[seat]), tuple(sorted(state.fresh)),
           tuple((x["id"], tuple(x["slots"]), x["extra"]) for x in state.table))
    if key in seen:
        return seen[key]
    seen[key] = False
    for move in moves:
        after = state.clone()
        after._legal = None
        after._apply(seat, move)
        if after.round_no != state.round_no or (after.phase != rules.SHOOT and not after.hands[seat]):
            seen[key] = True                   # out by laying or adding his last card
            return True
        if searched(after, seat, seen):
            seen[key] = True
            return True
    return False


def random_position(rng: random.Random, swap_then_lay: bool):
    """Seat 0 after drawing, with a random hand and random sets (some his own) on the table."""
    planes = rng.sample(range(len(rules.PLANES)), 7)
    hand: list[int] = []
    for plane in planes[:rng.randint(1, 4)]:
        hand += rng.sample([3 * plane + v for v in range(3)], rng.randint(1, 3))
    wilds = list(KEF_IDS) + [VIC_ID]
    rng.shuffle(wilds)
    held_wilds = wilds[:rng.randint(0, 3)]
    spare = wilds[len(held_wilds):]
    table = []
    for plane in rng.sample(planes, rng.randint(0, 4)):
        free = [3 * plane + v for v in range(3) if 3 * plane + v not in hand]
        if not free:
            continue
        naturals = rng.sample(free, rng.randint(1, len(free)))
        fill = [spare.pop() for _ in range(3 - len(naturals)) if spare]
        if len(naturals) + len(fill) < 3:
            continue
        extra = spare.pop() if spare and rng.random() < 0.2 else -1
        table.append(rules.new_set(len(table) + 1, rng.choice((0, 0, 1)), plane, naturals, fill, extra))
    state = make([FILLER, FILLER2], swap_then_lay=swap_then_lay, auto_name=True)
    run(state, "draw stock")
    state.hands[0] = sorted(hand + held_wilds)
    state.table = table
    state.next_set_id = len(table) + 1
    if not swap_then_lay and held_wilds and rng.random() < 0.5:
        state.fresh = [held_wilds[0]]          # a wild won by a swap earlier this turn
    state._legal = None
    return state


@pytest.mark.parametrize("swap_then_lay", [True, False])
def test_the_count_agrees_with_a_search_of_every_line_of_play(swap_then_lay):
    rng = random.Random(13 + swap_then_lay)
    answers = []
    for _ in range(300):
        state = random_position(rng, swap_then_lay)
        counted = state._out_possible(0)
        assert counted == searched(state, 0), (state.observation(0)["hand"], state.observation(0)["table"])
        answers.append(counted)
    assert 30 < sum(answers) < 270           # both answers are well represented


def test_a_hand_already_empty_or_down_to_one_card_can_go_out():
    assert rules.can_go_out((), 0, 0, 0, True)
    assert rules.can_go_out(((1, 0),), 0, 0, 0, True)          # one natural card: discard it
    assert rules.can_go_out((), 1, 0, 0, True)                 # one wild card: discard it
    assert not rules.can_go_out(((1, 0), (1, 0)), 0, 0, 0, True)
    assert not rules.can_go_out(((1, 1), (1, 0)), 0, 0, 0, True)
    # One natural card swapped for a wild: with one more wild, the other natural card makes a set with them ...
    assert rules.can_go_out(((1, 1), (1, 0)), 1, 0, 0, True)
    # ... unless a wild won by swapping may not be used this turn (swap_then_lay=false).
    assert not rules.can_go_out(((1, 1), (1, 0)), 1, 0, 0, False)
    assert rules.can_go_out((), 2, 0, 1, True) and not rules.can_go_out((), 2, 0, 0, True)
