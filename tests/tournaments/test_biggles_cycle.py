"""The Biggles cycle as data: results by hand, deciders when level at the top, corrections, JSON."""

from __future__ import annotations

import re

import pytest

from parlour.engine.errors import ParlourError
from parlour.tournaments.biggles_cycle import Cycle, run_cycle


def test_a_cycle_entered_by_hand():
    cycle = Cycle(["ann", "bob", "cat"])
    assert [(m["blue"], m["red"]) for m in cycle.pending()] == [("ann", "bob"), ("bob", "cat"), ("cat", "ann")]
    cycle.enter(0, 8, 3)
    cycle.enter(1, 2, 8)
    cycle.enter(2, 8, 5)
    report = cycle.report()
    assert report["complete"] and report["champion"] == "cat"
    assert [(r["player"], r["points"], r["won"]) for r in report["table"]] == [("cat", 16, 2), ("ann", 13, 1), ("bob", 5, 0)]


def test_level_at_the_top_brings_a_decider_and_a_correction_can_void_it():
    cycle = Cycle(["ann", "bob", "cat"])
    cycle.enter(0, 8, 4)           # ann 8 bob 4
    cycle.enter(1, 8, 0)           # bob 8 cat 0: bob 12
    cycle.enter(2, 4, 8)           # cat 4 ann 8: ann 16, bob 12, cat 4
    assert cycle.report()["champion"] == "ann"
    cycle.correct(2, 8, 4)         # cat 8 ann 4: ann 12, bob 12, cat 8 -> ann and bob level
    report = cycle.report()
    assert report["champion"] is None and not report["complete"]
    assert [(m["match"], m["blue"], m["red"], m["decider"]) for m in cycle.pending()] == [(3, "ann", "bob", 1)]
    with pytest.raises(ParlourError, match="no match 4 due"):
        cycle.enter(4, 8, 0)
    cycle.enter(3, 2, 8)           # bob wins the decider
    report = cycle.report()
    assert report["champion"] == "bob" and report["table"][0]["player"] == "bob"
    assert report["deciding_matches"] == [{"blue": "ann", "red": "bob", "points": {"ann": 2, "bob": 8}, "winner": "bob"}]
    cycle.correct(0, 8, 3)         # ann 12, bob 11: no tie, so the decider no longer counts
    assert cycle.report()["champion"] == "ann" and len(cycle.void()) == 1


@pytest.mark.parametrize("points", [(8, 8), (7, 6), (9, 0), (8, -1), (8, "3"), (True, 8)])
def test_impossible_scores_are_refused(points):
    with pytest.raises(ParlourError, match="winner scores 8"):
        Cycle(["a", "b"]).enter(0, *points)


def test_json_round_trip_and_corrupt_data():
    cycle = Cycle(["a", "b"], rounds=2)
    cycle.enter(0, 8, 1)
    cycle.enter(1, 3, 8)
    cycle.correct(1, 8, 3)
    again = Cycle.from_json(cycle.to_json())
    assert again.to_json() == cycle.to_json() and again.report() == cycle.report()
    for text, message in [("[", "not JSON"), ('{"format": "x"}', "not a Parlour Biggles cycle"),
                          ('{"format": "parlour-biggles-cycle", "version": 1, "players": ["a"]}', "two players"),
                          ('{"format": "parlour-biggles-cycle", "version": 1, "players": ["a", "b"], "entries":'
                           ' [{"kind": "correction", "match": 0, "blue_points": 8, "red_points": 0}]}',
                           "entry 0: match 1 has no result")]:
        with pytest.raises(ParlourError, match=message):
            Cycle.from_json(text)


def test_run_cycle_plays_a_cycle_object_with_bots():
    report = run_cycle({"a": "club", "b": "club"}, rounds=1, seed=4)
    assert report["complete"] and report["champion"] in ("a", "b")
    assert set(report["table"][0]) == {"player", "level", "played", "won", "points"}


