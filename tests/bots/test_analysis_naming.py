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


def test_a_plane_named_wrongly_is_judged_a_costly_mistake_with_the_right_name_the_experts_choice():
    """(review 16b) a turn lost to a wrong name was not counted: "no costly moves of Ann's".  A wrong name is a row of
    its own, costly, the right name the expert's choice; what the lost turn cost is past the expert's look-ahead, so
    the row gives no figures and says why."""
    from parlour.bots import make_bot
    from parlour.engine.record import record_of
    from parlour.games.squadron_scramble.descriptor import right_answer

    game = get_game("squadron-scramble")
    state = game.new_state(seats=2, seed=3)
    bots = [make_bot(game, "heuristic", seat, 3) for seat in range(2)]
    wrong = None
    while wrong is None:
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.observation(seat), legal)
        if seat == 0 and state.phase == "name":
            action = next(a for a in legal if a != right_answer(state, 0))
            wrong = (len(state.history), right_answer(state, 0), action)
        state.apply(seat, action)
    assert state.forfeits[0] == 1
    record = record_of(state)                       # the game so far, up to the wrong name
    index, right, said = wrong
    assert [i for i, _, _, _ in weighed(record, game, [0])][-1] == index
    rows = analyse_record(record, game, [0], iterations=20, seed=0)
    row = rows[-1]
    assert (row["index"], row["played"], row["best"]) == (index, said, right)
    assert row["costly"] and row["wrong_answer"]
    # (review 18c: "Name: PLANE, Japan (played) 81%" beside the right nation's 81%) the expert's look-ahead ends with
    # the turn, and the turn a wrong name costs is the next: no figure that says it cost nothing, but the reason
    assert row["cost"] is None and row["played_chance"] is None and row["best_chance"] is None
    assert all(o["chance"] is None for o in row["options"])
    assert "next turn" in row["unmeasured"] and "not measured" in row["unmeasured"]
    assert not any(r.get("wrong_answer") for r in rows[:-1])
