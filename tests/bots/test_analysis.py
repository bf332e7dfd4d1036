"""The expert's analysis of a record: one row a decision, fair to the seat, reproducible."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from parlour.bots import analysis
from parlour.bots.analysis import NotAnalysable, analyse_record, decisions, hint, judged, summary
from parlour.engine.errors import RecordError
from parlour.engine.record import GameRecord, played_variant, replay
from parlour.games import get_game
from parlour.games.football_whist.rules import FootballWhistState

RECORDS = Path(__file__).resolve().parents[1] / "records"
WHIST = GameRecord.load(RECORDS / "football-whist-heuristic.json")


def _choices(record: GameRecord, seat: int) -> list[int]:
    """The indices of the seat's moves that had more than one legal option, counted by hand."""
    game = get_game(record.game)
    # (the variant the record was played under, in the options of the rules now: ``played_variant``)
    state = game.new_state(seats=len(record.seats), variant=played_variant(record, game), seed=record.seed,
                           deal=record.deal)
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


def test_the_safety_cap_stops_an_analysis_unfinished_and_never_thins_a_judgement(monkeypatch):
    """Past ``total_seconds`` the analysis stops: the rows made are those of the whole analysis, each judged
    on the whole budget, and the decisions not reached are left out (a clock here ticks once a look)."""
    game = get_game("football-whist")
    whole = analyse_record(WHIST, game, [0], iterations=20, seed=3)
    ticks = iter(range(10**6))
    monkeypatch.setattr(analysis, "time", SimpleNamespace(perf_counter=lambda: float(next(ticks))))
    seen: list[tuple[int, int]] = []
    rows = analyse_record(WHIST, game, [0], iterations=20, seed=3, total_seconds=3.5,
                          progress=lambda done, total: seen.append((done, total)))
    assert rows == whole[:3] and len(whole) > 3
    assert seen == [(0, len(whole)), (1, len(whole)), (2, len(whole)), (3, len(whole))]


def _positions(name: str, every: int):
    """``(state, seat)`` at every ``every``-th decision of a record, each state a copy of its own."""
    record = GameRecord.load(RECORDS / name)
    game = get_game(record.game)
    for k, (_, seat, _, state) in enumerate(decisions(record, game)):
        if k % every == 0:
            yield game, state.clone(), seat


@pytest.mark.parametrize("name", ["football-whist-heuristic.json", "british-towns-asking-remembering-vs-random-4p.json",
                                  "british-towns-sets-heuristic-3p.json", "squadron-scramble-heuristic-vs-random.json"])
def test_a_hint_is_the_same_in_every_world_the_seat_cannot_tell_from_the_true_one(name):
    """The hidden cards dealt afresh, consistently with what the seat has seen: the same hint, figure for
    figure, though another seat's view (its hand) shows the deals differ."""
    checked = 0
    for game, truth, seat in itertools.islice(_positions(name, 9), 4):
        world = truth.resample(seat, random.Random(11))
        assert world.observation(seat) == truth.observation(seat)
        if all(world.observation(s) == truth.observation(s) for s in range(truth.num_seats)):
            continue                                 # nothing hidden from the seat at this point
        checked += 1
        assert hint(game, world, seat, iterations=60) == hint(game, truth, seat, iterations=60)
    assert checked


def test_the_expert_judges_every_legal_move_but_those_its_game_prunes():
    """Without a game's pruning every legal move is tried at the default budget, so each has a chance; in
    Squadron Scramble a discard waits while cards can go on the table, and only the right name is searched:
    those come last, not judged."""
    for game, state, seat in itertools.islice(_positions("british-towns-asking-random-3p.json", 20), 4):
        options = hint(game, state, seat)
        assert len(judged(options)) == len(options) == len(state.legal_actions(seat)) > 1
    found = set()
    for game, state, seat in _positions("squadron-scramble-heuristic-vs-random.json", 1):
        legal = state.legal_actions(seat)
        building = [a for a in legal if not a.startswith(("discard ", "name "))]
        if state.phase == "play" and building and len(legal) > len(building) and "play" not in found:
            options = hint(game, state, seat, iterations=200)
            assert {o["action"] for o in judged(options)} == set(building)
            assert all(o["chance"] is None for o in options[len(building):])
            found.add("play")
        if state.phase == "name" and "name" not in found:
            options = hint(game, state, seat, iterations=50)
            assert len(judged(options)) == 1 and judged(options)[0]["action"].startswith("name ")
            found.add("name")
        if found == {"play", "name"}:
            break
    assert found == {"play", "name"}