def test_each_result_keeps_where_it_came_from_and_an_old_log_without_it_still_reads():
    cycle = Cycle(["ann", "bob", "cat"])
    cycle.enter(0, 8, 3, meta={"source": "organiser", "at": 100.0})
    cycle.enter(1, 2, 8, meta={"source": "parlour", "table_id": "t1", "at": 200.0})
    cycle.correct(1, 8, 2, meta={"source": "organiser", "at": 300.0})
    cycle.enter(2, 8, 5)                                          # as entered before sources were kept
    sources = cycle.sources()
    assert sources[0] == {"source": "organiser", "at": 100.0, "corrected": False}
    assert sources[1] == {"source": "organiser", "at": 300.0, "corrected": True}   # the correction stands
    assert sources[2] == {"corrected": False}
    again = Cycle.from_json(cycle.to_json())
    assert again.sources() == sources and again.entries[1]["meta"]["table_id"] == "t1"
    with pytest.raises(ParlourError, match="meta"):
        Cycle(["ann", "bob"]).add_entry({"kind": "result", "match": 0, "blue_points": 8, "red_points": 1, "meta": 3})


def test_the_score_sheet_says_when_a_person_made_no_move():
    """Review 15c: a match where Rosa made no move (she left the table) read as an ordinary 0-8 on the sheet."""
    from parlour.tournaments.cycle_card import cycle_card_html

    cycle = Cycle(["Rosa", "Bert", "Cissy"])
    cycle.enter(0, 0, 8, meta={"source": "parlour", "table_id": "t1", "at": 1.0, "idle": ["Rosa"]})
    cycle.enter(1, 8, 5, meta={"source": "parlour", "table_id": "t2", "at": 2.0})
    sheet = cycle_card_html(cycle)
    assert sheet.count("made no move") == 1
    assert '<td class="name">Bert <small>(Rosa made no move)</small></td>' in sheet
    cycle.correct(0, 0, 8, meta={"source": "parlour", "table_id": "t1", "at": 1.0, "kept": ["Rosa"], "kept_at": 3.0})
    assert '<td class="name">Bert <small>(Rosa made no move)</small></td>' in cycle_card_html(cycle)


@pytest.mark.parametrize("players, rounds, played, idle", [(4, 1, 0, False), (3, 1, 3, False), (2, 3, 6, False),
                                                           (6, 2, 12, True), (8, 1, 8, True)])
def test_the_score_sheet_prints_on_one_sheet(players, rounds, played, idle):
    """A ring of four, not yet played, spilled its last lines onto a second page of the PDF; a note that a person
    made no move takes its room too."""
    pypdfium2 = pytest.importorskip("pypdfium2")
    printing = pytest.importorskip("parlour.tournaments.printing")
    from parlour.tournaments.cycle_card import cycle_card_html

    names = ["Rosa", "Bert", "Cissy", "Dan", "Ethelred", "Fanny", "George", "Harriet"]
    cycle = Cycle(names[:players], rounds)
    for m in cycle.matches()[:played]:
        cycle.enter(m["match"], 8, 5, meta={"source": "bots", "at": 1796515200.0 + m["match"],
                                            **({"idle": [m["red"]]} if idle and not m["match"] else {})})
    # (review 26: the line of when and how the matches were played, at its longest: bots of two levels)
    bots = {m["match"]: ["gentle", "club"] for m in cycle.matches()}
    titles = {"gentle": "Casual player", "club": "Club player"}
    assert len(pypdfium2.PdfDocument(printing.pdf([cycle_card_html(cycle, bots=bots, titles=titles)]))) == 1


def test_a_cycle_keeps_its_title_and_one_made_before_titles_is_named_by_its_players():
    from parlour.tournaments.biggles_cycle import default_title

    cycle = Cycle(["ann", "bob", "cat"], title="  Friday cycle ")
    again = Cycle.from_json(cycle.to_json())
    assert again.title == "Friday cycle" and again.name == "Friday cycle"
    old = Cycle.from_dict({k: v for k, v in cycle.to_dict().items() if k != "title"})
    assert old.title is None and old.name == "the cycle of ann, bob and cat"
    assert default_title(1796486400) == "Biggles cycle, 5 December"      # 2026-12-05, UTC
    with pytest.raises(ParlourError, match="the title must be some text"):
        Cycle(["ann", "bob"], title=" ")


