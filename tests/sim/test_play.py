"""A bot's view is built only for a bot that reads it, and skipping it changes no game."""

import pytest

from parlour.bots import RandomBot, make_bot
from parlour.games import get_game
from parlour.sim import play_game


@pytest.fixture
def views(monkeypatch):
    """Count the observations built for a seat (a spectator's view is not counted)."""
    counted = {"n": 0}
    state_type = type(get_game("squadron-scramble").new_state(seats=3, seed=1))
    original = state_type.observation

    def observation(self, seat=None):
        counted["n"] += seat is not None
        return original(self, seat)

    monkeypatch.setattr(state_type, "observation", observation)
    return counted


def _game(bots, seed=5):
    game = get_game("squadron-scramble")
    players = [make_bot(game, name, seat, seed + seat) for seat, name in enumerate(bots)]
    return play_game(game, players, seats=3, seed=seed, variant={"max_rounds": 2})


def test_random_bots_are_never_shown_the_table_and_play_the_same_game(views, monkeypatch):
    skipped = _game(["random"] * 3)
    assert views["n"] == 0 and skipped.is_over
    monkeypatch.setattr(RandomBot, "reads_observation", True)          # as if it read the table after all
    shown = _game(["random"] * 3)
    assert views["n"] == len(shown.history)                            # a view at every decision
    assert shown.history == skipped.history and shown.result() == skipped.result()


def test_a_bot_that_reads_the_table_gets_its_seat_view(views):
    state = _game(["heuristic", "random", "random"])
    heuristic_turns = sum(1 for seat, _ in state.history if seat == 0)
    assert views["n"] == heuristic_turns > 0
