"""The bots leave a person's games alone: a team (or player) who has sat in person at a tournament's table keeps its
later games, in a drive as in a cycle, and the bots' next batch holds only the games of bots."""

from __future__ import annotations

from parlour.tournaments.biggles_cycle import Cycle
from parlour.tournaments.drive import Drive
from parlour.web.tournaments import current, cycle_batches, cycle_people, drive_batches, drive_people

PERSON, BOT = {"kind": "person"}, {"kind": "bot", "bot": "casual"}


def test_a_drive_team_that_played_in_person_keeps_its_games():
    drive = Drive(["Chelsea", "Charlton", "Burnley", "Swansea"], 2)
    first = drive.schedule()[0][0]
    # the home team's people sat at round 1's first table (seats 0 and 2), against bots
    tables = [{"meta": {"drive": "d", "round": 1, "table": first.table}, "seats": [PERSON, BOT, PERSON, BOT]}]
    people = drive_people(drive, tables)
    assert people == [first.home]
    batch = current(drive_batches(drive, set(), people))
    assert batch is not None
    assert (1, first.table) not in batch.to_play
    assert len(batch.to_play) == len([f for f in drive.schedule()[0] if not f.is_bye]) - 1
    # a round later its game waits for it too
    later = next(f for f in drive.schedule()[1] if first.home in (f.home, f.away))
    assert (2, later.table) in drive_batches(drive, set(), people)[1].waits
    # with nobody in person the bots play the whole round
    everyone = current(drive_batches(drive, set(), drive_people(drive, [])))
    assert everyone is not None and len(everyone.to_play) == 2


def test_a_cycle_player_who_played_in_person_keeps_his_matches():
    cycle = Cycle(["Reviewer", "Ann", "Bob", "Cat"])
    tables = [{"meta": {"cycle": "c", "match": 0, "blue": "Reviewer", "red": "Ann"}, "seats": [PERSON, BOT]}]
    assert cycle_people(tables) == ["Reviewer"]
    cycle.enter(0, 8, 5)
    cycle.enter(1, 8, 3)                     # sitting 1 over: Reviewer v Ann, Bob v Cat (matches 1 and 2)
    batch = current(cycle_batches(cycle, set(), ["Reviewer"]))
    assert batch is not None and batch.name == "round 1, sitting 2 of 2"
    assert batch.to_play == [2]              # Ann v Bob; Cat v Reviewer (match 4) waits for him
    assert batch.waits == {3}
