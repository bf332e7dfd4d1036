"""The lab from end to end, on small budgets: the report, its reproducibility, a run carried on, the command."""

import json

from typer.testing import CliRunner

from parlour.cli import app
from parlour.games import get_game
from parlour.lab import run_lab
from parlour.lab.play import Study
from parlour.lab.report import headline, html, write
from parlour.lab.runs import merge_rows, play_study
from parlour.lab.variants import settings_of, variant_settings
from parlour.sim.backends import LocalBackend

SMALL = {"deals": 6, "variant_deals": 3, "ladder_deals": 2, "iterations": 2}


def test_the_same_seed_gives_the_same_report_byte_for_byte(tmp_path):
    game = get_game("british-towns-sets")
    first = run_lab(game, seed=4, **SMALL)
    again = run_lab(game, seed=4, folder=tmp_path / "kept", **SMALL)
    assert json.dumps(first) == json.dumps(again)
    assert html(first) == html(again)
    other = run_lab(game, seed=5, deals=6, variants=False, ladder=False)
    assert other["seat_advantage"] != first["seat_advantage"] or other["length_and_shape"] != first["length_and_shape"]


def test_a_stopped_run_carries_on_from_its_kept_parts(tmp_path):
    study = Study("football-whist", 4, get_game("football-whist").variant(), 2, 25, "heuristic")
    with LocalBackend(1) as backend:
        whole = play_study(study, backend, folder=tmp_path)
        kept = sorted(tmp_path.glob("parts/*/0*.json"))
        assert len(kept) == 3                                   # 10, 10 and 5 deals
        kept[1].unlink()                                        # as if stopped while the second part was played
        calls = []
        again = play_study(study, backend, folder=tmp_path, progress=calls.append)
    assert again == whole and calls[0] == 15 * 4                # the two kept parts were read, not played
    assert len(sorted(tmp_path.glob("parts/*/0*.json"))) == 3


def test_runs_with_other_seeds_merge_as_more_deals():
    a = [{"deal": 0, "winners": [0]}, {"deal": 1, "winners": [1]}]
    merged = merge_rows([a, a])
    assert sorted({row["deal"] for row in merged}) == [0, 1, 1_000_000, 1_000_001]


def test_every_option_of_a_game_is_tried():
    game = get_game("squadron-scramble")
    tried = variant_settings(game)
    assert {"auto_name": True} in tried and {"shoot_down": "all"} in tried and {"target": 100} in tried
    assert {name for setting in tried for name in setting} == {o.name for o in game.variants}
    target = next(o for o in game.variants if o.name == "target")
    assert 250 not in settings_of(game, target)


def test_a_shorter_target_shortens_the_game_on_the_same_deals():
    report = run_lab(get_game("squadron-scramble"), seed=1, deals=6, ladder=False)
    effect = {v["label"]: v["effects"] for v in report["variants"]}
    shorter = effect["target=100"]["decisions"]
    assert shorter["clear"] and shorter["ci95"][1] < 0
    longer = effect["target=500"]["decisions"]
    assert longer["clear"] and longer["ci95"][0] > 0
    skill = effect["target=100"]["skill"]                      # the club player against the newcomer, both ways
    assert 0 <= skill["default"] <= 1 and 0 <= skill["variant"] <= 1
    assert "heuristic" in report["skill_measure"] and "newcomer" in report["skill_measure"]


def test_the_report_says_what_interval_it_reached():
    report = run_lab(get_game("british-towns-asking"), seed=1, deals=20, variants=False, ladder=False)
    head = report["seat_advantage"]["headline"]
    assert head["name"] == "first player" and head["fair"] == round(1 / 3, 4)
    assert not head["reached_target"] and head["deals_for_target"] > 20
    assert head["ci95"][0] <= head["share"] <= head["ci95"][1]
    assert report["budget"]["games"] == 20 * 3                  # every deal once for each shift of the hands
    shares = [row["share"] for row in report["seat_advantage"]["by_position"]]
    assert abs(sum(shares) - 1) < 1e-3
    assert report["length_and_shape"]["decisions"]["mean"] > 10
    assert set(headline(report)) >= {"seat_advantage", "decisions", "decided_early"}


