"""The arena: duplicate seating, scores, intervals, ratings, the same report on any backend, and the command."""

from __future__ import annotations

import json
import math
import struct
from collections import Counter
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine.errors import ParlourError
from parlour.games import get_game
from parlour.sim import arena
from parlour.sim.arena import (
    Arena,
    rate,
    run_arena,
    score_interval,
    score_of,
    seating_text,
    seatings,
    t_quantile,
    winning_seats,
)
from parlour.sim.stats import wilson_interval

runner = CliRunner()
FW = get_game("football-whist")


def invoke(*args):
    return runner.invoke(app, list(args))


# -- seating -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "seats"), [("football-whist", 4), ("squadron-scramble", 2),
                                                ("squadron-scramble", 3), ("british-towns-sets", 4),
                                                ("british-towns-asking", 5)])
def test_the_rotation_sits_each_bot_in_each_seat_equally(game_id, seats):
    rotation = seatings(get_game(game_id), seats)
    assert len(set(rotation)) == len(rotation)
    assert all(set(seating) == {0, 1} for seating in rotation)         # both bots play in every game
    for seat in range(seats):
        held = Counter(seating[seat] for seating in rotation)
        assert held[0] == held[1] == len(rotation) // 2


def test_the_rotation_sets_are_the_documented_ones():
    assert [seating_text(s) for s in seatings(FW, 4)] == ["ABAB", "BABA"]          # partners 0 & 2 against 1 & 3
    assert [seating_text(s) for s in seatings(get_game("squadron-scramble"), 2)] == ["AB", "BA"]
    assert [seating_text(s) for s in seatings(get_game("squadron-scramble"), 3)] == \
        ["ABB", "BAB", "BBA", "BAA", "ABA", "AAB"]


def test_each_deal_is_played_in_every_seating_with_the_same_cards(monkeypatch):
    """What the games really were: the bots made for each seat, and the deal's seed, recorded as they are played."""
    seated: list[tuple[str, int]] = []
    dealt: list[int] = []
    real_make, real_play = arena.make_bot, arena.play_game

    def make(game, name, seat, seed=None, **options):
        seated.append((name, seat))
        return real_make(game, name, seat, seed, **options)

    def play(game, bots, *, seats, seed, **kw):
        dealt.append(seed)
        return real_play(game, bots, seats=seats, seed=seed, **kw)

    monkeypatch.setattr(arena, "make_bot", make)
    monkeypatch.setattr(arena, "play_game", play)
    job = arena.Job(Arena("squadron-scramble", ("heuristic", "random"), 1, 3, 3, {"max_rounds": 1}, max_actions=400),
                    0, ((0, 1234),))
    games = arena.play_job(job)
    assert dealt == [1234] * 6 and len(games) == 6
    seats_of = Counter(seated)
    assert all(seats_of[("heuristic", s)] == seats_of[("random", s)] == 3 for s in range(3))
    # and in the partnership game: A in 0 and 2, then in 1 and 3
    seated.clear()
    arena.play_job(arena.Job(Arena("football-whist", ("heuristic", "random"), 1, 3, 4), 0, ((0, 99),)))
    assert seated == [("heuristic", 0), ("random", 1), ("heuristic", 2), ("random", 3),
                      ("random", 0), ("heuristic", 1), ("random", 2), ("heuristic", 3)]


def test_every_pair_plays_the_same_deals():
    deals = arena.deal_seeds(Arena("football-whist", ("a", "b", "c"), 5, 11, 4))
    by_pair: dict[int, list[int]] = {}
    for job in arena.jobs(Arena("football-whist", ("a", "b", "c"), 5, 11, 4), 2):
        by_pair.setdefault(job.pair, []).extend(seed for _, seed in job.deals)
    assert list(by_pair) == [0, 1, 2] and all(seeds == deals for seeds in by_pair.values())


# -- scores and winners --------------------------------------------------------------------------------------

class _Over:
    is_over = True

    def __init__(self, result):
        self._result = result

    def result(self):
        return self._result


def test_winners_and_the_share_a_bot_scores():
    assert winning_seats(FW, 4, _Over({"winner": "B"})) == (1, 3)
    assert winning_seats(FW, 4, _Over({"winner": None})) == (0, 1, 2, 3)
    towns = get_game("british-towns-sets")
    assert winning_seats(towns, 3, _Over({"winner": "P2", "shared_by": []})) == (1,)
    assert winning_seats(towns, 3, _Over({"winner": None, "shared_by": ["P3", "P1"]})) == (0, 2)
    assert score_of((0, 1, 1), (0,)) == 1 and score_of((0, 1, 1), (1,)) == 0
    assert score_of((0, 1, 1), (0, 2)) == Fraction(1, 2)
    assert score_of((0, 1, 1), (0, 1, 2)) == Fraction(1, 3)           # a draw: A's share of the seats
    assert score_of((1, 0, 0), (0, 1, 2)) + score_of((0, 1, 1), (0, 1, 2)) == 1


