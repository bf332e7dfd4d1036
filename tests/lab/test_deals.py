"""The lab's duplicate deals: the hands go round the table, and nothing else about the deal moves."""

import pytest

from parlour.games import get_game
from parlour.lab.deals import ROTATORS, new_game, rotates, shifts


def hands(state):
    return [sorted(map(str, hand)) for hand in state.hands]


@pytest.mark.parametrize("game_id,seats", [("football-whist", 4), ("squadron-scramble", 3),
                                           ("british-towns-asking", 4), ("british-towns-sets", 3)])
def test_each_shift_passes_the_hands_round(game_id, seats):
    game = get_game(game_id)
    variant = game.variant()
    drawn = new_game(game, seats, variant, 11, 0)
    assert shifts(game, seats) == seats and rotates(game)
    # the rotation written out at shift 0 is the deal as drawn
    again = game.new_state(seats=seats, variant=variant, seed=11, deal=ROTATORS[game_id](game, seats, variant, 11, 0))
    assert hands(again) == hands(drawn) and again.to_move == drawn.to_move
    for shift in range(1, seats):
        moved = new_game(game, seats, variant, 11, shift)
        assert moved.to_move == drawn.to_move                       # the same player starts
        assert hands(moved) == [hands(drawn)[(s + shift) % seats] for s in range(seats)]


def test_a_game_on_its_own_clock_is_played_once_a_deal():
    biggles = get_game("biggles")
    assert not rotates(biggles) and shifts(biggles, 2) == 1
