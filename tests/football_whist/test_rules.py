"""One test per rule of International Football Whist, and per ruling.

Each test sets up an exact position from an explicit deal, so it fails if
that rule breaks.  Seats: 0 A1, 1 B1, 2 A2, 3 B2; play passes to seat + 1.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from parlour.engine.errors import ActionSyntaxError, DealError, IllegalAction
from parlour.games.football_whist import rules
from parlour.games.football_whist.cards import CARD_OF_TEXT
from tests.football_whist.conftest import by_team, make, run, team_hand


def cards(*texts: str) -> list[int]:
    return [CARD_OF_TEXT[t] for t in texts]


# -- partnerships and ends -------------------------------------------------

def test_partners_sit_opposite_and_alternate():
    state = make()
    obs = state.observation(0)
    assert obs["partnerships"] == {"A": [0, 2], "B": [1, 3]}
    assert [rules.SEAT_NAMES[s][0] for s in range(4)] == ["A", "B", "A", "B"]


def test_a_attacks_west_in_first_half_and_east_in_second():
    assert rules.attacked_goal(0, 1) == "WG" and rules.attacked_goal(1, 1) == "EG"
    assert rules.attacked_goal(0, 2) == "EG" and rules.attacked_goal(1, 2) == "WG"


# -- cutting for dealer and dealing ----------------------------------------

def test_highest_cut_deals():
    assert rules.dealer_from_cuts([["E3", "S11", "W2", "I10"]]) == 1


def test_teams_do_not_rank_so_equal_numbers_tie_and_only_tied_players_cut_again():
    cuts = [["E9", "S9", "W2", "I3"], ["E4", "S5", None, None]]
    assert rules.dealer_from_cuts(cuts) == 1
    with pytest.raises(DealError, match="cut again"):
        rules.dealer_from_cuts(cuts[:1])
    with pytest.raises(DealError, match="should cut"):
        rules.dealer_from_cuts([cuts[0], ["E4", "S5", "W6", None]])


def test_cut_for_dealer_repeats_until_one_highest():
    for seed in range(200):
        cuts = rules.cut_for_dealer(random.Random(seed))
        dealer = rules.dealer_from_cuts(cuts)
        last = cuts[-1]
        top = max(int(c[1:]) for c in last if c)
        assert int(last[dealer][1:]) == top


def test_seeded_ties_do_occur_and_recut():
    assert any(len(rules.cut_for_dealer(random.Random(s))) > 1 for s in range(50))


def test_deal_gives_all_44_cards_eleven_each_starting_left_of_dealer():
    class Stacked(random.Random):
        def shuffle(self, x):  # leave the pack in order: E1 E2 ... W11
            pass

    hands = rules.deal_hands(Stacked(), dealer=2)
    assert sorted(sum(hands, [])) == sorted(rules.CARD_TEXT)
    assert all(len(h) == 11 for h in hands)
    assert "E1" in hands[3] and "E2" in hands[0] and "E3" in hands[1] and "E4" in hands[2]


def test_bad_deals_are_refused():
    with pytest.raises(DealError, match="twice"):
        make(first=[team_hand("E"), team_hand("E"), team_hand("S"), team_hand("W")])
    with pytest.raises(DealError, match="11 cards"):
        make(first=[team_hand("E")[:10], team_hand("I"), team_hand("S"), team_hand("W")])
    with pytest.raises(DealError):
        rules.check_deal({"dealer": 9, "hands": [by_team(), by_team()]})


# -- kick-off --------------------------------------------------------------

def test_player_left_of_dealer_kicks_off_from_centre_to_a_neighbouring_badge():
    state = make(dealer=3)
    assert state.to_move == {0} and state.phase == "kick" and state.ball == "C"
    assert {a.split()[1] for a in state.legal_actions(0)} == {"W3", "W4", "E3", "E4"}
    with pytest.raises(IllegalAction, match="badge next to the centre circle") as refused:
        state.apply(0, "kick W1")
    # it names the four badges a kick-off may reach, in words
    for badge in ("the England badge in the West half", "the Scotland badge in the West half",
                  "the Ireland badge in the East half", "the Wales badge in the East half"):
        assert badge in str(refused.value)
    assert "W1" not in str(refused.value) and "Wales badge in the West half" not in str(refused.value)


def test_kick_off_badge_sets_master_team():
    state = make(dealer=3)
    run(state, "kick E3")
    assert state.master == rules.TEAM_CODES.index("I")
    assert state.observation(None)["master"] == "I"


def test_player_left_of_kicker_leads_first():
    state = make(dealer=3)
    run(state, "kick W3")
    assert state.to_move == {1} and state.phase == "play"


# -- tricks ---------------------------------------------------------------

def mixed_deal():
    """Each seat holds some of every team, so following matters."""
    pack = [f"{t}{n}" for t in "EISW" for n in range(1, 12)]
    return [pack[i::4] for i in range(4)]


def test_must_follow_team_led_when_able():
    first = mixed_deal()
    state = make(dealer=3, first=first)
    run(state, "kick W3")
    lead = "play " + next(c for c in first[1] if c[0] == "I")
    run(state, lead)
    legal = state.legal_actions(2)
    assert legal and all(a.split()[1][0] == "I" for a in legal)
    off = "play " + next(c for c in first[2] if c[0] != "I")
    with pytest.raises(IllegalAction, match="must follow Ireland: play") as refused:
        state.apply(2, off)
    # what the player may play instead: his Ireland cards, by name
    held = [int(c[1:]) for c in first[2] if c[0] == "I"]
    assert f"(Ireland {', '.join(map(str, held[:-1]))} or {held[-1]})" in str(refused.value)


def test_void_player_may_play_any_card():
    state = make(dealer=3)  # seat i holds team EISW[i] only
    run(state, "kick W3", "play I5")
    assert len(state.legal_actions(2)) == 11


def test_highest_of_team_led_wins_and_other_teams_cannot():
    # Ball in the centre: no Master team, so only the team led can win.
    assert rules.trick_winner(cards("I5", "S11", "I7", "W11"), led=1, master=None) == 2


def test_master_card_wins_and_higher_master_beats_lower():
    e = rules.TEAM_CODES.index("E")
    assert rules.trick_winner(cards("I11", "E1", "I7", "W11"), led=1, master=e) == 1
    assert rules.trick_winner(cards("I11", "E1", "E2", "W11"), led=1, master=e) == 2
    assert rules.trick_winner(cards("E3", "E1", "E11", "W11"), led=e, master=e) == 2


def test_trick_winner_gets_to_move_and_leads_next_trick():
    state = make(dealer=3)
    run(state, "kick W3", "play I5", "play S11", "play W11", "play E1")  # England master: seat 0 wins
    assert state.phase == "move" and state.to_move == {0}
    run(state, "stay")
    assert state.phase == "play" and state.to_move == {0}


# -- moving the ball --------------------------------------------------------

def won_by_seat0_single_move(**variant):
    state = make(dealer=3, **variant)
    run(state, "kick W3", "play I5", "play S11", "play W11", "play E1")
    return state


def test_single_move_neighbours_follow_the_tracks():
    state = won_by_seat0_single_move()
    neighbours = set(rules.NEIGHBOURS["W3"])
    assert neighbours == {"W1", "W2", "C", "E3"}
    assert set(state.legal_actions(0)) == {"stay"} | {f"move {n}" for n in neighbours}
    with pytest.raises(IllegalAction, match="No track leads from the England badge in the West half to the Scotland "
                                            "badge in the East half: move the ball to") as refused:
        state.apply(0, "move E1")
    assert "the centre circle" in str(refused.value) and str(refused.value).endswith("or leave it where it is.")


def test_move_changes_master_team_for_next_trick():
    state = won_by_seat0_single_move()
    run(state, "move E3")
    assert state.phase == "play" and state.master == rules.TEAM_CODES.index("I")


def test_ball_in_centre_circle_means_no_master_team():
    state = won_by_seat0_single_move()
    run(state, "move C")
    assert state.master is None and state.observation(None)["master"] is None
    # seat 0 leads E2; seat 3's Wales card cannot win without a Master team
    run(state, "play E2", "play I1", "play S1", "play W1")
    assert state.to_move == {0} and state.moves_left == 1


def test_master_lead_earns_a_double_move():
    state = make(dealer=2)  # seat 3 (Wales) kicks off, seat 0 (England) leads
    run(state, "kick W3", "play E11", "play I1", "play S1", "play W1")
    assert state.phase == "move" and state.moves_left == 2
    run(state, "move W1")
    assert state.phase == "move" and state.to_move == {0}
    run(state, "move W4")
    assert state.phase == "play" and state.ball == "W4"


def test_non_master_lead_gives_single_move():
    state = won_by_seat0_single_move()
    assert state.moves_left == 1
    run(state, "move W1")
    assert state.phase == "play"


def test_double_move_may_stop_after_one_step():
    state = make(dealer=2)
    run(state, "kick W3", "play E11", "play I1", "play S1", "play W1", "move W1", "stay")
    assert state.ball == "W1" and state.phase == "play"


def test_double_move_second_step_cannot_return_to_start():
    state = make(dealer=2)
    run(state, "kick W3", "play E11", "play I1", "play S1", "play W1", "move W1")
    assert "move W3" not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="cannot bring the ball back to where it started, the England badge"):
        state.apply(0, "move W3")


def test_double_move_passes_through_centre_by_default():
    state = make(dealer=2)
    run(state, "kick W3", "play E11", "play I1", "play S1", "play W1", "move C")
    assert state.phase == "move"
    run(state, "move E4")
    assert state.ball == "E4"


def test_variant_centre_stops_double_move():
    state = make(dealer=2, centre_stops_double=True)
    run(state, "kick W3", "play E11", "play I1", "play S1", "play W1", "move C")
    assert state.phase == "play" and state.ball == "C"


# -- goals -------------------------------------------------------------------

def score_for_a_first_half(**variant):
    """Seat 0 (A) wins a Master-led trick at W3 and plays W3 -> W1 -> West goal."""
    state = make(dealer=2, **variant)
    run(state, "kick W3", "play E11", "play I1", "play S1", "play W1", "move W1", "move WG")
    return state


def test_goal_into_opponents_goal_scores_and_ball_returns_to_centre():
    state = score_for_a_first_half()
    assert state.goals == [1, 0] and state.ball == "C"
    assert state.goal_log[-1] == {"half": 1, "after_trick": 1, "partnership": "A", "by": 0, "own_goal": False}


def test_player_left_of_scorer_kicks_off_after_goal():
    state = score_for_a_first_half()
    assert state.phase == "kick" and state.to_move == {1}


def test_after_goal_kick_off_the_trick_winner_who_scored_leads():
    """The sheet: the winner of a trick leads to the next one, a goal or not."""
    state = score_for_a_first_half()
    assert state.variant["after_goal_lead"] == "trick-winner"
    run(state, "kick E3")
    assert state.to_move == {0}


def test_variant_player_left_of_kicker_leads_after_goal():
    state = score_for_a_first_half(after_goal_lead="kicker-left")
    run(state, "kick E3")
    assert state.to_move == {2}


def test_no_own_goals_by_default():
    # Seat 1 (B) attacks East in the first half, so West is its own goal.
    state = make(dealer=3)
    run(state, "kick W3", "play I5", "play S11", "play W11", "play E1", "move W1")
    run(state, "play E2", "play I6", "play S10", "play W10")   # master Wales: seat 3 (B) wins at W1
    assert state.to_move == {3}
    assert "move WG" not in state.legal_actions(3)
    with pytest.raises(IllegalAction, match="may not put the ball into your own goal: move the ball to"):
        state.apply(3, "move WG")


def test_variant_own_goals_count_for_the_other_side():
    state = make(dealer=3, own_goals=True)
    run(state, "kick W3", "play I5", "play S11", "play W11", "play E1", "move W1")
    run(state, "play E2", "play I6", "play S10", "play W10", "move WG")
    assert state.goals == [1, 0]
    assert state.goal_log[-1]["own_goal"] is True and state.goal_log[-1]["by"] == 3
    assert state.to_move == {0}   # left of the player who put it in kicks off


def test_goal_on_first_step_of_a_double_move_ends_the_move():
    first = [
        [*(f"E{n}" for n in range(7, 12)), *(f"I{n}" for n in range(7, 12)), "S11"],
        [*(f"I{n}" for n in range(1, 7)), *(f"S{n}" for n in range(1, 6))],
        [*(f"S{n}" for n in range(6, 11)), *(f"W{n}" for n in range(1, 7))],
        [*(f"W{n}" for n in range(7, 12)), *(f"E{n}" for n in range(1, 7))],
    ]
    state = make(dealer=2, first=first)
    run(state, "kick W3", "play E11", "play I1", "play S6", "play E1", "move W2", "stay")
    run(state, "play I11", "play I2", "play S7", "play W7")   # Ireland is Master at W2: a Master lead
    assert state.to_move == {0} and state.moves_left == 2
    run(state, "move WG")
    assert state.goals == [1, 0] and state.ball == "C"
    assert state.phase == "kick" and state.to_move == {1}   # no second step: the goal ended the move
    assert state.ball not in rules.GOALS


# -- half time and full time ------------------------------------------------

def play_half_staying(state):
    """Play every trick with the first legal card and never move the ball."""
    half = state.half
    while not state.is_over and state.half == half:
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        state.apply(seat, "stay" if "stay" in legal else legal[0])


def test_half_time_redeal_by_first_kicker_and_left_of_him_kicks_off():
    second = [team_hand(t) for t in "WEIS"]
    state = make(dealer=3, second=second)   # first kicker: seat 0
    run(state, "kick W3")
    play_half_staying(state)
    assert state.half == 2 and state.phase == "kick" and state.ball == "C"
    assert state.to_move == {1}
    assert state.observation(None)["dealer"] == 0
    assert state.observation(2)["hand"] == sorted(team_hand("I"), key=lambda c: int(c[1:]))
    run(state, "kick E4")
    assert state.to_move == {2}            # left of the second-half kicker leads


def test_ends_change_at_half_time_and_goals_carry_over():
    state = score_for_a_first_half()
    play_half_staying(state)
    assert state.half == 2 and state.goals == [1, 0]
    assert state.observation(None)["attacking"] == {"A": "EG", "B": "WG"}


def test_match_ends_after_second_half_and_most_goals_wins():
    state = score_for_a_first_half()
    play_half_staying(state)
    play_half_staying(state)
    assert state.is_over and state.to_move == frozenset()
    assert state.result()["winner"] == "A"
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
    with pytest.raises(IllegalAction, match="The match is over"):
        state.apply(0, "stay")


def test_equal_goals_is_a_draw():
    state = make()
    run(state, "kick W3")
    play_half_staying(state)
    play_half_staying(state)
    assert state.result()["winner"] is None and state.returns() == [0.0] * 4


def test_last_trick_winner_may_still_move_and_score_then_half_time_follows():
    # Seat 0 holds England, the Master team, throughout: it wins every trick it leads.
    state = make(dealer=2)
    run(state, "kick W3")
    while any(state.hands):
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        if state.phase == "move":
            state.apply(seat, "stay")
        else:
            state.apply(seat, max(legal, key=lambda a: int(a.split()[1][1:])) if seat == 0 else legal[0])
    assert state.phase == "move" and state.to_move == {0} and state.half == 1
    run(state, "move W1", "move WG")
    assert state.goals == [1, 0]
    # the goal would have given seat 1 the kick-off; half time gives it to the left of the first kicker (3)
    assert state.half == 2 and state.phase == "kick" and state.to_move == {0}


def _to_last_trick(state, first_move=None):
    """Seat 0, holding England, wins every trick; the ball stays put, but for ``first_move`` after the first."""
    half = state.half
    while state.half == half and any(state.hands):
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        if state.phase == "move":
            first = first_move and len(state.tricks[0]) == 1 and state.moves_left == 2
            state.apply(seat, first_move if first else "stay")
        else:
            state.apply(seat, max(legal, key=lambda a: int(a.split()[1][1:])) if seat == 0 else legal[0])


def test_after_the_last_trick_only_moves_that_may_still_score_are_offered():
    # (review 16c) any other move is undone at once, as the ball goes back to the centre: an empty decision
    state = make(dealer=2)
    run(state, "kick W3")
    _to_last_trick(state)
    assert state.phase == "move" and state.moves_left == 2 and state.ball == "W3"
    assert state.legal_actions(0) == ("stay", "move W1", "move W2")     # next to the West goal, which A attacks
    with pytest.raises(IllegalAction, match="last trick, so only a goal counts now"):
        state.apply(0, "move C")
    run(state, "move W1")
    assert state.legal_actions(0) == ("stay", "move WG")
    # as rules version 1 had it: every move, though none but a goal can count
    idle = make(dealer=2, idle_last_move=True)
    run(idle, "kick W3")
    _to_last_trick(idle)
    assert set(idle.legal_actions(0)) == {"stay", "move W1", "move W2", "move C", "move E3"}


def test_where_no_goal_is_within_reach_the_last_trick_goes_straight_to_half_time_and_full_time():
    state = make(dealer=2)
    run(state, "kick W3")
    _to_last_trick(state, first_move="move C")   # no Master team on the centre circle: one move, and no goal near
    assert state.half == 2 and state.phase == "kick" and state.to_move == {0}
    assert state.history[-1][1].startswith("play ") and len(state.tricks[0]) == 11
    run(state, "kick E4")                          # Wales: seat 3 holds them all and wins every trick it leads
    while not state.is_over:
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        assert legal != ("stay",)                  # never a decision with one answer
        state.apply(seat, "stay" if "stay" in legal else legal[-1])
    assert state.history[-1][1].startswith("play ") and state.to_move == frozenset()
    idle = make(dealer=2, idle_last_move=True)
    run(idle, "kick W3")
    _to_last_trick(idle, first_move="move C")
    assert idle.half == 1 and idle.phase == "move"
    assert set(idle.legal_actions(0)) == {"stay", "move W3", "move W4", "move E3", "move E4"}


# -- actions as text ---------------------------------------------------------

def test_every_action_text_parses_back_to_itself():
    for action in rules.all_actions():
        assert rules.parse_action(action) == action
        assert rules.parse_action("  " + action.upper() + " ") == action


def test_malformed_actions_get_clear_errors():
    for bad, reason in [("play Z9", r"not a card: type a team's letter \(E for England"),
                        ("move X7", "not a position on the pitch: .* 'WG' \\(the West goal\\)"),
                        ("dance", "not a Football Whist move: type 'play' and a card"), ("", "not a Football Whist")]:
        with pytest.raises(ActionSyntaxError, match=reason):
            rules.parse_action(bad)


def test_illegal_action_leaves_state_untouched():
    state = make(dealer=3)
    run(state, "kick W3")
    before = json.dumps(state.snapshot(), sort_keys=True)
    for seat, action in [(0, "play E1"), (1, "play E1"), (1, "stay"), (1, "kick W4")]:
        with pytest.raises(IllegalAction) as error:
            state.apply(seat, action)
        assert error.value.reason
    assert json.dumps(state.snapshot(), sort_keys=True) == before


def test_odd_seats_and_action_types_are_refused_with_reasons():
    state = make(dealer=3)
    for seat, action, reason in [(7, "kick W3", "no seat 7"), ("0", "kick W3", "whole number"), (True, "kick W3", "whole number"),
                                 (0, ["kick", "W3"], "move is given as text"), (0, None, "move is given as text")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(seat, action)
    assert state.history == [] and state.phase == "kick"


def test_a_finished_match_offers_nothing_to_anyone():
    state = make()
    run(state, "kick W3")
    play_half_staying(state)
    play_half_staying(state)
    assert state.is_over
    for seat in (-1, 0, 1, 2, 3):
        assert state.legal_actions(seat) == ()
    with pytest.raises(IllegalAction):
        state.apply(-1, "kick W3")
    assert state.is_over


def test_observation_refuses_seats_that_do_not_exist():
    state = make()
    for seat in (-1, 4, True, "1"):
        with pytest.raises(ValueError, match="no seat"):
            state.observation(seat)


def test_observation_shares_nothing_a_bot_could_change():
    state = rules.new_state(seed=3)
    cut = state.deal["cuts"][0][0]
    obs = state.observation(0)
    obs["cuts"][0][0] = "changed"
    obs["hand"].clear()
    obs["history"].append([0, "stay"])
    assert state.deal["cuts"][0][0] == cut
    assert state.observation(0)["hand"] and state.observation(0)["history"] == []
    state.snapshot()["deal"]["cuts"][0][0] = "changed"
    assert state.deal["cuts"][0][0] == cut


def test_moving_onto_the_balls_own_spot_is_explained():
    state = won_by_seat0_single_move()
    with pytest.raises(IllegalAction, match="The ball is already on the England badge in the West half: leave it "
                                            "where it is, or move it to"):
        state.apply(0, "move W3")


@pytest.mark.parametrize("deal, message", [
    ({"cuts": 5, "hands": [by_team(), by_team()]}, "list of rounds"),
    ({"cuts": [[["E1"], "E2", "E3", "E4"]], "hands": [by_team(), by_team()]}, "not a card"),
    ({"dealer": True, "hands": [by_team(), by_team()]}, "dealer"),
    ({"dealer": 0, "hands": [[[["E1"]] * 11] * 4, by_team()]}, "not a card"),
    ({"dealer": 0, "hands": "all"}, "two deals"),
    ([], "is an object"),
])
def test_malformed_deals_are_refused_clearly(deal, message):
    with pytest.raises(DealError, match=message):
        rules.check_deal(deal)


def test_a_seeded_deal_is_what_checking_its_texts_reads():
    # A new game from a seed takes the dealer and hands straight from the shuffle; a replay of its record
    # reads them off the texts, and must find the same.
    for seed in range(40):
        deal, dealer, halves = rules._seeded_deal(seed)
        assert deal == rules.random_deal(seed)
        assert rules.check_deal(deal) == (dealer, halves)


def test_a_refusal_says_whose_turn_it_is_from_where_the_player_sits():
    state = make(dealer=3)                  # seat 0 kicks off
    for seat, who in [(1, "the player on your right"), (2, "your partner"), (3, "the player on your left")]:
        with pytest.raises(IllegalAction, match=f"^It is not your turn: wait for {who}.$"):
            state.apply(seat, "kick W3")


def test_a_refusal_names_the_card_and_says_what_may_be_played_instead():
    state = make(dealer=3)
    with pytest.raises(IllegalAction, match=r"^Kick off first: put the ball on a badge next to the centre circle \("):
        state.apply(0, "play E1")
    run(state, "kick W3")                   # seat 1 leads
    with pytest.raises(IllegalAction, match="^You do not hold England 4: lead any card from your hand.$"):
        state.apply(1, "play E4")
    with pytest.raises(IllegalAction, match="^Play a card to the trick now: lead any card from your hand.$"):
        state.apply(1, "stay")


def test_a_card_under_the_partners_winner_says_why_it_need_not_win_and_a_level_move_reads_plainly():
    """The reasons a hint and the analysis show: a card that leaves the trick to the partner names the partner's
    card ("your partner's Ireland 11 wins the trick anyway"), and a ball move that comes no nearer the goal says
    so in plain words ("as far from the goal you attack as before")."""
    seen = {"partner last": False, "partner ahead": False, "level": False}
    for seed in range(40):
        state = rules.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not all(seen.values()):
            (seat,) = state.to_move
            reasons = state.reasons(seat)
            for why in reasons.values():
                assert "no nearer" not in why, why
                if "your partner" in why:
                    cards = state.observation(seat)["trick"]["cards"]
                    named = re.search(r"your partner's (\w+) (\d+) (wins the trick anyway|stays ahead in the trick)",
                                      why)
                    assert named, why
                    last = len(cards) == 3
                    assert (named.group(3) == "wins the trick anyway") == last, (why, cards)
                    partner = (seat + 2) % 4
                    assert any(s == partner and rules.TEAM_NAMES[rules.TEAM_OF[CARD_OF_TEXT[c]]] == named.group(1)
                               and c[1:] == named.group(2) for s, c in cards), (why, cards)
                    seen["partner last" if last else "partner ahead"] = True
                if why.endswith("as far from the goal you attack as before"):
                    seen["level"] = True
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        if all(seen.values()):
            break
    assert all(seen.values()), seen
