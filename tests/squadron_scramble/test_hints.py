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
