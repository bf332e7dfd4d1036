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


def test_simulate_keeps_records_that_check(tmp_path):
    result = invoke("simulate", "football-whist", "--games", "3", "--seed", "5", "--out", str(tmp_path), "--records",
                    "--json")
    assert result.exit_code == 0, result.output
    for index in range(3):
        check = invoke("replay", "--check", str(tmp_path), "--game", str(index))
        assert check.exit_code == 0 and json.loads(check.output)["ok"] is True
    missing = invoke("replay", "--check", str(tmp_path), "--game", "3")
    assert missing.exit_code == 1 and "has no game 3" in missing.output
    assert invoke("replay", "--check", str(tmp_path)).exit_code == 1            # a folder needs --game
    assert invoke("simulate", "football-whist", "--records").exit_code == 2     # records are kept with --out


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
    assert "A kick-off puts the ball on a badge next to the centre circle" in result.output
    assert "Kick off first: put the ball on a badge next to the centre circle" in result.output
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
    names = {v["name"] for v in fw["variants"]}
    assert names == {"own_goals", "centre_stops_double", "after_goal_lead", "idle_last_move"}
    assert {v["name"]: v["label"] for v in fw["variants"]}["own_goals"] == "Own goals count"
    assert "--variant own_goals=...  Own goals count, default False" in invoke("games").output


def test_resumed_game_plays_on_exactly_as_an_uninterrupted_one(tmp_path):
    straight, broken = tmp_path / "straight.json", tmp_path / "broken.json"
    common = ("play", "football-whist", "--seed", "11", "--bots", "random")
    assert invoke(*common, "--record", str(straight), input="1\n" * 300).exit_code == 0
    assert invoke(*common, "--record", str(broken), input="1\n" * 7 + "quit\n").exit_code == 0
    assert GameRecord.load(broken).result is None
    assert invoke("play", "football-whist", "--resume", str(broken), input="1\n" * 300).exit_code == 0
    assert GameRecord.load(broken).actions == GameRecord.load(straight).actions


def test_resume_takes_the_human_seat_from_the_record(tmp_path):
    path = tmp_path / "g.json"
    invoke("play", "football-whist", "--seed", "2", "--seat", "3", "--record", str(path), input="quit\n")
    record = GameRecord.load(path)
    record.seats[1]["player"] = None          # an odd entry must not crash a resume
    record.save(path)
    result = invoke("play", "football-whist", "--resume", str(path), input="1\n" * 300)
    assert result.exit_code == 0, result.output
    assert "You are B2" in result.output


def test_bad_deal_in_a_record_is_reported_not_crashed(tmp_path):
    record = json.loads(GOLDEN.read_text())
    record["deal"]["cuts"] = [[["E1"], "E2", "E3", "E4"]]
    path = tmp_path / "bad-deal.json"
    path.write_text(json.dumps(record))
    result = invoke("replay", "--check", str(path))
    assert result.exit_code == 1
    out = json.loads(result.output)
    assert out["ok"] is False and out["index"] is None and "not a card" in out["error"]


def test_replay_refuses_a_seat_that_does_not_exist():
    result = invoke("replay", str(GOLDEN), "--seat", "-1", "--json")
    assert result.exit_code == 2 and "--seat must be 0 to 3" in result.output


def test_simulate_out_into_a_file_fails_clearly(tmp_path):
    target = tmp_path / "file.json"
    target.write_text("{}")
    result = invoke("simulate", "football-whist", "--games", "1", "--out", str(target))
    assert result.exit_code == 2 and "cannot write to" in result.output
