"""OpenSpiel's ``resample_from_infostate`` never raises on an information state a game can reach.

IS-MCTS and other search through the OpenSpiel registration draw a world at
every decision they search, and a raise there ends the search (and the
game).  So random games are played through ``pyspiel.load_game`` at every
turn-based game's small and large tables, and at every decision point a
world is drawn for the seat to move and for one other seat (a different one
at each decision, so that every seat is asked for over a game): it must be
drawn, and show that seat the same information-state string; the mover's
world must offer the same legal actions, as IS-MCTS assumes.  The games
reach the positions that are hardest to draw for: the asking game at eight
seats (where a cheap count can keep too few deals: issue 34), the sets game
past its first reshuffle (cards whose last shuffle is a reshuffle) and
Squadron Scramble past round 2 (the packs of finished rounds rebuilt from
their public trace).
"""

from __future__ import annotations

import random

import pyspiel
import pytest

from parlour.research import openspiel as adapter

#: (game id, parameters, seeds, what the games must reach, how to read it off the Parlour state)
CASES = [
    ("football-whist", {}, range(4), "the second half", lambda p: p.half >= 2),
    ("squadron-scramble", {"players": 2, "max_rounds": 3}, range(2), "round 3", lambda p: p.round_no >= 2),
    ("squadron-scramble", {"players": 3, "max_rounds": 3}, range(2), "round 3", lambda p: p.round_no >= 2),
    ("squadron-scramble", {"players": 4, "max_rounds": 3}, range(2), "round 3", lambda p: p.round_no >= 2),
    ("british-towns-asking", {"players": 3}, range(4), "a region laid", lambda p: any(p.laid)),
    ("british-towns-asking", {"players": 4}, range(2), "a region laid", lambda p: any(p.laid)),
    ("british-towns-asking", {"players": 5}, range(2), "a region laid", lambda p: any(p.laid)),
    ("british-towns-asking", {"players": 8}, range(2), "a region laid", lambda p: any(p.laid)),
    ("british-towns-sets", {"players": 2}, range(2), "a reshuffle", lambda p: p.reshuffles_used >= 1),
    ("british-towns-sets", {"players": 3}, range(1), "a reshuffle", lambda p: p.reshuffles_used >= 1),
    ("british-towns-sets", {"players": 4}, range(2), "a reshuffle", lambda p: p.reshuffles_used >= 1),
    ("british-towns-sets", {"players": 5}, range(2), "a reshuffle", lambda p: p.reshuffles_used >= 1),
]


def _ids(case) -> str:
    game_id, params, *_ = case
    return f"{game_id}-{params.get('players', adapter.DEFAULT_PLAYERS[game_id])}"


@pytest.mark.parametrize("game_id, params, seeds, milestone, reached", CASES, ids=map(_ids, CASES))
def test_every_reachable_information_state_resamples(game_id, params, seeds, milestone, reached):
    """Random games to their end, a world drawn for two seats at each decision; the seeds reach ``milestone``."""
    game = pyspiel.load_game(adapter.short_name(game_id), params)
    seats = game.num_players()
    checked = past_milestone = redealt = 0
    for seed in seeds:
        rng = random.Random(seed)
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        state = game.new_initial_state()
        turn = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            mover = state.current_player()
            other = (mover + 1 + turn % (seats - 1)) % seats        # every other seat in turn
            for player in (mover, other):
                world = state.resample_from_infostate(player, sampler)
                assert world.information_state_string(player) == state.information_state_string(player), (
                    f"seed {seed}, decision {turn}: seat {player}'s world shows it something else")
                assert world.current_player() == mover
                if player == mover:               # what IS-MCTS relies on: the same choices in every world
                    assert world.legal_actions() == state.legal_actions()
                else:                             # the mover's cards are hidden from ``other``, and redealt
                    redealt += world.information_state_string(mover) != state.information_state_string(mover)
                checked += 1
            past_milestone += reached(state.parlour)
            state.apply_action(rng.choice(state.legal_actions()))
            turn += 1
        assert not state.cut_off(), f"seed {seed} was cut off, not played to its end"
    assert past_milestone > 0, f"no game reached {milestone}: the seeds no longer test what they should"
    assert redealt > 0, "no world ever differed from the true state in what another seat holds"
    assert checked >= 400, f"only {checked} information states resampled"
