"""One test per rule of Squadron Scramble, and per ruling.

Planes used: P38, P39, I16 (United Nations fighters), B17, WEL (United Nations
bombers), ME109, MI96 (Axis fighters), DO26, KI99, SM79 (Axis bombers).
"""

from __future__ import annotations

import json

import pytest

from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction
from parlour.games.squadron_scramble import GAME, rules
from tests.squadron_scramble.conftest import make, pack_for, run

FILLER = ["B17/T", "B17/S", "WEL/T", "WEL/S", "DB3/T", "DB3/S", "A17/T"]
FILLER2 = ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]


def P38():
    return ["P38/T", "P38/S", "P38/F"]


# -- deal and turn order --------------------------------------------------------

def test_seven_each_from_dealers_left_top_card_turned_up_and_left_of_dealer_starts():
    state = GAME.new_state(seats=3, seed=5)
    assert [len(h) for h in state.hands] == [7, 7, 7]
    assert len(state.pile) == 1 and len(state.stock) == 52 - 22
    assert state.to_move == {(state.dealer + 1) % 3} and state.phase == "draw"
    pack = state.deal["rounds"][0]
    first = (state.dealer + 1) % 3
    assert pack[0] in state.observation(first)["hand"]
    assert state.observation(None)["pile"] == [pack[21]]


def test_two_to_four_players():
    assert GAME.seat_counts == (2, 3, 4)
    with pytest.raises(Exception, match="2, 3, 4"):
        GAME.new_state(seats=5, seed=1)


def test_dealer_rotates_between_rounds():
    state = GAME.new_state(seats=3, seed=2, variant={"stock_out": "end-round", "max_rounds": 2})
    first = state.dealer
    while state.round_no == 0:
        (seat,) = state.to_move
        state.apply(seat, "draw stock")
        state.apply(seat, "discard " + rules.CARD_TEXT[state.hands[seat][0]])
    assert state.dealer == (first + 1) % 3 and state.to_move == {(first + 2) % 3}
    assert len(state.deal["rounds"]) == 2 and state.deal["rounds"][0] != state.deal["rounds"][1]


def test_draw_from_stock_takes_its_top_card():
    state = make([FILLER, FILLER2], stock=["P38/T"])
    run(state, "draw stock")
    assert "P38/T" in state.observation(0)["hand"] and state.phase == "play"


def test_taking_from_the_pile_takes_every_card_above_it():
    state = make([FILLER, FILLER2], pile="ME109/T", stock=["I16/T"])
    run(state, "draw stock", "discard B17/T")     # pile: ME109/T, B17/T
    run(state, "draw stock", "discard BLE/T")     # pile: ME109/T, B17/T, BLE/T
    assert state.legal_actions(0) == ("draw stock", "take 1", "take 2", "take 3")
    run(state, "take 2")
    hand = state.observation(0)["hand"]
    assert "B17/T" in hand and "BLE/T" in hand and state.observation(None)["pile"] == ["ME109/T"]


def test_taking_too_many_says_how_many_cards_the_pile_has():
    state = make([FILLER, FILLER2], pile="ME109/T", stock=["I16/T"])
    with pytest.raises(IllegalAction, match=r"^The discard pile holds only 1 card: take the top card of the stock or "
                                            r"take the top card of the discard pile.$"):
        state.apply(0, "take 2")
    run(state, "draw stock", "discard B17/T")
    with pytest.raises(IllegalAction, match=r"^The discard pile holds only 2 cards: take the top card of the stock or "
                                            r"take cards from the top of the discard pile \(as many as 2\).$"):
        state.apply(1, "take 3")


def test_must_draw_before_laying_or_discarding():
    state = make([P38() + FILLER[:4], FILLER2])
    draw_first = "^Draw first: take the top card of the stock or take the top card of the discard pile.$"
    with pytest.raises(IllegalAction, match=draw_first):
        state.apply(0, "lay P38/F P38/S P38/T")
    with pytest.raises(IllegalAction, match=draw_first):
        state.apply(0, "discard B17/T")


def test_a_turn_ends_with_a_discard_and_passes_left():
    state = make([FILLER, FILLER2])
    run(state, "draw stock", "discard B17/T")
    assert state.to_move == {1} and state.phase == "draw"
    assert state.observation(None)["pile"][-1] == "B17/T"


def test_sets_are_laid_only_on_ones_own_turn():
    state = make([FILLER, P38() + FILLER2[:4]])
    assert state.legal_actions(1) == ()
    with pytest.raises(IllegalAction, match="^It is not your turn: wait for your opponent.$"):
        state.apply(1, "lay P38/F P38/S P38/T")


# -- sets and wild cards ------------------------------------------------------------

def test_three_views_of_one_plane_make_a_set():
    state = make([P38() + FILLER[:4], FILLER2])
    run(state, "draw stock")
    assert "lay P38/T P38/S P38/F" in state.legal_actions(0)


def test_a_wild_card_stands_in_for_any_missing_view():
    state = make([["P38/T", "P38/F", "KEF", "VIC", "B17/T", "B17/S", "WEL/T"], FILLER2])
    run(state, "draw stock")
    legal = state.legal_actions(0)
    assert "lay P38/T P38/F KEF" in legal and "lay P38/T P38/F VIC" in legal
    assert "lay P38/T KEF VIC" in legal                     # one natural and two wild cards
    run(state, "lay P38/T P38/F KEF", "name P38 US")
    assert state.observation(None)["table"][0]["cards"] == ["P38/T", "KEF", "P38/F"]


def test_a_set_needs_one_plane_and_at_least_one_natural_card():
    state = make([["P38/T", "P39/S", "KEF", "KEF", "KEF", "B17/T", "WEL/T"], FILLER2])
    run(state, "draw stock")
    legal = state.legal_actions(0)
    assert not any(a.startswith("lay") and "P38" in a and "P39" in a for a in legal)
    with pytest.raises(IllegalAction, match="set"):
        state.apply(0, "lay P38/T P39/S KEF")
    assert "lay KEF KEF KEF" not in legal


