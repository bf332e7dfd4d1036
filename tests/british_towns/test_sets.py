"""The regional-sets game of British Towns: one test per rule and ruling.

Region 6 (East Anglia) has three towns: CAMBRIDGE, NORWICH, IPSWICH and R6.
Region 3 (West Country): WELLS, PLYMOUTH, BATH and R3.
"""

from __future__ import annotations

import json

import pytest

from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction
from parlour.games.british_towns import SETS, sets
from tests.british_towns.conftest import run, sets_game

JUNK0 = ["LONDON", "COWES", "CARDIFF", "BIRMINGHAM", "PENRITH", "YORK", "AYR"]
JUNK1 = ["DOVER", "WINDSOR", "SWANSEA", "COVENTRY", "MANCHESTER", "LEEDS", "GLASGOW"]


def test_seven_each_one_card_face_up_and_left_of_dealer_begins():
    state = SETS.new_state(seats=3, seed=2)
    assert [len(h) for h in state.hands] == [7, 7, 7] and len(state.discards) == 1
    assert len(state.stock) == 43 - 22
    assert state.to_move == {(state.dealer + 1) % 3}
    first = (state.dealer + 1) % 3
    assert state.deal["pack"][0] in state.observation(first)["hand"]


def test_two_to_five_players():
    assert SETS.seat_counts == (2, 3, 4, 5)


def test_a_turn_begins_with_the_stock_or_the_top_discard():
    state = sets_game([JUNK0, JUNK1], face_up="EDINBURGH", stock=["NORWICH"])
    assert state.legal_actions(0) == ("draw stock", "take discard")
    run(state, "take discard")
    assert "EDINBURGH" in state.observation(0)["hand"] and state.observation(None)["discards"] == []


def test_without_a_set_a_card_is_discarded_and_the_turn_passes_left():
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH"])
    run(state, "draw stock", "discard NORWICH")
    assert state.to_move == {1} and state.observation(None)["discards"][-1] == "NORWICH"


def test_all_the_towns_of_a_region_make_a_set():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], JUNK1], stock=["IPSWICH"])
    run(state, "draw stock")
    assert state.legal_actions(0) == ("lay 6",)            # must lay: no discard offered


def test_the_region_card_stands_in_for_any_one_town():
    state = sets_game([["CAMBRIDGE", "R6"] + JUNK0[:5], JUNK1], stock=["IPSWICH"])
    run(state, "draw stock", "lay 6")
    assert state.observation(None)["sets"][0] == {"6": ["CAMBRIDGE", "IPSWICH", "R6"]}
    state = sets_game([["CAMBRIDGE", "R6"] + JUNK0[:5], JUNK1], stock=["WELLS"])
    run(state, "draw stock")
    assert "lay 6" not in state.legal_actions(0)           # region card + one town of three is not enough


def test_a_player_holding_every_card_of_a_region_lays_them_all():
    state = sets_game([["CAMBRIDGE", "NORWICH", "IPSWICH"] + JUNK0[:4], JUNK1], stock=["R6"])
    run(state, "draw stock", "lay 6")
    assert len(state.observation(None)["sets"][0]["6"]) == 4


def test_after_laying_the_hand_is_drawn_back_up_to_seven():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], JUNK1], stock=["IPSWICH", "WELLS", "BATH", "PLYMOUTH"])
    run(state, "draw stock", "lay 6")
    hand = state.observation(0)["hand"]
    assert len(hand) == 7 and {"WELLS", "BATH"} <= set(hand) and "PLYMOUTH" not in hand
    assert state.to_move == {1}                            # laying and drawing up is the turn: no discard


def test_variant_laying_is_optional():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], JUNK1], stock=["IPSWICH"], must_lay=False)
    run(state, "draw stock")
    assert "lay 6" in state.legal_actions(0) and "discard IPSWICH" in state.legal_actions(0)
    run(state, "lay 6")
    assert state.legal_actions(0) == ("done",)
    run(state, "done")
    assert len(state.hands[0]) == 7 and state.to_move == {1}