def test_the_command_writes_the_page_and_the_json(tmp_path):
    runner = CliRunner()
    out = tmp_path / "report"
    result = runner.invoke(app, ["lab", "british-towns-sets", "--budget", "4", "--variant-deals", "4",
                                 "--ladder-deals", "2", "--iterations", "2", "--seed", "3", "--out", str(out),
                                 "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["game"] == "british-towns-sets" and report["budget"]["deals"] == 4
    page = (out / "british-towns-sets-2p.html").read_text()
    assert "<svg" in page and "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert json.loads((out / "british-towns-sets-2p.json").read_text()) == report
    files = write(report, tmp_path / "again")
    assert (tmp_path / "again" / "british-towns-sets-2p.html").read_text() == page and files["json"].endswith(".json")


def test_the_command_refuses_an_unknown_variant():
    result = CliRunner().invoke(app, ["lab", "football-whist", "--variant", "nonsense=1"])
    assert result.exit_code == 2 and "--variant takes NAME=VALUE" in result.output


def test_worker_processes_give_the_same_rows():
    study = Study("british-towns-asking", 3, get_game("british-towns-asking").variant(), 6, 12, "remembering")
    with LocalBackend(1) as one, LocalBackend(2) as two:
        assert play_study(study, one) == play_study(study, two)


def test_runs_with_other_seeds_merge_into_one_report(tmp_path):
    runner = CliRunner()
    common = ["--budget", "6", "--variant-deals", "3", "--ladder-deals", "2", "--iterations", "2"]
    for seed in (1, 2):
        done = runner.invoke(app, ["lab", "british-towns-sets", *common, "--seed", str(seed),
                                   "--out", str(tmp_path / f"run{seed}")])
        assert done.exit_code == 0, done.output
    assert list((tmp_path / "run1").glob("ladder/*/*.json"))             # the ladder's games are kept too
    merged = runner.invoke(app, ["lab", "--merge", str(tmp_path / "run1"), str(tmp_path / "run2"),
                                 "--out", str(tmp_path / "merged"), "--json"])
    assert merged.exit_code == 0, merged.output
    report = json.loads(merged.output)
    assert report["seed"] == [1, 2] and report["budget"]["deals"] == 12 and report["budget"]["games"] == 24
    assert report["budget"]["variant_deals"] == 6 and report["budget"]["ladder_deals"] == 4
    assert report["luck_and_skill"]["deals"] == 4
    same = runner.invoke(app, ["lab", "--merge", str(tmp_path / "run1"), str(tmp_path / "run1")])
    assert same.exit_code == 2 and "same seed" in same.output


def test_one_command_publishes_every_game_with_its_versions(tmp_path):
    from parlour.lab.publish import main

    main([str(tmp_path), "--games", "british-towns-asking,biggles", "--deals", "3", "--variant-deals", "2",
          "--ladder-deals", "2", "--iterations", "2", "--speed-games", "2"])
    assert (tmp_path / "british-towns-asking-3p.html").exists() and (tmp_path / "biggles-2p.html").exists()
    headlines = json.loads((tmp_path / "headlines.json").read_text())
    assert set(headlines) == {"british-towns-asking", "biggles"}
    assert headlines["biggles"]["seat_advantage"]["who"] == "first seat's player"
    versions = json.loads((tmp_path / "versions.json").read_text())
    assert versions["rules_versions"]["biggles"] and "parlour" in versions
    assert "biggles-2p.html" in (tmp_path / "index.html").read_text()
    assert json.loads((tmp_path / "biggles-2p.json").read_text())["speed"]["games_a_point"] == 2


def test_the_ladder_carries_on_from_its_kept_games(tmp_path):
    from parlour.lab import skill

    game = get_game("british-towns-sets")
    bots = ["random", "casual", "heuristic"]
    with LocalBackend(1) as backend:
        arena, whole = skill.play_ladder(game, bots, 5, 3, 2, game.variant(), backend, folder=tmp_path)
        kept = sorted(tmp_path.glob("ladder/*/*.json"))
        assert len(kept) == 6                                   # 3 pairs, jobs of 4 and 1 deals
        kept[0].unlink()
        counts = []
        _arena, again = skill.play_ladder(game, bots, 5, 3, 2, game.variant(), backend, folder=tmp_path,
                                          progress=counts.append)
    assert sorted(again, key=str) == sorted(whole, key=str) and counts[0] == len(whole)
    assert skill.kept_ladder(game, tmp_path, bots, 5, 3, 2, game.variant())[1] == again
