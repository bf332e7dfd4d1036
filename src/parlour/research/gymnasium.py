"""One seat of a turn-based Parlour game as a Gymnasium environment; bots or policies play the others.

    from parlour.research.gymnasium import ParlourEnv
    env = ParlourEnv("football-whist", seat=0, opponents="heuristic")   # or ["heuristic", "random", "heuristic"]
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

The observation is a dict: ``observation`` (the seat's information-state
tensor, or with ``tensor="observation"`` its observation tensor) and
``action_mask`` (int8 over the action ids).  The reward is the seat's
``state.returns()`` entry when the game ends (+1 win, -1 loss, 0 draw); with
``score_reward=w`` each step also pays ``w`` times the change in the seat's
margin over the other seats' moves and its own (``parlour.research.margins``).
An action outside the mask changes nothing: the step returns the same
observation, reward 0, and ``info["illegal_action"]`` with Parlour's reason.

The other seats are played by Parlour's bots, chosen by name (``parlour
games`` lists each game's), each seeded from the episode's seed, or by a
*policy*: any callable ``policy(observation) -> action id`` given that seat's
observation dict (in that seat's frame with ``relative_actions=True``).
Passing the learner's own ``act`` function is self-play with one shared
policy: every seat plays the learner as it stands.  ``relative_actions=True``
gives masks and takes actions in the seat's own frame
(``parlour.engine.numbers.relative_ids``), so one policy serves any chair.
The registered environments (``parlour/<game id>-v0``) are cut off by
Gymnasium's ``TimeLimit`` after ``MAX_EPISODE_STEPS`` of the seat's decisions
(``max_episode_steps=`` changes it): ``truncated`` is then True.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from parlour.bots import decide, make_bot
from parlour.engine.errors import IllegalAction
from parlour.engine.numbers import absolute_action_id, action_space_of, relative_mask
from parlour.games import get_game
from parlour.research.margins import margin
from parlour.research.pettingzoo import _tensor_of, observation_space

#: the seat's decisions after which a registered environment's ``TimeLimit`` cuts the game off (truncated):
#: far above any game between Parlour's bots; Squadron Scramble's random play seldom ends at all
MAX_EPISODE_STEPS = 20_000

#: what plays another seat: a bot's name, or a policy given that seat's observation dict
Opponent = str | Callable[[dict[str, Any]], int]


class ParlourEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game_id: str = "football-whist", seats: int | None = None, seat: int = 0,
                 opponents: Opponent | Sequence[Opponent] = "random", variant: dict | None = None,
                 tensor: str = "information_state", render_mode: str | None = None,
                 relative_actions: bool = False, score_reward: float = 0.0):
        self.game = get_game(game_id)
        if self.game.real_time:
            raise ValueError(f"{self.game.title} is played in real time: use the PettingZoo parallel environment")
        self.seats = self.game.check_seats(seats if seats is not None else self.game.seat_counts[0])
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"seat must be 0 to {self.seats - 1}, not {seat!r}")
        self.seat = seat
        others = [s for s in range(self.seats) if s != seat]
        chosen = [opponents] * len(others) if isinstance(opponents, str) or callable(opponents) else list(opponents)
        if len(chosen) != len(others):
            raise ValueError(f"name a bot or give a policy for each of the {len(others)} other seats, or one for all")
        self.opponents: dict[int, Opponent] = dict(zip(others, chosen, strict=True))
        for other, who in self.opponents.items():
            if isinstance(who, str):
                make_bot(self.game, who, other)           # refuses an unknown bot name now, not at reset
            elif not callable(who):
                raise ValueError(f"seat {other}: a bot's name or a policy (a callable), not {who!r}")
        self.variant = self.game.variant(variant)
        self.tensor = tensor
        self.render_mode = render_mode
        self.relative_actions = relative_actions
        self.score_reward = float(score_reward)
        self.space = action_space_of(self.game, self.seats)
        self.action_space = spaces.Discrete(self.space.size)
        self.observation_space = observation_space(self.game, self.seats, tensor)
        self.state: Any = None
        self.bots: dict[int, Any] = {}
        self._margin = 0.0

    def _observe(self, seat: int | None = None) -> dict[str, Any]:
        seat = self.seat if seat is None else seat
        mask = self.state.legal_mask(seat).astype(np.int8)
        if self.relative_actions:
            mask = relative_mask(self.game, self.seats, seat, mask)
        return {"observation": _tensor_of(self.state, seat, self.tensor), "action_mask": mask}

    def _absolute(self, seat: int, action: Any) -> str:
        """The action text of id ``action`` as ``seat`` gave it (in its own frame with ``relative_actions``)."""
        if self.relative_actions:
            action = absolute_action_id(self.game, self.seats, seat, action)
        return self.space.text(action)

    def _others_play(self) -> None:
        state = self.state
        while not state.is_over:
            (seat,) = state.to_move
            if seat == self.seat:
                return
            bot = self.bots.get(seat)
            if bot is not None:
                state.apply(seat, decide(bot, state, seat))
                continue
            policy = self.opponents[seat]
            assert not isinstance(policy, str), "a bot's seat has its bot"
            text = self._absolute(seat, policy(self._observe(seat)))
            if text not in state.legal_actions(seat):
                raise IllegalAction(f"the policy at seat {seat} chose {text!r}: {state.explain_illegal(seat, text)}",
                                    seat=seat, action=text)
            state.apply(seat, text)

    def _step_reward(self) -> float:
        """The change in the seat's margin since the last call, times ``score_reward`` (0 without it)."""
        if not self.score_reward:
            return 0.0
        now = margin(self.state, self.seat)
        change, self._margin = now - self._margin, now
        return self.score_reward * change

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.state = self.game.new_state(seats=self.seats, variant=self.variant, seed=int(draw(2**62)))
        self.bots = {s: make_bot(self.game, who, s, seed=int(draw(2**62)))
                     for s, who in self.opponents.items() if isinstance(who, str)}
        self._margin = 0.0          # the margin at the deal; a change before the seat's first move comes with it
        self._others_play()
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        state = self.state
        text = self._absolute(self.seat, action)
        if text not in state.legal_actions(self.seat):
            return self._observe(), 0.0, False, False, {"illegal_action": state.explain_illegal(self.seat, text)}
        state.apply(self.seat, text)
        self._others_play()
        over = state.is_over
        reward = self._step_reward() + (float(state.returns()[self.seat]) if over else 0.0)
        return self._observe(), reward, over, False, {}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        names = self.game.seat_names(self.seats)
        return "; ".join(f"{names[s]} {a}" for s, a in self.state.history[-8:]) or "no moves yet"


def register() -> None:
    """Register ``parlour/<game id>-v0`` for every turn-based game: ``gymnasium.make("parlour/football-whist-v0")``,
    with a ``TimeLimit`` of ``MAX_EPISODE_STEPS`` of the seat's decisions."""
    from parlour.games import GAMES

    for game_id, game in GAMES.items():
        env_id = f"parlour/{game_id}-v0"
        if not game.real_time and env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="parlour.research.gymnasium:ParlourEnv",
                               kwargs={"game_id": game_id}, max_episode_steps=MAX_EPISODE_STEPS)


register()
