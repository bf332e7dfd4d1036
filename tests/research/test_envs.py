"""What a learner needs of the environments: games cut off honestly, self-play, step rewards, pickling, chairs."""

from __future__ import annotations

import pickle
import random

import gymnasium
import numpy as np
import pytest

from parlour.engine.errors import IllegalAction
from parlour.engine.numbers import absolute_action_id, action_space_of, relative_action_id, relative_ids, relative_mask
from parlour.games import GAMES, get_game
from parlour.research.gymnasium import MAX_EPISODE_STEPS, ParlourEnv
from parlour.research.margins import margin
from parlour.research.pettingzoo import MAX_CYCLES, ParlourAECEnv, aec_env, biggles_parallel_env

TURN_BASED = [game_id for game_id, game in GAMES.items() if not game.real_time]
#: a table of each turn-based game, and the asking game at a larger one
TABLES = [("football-whist", 4), ("squadron-scramble", 3), ("british-towns-asking", 3),
          ("british-towns-asking", 6), ("british-towns-sets", 4)]
QUICK = {"squadron-scramble": {"max_rounds": 1}}


def first_legal(obs: dict) -> int:
    """A module-level policy (so an environment holding it pickles): the first legal id."""
    return int(np.flatnonzero(obs["action_mask"])[0])


class RandomPolicy:
    """A seeded uniformly random policy over the mask (a class, so that an environment holding one pickles)."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def __call__(self, obs: dict) -> int:
        return int(self.rng.choice(np.flatnonzero(obs["action_mask"])))


# -- games that end, or are cut off honestly ----------------------------------------------------------------------

def test_pettingzoo_cuts_squadron_scrambles_endless_random_play_with_truncations_and_no_reward():
    env = aec_env("squadron-scramble", seats=3, max_cycles=300)
    env.reset(seed=2)
    rng = np.random.default_rng(0)
    acted, ends = 0, {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated, reward)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        acted += 1
    assert acted == 300 and not env.unwrapped.state.is_over and len(env.unwrapped.state.history) == 300
    assert ends == {agent: (False, True, 0.0) for agent in env.possible_agents}


def test_pettingzoo_max_cycles_default_and_none():
    assert ParlourAECEnv("football-whist").max_cycles == MAX_CYCLES
    env = ParlourAECEnv("football-whist", max_cycles=None)
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else first_legal(obs))
    assert env.state.is_over and not any(env.truncations.values())
    with pytest.raises(ValueError, match="max_cycles"):
        ParlourAECEnv("football-whist", max_cycles=0)


def test_gymnasium_time_limit_cuts_squadron_scrambles_endless_random_play():
    assert gymnasium.spec("parlour/squadron-scramble-v0").max_episode_steps == MAX_EPISODE_STEPS
    env = gymnasium.make("parlour/squadron-scramble-v0", seats=3, opponents="random", max_episode_steps=150)
    obs, _ = env.reset(seed=1)
    steps, terminated, truncated = 0, False, False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, _ = env.step(env.action_space.sample(obs["action_mask"]))
        steps += 1
    assert steps == 150 and truncated and not terminated and reward == 0.0
    assert not env.unwrapped.state.is_over


# -- self-play and step rewards ----------------------------------------------------------------------------------

class CountingPolicy:
    """A policy that records which seat's view it was handed, by the seat tensor's one-hot."""

    def __init__(self, env_seats: int):
        self.seats_seen: list[int] = []
        self.seats = env_seats

    def __call__(self, obs: dict) -> int:
        self.seats_seen.append(int(np.argmax(obs["observation"][: self.seats])))
        return first_legal(obs)


def test_other_seats_played_by_a_policy_see_their_own_views():
    policy = CountingPolicy(4)
    env = ParlourEnv("football-whist", seat=0, opponents=policy)
    obs, _ = env.reset(seed=5)
    terminated = False
    while not terminated:
        obs, reward, terminated, _, _ = env.step(first_legal(obs))
    assert set(policy.seats_seen) == {1, 2, 3} and env.bots == {}
    with_policy = [s for s, _ in env.state.history if s != 0]
    assert len(with_policy) == len(policy.seats_seen)


def test_shared_policy_self_play_and_a_mix_of_bots_and_policies():
    """The learner's own act function at every other seat is self-play with one shared policy."""

    class Learner:
        calls = 0
        rng = np.random.default_rng(0)

        def act(self, obs: dict) -> int:
            self.calls += 1
            return int(self.rng.choice(np.flatnonzero(obs["action_mask"])))

    learner = Learner()
    env = ParlourEnv("british-towns-asking", seats=4, seat=2, opponents=[learner.act, "remembering", learner.act],
                     relative_actions=True)
    obs, _ = env.reset(seed=3)
    done, own = False, 0
    while not done:
        obs, reward, done, _, _ = env.step(learner.act(obs))
        own += 1
    others = sum(1 for s, _ in env.state.history if s in (0, 3))
    assert learner.calls == own + others and set(env.bots) == {1}


