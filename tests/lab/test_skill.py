"""Luck and skill on ladders whose answer is known: ratings, the coin-flip share and the depth."""

import random

import numpy as np

from parlour.games import get_game
from parlour.lab.skill import ELO, Scale, depth, fit_ratings, ladder, luck_and_skill, reference_spread
from parlour.sim.arena import Arena, Game, seatings


def synthetic(coin_share, deals, seed=1):
    """Five bots, each better than those listed before it, in a game whose results are a coin flip
    ``coin_share`` of the time and otherwise the better bot's win."""
    game = get_game("british-towns-sets")
    arena = Arena(game.id, ("a", "b", "c", "d", "e"), deals, seed, 2)
    rotation = seatings(game, 2)
    rng = random.Random(seed)
    games = []
    for p, _pair in enumerate(arena.pairs):
        for deal in range(deals):
            for s, seating in enumerate(rotation):
                b_wins = rng.random() < 0.5 if rng.random() < coin_share else True
                winner = seating.index(1) if b_wins else seating.index(0)
                games.append(Game(p, deal, s, (winner,), True, 10))
    return game, arena, games


def test_ratings_recover_a_known_gap():
    # B beats A three games in four: log(3) on the logistic scale, 191 Elo
    ratings = fit_ratings(2, [(0, 1)], [0.25], 10**6)
    assert abs((ratings[1] - ratings[0]) - np.log(3) * ELO) < 0.5


def test_the_reference_spread_falls_as_coins_decide_more():
    spreads = [reference_spread(5, 40, q) for q in (0.0, 0.25, 0.5, 0.75, 1.0)]
    assert spreads == sorted(spreads, reverse=True) and spreads[-1] < 1e-6
    scale = Scale(5, 40)
    assert abs(scale.share(reference_spread(5, 40, 0.4)) - 0.4) < 0.01


def test_the_coin_flip_share_of_a_known_game_is_covered():
    game, arena, games = synthetic(0.5, 60)
    report = luck_and_skill(game, arena, games, bootstrap=100)
    low, high = report["coin_flip_share"]["ci95"]
    assert low <= 0.5 <= high and high - low < 0.3
    assert [r["bot"] for r in report["ratings"]] == ["a", "b", "c", "d", "e"]
    assert report["depth"]["levels"] == 5                       # every step 75% > 60%


def test_a_game_of_pure_chance_has_no_depth():
    game, arena, games = synthetic(1.0, 40)
    report = luck_and_skill(game, arena, games, bootstrap=50)
    assert report["coin_flip_share"]["ci95"][1] >= 0.95 and report["depth"]["levels"] <= 2


def test_depth_counts_a_chain_of_60_percent_steps():
    scores = {(1, 0): 0.7, (2, 1): 0.55, (3, 1): 0.8}
    assert depth([0, 1, 2, 3], lambda x, y: scores[(x, y)]) == (3, [0, 1, 3])
    assert depth([0, 1, 2], lambda x, y: scores[(x, y)]) == (2, [0, 1])


def test_the_ladder_gives_the_search_bots_their_budget():
    assert ladder(get_game("football-whist"), 7) == ["random", "casual", "heuristic", "pimc:7", "expert:7"]
