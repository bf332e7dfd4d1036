"""``parlour drive create | record | play | show | card --drive``: a drive kept in the database."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from parlour.cli import app
from parlour.store import Store
from parlour.store.tournaments import Tournaments

runner = CliRunner()


def drive_cmd(database: str, *args: str):
    return runner.invoke(app, ["drive", *args, "--database", database])


def test_a_stored_drive_from_the_command_line(tmp_path):
    database = f"sqlite:///{tmp_path / 'club.db'}"
    made = drive_cmd(database, "create", "--names", "Villa,Charlton,QPR,Swansea", "--title", "Club night", "--json")
    assert made.exit_code == 0, made.output
    drive_id, key = json.loads(made.output)["id"], json.loads(made.output)["key"]
    assert json.loads(made.output)["organiser"] == f"/drives/{drive_id}#organiser={key}"
    assert Store(database).is_owner(drive_id, key) and not Store(database).is_owner(drive_id, key[:-1])
    renewed = json.loads(drive_cmd(database, "key", drive_id, "--json").output)       # a lost link replaced
    assert Store(database).is_owner(drive_id, renewed["key"]) and not Store(database).is_owner(drive_id, key)
    assert drive_cmd(database, "key", "nosuch").exit_code == 2
    entered = drive_cmd(database, "record", drive_id, "--round", "1", "--table", "1", "--score", "3-1", "--json")
    shown = json.loads(entered.output)
    assert shown["table"][0]["team"] == "Villa" and shown["table"][0]["points"] == 2
    again = drive_cmd(database, "record", drive_id, "--round", "1", "--table", "1", "--score", "0-0")
    assert again.exit_code == 2 and "correction" in again.output
    assert drive_cmd(database, "record", drive_id, "--round", "1", "--table", "1", "--score", "three").exit_code == 2
    fixed = json.loads(drive_cmd(database, "record", drive_id, "--round", "1", "--table", "1", "--score", "1-1",
                                 "--correct", "--json").output)
    assert {r["team"]: r["points"] for r in fixed["table"]}["Villa"] == 1
    # (seed 8: a night of random bots in which the Cup changes hands, under Football Whist's rules version 2)
    played = json.loads(drive_cmd(database, "play", drive_id, "--seed", "8", "--bots", "random", "--json").output)
    assert played["complete"] and played["cup_holder"] in ("Villa", "Charlton", "QPR", "Swansea")
    assert json.loads(drive_cmd(database, "show", drive_id, "--json").output) == played
    # every bot match is a stored table of the drive, replayable like any other
    store = Store(database)
    tables = store.tables_for("drive", drive_id)
    assert len(tables) == 3 and all(t["finished"] for t in tables)
    drive = Tournaments(store).drive(drive_id)
    for t in tables:
        res = drive.result(t["meta"]["round"], t["meta"]["table"])
        assert (res.home_goals, res.away_goals) == (t["result"]["goals"]["A"], t["result"]["goals"]["B"])
    out = tmp_path / "card.html"
    card = drive_cmd(database, "card", "--drive", drive_id, "--team", "qpr", "--out", str(out))
    assert card.exit_code == 0 and "QPR" in out.read_text() and "Charlton" in out.read_text()   # never Villa: Home v Home
    pdf = tmp_path / "card.pdf"
    assert drive_cmd(database, "card", "--drive", drive_id, "--team", "QPR", "--out", str(pdf)).exit_code == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"
    missing = drive_cmd(database, "show", "nosuch")
    assert missing.exit_code == 2 and "no tournament" in missing.output
