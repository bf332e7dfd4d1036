"""Naming the plane is a test of what the cards show (or, in plane-spotting, of recognising the outline), not a
choice to weigh: the replay's analysis leaves it out, as the hint does."""

from __future__ import annotations

from pathlib import Path

from parlour.bots.analysis import analyse_record, weighed
from parlour.engine.record import GameRecord, played_variant
from parlour.games import get_game

RECORDS = Path(__file__).resolve().parents[1] / "records"


def test_the_analysis_judges_no_naming_of_a_plane_but_every_other_choice():
    record = GameRecord.load(RECORDS / "squadron-scramble-heuristic-4p.json")
    game = get_game("squadron-scramble")
    namings = [i for i, (_, text, *_) in enumerate(record.actions) if str(text).startswith("name ")]
    assert namings, "the record names some planes"
    judged = [index for index, _, _, _ in weighed(record, game)]
    assert judged, "other decisions are still judged"
    assert not set(judged) & set(namings)
    # every other move with a choice is judged
    state = game.new_state(seats=len(record.seats), variant=played_variant(record, game), seed=record.seed,
                           deal=record.deal)
    chosen = []
    for index, (seat, text, *_) in enumerate(record.actions):
        if len(state.legal_actions(int(seat))) > 1 and not str(text).startswith("name "):
            chosen.append(index)
        state.apply(int(seat), state.parse_action(str(text)))
    assert judged == chosen
    # and the analysis's rows are these decisions (one seat's, at a token budget)
    rows = analyse_record(record, game, [1], iterations=2, seed=0)
    assert [r["index"] for r in rows] == [i for i in judged if int(record.actions[i][0]) == 1]
    assert not any(r["played"].startswith("name ") for r in rows)
