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
    """A discard that breaks up a pair says so, a lone card says only what it takes off the hand; a take names the
    set it completes and what it scores; a lay the points it puts down: the words the analysis sets beside the move
    made and the expert's."""
    from tests.squadron_scramble.conftest import make, run
    state = make([["P38/T", "P38/S", "KEF", "B17/T", "B17/S", "WEL/T", "DB3/T"],
                  ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]], pile="B17/F", stock=["I16/T"])
    taking = state.reasons(0)
    assert taking["take 1"] == "completes the Fortress set (30 points to lay); costs 10 points while held", taking
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
    # (review 26: a row restated the hand, "12 cards left in your hand", "two Lightning views in your hand")
    assert not any("in your hand" in text for text in play.values()), play
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


def test_a_take_says_which_set_it_brings_nearer_and_never_restates_the_hand():
    """(review 26: "two Lightning views in your hand") a card that makes a pair says what set it brings nearer: with
    a wild card held, a set to lay and its points; without, a set a view away."""
    from tests.squadron_scramble.conftest import make
    with_wild = make([["P38/T", "KEF", "B17/T", "WEL/T", "DB3/T", "I16/T", "CR42/T"],
                      ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]], pile="P38/S")
    assert with_wild.reasons(0)["take 1"].startswith("a Lightning set to lay with a wild card (15 points); "), \
        with_wild.reasons(0)
    bare = make([["P38/T", "B17/T", "WEL/T", "DB3/T", "I16/T", "CR42/T", "ME109/T"],
                 ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]], pile="P38/S")
    assert bare.reasons(0)["take 1"].startswith("brings the Lightning set within a view; "), bare.reasons(0)
    lone = make([["B17/T", "WEL/T", "DB3/T", "I16/T", "CR42/T", "ME109/T", "MI96/T"],
                 ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]], pile="P38/S")
    assert lone.reasons(0)["take 1"].startswith("nothing for your sets; "), lone.reasons(0)
    for state in (with_wild, bare, lone):
        assert not any("in your hand" in text for text in state.reasons(0).values())


def test_a_swap_says_what_it_takes_from_whose_set_and_a_lay_of_fighters_what_it_may_shoot_down():
    """VICTORY swapped out halves the set it leaves, and the wild card completes a pair of the hand; a set of
    fighters laid says which enemy bomber set it may shoot down, for how many points; the swap is told in the
    table's events: who, which card, for which wild card, out of whose set."""
    from tests.squadron_scramble.conftest import make, run
    state = make([["SM79/F", "P38/T", "P38/S", "WEL/T", "DB3/T", "I16/T", "CR42/T"],
                  ["SM79/T", "SM79/S", "VIC", "ME109/T", "BLE/S", "B17/S", "A17/S"]],
                 pile="DO26/T", stock=["KI99/T", "KI99/S", "DB3/S"], auto_name=True)
    run(state, "draw stock", "discard KI99/T", "draw stock", "lay SM79/T SM79/S VIC", "discard KI99/S", "draw stock")
    reasons = state.reasons(0)
    assert reasons["swap SM79/F 1"] == ("takes VICTORY out of another player's SM.79 set, halving it from 60 to 30 "
                                        "points; with it, a Lightning set to lay"), reasons
    run(state, "swap SM79/F 1")
    reasons = state.reasons(0)
    lay = reasons["lay P38/T P38/S VIC"]
    assert lay.startswith("puts 30 points on the table (Lightning set, doubled by VICTORY); uses a wild card of yours")
    # (the SM.79 set lost VICTORY: 30 points now)
    assert lay.endswith("; may shoot down another player's SM.79 set (+30)"), lay
    swaps = [e for e in state.observation(1)["events"] if e["event"] == "wild swapped"]
    assert swaps == [{"round": 1, "event": "wild swapped", "move": 6, "seat": 0, "set": 1, "owner": 1,
                      "plane": "SM79", "card": "SM79/F", "wild": "VIC"}], swaps
    assert state.history[6][1] == "swap SM79/F 1"