def test_a_wild_fourth_card_only_on_the_turn_the_player_goes_out():
    state = make([P38() + ["VIC", "B17/T", "WEL/T", "DB3/T"], FILLER2], stock=["A17/T"])
    run(state, "draw stock")
    legal = state.legal_actions(0)
    assert "lay P38/T P38/S P38/F" in legal
    assert not any("+" in a or a.startswith("add") for a in legal)


def test_after_a_fourth_card_the_player_must_go_out():
    state = make([P38() + ["B17/T", "B17/S", "B17/F", "KEF"], FILLER2], stock=["WEL/T"], target=1000)
    run(state, "draw stock", "lay P38/T P38/S P38/F +KEF", "name P38 US")
    assert state.committed and state.observation(0)["must_go_out"]
    # B17 x 3 and WEL/T are left: the turn cannot end with a discard while more than one card is held
    assert state.legal_actions(0) == ("lay B17/T B17/S B17/F",)
    with pytest.raises(IllegalAction, match="you must go out this turn") as refused:
        state.apply(0, "discard WEL/T")
    assert "then discard it" in str(refused.value)
    run(state, "lay B17/T B17/S B17/F", "name B17 US")
    assert state.legal_actions(0) == ("discard WEL/T",)
    run(state, "discard WEL/T")
    assert state.round_log[-1]["went_out"] == 0


# The same going-out turn (P38 x 3, B17 x 3, KEF and WEL/T drawn), with the fourth card at each moment.
FOURTH_FIRST = ("lay P38/T P38/S P38/F +KEF", "name P38 US", "lay B17/T B17/S B17/F", "name B17 US")
FOURTH_MIDDLE = ("lay B17/T B17/S B17/F", "name B17 US", "add KEF 1", "lay P38/T P38/S P38/F", "name P38 US")
FOURTH_LAST = ("lay B17/T B17/S B17/F", "name B17 US", "lay P38/T P38/S P38/F", "name P38 US", "add KEF 1")


@pytest.mark.parametrize("plays, score", [(FOURTH_FIRST, 30 + 20), (FOURTH_MIDDLE, 40 + 15), (FOURTH_LAST, 40 + 15)],
                         ids=["first", "middle", "last"])
def test_a_fourth_card_may_go_down_at_any_moment_of_the_going_out_turn(plays, score):
    state = make([P38() + ["B17/T", "B17/S", "B17/F", "KEF"], FILLER2], stock=["WEL/T"], target=1000)
    run(state, "draw stock", *plays, "discard WEL/T")
    assert state.round_no == 1 and state.round_log[-1]["went_out"] == 0
    assert state.round_scores[0][0] == score          # KEF scores as a card of the set it went on


def test_going_out_by_laying_with_the_fourth_card_put_down_first():
    state = make([P38() + ["B17/T", "B17/S", "KEF", "KEF"], FILLER2], stock=["VIC"], target=1000)
    run(state, "draw stock", "lay P38/T P38/S P38/F +KEF", "name P38 US")
    assert "discard VIC" not in state.legal_actions(0)
    run(state, "lay B17/T B17/S KEF +VIC", "name B17 US")
    assert state.round_no == 1 and state.round_log[-1]["went_out"] == 0
    # VICTORY went down on the last turn: everything he laid counts double
    assert state.round_scores[0][0] == 2 * (20 + 40)


def test_going_out_by_discarding_a_wild_card_after_a_fourth_card():
    # Old ruling 7 refused the first play: three P-38s and VICTORY would be left, more than one natural card.
    state = make([P38() + ["KEF", "VIC", "B17/T", "B17/S"], FILLER2], stock=["B17/F"], target=1000)
    run(state, "draw stock", "lay B17/T B17/S B17/F +KEF", "name B17 US", "lay P38/T P38/S P38/F", "name P38 US")
    assert set(state.legal_actions(0)) == {"discard VIC", "add VIC 2"}
    run(state, "discard VIC")
    assert state.round_log[-1]["went_out"] == 0 and state.history[-1] == (0, "discard VIC")
    assert state.round_scores[0][0] == 40 + 15


def test_no_fourth_card_for_a_player_who_cannot_go_out_this_turn():
    state = make([P38() + ["KEF", "B17/T", "WEL/T", "DB3/T"], FILLER2], stock=["I16/T"], target=1000)
    run(state, "draw stock")
    legal = state.legal_actions(0)
    assert "lay P38/T P38/S P38/F" in legal and not any("+" in a or a.startswith("add") for a in legal)
    before = json.dumps(state.snapshot(), sort_keys=True)
    with pytest.raises(IllegalAction, match="only on the turn you go out"):
        state.apply(0, "lay P38/T P38/S P38/F +KEF")
    assert json.dumps(state.snapshot(), sort_keys=True) == before       # a refused move changes nothing
    run(state, "lay P38/T P38/S P38/F", "name P38 US")
    with pytest.raises(IllegalAction, match="could not get rid of all your cards"):
        state.apply(0, "add KEF 1")
    assert not state.committed
    run(state, "discard I16/T")          # an ordinary turn: a discard ends it
    assert state.turn == 1


