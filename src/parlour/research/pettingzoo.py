"""Parlour games as PettingZoo environments: AEC for the turn-based games, Parallel for Biggles.

    from parlour.research.pettingzoo import aec_env
    env = aec_env("football-whist")              # any turn-based game id, seats=, variant=
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Agents are ``player_0``, ``player_1``... by seat number, as PettingZoo
names them (``info["seat_name"]`` gives Parlour's name: ``A1``, ``P2``...).  An
observation is a dict, as in PettingZoo's classic environments:
``observation`` (the seat's information-state tensor, or with
``tensor="observation"`` its observation tensor) and ``action_mask`` (int8,
1 for each legal action id).  Rewards come at the end: ``state.returns()``;
with ``score_reward=w`` each step also pays ``w`` times the change in each
seat's margin (``parlour.research.margins``).  A game still going after
``max_cycles`` actions is cut off: truncations all True, rewards 0.  With
``relative_actions=True`` masks and actions are in the acting seat's frame
(``parlour.engine.numbers.relative_ids``), as the tensors are.  An action
outside the mask is refused with Parlour's reason and changes nothing.
Biggles (``biggles_parallel_env``) runs on a clock of fixed ticks: see
``BigglesParallelEnv``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from parlour.engine.errors import IllegalAction
from parlour.engine.numbers import absolute_action_id, action_space_of, encoding_of, relative_mask
from parlour.games import get_game
from parlour.research.margins import margin

#: actions after which an AEC game still going is cut off (truncated), unless ``max_cycles`` says otherwise:
#: far above any game between Parlour's own bots (the longest measured: 783 actions, four-player Squadron
#: Scramble) and above random play in every game but Squadron Scramble, whose random play seldom ends at all
MAX_CYCLES = 20_000


def _tensor_of(state: Any, seat: int, tensor: str) -> Any:
    if tensor == "observation":
        return state.observation_tensor(seat)
    if tensor == "information_state":
        return state.information_state_tensor(seat)
    raise ValueError(f"tensor is 'information_state' or 'observation', not {tensor!r}")


def observation_space(game: Any, seats: int, tensor: str = "information_state", extra_actions: int = 0) -> spaces.Dict:
    """The Dict space of one seat's observations: the tensor, in [-1, 1], and the int8 action mask."""
    encoding = encoding_of(game, seats)
    layout = encoding.information_state_layout if tensor == "information_state" else encoding.observation_layout
    size = action_space_of(game, seats).size + extra_actions
    return spaces.Dict({
        "observation": spaces.Box(low=-1.0, high=1.0, shape=layout.shape, dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
    })


class ParlourAECEnv(AECEnv):
    """One turn-based Parlour game as a PettingZoo AEC environment: one seat acts at a time."""

    metadata = {"render_modes": ["ansi"], "name": "parlour_v0", "is_parallelizable": False}

    def __init__(self, game_id: str = "football-whist", seats: int | None = None, variant: dict | None = None,
                 tensor: str = "information_state", render_mode: str | None = None,
                 max_cycles: int | None = MAX_CYCLES, relative_actions: bool = False, score_reward: float = 0.0):
        super().__init__()
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles is a whole number of actions, at least 1, or None, not {max_cycles!r}")
        #: actions after which the game is cut off (None: never)
        self.max_cycles = max_cycles
        self.relative_actions = relative_actions
        self.score_reward = float(score_reward)
        self.game = get_game(game_id)
        if self.game.real_time:
            raise ValueError(f"{self.game.title} is played in real time: use biggles_parallel_env")
        self.seats = self.game.check_seats(seats if seats is not None else self.game.seat_counts[0])
        self.variant = self.game.variant(variant)
        self.tensor = tensor
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"parlour_{game_id.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{s}" for s in range(self.seats)]
        self.seat_names = self.game.seat_names(self.seats)
        self.space = action_space_of(self.game, self.seats)
        obs_space = observation_space(self.game, self.seats, tensor)
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.space.size) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_state(seats=self.seats, variant=self.variant, seed=self._rng.randrange(2**63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {"seat_name": name} for agent, name in zip(self.agents, self.seat_names, strict=True)}
        self.agent_selection = self._mover()
        self.cycles = 0
        self._margins = [0.0] * self.seats

    def _mover(self) -> str:
        (seat,) = self.state.to_move
        return self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        mask = self.state.legal_mask(seat).astype(np.int8)
        if self.relative_actions:
            mask = relative_mask(self.game, self.seats, seat, mask)
        return {"observation": _tensor_of(self.state, seat, self.tensor), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        if self.relative_actions:
            action = absolute_action_id(self.game, self.seats, seat, action)
        text = self.state.action_text(action)
        if text not in self.state.legal_actions(seat):
            raise IllegalAction(self.state.explain_illegal(seat, text), seat=seat, action=text)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(seat, text)
        self.cycles += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.score_reward:
            now = [margin(self.state, s) for s in range(self.seats)]
            for s, agent_s in enumerate(self.possible_agents):
                self.rewards[agent_s] = self.score_reward * (now[s] - self._margins[s])
            self._margins = now
        if self.state.is_over:
            for agent_s, value in zip(self.possible_agents, self.state.returns(), strict=True):
                self.rewards[agent_s] += float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(seat + 1) % self.seats]
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            # Cut off, not ended: nobody won, so the cut pays nothing.
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(seat + 1) % self.seats]
        else:
            self.agent_selection = self._mover()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        last = self.state.history[-4:]
        names = self.seat_names
        moves = "; ".join(f"{names[s]} {a}" for s, a in last) or "no moves yet"
        who = ", ".join(names[s] for s in sorted(self.state.to_move)) or "nobody (over)"
        return f"{self.game.title}: last {moves}; to move: {who}"

    def close(self) -> None:
        pass