def test_several_sets_in_one_turn_and_the_one_set_variant():
    hand = ["CAMBRIDGE", "NORWICH", "IPSWICH", "WELLS", "PLYMOUTH", "BATH", "AYR"]
    state = sets_game([hand, JUNK1], stock=["LONDON"])
    run(state, "draw stock", "lay 3")
    assert state.legal_actions(0) == ("lay 6",)
    run(state, "lay 6")
    assert state.to_move == {1} and len(state.hands[0]) == 7
    one = sets_game([hand, JUNK1], stock=["LONDON"], sets_per_turn="one")
    run(one, "draw stock", "lay 3")
    assert one.to_move == {1} and "CAMBRIDGE" in one.observation(0)["hand"]


def test_the_last_card_of_a_laid_region_on_the_discards_must_be_added_and_ends_the_turn():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], ["R6"] + JUNK1[:6]],
                      stock=["IPSWICH", "WELLS", "BATH", "PLYMOUTH", "R3", "SHEFFIELD"])
    run(state, "draw stock", "lay 6")            # region 6 laid without R6
    run(state, "draw stock", "discard R6")       # P2 throws R6
    assert state.legal_actions(0) == ("add R6",)
    with pytest.raises(IllegalAction, match="^The top discard, the region card of East Anglia, "
                                            "completes your set of East Anglia \\(region 6\\): you must add it"):
        state.apply(0, "draw stock")
    run(state, "add R6")
    assert state.observation(None)["sets"][0]["6"][-1] == "R6" and state.to_move == {1}


def test_the_last_card_drawn_from_the_stock_goes_onto_the_set_and_ends_the_turn():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], JUNK1],
                      stock=["IPSWICH", "WELLS", "BATH", "SHEFFIELD", "R6"])
    run(state, "draw stock", "lay 6", "draw stock", "discard SHEFFIELD")
    run(state, "draw stock")                     # P1 draws R6
    assert state.observation(None)["sets"][0]["6"][-1] == "R6"
    assert state.to_move == {1} and len(state.hands[0]) == 7


def test_the_last_card_drawn_while_drawing_up_goes_onto_the_set_and_another_is_drawn():
    hand = ["CAMBRIDGE", "NORWICH", "WELLS", "PLYMOUTH", "BATH", "AYR", "YORK"]
    state = sets_game([hand, JUNK1], stock=["IPSWICH", "LONDON", "R6", "SOUTHEND", "COWES", "R3"])
    run(state, "draw stock", "lay 3", "lay 6")   # draws up: LONDON, R6 (onto region 6), SOUTHEND, COWES, R3 (onto 3)...
    sets_now = state.observation(None)["sets"][0]
    assert sets_now["6"][-1] == "R6" and sets_now["3"][-1] == "R3"
    assert {"LONDON", "SOUTHEND", "COWES"} <= set(state.observation(0)["hand"]) and len(state.hands[0]) == 7


def test_nobody_else_can_use_a_laid_regions_last_card():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], ["R6", "WELLS", "PLYMOUTH"] + JUNK1[:4]],
                      stock=["IPSWICH", "LEEDS", "BATH"])
    run(state, "draw stock", "lay 6", "draw stock")
    assert "lay 6" not in state.legal_actions(1)


def test_an_empty_stock_is_replaced_by_the_shuffled_discards():
    state = SETS.new_state(seats=2, seed=3)
    while state.stock:
        (seat,) = state.to_move
        state.apply(seat, "draw stock")
        legal = state.legal_actions(seat)
        if state.phase == "play":
            state.apply(seat, next(a for a in legal if a.startswith(("lay", "discard"))))
            if state.phase == "play":
                state.apply(seat, state.legal_actions(seat)[0])
        if state.observation(None)["events"] and state.observation(None)["events"][-1]["event"] == "reshuffle":
            break
    events = [e for e in state.observation(None)["events"] if e["event"] == "reshuffle"]
    assert events and len(state.observation(None)["discards"]) >= 1 and state.stock
    assert len(state.deal["reshuffles"]) == 1


def test_the_game_ends_when_a_hand_cannot_be_made_up_to_seven():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], JUNK1], stock=["IPSWICH"])
    state.stock = state.stock[-2:]               # only IPSWICH and one more card left in the stock
    state.discards = []
    run(state, "draw stock", "lay 6")
    assert state.is_over and state.observation(None)["events"][-1]["why"] == "could not make his hand up to seven"


