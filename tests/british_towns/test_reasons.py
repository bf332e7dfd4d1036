"""The asking game's reasons for the hint (``reasons.ask_facts``): what the asks heard tell one seat about where a
card lies, from that seat's own view."""

from __future__ import annotations

from parlour.games.british_towns import ASKING
from parlour.games.british_towns.reasons import ask_facts
from tests.british_towns.conftest import asking_game, run

HANDS = [
    ["YORK", "DERBY"],                          # P1, the seat whose view is read
    ["SHEFFIELD", "R8", "BIRMINGHAM"],          # P2
    ["LEEDS", "NOTTINGHAM"],                    # P3
    ["NEWCASTLE", "COVENTRY", "STRATFORD"],     # P4
]
ASKS = [
    "ask P1 NEWCASTLE",     # 1. P2 asks for a card of Yorkshire, in vain: he holds one nobody has seen
    "ask P3 LEEDS",         # 2. P1 takes Leeds
    "ask P3 NEWCASTLE",     # 3. in vain: now P1, P2 and P3 lack Newcastle
    "ask P2 BIRMINGHAM",    # 4. P3 takes Birmingham from P2
    "ask P4 DERBY",         # 5. in vain (P1 holds it): says nothing of P4's cards
]


def _played():
    state = asking_game([list(h) for h in HANDS], dealer=1)
    run(state, *ASKS)
    return state


def test_the_asks_heard_place_a_card_with_the_player_asked():
    facts = ask_facts(_played().observation(0), ["ask P3 BIRMINGHAM", "ask P3 COVENTRY", "ask P2 SHEFFIELD",
                                                 "ask P4 NEWCASTLE", "ask P4 STRATFORD"])
    # taken in ask 4 from P2 and not asked for since: a sure ask
    assert facts["ask P3 BIRMINGHAM"] == {"holds": [4, 1]}
    # another card of the Midlands he took and holds still
    assert facts["ask P3 COVENTRY"] == {"has": [["BIRMINGHAM", 4, 1]]}
    # P2 asked for Newcastle holding no card of Yorkshire that P1 can follow: he holds one that never moved
    assert facts["ask P2 SHEFFIELD"] == {"shows": [1, "NEWCASTLE", 0]}
    # every other player with cards has asked for Newcastle or been asked for it in vain: it can only be P4's
    assert facts["ask P4 NEWCASTLE"] == {"lack": [1, 2], "only": True}
    # nothing heard says where Stratford is (P4 asked in vain for Derby, P1's own card, says nothing)
    assert "ask P4 STRATFORD" not in facts


def test_a_card_asked_for_in_vain_is_known_missing_there_but_not_placed_while_others_may_hold_it():
    state = asking_game([list(h) for h in HANDS], dealer=1)
    run(state, *ASKS[:1])
    facts = ask_facts(state.observation(0), ["ask P3 NEWCASTLE", "ask P4 NEWCASTLE"])
    assert facts == {"ask P3 NEWCASTLE": {"lack": [1]}, "ask P4 NEWCASTLE": {"lack": [1]}}


def test_the_reasons_read_the_seats_view_alone():
    """The same view, the cards nobody has seen dealt otherwise between the players who might hold them, gives the
    same reasons: they depend on nothing the seat could not see."""
    state = _played()
    other = asking_game([list(h) for h in [HANDS[0], ["SHEFFIELD", "R8", "BIRMINGHAM"], ["LEEDS", "STRATFORD"],
                                           ["NEWCASTLE", "COVENTRY", "NOTTINGHAM"]]], dealer=1)
    run(other, *ASKS)
    assert other.observation(0) == state.observation(0)
    legal = [f"ask P{s + 1} {c}" for s in (1, 2, 3)
             for c in ("SHEFFIELD", "R8", "NEWCASTLE", "COVENTRY", "STRATFORD", "NOTTINGHAM", "BIRMINGHAM", "R5")]
    assert ask_facts(other.observation(0), legal) == ask_facts(state.observation(0), legal)


def test_the_descriptor_gives_the_facts_of_the_seat_to_move_as_its_reasons():
    state = asking_game([list(h) for h in HANDS], dealer=1)
    run(state, *ASKS[:1])                       # P1 to move
    assert state.to_move == {0}
    observation = ASKING.with_reasons(state, 0, state.observation(0))
    assert observation["reasons"]["ask P3 NEWCASTLE"] == {"lack": [1]}
    assert set(observation["reasons"]) <= set(state.legal_actions(0))
    assert "reasons" not in ASKING.with_reasons(state, 1, state.observation(1))
