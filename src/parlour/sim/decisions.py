"""Data to learn from: every decision of a simulated run, as numbers, in Parquet (``--out DIR --dataset``).

::

    DIR/dataset.json                        what the numbers mean: game, seats, variant, rules version, tensor
                                            kind, size and layout version, action space, bots, seed
    DIR/_decisions/chunk-000000.parquet     the decisions of the run's chunk 0: one row a decision
    DIR/_decisions/chunk-000001.parquet     ...

One row for every decision a bot made (a forced one, with a single legal
action, included): ``index`` (the game's number in the run), ``step`` (the
actions played before it in that game), ``seat``, ``observation`` (the
seat's information-state tensor, ``float32``), ``mask`` (the legal action
ids), ``action`` (the id it chose) and ``return`` (the seat's
``state.returns()`` entry at the game's end: +1, -1 or 0, and 0 for a game
stopped unfinished at the ceiling).  ``parlour.research.dataset.load(DIR)``
reads them back as NumPy arrays.

The worker that plays a chunk encodes its decisions and compresses them
(zstd) into the bytes of one Parquet file, so only those bytes travel back
to the parent, by whichever backend, and the parent writes them before the
chunk's own file: a chunk file on disk means its decisions are there too,
and a chunk played again after a stop writes them again, whole.  The folder
starts with an underscore so that readers of the run's folder as a dataset
of games (pandas, Arrow, DuckDB) pass over it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.engine.numbers import Layout, action_space_of, encoding_of

FORMAT = "parlour-decisions"
VERSION = 1
META_FILE = "dataset.json"
FOLDER = "_decisions"
#: the tensor each row holds, and its name in the metadata
TENSOR = "information_state"
#: rows gathered before they are written as one row group
ROW_GROUP = 4096


def layout_version(layout: Layout) -> str:
    """A short digest of a layout's slices (names, places, shapes, meanings): it changes whenever the layout does,
    so data made under one layout is never read as another."""
    text = "\n".join(f"{p.name}|{p.start}|{p.shape}|{p.doc}" for p in layout.pieces)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def check(game: GameDescriptor) -> None:
    """Refuse a game the dataset cannot be made of: one played in real time has no turn-by-turn decisions."""
    if game.real_time:
        raise ParlourError(f"{game.title} is played in real time, not decision by decision: --dataset is for the "
                           "turn-based games")


def metadata(game: GameDescriptor, run: Any) -> dict[str, Any]:
    """What the numbers in a run's decisions mean (``DIR/dataset.json``)."""
    encoding = encoding_of(game, run.seats)
    layout = encoding.information_state_layout
    return {
        "format": FORMAT, "version": VERSION,
        "game": game.id, "rules_version": game.rules_version, "seats": run.seats,
        "seat_names": list(game.seat_names(run.seats)), "variant": run.variant,
        "bots": list(run.bots), "seed": run.seed, "games": run.games, "max_actions": run.max_actions,
        "tensor": TENSOR, "tensor_size": layout.size, "tensor_layout_version": layout_version(layout),
        "observation_tensor_size": encoding.observation_layout.size,
        "action_space_size": action_space_of(game, run.seats).size,
        "columns": {
            "index": "the game's number in the run", "step": "actions played in the game before this one",
            "seat": "the seat deciding", "observation": f"its {TENSOR} tensor (float32); the observation tensor "
                                                        "is its first observation_tensor_size values",
            "mask": "the legal action ids (bool)", "action": "the id chosen",
            "return": "the seat's return at the game's end (+1, -1, 0; 0 for a game stopped at the ceiling)",
        },
    }


def folder_of(out: Path) -> Path:
    return out / FOLDER


def chunk_path(out: Path, index: int) -> Path:
    return folder_of(out) / f"chunk-{index:06d}.parquet"


class Recorder:
    """Gathers one chunk's decisions, game by game, into the bytes of a Parquet file (in the worker)."""

    def __init__(self, game: GameDescriptor, seats: int):
        import numpy as np
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.np, self.pa = np, pa
        self.size = encoding_of(game, seats).information_state_layout.size
        self.actions = action_space_of(game, seats).size
        self.schema = pa.schema([
            ("index", pa.int64()), ("step", pa.int32()), ("seat", pa.int16()),
            ("observation", pa.list_(pa.float32(), self.size)), ("mask", pa.list_(pa.bool_(), self.actions)),
            ("action", pa.int32()), ("return", pa.float32()),
        ])
        self.sink = pa.BufferOutputStream()
        self.writer = pq.ParquetWriter(self.sink, self.schema, compression="zstd")
        self.rows: dict[str, list[Any]] = {name: [] for name in self.schema.names}
        self.game_rows: list[tuple[int, int, Any, Any, int]] = []

    def watch(self, state: Any, seat: int, action: str) -> None:
        """Called before each decision is applied: the seat's tensor and mask now, and the id chosen."""
        self.game_rows.append((len(state.history), seat, state.information_state_tensor(seat),
                               state.legal_mask(seat), state.action_id(action)))

    def end_game(self, index: int, returns: list[float]) -> None:
        """The game is over (or stopped): its decisions get the seats' returns and join the chunk's rows."""
        rows = self.rows
        for step, seat, tensor, mask, action in self.game_rows:
            rows["index"].append(index)
            rows["step"].append(step)
            rows["seat"].append(seat)
            rows["observation"].append(tensor)
            rows["mask"].append(mask)
            rows["action"].append(action)
            rows["return"].append(float(returns[seat]))
        self.game_rows = []
        if len(rows["index"]) >= ROW_GROUP:
            self._flush()

    def _flush(self) -> None:
        np, pa, rows = self.np, self.pa, self.rows
        if not rows["index"]:
            return
        tensors = pa.FixedSizeListArray.from_arrays(pa.array(np.concatenate(rows["observation"])), self.size)
        masks = pa.FixedSizeListArray.from_arrays(pa.array(np.concatenate(rows["mask"])), self.actions)
        columns = [pa.array(rows["index"], pa.int64()), pa.array(rows["step"], pa.int32()),
                   pa.array(rows["seat"], pa.int16()), tensors, masks, pa.array(rows["action"], pa.int32()),
                   pa.array(rows["return"], pa.float32())]
        self.writer.write_table(pa.Table.from_arrays(columns, schema=self.schema))
        self.rows = {name: [] for name in self.schema.names}

    def finish(self) -> bytes:
        """The chunk's Parquet file, whole, as bytes."""
        self._flush()
        self.writer.close()
        return bytes(self.sink.getvalue())
