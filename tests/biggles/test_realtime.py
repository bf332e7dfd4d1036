"""Real time: the discrete-event twin, the wall-clock session, and the cycle of matches."""

from __future__ import annotations

from rich.console import Console

from parlour.engine.record import record_of
from parlour.games import replay
from parlour.games.biggles import GAME
from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.session import COUNT, LiveGame
from parlour.games.biggles.twin import race
from parlour.sim import simulate
from parlour.terminal.biggles import key_action, play_live
from parlour.tournaments.biggles_cycle import run_cycle, schedule
from tests.biggles.conftest import Clock, make


def bots(a="club", b="club", seeds=(1, 2)):
    return [ReflexBot(0, seeds[0], a), ReflexBot(1, seeds[1], b)]


def test_the_twin_is_deterministic_and_its_record_replays():
    first = race(GAME.new_state(seats=2, seed=7), bots())
    second = race(GAME.new_state(seats=2, seed=7), bots())
    assert record_of(first).to_json() == record_of(second).to_json()
    assert first.times == sorted(first.times) and first.times[-1] > 5      # simulated seconds, in order
    assert replay(record_of(first)).result() == first.result()


def test_faster_reflexes_win_and_equal_ones_are_close_to_even():
    fast = simulate(GAME, 60, 1, ["practised", "newcomer"])
    assert fast["results"]["wins"]["P1"]["ci95"][0] > 0.9
    even = simulate(GAME, 200, 2, ["club", "club"])
    low, high = even["results"]["wins"]["P1"]["ci95"]
    assert low < 0.5 < high


def test_stale_bot_moves_are_refused_in_the_race_and_it_recovers():
    refused = 0
    for seed in range(30):
        state = GAME.new_state(seats=2, seed=seed)
        from parlour.games.biggles.twin import Reflexes
        reflexes = Reflexes(state, dict(enumerate(bots(seeds=(seed, seed + 100)))))
        for s in (0, 1):
            reflexes.plan(s, 0.0)
        while not state.is_over:
            done = reflexes.fire_due(reflexes.next_time())
            refused += sum(1 for _, _, ok in done if not ok)
    assert refused > 0            # races where the other player got there first do happen


def test_live_session_bot_acts_when_due_and_a_person_can_be_too_late():
    clock = Clock()
    state = GAME.new_state(seats=2, seed=3)
    live = LiveGame(state, {1: ReflexBot(1, 5, "practised")}, clock=clock)
    assert live.ready_for(0) is None              # ready: the count runs (tests/biggles/test_countdown.py)
    clock.now = COUNT
    assert live.tick() == []                      # nothing is due at Go
    clock.now = COUNT + 0.2
    assert live.act(0, "turn") is None
    clock.now = 30.0
    moves = live.tick()
    assert moves and all(seat == 1 for seat, _, _ in moves)
    assert state.times[0] == COUNT + 0.2 and state.times[-1] <= 30.0
    refused = live.act(0, "stop 7")
    assert refused and "red stopper" in refused or "too late" in refused or "pile" in refused


def test_keys_mean_the_move_the_screen_showed():
    state = make(blue=("K5", "R2", "K1"))
    state.apply(0, "turn")
    shown = state.observation(0)
    assert key_action("p", shown, 0) == "play 1" and key_action("t", shown, 0) == "turn"
    assert key_action("s", shown, 0) == "stop 1" and key_action("x", shown, 0) is None


def test_terminal_live_game_with_typed_keys(tmp_path):
    clock = Clock()
    # Enter says ready; a key before Go is refused; the clock runs half a second a look, past the count
    keys = iter(["\n", "t"] + [None] * 8 + ["t", None, "p", "x", "q"])

    def advancing():
        clock.now += 0.5
        return clock.now

    console = Console(record=True, width=100, color_system=None)
    state = play_live(console, GAME.new_state(seats=2, seed=9), 0, ReflexBot(1, 2, "practised"),
                      keys=keys, clock=advancing)
    text = console.export_text()
    assert "Press Enter (or r) when you are ready for match 1" in text
    assert "refused: Wait for Go: the match starts in" in text and "starts in ... 1" in text and "GO!" in text
    assert "you: turn" in text and "nothing to do with 'x'" in text and "bot:" in text
    assert state.history[0] in ((0, "turn"), (1, "turn"))


def test_cycle_schedule_gives_everyone_two_matches_a_round():
    assert schedule(["A", "B", "C"]) == [("A", "B"), ("B", "C"), ("C", "A")]
    assert schedule(["A", "B"]) == [("A", "B"), ("B", "A")]      # two players: packs exchanged
    pairs = schedule(["A", "B", "C", "D"], rounds=2)
    assert all(sum(p in pair for pair in pairs) == 4 for p in "ABCD")


def test_cycle_table_and_a_decider_on_a_tie():
    report = run_cycle({"ann": "newcomer", "bob": "practised", "cat": "club"}, rounds=2, seed=1)
    rows = {r["player"]: r for r in report["table"]}
    assert all(r["played"] == 4 for r in rows.values())
    assert report["champion"] == "bob" and report["table"][0]["player"] == "bob"
    assert sum(r["won"] for r in rows.values()) == len(report["matches"]) == 6
    even = run_cycle({"a": "club", "b": "club"}, rounds=1, seed=4)
    if even["table"][0]["points"] == even["table"][1]["points"]:
        assert even["deciding_matches"] and even["champion"]
    assert even["champion"] in ("a", "b")


def test_a_seedless_deal_must_hold_every_match():
    import pytest
    from parlour.engine.errors import DealError
    from tests.biggles.conftest import pack
    one = {"blue": pack(), "red": pack()}
    with pytest.raises(DealError, match="gives 1 matches; the game has 3"):
        GAME.new_state(seats=2, deal={"matches": [one]})


def test_the_champion_heads_the_table_when_a_decider_settled_it():
    for seed in range(40):
        report = run_cycle({"a": "club", "b": "club", "c": "club"}, seed=seed)
        assert report["table"][0]["player"] == report["champion"]


def test_odd_seats_have_no_actions():
    state = GAME.new_state(seats=2, seed=1)
    assert state.legal_actions([]) == () and state.legal_actions(5) == ()
