"""One test per rule of Biggles, and per ruling.  P1 (seat 0) holds blue in match 1."""

from __future__ import annotations

import json
import math

import pytest

from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction
from parlour.games.biggles import GAME, rules
from parlour.games.biggles.rules import CARD_TEXT
from tests.biggles.conftest import make, pack, poke, run


def test_each_pack_has_two_black_sets_one_red_set_and_biggles():
    assert len(CARD_TEXT) == 22
    assert sorted(CARD_TEXT) == sorted([f"K{n}" for n in range(1, 8)] * 2 + [f"R{n}" for n in range(1, 8)] + ["BIG"])


def test_two_players_blue_to_p1_first_and_packs_change_hands():
    state = GAME.new_state(seats=2, seed=4)
    assert GAME.seat_counts == (2,)
    assert [p["pack"] for p in state.observation(None)["players"]] == ["blue", "red"]
    assert state.to_move == {0, 1}                       # both act at once
    state._end_match(0)
    assert [p["pack"] for p in state.observation(None)["players"]] == ["red", "blue"]


def test_turning_takes_three_and_shows_only_the_third():
    state = make(blue=("K5", "R2", "K1"))
    run(state, (0, "turn"))
    me = state.observation(1)["players"][0]
    assert me["pile_top"] == "K1" and me["pile_size"] == 3 and me["hand_size"] == 19


def test_the_last_one_or_two_cards_are_turned_singly():
    state = make()
    for _ in range(7):
        run(state, (0, "turn"))
    assert state.players[0].hand and len(state.players[0].hand) == 1
    run(state, (0, "turn"))
    assert len(state.players[0].pile) == 22 and state.legal_actions(0)[0] == "pickup"


def test_only_the_pile_top_is_playable_and_playing_uncovers_the_next():
    state = make(blue=("K2", "K1", "R5"))         # R5 shows; K1 is under it
    run(state, (0, "turn"))
    assert "play 1" not in state.legal_actions(0)
    state = make(blue=("K2", "R5", "K1"))         # K1 shows, R5 under it, K2 under that
    run(state, (0, "turn"), (0, "play 1"))
    assert state.observation(0)["players"][0]["pile_top"] == "R5"


def test_the_build_goes_one_to_seven_in_order_then_biggles_wins():
    blue = ("K2", "K1", "K1")                        # the top K1 shows: play it, then K1 again (no: wants 2)
    state = make(blue=blue)
    run(state, (0, "turn"), (0, "play 1"))
    assert state.legal_actions(0) == ("turn",)       # K1 now shows, but the build wants black 2
    with pytest.raises(IllegalAction, match="your build wants black 2: nothing to play yet"):
        state.apply(0, "play 1")
    state = make()                                   # the end of a build: K1..K7 down, Biggles showing
    poke(state, 0, build=range(7), pile_top=rules.BIGGLES)       # K1..K7 laid, Biggles showing
    assert state.legal_actions(0) == ("turn", "play B")
    run(state, (0, "play B"))
    assert state.match_results[0]["winner"] == 0 and state.match_results[0]["scores"][0] == 8


def stopped_position(**variant):
    """P1 has played black 1 and black 2; P2's pile shows red 2."""
    state = make(blue=("R7", "R6", "K1", "R5", "R4", "K2"), red=("K7", "K6", "R2"), **variant)
    run(state, (0, "turn"), (0, "play 1"), (0, "turn"), (0, "play 2"), (1, "turn"))
    return state


def test_a_red_card_stops_the_matching_black_card_on_the_other_build():
    state = stopped_position()
    assert "stop 2" in state.legal_actions(1)
    run(state, (1, "stop 2"))
    p1 = state.observation(1)["players"][0]
    assert p1["build"] == ["K1", "K2x"] and p1["level"] == 1 and p1["stopped_by"] == ["R2"]


def test_a_stopped_player_must_find_his_other_black_card():
    state = stopped_position()
    run(state, (1, "stop 2"))
    other_two = next(c for c in range(14) if CARD_TEXT[c] == "K2" and c not in state.players[0].build)
    poke(state, 0, pile_top=other_two)               # the other black 2 turns up
    assert "play 2" in state.legal_actions(0)