# -- intervals -----------------------------------------------------------------------------------------------

def test_t_quantiles_are_the_tables():
    for df, value in [(1, 12.7062), (2, 4.3027), (4, 2.7764), (10, 2.2281), (30, 2.0423), (120, 1.9799),
                      (1000, 1.9623)]:
        assert t_quantile(df) == pytest.approx(value, abs=1e-4)


def test_the_interval_on_a_hand_made_example():
    # deal scores 1, 1/2, 1, 1/2: mean 3/4, s = sqrt(1/12), se = s / 2, t(3) = 3.182446
    low, high = score_interval([1, Fraction(1, 2), 1, Fraction(1, 2)])
    half = 3.182446 * math.sqrt(1 / 12) / 2
    assert low == pytest.approx(0.75 - half, abs=1e-6) and high == 1.0        # clipped at 1
    low, high = score_interval([Fraction(1, 2), Fraction(3, 4), Fraction(1, 4), Fraction(1, 2), Fraction(1, 2)])
    half = 2.776445 * math.sqrt(0.03125 / 5)
    assert (low, high) == (pytest.approx(0.5 - half, abs=1e-6), pytest.approx(0.5 + half, abs=1e-6))
    # no spread: Wilson over the deals, not a zero-width interval; one deal: nothing known
    assert score_interval([1, 1, 1, 1]) == pytest.approx(wilson_interval(4, 4))
    assert score_interval([Fraction(1, 2)]) == (0.0, 1.0)


# -- ratings -------------------------------------------------------------------------------------------------

def test_ratings_reward_the_winner_and_rank_by_the_ordinal():
    rows = rate(["weak", "strong"], [("weak", "strong", -1)] * 6 + [("weak", "strong", 0)])
    assert [row["bot"] for row in rows] == ["strong", "weak"] and [row["rank"] for row in rows] == [1, 2]
    strong, weak = rows
    assert strong["mu"] > 25 > weak["mu"] and strong["games"] == weak["games"] == 7
    assert strong["ordinal"] == pytest.approx(strong["mu"] - 3 * strong["sigma"], abs=1e-3)
    tied = rate(["a", "b"], [("a", "b", 0)] * 3)
    assert tied[0]["mu"] == tied[1]["mu"] == 25 and tied[0]["sigma"] < 25 / 3


def test_ratings_follow_the_wins_whatever_order_the_games_come_in():
    # Rated once in this order (the wins first), the bot with more wins came out far behind.
    games = [("expert", "heuristic", 1)] * 33 + [("expert", "heuristic", -1)] * 27
    rows = rate(["expert", "heuristic"], games)
    assert [row["bot"] for row in rows] == ["expert", "heuristic"] and rows[0]["mu"] > 25 > rows[1]["mu"]
    assert rate(["expert", "heuristic"], games[::-1]) == rows


# -- whole arenas --------------------------------------------------------------------------------------------

def test_heuristic_beats_random_at_football_whist():
    report = run_arena(FW, ["heuristic", "random"], 6, 5)
    (pair,) = report["pairs"]
    assert (pair["a"], pair["b"], pair["deals"], pair["games"]) == ("heuristic", "random", 6, 12)
    assert pair["score"] > 0.5 and pair["ci95"][0] > 0.5
    assert [row["bot"] for row in report["ratings"]["bots"]] == ["heuristic", "random"]


def test_a_game_of_three_seats_plays_the_rotation_set():
    report = run_arena(get_game("british-towns-asking"), ["remembering", "random"], 2, 8, seats=3)
    (pair,) = report["pairs"]
    assert report["seatings"] == ["ABB", "BAB", "BBA", "BAA", "ABA", "AAB"] and pair["games"] == 12
    assert pair["a_wins"] + pair["b_wins"] + pair["drawn_or_shared"] == 12
    assert set(pair["by_seating"]) == set(report["seatings"])
    assert 0 <= pair["ci95"][0] <= pair["score"] <= pair["ci95"][1] <= 1