def test_a_swap_after_the_fourth_card_is_allowed_when_it_leads_out():
    a17 = rules.new_set(1, 1, rules.PLANE_OF[rules.NATURAL_OF_TEXT["A17/T"]],
                        [rules.NATURAL_OF_TEXT["A17/T"], rules.NATURAL_OF_TEXT["A17/S"]], [rules.KEF_IDS[2]], -1)
    state = state_in_play(["P38/T", "P38/S", "P38/F", "KEF", "A17/F", "B17/T"], [rules._copy_set(a17)])
    # Not yet: A17/F swapped away still leaves B17/T and the won KEF, with no three-card set for the KEF.
    assert "lay P38/T P38/S P38/F +KEF" not in state.legal_actions(0)
    state = state_in_play(["P38/T", "P38/S", "P38/F", "KEF", "A17/F"], [rules._copy_set(a17)])
    run(state, "lay P38/T P38/S P38/F +KEF", "name P38 US")
    assert set(state.legal_actions(0)) == {"swap A17/F 1", "discard A17/F"}
    run(state, "swap A17/F 1")
    assert state.legal_actions(0) == ("discard KEF",)
    run(state, "discard KEF")
    assert state.round_log[-1]["went_out"] == 0


def test_bound_to_go_out_he_may_not_shoot_away_the_set_he_needs():
    do26 = rules.new_set(1, 1, rules.PLANE_OF[rules.NATURAL_OF_TEXT["DO26/T"]],
                         [rules.NATURAL_OF_TEXT[f"DO26/{v}"] for v in "TSF"], [], -1)
    hand = ["B17/T", "B17/S", "B17/F", "KEF", "KEF", "VIC", "P38/T", "P38/S", "P38/F"]
    state = state_in_play(hand, [rules._copy_set(do26)])
    run(state, "lay B17/T B17/S B17/F +KEF", "name B17 US", "lay P38/T P38/S P38/F", "name P38 US")
    # Two wild cards are left: one must go onto the P-38 set, so the P-38s may not leave the table.
    assert state.legal_actions(0) == ("hold",)
    with pytest.raises(IllegalAction, match="that shot would take away a set you need"):
        state.apply(0, "shoot 1")
    run(state, "hold", "add KEF 3", "discard VIC")
    assert state.round_log[-1]["went_out"] == 0
    # Without the fourth card the same shot is allowed.
    free = state_in_play(hand, [rules._copy_set(do26)])
    run(free, "lay P38/T P38/S P38/F", "name P38 US")
    assert "shoot 1" in free.legal_actions(0)


def test_holder_of_the_natural_card_may_swap_it_for_the_wild_in_any_set():
    state = make([["P38/T", "P38/F", "KEF", "B17/T", "B17/S", "WEL/T", "WEL/S"],
                  ["P38/S", "P39/T", "P39/F", "DB3/T", "DB3/S", "A17/T", "A17/S"]])
    run(state, "draw stock", "lay P38/T P38/F KEF", "name P38 US", "discard WEL/T")
    run(state, "draw stock")
    assert "swap P38/S 1" in state.legal_actions(1)
    run(state, "swap P38/S 1")
    assert state.observation(None)["table"][0]["cards"] == ["P38/T", "P38/S", "P38/F"]
    assert "KEF" in state.observation(1)["hand"]
    # the wild may be used at once (ruling): P39/T P39/F + KEF
    assert "lay P39/T P39/F KEF" in state.legal_actions(1)


def test_variant_no_same_turn_use_of_a_swapped_wild():
    state = make([["P38/T", "P38/F", "KEF", "B17/T", "B17/S", "WEL/T", "WEL/S"],
                  ["P38/S", "P39/T", "P39/F", "DB3/T", "DB3/S", "A17/T", "A17/S"]], swap_then_lay=False)
    run(state, "draw stock", "lay P38/T P38/F KEF", "name P38 US", "discard WEL/T", "draw stock", "swap P38/S 1")
    assert "lay P39/T P39/F KEF" not in state.legal_actions(1)
    with pytest.raises(IllegalAction):
        state.apply(1, "lay P39/T P39/F KEF")


# -- naming ----------------------------------------------------------------------------

def test_naming_correctly_costs_nothing():
    state = make([P38() + FILLER[:4], FILLER2])
    run(state, "draw stock", "lay P38/T P38/S P38/F")
    assert state.phase == "name" and len(state.legal_actions(0)) == 16 * 6
    run(state, "name P38 US")
    assert state.forfeits == [0, 0] and state.naming_log[-1]["correct"] is True


@pytest.mark.parametrize("said", ["name P38 GB", "name P39 US"])
def test_a_wrong_name_or_nation_forfeits_the_next_turn(said):
    state = make([P38() + FILLER[:4], FILLER2])
    run(state, "draw stock", "lay P38/T P38/S P38/F", said, "discard B17/T")
    assert state.forfeits == [1, 0]
    run(state, "draw stock", "discard BLE/T")         # seat 1's turn; seat 0's next turn is skipped
    assert state.to_move == {1} and state.forfeits == [0, 0]
    assert state.round_log[-1]["event"] == "forfeits a turn"


def test_variant_auto_name_skips_naming():
    state = make([P38() + FILLER[:4], FILLER2], auto_name=True)
    run(state, "draw stock", "lay P38/T P38/S P38/F")
    assert state.phase == "play"


@pytest.mark.parametrize("typed", ["name P-38 United States", "name lightning usa", "name Lockheed P-38 Lightning US",
                                   "NAME p38 america"])
def test_names_are_read_generously(typed):
    assert rules.parse_action(typed) == "name P38 US"


# -- shooting down --------------------------------------------------------------------------

def axis_bombers_on_the_table(**variant):
    """Seat 1 lays Do 26 bombers; seat 0 then lays P-38 fighters."""
    state = make([P38() + FILLER[:4], ["DO26/T", "DO26/S", "DO26/F", "KI99/T", "KI99/S", "KI99/F", "A17/S"]],
                 **variant)
    run(state, "draw stock", "discard B17/T")
    run(state, "draw stock", "lay DO26/T DO26/S DO26/F", "name DO26 DE", "lay KI99/T KI99/S KI99/F", "name KI99 JP")
    run(state, "discard A17/S")
    return state