def test_matches_are_numbered_in_the_order_they_are_played_on_the_page_and_the_sheet():
    """Review 24: a ring of four's sitting 1 read matches 1 and 3, sitting 2 matches 2 and 4, while the printed sheet
    listed 1, 2, 3, 4: an organiser calling "match 2" confused the room.  A cycle is now numbered sitting by sitting;
    one stored before keeps its entries (they name matches by their old places) and reads in playing order too."""
    from parlour.tournaments.cycle_card import cycle_card_html
    from parlour.web.tournaments import sittings

    cycle = Cycle(["Ann", "Bob", "Cat", "Dan"], 2)
    assert [(m["blue"], m["red"]) for m in cycle.matches()][:4] == [("Ann", "Bob"), ("Cat", "Dan"), ("Bob", "Cat"),
                                                                    ("Dan", "Ann")]
    seats = sittings(cycle)
    assert [seats[i][0] for i in range(8)] == [1, 1, 2, 2, 1, 1, 2, 2]
    assert cycle.numbers() == {i: i + 1 for i in range(8)}
    five = Cycle(["A", "B", "C", "D", "E"])        # an odd ring: three sittings, the last of one match
    assert [sittings(five)[m["match"]][0] for m in five.matches()] == [1, 1, 2, 2, 3]
    again = Cycle.from_json(cycle.to_json())
    assert again.fixtures == cycle.fixtures

    # a cycle stored before: no "order", its entries in the ring's places (match 1 is Bob v Cat there)
    old = Cycle.from_dict({"format": "parlour-biggles-cycle", "version": 1, "players": ["Ann", "Bob", "Cat", "Dan"],
                           "rounds": 1, "entries": [{"kind": "result", "match": 1, "blue": "Bob", "red": "Cat",
                                                     "blue_points": 8, "red_points": 3}]})
    assert [(m["blue"], m["red"]) for m in old.matches()] == [("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Dan"),
                                                              ("Dan", "Ann")]
    assert old.report()["table"][0]["player"] == "Bob"
    assert old.numbers() == {0: 1, 2: 2, 1: 3, 3: 4}      # Ann v Bob and Cat v Dan sit first: matches 1 and 2
    assert "order" not in old.to_dict()                    # (stored again, it stays as it was)
    with pytest.raises(ParlourError, match="match 3 already has a result"):
        old.enter(1, 8, 2)
    rows = re.findall(r'<tr class="match"><td>(\d+)</td><td class="name">(\w+)</td><td>\d*</td><td class="name">(\w+)',
                      cycle_card_html(old))
    assert rows == [("1", "Ann", "Bob"), ("2", "Cat", "Dan"), ("3", "Bob", "Cat"), ("4", "Dan", "Ann")]


def test_the_score_sheet_says_when_the_matches_were_played_and_which_bots_raced_them():
    """Review 26: the printed sheet had no date, and did not say that bots had raced the matches, nor at which level."""
    from parlour.tournaments.cycle_card import cycle_card_html, played_line
    from parlour.web.tournaments import cycle_bots

    titles = {"gentle": "Casual player", "club": "Club player"}
    cycle = Cycle(["Ann", "Bob", "Cat", "Dan"])
    assert played_line(cycle) == "Date: ______________________"           # (a blank to fill in at the table)
    day = 1796515200.0                                                     # 2026-12-06, 00:00 UTC
    matches = cycle.matches()
    tables = [{"meta": {"match": m["match"]}, "seats": [{"kind": "bot", "bot": "gentle"}] * 2} for m in matches]
    # (an older table of match 0, people at it, played again by bots: the last table counts)
    tables.append({"meta": {"match": 0}, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "club"}]})
    bots = cycle_bots(tables)                                              # (the store lists the newest first)
    assert bots == {m["match"]: ["gentle", "gentle"] for m in matches}
    for m in matches[:2]:
        cycle.enter(m["match"], 8, 5, meta={"source": "bots", "at": day + 3600 * (m["match"] + 9)})
    line = played_line(cycle, bots, titles)
    assert line == "Played on 6 December 2026 &middot; every match raced by bots, Casual player level", line
    assert line in cycle_card_html(cycle, bots=bots, titles=titles)
    # a match typed in by the organiser the next day, another raced by Club players
    cycle.enter(matches[2]["match"], 3, 8, meta={"source": "organiser", "at": day + 86400 + 60})
    bots[matches[3]["match"]] = ["club", "club"]
    cycle.enter(matches[3]["match"], 8, 7, meta={"source": "bots", "at": day + 86400 + 120})
    line = played_line(cycle, bots, titles)
    assert line == ("Played from 6 December 2026 to 7 December 2026 &middot; 3 of the 4 matches played raced by "
                    "bots, Casual player and Club player levels"), line
