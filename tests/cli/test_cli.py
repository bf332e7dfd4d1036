"""The ``parlour`` command end to end, as a person or a script would use it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine.record import GameRecord

runner = CliRunner()
GOLDEN = Path(__file__).parent.parent / "records" / "football-whist-heuristic.json"


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_simulate_json_is_reproducible_and_complete():
    args = ("simulate", "football-whist", "--games", "40", "--seed", "9", "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    report = json.loads(first.output)
    assert report["game"] == "football-whist" and report["games"] == 40 and report["seed"] == 9
    wins = report["results"]["wins"]
    assert set(wins) == {"A", "B"}
    assert sum(w["wins"] for w in wins.values()) + report["results"]["draws"]["count"] == 40
    for row in wins.values():
        assert row["ci95"][0] <= row["rate"] <= row["ci95"][1]
    goals = report["results"]["goals_per_match"]
    assert sum(goals["distribution"].values()) == 40
    assert set(report["results"]["goals_by_half"]) == {"half_1", "half_2"}


def test_simulate_other_seed_differs_and_text_report_prints():
    a = invoke("simulate", "football-whist", "--games", "30", "--seed", "1", "--json")
    b = invoke("simulate", "football-whist", "--games", "30", "--seed", "2", "--json")
    assert a.output != b.output
    text = invoke("simulate", "football-whist", "--games", "20", "--seed", "1", "--bots", "heuristic,random,heuristic,random")
    assert text.exit_code == 0 and "Goals per match" in text.output and "95% interval" in text.output


def test_simulate_writes_records_that_check(tmp_path):
    result = invoke("simulate", "football-whist", "--games", "3", "--seed", "5", "--records", str(tmp_path), "--json")
    assert result.exit_code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    for path in files:
        check = invoke("replay", "--check", str(path))
        assert check.exit_code == 0 and json.loads(check.output)["ok"] is True


def test_replay_check_good_and_bad(tmp_path):
    good = invoke("replay", "--check", str(GOLDEN))
    assert good.exit_code == 0
    out = json.loads(good.output)
    assert out["ok"] and out["finished"] and out["result"]["goals"] == {"A": 3, "B": 1}

    record = GameRecord.load(GOLDEN)
    record.actions[40] = [record.actions[40][0], "move EG"] if record.actions[40][1] != "move EG" else [0, "stay"]
    bad_path = tmp_path / "bad.json"
    record.save(bad_path)
    bad = invoke("replay", "--check", str(bad_path))
    assert bad.exit_code == 1
    assert json.loads(bad.output)["index"] == 40

    (tmp_path / "junk.json").write_text("{oops")
    junk = invoke("replay", "--check", str(tmp_path / "junk.json"))
    assert junk.exit_code == 1 and "not valid JSON" in junk.output


def test_replay_shows_the_game_move_by_move():
    result = invoke("replay", str(GOLDEN))
    assert result.exit_code == 0, result.output
    assert "kicks off" in result.output and "GOAL" in result.output and "FULL TIME" in result.output
    as_json = json.loads(invoke("replay", str(GOLDEN), "--json", "--seat", "2").output)
    assert len(as_json["steps"]) == 122 and "hand" in as_json["steps"][0]["observation"]


def test_play_a_whole_match_with_typed_input(tmp_path):
    path = tmp_path / "mine.json"
    typed = "Z9\nplay E99\nhelp\n" + "1\n" * 300
    result = invoke("play", "football-whist", "--seed", "12", "--seat", "1", "--record", str(path), input=typed)
    assert result.exit_code == 0, result.output
    assert "Not understood" in result.output
    assert "FULL TIME" in result.output
    record = GameRecord.load(path)
    assert record.seats[1]["player"] == "human" and record.result is not None
    assert invoke("replay", "--check", str(path)).exit_code == 0


def test_illegal_typed_move_is_explained_and_asked_again(tmp_path):
    # Seed 3: seat 0 kicks off first, so a kick to the centre and a ball move are both refused.
    result = invoke("play", "football-whist", "--seed", "3", "--record", str(tmp_path / "g.json"),
                    input="kick C\nmove W1\nquit\n")
    assert result.exit_code == 0
    assert "Not allowed: a kick-off goes from the centre circle to a neighbouring badge" in result.output
    assert "Not allowed: you must kick off first" in result.output
    assert GameRecord.load(tmp_path / "g.json").actions == []


def test_quit_saves_and_resume_continues(tmp_path):
    path = tmp_path / "g.json"
    first = invoke("play", "football-whist", "--seed", "4", "--record", str(path), input="1\n1\n1\nquit\n")
    assert first.exit_code == 0 and "--resume" in first.output
    saved = GameRecord.load(path)
    assert saved.result is None and len(saved.actions) > 0
    second = invoke("play", "football-whist", "--resume", str(path), input="1\n" * 300)
    assert second.exit_code == 0 and "FULL TIME" in second.output
    done = GameRecord.load(path)
    assert done.actions[: len(saved.actions)] == saved.actions and done.result is not None


def test_unknown_game_and_bad_options_fail_clearly():
    result = invoke("simulate", "chess")
    assert result.exit_code == 2 and "no game called 'chess'" in result.output
    result = invoke("simulate", "football-whist", "--bots", "genius")
    assert result.exit_code == 2 and "no bot called 'genius'" in result.output
    result = invoke("simulate", "football-whist", "--variant", "own_goals=perhaps")
    assert result.exit_code == 2 and "true or false" in result.output
    result = invoke("replay", "/nonexistent/record.json")
    assert result.exit_code == 2 and "cannot read" in result.output


def test_games_lists_football_whist():
    data = json.loads(invoke("games", "--json").output)
    (fw,) = [g for g in data if g["id"] == "football-whist"]
    assert fw["seats"] == [4] and "heuristic" in fw["bots"]
    assert {v["name"] for v in fw["variants"]} == {"own_goals", "centre_stops_double", "after_goal_lead"}
