"""The asking game's search: a game that can no longer be won is still played for regions, so it ends."""

from __future__ import annotations

from parlour.bots import decide, make_bot
from parlour.games import get_game
from parlour.games.british_towns.pack import CARD_OF_TEXT, CARD_TEXT, CARDS_OF
from parlour.games.british_towns.search_asking import evaluate

GAME = get_game("british-towns-asking")
#: the cards of regions 1, 2, 3, 5 and 6 that P1 must ask the others for
TO_P2 = ["LONDON", "DOVER", "COWES", "WINDSOR", "WELLS"]
TO_P3 = ["BIRMINGHAM", "COVENTRY", "CAMBRIDGE", "NORWICH", "BATH"]


def _lost_position():
    """P2 to ask, with P1 five regions down (P2 cannot win any more).

    P1 took the last cards of his five regions from the others, then asked
    P2 for CREWE in vain: P1 keeps one card, PENRITH or R7 for all P2 knows,
    and CREWE must be with P3.
    """
    firsts = [CARD_TEXT[c] for r in (1, 2, 3, 5, 6) for c in sorted(CARDS_OF[r])]
    hands = [
        [c for c in firsts if c not in TO_P2 + TO_P3] + ["PENRITH"],
        TO_P2 + ["CARDIFF", "MENAI-BRIDGE", "SWANSEA", "MANCHESTER", "LIVERPOOL", "ST-ANDREWS", "YORK", "SHEFFIELD",
                 "AYR"],
        TO_P3 + ["R4", "CREWE", "R7", "LEEDS", "NEWCASTLE", "R8", "EDINBURGH", "GLASGOW", "R9"],
    ]
    state = GAME.new_state(seats=3, deal={"dealer": 0, "hands": hands})
    for card in TO_P2:
        state.apply(0, f"ask P2 {card}")
    for card in TO_P3:
        state.apply(0, f"ask P3 {card}")
    state.apply(0, "ask P2 CREWE")
    assert state.to_move == {1} and len(state.laid[0]) == 5 and state.hands[0] == [CARD_OF_TEXT["PENRITH"]]
    return state


def test_a_lost_game_is_still_valued_by_the_regions_a_player_ends_with():
    state = _lost_position()
    worse, better = state.clone(), state.clone()
    worse.laid, better.laid = [[1, 2, 3, 5, 6], [], [4, 7, 8, 9]], [[1, 2, 3, 5, 6], [4], [7, 8, 9]]
    worse.phase = better.phase = "over"
    assert evaluate(better)[1] > evaluate(worse)[1] >= -1.0
    assert all(-1.0 <= v <= 1.0 for v in evaluate(better) + evaluate(worse))


def test_the_expert_with_nothing_left_to_win_never_asks_for_a_card_it_knows_is_not_there():
    # Every ask loses the game for P2, so without a value for the regions he ends with the
    # expert asks the first one offered: P1 for a card P1 cannot hold (his one card is PENRITH or R7).
    state = _lost_position()
    refusals = {a for a in state.legal_actions(1) if a.startswith("ask P1 ") and a.split()[2] not in ("PENRITH", "R7")}
    assert len(refusals) > 5
    for seed in range(3):
        assert decide(make_bot(GAME, "expert", 1, seed=seed, iterations=300), state, 1) not in refusals


def test_a_player_who_can_no_longer_win_would_rather_end_the_game_than_keep_it_going():
    # P3 has four regions down and only Scotland is open: P2, two down, has lost whatever he holds.
    # Finishing Scotland (and the game) must be worth more to him than holding four of its cards
    # for ever, or he and P1 pass the Scottish cards to and fro without end.
    state = _lost_position()
    holding, finished = state.clone(), state.clone()
    holding.laid = [[4, 2], [6, 8], [7, 3, 5, 1]]
    holding.hands = [[CARD_OF_TEXT["R9"]], [CARD_OF_TEXT[t] for t in ("AYR", "ST-ANDREWS", "EDINBURGH", "GLASGOW")], []]
    finished.laid, finished.hands, finished.phase = [[4, 2], [6, 8, 9], [7, 3, 5, 1]], [[], [], []], "over"
    assert not holding.is_over and finished.is_over
    assert evaluate(finished)[1] > evaluate(holding)[1]
    assert evaluate(holding)[2] == max(evaluate(holding))       # and P3 is valued as the winner he is
