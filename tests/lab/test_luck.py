"""The luck of the draw: mean zero whatever the valuation, so the corrected share keeps the right answer."""

from parlour.games import get_game
from parlour.lab.luck import corrected_shares, corrects, draw_luck, valuation
from parlour.lab.play import Study
from parlour.lab.runs import play_study
from parlour.sim.backends import LocalBackend


def test_a_draws_luck_is_measured_against_every_card_that_could_have_come():
    game = get_game("british-towns-sets")
    state = game.new_state(seats=2, seed=3)
    seat = min(state.to_move)
    assert "draw stock" in state.legal_actions(seat)
    before, history = list(state.stock), list(state.history)
    luck = draw_luck(state, seat, valuation(game))
    assert luck is not None and abs(sum(luck)) < 1e-9           # two seats: one's luck is the other's loss
    assert state.stock == before and state.history == history   # the true state is left as it was


def test_only_games_with_a_stock_and_a_valuation_are_corrected():
    assert corrects(get_game("british-towns-sets")) and corrects(get_game("squadron-scramble"))
    assert not corrects(get_game("football-whist")) and not corrects(get_game("biggles"))


def test_the_correction_keeps_a_known_answer():
    # The dealer is drawn at random, so seat P1 (whoever moves first) wins half the games, exactly, in expectation;
    # and a draw's luck has mean zero.  Both intervals must cover their answers, before and after the correction.
    game = get_game("british-towns-sets")
    with LocalBackend(1) as backend:
        rows = play_study(Study(game.id, 2, game.variant(), 8, 50, "heuristic", luck=True), backend)
    p1 = corrected_shares(game, 2, rows, seat=0)
    for key in ("plain", "corrected"):
        low, high = p1[key]["ci95"]
        assert low <= 0.5 <= high, (key, p1)
    low, high = p1["luck"]["ci95"]
    assert low <= 0 <= high
    first = corrected_shares(game, 2, rows)
    assert first["variance_ratio"] > 0.8 and len(first["beta"]) == 2