def test_united_nations_fighters_shoot_down_axis_bombers_and_keep_both_sets():
    state = axis_bombers_on_the_table()
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US")
    assert state.phase == "shoot" and set(state.legal_actions(0)) == {"shoot 1", "shoot 2", "hold"}
    run(state, "shoot 1")
    assert state.phase == "play"
    assert [x["plane"] for x in state.observation(None)["captured"][0]] == ["P38", "DO26"]
    assert [x["plane"] for x in state.observation(None)["table"]] == ["KI99"]


def test_the_round_over_says_what_each_player_laid_and_shot_down():
    state = axis_bombers_on_the_table()
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US", "shoot 1")
    state._end_round()               # the count, as at any round's end (the next deal follows it)
    over = [e for e in state.observation(1)["events"] if e["event"] == "round over"][-1]
    assert [[x["plane"] for x in sets] for sets in over["laid"]] == [["P38"], ["KI99"]]
    assert [[(x["plane"], x["by"], x["value"]) for x in sets] for sets in over["shot_down"]] == [[("DO26", 1, 30)], []]
    assert over["breakdown"][0]["captured"] == 30 and over["breakdown"][1]["laid"] == 30


def test_shooting_down_is_optional():
    state = axis_bombers_on_the_table()
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US", "hold")
    assert len(state.observation(None)["table"]) == 3


def test_variant_one_fighter_set_downs_all_enemy_bombers():
    state = axis_bombers_on_the_table(shoot_down="all")
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US", "shoot 2")
    assert state.phase == "shoot" and state.legal_actions(0) == ("shoot 1", "hold")
    run(state, "shoot 1")
    assert len(state.observation(None)["captured"][0]) == 3


def test_fighters_do_not_shoot_own_side_bombers_or_own_sets():
    # Seat 1 lays B-17 (United Nations) bombers; seat 0's P-38s cannot shoot them.
    state = make([P38() + FILLER[2:6], ["B17/T", "B17/S", "B17/F", "A17/S", "BLE/T", "BLE/S", "P40/T"]], pile="KI99/T")
    run(state, "draw stock", "discard WEL/T", "draw stock", "lay B17/T B17/S B17/F", "name B17 US", "discard P40/T")
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US")
    assert state.phase == "play"


def test_axis_fighters_shoot_down_united_nations_bombers():
    state = make([["ME109/T", "ME109/S", "ME109/F", "DB3/T", "BLE/T", "BLE/S", "P40/T"],
                  ["B17/T", "B17/S", "B17/F", "A17/S", "WEL/T", "WEL/S", "P40/S"]], pile="KI99/T")
    run(state, "draw stock", "discard P40/T", "draw stock", "lay B17/T B17/S B17/F", "name B17 US", "discard P40/S")
    run(state, "draw stock", "lay ME109/T ME109/S ME109/F", "name ME109 DE")
    assert state.legal_actions(0) == ("shoot 1", "hold")


# -- end of round and scoring --------------------------------------------------------------

def going_out_on_second_turn(seat0, **variant):
    """Seat 0 draws WEL/F and throws it, seat 1 throws BLE/T, then seat 0 takes all three
    pile cards (WEL/S, WEL/F, BLE/T) and may lay everything down."""
    state = make([seat0, FILLER2], pile="WEL/S", stock=["WEL/F", "I16/T"], **variant)
    run(state, "draw stock", "discard WEL/F", "draw stock", "discard BLE/T", "take 3")
    return state


def test_round_ends_when_a_player_discards_his_last_card_and_scores():
    state = going_out_on_second_turn(P38() + ["B17/T", "B17/S", "B17/F", "WEL/T"], target=1000)
    run(state, "lay P38/T P38/S P38/F", "name P38 US", "lay B17/T B17/S B17/F", "name B17 US",
        "lay WEL/T WEL/S WEL/F", "name WEL GB")
    assert state.round_no == 0 and state.legal_actions(0) == ("discard BLE/T",)
    run(state, "discard BLE/T")
    assert state.round_no == 1 and state.round_log[-1]["went_out"] == 0
    scores = state.round_scores[0]
    assert scores[0] == 15 + 30 + 30
    # seat 1 holds BLE/S, P40/T, P40/S, F2A/T, F2A/S, A17/S and the I16/T it drew
    assert scores[1] == -(10 + 5 + 5 + 5 + 5 + 10 + 5)


def test_going_out_by_laying_down_everything_needs_no_discard():
    state = make([FILLER2, P38() + ["B17/T", "B17/S", "B17/F", "DB3/T"]], pile="DB3/S", stock=["DB3/F"], target=1000)
    run(state, "draw stock", "discard DB3/F", "take 2")          # seat 1 takes DB3/S and DB3/F: nine cards
    run(state, "lay P38/T P38/S P38/F", "name P38 US", "lay B17/T B17/S B17/F", "name B17 US")
    run(state, "lay DB3/T DB3/S DB3/F", "name DB3 RU")
    assert state.round_no == 1 and state.round_scores[0][1] == 15 + 30 + 30


def test_wild_cards_score_as_the_card_they_replace_and_victory_doubles_its_set():
    laid = rules.new_set(1, 0, 4, [12], [48, 51], -1)      # B17/T + KEF + VIC
    assert rules.set_base(laid) == 30 and rules.set_value(laid) == 60
    plain = rules.new_set(2, 0, 0, [0, 1], [48], -1)      # P38/T P38/S KEF
    assert rules.set_value(plain) == 15


def test_cards_left_in_hand_cost_their_value_and_wilds_cost_ten_and_fifteen():
    from parlour.games.squadron_scramble.cards import hand_penalty
    assert hand_penalty(rules.NATURAL_OF_TEXT["B17/T"]) == 10
    assert hand_penalty(rules.NATURAL_OF_TEXT["P38/T"]) == 5
    assert hand_penalty(48) == 10 and hand_penalty(51) == 15


