"""British Towns bots: the remembering bot uses the public asks; the sets bot collects sensibly."""

from __future__ import annotations

import random

from parlour.games.british_towns import ASKING, SETS
from parlour.games.british_towns.bots import RememberingBot, SetsBot
from parlour.sim import simulate
from tests.british_towns.conftest import asking_game, run, sets_game


def test_remembering_bot_beats_random_players():
    report = simulate(ASKING, 40, 2, ["remembering", "random", "random", "random"])
    assert report["results"]["wins"]["P1"]["ci95"][0] > 0.7


def test_remembering_bot_uses_a_known_holder():
    state = asking_game([["CREWE", "LONDON"], ["PENRITH", "AYR"], ["MANCHESTER", "DOVER"]], dealer=1)
    run(state, "ask P3 MANCHESTER")                  # P2 takes MANCHESTER from P3, for all to hear
    run(state, "ask P1 LIVERPOOL")                   # P2 asks P1 for LIVERPOOL: no -> P1 asks
    assert state.to_move == {0}
    choice = RememberingBot(0, 1).act(state.observation(0), state.legal_actions(0))
    assert choice == "ask P2 MANCHESTER"            # the one card whose holder the whole table knows


def test_remembering_bot_never_asks_a_player_known_to_lack_the_card_when_others_may_have_it():
    state = asking_game([["CREWE"], ["PENRITH"], ["MANCHESTER"], ["LIVERPOOL", "R7"]], dealer=1)
    run(state, "ask P1 MANCHESTER")                  # P2 asks P1 for MANCHESTER: no -> P1 to ask
    choice = RememberingBot(0, 1).act(state.observation(0), state.legal_actions(0))
    assert choice != "ask P2 MANCHESTER"


def test_sets_bot_beats_random():
    report = simulate(SETS, 30, 2, ["heuristic", "random"])
    assert report["results"]["wins"]["P1"]["ci95"][0] > 0.7


def test_sets_bot_takes_a_discard_that_completes_a_region():
    junk = ["LONDON", "COWES", "CARDIFF", "BIRMINGHAM", "PENRITH"]
    state = sets_game([["CAMBRIDGE", "NORWICH"] + junk, ["DOVER", "WINDSOR", "SWANSEA", "COVENTRY", "MANCHESTER",
                                                         "LEEDS", "GLASGOW"]], face_up="IPSWICH")
    assert SetsBot(0, 1).act(state.observation(0), state.legal_actions(0)) == "take discard"


def test_bots_decide_from_what_they_can_see():
    for game, bot in ((ASKING, RememberingBot), (SETS, SetsBot)):
        state = game.new_state(seats=game.seat_counts[0] + 1, seed=6)
        rng = random.Random(3)
        for _ in range(60):
            if state.is_over:
                break
            (seat,) = state.to_move
            other = state.resample(seat, random.Random(rng.random()))
            assert bot(seat, 4).act(state.observation(seat), state.legal_actions(seat)) == \
                bot(seat, 4).act(other.observation(seat), other.legal_actions(seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
