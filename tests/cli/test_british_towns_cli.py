"""Both British Towns games through the ``parlour`` command."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine.record import GameRecord

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


@pytest.mark.parametrize("game, players", [("british-towns-asking", "5"), ("british-towns-sets", "3")])
def test_simulate_is_reproducible_and_records_replay(game, players, tmp_path):
    args = ("simulate", game, "--players", players, "--games", "4", "--seed", "6", "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert json.loads(first.output)["seats"] == int(players)
    result = invoke(*args[:-1], "--records", str(tmp_path), "--json")
    assert result.exit_code == 0
    for path in tmp_path.glob("*.json"):
        check = invoke("replay", "--check", str(path))
        assert check.exit_code == 0 and json.loads(check.output)["finished"] is True


def test_asking_game_typed_asks(tmp_path):
    path = tmp_path / "ask.json"
    result = invoke("play", "british-towns-asking", "--seed", "3", "--players", "4", "--record", str(path),
                    input="P2 Atlantis\nP2 crewe\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Not understood" in result.output                       # no such town
    assert "P1 asks P2 for CREWE" in result.output                  # 'P2 crewe' read as 'ask P2 CREWE'
    assert "Every ask so far" in result.output
    assert [0, "ask P2 CREWE"] in GameRecord.load(path).actions


def test_sets_game_played_to_the_end_by_typed_choices(tmp_path):
    path = tmp_path / "sets.json"
    result = invoke("play", "british-towns-sets", "--seed", "5", "--record", str(path), input="1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "GAME OVER" in result.output
    assert invoke("replay", "--check", str(path)).exit_code == 0
    assert invoke("replay", str(path)).exit_code == 0


def test_each_game_gets_its_own_bot_by_default():
    report = json.loads(invoke("simulate", "british-towns-asking", "--games", "2", "--json").output)
    assert report["bots"] == ["remembering"] * 3
    report = json.loads(invoke("simulate", "british-towns-sets", "--games", "2", "--json").output)
    assert report["bots"] == ["heuristic"] * 2


def test_simulate_counts_games_stopped_at_the_ceiling_and_carries_on(monkeypatch):
    import parlour.sim
    monkeypatch.setattr(parlour.sim, "MAX_ACTIONS", 60)        # sets games take about 60 to 150 actions
    result = invoke("simulate", "british-towns-sets", "--games", "30", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)["results"]
    stopped = report["ceiling"]["games"]
    assert report["ceiling"]["max_actions"] == 60 and 0 < stopped < 30
    assert report["ended"] + stopped == 30 and report["actions_per_game"]["longest"] == 60
    wins = sum(w["wins"] for w in report["wins"].values())
    assert wins + report["draws"]["count"] == report["ended"]            # a stopped game is neither
    text = invoke("simulate", "british-towns-sets", "--games", "30", "--seed", "1")
    assert text.exit_code == 0
    assert f"Ended: {30 - stopped} of 30 games; stopped unfinished at the ceiling of 60 actions: {stopped}" in text.output


def test_asking_game_accepts_the_number_of_a_listed_choice():
    from parlour.terminal import british_towns as bt
    legal = ("ask P2 DOVER", "ask P3 DOVER")
    assert bt.expand_asking("2", {"phase": "ask"}, legal) == "ask P3 DOVER"