def test_victory_on_the_last_turn_doubles_everything_the_player_laid():
    state = going_out_on_second_turn(P38() + ["B17/T", "B17/S", "VIC", "WEL/T"], target=1000)
    run(state, "lay P38/T P38/S P38/F", "name P38 US", "lay B17/T B17/S VIC", "name B17 US",
        "lay WEL/T WEL/S WEL/F", "name WEL GB", "discard BLE/T")
    assert state.round_scores[0][0] == 2 * (15 + 30 + 30)
    over = [e for e in state.observation(1)["events"] if e["event"] == "round over"][-1]
    assert over["breakdown"][0] == {"laid": 2 * (15 + 30 + 30), "captured": 0, "victory": "all", "hand": 0,
                                    "total": 2 * (15 + 30 + 30)}


def test_victory_laid_earlier_doubles_only_its_own_set():
    state = make([["B17/T", "B17/S", "VIC", "B17/F", "WEL/T", "WEL/S", "WEL/F"], FILLER2], target=1000)
    run(state, "draw stock", "lay B17/T B17/S VIC", "name B17 US", "discard B17/F")
    scores = [state._round_score(s) for s in range(2)]
    # B17 set doubled (60) minus the three Wellingtons and the card drawn
    drawn = [c for c in state.hands[0] if rules.CARD_TEXT[c] not in ("WEL/T", "WEL/S", "WEL/F")]
    assert scores[0] == 60 - 30 - sum(rules.hand_penalty(c) for c in drawn)
    assert state._round_breakdown(0)["victory"] == "set" and state._round_breakdown(0)["laid"] == 60


def test_captured_sets_score_for_the_captor_not_the_layer():
    state = axis_bombers_on_the_table()
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US", "shoot 1")
    assert state._round_score(0) == 15 + 30 - sum(rules.hand_penalty(c) for c in state.hands[0])
    assert state._round_score(1) == 30 - sum(rules.hand_penalty(c) for c in state.hands[1])
    parts = state._round_breakdown(0)
    assert (parts["laid"], parts["captured"], parts["victory"]) == (15, 30, None)
    assert parts["total"] == parts["laid"] + parts["captured"] - parts["hand"] == state._round_score(0)


def test_stock_running_out_turns_the_pile_over_once_then_ends_the_round():
    state = GAME.new_state(seats=2, seed=3, variant={"target": 10_000, "max_rounds": 1})
    while state.stock:
        (seat,) = state.to_move
        state.apply(seat, "draw stock")
        state.apply(seat, "discard " + rules.CARD_TEXT[state.hands[seat][0]])
    pile = [rules.CARD_TEXT[c] for c in state.pile]
    (seat,) = state.to_move
    run(state, "draw stock")
    # the pile but its top card, turned over unshuffled: its bottom card is the new stock's top
    assert state.restocked and pile[0] in state.observation(seat)["hand"]
    assert state.observation(None)["pile"] == pile[-1:]
    assert [rules.CARD_TEXT[c] for c in state.stock] == pile[1:-1][::-1]
    run(state, "discard " + rules.CARD_TEXT[state.hands[seat][0]])
    while not state.is_over:
        (seat,) = state.to_move
        state.apply(seat, "draw stock")
        state.apply(seat, "discard " + rules.CARD_TEXT[state.hands[seat][0]])
    assert state.round_log[-1]["went_out"] is None      # the second time, the round simply ends


def test_variant_stock_out_ends_the_round():
    state = GAME.new_state(seats=2, seed=3, variant={"stock_out": "end-round", "target": 10_000, "max_rounds": 1})
    while not state.is_over:
        (seat,) = state.to_move
        state.apply(seat, "draw stock")
        state.apply(seat, "discard " + rules.CARD_TEXT[state.hands[seat][0]])
    assert state.round_log[-1]["went_out"] is None and not state.restocked


# -- the game ---------------------------------------------------------------------------------

def test_first_to_the_target_wins():
    state = going_out_on_second_turn(P38() + ["B17/T", "B17/S", "B17/F", "WEL/T"], target=60)
    run(state, "lay P38/T P38/S P38/F", "name P38 US", "lay B17/T B17/S B17/F", "name B17 US",
        "lay WEL/T WEL/S WEL/F", "name WEL GB", "discard BLE/T")
    assert state.is_over and state.result()["winner"] == "P1" and state.returns() == [1.0, -1.0]
    assert state.result()["totals"] == {"P1": 75, "P2": -45}


def test_a_tie_for_the_lead_at_the_target_plays_another_round():
    state = make([FILLER, FILLER2])
    state.totals = [300, 300]
    state.hands = [[], []]                 # nothing in hand: this round scores 0 for both
    state._end_round()
    assert state.totals == [300, 300] and not state.is_over and state.round_no == 1


def test_max_rounds_ends_the_game_and_a_tie_is_a_draw():
    state = GAME.new_state(seats=2, seed=3, variant={"stock_out": "end-round", "target": 10_000, "max_rounds": 1})
    state.hands = [[], []]
    state.stock = []
    state._end_round()
    assert state.is_over and state.result()["winner"] is None and state.returns() == [0.0, 0.0]


# -- actions, errors and visibility ---------------------------------------------------------------

def test_every_action_in_the_space_parses_back_to_itself():
    for action in GAME.action_space(4):
        assert rules.parse_action(action) == action


def test_lay_text_is_canonical_in_any_order():
    assert rules.parse_action("lay vic p38/f P38/T") == "lay P38/T P38/F VIC"
    assert rules.parse_action("lay P38/T P38/S P38/F +kef") == "lay P38/T P38/S P38/F +KEF"


@pytest.mark.parametrize("text, message", [
    ("lay P38/T", "not a Squadron Scramble move: type 'draw stock'"), ("discard Z99/T", "not a card: type a plane"),
    ("take 0", "number"),
    ("name Spitfire Britain", "could not read"), ("add P38/T 1", "only a wild"), ("fly", "not a Squadron"),
])
def test_malformed_actions_are_explained(text, message):
    with pytest.raises(ActionSyntaxError, match=message):
        rules.parse_action(text)