def aec_env(game_id: str = "football-whist", **kwargs: Any) -> AECEnv:
    """A turn-based game, wrapped as PettingZoo's classic environments are (actions in order, in range)."""
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(ParlourAECEnv(game_id, **kwargs)))


class BigglesParallelEnv(ParallelEnv):
    """Biggles for two learners acting at once, on a clock of fixed ticks (the discrete-event twin's clock).

    Each ``step`` is one tick of ``tick`` seconds of simulated time (0.5 s
    by default, about a club player's reaction).  Each agent gives one action
    id or ``WAIT`` (the last id: do nothing this tick).  Both actions were
    chosen on the same view; they are applied at the tick's time in an
    order drawn by chance (two hands reaching the table together), so the
    second may have been overtaken by the first: then it is refused exactly
    as the rules refuse a slow player, and ``info["refused"]`` gives the
    reason.  An action outside the mask is refused the same way (a slap at
    the wrong card changes nothing).  Every applied action carries its time
    in the record, as the twin's do.  The game is truncated after
    ``max_ticks`` ticks.
    """

    metadata = {"render_modes": ["ansi"], "name": "parlour_biggles_v0"}

    def __init__(self, tick: float = 0.5, max_ticks: int = 4000, variant: dict | None = None,
                 tensor: str = "information_state", render_mode: str | None = None):
        self.game = get_game("biggles")
        self.tick = tick
        self.max_cycles = max_ticks
        self.variant = self.game.variant(variant)
        self.tensor = tensor
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        self.seat_names = self.game.seat_names(2)
        self.space = action_space_of(self.game, 2)
        self.wait = self.space.size
        obs_space = observation_space(self.game, 2, tensor, extra_actions=1)
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.space.size + 1) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state: Any = None
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_state(seats=2, variant=self.variant, seed=self._rng.randrange(2**63))
        self.now = 0.0
        self.ticks = 0
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def _infos(self) -> dict[str, dict]:
        """Each agent still playing: its seat's name in Parlour."""
        names = dict(zip(self.possible_agents, self.seat_names, strict=True))
        return {agent: {"seat_name": names[agent]} for agent in self.agents}

    def _observations(self) -> dict[str, dict[str, Any]]:
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            mask = np.zeros(self.space.size + 1, dtype=np.int8)
            mask[: self.space.size] = self.state.legal_mask(seat)
            mask[self.wait] = 1
            out[agent] = {"observation": _tensor_of(self.state, seat, self.tensor), "action_mask": mask}
        return out

    def step(self, actions: dict[str, int]) -> tuple[dict, dict, dict, dict, dict]:
        self.ticks += 1
        self.now += self.tick
        infos = self._infos()
        chosen = []
        for seat, agent in enumerate(self.possible_agents):
            action = actions.get(agent, self.wait)
            if agent not in self.agents or int(action) == self.wait:
                continue
            chosen.append((seat, self.space.text(action)))
        self._rng.shuffle(chosen)
        for seat, text in chosen:
            if not self.state.apply_if_legal(seat, text, self.now):
                infos[self.possible_agents[seat]]["refused"] = self.state.explain_illegal(seat, text)
        observations = self._observations()
        over = self.state.is_over
        cut = not over and self.ticks >= self.max_cycles
        rewards = dict(zip(self.possible_agents, map(float, self.state.returns()), strict=True)) if over else \
            dict.fromkeys(self.possible_agents, 0.0)
        terminations = dict.fromkeys(self.possible_agents, over)
        truncations = dict.fromkeys(self.possible_agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        sides = self.state.observation(None)["players"]
        return f"t={self.now:.1f}s  " + "  ".join(
            f"{name}: build {' '.join(p['build']) or '-'} pile {p['pile_top'] or '-'}"
            for name, p in zip(self.seat_names, sides, strict=True))

    def close(self) -> None:
        pass


def biggles_parallel_env(**kwargs: Any) -> ParallelEnv:
    return BigglesParallelEnv(**kwargs)
