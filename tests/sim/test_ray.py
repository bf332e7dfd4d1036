"""The Ray backend plays the same chunks as the local one, on a real two-node cluster, to the same byte."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine.errors import ParlourError
from parlour.games import get_game
from parlour.sim import make_backend, output, resume, simulate
from parlour.tournaments.drive import Drive
from parlour.tournaments.drive_play import play_drive

runner = CliRunner()
PARLOUR = [sys.executable, "-c", "import sys; from parlour.cli import main; sys.argv[0] = 'parlour'; main()"]


def test_ray_runs_on_both_nodes_and_keeps_the_same_games(tmp_path, ray_backend):
    assert ray_backend.parallelism == 2
    game, bots = get_game("squadron-scramble"), ["heuristic", "random", "random"]
    local = simulate(game, 30, 4, bots, variant={"max_rounds": 3}, out=tmp_path / "local", records=True)
    on_ray = simulate(game, 30, 4, bots, variant={"max_rounds": 3}, out=tmp_path / "ray", records=True,
                      backend=ray_backend, chunk_size=4)
    assert json.dumps(on_ray) == json.dumps(local)
    assert output.games(tmp_path / "ray").equals(output.games(tmp_path / "local"))


def test_a_run_stopped_locally_is_carried_on_by_ray(tmp_path, ray_backend):
    game = get_game("british-towns-asking")
    whole = simulate(game, 24, 9, ["remembering", "random", "random"], chunk_size=3, out=tmp_path / "whole")
    simulate(game, 24, 9, ["remembering", "random", "random"], chunk_size=3, out=tmp_path / "cut")
    for index in (2, 5, 6, 7):                                   # as if the run had stopped before these
        output.chunk_path(tmp_path / "cut", index).unlink()
    assert resume(tmp_path / "cut", backend=ray_backend) == whole
    assert output.games(tmp_path / "cut").equals(output.games(tmp_path / "whole"))


def test_the_command_on_ray_prints_the_local_report(ray_address):
    args = ["simulate", "football-whist", "--bots", "heuristic,random,heuristic,random", "--games", "40",
            "--seed", "2", "--json"]
    local = runner.invoke(app, args)
    on_ray = subprocess.run([*PARLOUR, *args, "--backend", "ray", "--address", ray_address], capture_output=True,
                            text=True, timeout=300)
    assert on_ray.returncode == 0, on_ray.stderr
    assert on_ray.stdout == local.output


def test_a_drive_played_on_ray_is_the_local_drive(ray_backend):
    teams = [f"Team {i}" for i in range(1, 8)]
    here, there = Drive(teams), Drive(teams)
    records = play_drive(here, 5, bots="random", keep_records=True)
    assert play_drive(there, 5, bots="random", keep_records=True, backend=ray_backend) == records
    assert there.to_json() == here.to_json() and len(records) == len(here.entries)


def test_an_arena_played_on_ray_is_the_local_arena(ray_backend):
    from parlour.sim.arena import run_arena

    args = (get_game("football-whist"), ["heuristic", "random", "pimc"], 2, 6)
    local = run_arena(*args, iterations=5)
    assert json.dumps(run_arena(*args, iterations=5, backend=ray_backend)) == json.dumps(local)


def test_without_ray_the_backend_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)                # as if Ray were not installed
    with pytest.raises(ParlourError, match=r"pip install 'parlour\[ray\]'"):
        make_backend("ray")
    result = runner.invoke(app, ["simulate", "football-whist", "--games", "2", "--backend", "ray"])
    assert result.exit_code == 2 and "parlour[ray]" in result.output
    result = runner.invoke(app, ["drive", "simulate", "--teams", "4", "--backend", "ray"])
    assert result.exit_code == 2 and "parlour[ray]" in result.output
    assert runner.invoke(app, ["simulate", "football-whist", "--games", "2", "--json"]).exit_code == 0


def test_an_address_nobody_answers_at_is_refused_at_once(ray_backend):
    result = subprocess.run([*PARLOUR, "simulate", "football-whist", "--backend", "ray", "--address", "127.0.0.1:1"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "cannot reach a Ray cluster at 127.0.0.1:1" in " ".join(result.stderr.split())
    with pytest.raises(ParlourError, match="already connected to the Ray cluster"):    # this test's process is
        make_backend("ray", address="127.0.0.1:1")
    result = runner.invoke(app, ["simulate", "football-whist", "--address", "127.0.0.1:1"])
    assert result.exit_code == 2 and "--backend ray" in result.output