def test_a_refusal_names_cards_in_words():
    state = make(blue=("R7", "R6", "K3"), red=("K7", "K6", "R2"))
    run(state, (0, "turn"))
    # which it was (the wrong card, nothing to stop), and what to do instead
    assert state.explain_illegal(0, "play 1") == ("Your pile shows black 3, and your build wants black 1: nothing to "
                                                  "play yet. Instead, turn the next three (t).")
    assert state.explain_illegal(0, "stop 3") == ("Your pile shows black 3, not a red card to stop with. Instead, turn "
                                                  "the next three (t).")
    run(state, (1, "turn"))
    # (the opponent's build is empty: never "not red 1", the number the page guessed)
    assert state.explain_illegal(1, "stop 1") == ("Nothing to stop: your opponent has no black card on their build "
                                                  "yet. Instead, turn the next three (t).")
    assert state.explain_illegal(1, "play 1") == ("Your pile shows red 2, a red card: it cannot go on your build. "
                                                  "Instead, turn the next three (t).")


def test_a_red_card_only_stops_its_own_number():
    state = make(blue=("R7", "R6", "K1"), red=("K7", "K6", "R2"))
    run(state, (0, "turn"), (0, "play 1"), (1, "turn"))
    assert not any(a.startswith("stop") for a in state.legal_actions(1))


def test_a_stopper_misses_the_card_below_by_default_and_hits_it_in_the_variant():
    """The sheet: a red card must land before the next black card covers its number."""
    assert GAME.variant({})["cascade"] is False
    for cascade in (True, False):
        state = stopped_position(cascade=cascade)
        run(state, (1, "stop 2"))
        poke(state, 1, pile_top=CARD_TEXT.index("R1"))          # P2 now shows red 1
        assert ("stop 1" in state.legal_actions(1)) is cascade


def test_biggles_cannot_be_stopped():
    state = make()
    poke(state, 0, build=[*range(7), rules.BIGGLES])
    poke(state, 1, pile_top=CARD_TEXT.index("R7"))
    assert not any(a.startswith("stop") for a in state.legal_actions(1))


def test_an_empty_hand_picks_up_the_pile_unshuffled_and_moves_its_top_card_to_the_bottom():
    state = make()
    for _ in range(8):
        run(state, (0, "turn"))
    pile = list(state.players[0].pile)                # bottom to top
    run(state, (0, "pickup"))
    top_first = state.players[0].hand[::-1]
    assert top_first == pile[1:] + pile[:1]            # the old bottom card went to the bottom again
    assert state.players[0].pile == [] and state.players[0].build == []


def test_overtaken_moves_are_refused_with_the_reason():
    # P1 wants to play black 3 on his 2, but P2's red 2 lands first: P1's 2 is cancelled.
    state = make(blue=("R7", "R6", "K1", "R5", "R4", "K2", "R3", "R1", "K3"), red=("K7", "K6", "R2"))
    run(state, (0, "turn"), (0, "play 1"), (0, "turn"), (0, "play 2"), (0, "turn"), (1, "turn"))
    assert "play 3" in state.legal_actions(0) and "stop 2" in state.legal_actions(1)
    run(state, (1, "stop 2"))                          # arrives first
    with pytest.raises(IllegalAction, match=r"^Too late: your opponent's red card cancelled the top of your build "
                                            r"first, so it wants black 2 now, not black 3\. "
                                            r"Instead, turn the next three \(t\)\.$"):
        state.apply(0, "play 3")
    # And the other way: a stop decided on black 2 is refused once the build has moved on.
    state = make(blue=("R7", "R6", "K1", "R5", "R4", "K2", "R3", "R1", "K3"), red=("K7", "K6", "R2"))
    run(state, (0, "turn"), (0, "play 1"), (0, "turn"), (0, "play 2"), (0, "turn"), (1, "turn"), (0, "play 3"))
    with pytest.raises(IllegalAction, match=r"^Too late: your opponent's build now shows black 3, not black 2\. "
                                            r"Instead, turn the next three \(t\)\.$"):
        state.apply(1, "stop 2")