def test_score_is_cards_laid_less_cards_held():
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], JUNK1], stock=["IPSWICH"])
    state.stock = state.stock[-2:]
    state.discards = []
    run(state, "draw stock", "lay 6")
    result = state.result()
    # P1 laid three cards and drew up only to six before the stock ran dry
    assert result["scores"] == {"P1": 3 - 6, "P2": 0 - 7} and result["winner"] == "P1"


def test_by_default_only_a_hand_that_cannot_be_made_up_ends_the_game():
    """The sheet's end is the only one by default: dry turns of the pack never stop the game."""
    assert SETS.variant({})["stalemate"] == 0
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH", "IPSWICH", "BATH", "WELLS"])
    state.stock = state.stock[-4:]
    for _ in range(40):                         # the players draw and throw; nobody can ever lay a set
        (seat,) = state.to_move
        run(state, "draw stock", "discard " + sets.CARD_TEXT[state.hands[seat][-1]])
    assert not state.is_over and state.reshuffles_used >= 5 and state.dry_reshuffles >= 5
    club = sets_game([JUNK0, JUNK1], stock=["NORWICH", "IPSWICH", "BATH", "WELLS"], stalemate=2)
    club.stock = club.stock[-4:]
    while not club.is_over:
        (seat,) = club.to_move
        run(club, "draw stock", "discard " + sets.CARD_TEXT[club.hands[seat][-1]])
    assert "stalemate" in club.observation(None)["events"][-1]["why"]


def test_variant_stalemate_ends_a_game_that_goes_round_for_ever():
    state = SETS.new_state(seats=2, seed=22, variant={"stalemate": 1})
    steps = 0
    while not state.is_over and steps < 5000:
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        choice = next((a for a in legal if a.startswith(("lay", "add"))), None)
        state.apply(seat, choice or ("draw stock" if "draw stock" in legal else legal[-1]))
        steps += 1
    assert state.is_over
    assert state.observation(None)["events"][-1]["why"].startswith(("stalemate", "could not", "nothing"))


def test_actions_read_generously_and_errors_are_clear():
    assert sets.parse_action("lay R6") == "lay 6" and sets.parse_action("lay region 6") == "lay 6"
    assert sets.parse_action("discard menai bridge") == "discard MENAI-BRIDGE"
    assert sets.parse_action("take") == "take discard" and sets.parse_action("draw") == "draw stock"
    with pytest.raises(ActionSyntaxError, match="'lay' takes the number of the region you lay down, 1 to 9"):
        sets.parse_action("lay 12")
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH"])
    run(state, "draw stock")
    before = json.dumps(state.snapshot(), sort_keys=True)
    with pytest.raises(IllegalAction, match="^You do not hold Dover: discard a card you hold.$"):
        state.apply(0, "discard DOVER")
    with pytest.raises(IllegalAction, match="^You have drawn already this turn: discard a card you hold.$"):
        state.apply(0, "draw stock")
    with pytest.raises(IllegalAction, match="^It is not your turn: wait for your opponent.$"):
        state.apply(1, "draw stock")
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_bad_deals_are_refused():
    with pytest.raises(DealError, match="all 43 cards"):
        SETS.new_state(seats=2, deal={"dealer": 0, "pack": ["CREWE"]})
    with pytest.raises(DealError, match="dealer"):
        SETS.new_state(seats=2, deal={"dealer": 4, "pack": []})


def test_discards_and_sets_are_public_hands_private():
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH"])
    run(state, "draw stock", "discard NORWICH")
    for seat in (None, 0, 1):
        assert state.observation(seat)["discards"] == ["NEWCASTLE", "NORWICH"]
    assert "hand" not in state.observation(None) and "stock" not in state.observation(0)


def test_with_no_stock_and_one_discard_play_goes_on_until_someone_lays():
    """The sheet turns a one-card pile over as it stands: play goes on with the one discard."""
    state = sets_game([["CAMBRIDGE", "NORWICH"] + JUNK0[:5], JUNK1], face_up="IPSWICH", stock=["WELLS"])
    state.stock = []                             # the position: stock gone, one card face up
    state._begin_turn(1)
    assert not state.is_over and state.legal_actions(1) == ("take discard",)
    run(state, "take discard", "discard IPSWICH")
    assert not state.is_over and state.legal_actions(0) == ("take discard",)
    run(state, "take discard", "lay 6")
    # A set laid, and nothing to draw back up to seven from: the sheet's end of the game.
    assert state.is_over and "could not make his hand up" in state.observation(None)["events"][-1]["why"]
    assert state.result()["scores"] == {"P1": 3 - 5, "P2": 0 - 7}


