"""The casual player, every turn-based game's default opponent, and the newcomer model it is tuned to.

The tuning itself is measured in the arena (docs/arena.md, "A newcomer's opponent"); these tests hold what
must not drift: which bot is the default, where the menus list it, that it and the newcomer model are the
bots their docstrings describe, seeded and reproducible, and that they see only their seat's view.
"""

from __future__ import annotations

import random
import re

import pytest

from parlour.bots import RandomBot, bot_catalogue, bot_names, decide, default_bot, make_bot, own_bot
from parlour.bots.casual import CasualBot, keep_at
from parlour.engine.errors import ParlourError
from parlour.games import GAMES, get_game
from parlour.games.football_whist.bots import HeuristicBot

TURN_BASED = [g for g in GAMES.values() if not g.real_time]
#: each game's club player: the bot the casual player softens
CLUB = {"football-whist": "heuristic", "squadron-scramble": "heuristic", "british-towns-asking": "remembering",
        "british-towns-sets": "heuristic"}
SHORT = {"squadron-scramble": {"max_rounds": 1}}


@pytest.mark.parametrize("game", TURN_BASED, ids=lambda g: g.id)
def test_the_default_opponent_is_the_casual_player_listed_next_to_the_random_one(game):
    names = bot_names(game)
    assert default_bot(game) == "casual" == names[1] and names[0] == "random"
    assert names.index("casual") < names.index(CLUB[game.id]) < names.index("expert")
    assert own_bot(game) == CLUB[game.id]                 # what a search bot falls back on, and simulate seats
    entry = next(b for b in bot_catalogue(game) if b["name"] == "casual")
    # (the British Towns games say the newcomer's share per table size: "half the games" is a two-player figure, and at
    # four the newcomer wins about one game in four, as each casual player does: docs/arena.md)
    towns = game.id.startswith("british-towns")
    said = "newcomer wins about as often as each of them" if towns else "newcomer wins about half"
    assert entry["title"] == "Casual player" and said in entry["description"], entry["description"]
    # (review 24a: the new-table page's help on the default bot is short sentences, not one overlong one)
    if towns:
        assert all(len(part.split()) <= 20 for part in entry["description"].split(". ")), entry["description"]
    # the newcomer model is seated by name (the arena, the simulator) but offered in no menu
    assert "newcomer" not in names and make_bot(game, "newcomer", 0, 1) is not None


def test_biggles_keeps_its_speed_levels_and_its_gentlest_default():
    biggles = get_game("biggles")
    assert default_bot(biggles) == own_bot(biggles) == "gentle" == bot_names(biggles)[1]
    assert "casual" in bot_names(biggles) and not biggles.yardsticks     # its own level of that name


def test_every_bot_is_titled_in_plain_words_with_a_line_a_card_player_reads():
    for game in GAMES.values():
        for entry in bot_catalogue(game):
            assert not re.search(r"[A-Z]{2}|[()]", entry["title"]), (game.id, entry)
            assert entry["description"], (game.id, entry)
    expert = next(b for b in bot_catalogue(get_game("football-whist")) if b["name"] == "expert")
    # how strong it is, how it plays and how long it thinks, in a card player's words: no search method named
    assert expert["title"] == "Expert" and "second a move" in expert["description"]
    assert not any(re.search(r"Monte Carlo|information-set|perfect-information", b["description"])
                   for g in GAMES.values() for b in bot_catalogue(g))
    assert not any(re.search(r"\b(PIMC|IS-?MCTS)\b", b["description"])
                   for g in GAMES.values() for b in bot_catalogue(g))


def test_a_casual_player_keeps_its_bases_move_or_plays_at_random_reproducibly():
    game = get_game("football-whist")
    state = game.new_state(seed=4)
    base = "parlour.games.football_whist.bots:HeuristicBot"
    always, never = CasualBot(0, 5, base=base, keep=1.0), CasualBot(0, 5, base=base, keep=0.0)
    club = HeuristicBot(0, random.Random(5).randrange(2**63))      # the base, on the stream the casual gives it
    twin, other = make_bot(game, "casual", 0, 9), make_bot(game, "casual", 0, 9)
    moves = 0
    while not state.is_over and moves < 60:
        (seat,) = state.to_move
        if seat == 0:
            view, legal = state.observation(0), state.legal_actions(0)
            if len(legal) > 1:
                assert always.act(view, legal) == club.act(view, legal)
            assert never.act(view, legal) in legal
            assert twin.act(view, legal) == other.act(view, legal)        # the same seed, the same choices
            moves += 1
        state.apply(seat, random.Random(moves).choice(state.legal_actions(seat)))
    with pytest.raises(ValueError, match="probability"):
        CasualBot(0, 1, base=base, keep=1.5)


