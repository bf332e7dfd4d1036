"""Batch simulation: many bot games from one seed, with honest error bars, at any scale.

Every game's seed and every bot's seed are drawn from one master generator,
so ``simulate(game, n, seed, bots)`` is the same run, figure for figure,
every time, however many processes or machines play it.  Games are played in
chunks (``runs``) on a backend (``backends``: this process, local worker
processes, or a Ray cluster); each chunk comes back as a small tally of
running sums (``stats``), so the parent's memory stays flat whatever the
number of games.  With ``out`` the games are also written as they come, in
Parquet chunks (``output``), and a stopped run is carried on with
:func:`resume`; :func:`merge` adds finished runs together.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import Any, Callable, ContextManager, Sequence

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.sim import output
from parlour.sim.backends import Backend, LocalBackend, RayBackend, make_backend
from parlour.sim.play import MAX_ACTIONS, play_game
from parlour.sim.runs import Run, Tally, chunk_size_for, chunks, play_chunk, report
from parlour.sim.stats import Figure, Figures, mean_ci, wilson_interval

__all__ = ["MAX_ACTIONS", "Backend", "Figure", "Figures", "LocalBackend", "RayBackend", "make_backend", "mean_ci",
           "merge", "play_game", "resume", "simulate", "wilson_interval"]

Progress = Callable[[int], None]


def simulate(
    game: GameDescriptor,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    *,
    variant: dict[str, Any] | None = None,
    records_dir: str | Path | None = None,
    progress: Progress | None = None,
    workers: int = 1,
    max_actions: int | None = None,
    backend: Backend | None = None,
    out: str | Path | None = None,
    records: bool = False,
    chunk_size: int | None = None,
    dataset: bool = False,
) -> dict[str, Any]:
    """Play ``games`` bot games and sum them up; the report is the same however they are shared out.

    ``workers`` local processes play them, or the given ``backend`` (which
    the caller closes).  A game that reaches the ceiling (``max_actions``, by
    default ``MAX_ACTIONS``) is stopped there and counted under ``ceiling``,
    not among the wins and draws.  ``out``: a folder that receives every game
    as it is played (``records``: with its record) and the report, and from
    which :func:`resume` carries on a stopped run; ``dataset``: with every
    decision as numbers too (``parlour.sim.decisions``).  ``records_dir``: a folder
    for one JSON record file a game.  ``progress(games done)`` is called as
    each chunk comes in.
    """
    limit = MAX_ACTIONS if max_actions is None else max_actions
    game.check_seats(len(bot_names))
    resolved = game.variant(variant)
    if records and out is None:
        raise ParlourError("records are kept in the run's folder: --records goes with --out DIR")
    if dataset:
        from parlour.sim.decisions import check

        check(game)
        if out is None:
            raise ParlourError("the dataset is kept in the run's folder: --dataset goes with --out DIR")
    if chunk_size is not None and chunk_size < 1:
        raise ParlourError(f"a chunk holds at least one game, not {chunk_size}")
    with _backend(backend, workers) as chosen:
        run = Run(game.id, games, seed, tuple(bot_names), resolved, limit,
                  chunk_size or chunk_size_for(games, chosen.parallelism), records, dataset)
        folder = None if out is None else Path(out)
        if folder is not None:
            output.start(folder, run)
        return _play(game, run, chosen, {}, folder, records_dir, progress)


def resume(out: str | Path, *, progress: Progress | None = None, workers: int = 1,
           backend: Backend | None = None) -> dict[str, Any]:
    """Carry on the run kept in ``out``: play only the chunks it lacks, and report the whole run.

    The report is the one the run would have given uninterrupted, byte for byte.
    """
    from parlour.games import get_game

    folder = Path(out)
    run, done = output.load(folder)
    with _backend(backend, workers) as chosen:
        return _play(get_game(run.game), run, chosen, done, folder, None, progress)


def merge(folders: Sequence[str | Path]) -> dict[str, Any]:
    """One report for several finished runs of the same simulation with different seeds."""
    from parlour.games import get_game

    if not folders:
        raise ParlourError("--merge needs the folders of the runs to merge")
    loaded = [(Path(f), *output.load(Path(f))) for f in folders]
    first_folder, first, _ = loaded[0]
    total, seeds = Tally(), dict[int, Path]()
    for folder, run, tallies in loaded:
        if len(tallies) < run.chunk_count:
            kept = sum(t.games for t in tallies.values())
            raise ParlourError(f"{folder} is unfinished ({kept} of {run.games} games): "
                               f"carry it on with --resume {folder} first")
        if (run.game, run.bots, run.variant, run.max_actions) != (first.game, first.bots, first.variant,
                                                                  first.max_actions):
            raise ParlourError(f"{folder} and {first_folder} are different simulations: the game, bots, variant "
                               "and ceiling must be the same to merge")
        if run.seed in seeds:
            raise ParlourError(f"{folder} and {seeds[run.seed]} have the same seed ({run.seed}): "
                               "they are the same games")
        seeds[run.seed] = folder
        for index in sorted(tallies):
            total.merge(tallies[index])
    return report(get_game(first.game), first, total, seed=list(seeds))


def _backend(backend: Backend | None, workers: int) -> ContextManager[Backend]:
    return nullcontext(backend) if backend is not None else LocalBackend(workers)


def _play(game: GameDescriptor, run: Run, backend: Backend, done: dict[int, Tally], folder: Path | None,
          records_dir: str | Path | None, progress: Progress | None) -> dict[str, Any]:
    """Play the run's chunks not in ``done`` on ``backend``, keep each as it comes, and report the whole run."""
    tally = Tally()
    for index in sorted(done):
        tally.merge(done[index])
    if progress is not None and tally.games:
        progress(tally.games)
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    todo = chunks(run, skip=frozenset(done), rows=folder is not None,
                  records_dir=None if records_dir is None else str(records_dir))
    for result in backend.map(play_chunk, todo):
        if folder is not None:
            output.write_chunk(folder, result)
        tally.merge(result.tally)
        if progress is not None:
            progress(tally.games)
    summary = report(game, run, tally)
    if folder is not None:
        output.write_report(folder, summary)
    return summary
