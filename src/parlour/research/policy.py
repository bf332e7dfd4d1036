"""A policy over numbers seated as a Parlour bot, so that a learned player meets the others in the arena.

A *policy* is what the Gymnasium adapter hands another seat: a callable
``policy(observation) -> action id`` given the dict ``{"observation":
tensor, "action_mask": int8 mask}``.  :class:`PolicyBot` turns one into a bot
(``act(observation, legal) -> action text``), building the tensor from the
seat's view exactly as the state would (the game's encoding reads the view,
never the state), so the arena, the simulator and every front end can seat
it:

    from parlour.research.policy import PolicyBot
    from parlour.sim.arena import run_arena
    report = run_arena(game, ["learned", "heuristic"], 200, seed=1,
                       players={"learned": PolicyBot.factory(game, 4, my_policy)})
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Sequence

import numpy as np

from parlour.engine.numbers import absolute_action_id, action_space_of, encoding_of, relative_mask

Policy = Callable[[dict[str, Any]], int]


class PolicyBot:
    """A bot that asks ``policy`` for its action, given the seat's tensor and legal mask as the adapters give them."""

    def __init__(self, game: Any, seats: int, seat: int, policy: Policy, *, tensor: str = "information_state",
                 relative_actions: bool = False):
        if tensor not in ("information_state", "observation"):
            raise ValueError(f"tensor is 'information_state' or 'observation', not {tensor!r}")
        self.game, self.seats, self.seat = game, seats, seat
        self.policy = policy
        self.tensor = tensor
        self.relative_actions = relative_actions
        self.encoding = encoding_of(game, seats)
        self.space = action_space_of(game, seats)

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        if self.tensor == "observation":
            x = self.encoding.observation_tensor(observation)
        else:
            x = self.encoding.information_state_tensor(observation)
        mask = self.space.mask(legal).astype(np.int8)
        if self.relative_actions:
            mask = relative_mask(self.game, self.seats, self.seat, mask)
        action = int(self.policy({"observation": x, "action_mask": mask}))
        if self.relative_actions:
            action = absolute_action_id(self.game, self.seats, self.seat, action)
        text = self.space.text(action)
        if text not in legal:
            raise ValueError(f"the policy chose {text!r}, which is not legal here")
        return text

    @classmethod
    def factory(cls, game: Any, seats: int, policy: Policy, **options: Any) -> Callable[..., "PolicyBot"]:
        """``factory(seat, seed)``, as a descriptor's bots are made (the seed is the policy's own business);
        it pickles when the policy does, so the arena may send it to worker processes."""
        return partial(_make, cls, game, seats, policy, options)


def _make(cls: type, game: Any, seats: int, policy: Policy, options: dict[str, Any], seat: int,
          seed: int | None = None) -> PolicyBot:
    return cls(game, seats, seat, policy, **options)
