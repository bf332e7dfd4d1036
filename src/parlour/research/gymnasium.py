"""One seat of a turn-based Parlour game as a Gymnasium environment; Parlour's bots play the others.

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
``state.returns()`` entry when the game ends (+1 win, -1 loss, 0 draw).  An
action outside the mask changes nothing: the step returns the same
observation, reward 0, and ``info["illegal_action"]`` with Parlour's reason.
Bots are chosen by name (``parlour games`` lists each game's); each other
seat gets its own, seeded from the episode's seed.
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from parlour.bots import make_bot
from parlour.engine.numbers import action_space_of
from parlour.games import get_game
from parlour.research.pettingzoo import _tensor_of, observation_space


class ParlourEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game_id: str = "football-whist", seats: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str] = "random", variant: dict | None = None,
                 tensor: str = "information_state", render_mode: str | None = None):
        self.game = get_game(game_id)
        if self.game.real_time:
            raise ValueError(f"{self.game.title} is played in real time: use the PettingZoo parallel environment")
        self.seats = self.game.check_seats(seats if seats is not None else self.game.seat_counts[0])
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"seat must be 0 to {self.seats - 1}, not {seat!r}")
        self.seat = seat
        others = [s for s in range(self.seats) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"name a bot for each of the {len(others)} other seats, or one for all")
        self.opponents = dict(zip(others, names, strict=True))
        for other, name in self.opponents.items():
            make_bot(self.game, name, other)           # refuses an unknown bot name now, not at reset
        self.variant = self.game.variant(variant)
        self.tensor = tensor
        self.render_mode = render_mode
        self.space = action_space_of(self.game, self.seats)
        self.action_space = spaces.Discrete(self.space.size)
        self.observation_space = observation_space(self.game, self.seats, tensor)
        self.state: Any = None
        self.bots: dict[int, Any] = {}

    def _observe(self) -> dict[str, Any]:
        return {"observation": _tensor_of(self.state, self.seat, self.tensor),
                "action_mask": self.state.legal_mask(self.seat).astype(np.int8)}

    def _bots_play(self) -> None:
        state = self.state
        while not state.is_over:
            (seat,) = state.to_move
            if seat == self.seat:
                return
            state.apply(seat, self.bots[seat].act(state.observation(seat), state.legal_actions(seat)))

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.state = self.game.new_state(seats=self.seats, variant=self.variant, seed=int(draw(2**62)))
        self.bots = {s: make_bot(self.game, name, s, seed=int(draw(2**62))) for s, name in self.opponents.items()}
        self._bots_play()
        return self._observe(), {}

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        state = self.state
        text = self.space.text(action)
        if text not in state.legal_actions(self.seat):
            return self._observe(), 0.0, False, False, {"illegal_action": state.explain_illegal(self.seat, text)}
        state.apply(self.seat, text)
        self._bots_play()
        over = state.is_over
        reward = float(state.returns()[self.seat]) if over else 0.0
        return self._observe(), reward, over, False, {}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        names = self.game.seat_names(self.seats)
        return "; ".join(f"{names[s]} {a}" for s, a in self.state.history[-8:]) or "no moves yet"


def register() -> None:
    """Register ``parlour/<game id>-v0`` for every turn-based game: ``gymnasium.make("parlour/football-whist-v0")``."""
    from parlour.games import GAMES

    for game_id, game in GAMES.items():
        env_id = f"parlour/{game_id}-v0"
        if not game.real_time and env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="parlour.research.gymnasium:ParlourEnv",
                               kwargs={"game_id": game_id})


register()
