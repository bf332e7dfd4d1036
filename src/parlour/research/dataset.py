"""Read back the decisions a simulation kept (``parlour simulate GAME --out DIR --dataset``) as NumPy arrays.

    from parlour.research.dataset import load
    data = load("runs/expert")                 # every decision of the run, in game order
    data.observation.shape                     # (decisions, tensor size), float32
    data.mask[data.action == 3]                # bool (decisions, action space size)
    data.meta["tensor_layout_version"]         # what the numbers mean (DIR/dataset.json)

Each row is one decision: ``index`` (the game), ``step`` (actions before it
in the game), ``seat``, ``observation`` (the seat's information-state tensor;
``data.meta["observation_tensor_size"]`` first values are its observation
tensor), ``mask`` (legal ids), ``action`` (the id chosen) and ``returns``
(the seat's final return).  ``games`` picks some games only, ``forced=False``
leaves out the decisions that had a single legal action.  A run carried on
after a stop reads the same as one played straight through.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

import numpy as np

from parlour.engine.errors import ParlourError


@dataclass
class Dataset:
    """A run's decisions as arrays, one row a decision, and what they mean (``meta``)."""

    index: np.ndarray
    step: np.ndarray
    seat: np.ndarray
    observation: np.ndarray
    mask: np.ndarray
    action: np.ndarray
    returns: np.ndarray
    meta: dict[str, Any]

    def __len__(self) -> int:
        return len(self.action)


def load(folder: str | Path, *, games: Iterable[int] | None = None, forced: bool = True) -> Dataset:
    """Every decision kept in the run's folder, in game order (``games``: only those; ``forced=False``: only
    decisions with more than one legal action)."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from parlour.sim import decisions, output

    root = Path(folder)
    try:
        meta = json.loads((root / decisions.META_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ParlourError(f"{root} holds no dataset: make one with parlour simulate GAME --out {root} "
                           "--dataset") from None
    if meta.get("format") != decisions.FORMAT or meta.get("version") != decisions.VERSION:
        raise ParlourError(f"{root / decisions.META_FILE} is not a dataset this version of Parlour reads")
    run, tallies = output.load(root)
    tables = [pq.read_table(decisions.chunk_path(root, i)) for i in sorted(tallies)]
    if not tables:
        raise ParlourError(f"{root} has no games played yet")
    import pyarrow as pa

    table = pa.concat_tables(tables)
    if games is not None:
        table = table.filter(pc.is_in(table.column("index"), value_set=pa.array(sorted(set(games)), pa.int64())))
    size, actions = meta["tensor_size"], meta["action_space_size"]

    def flat(name: str, width: int, dtype: Any) -> np.ndarray:
        column = table.column(name).combine_chunks()
        values = column.flatten().to_numpy(zero_copy_only=False)
        return values.astype(dtype, copy=False).reshape(len(column), width)

    data = Dataset(
        index=table.column("index").to_numpy(), step=table.column("step").to_numpy(),
        seat=table.column("seat").to_numpy(), observation=flat("observation", size, np.float32),
        mask=flat("mask", actions, np.bool_), action=table.column("action").to_numpy(),
        returns=table.column("return").to_numpy(), meta=meta,
    )
    if not forced:
        keep = data.mask.sum(axis=1) > 1
        columns = ("index", "step", "seat", "observation", "mask", "action", "returns")
        data = Dataset(**{name: getattr(data, name)[keep] for name in columns}, meta=meta)
    return data
