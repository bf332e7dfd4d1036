"""The Football Whist Drive: movement, byes, the league table, the Cup, corrections, cards, bots, CLI."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine.errors import ParlourError
from parlour.games import replay
from parlour.tournaments.drive import Drive, goal_average
from parlour.tournaments.drive_card import card_html
from parlour.tournaments.drive_play import goals_of, match_seed, new_match, play_drive, simulate_drive

CLUBS = ["Aston Villa", "Charlton", "Q. P. Rangers", "Swansea", "Arsenal", "Blackpool", "Derby", "Everton"]


def teams(n):
    return [f"T{i}" for i in range(1, n + 1)]


# -- movement ------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 12), cycles=st.integers(1, 3))
def test_movement_home_teams_stay_and_away_teams_see_every_table(n, cycles):
    drive = Drive(teams(n))
    tables = drive.cycle
    assert tables == (n + 1) // 2 and drive.rounds == tables          # default: one full cycle
    drive = Drive(teams(n), rounds=tables * cycles)
    plan = drive.schedule()
    home, away = set(drive.home_teams), set(drive.away_teams)
    for games in plan:
        seen = [t for f in games for t in (f.home, f.away) if t]
        assert sorted(seen) == sorted(drive.teams)                      # everyone at one table a round
        assert sum(f.is_bye for f in games) == n % 2                    # and one bye in an odd drive
        for f in games:
            assert f.home == drive.home_teams[f.table - 1] == f.ground    # Home teams never move
            assert f.away is None or f.away in away                     # so never Home against Home
    for c in range(cycles):
        block = plan[c * tables:(c + 1) * tables]
        for team in away:
            visited = [f.table for games in block for f in games if f.away == team]
            assert sorted(visited) == list(range(1, tables + 1))        # each table once a cycle
            # one table clockwise (the next number, the last back to 1) after every game
            assert all(b == a % tables + 1 for a, b in zip(visited, visited[1:]))
        for team in home:
            byes = sum(1 for games in block for f in games if f.home == team and f.is_bye)
            assert byes == n % 2                                        # odd drives: one bye each a cycle
            met = [f.away for games in block for f in games if f.home == team and f.away]
            assert sorted(met) == sorted(away)                          # meets every Away team once


def test_registration_alternates_home_and_away_and_tables_carry_home_names():
    drive = Drive(CLUBS[:5])
    assert drive.home_teams == ("Aston Villa", "Q. P. Rangers", "Arsenal")
    assert drive.away_teams == ("Charlton", "Swansea")
    assert [t["ground"] for t in drive.tables] == ["Aston Villa", "Q. P. Rangers", "Arsenal"]
    first = drive.schedule()[0]
    assert [(f.home, f.away) for f in first] == [("Aston Villa", "Charlton"), ("Q. P. Rangers", "Swansea"), ("Arsenal", None)]


def test_two_teams_play_each_other_at_one_table():
    drive = Drive(["Home", "Away"], rounds=3)
    assert [(f.table, f.home, f.away) for games in drive.schedule() for f in games] == [(1, "Home", "Away")] * 3


# -- points, goal average, champions ---------------------------------------------
def small():
    """Four teams: Aston Villa and Q. P. Rangers at home, Charlton and Swansea away."""
    return Drive(CLUBS[:4])


def test_points_two_for_a_win_one_for_a_draw():
    drive = small()
    drive.enter(1, 1, 2, 1)        # Villa 2 Charlton 1
    drive.enter(1, 2, 3, 3)        # QPR 3 Swansea 3
    drive.enter(2, 1, 0, 4)        # Villa 0 Swansea 4
    drive.enter(2, 2, 1, 0)        # QPR 1 Charlton 0
    rows = {r["team"]: r for r in drive.standings()}
    assert (rows["Aston Villa"]["won"], rows["Aston Villa"]["lost"], rows["Aston Villa"]["points"]) == (1, 1, 2)
    assert (rows["Q. P. Rangers"]["won"], rows["Q. P. Rangers"]["drawn"], rows["Q. P. Rangers"]["points"]) == (1, 1, 3)
    assert (rows["Swansea"]["goals_for"], rows["Swansea"]["goals_against"], rows["Swansea"]["points"]) == (7, 3, 3)
    assert rows["Charlton"]["points"] == 0 and rows["Charlton"]["played"] == 2
    # Swansea and QPR are level on 3 points: goal average 7/3 beats 4/3
    assert [r["team"] for r in drive.standings()][:2] == ["Swansea", "Q. P. Rangers"]
    assert drive.champions() == ["Swansea"] and drive.is_complete


def test_goal_average_edge_cases():
    assert goal_average(2, 4) == goal_average(1, 2)                    # exact, not floating
    assert goal_average(0, 0) == goal_average(3, 3) == (0, Fraction(1))  # nothing either way counts as level
    assert goal_average(1, 0) > goal_average(99, 1)                     # none conceded beats any average
    assert goal_average(5, 0) > goal_average(1, 0)                      # and then more scored is better
    assert goal_average(0, 0) > goal_average(0, 2) and goal_average(0, 0) < goal_average(2, 1)


def test_none_conceded_tops_the_table_and_a_perfect_tie_shares_the_title():
    drive = Drive(CLUBS[:4], rounds=1)
    drive.enter(1, 1, 1, 0)        # Villa 1 Charlton 0: Villa conceded none
    drive.enter(1, 2, 2, 1)        # QPR 2 Swansea 1
    table = drive.standings()
    assert table[0]["team"] == "Aston Villa" and table[0]["goal_average"] is None
    assert table[0]["goal_average_text"] == "inf" and drive.champions() == ["Aston Villa"]
    drive.correct(1, 1, 2, 1)      # now both winners are 2-1: level on points and goal average
    table = drive.standings()
    assert [r["position"] for r in table] == [1, 1, 3, 3]
    assert drive.champions() == ["Aston Villa", "Q. P. Rangers"]      # registration order among equals


def test_zero_zero_ranks_as_level_between_winners_and_losers():
    drive = Drive(["A", "B", "C", "D", "E", "F"], rounds=1)
    drive.enter(1, 1, 0, 0)        # A 0 B 0
    drive.enter(1, 2, 1, 1)        # C 1 D 1
    drive.enter(1, 3, 2, 3)        # E 2 F 3
    order = [r["team"] for r in drive.standings()]
    assert order == ["F", "A", "B", "C", "D", "E"]
    assert [r["position"] for r in drive.standings()] == [1, 2, 2, 2, 2, 6]


# -- byes --------------------------------------------------------------------------
def test_a_bye_scores_as_a_draw_without_goals_and_cannot_be_scored():
    drive = Drive(["A", "B", "C"])             # tables A and C; C has the bye in round 1
    assert drive.fixture(1, 2).is_bye and drive.fixture(2, 1).is_bye
    with pytest.raises(ParlourError, match="C have a bye"):
        drive.enter(1, 2, 1, 0)
    assert {r["team"]: r["byes"] for r in drive.standings()}["C"] == 0        # round 1 not played yet
    drive.enter(1, 1, 2, 2)                                                   # the rest of round 1
    rows = {r["team"]: r for r in drive.standings()}
    assert (rows["C"]["byes"], rows["C"]["points"], rows["C"]["played"], rows["C"]["goals_for"]) == (1, 1, 0, 0)
    assert rows["B"]["byes"] == 0
    nothing = Drive(["A", "B", "C"], bye_points=0)
    nothing.enter(1, 1, 2, 2)
    assert {r["team"]: r["points"] for r in nothing.standings()}["C"] == 0
    with pytest.raises(ParlourError, match="bye_points"):
        Drive(["A", "B", "C"], bye_points=3)


# -- the Cup -------------------------------------------------------------------------
def test_cup_waits_on_table_one_then_travels_with_its_holders():
    drive = Drive(["A", "B", "C", "D", "E"])   # tables A, C, E; away B, D; E's bye in round 1
    cup = drive.cup()
    assert cup["holder"] is None and cup["decided_through"] == 0 and not cup["final"]
    drive.enter(1, 1, 2, 2)                    # A 2 B 2: drawn, the Cup stays on table 1
    drive.enter(1, 2, 3, 1)                    # C beats D (not a Cup game)
    assert drive.cup()["held_after_round"] == [None, None]      # round 2: A's bye at table 1, still vacant
    # round 2: table 2 C v B, table 3 E v D
    drive.enter(2, 2, 0, 1)
    drive.enter(2, 3, 1, 0)
    assert drive.cup()["held_after_round"] == [None, None]
    # round 3: table 1 A v D wins it for D; table 2 C has the bye; table 3 E v B
    drive.enter(3, 1, 1, 4)
    cup = drive.cup()
    assert cup["holder"] == "D" and cup["final"]
    assert cup["path"] == [{"round": 3, "table": 1, "ground": "A", "from": None, "to": "D", "score": "A 1–4 D"}]
    drive.correct(1, 1, 3, 2)                  # a correction: A won the first game after all
    cup = drive.cup()
    assert [(p["round"], p["from"], p["to"]) for p in cup["path"]] == [(1, None, "A"), (3, "A", "D")]
    assert cup["held_after_round"] == ["A", "A", "D"]          # A's bye in round 2 keeps the Cup


def test_cup_holders_keep_it_on_a_draw_and_lose_it_to_their_conquerors():
    drive = Drive(["A", "B", "C", "D"])        # tables A, C; away B, D
    drive.enter(1, 1, 0, 1)                    # B takes the Cup at table 1
    assert drive.cup()["decided_through"] == 1                  # B's round 2 game is not in yet
    drive.enter(2, 2, 2, 2)                    # round 2: B, moved on to table 2, draws with C and keeps it
    assert drive.cup()["held_after_round"] == ["B", "B"] and drive.cup()["final"]
    drive.correct(2, 2, 3, 2)                  # C beat B after all
    assert drive.cup()["holder"] == "C" and drive.cup()["path"][-1]["from"] == "B"


# -- corrections and entries -----------------------------------------------------------
def test_corrections_replace_results_and_everything_follows():
    drive = small()
    drive.enter(1, 1, 2, 1)
    with pytest.raises(ParlourError, match="already has a result; enter a correction"):
        drive.enter(1, 1, 1, 1)
    with pytest.raises(ParlourError, match="no result yet to correct"):
        drive.correct(1, 2, 1, 1)
    drive.correct(1, 1, 1, 1)
    rows = {r["team"]: r for r in drive.standings()}
    assert rows["Aston Villa"]["drawn"] == 1 and rows["Aston Villa"]["points"] == 1
    assert drive.card("Charlton")["rows"][0]["mark"] == "D"
    drive.void(1, 1)
    assert drive.result(1, 1) is None and drive.standings()[0]["played"] == 0
    drive.enter(1, 1, 0, 3)
    assert [e["kind"] for e in drive.entries] == ["result", "correction", "void", "result"]
    assert drive.result(1, 1).away_goals == 3


@pytest.mark.parametrize("args, message", [
    ((0, 1, 1, 1), "round must be from 1 to 2"),
    ((1, 3, 1, 1), "table must be from 1 to 2"),
    ((1, 1, -1, 1), "Aston Villa's goals must be from 0 to 22"),
    ((1, 1, 1, "2"), "Charlton's goals must be a whole number"),
    ((1, 1, 12, 11), "more than a match's 22 tricks"),
    ((1, 1, True, 0), "whole number"),
])
def test_bad_results_are_refused_with_a_reason(args, message):
    drive = small()
    with pytest.raises(ParlourError, match=message):
        drive.enter(*args)
    assert drive.entries == []


# -- to and from JSON ------------------------------------------------------------------
def test_json_round_trip_rebuilds_the_same_drive():
    drive = Drive(CLUBS[:5], title="St Mary's Hall")
    drive.enter(1, 1, 2, 1, meta={"by": "organiser"})
    drive.correct(1, 1, 2, 2)
    again = Drive.from_json(drive.to_json())
    assert again.to_json() == drive.to_json() and again.summary() == drive.summary()
    data = drive.to_dict()
    assert Drive.from_dict(data["config"], data["entries"]).to_dict() == data      # config and events kept apart


@pytest.mark.parametrize("text, message", [
    ("not json", "not JSON"),
    ('{"format": "other"}', "not a Parlour drive"),
    ('{"format": "parlour-drive", "version": 9, "config": {}}', "version 9"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A"]}}', "at least two teams"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A", "a"]}}', "each team needs a name"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A", "B"], "colour": 1}}', "no field 'colour'"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A", "B"], "rounds": 0}}', "rounds must be"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A", "B"]}, "entries": {}}', "entries are a list"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A", "B"]}, "entries": [{"kind": "result",'
     ' "round": 1, "table": 1, "home_goals": 1}]}', "entry 0: .*'s goals must be a whole number"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A", "B"]}, "entries": [{"kind": "correction",'
     ' "round": 1, "table": 1, "home_goals": 1, "away_goals": 0}]}', "entry 0: .*no result yet"),
    ('{"format": "parlour-drive", "version": 1, "config": {"teams": ["A", "B"]}, "entries": [{"kind": "win",'
     ' "round": 1, "table": 1}]}', "entry 0: an entry's kind"),
])
def test_corrupt_drive_data_is_refused(text, message):
    with pytest.raises(ParlourError, match=message):
        Drive.from_json(text)


# -- the fixture card -------------------------------------------------------------------
def test_card_rows_like_the_specimen():
    drive = Drive(["Aston Villa", "Charlton", "Swansea", "Q. P. Rangers", "<Spurs> & Co", "Bury"])
    drive.enter(1, 1, 2, 1)                    # Villa 2 Charlton 1
    drive.enter(2, 1, 2, 4)                    # Villa 2 Bury 4
    drive.enter(3, 1, 4, 2)                    # Villa 4 QPR 2
    card = drive.card("aston villa")
    assert [(r["opponent"], r["goals_for"], r["goals_against"], r["mark"], r["points"], r["total"])
            for r in card["rows"]] == [("Charlton", 2, 1, "W", 2, 2), ("Bury", 2, 4, "L", 0, 2),
                                      ("Q. P. Rangers", 4, 2, "W", 2, 4)]
    page = card_html(drive.card("Aston Villa"))
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page and "<script" not in page
    assert "HOME / <s>AWAY</s>" in page and "TEAM <b>Aston Villa</b>" in page
    assert ('<tr class="round-2"><td class="versus">Bury</td><td>2</td><td>4</td><td>-</td><td>x</td><td>-</td>'
            '<td>-</td><td>2</td></tr>') in page
    away = card_html(drive.card("Charlton"))
    assert "<s>HOME</s> / AWAY" in away and "&lt;Spurs&gt; &amp; Co" in away     # names are escaped
    assert '<tr class="round-3">' in away and "<td>x</td>" not in away.split('round-2')[1]   # unplayed rows blank
    # in a browser the card has a way back to its drive and a Print button, which the printed sheet hides
    shown = card_html(drive.card("Charlton"), back="/drives/d1")
    assert '<a href="/drives/d1">&larr; Back to the drive</a>' in shown and 'id="print"' in shown
    assert ".tools { display: none; }" in shown.split("@media print")[1]


def test_a_finished_drives_card_ends_with_the_teams_position_and_the_cup():
    """Review 15c: a printed card told nothing of how the drive ended.  Its foot now gives the team's final place
    and the Cup's story for it (held at the end, won and lost, or never held), once the last game is in."""
    drive = Drive(["Aston Villa", "Charlton", "QPR", "Swansea"], rounds=2)
    drive.enter(1, 1, 1, 3)                    # Villa 1 Charlton 3: Charlton take the Cup from table 1
    drive.enter(1, 2, 1, 1)                    # QPR 1 Swansea 1
    drive.enter(2, 1, 2, 2)                    # Villa 2 Swansea 2
    assert drive.card("QPR")["outcome"] is None and "FINAL POSITION" not in card_html(drive.card("QPR"))
    drive.enter(2, 2, 2, 0)                    # QPR 2 Charlton 0: QPR take the Cup, and the drive is over
    foot = {t: card_html(drive.card(t)).split('<p class="outcome" data-testid="outcome">')[1].split("</p>")[0]
            for t in drive.teams}
    assert foot["QPR"] == ("FINAL POSITION <b>1st of 4 &middot; Champions</b> &middot; "
                           "<b>CUP WINNERS:</b> they held the Cup at the end")      # (not "THE CUP Cup Winners")
    assert foot["Charlton"] == ("FINAL POSITION <b>joint 2nd of 4</b> &middot; "
                                "THE CUP <b>won in round 1, lost in round 2</b>")
    assert foot["Swansea"] == "FINAL POSITION <b>joint 2nd of 4</b> &middot; THE CUP <b>never held</b>"
    assert foot["Aston Villa"] == "FINAL POSITION <b>4th of 4</b> &middot; THE CUP <b>never held</b>"


