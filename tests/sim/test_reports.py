"""Each game's figures, summed as the games come, are those worked out afterwards from every game's result."""

import json
from collections import Counter

import pytest

from parlour.games import get_game
from parlour.sim import mean_ci, output, simulate


def _results(tmp_path, game_id, games, bots, variant=None):
    report = simulate(get_game(game_id), games, 4, bots, variant=variant, out=tmp_path, chunk_size=7)
    rows = output.games(tmp_path, ["ended", "result"]).to_pylist()
    assert len(rows) == games
    return report["results"], [json.loads(r["result"]) for r in rows if r["ended"]]


def test_football_whist_goals(tmp_path):
    report, results = _results(tmp_path, "football-whist", 60, ["random"] * 4)
    totals = [r["goals"]["A"] + r["goals"]["B"] for r in results]
    goals = report["goals_per_match"]
    assert {k: goals[k] for k in ("mean", "ci95")} == mean_ci(totals)
    assert goals["distribution"] == {str(k): v for k, v in sorted(Counter(totals).items())}
    assert goals["by_partnership"]["B"] == mean_ci([r["goals"]["B"] for r in results])
    assert report["goals_by_half"]["half_2"]["A"] == mean_ci([r["goals_by_half"][1]["A"] for r in results])


def test_squadron_scramble_rounds_totals_and_points_a_round(tmp_path):
    report, results = _results(tmp_path, "squadron-scramble", 20, ["random"] * 3, {"max_rounds": 2})
    rounds = [r["rounds"] for r in results]
    assert report["rounds_per_game"]["longest"] == max(rounds)
    assert report["rounds_per_game"]["distribution"] == {str(k): v for k, v in sorted(Counter(rounds).items())}
    assert list(report["final_totals"]) == ["P1", "P2", "P3"]
    assert report["final_totals"]["P3"] == mean_ci([r["totals"]["P3"] for r in results])
    assert report["points_per_round"]["P2"] == mean_ci([s[1] for r in results for s in r["round_scores"]])


@pytest.mark.parametrize("game_id, seats", [("british-towns-sets", 3), ("british-towns-asking", 4)])
def test_british_towns_scores_and_shared_wins(tmp_path, game_id, seats):
    report, results = _results(tmp_path, game_id, 16, ["random"] * seats)
    key = "scores" if game_id.endswith("sets") else "regions"
    assert report[key]["P1"] == mean_ci([r[key]["P1"] for r in results])
    assert report["shared_wins"] == sum(1 for r in results if r["shared_by"])
    if key == "scores":
        margins = Counter(sorted(r["scores"].values())[-1] - sorted(r["scores"].values())[-2] for r in results)
        assert report["winning_margin"] == {str(k): v for k, v in sorted(margins.items())}


def test_biggles_points_and_matches(tmp_path):
    report, results = _results(tmp_path, "biggles", 10, ["club", "newcomer"])
    assert report["points"]["P2"] == mean_ci([r["points"]["P2"] for r in results])
    assert report["matches_won"]["P1"] == sum(1 for r in results for m in r["matches"] if m["winner"] == 0)
