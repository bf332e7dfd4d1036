"""The twin's speed-ups change nothing: the same races, legal actions never stale, the same draws."""

from __future__ import annotations

import json
import random

import pytest

from parlour.engine.record import record_of
from parlour.games import replay
from parlour.games.biggles import GAME
from parlour.games.biggles.bots import ReflexBot, TimedBot
from parlour.games.biggles.levels import LEVELS
from parlour.games.biggles.rules import all_actions
from parlour.games.biggles.twin import Reflexes, race
from parlour.bots import make_bot
from parlour.sim import simulate
from tests.biggles.test_golden import RECORDS, as_recorded

VARIANTS = (None, {"matches": 1, "deciders": 0}, {"cascade": True}, {"matches": 3})


@pytest.mark.parametrize("name", ["biggles-practised-vs-club.json", "biggles-newcomer-vs-casual-no-cascade.json"])
def test_the_golden_games_are_raced_again_action_for_action(name, tmp_path):
    """The golden records came from the twin: the same simulation seed races them again to the millisecond.

    A record raced by levels whose paces have changed since is raced again with ``simulate`` as here (the same seed,
    bots and variant) and written in its place: the newcomer-vs-casual one at round 14's paces."""
    golden = json.loads((RECORDS / name).read_text())
    index = golden["meta"]["game_index"]
    bots = [seat["player"].removeprefix("bot:") for seat in golden["seats"]]
    simulate(GAME, index + 1, golden["meta"]["simulation_seed"], bots, variant=golden["variant"], records_dir=tmp_path)
    again = json.loads(sorted(tmp_path.iterdir())[index].read_text())
    for key in ("seed", "deal", "actions"):
        assert again[key] == golden[key], key
    assert as_recorded(again["result"], golden["result"]) == golden["result"]


def test_raced_records_replay_through_the_rules_to_the_same_game():
    levels = sorted(LEVELS)
    for seed in range(120):
        variant = VARIANTS[seed % len(VARIANTS)]
        bots = [ReflexBot(0, 2 * seed, levels[seed % 4], speed=(0.7, 1.0, 1.6)[seed % 3]),
                ReflexBot(1, 2 * seed + 1, levels[(seed // 4) % 4])]
        state = race(GAME.new_state(seats=2, seed=seed, variant=variant), bots)
        again = replay(record_of(state))              # every action through the plain State.apply
        assert again.is_over and again.history == state.history
        assert again.result() == state.result() and again.points == state.points
        assert state.times == sorted(state.times) and len(state.times) == len(state.history)


def assert_legal_actions_fresh(state):
    for seat in (0, 1):
        # A clone works its legal actions out afresh: the cached ones must agree.
        assert state.legal_actions(seat) == state.clone().legal_actions(seat)


def test_cached_legal_actions_are_never_stale_in_a_race():
    for seed in range(25):
        state = GAME.new_state(seats=2, seed=seed, variant=VARIANTS[seed % len(VARIANTS)])
        reflexes = Reflexes(state, {0: ReflexBot(0, seed, "practised"), 1: ReflexBot(1, seed + 50, "newcomer")})
        for seat in (0, 1):
            reflexes.plan(seat, 0.0)
        while reflexes.step() is not None:
            assert_legal_actions_fresh(state)
        assert state.is_over


def test_cached_legal_actions_are_never_stale_in_random_play():
    for seed in range(25):
        rng = random.Random(seed)
        state = GAME.new_state(seats=2, seed=seed, variant=VARIANTS[seed % len(VARIANTS)])
        while not state.is_over:
            seat = rng.randrange(2)
            if rng.random() < 0.5:                     # ask about one seat only, now and then
                state.legal_actions(seat)
            else:
                assert_legal_actions_fresh(state)
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_apply_if_legal_stamps_a_legal_move_and_leaves_an_overtaken_one():
    state = GAME.new_state(seats=2, seed=4)
    assert state.apply_if_legal(0, "turn", 0.5) and state.history == [(0, "turn")] and state.times == [0.5]
    before = state.snapshot()
    assert not state.apply_if_legal(1, "stop 7", 0.6) and not state.apply_if_legal("1", "turn", 0.6)
    assert state.snapshot() == before and state.times == [0.5]


def test_delays_draw_exactly_as_random_gauss():
    """``delay`` writes out ``rng.gauss``: the same seconds from the same generator, draw for draw."""
    for level in LEVELS:
        for speed in (0.5, 1.0, 1.3):
            bot = ReflexBot(0, 99, level, speed=speed)
            twin = random.Random(99)
            turn, react = LEVELS[level]["turn"] / speed, LEVELS[level]["react"] / speed
            actions = [*all_actions(), "turn", "turn", "pickup"]
            for i in range(400):
                action = actions[i % len(actions)]
                if i % 7 == 3:                          # a notices() draw in between
                    assert bot.notices() == (twin.random() >= LEVELS[level]["miss"])
                mean = (react if action.startswith(("play", "stop")) else turn) * (2 if action == "pickup" else 1)
                assert bot.delay(action) == max(0.3 * mean, twin.gauss(mean, 0.15 * mean))


def test_changing_a_bots_pace_changes_its_delays():
    bot = ReflexBot(0, 1, "club")
    bot.delay("turn")
    bot.turn_time = 100.0
    assert bot.delay("turn") >= 30.0


def test_a_timed_random_bot_still_races_deterministically():
    def game():
        bots = [TimedBot(make_bot(GAME, "random", 0, 5)), ReflexBot(1, 6, "club")]
        return record_of(race(GAME.new_state(seats=2, seed=8), bots)).to_json()

    assert game() == game()
