import json

import pytest

from parlour.engine.errors import RecordError
from parlour.engine.record import GameRecord, record_of
from parlour.engine.conformance import random_playout
from parlour.games import get_game, replay

GAME = get_game("football-whist")


def finished_record(seed=3):
    return record_of(random_playout(GAME, seed, 4))


def test_record_holds_header_deal_and_actions():
    data = json.loads(finished_record().to_json())
    assert data["format"] == "parlour-record" and data["version"] == 1
    assert data["game"] == "football-whist" and data["rules_version"] == GAME.rules_version
    assert data["seed"] == 3 and len(data["seats"]) == 4
    assert set(data["deal"]) == {"cuts", "hands"}
    assert all(isinstance(seat, int) and isinstance(text, str) for seat, text in data["actions"])
    assert data["result"]["finished"] is True


def test_save_and_load(tmp_path):
    record = finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path) == GameRecord.from_json(record.to_json())
    assert not list(tmp_path.glob("*.tmp"))


def corrupt(change):
    data = json.loads(finished_record().to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "not valid JSON"),
        ("[]", "JSON object"),
        (corrupt(lambda d: d.update(format="other")), "not a Parlour record"),
        (corrupt(lambda d: d.update(version=99)), "newer than this Parlour reads"),
        (corrupt(lambda d: d.update(version="1")), "whole number"),
        (corrupt(lambda d: d.pop("actions")), "'actions' is missing"),
        (corrupt(lambda d: d.update(seed="x")), "seed"),
    ],
)
def test_corrupt_headers_are_refused(text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


@pytest.mark.parametrize(
    "change, index, message",
    [
        (lambda a: a.__setitem__(5, [a[5][0], "play Q7"]), 5, "not a card"),
        (lambda a: a.__setitem__(5, [(a[5][0] + 1) % 4, a[5][1]]), 5, "turn"),
        (lambda a: a.__setitem__(7, "play E1"), 7, "list"),
        (lambda a: a.__setitem__(2, [9, "stay"]), 2, "seat must be"),
        (lambda a: a.__setitem__(0, [a[0][0], "play E1"]), 0, "Kick off first"),
    ],
)
def test_first_bad_action_is_named(change, index, message):
    record = finished_record()
    change(record.actions)
    with pytest.raises(RecordError, match=message) as error:
        replay(record)
    assert error.value.index == index


def test_bad_deal_or_game_or_rules_version_refused():
    record = finished_record()
    record.deal = {"dealer": 0, "hands": [[["E1"] * 11] * 4] * 2}
    with pytest.raises(RecordError, match="twice"):
        replay(record)
    record = finished_record()
    record.rules_version = "0"
    with pytest.raises(RecordError, match="rules version"):
        replay(record)


def test_stated_result_must_match():
    record = finished_record()
    record.result = {"goals": {"A": 99, "B": 0}}
    with pytest.raises(RecordError, match="stated result"):
        replay(record)


def test_a_stated_result_may_lack_a_field_added_later_but_must_say_nothing_else():
    record = finished_record()
    given = replay(record).result()
    older = json.loads(json.dumps(given))
    del older["goals_by_half"][0]["A"]                     # detail below the top level: an older Parlour's result
    record.result = older
    assert replay(record).result() == given
    for wrong in ({k: v for k, v in given.items() if k != "winner"},           # a top-level field missing
                  {**given, "extra": 1},                                       # one the game does not give
                  {**given, "goals_by_half": given["goals_by_half"][:1]},      # a half missing
                  {**given, "finished": 1}):                                   # the same value, another kind
        record.result = wrong
        with pytest.raises(RecordError, match="stated result"):
            replay(record)


def test_unfinished_record_replays_to_the_middle():
    record = finished_record()
    record.actions = record.actions[:30]
    record.result = None
    state = replay(record)
    assert not state.is_over and len(state.history) == 30


def test_record_from_seed_only_rebuilds_the_deal():
    record = finished_record(seed=11)
    record.deal = None
    again = replay(record)
    assert again.deal == random_playout(GAME, 11, 4).deal


@pytest.mark.parametrize("entry, message", [
    ([1, "kick W3", "junk"], "time, a number"),
    ([1, "kick W3", 0.5, "more"], "each action is a list"),
    ([True, "kick W3"], "seat must be"),
])
def test_odd_action_entries_are_refused(entry, message):
    record = finished_record()
    record.actions[0] = entry
    with pytest.raises(RecordError, match=message) as error:
        replay(record)
    assert error.value.index == 0


def test_action_with_a_time_is_accepted():
    record = finished_record()
    record.actions[0] = [*record.actions[0], 1.25]
    assert replay(record).is_over
