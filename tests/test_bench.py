"""The benchmark script runs and reports the figures the README promises (no timing asserted)."""

import json
import subprocess
import sys
from pathlib import Path

from parlour.compiled import running

BENCH = Path(__file__).parent.parent / "bench" / "playouts.py"


def test_playout_benchmark_prints_json_figures():
    out = subprocess.run([sys.executable, str(BENCH), "--seconds", "0.3", "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    fw = report["football-whist"]
    assert fw["games"] >= 1 and fw["games_per_s"] > 0 and fw["decisions_per_s"] > 0
    assert 100 < fw["decisions_per_game"] < 140
    assert fw["rules"] == running()            # the form this test itself runs: the same tree
    assert fw["ratio_vs_openspiel_hearts"] is not None, report["openspiel-hearts"]
    assert fw["ratio_vs_openspiel_hearts"] > 0 and fw["ratio_overall"] > 0   # the median of the turns', the totals'
    assert report["openspiel-hearts"]["decisions_per_s"] > 0
    ss = report["squadron-scramble"]
    assert ss["unit"] == "rounds" and ss["seats"] == 4 and ss["games"] >= 1 and ss["decisions_per_s"] > 0
    twin, games = report["biggles-twin"], report["biggles-twin-games"]
    assert twin["unit"].startswith("single matches") and twin["variant"] == {"matches": 1, "deciders": 0}
    assert games["unit"].startswith("games") and games["games"] >= 1 and games["decisions_per_game"] > 200


def test_tensor_benchmark_prints_json_figures_against_hearts():
    script = Path(__file__).parent.parent / "bench" / "tensors.py"
    out = subprocess.run([sys.executable, str(script), "--seconds", "0.05", "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    assert report["openspiel-hearts"]["information_state_tensor_size"] == 5088
    for game_id in ("football-whist", "squadron-scramble", "british-towns-asking", "british-towns-sets", "biggles"):
        figures = report[game_id]
        assert figures["information_state_tensor_size"] > figures["observation_tensor_size"] > 0
        assert set(figures["ratio_vs_openspiel_hearts"]) == set(figures["us_per_call"]) == {
            "information_state_tensor", "observation_tensor", "information_state_string", "legal_mask"}
        assert all(us > 0 for us in figures["us_per_call"].values())
        step = figures["cost_a_step"]           # a step's cost early and late in one long game (not judged here)
        assert step["late_us"] > 0 and step["early_us"] > 0 and step["ratio"] > 0
        if game_id != "football-whist":        # a match is shorter: the same point of each half
            assert (step["early_step"], step["late_step"]) == (1000, 40000)
        assert step["late_step"] > step["early_step"] and isinstance(step["goal_met"], bool)
    assert isinstance(report["flat_cost_goal_met"], bool)


def test_clone_benchmark_prints_json_figures_against_hearts():
    script = Path(__file__).parent.parent / "bench" / "clone.py"
    out = subprocess.run([sys.executable, str(script), "--seconds", "0.05", "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    assert report["openspiel-hearts"]["us_per_call"] > 0
    for game_id in ("football-whist", "squadron-scramble", "british-towns-asking", "british-towns-sets", "biggles"):
        figures = report[game_id]
        assert figures["bursts"] >= 1 and figures["us_per_call"] > 0 and figures["hearts_us_per_call"] > 0
        assert figures["ratio_vs_openspiel_hearts"] > 0


def test_playout_benchmark_times_one_game_against_hearts_in_turns():
    out = subprocess.run([sys.executable, str(BENCH), "--seconds", "0.2", "--game", "british-towns-sets", "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    assert set(report) == {"british-towns-sets", "openspiel-hearts"}
    sets = report["british-towns-sets"]
    assert sets["hearts_decisions_per_s"] > 0 and sets["ratio_vs_openspiel_hearts"] > 0


def test_resample_benchmark_times_every_game_against_hearts_resampler():
    script = Path(__file__).parent.parent / "bench" / "resample.py"
    out = subprocess.run([sys.executable, str(script), "--seconds", "0.05", "--positions", "12", "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    assert report["targets"] == {"median": 3.0, "p99": 10.0}
    assert report["openspiel-hearts"]["positions"] == 12
    seats = {"football-whist": 4, "squadron-scramble": 4, "british-towns-asking": 4, "british-towns-sets": 3,
             "biggles": 2}
    for game_id, n in seats.items():
        figures = report[game_id]
        assert figures["seats"] == n and figures["positions"] == 12 and figures["calls"] >= 1
        assert 0 < figures["us_median"] <= figures["us_p99"]
        assert figures["first_call"]["calls"] == 12
        assert figures["hearts"]["calls"] >= 1 and 0 < figures["hearts"]["us_median"] <= figures["hearts"]["us_p99"]
        assert set(figures["ratio_vs_openspiel_hearts"]) == {"median", "p99"}
        assert all(r > 0 for r in figures["ratio_vs_openspiel_hearts"].values())


def test_endless_benchmark_shares_the_games_of_each_game_over_its_seat_counts_and_bots():
    script = Path(__file__).parent.parent / "bench" / "endless.py"
    out = subprocess.run([sys.executable, str(script), "--games", "16", "--sheet-games", "0", "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    runs = {(r["game"], r["seats"], r["bot"], tuple(r["variant"])): r for r in report["runs"]}
    assert {(g, n) for g, n, _, _ in runs} == {("squadron-scramble", n) for n in (2, 3, 4)} | \
        {("british-towns-sets", n) for n in (2, 3, 4, 5)}
    assert runs[("squadron-scramble", 2, "random", ("max_rounds",))]["variant"] == {"max_rounds": 10}
    assert runs[("squadron-scramble", 3, "random", ("max_rounds",))]["variant"] == {"max_rounds": 10}
    assert len(runs) == 14                             # no run without a round limit for 3-4 random players
    for game_id in ("squadron-scramble", "british-towns-sets"):
        shares = [r["games"] for r in report["runs"] if r["game"] == game_id]
        assert sum(shares) == report["by_game"][game_id]["games"] == 16 and max(shares) - min(shares) <= 1
    for key, r in runs.items():
        assert r["ended"] == r["games"] and r["ceiling"] == 0 and r["longest_actions"] > 0, key


def _bench(name: str, *args: str) -> dict:
    script = Path(__file__).parent.parent / "bench" / name
    out = subprocess.run([sys.executable, str(script), *args, "--json"], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out)


def test_memory_benchmark_reports_the_parent_at_each_size():
    report = _bench("sim_memory.py", "--games", "300", "600", "--workers", "2", "--out")
    assert [r["games"] for r in report["runs"]] == [300, 600] and report["out"] is True
    for r in report["runs"]:
        assert r["games_in_report"] == r["games"] and 10 < r["peak_rss_mib"] < 1000 and r["final_rss_mib"] > 0
    assert isinstance(report["within_10_percent_of_first"], bool)


def test_scale_benchmark_gives_one_report_on_every_backend_and_the_cost_of_views():
    report = _bench("sim_scale.py", "--games", "300", "--view-games", "60", "--skip-ray")
    assert [r["backend"] for r in report["runs"]] == ["local, 1 worker", "local, 2 workers"]
    assert report["same_report"] is True and all(r["games_per_s"] > 0 for r in report["runs"])
    assert {v["game"] for v in report["views"]} == {"football-whist", "squadron-scramble"}
    assert all(v["games_per_s_no_views"] > 0 and v["games_per_s_views_built"] > 0 for v in report["views"])


def test_formats_benchmark_compares_parquet_with_json_lines():
    report = _bench("sim_formats.py", "--games", "200")
    assert set(report["formats"]) == {"parquet", "jsonl", "jsonl.gz"}
    for figures in report["formats"].values():
        assert figures["bytes_per_game"] > 0 and figures["write_us_per_game"] > 0


def test_baselines_quick_prints_a_markdown_table_with_the_versions_it_was_made_on():
    script = Path(__file__).parent.parent / "bench" / "baselines.py"
    out = subprocess.run([sys.executable, str(script), "--quick", "--workers", "1"],
                         check=True, capture_output=True, text=True).stdout
    assert "rules version 1, tensor layout " in out
    assert "| british-towns-sets (2 players) | `random` | `heuristic` |" in out
    assert "| `heuristic` | 1.00 [" in out and "| `random` | - | 0.00 [" in out


def test_thinking_benchmark_reports_the_probe_and_healthz_under_an_attack_of_search_bots():
    """bench/thinking.py, shrunk: a server, two attacking tables of expert bots and two analyses, timed a few
    seconds; it reports the probe's moves and /healthz's answers and what the attackers got (no timing asserted)."""
    done = subprocess.run([sys.executable, str(BENCH.parent / "thinking.py"), "--seconds", "4", "--tables", "2",
                           "--analyses", "2", "--games", "1", "--ramp", "0.5", "--json"],
                          capture_output=True, text=True, timeout=300)
    # its status is 1 where the latency goal was missed, which on a loaded machine (the suite's other workers) it
    # may be: that is a figure to read, not this test's to judge; any other failure is
    assert done.returncode in (0, 1) and done.stdout, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert done.returncode == (0 if report["goal_met"] and not report["errors"] else 1)
    assert report["probe_moves"] > 0 and report["healthz_checks"] > 0 and report["healthz_failed"] == 0
    assert report["thinking_workers"] >= 1 and report["attack_tables_admitted"] >= 1
    # every analysis asked for is served, refused for want of room, or still being worked out at the end: none failed
    assert report["analyses_served"] + report["analyses_refused"] + report["analyses_unanswered"] >= 1
    assert report["analyses_failed"] == 0
    assert set(report["probe_move_ms"]) >= {"p50", "p99"} and report["errors"] == 0, report["error_examples"]


def test_beliefs_benchmark_gives_both_log_losses_for_the_same_cards():
    script = Path(__file__).parent.parent / "bench" / "beliefs.py"
    out = subprocess.run([sys.executable, str(script), "--game", "football-whist", "--games", "1", "--every", "3",
                          "--pool", "8", "--json"], check=True, capture_output=True, text=True).stdout
    (row,) = json.loads(out)
    assert row["game"] == "football-whist" and row["positions"] >= 1 and row["cards"] > row["positions"]
    # a card's place is given a chance at least the floor: neither loss can exceed -log2(0.01)
    assert 0 < row["log_loss_uniform_bits"] <= 6.65 and 0 < row["log_loss_read_bits"] <= 6.65
    assert 0 < row["tempering_power_median"] <= 1


def test_reading_benchmark_plays_the_reading_expert_in_the_arena():
    script = Path(__file__).parent.parent / "bench" / "reading.py"
    out = subprocess.run([sys.executable, str(script), "british-towns-sets", "heuristic", "--deals", "1",
                          "--iterations", "10", "--seats", "2", "--json"], check=True, capture_output=True,
                         text=True).stdout
    pair = json.loads(out)
    assert pair["a"] == "reader" and pair["b"] == "heuristic" and pair["games"] == 2 and 0 <= pair["score"] <= 1
