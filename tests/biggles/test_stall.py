"""A bot in a live race never goes quiet unnoticed: it sees a person's move at once, a bot left with no move under
way though it could move gets one, and a bot that has made no move for ``STALL`` seconds is named (the server
says so at the table: tests/web/test_biggles_start.py)."""

from __future__ import annotations

from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.session import COUNT, STALL, LiveGame
from tests.biggles.conftest import make


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def running(seed: int = 1, bot: ReflexBot | None = None) -> tuple[LiveGame, Clock]:
    """Ann (a person) against a practised bot, just after Go; Ann's pile will show black 1, the bot's red 1."""
    state = make(blue=("K2", "K3", "K1"), red=("K2", "K3", "R1"))
    clock = Clock()
    live = LiveGame(state, {1: bot or ReflexBot(1, seed, "practised")}, clock=clock)
    assert live.ready_for(0) is None
    clock.now = COUNT
    live.tick()
    return live, clock


def test_a_bot_looks_again_when_a_persons_play_gives_it_a_stop():
    noticed = 0
    for seed in range(10):
        live, clock = running(seed)
        clock.now += 0.01
        assert live.act(0, "turn") is None
        while not any(seat == 1 for seat, _ in live.state.history):   # the bot turns its first three: red 1
            clock.now += 0.05
            live.tick()
        clock.now += 0.01
        assert live.act(0, "play 1") is None and "stop 1" in live.state.legal_actions(1)
        pending = live.reflexes.pending[1]
        noticed += pending is not None and pending[2] == "stop 1"
    # it goes for the stop at once, unless it misses the chance or its turn under way comes sooner
    assert noticed >= 3


def test_a_bot_left_without_a_move_under_way_gets_one():
    live, clock = running()
    live.reflexes.pending[1] = None              # a wake-up lost
    clock.now += 0.1
    live.tick()
    assert live.reflexes.pending[1] is not None
    clock.now += 5.0
    live.tick()
    assert any(seat == 1 for seat, _ in live.state.history)


def test_a_bot_quiet_for_long_though_it_could_move_is_named():
    slow = ReflexBot(1, 1, "practised")
    slow.delay = lambda action: 60.0             # type: ignore[method-assign]  # a server that cannot keep up
    live, clock = running(bot=slow)
    clock.now += STALL - 0.5
    live.tick()
    assert live.stalled() == []
    clock.now += 1.0
    live.tick()
    assert live.stalled() == [1]
    clock.now = COUNT + 60.0 / 2 + 0.1          # its turn at last (the live pace halves a level's delay)
    live.tick()
    assert any(seat == 1 for seat, _ in live.state.history) and live.stalled() == []