def test_illegal_actions_change_nothing():
    state = make([P38() + FILLER[:4], FILLER2])
    before = json.dumps(state.snapshot(), sort_keys=True)
    for seat, action in [(1, "draw stock"), (0, "discard B17/T"), (0, "take 3"), (0, "shoot 1"), (7, "hold")]:
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_bad_deals_are_refused():
    with pytest.raises(DealError, match="first_dealer"):
        rules.check_deal({"first_dealer": 5, "rounds": []}, 2)
    with pytest.raises(DealError, match="every card once"):
        rules.check_deal({"first_dealer": 0, "rounds": [["P38/T"] * 52]}, 2)
    with pytest.raises(DealError, match="no pack"):
        GAME.new_state(seats=2, deal={"first_dealer": 0, "rounds": []})


def test_the_whole_discard_pile_is_public_and_hands_are_private():
    state = make([FILLER, FILLER2], pile="ME109/T")
    run(state, "draw stock", "discard B17/T")
    for seat in (None, 0, 1):
        assert state.observation(seat)["pile"] == ["ME109/T", "B17/T"]
    assert "hand" not in state.observation(None)
    assert state.observation(1)["hand"] == sorted(FILLER2, key=lambda t: rules.NATURAL_OF_TEXT[t])
    assert "stock" not in state.observation(0) and state.observation(0)["stock_size"] == len(state.stock)


def test_victory_swapped_back_out_does_not_double_everything():
    """VICTORY laid and then won back by a swap on the going-out turn no longer doubles anything."""
    state = make([P38() + ["VIC", "B17/T", "B17/S", "B17/F"], FILLER2], stock=["KEF"], target=1000, swap_own=True)
    run(state, "draw stock", "lay P38/T P38/S VIC", "name P38 US", "swap P38/F 1")
    assert "VIC" in state.observation(0)["hand"]
    run(state, "lay B17/T B17/S B17/F", "name B17 US", "add KEF 2", "discard VIC")
    assert state.round_scores[0][0] == 15 + 40         # not doubled: VICTORY ended on the discard pile


def state_in_play(hand: list[str], table: list[dict], **variant):
    """Seat 0 in the play phase with exactly ``hand`` and these sets on the table (a unit-level setup)."""
    state = make([FILLER, FILLER2], **variant)
    run(state, "draw stock")
    ids = {t: rules.NATURAL_OF_TEXT[t] for t in hand if "/" in t}
    kefs = iter(rules.KEF_IDS)
    state.hands[0] = sorted(ids[t] if "/" in t else next(kefs) if t == "KEF" else rules.VIC_ID for t in hand)
    state.table = table
    state.next_set_id = len(table) + 1
    state._legal = None
    return state


def test_a_swapped_wild_that_cannot_be_used_counts_as_a_card_to_discard():
    # Seat 1's A-17 set has KEF standing for the front view; seat 0 swaps A17/F in and takes that KEF.
    a17 = rules.new_set(1, 1, rules.PLANE_OF[rules.NATURAL_OF_TEXT["A17/T"]],
                        [rules.NATURAL_OF_TEXT["A17/T"], rules.NATURAL_OF_TEXT["A17/S"]], [rules.KEF_IDS[2]], -1)
    hand = ["P38/T", "P38/S", "P38/F", "VIC", "DB3/T", "A17/F"]
    state = state_in_play(hand, [rules._copy_set(a17)], swap_then_lay=False)
    run(state, "swap A17/F 1")
    # +VIC would leave DB3/T and a KEF that may not be used this turn: two cards, one discard.
    assert "lay P38/T P38/S P38/F +VIC" not in state.legal_actions(0)
    # With the wild usable at once, DB3/T + KEF after +VIC is fine only if KEF has a set to go on:
    # the P-38 set has its fourth card, so it has none either.
    usable = state_in_play(hand, [rules._copy_set(a17)], swap_then_lay=True)
    run(usable, "swap A17/F 1")
    assert "lay P38/T P38/S P38/F +VIC" not in usable.legal_actions(0)
    # Laying the P-38s plain leaves a three-card set: then VIC can go out as a fourth card later.
    assert "lay P38/T P38/S P38/F" in usable.legal_actions(0)



def test_a_record_that_runs_out_of_packs_is_refused_with_its_index():
    from parlour.engine.errors import RecordError
    from parlour.engine.record import record_of
    from parlour.games import replay
    state = GAME.new_state(seats=2, seed=3, variant={"stock_out": "end-round", "max_rounds": 2})
    while not state.is_over:
        (seat,) = state.to_move
        state.apply(seat, "draw stock")
        state.apply(seat, "discard " + rules.CARD_TEXT[state.hands[seat][0]])
    record = record_of(state)
    record.seed = None
    record.deal["rounds"] = record.deal["rounds"][:1]
    record.result = None
    with pytest.raises(RecordError, match="no pack for round 2") as error:
        replay(record)
    assert error.value.index is not None


def test_victory_laid_on_an_earlier_turn_never_doubles_everything():
    """VICTORY down on turn 1, a KEEP 'EM FLYING added to its set on the going-out turn: only that set doubles."""
    state = make([["WEL/T", "WEL/S", "VIC", "P38/T", "P38/S", "P38/F", "KEF"], FILLER2],
                 stock=["DB3/T", "I16/T", "DB3/S"], target=1000)
    run(state, "draw stock", "lay WEL/T WEL/S VIC", "name WEL GB", "discard DB3/T")
    run(state, "draw stock", "discard I16/T")
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US", "add KEF 1", "discard DB3/S")
    assert state.round_scores[0][0] == 2 * 40 + 15


