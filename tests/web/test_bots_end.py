"""Tables of bots alone end: the bot the server seats by default finishes every turn-by-turn game, at its fewest and
its most seats, far inside the server's move ceiling.  (Random bots may not: four of them at Squadron Scramble seldom
reach 250 points, and the ceiling is what closes such a table; see test_attacks.py.)"""

from __future__ import annotations

import pytest

from parlour.bots import default_bot, make_bot
from parlour.games import GAMES
from parlour.web.registry import MAX_MOVES

TURN_BY_TURN = [g for g in GAMES.values() if not g.real_time]


@pytest.mark.parametrize("game", TURN_BY_TURN, ids=lambda g: g.id)
def test_the_default_bots_end_every_game_under_the_default_rules(game):
    default = default_bot(game)                         # what Tables.open seats when no bot is named
    for seats in sorted({game.seat_counts[0], game.seat_counts[-1]}):
        for seed in range(3):
            state = game.new_state(seats=seats, seed=seed)
            bots = {s: make_bot(game, default, s, seed + s) for s in range(seats)}
            for _ in range(MAX_MOVES // 10):
                if state.is_over:
                    break
                seat = min(state.to_move)
                state.apply(seat, bots[seat].act(state.observation(seat), state.legal_actions(seat)))
            assert state.is_over, (game.id, seats, seed, len(state.history))
