"""``parlour simulate ... --out DIR --dataset``: every decision as numbers, read back by the documented loader;
and the ceiling on actions, set with --max-actions, counted in the report."""

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.engine.numbers import encoding_of
from parlour.engine.record import GameRecord
from parlour.games import get_game
from parlour.research.dataset import load
from parlour.sim import output
from parlour.sim.decisions import layout_version

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("game_id, players, bots", [("football-whist", "4", "heuristic,random,expert:3,random"),
                                                    ("british-towns-asking", "4", "remembering"),
                                                    ("squadron-scramble", "2", "heuristic,pimc:3")])
def test_every_decision_is_kept_as_the_state_gives_it(tmp_path, game_id, players, bots):
    folder = tmp_path / "run"
    variant = ("--variant", "max_rounds=1") if game_id == "squadron-scramble" else ()
    report = json.loads(invoke("simulate", game_id, "--players", players, "--bots", bots, "--games", "3",
                               "--seed", "4", "--chunk", "2", *variant, "--out", str(folder), "--dataset",
                               "--records", "--json"))
    data = load(folder)
    game = get_game(game_id)
    seats = int(players)
    meta = data.meta
    layout = encoding_of(game, seats).information_state_layout
    assert (meta["game"], meta["seats"], meta["bots"], meta["seed"], meta["rules_version"]) == (
        game_id, seats, bots.split(",") * (seats // len(bots.split(","))), 4, game.rules_version)
    assert meta["tensor"] == "information_state" and meta["tensor_size"] == layout.size
    assert meta["tensor_layout_version"] == layout_version(layout) and meta["variant"] == report["variant"]
    assert data.observation.shape == (len(data), layout.size) and data.observation.dtype == np.float32
    assert data.mask.shape == (len(data), meta["action_space_size"]) and data.mask.dtype == np.bool_
    # Replay each game from its record: every decision's row is the state's own tensor, mask and action id.
    rows = 0
    for index, text in output.records(folder):
        record = GameRecord.from_json(text)
        state = game.new_state(seats=seats, variant=record.variant, seed=record.seed)
        mine = np.flatnonzero(data.index == index)
        assert len(mine) == len(record.actions)
        for row, (seat, action, *_) in zip(mine, record.actions, strict=True):
            assert data.seat[row] == seat and data.step[row] == len(state.history)
            np.testing.assert_array_equal(data.observation[row], state.information_state_tensor(seat))
            np.testing.assert_array_equal(data.mask[row], state.legal_mask(seat))
            assert data.action[row] == state.action_id(action)
            state.apply(seat, action)
        assert [data.returns[r] for r in mine] == [state.returns()[data.seat[r]] for r in mine]
        rows += len(mine)
    assert rows == len(data)
    unforced = load(folder, forced=False, games=[1])
    assert set(unforced.index) == {1} and (unforced.mask.sum(axis=1) > 1).all()
    assert len(unforced) == int(((data.index == 1) & (data.mask.sum(axis=1) > 1)).sum())


def test_a_dataset_carried_on_after_a_stop_is_the_same(tmp_path):
    args = ("simulate", "british-towns-sets", "--players", "3", "--games", "4", "--seed", "2", "--chunk", "1",
            "--dataset")
    whole, stopped = tmp_path / "whole", tmp_path / "stopped"
    invoke(*args, "--out", str(whole))
    invoke(*args, "--out", str(stopped))
    (stopped / "chunk-000002.parquet").unlink()                      # as if the run stopped inside chunk 2
    (stopped / "report.json").unlink()
    invoke("simulate", "--resume", str(stopped))
    a, b = load(whole), load(stopped)
    for name in ("index", "step", "seat", "observation", "mask", "action", "returns"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
    # The run's folder still reads as a dataset of games alone (the decisions' folder is passed over).
    import pyarrow.dataset as ds
    games = ds.dataset(whole, format="parquet", exclude_invalid_files=True).to_table(columns=["index", "winner"])
    assert sorted(games.column("index").to_pylist()) == [0, 1, 2, 3]


def test_dataset_refusals(tmp_path):
    result = runner.invoke(app, ["simulate", "football-whist", "--games", "1", "--dataset"])
    assert result.exit_code == 2 and "--dataset keeps the decisions in the run's folder" in result.output
    result = runner.invoke(app, ["simulate", "biggles", "--games", "1", "--dataset", "--out", str(tmp_path / "b")])
    assert result.exit_code == 2 and "played in real time" in " ".join(result.output.split())
    with pytest.raises(Exception, match="holds no dataset"):
        invoke("simulate", "football-whist", "--games", "1", "--out", str(tmp_path / "plain"))
        load(tmp_path / "plain")


def test_squadron_scrambles_endless_random_play_is_stopped_at_the_ceiling_and_counted():
    args = ("simulate", "squadron-scramble", "--players", "3", "--bots", "random", "--games", "3", "--seed", "1",
            "--max-actions", "400")
    report = json.loads(invoke(*args, "--json"))["results"]
    assert report["ceiling"] == {"games": 3, "max_actions": 400, "at_stop": report["ceiling"]["at_stop"]}
    assert report["ended"] == 0 and report["actions_per_game"]["longest"] == 400
    assert "Ended: 0 of 3 games; stopped unfinished at the ceiling of 400 actions: 3" in invoke(*args)
