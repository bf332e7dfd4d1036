"""A learned model of how the others play: a softmax over the legal moves, fitted to self-play in NumPy.

The reading (``parlour.bots.inference``) asks, at each move another seat
made, how likely that move was in the world it weighs.  The game's own bot
answers only "mine or not"; this model gives every legal move a chance,
from the seat's observation tensor (the research layer's encoding, so the
seat's own hand in that world, what is on the table and what has gone),
one weight vector a move in the seat's own frame (``relative_ids``: asking
the player on your left is one move whoever asks).  It is fitted by Adam on
the cross-entropy of the moves bots made in self-play, a few minutes on a
core (``bench/beliefs.py --learned`` plays the games and fits it);
``Model.save``/``load`` keep it in a NumPy ``.npz`` beside the record of
how it was made.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from parlour.engine.numbers import action_space_of, encoding_of, relative_ids


class Model:
    """Chances of each legal move from a seat's view: ``softmax(W x + b)`` over the legal moves only."""

    def __init__(self, game: Any, seats: int, weights: np.ndarray, bias: np.ndarray, made: dict[str, Any]):
        self.game, self.seats = game, seats
        self.weights, self.bias, self.made = weights, bias, made
        self._encoding = encoding_of(game, seats)
        self._space = action_space_of(game, seats)

    def chance(self, state: Any, seat: int, legal: Sequence[str], action: str) -> float:
        """The model's chance that ``seat``, seeing what it sees in ``state``, makes ``action`` among ``legal``."""
        x = self._encoding.observation_tensor(state.observation(seat)).astype(np.float32)
        frame = relative_ids(self.game, self.seats, seat)
        ids = [frame[self._space.id(a)] for a in legal]
        logits = self.weights[ids] @ x + self.bias[ids]
        logits -= logits.max()
        p = np.exp(logits)
        return float(p[list(legal).index(action)] / p.sum())

    def for_world(self) -> "Model":
        """The same model in every world: it keeps nothing from move to move (``inference.likelihood``)."""
        return self

    def __call__(self, state: Any, seat: int, legal: Sequence[str], action: str) -> float:
        return self.chance(state, seat, legal, action)

    def save(self, path: str | Path) -> None:
        np.savez_compressed(path, weights=self.weights, bias=self.bias, made=json.dumps(self.made))

    @classmethod
    def load(cls, game: Any, path: str | Path) -> "Model":
        with np.load(path) as data:
            made = json.loads(str(data["made"]))
            return cls(game, made["seats"], data["weights"], data["bias"], made)


def train(x: np.ndarray, mask: np.ndarray, chosen: np.ndarray, *, epochs: int = 60, rate: float = 0.01,
          batch: int = 512, l2: float = 1e-4, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Adam on the masked softmax's cross-entropy; the weights and bias."""
    rng = np.random.default_rng(seed)
    n, d = x.shape
    a = mask.shape[1]
    w, b = np.zeros((a, d), np.float32), np.zeros(a, np.float32)
    moments = [np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            rows = order[start:start + batch]
            xb, mb = x[rows], mask[rows]
            logits = np.where(mb, xb @ w.T + b, -np.inf)
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(rows)), chosen[rows]] -= 1.0
            gw = p.T @ xb / len(rows) + l2 * w
            gb = p.mean(axis=0)
            step += 1
            for value, grad, m, v in ((w, gw, moments[0], moments[1]), (b, gb, moments[2], moments[3])):
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                value -= rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return w, b


def log_loss(w: np.ndarray, b: np.ndarray, x: np.ndarray, mask: np.ndarray, chosen: np.ndarray) -> float:
    """Mean -log2 chance of the moves made (bits a decision)."""
    logits = np.where(mask, x @ w.T + b, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    logp = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    return float(-logp[np.arange(len(chosen)), chosen].mean() / np.log(2))
