"""The heuristic Squadron Scramble bot plays sensibly from its seat's view alone."""

from __future__ import annotations

import random

from parlour.games.squadron_scramble import GAME, rules
from parlour.games.squadron_scramble.bots import HeuristicBot, idle_turns
from parlour.sim import simulate
from tests.squadron_scramble.conftest import make, run

FILLER2 = ["BLE/T", "BLE/S", "P40/T", "P40/S", "F2A/T", "F2A/S", "A17/S"]


def act(state):
    (seat,) = state.to_move
    return HeuristicBot(seat, 0).act(state.observation(seat), state.legal_actions(seat))


def test_heuristic_beats_random():
    report = simulate(GAME, 20, 3, ["heuristic", "random"])
    assert report["results"]["wins"]["P1"]["ci95"][0] > 0.8


def test_heuristic_names_its_planes_correctly_and_never_forfeits():
    for seed in range(3):
        state = GAME.new_state(seats=3, seed=seed)
        while not state.is_over:
            state.apply(min(state.to_move), act(state))
        assert all(n["correct"] for n in state.naming_log) and state.naming_log


def test_heuristic_lays_a_natural_set():
    state = make([["P38/T", "P38/S", "P38/F", "B17/T", "WEL/T", "DB3/T", "A17/T"], FILLER2])
    run(state, "draw stock")
    assert act(state) == "lay P38/T P38/S P38/F"


def test_heuristic_takes_a_discard_that_completes_a_set():
    state = make([["P38/T", "P38/S", "B17/T", "WEL/T", "DB3/T", "A17/T", "I16/T"], FILLER2], pile="P38/F")
    assert act(state) == "take 1"


def test_heuristic_shoots_down_the_most_valuable_bomber_set():
    state = make([["P38/T", "P38/S", "P38/F", "B17/T", "WEL/T", "DB3/T", "A17/T"],
                  ["DO26/T", "DO26/S", "DO26/F", "KI99/T", "KI99/S", "VIC", "A17/S"]])
    run(state, "draw stock", "discard B17/T", "draw stock", "lay DO26/T DO26/S DO26/F", "name DO26 DE",
        "lay KI99/T KI99/S VIC", "name KI99 JP", "discard A17/S")
    run(state, "draw stock", "lay P38/T P38/S P38/F", "name P38 US")
    assert act(state) == "shoot 2"       # the Ki-99 set, doubled by VICTORY


def test_heuristic_swaps_a_wild_out_when_it_can():
    state = make([["P38/T", "P38/F", "KEF", "B17/T", "B17/S", "WEL/T", "WEL/S"],
                  ["P38/S", "P39/T", "P39/F", "DB3/T", "DB3/S", "A17/T", "A17/S"]])
    run(state, "draw stock", "lay P38/T P38/F KEF", "name P38 US", "discard WEL/T", "draw stock")
    assert act(state) == "swap P38/S 1"


def test_decisions_do_not_depend_on_hidden_cards():
    state = GAME.new_state(seats=3, seed=9, variant={"max_rounds": 1})
    rng = random.Random(1)
    while not state.is_over:
        (seat,) = state.to_move
        other = state.resample(seat, random.Random(rng.random()))
        assert act(state) == act(other)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def to_and_fro():
    """Each player holds one P-38 view and the third lies on the pile: taking it back is always tempting."""
    state = make([["P38/T"] + FILLER2[:6], ["P38/S", "B17/T", "B17/S", "WEL/T", "WEL/S", "DB3/T", "DB3/S"]],
                 pile="P38/F", target=1000)
    state.hands = [[rules.NATURAL_OF_TEXT["P38/T"]], [rules.NATURAL_OF_TEXT["P38/S"]]]
    state._legal = None
    return state


def test_heuristic_notices_the_table_going_round_in_circles_and_draws_from_the_stock():
    state = to_and_fro()
    assert state.variant["stalemate_turns"] == 0          # the sheet's rules: nothing else ends the round
    for _ in range(2):
        assert act(state) == "take 1"
        run(state, "take 1", "discard P38/F")
    assert act(state) == "take 1"
    run(state, "take 1", "discard P38/F", "take 1", "discard P38/F")
    # Two rounds of the table (two players) with no stock draw and nothing laid: change course.
    assert idle_turns(state.observation(0)["history"]) == 4 and act(state) == "draw stock"


def test_heuristic_bots_bring_a_circling_round_to_its_end():
    state = to_and_fro()
    while state.round_no == 0 and len(state.history) < 3000:
        state.apply(min(state.to_move), act(state))
    assert state.round_no == 1 and len(state.history) < 1500


def _wild_discards(bot_name: str, seeds: range, **variant) -> tuple[int, list[str]]:
    """Every play decision of ``bot_name`` (all seats) over whole seeded games: how many there were, and each
    where it threw a wild card while it could have thrown a natural one, or threw away a wild card won by a
    swap that same turn (without going out)."""
    from parlour.bots import make_bot

    bad: list[str] = []
    decisions = 0
    for seed in seeds:
        state = GAME.new_state(seats=2 + seed % 3, seed=seed, variant={"target": 100, **variant})
        bots = {s: make_bot(GAME, bot_name, s, seed * 10 + s) for s in range(state.num_seats)}
        swapped_this_turn = False
        while not state.is_over:
            (seat,) = state.to_move
            legal = state.legal_actions(seat)
            obs = state.observation(seat)
            action = bots[seat].act(obs, legal)
            if obs["phase"] == "play":
                decisions += 1
                card = action.split()[1] if action.startswith("discard ") else ""
                wild = card in ("KEF", "VIC")
                natural_discard = any(a.startswith("discard ") and "/" in a for a in legal)
                if wild and natural_discard:
                    bad.append(f"seed {seed}: {action} with {legal}")
                if wild and swapped_this_turn and len(obs["hand"]) > 1:
                    bad.append(f"seed {seed}: a wild card swapped for, then {action}")
                swapped_this_turn = action.startswith("swap ") or (swapped_this_turn and not card)
            state.apply(seat, action)
    return decisions, bad


def test_the_casual_and_club_bots_keep_their_wild_cards():
    """A player of any level keeps wild cards: never thrown while a natural card could go, never won by a swap
    only to be thrown away (over many seeded games, by default and with own-set swaps allowed)."""
    for bot in ("casual", "heuristic"):
        for variant in ({}, {"swap_own": True}):
            decisions, bad = _wild_discards(bot, range(12), **variant)
            assert decisions > 500 and not bad, (bot, variant, bad[:3])
