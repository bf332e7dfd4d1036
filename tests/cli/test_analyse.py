"""``parlour analyse``: the expert's view of every decision of a record, as a table or JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlour.cli import app

RECORDS = Path(__file__).resolve().parents[1] / "records"
runner = CliRunner()


def test_analyse_json_gives_each_decision_of_the_seat_reproducibly():
    args = ["analyse", str(RECORDS / "football-whist-heuristic.json"), "--seat", "0", "--iterations", "20",
            "--seed", "3", "--threshold", "0.05", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["game"] == "football-whist" and data["seat"] == 0 and data["iterations"] == 20
    assert data["decisions"] and {row["seat"] for row in data["decisions"]} == {0}
    for row in data["decisions"]:
        assert row["played"] in [o["action"] for o in row["options"]]
        assert row["costly"] == (row["cost"] is not None and row["cost"] > 0.05)
    assert data["summary"]["0"]["decisions"] == len(data["decisions"])
    assert json.loads(runner.invoke(app, args).stdout) == data


def test_analyse_prints_a_table_with_the_costly_moves_flagged():
    result = runner.invoke(app, ["analyse", str(RECORDS / "football-whist-hand-written.json"), "--iterations", "10",
                                 "--threshold", "0"])
    assert result.exit_code == 0, result.output
    assert "the expert, 10 iterations a move" in result.output
    assert "!" in result.output and "A1:" in result.output and "B2:" in result.output


def test_analyse_refuses_what_it_cannot_judge():
    race = runner.invoke(app, ["analyse", str(RECORDS / "biggles-practised-vs-club.json")])
    assert race.exit_code == 2 and "against the clock" in race.output
    seat = runner.invoke(app, ["analyse", str(RECORDS / "football-whist-heuristic.json"), "--seat", "9"])
    assert seat.exit_code == 2 and "seat must be 0 to 3" in seat.output
    both = runner.invoke(app, ["analyse", str(RECORDS / "football-whist-heuristic.json"), "--iterations", "5",
                               "--seconds", "1"])
    assert both.exit_code == 2 and "not both" in both.output
