"""The search bots: fair (they see only their seat), reproducible, and everywhere a bot can sit."""

from __future__ import annotations

import random

import pytest

from parlour.bots import bot_catalogue, bot_names, decide, make_bot
from parlour.bots.search import Choice, SearchBot
from parlour.bots.worlds import Worlds
from parlour.engine.errors import ParlourError
from parlour.games import get_game

TURN_BASED = [("football-whist", 4), ("squadron-scramble", 3), ("british-towns-asking", 3), ("british-towns-sets", 2)]


def _positions(game_id: str, seats: int, seed: int, count: int):
    """Positions of a random game with more than one legal move, every few actions."""
    game = get_game(game_id)
    state = game.new_state(seats=seats, seed=seed)
    rng = random.Random(seed)
    found = 0
    while not state.is_over and found < count:
        (seat,) = state.to_move
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.2:
            found += 1
            yield state.clone(), seat
        state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("game_id,seats", TURN_BASED)
@pytest.mark.parametrize("name", ["expert", "pimc"])
def test_a_search_bots_move_does_not_depend_on_the_cards_it_cannot_see(game_id, seats, name):
    """Fixed seed and iterations: the same move in the true state and in a world the seat cannot tell from it."""
    game = get_game(game_id)
    for state, seat in _positions(game_id, seats, seed=5, count=3):
        bot = make_bot(game, name, seat, 11, iterations=25)
        other = state.resample(seat, random.Random(3))
        assert other.observation(seat) == state.observation(seat)
        assert decide(bot, state, seat) == decide(bot, other, seat)


@pytest.mark.parametrize("game_id,seats", TURN_BASED)
def test_the_same_seed_and_iterations_give_the_same_analysis(game_id, seats):
    game = get_game(game_id)
    state, seat = next(_positions(game_id, seats, seed=9, count=1))
    legal = state.legal_actions(seat)
    runs = []
    for _ in range(2):
        bot = make_bot(game, "expert", seat, 4, iterations=30)
        runs.append(bot.analyse(state.observation(seat), legal, Worlds(state, seat)))
    assert runs[0] == runs[1]
    assert sorted(c.action for c in runs[0]) == sorted(legal) or game_id == "squadron-scramble"
    assert all(-1.0 <= c.value <= 1.0 and 0.0 <= c.chance <= 1.0 for c in runs[0])
    assert sum(c.visits for c in runs[0]) <= 30


def test_worlds_are_whole_states_the_seat_cannot_tell_from_the_truth_and_never_the_truth_itself():
    game = get_game("football-whist")
    state, seat = next(_positions("football-whist", 4, seed=2, count=1))
    worlds = Worlds(state, seat)
    rng = random.Random(0)
    seen = set()
    for _ in range(20):
        world = worlds.sample(rng)
        assert world is not state
        assert world.observation(seat) == state.observation(seat)
        assert world.observation(None) == state.observation(None)
        seen.add(str(world.snapshot()["hands"]))
    assert len(seen) > 1, "worlds should differ in the cards the seat cannot see"
    assert game.id == "football-whist"


def test_a_search_bot_called_without_worlds_says_how_to_call_it():
    game = get_game("football-whist")
    state, seat = next(_positions("football-whist", 4, seed=3, count=1))
    bot = make_bot(game, "expert", seat, 1, iterations=5)
    with pytest.raises(ParlourError, match="decide"):
        bot.act(state.observation(seat), state.legal_actions(seat))


def test_search_bots_sit_beside_the_others_weakest_first_with_a_line_each():
    for game_id, _ in TURN_BASED:
        game = get_game(game_id)
        names = bot_names(game)
        assert names[0] == "random" and sorted(names) == sorted(["random", *game.bots, "pimc", "expert"])
        if not game.bot_order:
            assert names[-2:] == ["pimc", "expert"]
        assert all(entry["description"] for entry in bot_catalogue(game))
        assert isinstance(make_bot(game, "expert", 0, 1), SearchBot)
    biggles = get_game("biggles")
    assert "expert" not in bot_names(biggles)
    with pytest.raises(ParlourError, match="no bot called"):
        make_bot(biggles, "expert", 0, 1)


def test_the_asking_game_lists_its_remembering_bot_between_the_search_bots_as_the_arena_ranks_them():
    """docs/arena.md: the expert scores 0.586 (0.535-0.637) against ``remembering``, which beat pimc 0.667."""
    names = bot_names(get_game("british-towns-asking"))
    assert names[-1] == "expert" and names.index("pimc") < names.index("remembering")


def test_a_bot_order_that_leaves_out_a_bot_is_refused():
    import dataclasses

    game = dataclasses.replace(get_game("british-towns-asking"), bot_order=("random", "remembering", "expert"))
    with pytest.raises(ParlourError, match="bot_order must list each of random, casual, remembering, pimc, expert once"):
        bot_names(game)


