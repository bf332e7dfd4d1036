"""The learned model of the others: it learns what decides a move, its chances add up, it keeps, it reads fairly."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour.bots.inference import Reading
from parlour.bots.learned import Model, log_loss, train
from parlour.bots.worlds import Worlds
from parlour.engine.numbers import action_space_of, encoding_of
from parlour.games import get_game


def test_training_finds_the_feature_that_decides_the_move():
    """Move 0 when the first feature is on, move 1 otherwise, among three legal: the loss falls far below even odds."""
    rng = np.random.default_rng(1)
    x = rng.integers(0, 2, size=(600, 5)).astype(np.float32)
    mask = np.ones((600, 3), dtype=bool)
    chosen = np.where(x[:, 0] == 1, 0, 1)
    before = log_loss(np.zeros((3, 5), np.float32), np.zeros(3, np.float32), x, mask, chosen)
    w, b = train(x, mask, chosen, epochs=80, rate=0.05)
    assert before == pytest.approx(np.log2(3))
    assert log_loss(w, b, x, mask, chosen) < 0.2
    # a move never legal in the data is never given weight through the mask
    assert log_loss(w, b, x, mask & np.array([True, True, False]), chosen) < log_loss(w, b, x, mask, chosen)


def _model(game, seats: int, seed: int = 0) -> Model:
    size = encoding_of(game, seats).observation_tensor(game.new_state(seats=seats, seed=1).observation(0)).shape[0]
    rng = np.random.default_rng(seed)
    space = action_space_of(game, seats)
    return Model(game, seats, rng.normal(0, 0.3, (space.size, size)).astype(np.float32),
                 np.zeros(space.size, np.float32), {"seats": seats, "game": game.id})


def test_the_chances_of_the_legal_moves_add_up_to_one_and_the_model_keeps(tmp_path):
    game = get_game("football-whist")
    model = _model(game, 4)
    state = game.new_state(seats=4, seed=2)
    (seat,) = state.to_move
    legal = state.legal_actions(seat)
    chances = [model.chance(state, seat, legal, a) for a in legal]
    assert sum(chances) == pytest.approx(1.0) and len(set(chances)) > 1
    model.save(tmp_path / "m.npz")
    again = Model.load(game, tmp_path / "m.npz")
    assert [again.chance(state, seat, legal, a) for a in legal] == chances


def test_a_reading_with_the_learned_model_sees_nothing_the_seat_cannot():
    game = get_game("british-towns-sets")
    state = game.new_state(seats=2, seed=3)
    rng = random.Random(4)
    while len(state.history) < 14:
        (seat,) = state.to_move
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    (seat,) = state.to_move
    other = state.resample(seat, random.Random(5))
    model = _model(game, 2)
    first = Reading(Worlds(state, seat), game, random.Random(1), pool=6, noise=0.1, model=model)
    second = Reading(Worlds(other, seat), game, random.Random(1), pool=6, noise=0.1, model=model)
    assert first.weights == second.weights and len(set(first.weights)) > 1
