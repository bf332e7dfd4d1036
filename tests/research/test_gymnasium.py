"""The Gymnasium adapter: one seat against Parlour's bots, passing Gymnasium's env_checker."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from parlour.research.gymnasium import ParlourEnv

CASES = [("football-whist", None, "heuristic"), ("squadron-scramble", 3, "heuristic"),
         ("british-towns-asking", 4, "remembering"), ("british-towns-sets", 2, "random")]


@pytest.mark.parametrize("game_id, seats, bot", CASES, ids=[c[0] for c in CASES])
def test_check_env(game_id, seats, bot):
    variant = {"max_rounds": 1} if game_id == "squadron-scramble" else None
    env = gymnasium.make(f"parlour/{game_id}-v0", seats=seats, opponents=bot, variant=variant)
    check_env(env.unwrapped)


def test_an_episode_is_one_game_and_the_reward_is_the_seats_return():
    env = ParlourEnv("football-whist", seat=1, opponents=["heuristic", "random", "heuristic"])
    obs, _ = env.reset(seed=4)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        assert env.state.to_move == {1}
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
    assert total == env.state.returns()[1] and steps > 20
    assert [type(b).__name__ for _, b in sorted(env.bots.items())] == ["HeuristicBot", "RandomBot", "HeuristicBot"]


def test_an_illegal_action_changes_nothing_and_says_why():
    env = ParlourEnv("football-whist", opponents="random")
    obs, _ = env.reset(seed=2)
    before = env.state.snapshot()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(illegal)
    assert env.state.snapshot() == before and reward == 0.0 and not terminated
    assert info["illegal_action"] and (again["observation"] == obs["observation"]).all()


def test_an_unknown_bot_is_refused_at_once():
    with pytest.raises(Exception, match="no bot called 'grandmaster'"):
        ParlourEnv("football-whist", opponents="grandmaster")