def test_card_of_a_team_with_a_bye():
    drive = Drive(["A", "B", "C"])
    rows = drive.card("C")["rows"]
    assert rows[0]["bye"] and rows[0]["total"] == 1 and "(bye)" in card_html(drive.card("C"))
    with pytest.raises(ParlourError, match="no team called 'Z'"):
        drive.card("Z")


# -- bots ----------------------------------------------------------------------------------
def test_a_whole_drive_played_by_bots_is_the_same_for_a_seed():
    first = simulate_drive(CLUBS[:7], seed=11, bots="random")
    second = simulate_drive(CLUBS[:7], seed=11, bots="random")
    assert first.is_complete and first.to_json() == second.to_json()
    assert len(first.entries) == 4 * 3 and all(e["meta"]["source"] == "bots" for e in first.entries)
    assert first.to_json() != simulate_drive(CLUBS[:7], seed=12, bots="random").to_json()
    assert first.cup()["final"] and first.champions()


def test_bot_matches_keep_records_that_replay_to_the_entered_result():
    drive = Drive(CLUBS[:4], rounds=1)
    records = play_drive(drive, 5, bots={"Aston Villa": "random"}, keep_records=True)
    assert len(records) == 2
    rec = records[0]
    assert rec.seed == match_seed(5, 1, 1) and rec.meta["table"] == 1
    assert [s["team"] for s in rec.seats] == ["Aston Villa", "Charlton", "Aston Villa", "Charlton"]
    assert (rec.seats[0]["player"], rec.seats[1]["player"]) == ("bot:random", "bot:casual")   # default: the gentle level
    res = drive.result(1, 1)
    assert goals_of(replay(rec)) == (res.home_goals, res.away_goals)
    with pytest.raises(ParlourError, match="not in the drive"):
        play_drive(Drive(CLUBS[:2]), 1, bots={"Nobody": "random"})