def test_with_neither_stock_nor_discard_the_game_ends():
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH"])
    state.stock, state.discards = [], []         # the position: a one-card pile was just added to a set
    state._begin_turn(0)
    assert state.is_over and "neither a stock nor a discard" in state.observation(None)["events"][-1]["why"]


def test_variant_one_discard_ends_the_game():
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH"], one_discard_ends=True)
    state.stock = []                             # the position: stock gone, one card face up
    state._begin_turn(0)
    assert state.is_over and "too few discards" in state.observation(None)["events"][-1]["why"]


def test_one_set_a_turn_holds_when_laying_is_optional_too():
    hand = ["CAMBRIDGE", "NORWICH", "IPSWICH", "WELLS", "PLYMOUTH", "BATH", "AYR"]
    state = sets_game([hand, JUNK1], stock=["LONDON"], must_lay=False, sets_per_turn="one")
    run(state, "draw stock", "lay 3")
    assert state.legal_actions(0) == ("done",)


def test_every_event_counts_the_moves_made_when_it_happened():
    """Each event says in which move it happened (the count of moves, that one included): the page's log places it."""
    import random

    for seed in range(1, 6):
        rng = random.Random(seed)
        state = SETS.new_state(seats=2 + seed % 2, seed=seed)
        made: list[int] = []
        while not state.is_over:
            legal = state.legal_actions(state.turn)
            before = len(state.events)
            state.apply(state.turn, rng.choice(legal))
            made += [len(state.history)] * (len(state.events) - before)
        events = state.observation(None)["events"]
        assert [e["moves"] for e in events] == made
        assert events[-1]["event"] == "game over" and events[-1]["moves"] == len(state.history)


def _stalled(**variant):
    """Two players who can never lay a set draw and throw until the stock has been made again three times."""
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH", "IPSWICH", "BATH", "WELLS"], **variant)
    state.stock = state.stock[-4:]
    while state.dry_reshuffles < sets.STALL_NOTICE:
        view = state.observation(None)
        # (stalled before the third new stock only by the cards thrown, more than lie outside the hands)
        assert view["stalled"] is view["gone_by"] and view["dry_restocks"] == state.dry_reshuffles
        (seat,) = state.to_move
        run(state, "draw stock", "discard " + sets.CARD_TEXT[state.hands[seat][-1]])
    return state


def test_a_stalled_game_is_said_to_be_so_in_every_view_with_the_count_of_new_stocks():
    state = _stalled()
    for seat in (None, 0, 1):
        view = state.observation(seat)
        assert view["stalled"] is True and view["dry_restocks"] == 3
    assert "finish" not in state.legal_actions(state.turn)          # never a move a bot or a search weighs
    # a set laid or added to starts the count again (the rules' own count, which the club variant ends on)
    state.dry_reshuffles = 0
    assert state.observation(None)["stalled"] is state.gone_by() is True
    state._log({"event": "added", "seat": 0, "card": "NORWICH", "region": 6, "how": "drawn"})
    assert state.observation(None)["stalled"] is False


def test_a_stalled_game_finished_by_agreement_is_counted_as_the_club_variant_counts_a_stalled_game():
    state = _stalled()
    (seat,) = state.to_move
    other = 1 - seat
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(other, "finish")
    run(state, "draw stock")
    with pytest.raises(IllegalAction, match="only at the start of your turn"):
        state.apply(seat, "finish")                                  # mid-turn, a hand of eight: not as it stands
    run(state, "discard " + sets.CARD_TEXT[state.hands[seat][-1]])
    before = state.observation(None)
    state.apply(other, sets.parse_action("Finish"))
    assert state.is_over and state.history[-1] == (other, "finish")
    assert state.observation(None)["events"][-1] == {"event": "game over", "seat": other, "why": sets.AGREED,
                                                     "moves": len(state.history)}
    result = state.result()
    assert result["ending"] == sets.AGREED and result["scores"] == {"P1": -7, "P2": -7}
    assert result["shared_by"] == ["P1", "P2"]
    assert result["scores"] == dict(zip(("P1", "P2"), before["scores"], strict=True))
    # the club variant's stalled end counts the same table the same way; only the words of the end differ
    club = _stalled(stalemate=3)
    while not club.is_over:
        (s,) = club.to_move
        run(club, "draw stock", "discard " + sets.CARD_TEXT[club.hands[s][-1]])
    assert "ending" not in club.result() and club.result()["scores"] == result["scores"]


