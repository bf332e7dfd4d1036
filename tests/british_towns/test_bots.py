"""British Towns bots: the remembering bot uses the public asks; the sets bot collects sensibly."""

from __future__ import annotations

import random

from parlour.games.british_towns import ASKING, SETS
from parlour.games.british_towns.bots import RememberingBot, SetsBot
from parlour.games.british_towns.pack import CARD_OF_TEXT, REGION_OF
from parlour.sim import simulate
from tests.british_towns.conftest import asking_game, region, run, sets_game


def test_remembering_bot_beats_random_players():
    report = simulate(ASKING, 40, 2, ["remembering", "random", "random", "random"])
    assert report["results"]["wins"]["P1"]["ci95"][0] > 0.7


def test_remembering_bot_uses_a_known_holder():
    state = asking_game([["CREWE", "LONDON"], ["PENRITH", "AYR"], ["MANCHESTER", "DOVER"]], dealer=1)
    run(state, "ask P3 MANCHESTER")                  # P2 takes MANCHESTER from P3, for all to hear
    run(state, "ask P1 LIVERPOOL")                   # P2 asks P1 for LIVERPOOL: no -> P1 asks
    assert state.to_move == {0}
    choice = RememberingBot(0, 1).act(state.observation(0), state.legal_actions(0))
    assert choice == "ask P2 MANCHESTER"            # the one card whose holder the whole table knows


def test_remembering_bot_never_asks_a_player_known_to_lack_the_card_when_others_may_have_it():
    state = asking_game([["CREWE"], ["PENRITH"], ["MANCHESTER"], ["LIVERPOOL", "R7"]], dealer=1)
    run(state, "ask P1 MANCHESTER")                  # P2 asks P1 for MANCHESTER: no -> P1 to ask
    choice = RememberingBot(0, 1).act(state.observation(0), state.legal_actions(0))
    assert choice != "ask P2 MANCHESTER"


def test_sets_bot_beats_random():
    report = simulate(SETS, 30, 2, ["heuristic", "random"])
    assert report["results"]["wins"]["P1"]["ci95"][0] > 0.7


def test_sets_bot_takes_a_discard_that_completes_a_region():
    junk = ["LONDON", "COWES", "CARDIFF", "BIRMINGHAM", "PENRITH"]
    state = sets_game([["CAMBRIDGE", "NORWICH"] + junk, ["DOVER", "WINDSOR", "SWANSEA", "COVENTRY", "MANCHESTER",
                                                         "LEEDS", "GLASGOW"]], face_up="IPSWICH")
    assert SetsBot(0, 1).act(state.observation(0), state.legal_actions(0)) == "take discard"


