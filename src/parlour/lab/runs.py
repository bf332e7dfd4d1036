"""Playing a study at scale: on any backend, kept part by part, carried on after a stop, merged with others.

A study's deals are cut into parts (``parlour.lab.play.Part``) and played
with ``backend.map`` (``parlour.sim.backends``: this process, local worker
processes, or Ray), so the lab runs wherever the simulator does, and the rows
come back the same whatever plays them.  With a folder, each part's rows are
written as they come (``parts/KEY/INDEX.json``, KEY a digest of the study), so
a stopped run loses only the parts under way: run the same command again with
the same folder and the parts already kept are read instead of played.

Runs of the same study with different seeds merge (:func:`merge_rows`): their
deals are other deals, so their rows are pooled, each deal numbered apart.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any, Callable, Sequence

from parlour.lab.play import Part, Study, play_part
from parlour.sim.backends import Backend

#: deals a part: fixed, so that a run carried on by more or fewer workers finds its parts where it left them
DEALS_A_PART = 10
#: deal numbers of merged runs are kept apart by this much a run
MERGE_STRIDE = 1_000_000

Progress = Callable[[int], None]


def deal_seeds(seed: int, deals: int) -> list[int]:
    """Deal ``d``'s seed: the ``d``-th number drawn from the seed (as the arena draws its deals)."""
    master = random.Random(seed)
    return [master.randrange(2**63) for _ in range(deals)]


def study_key(study: Study) -> str:
    """A short digest naming the study's folder of parts: the same study, the same name."""
    text = json.dumps(study.to_json(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def parts(study: Study) -> list[Part]:
    size = DEALS_A_PART
    seeds = deal_seeds(study.seed, study.deals)
    return [Part(study, i, tuple((d, seeds[d]) for d in range(first, min(study.deals, first + size))))
            for i, first in enumerate(range(0, study.deals, size))]


def _kept(folder: Path, study: Study, part: Part) -> Path:
    return folder / "parts" / study_key(study) / f"{part.index:05d}-{len(part.deals)}.json"


def play_study(study: Study, backend: Backend, *, folder: Path | None = None,
               progress: Progress | None = None) -> list[dict[str, Any]]:
    """All the study's rows, in deal order: parts kept in ``folder`` are read, the others played (and kept)."""
    todo, rows = [], {}
    for part in parts(study):
        path = None if folder is None else _kept(folder, study, part)
        if path is not None and path.exists():
            rows[part.index] = json.loads(path.read_text())["rows"]
        else:
            todo.append(part)
    if folder is not None:
        (folder / "parts" / study_key(study)).mkdir(parents=True, exist_ok=True)
        (folder / "parts" / study_key(study) / "study.json").write_text(json.dumps(study.to_json(), indent=1))
    done = sum(len(r) for r in rows.values())
    if progress is not None and done:
        progress(done)
    for part, result in zip(todo, backend.map(play_part, iter(todo)), strict=True):
        rows[part.index] = result
        if folder is not None:
            _kept(folder, study, part).write_text(json.dumps({"rows": result}, separators=(",", ":")))
        done += len(result)
        if progress is not None:
            progress(done)
    return [row for index in sorted(rows) for row in rows[index]]


def kept(folder: Path, study: Study) -> list[dict[str, Any]]:
    """A finished study's rows as kept in ``folder`` (refused if a part is missing: carry the run on first)."""
    from parlour.engine.errors import ParlourError

    rows = []
    for part in parts(study):
        path = _kept(folder, study, part)
        if not path.exists():
            raise ParlourError(f"{folder} is unfinished (a part of its games is missing): run its command again "
                               "with the same --out to carry it on, then merge")
        rows.extend(json.loads(path.read_text())["rows"])
    return rows


def merge_rows(runs: Sequence[Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The rows of several runs of one study with different seeds, pooled, each run's deals numbered apart."""
    return [{**row, "deal": k * MERGE_STRIDE + row["deal"]} for k, rows in enumerate(runs) for row in rows]