def test_a_policy_that_breaks_the_rules_is_refused_with_the_reason():
    env = ParlourEnv("football-whist", seat=0, opponents=lambda obs: int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(IllegalAction, match="^the policy at seat [123] chose 'play [EISW][0-9]+'"):
        obs, _ = env.reset(seed=1)
        for _ in range(4):
            obs, *_ = env.step(first_legal(obs))


@pytest.mark.parametrize("game_id, seats", [("football-whist", 4), ("squadron-scramble", 2),
                                            ("british-towns-asking", 3), ("british-towns-sets", 2)])
def test_step_rewards_add_up_to_the_margin_at_the_end_plus_the_result(game_id, seats):
    env = ParlourEnv(game_id, seats=seats, seat=1, opponents="random", variant=QUICK.get(game_id),
                     score_reward=0.5)
    obs, _ = env.reset(seed=5)
    rewards, done, policy, before, moved = [], False, RandomPolicy(5), 0.0, 0
    while not done:
        obs, reward, done, truncated, _ = env.step(policy(obs))
        rewards.append(reward)
        now = margin(env.state, 1)
        assert reward == pytest.approx(0.5 * (now - before) + (env.state.returns()[1] if done else 0.0))
        moved += now != before
        before = now
    assert sum(rewards) == pytest.approx(0.5 * before + env.state.returns()[1])
    assert moved                             # the margin moved (Squadron Scramble's at the round's end)


def test_football_whist_margin_is_the_goal_difference_and_zero_at_the_deal():
    for game_id in TURN_BASED:
        state = get_game(game_id).new_state(seats=get_game(game_id).seat_counts[0], seed=1)
        assert margin(state, 0) == 0.0
    env = ParlourAECEnv("football-whist", score_reward=1.0, max_cycles=None)
    env.reset(seed=8)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else first_legal(obs))
    goals = env.state.result()["goals"]
    a = goals["A"] - goals["B"]
    returns = env.state.returns()
    assert [totals[f"player_{s}"] for s in range(4)] == [a + returns[0], -a + returns[1], a + returns[2],
                                                         -a + returns[3]]


# -- pickling --------------------------------------------------------------------------------------------------

def _play_aec(env, steps: int) -> list:
    seen = []
    for _ in range(steps):
        obs, _, terminated, truncated, _ = env.last()
        seen.append(obs["observation"].tobytes())
        env.step(None if terminated or truncated else first_legal(obs))
        if not env.agents:
            break
    return seen


