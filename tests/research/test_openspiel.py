"""The OpenSpiel adapter: OpenSpiel's own checks and its own search on Parlour's games."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from parlour.research import openspiel as adapter

LOADS = [
    ("python_parlour_football_whist", {}),
    ("python_parlour_squadron_scramble", {"players": 2, "max_rounds": 2}),    # round 2 dealt in mid-game
    ("python_parlour_squadron_scramble", {"players": 3, "max_rounds": 1}),
    ("python_parlour_squadron_scramble", {"players": 4, "max_rounds": 1}),
    ("python_parlour_british_towns_asking", {"players": 3}),
    ("python_parlour_british_towns_asking", {"players": 4}),
    ("python_parlour_british_towns_asking", {"players": 8}),
    ("python_parlour_british_towns_sets", {"players": 2}),
    ("python_parlour_british_towns_sets", {"players": 3}),
    ("python_parlour_british_towns_sets", {"players": 4}),
    ("python_parlour_british_towns_sets", {"players": 5}),
]


@pytest.mark.parametrize("name, params", LOADS, ids=[f"{n}-{p}" for n, p in LOADS])
def test_random_sim_test_with_serialization(name, params):
    """OpenSpiel's own consistency checks, deal drawn at chance nodes, states serialised and read back."""
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1 if params.get("max_rounds") == 2 else 2, serialize=True, verbose=False)


def test_every_turn_based_game_is_registered_and_biggles_is_not():
    names = {g.short_name for g in pyspiel.registered_games()}
    for game_id in ("football-whist", "squadron-scramble", "british-towns-asking", "british-towns-sets"):
        assert adapter.short_name(game_id) in names
    assert "python_parlour_biggles" not in names


def _deal(state, rng):
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        assert abs(sum(probs) - 1) < 1e-9
        state.apply_action(rng.choice(outcomes))


def test_the_deal_is_drawn_card_by_card_and_gives_parlour_state_the_cards_drawn():
    game = pyspiel.load_game("python_parlour_football_whist")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 4      # the dealer first
    rng = random.Random(0)
    drawn = []
    while state.is_chance_node():
        outcome = rng.choice([o for o, _ in state.chance_outcomes()])
        drawn.append(state.action_to_string(pyspiel.PlayerId.CHANCE, outcome))
        state.apply_action(outcome)
    assert len(drawn) == 1 + 44 + 44
    dealer = int(drawn[0].split()[-1])
    parlour = state.parlour
    assert parlour.dealer == dealer
    first = [text.split()[-1] for text in drawn[1:45]]
    for offset in range(4):                           # dealt one at a time from the dealer's left
        assert set(parlour.observation((dealer + 1 + offset) % 4)["hand"]) == set(first[offset::4])
    assert state.current_player() == (dealer + 1) % 4                            # who kicks off


def test_a_new_squadron_round_is_drawn_at_chance_nodes_in_the_middle_of_the_game():
    game = pyspiel.load_game("python_parlour_squadron_scramble", {"players": 2, "max_rounds": 2})
    state = game.new_initial_state()
    rng = random.Random(3)
    chance_runs, was_chance = 0, False
    while not state.is_terminal():
        if state.is_chance_node():
            chance_runs += not was_chance
            was_chance = True
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            was_chance = False
            state.apply_action(rng.choice(state.legal_actions()))
    assert chance_runs == 2                       # the first deal, and round 2's pack
    assert len(state.parlour.deal["rounds"]) == 2 and state.parlour.result()["rounds"] == 2


def test_tensors_match_the_engines_and_the_observer_layout():
    game = pyspiel.load_game("python_parlour_british_towns_asking", {"players": 4})
    state = game.new_initial_state()
    rng = random.Random(1)
    _deal(state, rng)
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
        _deal(state, rng)
    summary = pyspiel.IIGObservationType(perfect_recall=False)
    summaries = game.make_py_observer(summary, {"tensor": "summary"})
    for player in range(4):
        # With perfect recall: the perfect-recall tensor, sized by the game's max_game_length, and it starts
        # with Parlour's information-state summary, which is served by name (params {"tensor": "summary"}).
        np.testing.assert_array_equal(state.information_state_tensor(player),
                                      state.parlour.perfect_recall_tensor(player, game.max_game_length()))
        summaries.set_from(state, player)
        np.testing.assert_array_equal(summaries.tensor, state.parlour.information_state_tensor(player))
        np.testing.assert_array_equal(state.observation_tensor(player), state.parlour.observation_tensor(player))
        assert state.information_state_string(player) == state.parlour.information_state_string(player)
    layout = state.parlour.perfect_recall_tensor(0).size
    assert game.information_state_tensor_shape() == [layout] and game.max_game_length() == 10_000


def test_unknown_variant_options_are_refused():
    with pytest.raises(Exception, match="unknown variant option|no_such"):
        pyspiel.load_game("python_parlour_football_whist", {"no_such": True})


#: a whole game of every turn-based game, at small tables and budgets (Squadron Scramble to two rounds, its
#: documented ``max_rounds``, so that a round's pack is dealt at chance nodes mid-game, in the search too)
IS_MCTS_GAMES = [
    ("football-whist", {}, 5),
    ("squadron-scramble", {"players": 4, "max_rounds": 2}, 0),
    ("british-towns-asking", {"players": 3}, 0),
    ("british-towns-sets", {"players": 3}, 0),
]


@pytest.mark.parametrize("game_id, params, seed", IS_MCTS_GAMES, ids=[g for g, _, _ in IS_MCTS_GAMES])
def test_openspiels_is_mcts_plays_every_turn_based_game_through_parlours_resample(game_id, params, seed):
    """OpenSpiel's IS-MCTS decides seat 0's every move in a whole game; its worlds come from the registration's
    ``resample_from_infostate`` (Parlour's resample), each showing seat 0 the information state searched."""
    assert set(adapter.TURN_BASED) == {g for g, _, _ in IS_MCTS_GAMES}
    game = pyspiel.load_game(adapter.short_name(game_id), params)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    worlds = []

    def resampler(state, player):
        assert player == 0
        world = state.resample_from_infostate(player, sampler)
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
        worlds.append(world)
        return world

    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game=game, evaluator=rollouts, uct_c=2.0, max_simulations=6,
                           random_state=np.random.RandomState(seed))
    bot.set_resampler(resampler)
    state = game.new_initial_state()
    rng = random.Random(seed)
    bot_moves = searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            searched += len(state.legal_actions()) > 1         # IS-MCTS searches only where there is a choice
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            bot_moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    parlour = state.parlour
    assert parlour.is_over and not state.cut_off()             # ended by the rules, not by the cap
    assert bot_moves == sum(seat == 0 for seat, _ in parlour.history)      # every move of seat 0 was the bot's
    assert searched >= 10 and len(worlds) == 6 * searched
    returns = state.returns()
    assert returns == list(parlour.returns()) and set(returns) <= {-1.0, 0.0, 1.0}
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:     # Football Whist's sides
        assert sum(returns) == 0
    if game_id == "squadron-scramble":
        assert parlour.round_no == 1                            # round 2 was dealt and played
