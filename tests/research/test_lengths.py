"""Every turn-based game ends, or is cut off honestly: a true max_game_length, and a terminal state at it."""

from __future__ import annotations

import random

import pyspiel
import pytest

from parlour.engine.numbers import LENGTH_CAP, is_cut_off, max_game_length
from parlour.games import GAMES, get_game
from parlour.games.football_whist import rules as whist
from parlour.research import openspiel as adapter

TURN_BASED = [game_id for game_id, game in GAMES.items() if not game.real_time]


def test_max_game_length_is_the_rules_bound_or_the_cap():
    assert max_game_length(get_game("football-whist"), 4) == whist.MAX_DECISIONS == 2 * (1 + 11 * 7 - 1) == 154
    assert max_game_length(get_game("football-whist"), 4, {"own_goals": True}) == 154
    assert max_game_length(get_game("football-whist"), 4, cap=100) == 100          # a cap below the bound cuts
    assert max_game_length(get_game("football-whist"), 4, cap=1_000) == 154        # one above changes nothing
    for game_id in ("squadron-scramble", "british-towns-asking", "british-towns-sets"):
        game = get_game(game_id)
        for seats in game.seat_counts[:3]:
            assert max_game_length(game, seats) == LENGTH_CAP == 10_000
            assert max_game_length(game, seats, cap=300) == 300
    with pytest.raises(ValueError, match="clock"):
        max_game_length(get_game("biggles"), 2)
    with pytest.raises(ValueError, match="at least 1"):
        max_game_length(get_game("squadron-scramble"), 2, cap=0)


def _longest_match(rng: random.Random, seed: int) -> object:
    """A match played to be long: the ball moved whenever it may be (never left where it is), goals taken
    on a second move where one is offered, so that a kick-off follows."""
    state = get_game("football-whist").new_state(seed=seed)
    while not state.is_over:
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        moves = [a for a in legal if a.startswith("move")]
        state.apply(seat, rng.choice(moves) if moves else rng.choice(legal))
    return state


@pytest.mark.parametrize("own_goals", [False, True])
def test_no_football_whist_match_is_longer_than_its_bound_and_each_half_keeps_its_share(own_goals):
    """The bound's reasoning, checked move by move: a half is one kick-off, eleven tricks of four cards, at
    most two ball moves a trick, and a kick-off after each goal but one after the last trick."""
    rng = random.Random(0)
    longest = 0
    for seed in range(120):
        if seed % 2:
            state = _longest_match(rng, seed)
        else:
            state = get_game("football-whist").new_state(seed=seed, variant={"own_goals": own_goals})
            while not state.is_over:
                (seat,) = state.to_move
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        verbs = [action.split()[0] for _, action in state.history]
        assert len(verbs) <= whist.MAX_DECISIONS
        half_time = [i for i, v in enumerate(verbs) if v == "play"][43] + 1       # the first half's 44th card
        first_kick_of_second_half = verbs.index("kick", half_time)
        for half in (verbs[:first_kick_of_second_half], verbs[first_kick_of_second_half:]):
            assert len(half) <= whist.HALF_DECISIONS
            assert half.count("play") == 44 and half.count("kick") <= 11 and half[0] == "kick"
            plays = moves = 0
            for verb in half:                      # the ball moves of each trick, made after its fourth card
                if verb == "play":
                    plays += 1
                    moves = 0
                elif verb in ("move", "stay"):
                    moves += 1
                    assert moves <= 2 and plays % 4 == 0
        longest = max(longest, len(verbs))
    assert 120 <= longest <= whist.MAX_DECISIONS


def _play_out(state, rng: random.Random) -> tuple[int, int]:
    """Random play to the end; (decisions, chance outcomes) as OpenSpiel counted them."""
    decisions = chances = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            chances += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions, chances


LOADS = [
    ("football-whist", {}, 6),
    ("squadron-scramble", {"players": 2, "max_game_length": 400}, 2),
    ("squadron-scramble", {"players": 4, "max_game_length": 300}, 2),
    ("british-towns-asking", {"players": 3}, 4),
    ("british-towns-asking", {"players": 6}, 2),
    ("british-towns-sets", {"players": 2}, 4),
    ("british-towns-sets", {"players": 4}, 2),
]


@pytest.mark.parametrize("game_id, params, games", LOADS, ids=[f"{g}-{p}" for g, p, _ in LOADS])
def test_openspiel_games_never_run_past_their_declared_max_game_length(game_id, params, games):
    """OpenSpiel counts decisions, not chance outcomes, in max_game_length (as its documentation says and its
    random_sim_test checks); so do these games, chance drawn at explicit nodes beside them."""
    game = pyspiel.load_game(adapter.short_name(game_id), params)
    declared = game.max_game_length()
    assert declared == max_game_length(get_game(game_id), game.num_players(), None,
                                       cap=params.get("max_game_length"))
    rng = random.Random(1)
    for _ in range(games):
        state = game.new_initial_state()
        decisions, chances = _play_out(state, rng)
        assert decisions <= declared and decisions == len(state.parlour.history)
        assert len(state.history()) == decisions + chances and chances > 1
        assert state.is_terminal() and (state.parlour.is_over or decisions == declared)


def test_a_squadron_game_the_rules_do_not_end_is_cut_off_at_max_game_length_as_a_draw():
    """Four random players never reach 250 points: at max_game_length decisions the game is terminal, every
    return 0, no action legal, and both OpenSpiel's state and Parlour's result say it was cut off."""
    game = pyspiel.load_game("python_parlour_squadron_scramble", {"players": 4, "max_game_length": 500})
    assert game.max_game_length() == 500 and game.get_parameters()["max_game_length"] == 500
    state = game.new_initial_state()
    decisions, _ = _play_out(state, random.Random(2))
    assert decisions == 500 and state.cut_off() and state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0] * 4 and state.rewards() == [0.0] * 4
    assert state.legal_actions() == [] and state.legal_actions(0) == []
    assert not state.parlour.is_over and state.parlour.result()["finished"] is False
    assert is_cut_off(state.parlour, 500) and not is_cut_off(state.parlour, 501)
    assert str(state).startswith("cut off: ")
    again = game.deserialize_state(state.serialize())          # a cut-off game reads back cut off
    assert again.is_terminal() and again.cut_off() and again.returns() == [0.0] * 4
    for player in range(4):                                    # a terminal state still has every view
        assert state.information_state_tensor(player).__len__() == game.information_state_tensor_size()
        assert state.information_state_string(player).startswith(f"seat {player} hand ")


def test_the_default_squadron_game_declares_the_cap_and_a_football_whist_cap_above_the_bound_is_the_bound():
    squadron = pyspiel.load_game("python_parlour_squadron_scramble", {"players": 4})
    assert squadron.max_game_length() == LENGTH_CAP
    whist_game = pyspiel.load_game("python_parlour_football_whist", {"max_game_length": 5_000})
    assert whist_game.max_game_length() == 154
    cut = pyspiel.load_game("python_parlour_football_whist", {"max_game_length": 60})
    state = cut.new_initial_state()
    assert _play_out(state, random.Random(3))[0] == 60 and state.cut_off() and state.returns() == [0.0] * 4
    with pytest.raises(Exception, match="at least 1"):
        pyspiel.load_game("python_parlour_british_towns_sets", {"max_game_length": 0})