def test_a_game_of_discards_taken_and_thrown_back_stalls_once_more_cards_are_thrown_than_lie_outside_the_hands():
    """Every player takes the top discard and throws a card back: no new stock is ever made, so the count of new
    stocks never rises; once more cards have been thrown since the last set than the stock and the discards hold (a
    card a seat over), the game has stalled all the same: the table says so when a player, and the bots, would."""
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH", "IPSWICH", "BATH", "WELLS"])
    stock = list(state.stock)
    outside = len(state.stock) + len(state.discards)
    limit = outside + 2 + 1                       # thrown: more than the cards outside the hands, a card a seat over
    # (sooner than the count before December 2026, twenty turns a player, could ever say it, the pack being what it
    # is: so a game finished by agreement under that count still replays)
    assert limit <= 20 * 2
    for turn in range(limit):
        view = state.observation(None)
        assert view["quiet_turns"] == turn and view["stalled"] is False and view["gone_by"] is False, turn
        (seat,) = state.to_move
        run(state, "take discard", "discard " + sets.CARD_TEXT[state.hands[seat][0]])
    assert state.stock == stock and state.dry_reshuffles == 0
    for seat in (None, 0, 1):
        view = state.observation(seat)
        assert view["stalled"] is True and view["gone_by"] is True and view["quiet_turns"] == limit
        assert view["dry_restocks"] == 0
    assert state.finish_offered(state.turn)
    with pytest.raises(IllegalAction, match="more cards were thrown than lie in the stock and the discard pile"):
        sets_game([JUNK0, JUNK1], stock=["NORWICH", "IPSWICH", "BATH", "WELLS"]).apply(0, "finish")


def test_a_card_drawn_onto_a_set_starts_the_count_of_cards_thrown_again():
    """A card drawn from the stock that goes straight onto its set is progress, though the history says only 'draw
    stock': the cards thrown are counted from it."""
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH", "IPSWICH", "BATH", "WELLS"])
    for _ in range(4):
        (seat,) = state.to_move
        run(state, "take discard", "discard " + sets.CARD_TEXT[state.hands[seat][0]])
    assert state._quiet() == (4, 4)
    state._log({"event": "added", "seat": 0, "card": "NORWICH", "region": 6, "how": "drawn"})
    assert state._quiet() == (0, 0) and not state.gone_by()


def test_a_finish_before_the_stall_is_refused_with_the_count_so_far():
    state = sets_game([JUNK0, JUNK1], stock=["NORWICH", "IPSWICH", "BATH", "WELLS"])
    with pytest.raises(IllegalAction, match="only once it has stalled.*made again not once"):
        state.apply(0, "finish")
    assert not state.is_over and state.history == []


def test_every_view_names_the_card_turned_up_at_the_deal_all_game():
    """The card turned up beside the stock at the deal was seen by every player: every view names it, at every move,
    after the pile has covered it and after the stock was shuffled again from the discards (a page that opens a
    game, or a replay, mid-way tells the deal with it)."""
    import random

    rng = random.Random(4)
    state = SETS.new_state(seats=3, seed=4)
    up = state.observation(None)["discards"][0]
    shuffled = False
    while not state.is_over:
        for seat in (None, 0, 1, 2):
            assert state.observation(seat)["turned_up"] == up
        legal = state.legal_actions(state.turn)
        lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
        state.apply(state.turn, lays[0] if lays else rng.choice(legal))
        shuffled = shuffled or any(e["event"] == "reshuffle" for e in state.events)
        assert state.clone().observation(0)["turned_up"] == up
    assert shuffled and state.observation(1)["turned_up"] == up