def test_only_search_bots_are_given_the_budget():
    spec = Arena("football-whist", ("expert", "heuristic", "pimc"), 1, 0, 4, iterations=7)
    assert spec.options("expert") == spec.options("pimc") == {"iterations": 7}
    assert spec.options("heuristic") == {} and spec.options("random") == {}
    assert Arena("football-whist", ("expert", "random"), 1, 0, 4, seconds=0.1).options("expert") == {"seconds": 0.1}


def test_two_workers_give_the_one_workers_report():
    args = (FW, ["heuristic", "random", "pimc"], 3, 21)
    one = run_arena(*args, iterations=5, workers=1)
    two = run_arena(*args, iterations=5, workers=2)
    assert json.dumps(two) == json.dumps(one)


def test_the_arena_refuses_what_it_cannot_play():
    with pytest.raises(ParlourError, match="real time"):
        run_arena(get_game("biggles"), ["club", "casual"], 1, 0)
    with pytest.raises(ParlourError, match="no bot called 'nobody'.*choose from: random, casual, heuristic"):
        run_arena(FW, ["heuristic", "nobody"], 1, 0)
    with pytest.raises(ParlourError, match="at least two bots"):
        run_arena(FW, ["heuristic"], 1, 0)
    with pytest.raises(ParlourError, match="named twice"):
        run_arena(FW, ["random", "random"], 1, 0)
    with pytest.raises(ParlourError, match="not both"):
        run_arena(FW, ["expert", "random"], 1, 0, iterations=3, seconds=1.0)


# -- the command ---------------------------------------------------------------------------------------------

ARGS = ("arena", "football-whist", "--bots", "heuristic,random,expert", "--games", "2", "--seed", "3",
        "--iterations", "5", "--json")


def test_the_json_is_reproducible_byte_for_byte_and_complete(tmp_path):
    first = invoke(*ARGS, "--png", str(tmp_path / "a.png"))
    second = invoke(*ARGS, "--png", str(tmp_path / "a.png"))
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    report = json.loads(first.output)
    assert set(report) == {"game", "players", "seed", "deals", "games", "bots", "budget", "variant", "max_actions",
                           "seatings", "interval", "pairs", "ratings", "png"}
    assert (report["game"], report["players"], report["deals"], report["games"]) == ("football-whist", 4, 2, 12)
    assert report["budget"] == {"iterations": 5, "seconds": None} and report["seatings"] == ["ABAB", "BABA"]
    assert [(p["a"], p["b"]) for p in report["pairs"]] == [("heuristic", "random"), ("heuristic", "expert"),
                                                          ("random", "expert")]
    for pair in report["pairs"]:
        assert set(pair) == {"a", "b", "deals", "games", "score", "ci95", "a_wins", "b_wins", "drawn_or_shared",
                             "unfinished", "by_seating"}
        assert pair["games"] == 4 and pair["a_wins"] + pair["b_wins"] + pair["drawn_or_shared"] == 4
        assert 0 <= pair["ci95"][0] <= pair["score"] <= pair["ci95"][1] <= 1
    ratings = report["ratings"]["bots"]
    assert sorted(r["bot"] for r in ratings) == ["expert", "heuristic", "random"]
    assert [r["rank"] for r in ratings] == [1, 2, 3] and all(r["games"] == 8 for r in ratings)
    assert [r["ordinal"] for r in ratings] == sorted((r["ordinal"] for r in ratings), reverse=True)
    assert set(ratings[0]) == {"rank", "bot", "mu", "sigma", "ordinal", "games"}
    assert report["png"] == str(tmp_path / "a.png")
    assert invoke(*ARGS[:-1], "--seed", "4", "--json").output != first.output


def test_the_png_is_a_picture(tmp_path):
    path = tmp_path / "plots" / "ratings.png"
    result = invoke("arena", "football-whist", "--bots", "heuristic,random", "--games", "1", "--png", str(path))
    assert result.exit_code == 0, result.output
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 300 and height > 100
    import matplotlib.image

    assert matplotlib.image.imread(path).shape[:2] == (height, width)
    # (the terminal may fold a long path over two lines)
    assert "heuristic" in result.output and "Ratings" in result.output and str(path) in result.output.replace("\n", "")


def test_the_command_refuses_with_one_line():
    for args, message in [(("biggles", "--bots", "club,casual"), "real time"),
                          (("football-whist", "--bots", "heuristic,nobody"), "no bot called 'nobody'"),
                          (("football-whist", "--bots", "heuristic,random", "--players", "3"), "played by 4"),
                          (("football-whist", "--bots", "heuristic,random", "--variant", "nope=1"), "--variant")]:
        result = invoke("arena", *args)
        assert result.exit_code == 2 and message in result.output, result.output
