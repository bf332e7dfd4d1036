"""Property-based checks (Hypothesis) of the trick rule and of whole matches."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.games.football_whist import GAME, rules

cards4 = st.lists(st.integers(0, 43), min_size=4, max_size=4, unique=True)
masters = st.one_of(st.none(), st.integers(0, 3))


@given(cards4, masters)
def test_trick_winner_matches_the_rule_as_written(cards, master):
    led = cards[0] // 11
    winner = cards[rules.trick_winner(cards, led, master)]
    trumps = [c for c in cards if c // 11 == master]
    if trumps:
        assert winner == max(trumps, key=lambda c: c % 11)
    else:
        assert winner == max((c for c in cards if c // 11 == led), key=lambda c: c % 11)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 1000), min_size=150, max_size=150))
def test_any_sequence_of_legal_choices_keeps_the_books_straight(seed, picks):
    state = GAME.new_state(seed=seed)
    for pick in picks:
        if state.is_over:
            break
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick % len(legal)])
        assert sum(state.goals) == len(state.goal_log)
        assert sum(len(h) for h in state.hands) + len(state.trick) + 4 * len(state.tricks[state.half - 1]) == 44
        assert state.ball not in rules.GOALS
        assert state.phase != "move" or state.moves_left in (1, 2)
    assert state.is_over
