"""Runs kept in a folder: stopped by Ctrl-C or kill -9, carried on, merged, always to the same report."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.games import get_game
from parlour.sim import merge, output, resume, simulate

runner = CliRunner()
PARLOUR = [sys.executable, "-c", "import sys; from parlour.cli import main; sys.argv[0] = 'parlour'; main()"]
#: long enough that a stop after three chunks finds it still running: the compiled rules play 3,000 random games
#: in well under a second, and a run that had finished before its Ctrl-C came told nothing
RUN = ("simulate", "football-whist", "--bots", "random", "--games", "24000", "--seed", "11", "--chunk", "320")


def words(text: str) -> str:
    """Text as one line (the terminal wraps error messages)."""
    return " ".join(text.split())


def invoke(*args):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def uninterrupted():
    """The report of the run played straight through, in this process."""
    return invoke(*RUN, "--json")


def test_the_report_is_the_same_however_the_games_are_split(tmp_path):
    game = get_game("squadron-scramble")
    reports = [json.dumps(simulate(game, 24, 5, ["heuristic", "random", "random"], variant={"max_rounds": 2},
                                   chunk_size=size, workers=workers), sort_keys=True)
               for size, workers in ((None, 1), (1, 1), (5, 2), (24, 1))]
    assert len(set(reports)) == 1


def _stop_mid_way(folder: Path, how: signal.Signals, workers: str) -> subprocess.CompletedProcess:
    """Start the run as a real process and stop it once a few chunks are kept."""
    # (Ctrl-C as a terminal delivers it: a test worker may run with SIGINT ignored, which a child would inherit)
    proc = subprocess.Popen([*PARLOUR, *RUN, "--out", str(folder), "--workers", workers, "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while len(list(folder.glob("chunk-*.parquet"))) < 3:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the run never kept three chunks"
            time.sleep(0.02)
        if how == signal.SIGKILL:
            os.kill(proc.pid, signal.SIGKILL)             # the parent alone, as kill -9 PID does
        else:
            os.killpg(proc.pid, signal.SIGINT)            # Ctrl-C: the terminal signals the whole group
        out, err = proc.communicate(timeout=60)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)           # any worker of this run still about
        except ProcessLookupError:
            pass
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize("how, workers, resume_workers", [(signal.SIGKILL, "2", "1"), (signal.SIGINT, "1", "2")])
def test_a_stopped_run_carried_on_gives_the_uninterrupted_report(tmp_path, uninterrupted, how, workers,
                                                                  resume_workers):
    folder = tmp_path / "run"
    stopped = _stop_mid_way(folder, how, workers)
    assert stopped.returncode == (130 if how == signal.SIGINT else -signal.SIGKILL), stopped.stderr
    if how == signal.SIGINT:
        assert f"carry on with: parlour simulate --resume {folder}" in words(stopped.stderr)
    kept = sorted(folder.glob("chunk-*.parquet"))
    assert 3 <= len(kept) < 75 and not (folder / "report.json").exists()        # stopped mid-way: 75 chunks in all
    resumed = subprocess.run([*PARLOUR, "simulate", "--resume", str(folder), "--workers", resume_workers, "--json"],
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == uninterrupted                                       # byte for byte
    assert json.loads((folder / "report.json").read_text()) == json.loads(uninterrupted)
    # every game once, none lost, none played into the run twice; the chunks kept before the stop untouched
    assert output.games(folder, ["index"]).column("index").to_pylist() == list(range(24000))
    assert not list(folder.glob("*.tmp"))
    # carrying on a finished run plays nothing and reports the same
    before = {p: p.stat().st_mtime_ns for p in folder.glob("chunk-*.parquet")}
    assert invoke("simulate", "--resume", str(folder), "--json") == uninterrupted
    assert {p: p.stat().st_mtime_ns for p in folder.glob("chunk-*.parquet")} == before


def test_records_kept_in_a_run_are_the_record_files(tmp_path):
    game = get_game("british-towns-sets")
    simulate(game, 9, 2, ["heuristic", "random"], out=tmp_path / "run", records=True, chunk_size=4)
    simulate(game, 9, 2, ["heuristic", "random"], records_dir=tmp_path / "files")
    kept = dict(output.records(tmp_path / "run"))
    files = sorted((tmp_path / "files").iterdir())
    assert sorted(kept) == list(range(9)) and len(files) == 9
    assert [kept[i] for i in range(9)] == [path.read_text() for path in files]


def test_a_folder_holds_one_run_and_resume_wants_a_run(tmp_path):
    game = get_game("football-whist")
    simulate(game, 5, 1, ["random"] * 4, out=tmp_path)
    with pytest.raises(Exception, match="already holds a run"):
        simulate(game, 5, 2, ["random"] * 4, out=tmp_path)
    with pytest.raises(Exception, match="holds no run"):
        resume(tmp_path / "nothing")
    result = runner.invoke(app, ["simulate", "--resume", str(tmp_path / "nothing")])
    assert result.exit_code == 2 and "holds no run" in result.output


def test_merged_runs_add_up(tmp_path):
    game, bots = get_game("football-whist"), ["random"] * 4
    a = simulate(game, 40, 1, bots, out=tmp_path / "a")
    b = simulate(game, 25, 2, bots, out=tmp_path / "b", chunk_size=3)
    merged = merge([tmp_path / "a", tmp_path / "b"])
    assert merged["games"] == 65 and merged["seed"] == [1, 2]
    for side in ("A", "B"):
        assert merged["results"]["wins"][side]["wins"] == a["results"]["wins"][side]["wins"] + \
            b["results"]["wins"][side]["wins"]
    dist = merged["results"]["goals_per_match"]["distribution"]
    assert sum(dist.values()) == 65
    longest = merged["results"]["actions_per_game"]["longest"]
    assert longest == max(a["results"]["actions_per_game"]["longest"], b["results"]["actions_per_game"]["longest"])
    text = runner.invoke(app, ["simulate", "--merge", str(tmp_path / "a"), str(tmp_path / "b"), "--json"])
    assert text.exit_code == 0 and json.loads(text.output) == merged
    # what cannot be merged says why
    simulate(game, 10, 1, bots, out=tmp_path / "same-seed")
    simulate(game, 10, 3, ["heuristic"] * 4, out=tmp_path / "other-bots")
    for other, reason in (("same-seed", "same seed"), ("other-bots", "different simulations")):
        result = runner.invoke(app, ["simulate", "--merge", str(tmp_path / "a"), str(tmp_path / other)])
        assert result.exit_code == 2 and reason in words(result.output)
    (tmp_path / "b" / "chunk-000002.parquet").unlink()
    result = runner.invoke(app, ["simulate", "--merge", str(tmp_path / "a"), str(tmp_path / "b")])
    assert result.exit_code == 2 and "unfinished (22 of 25 games)" in words(result.output)
