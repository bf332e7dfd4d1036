"""The PettingZoo adapter passes PettingZoo's own tests for every turn-based game and seat count, and Biggles'."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test

from parlour.engine.errors import IllegalAction
from parlour.games import GAMES
from parlour.research.pettingzoo import ParlourAECEnv, aec_env, biggles_parallel_env

#: random play ends these quickly enough (Squadron Scramble's 250 points would take random players hours)
QUICK = {"squadron-scramble": {"max_rounds": 1}}
TABLES = [(game_id, seats) for game_id, game in GAMES.items() if not game.real_time for seats in game.seat_counts]

#: what api_test says of any Dict observation, PettingZoo's classic environments' included
DICT_ADVICE = ("Observation space for each agent probably", "Observation is not a NumPy array")


def _checked(run):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(DICT_ADVICE)]
    assert not unexpected, unexpected


@pytest.mark.parametrize("game_id, seats", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_api_test_and_seed_test(game_id, seats):
    variant = QUICK.get(game_id)
    _checked(lambda: api_test(aec_env(game_id, seats=seats, variant=variant), num_cycles=60))
    _checked(lambda: seed_test(lambda: aec_env(game_id, seats=seats, variant=variant), num_cycles=60))


def test_biggles_parallel_api_test_and_seed_test():
    _checked(lambda: parallel_api_test(biggles_parallel_env(), num_cycles=400))
    _checked(lambda: parallel_seed_test(lambda: biggles_parallel_env(), num_cycles=200))


def test_a_whole_game_ends_with_each_seats_return_and_the_mask_is_the_legal_actions():
    env = ParlourAECEnv("football-whist")
    env.reset(seed=3)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        assert info["seat_name"] == ("A1", "B1", "A2", "B2")[env.possible_agents.index(agent)]
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        legal = env.state.legal_actions(seat)
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(env.state.action_id(a) for a in legal)
        np.testing.assert_array_equal(obs["observation"], env.state.information_state_tensor(seat))
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert list(rewards.values()) == env.state.returns()


def test_an_action_outside_the_mask_is_refused_with_the_reason_and_changes_nothing():
    env = ParlourAECEnv("british-towns-sets", seats=2)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.state.snapshot()
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="^Draw first: take the top card of the stock or take the top discard"):
        env.step(illegal)
    assert env.state.snapshot() == before and env.agent_selection == agent


def test_biggles_ticks_stamp_the_simulated_time_and_wait_is_always_allowed():
    env = biggles_parallel_env(tick=0.25)
    obs, _ = env.reset(seed=2)
    wait = env.wait
    assert all(o["action_mask"][wait] == 1 for o in obs.values())
    obs, *_ = env.step({"player_0": 0, "player_1": wait})          # player_0 turns; player_1 waits
    obs, *_ = env.step({"player_0": wait, "player_1": 0})
    assert env.state.history == [(0, "turn"), (1, "turn")]
    assert env.state.times == [0.25, 0.5]
    _, _, _, _, infos = env.step({"player_0": 1, "player_1": wait})   # pickup with cards in hand: refused
    assert infos["player_0"]["refused"] == "You still have cards in your hand: turn the next ones over first." and len(env.state.history) == 2
