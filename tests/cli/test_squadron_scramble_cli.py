"""Squadron Scramble through the ``parlour`` command: simulate, replay, and the naming prompt."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine.record import GameRecord
from tests.squadron_scramble.conftest import pack_for

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_simulate_with_players_is_reproducible():
    args = ("simulate", "squadron-scramble", "--players", "3", "--games", "6", "--seed", "4", "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    report = json.loads(first.output)
    assert report["seats"] == 3 and set(report["results"]["wins"]) == {"P1", "P2", "P3"}
    assert report["results"]["rounds_per_game"]["mean"] >= 1


def test_simulated_records_replay(tmp_path):
    result = invoke("simulate", "squadron-scramble", "--players", "4", "--games", "2", "--seed", "8",
                    "--bots", "heuristic,random,heuristic,random", "--out", str(tmp_path), "--records", "--json")
    assert result.exit_code == 0, result.output
    for index in range(2):
        check = invoke("replay", "--check", str(tmp_path), "--game", str(index))
        assert check.exit_code == 0 and json.loads(check.output)["finished"] is True


def naming_record(tmp_path):
    """A saved game in which the person (P1) holds the three views of the P-38 and moves first."""
    hands = [["P38/T", "P38/S", "P38/F", "B17/T", "WEL/T", "DB3/T", "A17/T"],
             ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]]
    record = GameRecord(
        game="squadron-scramble", rules_version="1", variant={}, seed=5,
        seats=[{"name": "P1", "player": "human"}, {"name": "P2", "player": "bot:heuristic"}],
        deal={"first_dealer": 1, "rounds": [pack_for(hands, "SM79/T", [], 1)]},
    )
    path = tmp_path / "naming.json"
    record.save(path)
    return path


def test_the_person_names_the_plane_in_words(tmp_path):
    path = naming_record(tmp_path)
    typed = "d\nlay P38/T P38/S P38/F\nSpitfire Britain\nLightning usa\nquit\n"
    result = invoke("play", "squadron-scramble", "--resume", str(path), input=typed)
    assert result.exit_code == 0, result.output
    assert "Not understood" in result.output                 # 'Spitfire' is no plane of this pack
    assert "names it the Lockheed P-38 Lightning, United States: correct" in result.output
    assert GameRecord.load(path).actions[-1] == [0, "name P38 US"]


def test_a_wrong_name_at_the_prompt_forfeits_a_turn(tmp_path):
    path = naming_record(tmp_path)
    typed = "d\nlay P38/T P38/S P38/F\nP-40 United States\ndiscard B17/T\nquit\n"
    result = invoke("play", "squadron-scramble", "--resume", str(path), input=typed)
    assert "WRONG - forfeits the next" in result.output
    assert "P1 forfeits a turn" in result.output


def test_a_whole_short_game_by_typed_choices(tmp_path):
    path = tmp_path / "g.json"
    result = invoke("play", "squadron-scramble", "--seed", "2", "--players", "3", "--record", str(path),
                    "--variant", "auto_name=true", "--variant", "max_rounds=1", input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "GAME OVER" in result.output and "ROUND 1 OVER" in result.output
    assert invoke("replay", "--check", str(path)).exit_code == 0