def test_match_score_winner_eight_loser_his_top_uncancelled_black():
    state = stopped_position()
    run(state, (1, "stop 2"))
    state._end_match(1)
    assert state.match_results[0]["scores"] == [1, 8]


def test_a_game_is_two_matches_and_a_level_score_plays_a_decider():
    state = make()
    state._end_match(0)
    state._end_match(1)                  # 8 each plus the losers' levels (0): level at 8-8
    assert not state.is_over and state.match_no == 2
    state._end_match(0)
    assert state.is_over and state.result()["winner"] == "P1"
    drawn = make(deciders=0)
    drawn._end_match(0)
    drawn._end_match(1)
    assert drawn.is_over and drawn.result()["winner"] is None and drawn.returns() == [0.0, 0.0]


def test_hands_and_covered_cards_are_hidden_from_everyone():
    state = make(blue=("K5", "R2", "K1"))
    run(state, (0, "turn"))
    views = [state.observation(s) for s in (None, 0, 1)]
    assert views[1]["players"] == views[2]["players"] == views[0]["players"]
    text = json.dumps(views[1])
    assert "K5" not in text and "R2" not in text          # under the K1 on top
    with pytest.raises(ValueError):
        state.observation(2)


def test_actions_read_and_refused_clearly():
    assert rules.parse_action("Play b") == "play B" and rules.parse_action("t") == "turn"
    assert rules.parse_action("pick up") == "pickup" and rules.parse_action("STOP 4") == "stop 4"
    for bad in ("play 8", "stop", "jump"):
        with pytest.raises(ActionSyntaxError):
            rules.parse_action(bad)
    state = make()
    before = json.dumps(state.snapshot(), sort_keys=True)
    for action in ("pickup", "play 1", "stop 1", "play B"):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_bad_deals_are_refused():
    with pytest.raises(DealError, match="22 cards"):
        GAME.new_state(seats=2, deal={"matches": [{"blue": ["K1"], "red": pack()}]})
    with pytest.raises(DealError, match="too often"):
        GAME.new_state(seats=2, deal={"matches": [{"blue": ["K1"] * 22, "red": pack()}]})


def test_session_times_are_recorded_with_actions():
    from parlour.engine.record import record_of
    state = make()
    run(state, (0, "turn"))
    state.times[-1] = 1.23456
    run(state, (1, "turn"))
    entries = record_of(state).actions
    assert entries[0] == [0, "turn", 1.235] and entries[1] == [1, "turn"]
    assert math.isnan(state.times[1])


def test_refusals_name_what_the_pile_shows():
    state = stopped_position(cascade=False)
    with pytest.raises(IllegalAction, match=r"^Your pile shows red 2, not red 3: stop with it \(s\)\.$"):
        state.apply(1, "stop 3")
    run(state, (1, "stop 2"))
    poke(state, 1, pile_top=CARD_TEXT.index("R1"))
    with pytest.raises(IllegalAction, match="newest black card is stopped already: only a black card that has just"):
        state.apply(1, "stop 1")


def test_a_replayed_record_keeps_its_times():
    from parlour.engine.record import record_of
    from parlour.games import replay
    state = make()
    run(state, (0, "turn"))
    state.times[-1] = 0.75
    again = replay(record_of(state))
    assert again.times == [0.75] and record_of(again).actions == [[0, "turn", 0.75]]


def test_a_refusal_names_the_card_that_shows_and_what_to_do_with_it():
    state = make(blue=("K2", "R5", "K1"))          # K1 shows after the turn
    with pytest.raises(IllegalAction, match="^Your pile is empty: turn some cards over first.$"):
        state.apply(0, "play 1")
    run(state, (0, "turn"))
    with pytest.raises(IllegalAction, match="^Your pile shows black 1, not black 2: play black 1 onto your build.$"):
        state.apply(0, "play 2")
    with pytest.raises(IllegalAction,
                       match=r"^Your pile shows black 1, not a red card to stop with\. Instead, play it \(p\)\.$"):
        state.apply(0, "stop 1")
