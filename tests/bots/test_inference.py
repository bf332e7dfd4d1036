"""Worlds read from the others' moves: fair (nothing of the truth), tempered, and pulled toward what was played."""

from __future__ import annotations

import math
import random

import pytest

from parlour.bots import decide
from parlour.bots.inference import Reading, likelihood, temper
from parlour.bots.search import SearchBot
from parlour.bots.worlds import Worlds
from parlour.games import get_game

TURN_BASED = [("football-whist", 4), ("squadron-scramble", 3), ("british-towns-asking", 3), ("british-towns-sets", 2)]


def _played(game_id: str, seats: int, seed: int, moves: int):
    """A game ``moves`` actions in, every seat played by the game's own bot (so the model has something to read)."""
    game = get_game(game_id)
    state = game.new_state(seats=seats, seed=seed)
    bots = [game.bots[list(game.bots)[-1]](s, seed + s) for s in range(seats)]
    while not state.is_over and len(state.history) < moves:
        (seat,) = state.to_move
        state.apply(seat, decide(bots[seat], state, seat))
    (seat,) = state.to_move
    return game, state, seat


@pytest.mark.parametrize("game_id,seats", TURN_BASED)
def test_a_reading_is_the_same_in_the_truth_and_in_a_world_the_seat_cannot_tell_from_it(game_id, seats):
    """No peeking: the pool and its weights depend on the seat's view only, not on where the hidden cards are."""
    game, state, seat = _played(game_id, seats, seed=3, moves=12)
    other = state.resample(seat, random.Random(8))
    assert other.observation(seat) == state.observation(seat)
    first = Reading(Worlds(state, seat), game, random.Random(1), pool=8)
    second = Reading(Worlds(other, seat), game, random.Random(1), pool=8)
    assert first.weights == second.weights
    assert [w.snapshot() for w in first.pool] == [w.snapshot() for w in second.pool]


@pytest.mark.parametrize("game_id,seats", TURN_BASED)
def test_the_reading_expert_moves_alike_in_the_truth_and_in_a_world_the_seat_cannot_tell_from_it(game_id, seats):
    game, state, seat = _played(game_id, seats, seed=4, moves=10)
    other = state.resample(seat, random.Random(2))
    bot = SearchBot(seat, 11, game=game, iterations=20, reads=True)
    assert decide(bot, state, seat) == decide(bot, other, seat)


def test_a_move_the_model_would_make_makes_a_world_likelier_than_one_it_would_not():
    """Football Whist, the others played by its own bot: the true deal explains their moves better than most worlds."""
    game, state, seat = _played("football-whist", 4, seed=6, moves=30)
    truth = likelihood(state, game, seat)
    worlds = Worlds(state, seat)
    rng = random.Random(5)
    drawn = [likelihood(worlds.sample(rng), game, seat) for _ in range(20)]
    assert truth > sorted(drawn)[len(drawn) // 2]          # above the median world: the moves said something
    # every move kept possible: even the least likely world has a finite likelihood
    assert all(math.isfinite(value) for value in drawn)


def test_noise_one_reads_nothing_from_the_moves():
    game, state, seat = _played("british-towns-sets", 2, seed=2, moves=16)
    reading = Reading(Worlds(state, seat), game, random.Random(3), pool=6, noise=1.0)
    assert reading.weights == pytest.approx([1 / 6] * 6)
    assert reading.power == 1.0


def test_tempering_keeps_the_share_of_the_pool_asked_for():
    logs = [0.0, -1.0, -5.0, -20.0, -40.0, -60.0, -80.0, -100.0]
    power = temper(logs, keep=0.5)
    weights = [math.exp(power * log) for log in logs]
    effective = sum(weights) ** 2 / sum(w * w for w in weights)
    assert 0 < power < 1
    assert effective == pytest.approx(4.0, rel=1e-3)
    assert temper([-3.0, -3.0, -3.0], keep=0.9) == 1.0     # even weights need no tempering
