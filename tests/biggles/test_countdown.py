"""The start of every match in a live game: everyone ready, a 3-2-1 count, and nobody moves before Go.

The live session runs on an injectable clock, so each test sets the clock
where it wants it: a move a tenth of a second before Go is refused and leaves
the table as it was; a bot's first move falls after Go; a match's end stops
the race until every person is ready; a race resumed mid-match counts again.
"""

from __future__ import annotations

import json

import pytest

from parlour.games.biggles import GAME
from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.session import COUNT, COUNTING, HAND_TURN, OVER, RUNNING, WAITING, LiveGame
from tests.biggles.conftest import Clock


def table(state):
    """Everything about the table that a move could change."""
    return json.dumps(state.snapshot(), sort_keys=True), list(state.history), list(state.times)


def quickest(seat: int, seed: int = 5) -> ReflexBot:
    return ReflexBot(seat, seed, "practised")


def test_the_count_is_three_seconds():
    assert COUNT == 3.0


def test_nothing_moves_before_every_person_is_ready():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=3)
    live = LiveGame(state, {1: quickest(1)}, clock=clock)
    assert live.phase == WAITING and live.waiting_for() == [0]
    before = table(state)
    clock.now = 100.0
    assert live.tick() == []                              # the bot waits too
    reason = live.act(0, "turn")
    assert reason is not None and reason.startswith("Wait for Go") and "ready" in reason
    assert table(state) == before and live.now() == 0.0   # the race clock stands still while waiting


def test_a_move_at_two_point_nine_seconds_is_refused_and_changes_nothing():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=3)
    live = LiveGame(state, {1: quickest(1)}, clock=clock)
    clock.now = 50.0
    assert live.ready_for(0) is None and live.phase == COUNTING
    assert live.go_in() == COUNT
    before = table(state)
    clock.now = 50.0 + 2.9
    assert live.act(0, "turn") == "Wait for Go: the match starts in 1 second."
    assert live.tick() == [] and table(state) == before
    clock.now = 50.0 + 1.5
    assert live.judge(0, "turn")[0] == "Wait for Go: the match starts in 2 seconds."
    clock.now = 50.0 + COUNT
    assert live.act(0, "turn") is None and live.phase == RUNNING
    assert state.history == [(0, "turn")] and state.times == [COUNT]       # stamped at Go on the race clock


def test_the_bot_acts_only_after_go():
    for seed in range(10):
        clock = Clock()
        state = GAME.new_state(seats=2, seed=seed)
        bot = quickest(1, seed)
        live = LiveGame(state, {1: bot}, clock=clock)
        clock.now = 7.0
        assert live.tick() == []                         # waiting for the person: nothing moves
        live.ready_for(0)
        for tenth in range(30):                          # the bot looks all through the count, and waits
            clock.now = 7.0 + tenth / 10
            assert live.tick() == [] and not state.history
        clock.now = 7.0 + COUNT + 10
        moves = live.tick()
        assert moves and all(seat == 1 for seat, _, _ in moves)
        assert min(state.times) >= COUNT + 0.3 * bot.turn_time        # its first turn takes it some time after Go


def test_bots_alone_start_their_counts_by_themselves():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=4, variant={"matches": 2, "deciders": 0})
    bots = {0: quickest(0, 1), 1: ReflexBot(1, 2, "club")}
    live = LiveGame(state, bots, clock=clock)
    assert live.phase == COUNTING and live.waiting_for() == []
    ends = []
    while not state.is_over:
        clock.now += 0.05
        done = live.tick()
        if live.phase == COUNTING and state.match_results and len(ends) < len(state.match_results):
            ends.append(len(state.history))
        assert clock.now < 1000, "the bots' game did not end"
    assert live.phase == OVER and len(ends) == 1 and done
    assert state.times[0] >= COUNT
    # match 2's first move came a count after match 1's winning move
    assert state.times[ends[0]] >= state.times[ends[0] - 1] + COUNT


def finish_match_one(clock, live, state):
    """Let the bot win match 1 while the person does nothing."""
    while not state.match_results:
        clock.now += 0.1
        live.tick()
        assert clock.now < 1000