def test_a_match_for_people_starts_from_the_fixture():
    drive = Drive(["A", "B", "C"])
    state = new_match(drive, 1, 1, seed=3)
    assert state.num_seats == 4 and not state.is_over
    with pytest.raises(ParlourError, match="not over"):
        goals_of(state)
    with pytest.raises(ParlourError, match="bye"):
        new_match(drive, 1, 2, seed=3)


# -- the command line -------------------------------------------------------------------------
runner = CliRunner()


def test_cli_simulate_json_shape():
    result = runner.invoke(app, ["drive", "simulate", "--teams", "5", "--seed", "2", "--bots", "random", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["rounds"] == 3 and len(report["table"]) == 5
    for row in report["table"]:
        assert {"team", "played", "won", "drawn", "lost", "goals_for", "goals_against", "points",
                "goal_average"} <= set(row)
        assert row["points"] == 2 * row["won"] + row["drawn"] + row["byes"]
    assert report["champions"] and "cup_holder" in report and isinstance(report["cup_path"], list)
    again = runner.invoke(app, ["drive", "simulate", "--teams", "5", "--seed", "2", "--bots", "random", "--json"])
    assert again.output == result.output


def test_cli_card_and_errors(tmp_path):
    out = tmp_path / "card.html"
    result = runner.invoke(app, ["drive", "card", "--teams", "4", "--seed", "1", "--bots", "random",
                                 "--team", "swansea town", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "TEAM <b>Swansea Town</b>" in out.read_text()
    assert runner.invoke(app, ["drive", "simulate", "--teams", "1"]).exit_code == 2
    assert runner.invoke(app, ["drive", "card", "--teams", "4", "--team", "Nobody", "--out", str(out),
                               "--bots", "random"]).exit_code == 2
    plan = json.loads(runner.invoke(app, ["drive", "schedule", "--teams", "3", "--json"]).output)
    assert plan["rounds"][0][1]["bye"] is True


def test_cli_counts_say_one_round_not_one_rounds():
    one = runner.invoke(app, ["drive", "simulate", "--teams", "2", "--rounds", "1", "--seed", "2", "--bots", "random"])
    assert one.exit_code == 0, one.output
    assert "2 teams, 1 round, seed 2" in one.output and "1 rounds" not in one.output
    two = runner.invoke(app, ["drive", "simulate", "--teams", "2", "--rounds", "2", "--seed", "2", "--bots", "random"])
    assert "2 teams, 2 rounds, seed 2" in two.output


def test_the_cups_journey_tells_every_round_from_round_1():
    """Round 14: the Cup's list began where the Cup first changed hands, so a draw at table 1 in round 1 (or a
    holder's bye) was never told.  Its journey now tells every round decided, from round 1."""
    drive = Drive(["Lions", "Tigers", "Bears"], rounds=3)
    first = drive.fixture(1, 1)
    drive.enter(1, 1, 2, 2)                           # round 1: drawn at table 1, the Cup stays there
    second = drive.fixture(2, 1)
    game = second if not second.is_bye else drive.fixture(2, 2)
    drive.enter(2, game.table, 3, 1)
    cup = drive.cup()
    journey = cup["journey"]
    assert [j["round"] for j in journey][:2] == [1, 2], journey
    assert journey[0] == {"round": 1, "table": 1, "ground": first.ground, "from": None, "to": None,
                          "score": f"{first.home} 2–2 {first.away}"}
    assert [p["round"] for p in cup["path"]] == [j["round"] for j in journey if j["to"] != j["from"]]