@pytest.mark.parametrize("game_id, seats", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_pettingzoo_envs_pickle_mid_game_and_play_on_the_same(game_id, seats):
    env = aec_env(game_id, seats=seats, variant=QUICK.get(game_id), relative_actions=True)
    env.reset(seed=4)
    _play_aec(env, 25)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.unwrapped.state.history == env.unwrapped.state.history
    assert _play_aec(copy, 40) == _play_aec(env, 40)


def test_biggles_parallel_env_pickles_mid_game():
    env = biggles_parallel_env()
    obs, _ = env.reset(seed=1)
    for _ in range(10):
        obs, *_ = env.step({a: first_legal(obs[a]) for a in env.agents})
    copy = pickle.loads(pickle.dumps(env))
    one = copy.step({a: first_legal(obs[a]) for a in copy.agents})[0]
    two = env.step({a: first_legal(obs[a]) for a in env.agents})[0]
    assert all((one[a]["observation"] == two[a]["observation"]).all() for a in one)


@pytest.mark.parametrize("game_id, seats, opponents", [
    ("football-whist", 4, ["heuristic", first_legal, "expert:5"]), ("squadron-scramble", 2, "heuristic"),
    ("british-towns-asking", 3, "remembering"), ("british-towns-sets", 3, ["pimc:5", "casual"])])
def test_gymnasium_envs_pickle_mid_game_and_play_on_the_same(game_id, seats, opponents):
    env = gymnasium.make(f"parlour/{game_id}-v0", seats=seats, opponents=opponents, variant=QUICK.get(game_id),
                         score_reward=0.1)
    obs, _ = env.reset(seed=6)
    for _ in range(5):
        obs, *_ = env.step(first_legal(obs))
    copy = pickle.loads(pickle.dumps(env))
    for _ in range(30):
        a = copy.step(first_legal(obs))
        b = env.step(first_legal(obs))
        assert (a[0]["observation"] == b[0]["observation"]).all() and a[1:4] == b[1:4]
        obs = b[0]
        if b[2] or b[3]:
            break


def test_every_descriptor_pickles():
    for game in GAMES.values():
        copy = pickle.loads(pickle.dumps(game))
        assert copy.id == game.id and copy.seat_names(game.seat_counts[0]) == game.seat_names(game.seat_counts[0])
        assert sorted(copy.bots) == sorted(game.bots)
        assert type(copy.bots[next(iter(copy.bots))](0, 1)) is type(game.bots[next(iter(game.bots))](0, 1))


# -- chairs: action ids in the viewer's frame ----------------------------------------------------------------------

def test_the_asking_game_names_the_player_asked_relative_to_the_viewer():
    game = get_game("british-towns-asking")
    space = action_space_of(game, 4)
    ask = space.id("ask P3 DOVER")
    assert [space.text(relative_action_id(game, 4, v, ask)) for v in range(4)] == [
        "ask P3 DOVER", "ask P2 DOVER", "ask P1 DOVER", "ask P4 DOVER"]
    # the same decision (ask the player on one's left for DOVER) has one relative id in every chair
    left = {relative_action_id(game, 4, v, space.id(f"ask P{(v + 1) % 4 + 1} DOVER")) for v in range(4)}
    assert left == {space.id("ask P2 DOVER")}
    for v in range(4):
        assert [absolute_action_id(game, 4, v, relative_action_id(game, 4, v, i)) for i in range(space.size)] == \
            list(range(space.size))


def test_relative_ids_are_the_identity_where_no_action_names_a_seat():
    for game_id, seats in TABLES:
        game = get_game(game_id)
        size = action_space_of(game, seats).size
        for viewer in range(seats):
            ids = relative_ids(game, seats, viewer)
            assert sorted(ids) == list(range(size))
            if game.rotate_action is None or viewer == 0:
                assert ids == tuple(range(size))
            else:
                assert ids != tuple(range(size))
    with pytest.raises(Exception, match="outside"):
        relative_action_id(get_game("football-whist"), 4, 1, 60)


@pytest.mark.parametrize("game_id, seats", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_relative_masks_are_the_absolute_masks_mapped_and_relative_ids_play_the_same_game(game_id, seats):
    """Every seat's relative mask at each position is its absolute mask mapped; acting by relative ids (by
    the mapping) gives the very game acting by absolute ids does."""
    game = get_game(game_id)
    variant = QUICK.get(game_id)
    relative = ParlourAECEnv(game_id, seats=seats, variant=variant, relative_actions=True)
    absolute = ParlourAECEnv(game_id, seats=seats, variant=variant)
    relative.reset(seed=9)
    absolute.reset(seed=9)
    rng = random.Random(1)
    for _ in range(120):
        if relative.state.is_over:
            break
        for seat in range(seats):
            mask = absolute.state.legal_mask(seat)
            mapped = np.zeros_like(mask)
            mapped[list(relative_ids(game, seats, seat))] = mask
            agent = f"player_{seat}"
            assert (relative.observe(agent)["action_mask"] == mapped).all()
            assert (relative_mask(game, seats, seat, mask) == mapped).all()
        agent = absolute.agent_selection
        seat = int(agent.split("_")[1])
        chosen = rng.choice(list(np.flatnonzero(absolute.observe(agent)["action_mask"])))
        absolute.step(int(chosen))
        relative.step(relative_action_id(game, seats, seat, int(chosen)))
        assert relative.state.history == absolute.state.history
    assert relative.state.history


def test_gymnasium_relative_actions_serve_any_chair():
    """One policy written for relative ids (ask the player on one's left when one may) plays every chair alike."""
    game = get_game("british-towns-asking")
    space = action_space_of(game, 4)
    rng = random.Random(3)

    def mostly_left(obs: dict) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        left = [i for i in legal if space.text(int(i)).startswith("ask P2 ")]
        return int(rng.choice(left if left and rng.random() < 0.8 else legal))

    for seat in range(4):
        env = gymnasium.make("parlour/british-towns-asking-v0", seats=4, seat=seat, opponents=mostly_left,
                             relative_actions=True, max_episode_steps=3000)
        obs, _ = env.reset(seed=2)
        done = False
        while not done:
            obs, _, terminated, truncated, _ = env.step(mostly_left(obs))
            done = terminated or truncated
        asks = [(s, int(a.split()[1][1:]) - 1) for s, a in env.unwrapped.state.history]
        assert all(p != s for s, p in asks)
        # the absolute player asked is mostly the asker's left-hand neighbour, whichever the chair
        assert sum(p == (s + 1) % 4 for s, p in asks) > 0.6 * len(asks)