def test_no_move_is_shown_above_the_experts_choice_one_searched_less_is_shown_level():
    """The expert plays the move it searched most; a move tried less whose mean came out higher (within the
    search's noise) is shown level with that choice, never above it, so the hint and the analysis never
    show a figure that contradicts the choice.  At move 24 of the record, at the server's budget, the
    search tried E2 152 times (about 33%) and I7 118 times (about 35%)."""
    game = get_game("football-whist")
    rows = analyse_record(WHIST, game, [0], seed=0)
    assert rows
    level = []
    for r in rows:
        tried = judged(r["options"])
        best = r["options"][0]
        assert best["action"] == r["best"] and best["chance"] == r["best_chance"]
        assert all(o["chance"] <= best["chance"] for o in tried), r["options"]
        assert [o["chance"] for o in tried[1:]] == sorted((o["chance"] for o in tried[1:]), reverse=True)
        assert best["visits"] == max(o["visits"] for o in tried), "the choice is the move searched most"
        for o in tried[1:]:
            if o.get("level"):
                level.append(r["index"])
                assert o["searched_chance"] > best["chance"] == o["chance"] and o["value"] == best["value"]
                assert o["visits"] <= best["visits"]
            else:
                assert "searched_chance" not in o
    assert 24 in level


def _casual_game_to(seed: int, moves: int) -> FootballWhistState:
    from parlour.bots import make_bot
    from parlour.bots.plain import decide

    game = get_game("football-whist")
    state = game.new_state(seats=4, seed=seed)
    bots = {s: make_bot(game, "casual", s, seed * 10 + s) for s in range(4)}
    while len(state.history) < moves:
        (seat,) = state.to_move
        state.apply(seat, decide(bots[seat], state, seat))
    return state


def test_cards_that_are_one_card_in_effect_get_one_figure_in_the_hint_and_the_analysis():
    """Ireland 1 and 2 in one hand, nothing between them: whichever is played, the other beats and loses to the
    same cards.  The search alone tried Ireland 1 32 times (57%) and Ireland 2 3 times (3%) here, a gap a player
    reads as real; the hint (and so the analysis, the same function) gives both the mean of all 35 tries, each
    keeping its own tries.  Ireland 7, with Ireland 3 to 6 still out, stays apart, as do the England cards."""
    from parlour.games.football_whist.search import alike

    game = get_game("football-whist")
    state = _casual_game_to(0, 6)
    (seat,) = state.to_move
    legal = state.legal_actions(seat)
    assert {"play I1", "play I2", "play I7", "play E1", "play E5"} <= set(legal)
    assert alike(state, seat, legal) == [["play I1", "play I2"]]
    by_action = {o["action"]: o for o in hint(game, state, seat)}
    one, two = by_action["play I1"], by_action["play I2"]
    assert one["chance"] == two["chance"] and one["value"] == two["value"]
    assert one["visits"] != two["visits"], "each keeps its own tries: the choice is still the move tried most"
    assert one["same_as"] == ["play I2"] and two["same_as"] == ["play I1"]
    assert "same_as" not in by_action["play I7"]
    assert by_action["play I7"]["chance"] != one["chance"]


def test_a_card_on_the_table_between_two_keeps_them_apart():
    """Two cards of the led team either side of one in the trick are not alike: one beats it, the other not;
    once that trick is over the card is gone and they are."""
    from parlour.games.football_whist.cards import CARD_OF_TEXT
    from parlour.games.football_whist.search import alike

    state = _casual_game_to(0, 6)
    (seat,) = state.to_move
    hand = state.clone()
    team_i = [c for c in hand.hands[seat] if c in (CARD_OF_TEXT["I1"], CARD_OF_TEXT["I2"])]
    assert len(team_i) == 2
    # the same hand, with Ireland 1 and 3 held and Ireland 2 on the table, then gone in a finished trick
    hand.hands[seat] = [c for c in hand.hands[seat] if c != CARD_OF_TEXT["I2"]] + [CARD_OF_TEXT["I3"]]
    legal = ("play I1", "play I3")
    hand.trick = [CARD_OF_TEXT["I2"]]
    assert alike(hand, seat, legal) == []
    hand.trick = []
    hand.tricks[hand.half - 1].append((0, (CARD_OF_TEXT["I2"],), 0))
    assert alike(hand, seat, legal) == [["play I1", "play I3"]]