def test_exploring_a_clone_never_changes_the_original_score():
    state = make([["WEL/T", "WEL/S", "VIC", "P38/T", "P38/S", "P38/F", "KEF"], FILLER2],
                 stock=["DB3/T", "I16/T", "DB3/S"], target=1000)
    run(state, "draw stock", "lay WEL/T WEL/S VIC", "name WEL GB", "discard DB3/T", "draw stock", "discard I16/T")
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US")
    before = state._round_score(0)
    copy = state.clone()
    run(copy, "add KEF 1")
    assert state._round_score(0) == before and not state.victory_now


def test_resample_gives_a_player_bound_to_go_out_a_hand_he_can_go_out_with():
    """His hidden cards are redealt too (keeping them would hand the truth to a search), but only to hands
    that can still go out this turn; here the one card drawn unseen can be any, as it is his last discard."""
    import random as _random

    from parlour.engine.record import record_of
    from parlour.games import replay
    state = make([P38() + ["B17/T", "B17/S", "B17/F", "KEF"], FILLER2], stock=["WEL/T"], target=1000)
    run(state, "draw stock", "lay B17/T B17/S B17/F", "name B17 US", "lay P38/T P38/S P38/F +KEF", "name P38 US")
    held = set()
    for i in range(40):
        other = state.resample(1, _random.Random(i))
        assert other.committed and other._out_possible(0)
        assert replay(record_of(other)).observation(1) == state.observation(1)
        held.update(other.hands[0])
    assert len(held) > 10


def test_a_discarded_kef_clears_what_the_table_knows_of_kefs_in_that_hand():
    state = make([["KEF", "B17/T", "B17/S", "WEL/T", "WEL/S", "DB3/T", "DB3/S"], FILLER2], pile="KEF")
    run(state, "take 1")
    assert len(state.known[0]) == 1
    run(state, "discard KEF")
    assert state.known[0] == []          # either KEF might have gone: neither is known to be left


@pytest.mark.parametrize("text", ["take ²", "shoot ³", "swap P38/T ¹"])
def test_unusual_digits_are_refused_not_crashed(text):
    with pytest.raises(ActionSyntaxError):
        rules.parse_action(text)


def test_an_action_that_needs_a_missing_pack_changes_nothing():
    hands = [P38() + ["B17/T", "B17/S", "B17/F", "WEL/T"], FILLER2]
    deal = {"first_dealer": 1, "rounds": [pack_for(hands, "WEL/S", ["WEL/F", "I16/T"], 1)]}
    state = GAME.new_state(seats=2, deal=deal, variant={"target": 1000})
    run(state, "draw stock", "discard WEL/F", "draw stock", "discard BLE/T", "take 3")
    run(state, "lay P38/T P38/S P38/F", "name P38 US", "lay B17/T B17/S B17/F", "name B17 US",
        "lay WEL/T WEL/S WEL/F", "name WEL GB")
    before = json.dumps(state.snapshot(), sort_keys=True)
    with pytest.raises(DealError, match="no pack for round 2"):
        state.apply(0, "discard BLE/T")
    assert json.dumps(state.snapshot(), sort_keys=True) == before and state.history[-1] == (0, "name WEL GB")


def test_variant_values_out_of_range_are_refused():
    from parlour.engine.errors import VariantError
    for bad in ({"target": 0}, {"target": -5}, {"max_rounds": -3}):
        with pytest.raises(VariantError, match="at least"):
            GAME.variant(bad)


def test_refusals_after_the_draw_say_what_is_possible():
    state = make([FILLER, FILLER2])
    run(state, "draw stock")
    with pytest.raises(IllegalAction, match="^You have drawn already this turn. You may discard a card to end your "
                                            "turn.$"):
        state.apply(0, "take 1")
    with pytest.raises(IllegalAction, match="nothing to shoot at now: bombers are shot down only just after"):
        state.apply(0, "shoot 1")
    with pytest.raises(IllegalAction, match="^You do not hold the Dornier Do 26 \\(side view\\): you may discard"):
        state.apply(0, "discard DO26/S")


def test_in_plane_spotting_a_refusal_says_what_a_hand_may_do_not_what_this_one_holds():
    """(round 13) In plane-spotting a refusal's "you may ..." says nothing of whether the hand holds a set or a swap:
    a hand with a set and one with none hear the same words; the default game says what is open."""
    said = []
    for hand in (P38() + FILLER[:4], FILLER):
        state = make([hand, FILLER2], recognition=True)
        run(state, "draw stock")
        with pytest.raises(IllegalAction) as refused:
            state.apply(0, "take 1")
        said.append(str(refused.value))
    assert said[0] == said[1], said
    assert said[0].endswith("You may lay any set your cards make, swap any card of yours for a wild card standing in "
                            "for it in another player's set or discard a card to end your turn."), said[0]
    state = make([P38() + FILLER[:4], FILLER2])
    run(state, "draw stock")
    with pytest.raises(IllegalAction, match="You may lay a set or discard a card to end your turn.$"):
        state.apply(0, "take 1")


def test_variant_stalemate_turns_ends_a_round_of_passing_discards_to_and_fro():
    # Each player holds one P-38 view and the third lies on the pile: both keep taking it back.
    state = make([P38()[:1] + FILLER[:6], P38()[1:2] + FILLER2[:6]], pile="P38/F", stalemate_turns=4,
                 target=1000)
    state.hands = [[rules.NATURAL_OF_TEXT["P38/T"]], [rules.NATURAL_OF_TEXT["P38/S"]]]
    state._legal = None
    run(state, "take 1", "discard P38/F", "take 1", "discard P38/F", "take 1", "discard P38/F")
    assert state.round_no == 0 and state.idle_turns == 3
    run(state, "take 1", "discard P38/F")
    assert state.round_no == 1 and state.round_log[-1]["event"] == "round over"
    assert any(e["event"] == "stalemate" for e in state.round_log)