def test_bots_decide_from_what_they_can_see():
    for game, bot in ((ASKING, RememberingBot), (SETS, SetsBot)):
        state = game.new_state(seats=game.seat_counts[0] + 1, seed=6)
        rng = random.Random(3)
        for _ in range(60):
            if state.is_over:
                break
            (seat,) = state.to_move
            other = state.resample(seat, random.Random(rng.random()))
            assert bot(seat, 4).act(state.observation(seat), state.legal_actions(seat)) == \
                bot(seat, 4).act(other.observation(seat), other.legal_actions(seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def hoarding_position():
    """Each player keeps back towns of regions 6, 7 and 9 that the other needs; only regions 2 and 5 go round.

    Under the sheet's rules nothing else ends this game: the stock is made again from the discards for ever.
    """
    mine = ["CAMBRIDGE", "LIVERPOOL", "CREWE", "EDINBURGH", "GLASGOW", "R6", "R9"]
    yours = ["NORWICH", "IPSWICH", "PENRITH", "MANCHESTER", "AYR", "ST-ANDREWS", "R7"]
    going_round = ["PORTSMOUTH", "STRATFORD", "COVENTRY", "R2", "R5", "OXFORD", "WINDSOR", "DERBY", "NOTTINGHAM",
                   "BIRMINGHAM"]
    state = sets_game([mine, yours], face_up="COWES", stock=going_round)
    state.stock = state.stock[-len(going_round):]
    for seat, regions in ((0, (3, 4, 8)), (1, (1,))):
        state.sets[seat] = {r: [CARD_OF_TEXT[c] for c in region(r)] for r in regions}
    state._legal = None
    return state


def test_sets_bots_notice_a_stalled_game_and_give_up_their_hoards():
    state = hoarding_position()
    assert state.variant["stalemate"] == 0                   # the sheet's rules: no stalemate
    bots = [SetsBot(0, 1), SetsBot(1, 2)]
    first_given_up = None
    while not state.is_over and len(state.history) < 2000:
        (seat,) = state.to_move
        action = bots[seat].act(state.observation(seat), state.legal_actions(seat))
        if action.startswith("discard") and REGION_OF[CARD_OF_TEXT[action.split()[1]]] in (6, 7, 9):
            first_given_up = len(state.history) if first_given_up is None else first_given_up
        state.apply(seat, action)
    # While the game moves, the bots throw the cards going round; once the whole pack outside the hands
    # (11 cards) has gone by with nothing laid, one of them gives up a hoarded town and the game moves on.
    turns_before = sum(a.startswith("discard") for _, a in state.history[:first_given_up])
    assert turns_before > 11
    assert state.is_over and len(state.history) < 400
    assert {6, 7, 9} & {r for s in state.sets for r in s}


def test_sets_bot_keeps_its_usual_discards_while_the_game_moves():
    state = hoarding_position()
    run(state, "draw stock")                               # P1 draws PORTSMOUTH, of region 2
    obs = state.observation(0)
    assert SetsBot.gone_by(obs) is None
    assert SetsBot(0, 1).act(obs, state.legal_actions(0)) == "discard PORTSMOUTH"


def test_five_hoarding_sets_bots_still_finish():
    """A five-player game in which every region left was split between hoards (found by bench/endless.py)."""
    from parlour.bots import make_bot
    from parlour.sim import play_game
    bot_seeds = [5961160870214184240, 5248085808231583426, 1239218055346386112, 7514351109552383776,
                 8130988671281079301]
    bots = [make_bot(SETS, "heuristic", s, seed) for s, seed in enumerate(bot_seeds)]
    state = play_game(SETS, bots, seats=5, seed=1044455249903640672, max_actions=3000)
    assert state.is_over and len(state.history) < 1000


def test_the_asking_search_weighs_worlds_by_the_regions_the_others_asked_for():
    """Weighed worlds give an asker more of the regions he asked for than the rules alone do.

    Players ask for the regions they hold most of; the uniform worlds know
    only that an asker holds at least one card of each.
    """
    import statistics

    from parlour.bots import decide, make_bot
    from parlour.bots.worlds import Worlds
    from parlour.games.british_towns import search_asking

    state = ASKING.new_state(seats=3, seed=4)
    bots = [make_bot(ASKING, "remembering", s, s) for s in range(3)]
    while len(state.asks) < 12:
        (s,) = state.to_move
        state.apply(s, decide(bots[s], state, s))
    laid = {r for regions in state.laid for r in regions}
    asks = state.observation(None)["asks"]
    asked = {(a["asker"], REGION_OF[CARD_OF_TEXT[a["card"]]]) for a in asks if a["asker"] != 0}
    asked = {(p, r) for p, r in asked if r not in laid}
    assert asked
    worlds = Worlds(state, 0)
    rng = random.Random(1)
    drawn = [worlds.sample(rng) for _ in range(400)]
    weights = [search_asking.weigh(w, 0) for w in drawn]
    for p, r in asked:
        held = [sum(REGION_OF[c] == r for c in w.hands[p]) for w in drawn]
        weighed = sum(h * x for h, x in zip(held, weights, strict=True)) / sum(weights)
        assert weighed > statistics.mean(held), (p, r)
    assert search_asking.weigh(drawn[0], 0) == search_asking.weigh(drawn[0].clone(), 0)


def test_no_asking_bot_asks_a_player_for_a_card_the_table_heard_him_hand_over():
    """Review 17a: the default opponent (the casual player, at three players the newcomer's move nineteen times in
    twenty) asked Betty for a region card everyone had just heard Betty give up: the newcomer kept no track of
    the others' asks.  Now every level remembers a card heard changing hands, until it is heard moving again (the
    club player and the search bots always did)."""
    from parlour.bots import decide, make_bot

    def position(*asks: str):
        state = asking_game([["NORWICH", "LEEDS"], ["IPSWICH", "CAMBRIDGE", "YORK"], ["R6", "BATH"]], dealer=0)
        run(state, *asks)
        assert state.to_move == {1}
        return state

    heard = position("ask P3 R6", "ask P2 SHEFFIELD")       # P1 takes R6 from P3, for all to hear; then a no: P2 asks
    for level in ("newcomer", "casual", "remembering", "pimc", "expert"):
        search = level in ("pimc", "expert")
        chosen = {decide(make_bot(ASKING, level, 1, seed, **({"iterations": 60} if search else {})), heard, 1)
                  for seed in range(6 if search else 60)}
        assert "ask P3 R6" not in chosen, level
        assert chosen <= set(heard.legal_actions(1))
    # heard moving again (P3 wins it back): P3 may hold it, and is asked for it as anyone may be
    back = asking_game([["CAMBRIDGE", "LEEDS"], ["IPSWICH"], ["R6", "NORWICH"]], dealer=0)
    run(back, "ask P3 R6", "ask P3 SHEFFIELD", "ask P1 R6", "ask P2 CAMBRIDGE")
    assert back.to_move == {1}
    chosen = {make_bot(ASKING, "newcomer", 1, seed).act(back.observation(1), back.legal_actions(1))
              for seed in range(60)}
    assert "ask P3 R6" in chosen


def test_the_sets_newcomer_never_throws_the_last_card_of_another_players_set():
    """Review 22a: the default opponent threw the region card that completed a set the person had laid, a free
    card that anyone at the table would have kept back; the newcomer (its slips) now keeps such a card while he
    has another to throw."""
    from parlour.bots import make_bot

    mine = ["R1", "COWES", "WINDSOR", "WELLS", "PLYMOUTH", "CARDIFF", "SWANSEA"]
    yours = ["NORWICH", "IPSWICH", "PENRITH", "MANCHESTER", "AYR", "YORK", "SHEFFIELD"]
    state = sets_game([mine, yours], face_up="NEWCASTLE", stock=["OXFORD"])
    state.sets[1] = {1: [CARD_OF_TEXT[c] for c in region(1) if c != "R1"]}     # he laid region 1 short of R1
    state._legal = None
    run(state, "draw stock")
    obs = state.observation(0)
    assert "R1" in obs["hand"] and "discard R1" in state.legal_actions(0)
    # R1 is the region he holds fewest of (one card): the old newcomer threw it every time
    throws = {make_bot(SETS, "newcomer", 0, seed).act(obs, state.legal_actions(0)) for seed in range(12)}
    assert throws and all(t.startswith("discard ") for t in throws)
    assert "discard R1" not in throws
    # with nothing else to throw he still may (the rules make him discard)
    assert make_bot(SETS, "newcomer", 0, 1).act(obs, ("discard R1",)) == "discard R1"


def test_the_sets_newcomer_takes_the_region_card_of_a_region_he_holds():
    """A person sees that the region card stands in for any town of its region: he takes it when he holds a town
    of it, though only one (before, he took a discard only when he held two of its region)."""
    from parlour.bots import make_bot

    mine = ["LONDON", "COWES", "WELLS", "CARDIFF", "BIRMINGHAM", "CAMBRIDGE", "PENRITH"]
    yours = ["NORWICH", "IPSWICH", "MANCHESTER", "AYR", "YORK", "SHEFFIELD", "LEEDS"]
    for face_up, want in (("R5", "take discard"), ("R9", "draw stock"), ("GLASGOW", "draw stock")):
        state = sets_game([mine, yours], face_up=face_up)
        obs = state.observation(0)
        assert make_bot(SETS, "newcomer", 0, 3).act(obs, state.legal_actions(0)) == want, face_up


def test_the_simple_sets_player_takes_any_match_and_never_throws_straight_back():
    """The yardstick modelled on review 26a's player (bench/sets_casual.py measures the default opponent with it): he
    takes the top discard when he holds one card of its region, and throws the card of his smallest region, never
    the card he has just taken."""
    from parlour.bots import make_bot

    mine = ["LONDON", "COWES", "WELLS", "CARDIFF", "BIRMINGHAM", "CAMBRIDGE", "PENRITH"]
    yours = ["NORWICH", "IPSWICH", "MANCHESTER", "AYR", "YORK", "SHEFFIELD", "LEEDS"]
    for face_up, want in (("DOVER", "take discard"), ("GLASGOW", "draw stock")):
        state = sets_game([mine, yours], face_up=face_up)
        assert make_bot(SETS, "simple", 0, 3).act(state.observation(0), state.legal_actions(0)) == want, face_up
    state = sets_game([mine, yours], face_up="EDINBURGH")
    hand = ["AYR", "LONDON", "DOVER", "SOUTHEND", "COWES", "WINDSOR", "OXFORD"]
    state.hands[0] = sorted(CARD_OF_TEXT[c] for c in hand)
    state._legal = None
    run(state, "take discard")
    # Scotland, two cards, is his smallest region now; EDINBURGH, just taken, stays
    throws = {make_bot(SETS, "simple", 0, seed).act(state.observation(0), state.legal_actions(0)) for seed in range(12)}
    assert throws == {"discard AYR"}, throws
