"""Whether the bots carry a tournament on is kept in its log; a batch of their games is claimed there first, so two
server processes never start the same round twice, and a pause is kept too."""

from __future__ import annotations

import time

import pytest

from parlour.engine.errors import ParlourError
from parlour.store import Store
from parlour.store.tournaments import Tournaments
from parlour.tournaments.drive import Drive, DriveError
from parlour.web.tournaments import Carrier


def test_bots_entries_change_no_result_and_a_batch_is_claimed_once():
    drive = Drive(["A", "B", "C", "D"])
    drive.add_entry({"kind": "bots", "playing": True, "bots": "heuristic", "meta": {"at": 5.0}})
    drive.add_entry({"kind": "bots", "playing": True, "start": "round 1, 0 in, 0 tables"})
    with pytest.raises(DriveError, match="started already"):
        drive.add_entry({"kind": "bots", "playing": True, "start": "round 1, 0 in, 0 tables"})
    with pytest.raises(DriveError, match="no field"):
        drive.add_entry({"kind": "bots", "playing": True, "round": 1})
    # (the pace a watcher can follow unless the organiser chose quick: review 22d)
    assert drive.bots() == {"playing": True, "bots": "heuristic", "pace": "watch", "since": 5.0}
    assert len(drive.pending()) == 4 and drive.standings()[0]["points"] == 0
    drive.add_entry({"kind": "bots", "playing": False, "pace": "quick"})
    again = Drive.from_dict(drive.to_dict())                    # the log rebuilds the same state
    assert again.bots() == {"playing": False, "bots": "heuristic", "pace": "quick", "since": 5.0}
    with pytest.raises(DriveError, match="pace is watch"):
        drive.add_entry({"kind": "bots", "playing": True, "pace": "slow"})


def test_two_server_processes_due_to_start_a_round_start_it_once(tmp_path):
    """Two processes (each its own ``Tournaments`` and ``Carrier`` on one database) find round 1 due at once: the
    first claims it and is given its tables to start; the second's claim is refused, and it starts nothing."""
    store = Store(f"sqlite:///{tmp_path / 'p.db'}")
    first, second = Tournaments(store), Tournaments(Store(f"sqlite:///{tmp_path / 'p.db'}"))
    doc_id = first.create_drive({"teams": ["A", "B", "C", "D"]})
    first.add_drive_entry(doc_id, {"kind": "bots", "playing": True, "bots": "heuristic", "meta": {"at": time.time()}})
    one, two = Carrier(first, first.store, None), Carrier(second, second.store, None)
    plans = [one._plan(doc_id, None, False), two._plan(doc_id, None, False)]
    assert isinstance(plans[0], list) and len(plans[0]) == 2 and plans[1] is None
    # the organiser pauses: nothing is due any more, in either process
    first.add_drive_entry(doc_id, {"kind": "bots", "playing": False})
    assert two._plan(doc_id, None, False) is None
    with pytest.raises(ParlourError, match="no bot"):
        one._plan(doc_id, "nosuch", True)