def test_a_stock_draw_or_a_set_resets_the_stalemate_count():
    state = make([FILLER, FILLER2], stalemate_turns=3)
    run(state, "take 1", "discard SM79/T", "take 1", "discard SM79/T")
    assert state.idle_turns == 2
    run(state, "draw stock", "discard B17/T")
    assert state.idle_turns == 0


def test_by_default_passing_discards_to_and_fro_never_ends_a_round():
    """The sheet ends a round only when someone goes out: the stalemate is a club variant, off by default."""
    assert GAME.variant({})["stalemate_turns"] == 0
    state = make([FILLER, FILLER2])
    for _ in range(30):
        run(state, "take 1", "discard SM79/T")
    assert state.round_no == 0 and state.idle_turns == 30 and state.phase == rules.DRAW


def test_a_shuffled_packs_ints_are_those_read_off_its_texts():
    # A seeded round takes its card ints straight from the shuffle; they must be what a replay reads off the
    # texts in the record (the alike KEEP 'EM FLYING cards numbered in the order they lie).
    for seed in range(40):
        for round_no in range(3):
            texts, ids = rules._shuffled(seed, round_no)
            assert texts == rules.shuffled_pack(seed, round_no)
            assert ids == rules._pack_ids(texts, round_no)


def _own_and_other_sets():
    """Seat 0 holds P38/F and A17/F; VICTORY stands for the P-38's front view in seat 0's own set (id 1) and a
    KEEP 'EM FLYING for the A-17's front view in seat 1's set (id 2)."""
    nat = rules.NATURAL_OF_TEXT
    own = rules.new_set(1, 0, rules.PLANE_OF[nat["P38/T"]], [nat["P38/T"], nat["P38/S"]], [rules.VIC_ID], -1)
    other = rules.new_set(2, 1, rules.PLANE_OF[nat["A17/T"]], [nat["A17/T"], nat["A17/S"]], [rules.KEF_IDS[0]], -1)
    return [rules._copy_set(own), rules._copy_set(other)]


def test_by_default_a_wild_card_is_swapped_only_out_of_another_players_set():
    """The sheet: the holder of the card a wild card stands for places it in his OPPONENT'S set."""
    state = state_in_play(["P38/F", "A17/F", "DB3/T", "WEL/S"], _own_and_other_sets())
    assert state.variant["swap_own"] is False
    swaps = [a for a in state.legal_actions(0) if a.startswith("swap ")]
    assert swaps == ["swap A17/F 2"]
    from parlour.engine.errors import IllegalAction
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, "swap P38/F 1")
    assert "only out of another player's set, not out of your own" in str(refused.value)
    assert "in another player's set" in str(refused.value)          # what he may do instead, in words
    assert "P38" not in str(refused.value) and "VIC" not in str(refused.value)


def test_variant_swap_own_allows_a_swap_out_of_ones_own_set():
    state = state_in_play(["P38/F", "A17/F", "DB3/T", "WEL/S"], _own_and_other_sets(), swap_own=True)
    swaps = [a for a in state.legal_actions(0) if a.startswith("swap ")]
    assert swaps == ["swap P38/F 1", "swap A17/F 2"]
    run(state, "swap P38/F 1")
    assert "VIC" in state.observation(0)["hand"]


def test_a_set_just_laid_gives_its_wild_card_back_only_under_swap_own():
    """Without ``swap_own`` a set just laid with a wild card cannot give that wild card back to its layer."""
    hand = ["P38/T", "P38/S", "P38/F", "KEF", "A17/T", "A17/S", "A17/F"]
    lay = "lay P38/T P38/S KEF"
    own = state_in_play(hand, [], swap_own=True)
    plain = state_in_play(hand, [])
    assert lay in own.legal_actions(0) and lay in plain.legal_actions(0)
    run(own, lay, "name P38 US")
    run(plain, lay, "name P38 US")
    assert "swap P38/F 1" in own.legal_actions(0)
    assert not any(a.startswith("swap ") for a in plain.legal_actions(0))


def test_a_record_of_rules_version_1_replays_with_own_set_swaps():
    """Records made before ``swap_own`` (rules version 1) were played with own-set swaps allowed: they replay
    under ``swap_own: true``, and load and save again byte for byte."""
    from pathlib import Path

    from parlour.engine.errors import RecordError
    from parlour.engine.record import GameRecord, played_variant, record_of
    from parlour.games import replay

    path = Path(__file__).parent.parent / "records" / "squadron-scramble-heuristic-4p.json"
    text = path.read_text(encoding="utf-8")
    record = GameRecord.from_json(text)
    assert record.rules_version == "1" and "swap_own" not in record.variant
    assert record.to_json() == text
    assert played_variant(record, GAME)["swap_own"] is True
    state = replay(record)
    assert state.variant["swap_own"] is True and state.is_over and state.result() == record.result
    # the game holds a swap out of the swapper's own set, which the rules now refuse by default
    own_swaps = 0
    again = GAME.new_state(seats=len(record.seats), variant=played_variant(record, GAME), seed=record.seed,
                           deal=record.deal)
    for seat, text_ in record.actions:
        if text_.startswith("swap "):
            laid = next(x for x in again.table if str(x["id"]) == text_.split()[2])
            own_swaps += laid["by"] == seat
        again.apply(seat, text_)
    assert own_swaps > 0
    strict = GameRecord.from_json(text)
    strict.rules_version = GAME.rules_version
    with pytest.raises(RecordError):
        replay(strict)
    # saved again, it names the rules it was played under
    resaved = record_of(state)
    assert resaved.rules_version == GAME.rules_version and resaved.variant["swap_own"] is True
    assert [list(a) for a in resaved.actions] == [list(a) for a in record.actions]
    assert replay(GameRecord.from_json(resaved.to_json())).result() == record.result

