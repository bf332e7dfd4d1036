"""Biggles through the ``parlour`` command: simulate, the speed sweep, the tournament, live play."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from parlour.cli import app

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_simulate_two_bot_settings_is_reproducible():
    args = ("simulate", "biggles", "--bots", "practised,newcomer", "--games", "20", "--seed", "3", "--json")
    first, second = invoke(*args), invoke(*args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    report = json.loads(first.output)
    assert report["results"]["wins"]["P1"]["rate"] > 0.8
    assert set(report["results"]["points"]) == {"P1", "P2"}


def test_sweep_writes_a_plot_and_a_table(tmp_path):
    result = invoke("simulate", "biggles", "--sweep", "--out", str(tmp_path), "--games", "4", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert len(report["results"]) == 11
    png, csv = tmp_path / "biggles-speed-sweep.png", tmp_path / "biggles-speed-sweep.csv"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and csv.read_text().startswith("speed_factor,")
    assert invoke("simulate", "biggles", "--sweep").exit_code == 2         # needs --out


def test_tournament_prints_the_table():
    result = invoke("tournament", "biggles", "--players", "ann=newcomer", "bob=practised", "cat=club", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [r["played"] for r in report["table"]] == [2, 2, 2] and report["champion"]
    text = invoke("tournament", "biggles", "--players", "club", "casual", "--rounds", "2")
    assert text.exit_code == 0 and "Champion" in text.output
    bad = invoke("tournament", "biggles", "--players", "ann=wizard", "bob=club")
    assert bad.exit_code == 2 and "no Biggles level 'wizard'" in bad.output


def test_a_tournament_of_names_alone_seats_bots_of_the_default_level():
    from parlour.games.biggles.levels import DEFAULT

    result = invoke("tournament", "biggles", "--players", "ann", "bob", "cat", "dan", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["table"]
    assert sorted(r["player"] for r in rows) == ["ann", "bob", "cat", "dan"] and {r["level"] for r in rows} == {DEFAULT}
    text = invoke("tournament", "biggles", "--players", "ann", "bob")
    assert "Biggles cycle, 1 round, seed 0" in text.output and "round(s)" not in text.output
    assert "2 rounds" in invoke("tournament", "biggles", "--players", "ann", "bob", "--rounds", "2").output


def test_play_live_reads_keys_and_saves_the_record(tmp_path, monkeypatch):
    # Typed keys arrive all at once, with no time between them for a count: the count is made instant here
    # (its rule is tested on a clock in tests/biggles/test_countdown.py).  The empty line is Enter: ready.
    monkeypatch.setattr("parlour.games.biggles.session.COUNT", 0.0)
    path = tmp_path / "b.json"
    result = invoke("play", "biggles", "--seed", "2", "--record", str(path), input="t\n\nt\nt\np\nq\n")
    assert result.exit_code == 0, result.output
    assert "when you are ready" in result.output and "GO!" in result.output
    assert "you: turn" in result.output
    record = json.loads(path.read_text())
    assert record["actions"][0][:2] == [0, "turn"] and isinstance(record["actions"][0][2], float)


def test_replay_shows_a_biggles_game_move_by_move():
    from pathlib import Path
    record = Path(__file__).parent.parent / "records" / "biggles-practised-vs-club.json"
    result = invoke("replay", str(record))
    assert result.exit_code == 0, result.output
    assert "P1 turn" in result.output and "match 1 to" in result.output and "GAME OVER" in result.output


def test_random_bots_get_a_pace_of_their_own():
    result = invoke("simulate", "biggles", "--bots", "random,club", "--games", "3", "--json")
    assert result.exit_code == 0 and json.loads(result.output)["bots"] == ["random", "club"]


def test_the_default_bot_is_the_gentlest_level(tmp_path):
    from parlour.bots import bot_names, default_bot
    from parlour.games import get_game
    from parlour.games.biggles.levels import DEFAULT

    game = get_game("biggles")
    assert DEFAULT == default_bot(game) == "gentle"
    assert bot_names(game) == ["random", "gentle", "newcomer", "casual", "club", "practised"]       # weakest first
    simulated = invoke("simulate", "biggles", "--games", "2", "--json")
    assert json.loads(simulated.output)["bots"] == ["gentle", "gentle"]
    played = invoke("play", "biggles", "--seed", "2", "--record", str(tmp_path / "b.json"), input="q\n")
    assert "Biggles against a gentle bot" in played.output
    listed = invoke("games").output
    assert "Casual player (default)" in listed and listed.index("--bots gentle") < listed.index("--bots practised")


def test_bad_biggles_options_fail_clearly(tmp_path):
    assert "two players are called 'a'" in invoke("tournament", "biggles", "--players", "a=club", "a=newcomer").output
    bad_path = invoke("play", "biggles", "--record", "/dev/null/x.json", input="q\n")
    assert bad_path.exit_code == 2 and "cannot save the game" in bad_path.output
    assert "no Biggles level 'nope'" in invoke("play", "biggles", "--bots", "nope", input="q\n").output
    assert invoke("simulate", "biggles", "--sweep", "--out", str(tmp_path), "--variant", "cascade=false").exit_code == 2
