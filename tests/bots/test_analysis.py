"""The expert's analysis of a record: one row a decision, fair to the seat, reproducible."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from parlour.bots.analysis import NotAnalysable, analyse_record, hint, summary
from parlour.engine.errors import RecordError
from parlour.engine.record import GameRecord, replay
from parlour.games import get_game
from parlour.games.football_whist.rules import FootballWhistState

RECORDS = Path(__file__).resolve().parents[1] / "records"
WHIST = GameRecord.load(RECORDS / "football-whist-heuristic.json")


def _choices(record: GameRecord, seat: int) -> list[int]:
    """The indices of the seat's moves that had more than one legal option, counted by hand."""
    game = get_game(record.game)
    state = game.new_state(seats=len(record.seats), variant=record.variant, seed=record.seed, deal=record.deal)
    found = []
    for index, (mover, text, *_) in enumerate(record.actions):
        if mover == seat and len(state.legal_actions(mover)) > 1:
            found.append(index)
        state.apply(mover, state.parse_action(text))
    return found


def test_one_row_a_decision_of_the_seat_with_the_move_played_among_the_options():
    game = get_game("football-whist")
    rows = analyse_record(WHIST, game, [2], iterations=20, seed=1)
    assert [r["index"] for r in rows] == _choices(WHIST, 2) and rows
    for r in rows:
        assert r["seat"] == 2 and r["move"] == r["index"] + 1
        assert r["played"] == WHIST.actions[r["index"]][1]
        actions = [o["action"] for o in r["options"]]
        assert r["played"] in actions and len(actions) == len(set(actions)) == r["legal"] > 1
        assert r["best"] == actions[0] and r["alternative"] != r["played"]
        for o in r["options"]:
            assert o["value"] is None or -1.0 <= o["value"] <= 1.0
            assert o["chance"] is None or 0.0 <= o["chance"] <= 1.0
        if r["cost"] is not None:
            assert 0.0 <= r["cost"] <= 1.0 and r["costly"] == (r["cost"] > 0.10)
    assert analyse_record(WHIST, game, [2], iterations=20, seed=1) == rows, "the same seed and budget, the same rows"


def test_every_seat_by_default_and_a_summary_per_seat():
    record = GameRecord.load(RECORDS / "football-whist-hand-written.json")
    game = get_game("football-whist")
    rows = analyse_record(record, game, iterations=10, seed=0, threshold=0.0)
    assert [r["index"] for r in rows] == sorted(i for s in range(4) for i in _choices(record, s))
    totals = summary(rows)
    assert list(totals) == sorted(totals, key=int)
    assert sum(s["decisions"] for s in totals.values()) == len(rows)
    assert all(s["costly"] == sum(1 for r in rows if r["seat"] == int(k) and r["cost"]) for k, s in totals.items())


def _view_only(resample):
    """A resample that sees only the seat's view: the cards the seat cannot see are first put in one fixed
    order (sorted, in the same hand sizes) and the seed dropped, so nothing of the truth reaches the draw."""
    def canonical(self: FootballWhistState, seat: int, rng: random.Random) -> FootballWhistState:
        base = self.clone()
        others = [s for s in range(4) if s != seat]
        hidden = sorted(card for s in others for card in self.hands[s])
        for s in others:
            base.hands[s], hidden = hidden[:len(self.hands[s])], hidden[len(self.hands[s]):]
        base.seed = None
        return resample(base, seat, rng)
    return canonical


def _sees_only_the_view(state, seat: int) -> bool:
    other = state.resample(seat, random.Random(1))
    mine, theirs = state.resample(seat, random.Random(2)), other.resample(seat, random.Random(2))
    return json.dumps([mine.snapshot(), mine.seed], default=str) == json.dumps([theirs.snapshot(), theirs.seed],
                                                                               default=str)


def test_a_seats_analysis_does_not_depend_on_the_cards_it_cannot_see(monkeypatch):
    """Two records that the seat cannot tell apart (the same moves, its own cards, other hands elsewhere)
    give the same rows for that seat.

    The analysis reaches hidden cards only through ``Worlds``, and so through the game's ``resample``:
    where this branch's resample still draws from the true hidden cards, the test makes it see only the
    view first (``_view_only``), and judges what the analysis adds on its own.
    """
    game, seat, upto = get_game("football-whist"), 1, 40
    truth = replay(WHIST, game, upto=upto)
    if not _sees_only_the_view(truth, seat):
        monkeypatch.setattr(FootballWhistState, "resample", _view_only(FootballWhistState.resample))
    world = truth.resample(seat, random.Random(7))
    assert world.hands[seat] == truth.hands[seat] and world.hands != truth.hands
    cut = dataclasses.replace(WHIST, actions=WHIST.actions[:upto], result=None)
    other = dataclasses.replace(cut, deal=world.deal, seed=None)
    assert replay(other, game).observation(seat) == truth.observation(seat)
    assert replay(other, game).observation((seat + 1) % 4) != truth.observation((seat + 1) % 4)
    rows = analyse_record(cut, game, [seat], iterations=20, seed=5)
    assert rows and analyse_record(other, game, [seat], iterations=20, seed=5) == rows


def test_a_hint_is_every_legal_move_best_first():
    game = get_game("football-whist")
    state = replay(WHIST, game, upto=_choices(WHIST, 0)[1])
    (seat,) = state.to_move
    options = hint(game, state, seat, iterations=30, seed=2)
    assert sorted(o["action"] for o in options) == sorted(state.legal_actions(seat))
    assert options[0]["visits"] == max(o["visits"] for o in options)


def test_what_cannot_be_analysed_says_why():
    with pytest.raises(NotAnalysable, match="against the clock"):
        analyse_record(GameRecord.load(RECORDS / "biggles-practised-vs-club.json"), get_game("biggles"))
    with pytest.raises(NotAnalysable, match="seat must be 0 to 3"):
        analyse_record(WHIST, get_game("football-whist"), [4], iterations=5)
    broken = dataclasses.replace(WHIST, actions=[*WHIST.actions[:5], [0, "play Z99"]], result=None)
    with pytest.raises(RecordError):
        analyse_record(broken, get_game("football-whist"), [0], iterations=5)


def test_a_time_budget_for_the_whole_analysis_is_kept():
    import time

    start = time.perf_counter()
    rows = analyse_record(WHIST, get_game("football-whist"), [0], iterations=100_000, total_seconds=1.0)
    assert time.perf_counter() - start < 4 and rows