def test_a_match_end_stops_the_race_until_everyone_is_ready_then_counts():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=6, variant={"matches": 2, "deciders": 0})
    live = LiveGame(state, {1: quickest(1)}, clock=clock)
    live.ready_for(0)
    finish_match_one(clock, live, state)
    ended = state.times[-1]
    assert live.phase == WAITING and live.waiting_for() == [0] and state.match_no == 1
    assert state.match_results[0]["winner"] == 1
    before = table(state)
    clock.now += 500                                     # the summary stays as long as the player likes
    assert live.tick() == [] and table(state) == before and live.now() == ended
    reason = live.act(0, "turn")
    assert reason == "Match 1 is over: match 2 starts once every player is ready."
    assert live.ready_for(0) is None and live.phase == COUNTING
    go = live.go_at
    assert go == pytest.approx(ended + COUNT)
    clock.now += COUNT - 0.1
    assert live.act(0, "turn").startswith("Wait for Go") and live.tick() == [] and table(state) == before
    clock.now += 20
    assert live.tick() and min(state.times[len(before[1]):]) >= go


def test_a_resumed_race_counts_again_before_anyone_may_move():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=3)
    live = LiveGame(state, {1: quickest(1)}, clock=clock)
    live.ready_for(0)
    clock.now = COUNT
    live.act(0, "turn")
    clock.now = COUNT + 4
    live.tick()
    paused = live.now()
    moved = len(state.history)
    assert moved > 1
    # the race pauses (or the server restarts) and resumes: the same state, a new session on a new clock
    clock.now = 1000.0
    resumed = LiveGame(state, {1: quickest(1, 9)}, clock=clock, elapsed=paused)
    assert resumed.phase == COUNTING and resumed.waiting_for() == [] and resumed.now() == paused
    clock.now += COUNT - 0.1
    assert resumed.act(0, "turn").startswith("Wait for Go: the match resumes in") and resumed.tick() == []
    assert len(state.history) == moved
    clock.now += 0.1
    assert resumed.act(0, "turn") is None and state.times[-1] == pytest.approx(paused + COUNT)


def test_a_race_resumed_between_matches_waits_for_ready_again():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=6, variant={"matches": 2, "deciders": 0})
    live = LiveGame(state, {1: quickest(1)}, clock=clock)
    live.ready_for(0)
    finish_match_one(clock, live, state)
    resumed = LiveGame(state, {1: quickest(1)}, clock=clock, elapsed=state.times[-1])
    assert resumed.phase == WAITING and resumed.waiting_for() == [0]


def test_ready_is_refused_in_words_when_nothing_waits_for_it():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=3, variant={"matches": 1, "deciders": 0})
    live = LiveGame(state, {1: quickest(1)}, clock=clock)
    assert "bot" in live.ready_for(1)
    assert live.ready_for(0) is None
    assert live.ready_for(0) == "Everyone is ready already: wait for Go."
    clock.now = COUNT
    live.tick()
    assert live.ready_for(0) == "The race is on: there is nothing to wait for."
    finish_match_one(clock, live, state)
    assert live.phase == OVER and live.ready_for(0) == "The game is over."
    assert live.act(0, "turn") == "The game is over."


def test_two_people_both_get_ready():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=3)
    live = LiveGame(state, {}, clock=clock)
    assert live.waiting_for() == [0, 1]
    live.ready_for(1)
    assert live.phase == WAITING and live.waiting_for() == [0]
    live.ready_for(1)                                    # saying it twice changes nothing
    assert live.phase == WAITING
    live.ready_for(0)
    assert live.phase == COUNTING and live.waiting_for() == []


def test_a_hand_turns_at_most_four_times_a_second():
    """A person's turns come no closer than HAND_TURN (ruling 13): a key held down is not a hand turning cards.
    A turn too soon is refused with the reason and changes nothing; a play in between is never held up."""
    clock = Clock()
    state = GAME.new_state(seats=2, seed=3)
    live = LiveGame(state, {}, clock=clock, count=0.0)       # two people: no bot moves between the keys
    assert live.ready_for(0) is None and live.ready_for(1) is None
    clock.now = 10.0
    assert live.act(0, "turn") is None
    before = table(state)
    clock.now += HAND_TURN / 2
    reason = live.act(0, "turn")
    assert reason is not None and reason.startswith("Too quick") and table(state) == before
    assert live.act(1, "turn") is None                       # the other hand is its own: not held up
    clock.now += HAND_TURN / 2 + 0.01
    assert live.act(0, "turn") is None                       # a quarter of a second on, the hand may turn again
    assert [a for s, a in state.history if s == 0] == ["turn", "turn"]
