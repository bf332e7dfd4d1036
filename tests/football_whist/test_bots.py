"""The heuristic bot plays sensibly, and only from its seat's observation."""

from __future__ import annotations

from parlour.bots import RandomBot, make_bot
from parlour.games.football_whist import GAME
from parlour.games.football_whist.bots import HeuristicBot
from parlour.games.football_whist.cards import CARD_OF_TEXT, CARD_TEXT, NUMBER_OF, TEAM_OF
from parlour.games.football_whist.rules import trick_winner
from parlour.sim import simulate
from tests.football_whist.conftest import make, run


def act(state, seat=None):
    (seat,) = state.to_move if seat is None else (seat,)
    return HeuristicBot(seat, 0).act(state.observation(seat), state.legal_actions(seat))


def test_heuristic_beats_random_clearly():
    report = simulate(GAME, 60, 1, ["heuristic", "random", "heuristic", "random"])
    assert report["results"]["wins"]["A"]["ci95"][0] > 0.8


def test_heuristic_scores_when_a_goal_is_one_move_away():
    state = make(dealer=2)
    run(state, "kick W3", "play E11", "play I1", "play S1", "play W1", "move W1")
    assert act(state) == "move WG"


def test_heuristic_moves_toward_the_opponents_goal_onto_its_long_team():
    first = [
        ["E1", "E2", "E3", "I7", "I8", "I9", "I10", "S1", "S2", "S3", "S4"],
        [f"W{n}" for n in range(1, 12)],
        [*(f"E{n}" for n in range(4, 12)), "I1", "I2", "I3"],
        ["I4", "I5", "I6", "I11", *(f"S{n}" for n in range(5, 12))],
    ]
    state = make(dealer=3, first=first)
    run(state, "kick W3", "play W11", "play I1", "play S5", "play E1")   # seat 0 (A, attacking West) trumps
    assert state.to_move == {0} and state.phase == "move"
    # W2 is a step toward the West goal and carries Ireland, seat 0's longest team.
    assert act(state) == "move W2"


def test_heuristic_keeps_the_ball_on_a_team_it_holds_entirely():
    state = make(dealer=3)    # seat 0 holds all of England, the Master team at W3
    run(state, "kick W3", "play I5", "play S11", "play W11", "play E1")
    assert act(state) == "stay"


def test_heuristic_wins_as_cheaply_as_it_can():
    # Master England: seat 1 leads I5, seat 2 (Scotland only) and seat 3 (Wales only) discard,
    # seat 0 (England only) must trump: it should use its lowest England card.
    state = make(dealer=3)
    run(state, "kick W3", "play I5", "play S11", "play W11")
    assert act(state) == "play E1"


def test_heuristic_lets_partner_win_when_last_to_play():
    """Whenever the bot plays last to a trick its partner is winning, it plays its cheapest card."""
    checked = 0
    state = GAME.new_state(seed=5)
    while not state.is_over:
        (seat,) = state.to_move
        trick = state.observation(seat)["trick"]["cards"]
        if state.phase == "play" and len(trick) == 3:
            cards = [CARD_OF_TEXT[c] for _, c in trick]
            best = trick_winner(cards, TEAM_OF[cards[0]], state.master)
            if trick[best][0] % 2 == seat % 2:
                legal = [CARD_OF_TEXT[a.split()[1]] for a in state.legal_actions(seat)]
                cheapest = min(legal, key=lambda c: (TEAM_OF[c] == state.master, NUMBER_OF[c]))
                assert act(state) == "play " + CARD_TEXT[cheapest]
                checked += 1
        state.apply(seat, act(state))
    assert checked >= 3


def test_bots_are_made_by_name_and_random_is_always_there():
    assert isinstance(make_bot(GAME, "random", 0, 1), RandomBot)
    assert isinstance(make_bot(GAME, "heuristic", 0, 1), HeuristicBot)


def test_bot_choice_depends_only_on_the_observation():
    """Two states that differ only in cards the bot cannot see get the same decision."""
    import random

    state = GAME.new_state(seed=21)
    rng = random.Random(0)
    for _ in range(400):
        if state.is_over:
            break
        (seat,) = state.to_move
        other = state.resample(seat, random.Random(rng.random()))
        assert act(state) == act(other)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
