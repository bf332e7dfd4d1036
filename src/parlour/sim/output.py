"""A run's folder (``parlour simulate --out DIR``): the results as they come, in Parquet chunks.

::

    DIR/run.json               what is simulated (game, bots, variant, seed, games, chunk size), written first
    DIR/chunk-000000.parquet   one file a chunk of games, in the order played: one row a game
    DIR/chunk-000001.parquet   ...
    DIR/report.json            the report, once the last chunk is in
    DIR/dataset.json, DIR/_decisions/   with --dataset, every decision as numbers (``decisions``)

Each chunk file is written whole under a temporary name, flushed to disk and
only then renamed, so a run stopped at any moment (Ctrl-C, ``kill -9``, a
power cut) leaves only whole chunks.  A chunk file's schema metadata carries
the chunk's tally (``parlour.tally``), so carrying a run on, or merging runs,
reads a few hundred bytes a chunk and never the games themselves.

The rows (see ``docs/simulation.md``): ``index``, ``game_seed``,
``bot_seeds``, ``ended``, ``actions``, ``winner``, ``returns`` (per seat),
``result`` (the game's ``result()`` as JSON) and ``record`` (the game record,
as ``parlour replay`` reads it, when the run keeps records; else null).
Parquet needs PyArrow: the extra ``parlour[parquet]``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

from parlour.engine.errors import ParlourError
from parlour.sim.runs import COLUMNS, ChunkResult, Run, Tally

FORMAT = "parlour-simulation"
VERSION = 1
RUN_FILE, REPORT_FILE = "run.json", "report.json"
TALLY_KEY = b"parlour.tally"


def _arrow() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ParlourError("--out writes Parquet files: pip install 'parlour[parquet]'") from None
    return pa, pq


def schema() -> Any:
    """The rows' schema: the same for every game, fixed before the first chunk is written."""
    pa, _ = _arrow()
    return pa.schema([
        ("index", pa.int64()), ("game_seed", pa.int64()), ("bot_seeds", pa.list_(pa.int64())),
        ("ended", pa.bool_()), ("actions", pa.int64()), ("winner", pa.string()),
        ("returns", pa.list_(pa.float64())), ("result", pa.string()), ("record", pa.string()),
    ])


def chunk_path(folder: Path, index: int) -> Path:
    return folder / f"chunk-{index:06d}.parquet"


def _write_whole(path: Path, write: Any) -> None:
    """``write(file)`` under a temporary name, flushed to disk, then renamed: the file is whole or absent."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as handle:
        write(handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def _write_json(path: Path, data: Any) -> None:
    _write_whole(path, lambda handle: handle.write((json.dumps(data, indent=1) + "\n").encode()))


def start(folder: Path, run: Run) -> None:
    """Make the run's folder and write down what it plays; refuse a folder that already holds a run."""
    _arrow()
    if (folder / RUN_FILE).exists():
        raise ParlourError(f"{folder} already holds a run: carry it on with --resume {folder}, "
                           "or choose another folder")
    folder.mkdir(parents=True, exist_ok=True)
    if run.dataset:
        from parlour.games import get_game
        from parlour.sim import decisions

        decisions.folder_of(folder).mkdir(exist_ok=True)
        _write_json(folder / decisions.META_FILE, decisions.metadata(get_game(run.game), run))
    _write_json(folder / RUN_FILE, {"format": FORMAT, "version": VERSION, **run.to_json()})


def write_chunk(folder: Path, result: ChunkResult) -> None:
    """One chunk's rows, and its tally in the file's metadata."""
    pa, pq = _arrow()
    assert result.columns is not None, "a chunk for the output is played with rows"
    if result.decisions is not None:
        # First the decisions: a chunk file on disk says the whole chunk is kept.
        from parlour.sim import decisions

        data = result.decisions
        _write_whole(decisions.chunk_path(folder, result.index), lambda handle: handle.write(data))
    meta = {TALLY_KEY: json.dumps(result.tally.to_json(), separators=(",", ":")).encode()}
    table = pa.table(result.columns, schema=schema().with_metadata(meta))

    def write(handle: Any) -> None:
        with pq.ParquetWriter(handle, table.schema, compression="zstd") as writer:
            writer.write_table(table)

    _write_whole(chunk_path(folder, result.index), write)


def write_report(folder: Path, report: dict[str, Any]) -> None:
    _write_json(folder / REPORT_FILE, report)


def load(folder: Path) -> tuple[Run, dict[int, Tally]]:
    """The run a folder holds, and the tally of every chunk already in it (what a stop left half-written goes)."""
    pa, pq = _arrow()
    try:
        data = json.loads((folder / RUN_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ParlourError(f"{folder} holds no run (no {RUN_FILE}): start one with --out {folder}") from None
    except (OSError, ValueError) as error:
        raise ParlourError(f"cannot read {folder / RUN_FILE}: {error}") from None
    if data.pop("format", None) != FORMAT:
        raise ParlourError(f"{folder / RUN_FILE} is not a Parlour simulation run")
    if data.pop("version", None) != VERSION:
        raise ParlourError(f"{folder} was written by another version of Parlour's simulator")
    run = Run.from_json(data)
    for stale in [*folder.glob("chunk-*.parquet.tmp"), *folder.glob("_decisions/chunk-*.parquet.tmp")]:
        stale.unlink()
    tallies = {}
    for index in range(run.chunk_count):
        path = chunk_path(folder, index)
        if path.exists():
            try:
                meta = pq.read_schema(path).metadata or {}
                tallies[index] = Tally.from_json(json.loads(meta[TALLY_KEY]))
            except (OSError, KeyError, ValueError, pa.ArrowException) as error:
                raise ParlourError(f"{path} is damaged ({error}): move it aside and --resume to play it again") \
                    from None
    return run, tallies


def games(folder: Path, columns: list[str] | None = None) -> Any:
    """Every game a run has kept so far as one PyArrow table, in game order (``columns``: only those)."""
    pa, pq = _arrow()
    run, tallies = load(folder)
    tables = [pq.read_table(chunk_path(folder, i), columns=columns or list(COLUMNS)) for i in sorted(tallies)]
    return pa.concat_tables(tables) if tables else schema().empty_table().select(columns or list(COLUMNS))


def records(folder: Path) -> Iterator[tuple[int, str]]:
    """``(game index, record text)`` of every game a run kept a record of, in game order."""
    table = games(folder, ["index", "record"])
    for index, text in zip(table.column("index").to_pylist(), table.column("record").to_pylist(), strict=True):
        if text is not None:
            yield index, text


def record(folder: Path, index: int) -> str:
    """The record (as ``parlour replay`` reads it) of game ``index`` of a run kept with records."""
    _, pq = _arrow()
    run, tallies = load(folder)
    chunk = index // run.chunk_size if 0 <= index < run.games else -1
    if chunk not in tallies:
        raise ParlourError(f"{folder} has no game {index} (it has games 0 to {run.games - 1}, "
                           f"{sum(t.games for t in tallies.values())} of them played so far)")
    table = pq.read_table(chunk_path(folder, chunk), columns=["record"])
    text = table.column("record")[index - chunk * run.chunk_size].as_py()
    if text is None:
        raise ParlourError(f"{folder} kept no records: run it with --records to keep them")
    return text