def test_a_time_budget_is_kept():
    import time

    game = get_game("football-whist")
    state, seat = next(_positions("football-whist", 4, seed=4, count=1))
    bot = make_bot(game, "expert", seat, 1, seconds=0.2)
    start = time.perf_counter()
    choices = bot.analyse(state.observation(seat), state.legal_actions(seat), Worlds(state, seat))
    assert time.perf_counter() - start < 1.5
    assert sum(c.visits for c in choices) > 0


def test_the_expert_beats_random_players_at_football_whist():
    """Two deals, each played twice with the partnerships swapped: the expert's side wins more than it loses."""
    game = get_game("football-whist")
    score = 0.0
    for deal in range(2):
        for expert_side in (0, 1):
            bots = [make_bot(game, "expert" if s % 2 == expert_side else "random", s, 100 * deal + s,
                             **({"iterations": 60} if s % 2 == expert_side else {})) for s in range(4)]
            state = game.new_state(seed=deal)
            while not state.is_over:
                (seat,) = state.to_move
                state.apply(seat, decide(bots[seat], state, seat))
            score += (state.returns()[expert_side] + 1) / 2
    assert score / 4 > 0.5


def test_choice_chance_is_the_value_on_a_zero_to_one_scale():
    assert Choice("play E7", 10, 0.5).chance == 0.75
    assert Choice("stay", 0, -1.0).chance == 0.0


def test_where_no_world_can_be_drawn_the_expert_plays_the_games_own_bots_move():
    """A resample may give up with ResampleError (the asking game at very large tables): the bot still moves."""
    from parlour.bots import own_bot
    from parlour.engine.errors import ResampleError

    class NoWorlds:
        seat, moves = 0, 7

        def sample(self, rng):
            raise ResampleError("no consistent deal found")

    game = get_game("british-towns-asking")
    state, seat = next(_positions("british-towns-asking", 3, seed=1, count=1))
    NoWorlds.seat = seat
    bot = make_bot(game, "expert", seat, 2, iterations=10)
    view, legal = state.observation(seat), state.legal_actions(seat)
    with pytest.raises(ResampleError):
        bot.analyse(view, legal, NoWorlds())
    seed = random.Random(f"fallback/2/{seat}/7").randrange(2**63)
    assert own_bot(game) == "remembering"
    assert bot.act(view, legal, NoWorlds()) == make_bot(game, own_bot(game), seat, seed).act(view, legal)


def test_a_search_bots_name_may_carry_its_budget():
    game = get_game("football-whist")
    assert make_bot(game, "expert:300", 0, 1).iterations == 300
    assert make_bot(game, "pimc:0.25s", 0, 1).seconds == 0.25
    for bad in ("expert:lots", "expert:0", "expert:-1s"):
        with pytest.raises(ParlourError, match="a budget is iterations"):
            make_bot(game, bad, 0, 1)
    with pytest.raises(ParlourError, match="no bot called"):
        make_bot(game, "heuristic:300", 0, 1)


@pytest.mark.parametrize("game_id,seats", [("squadron-scramble", 3), ("british-towns-asking", 3), ("british-towns-sets", 2)])
def test_the_look_ahead_ends_where_the_games_epoch_changes(game_id, seats):
    """These games look ahead over the searcher's turn only: no node of the tree is another player's decision."""
    from parlour.bots.search import _iterate, _Node, hooks_of

    game = get_game(game_id)
    hooks = hooks_of(game)
    assert hooks.epoch is not None
    for state, seat in _positions(game_id, seats, seed=8, count=3):
        worlds, rng = Worlds(state, seat), random.Random(4)
        root = _Node(seat)
        for _ in range(150):
            _iterate(root, worlds.sample(rng), rng, hooks)
        deepest, stack = 0, [(root, 0)]
        while stack:
            node, depth = stack.pop()
            deepest = max(deepest, depth)
            for child in node.children.values():
                assert child.seat == seat
                stack.append((child, depth + 1))
        assert deepest >= 1


def test_a_games_weigh_picks_each_searched_world_from_a_pool_in_proportion():
    """With ``weigh`` and ``POOL`` the search draws POOL worlds and keeps one by weight; without, one world."""
    from parlour.bots.search import Hooks, _draw

    class Counting:
        seat = 0

        def __init__(self):
            self.drawn = 0

        def sample(self, rng):
            self.drawn += 1
            return self.drawn

    worlds = Counting()
    picked = [_draw(worlds, random.Random(i), Hooks(weigh=lambda w, seat: 1.0 if w % 4 == 0 else 0.0, pool=4))
              for i in range(20)]
    assert worlds.drawn == 80 and all(w % 4 == 0 for w in picked)     # only the fourth of each pool weighs
    worlds = Counting()
    assert _draw(worlds, random.Random(1), Hooks(pool=4)) == 1 and worlds.drawn == 1