def test_where_the_casual_player_does_not_keep_to_the_club_move_it_makes_the_newcomers():
    """Its slips are a plainer player's moves, not random ones (docs/arena.md says why)."""
    game = get_game("british-towns-sets")
    base, slip = "parlour.games.british_towns.bots:SetsBot", "parlour.games.british_towns.bots:NewcomerSetsBot"
    casual = CasualBot(0, 5, base=base, keep=0.0, slip=slip)
    rng = random.Random(5)
    rng.randrange(2**63), rng.randrange(2**63)                      # the base's stream and the coin's
    newcomer = make_bot(game, "newcomer", 0, rng.randrange(2**63))   # the slip, on the stream the casual gives it
    state, moves = game.new_state(seats=2, seed=8), 0
    while not state.is_over and moves < 80:
        (seat,) = state.to_move
        if seat == 0:
            view, legal = state.observation(0), state.legal_actions(0)
            if len(legal) > 1:
                assert casual.act(view, legal) == newcomer.act(view, legal)
                moves += 1
        state.apply(seat, random.Random(moves).choice(state.legal_actions(seat)))
    assert moves > 20
    # every turn-based game's default slips into its newcomer's moves
    for each in TURN_BASED:
        assert make_bot(each, "casual", 0, 1).slip is not None, each.id


def test_the_asking_newcomer_does_not_ask_again_where_he_was_told_no():
    from parlour.games.british_towns.pack import CARD_OF_TEXT, REGION_OF

    def region(ask: str) -> int:
        return REGION_OF[CARD_OF_TEXT[ask.split()[2]]]

    game = get_game("british-towns-asking")
    newcomer, tempted = make_bot(game, "newcomer", 0, 3), 0
    for seed in range(4):
        state = game.new_state(seats=3, seed=seed)
        names = state.observation(0)["seat_names"]
        refused: set[tuple[str, str]] = set()          # (asked, card): told no when seat 0 asked, not won since
        while not state.is_over:
            (seat,) = state.to_move
            legal = state.legal_actions(seat)
            if seat == 0:
                action = decide(newcomer, state, 0)
                mine = [a for a in legal if region(a) == region(action)]
                tempted += any((a.split()[1], a.split()[2]) in refused for a in mine)
                if (action.split()[1], action.split()[2]) in refused:   # only where his region holds nothing else
                    assert all((a.split()[1], a.split()[2]) in refused for a in mine), action
            else:
                action = random.Random(len(state.observation(0)["asks"])).choice(legal)
            before = len(state.observation(0)["asks"])
            state.apply(seat, action)
            for ask in state.observation(0)["asks"][before:]:
                if ask["got"]:
                    refused.discard((names[ask["asker"]], ask["card"]))
                elif ask["asker"] == 0:
                    refused.add((names[ask["asked"]], ask["card"]))
    assert tempted > 10          # the memory was tested: refused asks were there to repeat


def test_the_keep_may_depend_on_the_size_of_the_table():
    schedule = {3: 0.3, 4: 0.2, 8: 0.05}
    assert [keep_at(schedule, n) for n in (3, 4, 5, 7, 8, 20)] == [0.3, 0.2, 0.2, 0.2, 0.05, 0.05]
    assert keep_at(schedule, 2) == 0.3 and keep_at(0.9, 4) == 0.9


@pytest.mark.parametrize("game", TURN_BASED, ids=lambda g: g.id)
@pytest.mark.parametrize("name", ["casual", "newcomer"])
def test_the_casual_player_and_the_newcomer_decide_from_what_their_seat_can_see(game, name):
    """The fairness check every bot passes: the same decision in every world the seat cannot tell apart."""
    seats = game.seat_counts[0] + (1 if game.id == "british-towns-asking" else 0)
    state = game.new_state(seats=seats, seed=6, variant=SHORT.get(game.id))
    rng = random.Random(3)
    for step in range(120):
        if state.is_over:
            break
        (seat,) = state.to_move
        other = state.resample(seat, random.Random(rng.random()))
        mine, theirs = make_bot(game, name, seat, step), make_bot(game, name, seat, step)
        assert decide(mine, state, seat) == decide(theirs, other, seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game", TURN_BASED, ids=lambda g: g.id)
def test_a_game_between_casual_players_and_newcomers_ends(game):
    from parlour.sim.play import play_game

    seats = game.seat_counts[0]
    bots = [make_bot(game, "casual" if s % 2 else "newcomer", s, s) for s in range(seats)]
    state = play_game(game, bots, seats=seats, seed=2, variant=SHORT.get(game.id))
    assert state.is_over


def test_the_newcomer_plays_the_obvious_card_in_football_whist():
    from tests.football_whist.conftest import make, run

    state = make(dealer=3)                                  # seat 0 holds England, Master at W3
    run(state, "kick W3", "play I5", "play S11", "play W11")
    newcomer = make_bot(get_game("football-whist"), "newcomer", 0, 1)
    # he takes the trick with his highest winning card (the club player takes it as cheaply as he can: E1)
    assert decide(newcomer, state, 0) == "play E11"


def test_an_unknown_bot_is_still_refused_with_the_menus_choices():
    with pytest.raises(ParlourError, match=r"choose from: random, casual, heuristic, pimc, expert"):
        make_bot(get_game("football-whist"), "grandmaster", 0, 1)
    assert isinstance(make_bot(get_game("football-whist"), "random", 0, 1), RandomBot)
