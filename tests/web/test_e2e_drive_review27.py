"""The whist drive after review 27b: with an odd number of teams, a round in which table 1 had a bye before anyone had
won the Cup read "null had a bye and kept the Cup"; it now says nobody played for the Cup that round."""

from __future__ import annotations

CUP_ROUND = "async (p) => (await import('/static/tournaments.js')).cupRound(p)"


def test_the_cups_journey_says_a_bye_at_table_1_kept_it_for_nobody(server, page):
    page.goto(server.url + "/")
    bye = {"round": 2, "table": 1, "ground": "Arsenal", "score": None, "from": None, "to": None}
    nobody = page.evaluate(CUP_ROUND, bye)
    assert nobody == "Round 2: table 1 had a bye, so nobody played for the Cup; it stays on table 1", nobody
    assert "null" not in nobody
    held = page.evaluate(CUP_ROUND, {"round": 3, "table": 2, "ground": "Everton", "score": None, "from": "Everton 1",
                                     "to": "Everton 1"})
    assert held == "Round 3: Everton 1 had a bye and kept the Cup", held
