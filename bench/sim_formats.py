"""Why a run's games are kept in Parquet: size, time to write and time to read, against JSON Lines.

Run:  .venv/bin/python bench/sim_formats.py [--games 20000] [--no-records] [--json]

It plays random Football Whist games into a run folder (``simulate(...,
out=..., records=True)``: Parquet chunks, zstd), then writes the same rows,
chunk for chunk, as JSON Lines, plain and gzipped, and as Parquet again
(timed alone), and reads back one column (who won) from each.  Figures are
bytes a game on disk, microseconds a game to write, and seconds to read the
column of every game.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from parlour.games import get_game
from parlour.sim import output, simulate

CHUNK = 500


def _size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.iterdir())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--no-records", action="store_true", help="keep no game records in the rows")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="parlour-formats-") as tmp:
        root = Path(tmp)
        simulate(get_game("football-whist"), args.games, 1, ["random"] * 4, out=root / "run",
                 records=not args.no_records, chunk_size=CHUNK)
        table = output.games(root / "run")
        rows = table.to_pylist()
        chunks = [(i // CHUNK, rows[i:i + CHUNK]) for i in range(0, len(rows), CHUNK)]
        for name in ("parquet", "jsonl", "jsonl.gz"):
            (root / name).mkdir()

        def parquet(folder: Path, index: int, part: list[dict]) -> None:
            with pq.ParquetWriter(folder / f"{index:06d}.parquet", output.schema(), compression="zstd") as writer:
                writer.write_table(table.slice(index * CHUNK, len(part)))

        def jsonl(folder: Path, index: int, part: list[dict]) -> None:
            with open(folder / f"{index:06d}.jsonl", "w") as handle:
                handle.writelines(json.dumps(row, separators=(",", ":")) + "\n" for row in part)

        def jsonl_gz(folder: Path, index: int, part: list[dict]) -> None:
            with gzip.open(folder / f"{index:06d}.jsonl.gz", "wt") as handle:
                handle.writelines(json.dumps(row, separators=(",", ":")) + "\n" for row in part)

        readers = {
            "parquet": lambda folder: pq.read_table(folder, columns=["winner"]).column("winner").to_pylist(),
            "jsonl": lambda folder: [json.loads(line)["winner"] for path in sorted(folder.iterdir())
                                     for line in open(path)],
            "jsonl.gz": lambda folder: [json.loads(line)["winner"] for path in sorted(folder.iterdir())
                                        for line in gzip.open(path, "rt")],
        }
        report: dict[str, Any] = {"games": args.games, "records": not args.no_records, "chunk": CHUNK, "formats": {}}
        winners = table.column("winner").to_pylist()
        for name, write in (("parquet", parquet), ("jsonl", jsonl), ("jsonl.gz", jsonl_gz)):
            folder = root / name
            start = time.perf_counter()
            for index, part in chunks:
                write(folder, index, part)
            wrote = time.perf_counter() - start
            start = time.perf_counter()
            read = readers[name](folder)
            seconds = time.perf_counter() - start
            assert read == winners, name
            report["formats"][name] = {"bytes_per_game": round(_size(folder) / args.games),
                                       "write_us_per_game": round(1e6 * wrote / args.games, 1),
                                       "read_winner_column_s": round(seconds, 3)}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{args.games:,} random Football Whist games, records {'in' if report['records'] else 'out'}:")
    for name, f in report["formats"].items():
        print(f"  {name:<9}{f['bytes_per_game']:>7} bytes a game, {f['write_us_per_game']:>7} us a game to write, "
              f"{f['read_winner_column_s']:>6} s to read who won")
    return 0


if __name__ == "__main__":
    sys.exit(main())
