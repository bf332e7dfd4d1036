"""No hint at a naming step: in the plane-spotting game it is the test, and where the cards print the names a hint
would only say one back."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from parlour.engine.record import GameRecord, replay
from parlour.games import get_game

RECORDS = Path(__file__).resolve().parents[1] / "records"
GAME = get_game("squadron-scramble")


def _states(recognition: bool):
    """Each decision of a recorded game, played again with the plane-spotting option on or off (it changes
    no rule): the mover's observation, and the phase, before each move."""
    record = GameRecord.load(RECORDS / "squadron-scramble-heuristic-vs-random.json")
    record = dataclasses.replace(record, variant={**record.variant, "recognition": recognition})
    state = replay(dataclasses.replace(record, actions=[], result=None), GAME)
    for seat, text, *_ in record.actions:
        yield state.observation(seat), state.phase
        state.apply(seat, state.parse_action(text))


def test_no_hint_at_the_naming_step_of_the_plane_spotting_game_and_only_there():
    phases = {"name": 0, "other": 0}
    for observation, phase in _states(recognition=True):
        reason = GAME.hint_withheld(observation)
        if phase == "name":
            phases["name"] += 1
            assert reason and "naming a plane" in reason and "test" in reason
        else:
            phases["other"] += 1
            assert reason is None, phase
    assert phases["name"] and phases["other"]


def test_where_the_cards_show_the_names_only_the_naming_step_has_no_hint():
    steps = 0
    for observation, phase in _states(recognition=False):
        reason = GAME.hint_withheld(observation)
        if phase == "name":
            steps += 1
            assert reason and "naming a plane" in reason and "your cards show" in reason
        else:
            assert reason is None, phase
    assert steps
    assert get_game("football-whist").hint_withheld({"phase": "name", "recognition": True}) is None


# -- what each move does, in words (the hint's rows and the analysis) ------------------------------------------------

def test_each_move_says_what_it_does_from_the_seats_own_hand_and_the_table():
    """A discard that breaks up a pair says so, a lone card says only what it takes off the hand; a take names what
    it completes; a lay the points it puts down: the words the analysis sets beside the move made and the expert's."""
    from tests.squadron_scramble.conftest import make, run
    state = make([["P38/T", "P38/S", "KEF", "B17/T", "B17/S", "WEL/T", "DB3/T"],
                  ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]], pile="B17/F", stock=["I16/T"])
    taking = state.reasons(0)
    assert taking["take 1"].startswith("gives you all three Fortress views"), taking
    assert "the table sees it go into your hand" in taking["take 1"]
    assert taking["draw stock"] == "an unseen card: the others learn nothing of your hand"
    assert state.reasons(1) == {}, "a seat not to move is told nothing"
    run(state, "draw stock")
    play = state.reasons(0)
    assert play["discard P38/T"] == "breaks up your two Lightning views; 5 points off your hand"
    assert play["discard DB3/T"] == "10 points off your hand"
    assert play["discard KEF"].startswith("gives a wild card to the pile")
    lay = next(a for a in play if a.startswith("lay P38"))
    assert play[lay].startswith("puts 15 points on the table (Lightning set)")
    assert "uses a wild card of yours" in play[lay]
    # the words come from what the seat sees: the other hand changed, the words stay
    other = make([["P38/T", "P38/S", "KEF", "B17/T", "B17/S", "WEL/T", "DB3/T"],
                  ["BLE/T", "BLE/F", "P40/T", "P40/F", "F2A/T", "F2A/F", "A17/F"]], pile="B17/F", stock=["I16/T"])
    run(other, "draw stock")
    assert other.reasons(0) == play


def test_no_words_that_would_name_a_plane_in_plane_spotting_nor_at_the_naming_step():
    from tests.squadron_scramble.conftest import make, run
    hands = [["P38/T", "P38/S", "P38/F", "B17/T", "B17/S", "WEL/T", "DB3/T"],
             ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]]
    assert make(hands, recognition=True).reasons(0) == {}
    state = make(hands, auto_name=False)
    run(state, "draw stock", "lay P38/T P38/S P38/F")
    assert state.phase == "name" and state.reasons(0) == {}
