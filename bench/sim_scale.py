"""Games a second on one and two local cores and on a two-node Ray cluster, with Ray's cost per game.

Run:  .venv/bin/python bench/sim_scale.py [--games 20000] [--skip-ray] [--json]

Each run is ``parlour.sim.simulate`` (what ``parlour simulate`` runs) of
random Football Whist games with the same seed: on 1 local worker (this
process), on 2 local workers (processes), and on a Ray cluster of two
``ray start`` nodes of one CPU each on this machine (standing in for two
machines).  Every run's report must be the same, byte for byte (its digest is
printed).  Both parallel runs are timed warm (their workers already started
by a first, untimed run); starting the cluster and connecting to it are timed
apart.  Ray's overhead is measured two ways: the whole Ray run less the
2-worker local run, over the games (small, and noisy on a shared machine);
and what a chunk costs beyond its games on each backend (2,000 games played
in chunks of 5 and of 1,000), Ray's less local's, over the games in a chunk.

It also measures what building views costs a bot that never reads them: the
random bot's games per second as they are (no view built) and with
``RandomBot.reads_observation`` set true (a view built at every decision).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from typing import Any

from parlour.bots import RandomBot
from parlour.games import get_game
from parlour.sim import LocalBackend, RayBackend, simulate
from parlour.sim.runs import chunk_size_for

GAME, BOTS, SEED = "football-whist", ["random"] * 4, 1


def timed(games: int, backend: Any, repeats: int = 1, chunk_size: int | None = None) -> dict[str, Any]:
    """The run, ``repeats`` times: the fastest (the machine is shared; others only slow it down)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        report = simulate(get_game(GAME), games, SEED, BOTS, backend=backend, chunk_size=chunk_size)
        best = min(best, time.perf_counter() - start)
    return {"games": games, "seconds": round(best, 2), "games_per_s": round(games / best, 1),
            "report_digest": hashlib.sha256(json.dumps(report).encode()).hexdigest()[:16]}


def per_task(backend: Any, games: int = 2000, small: int = 5, large: int = 1000) -> float:
    """Milliseconds a chunk costs beyond its games: the same games in many small chunks and in a few large."""
    many, few = timed(games, backend, 2, small)["seconds"], timed(games, backend, 2, large)["seconds"]
    return round(1e3 * (many - few) / (games // small - games // large), 2)


def measure(games: int, repeats: int, backend: Any) -> dict[str, Any]:
    timed(min(games, 2000), backend)            # the workers start and import Parlour: not timed
    return {**timed(games, backend, repeats), "ms_per_chunk": per_task(backend)}


def on_ray(games: int, repeats: int) -> dict[str, Any]:
    from parlour.sim.raycluster import LocalCluster

    cluster = LocalCluster(nodes=2, cpus=1)
    os.environ.update(cluster.env)              # this process is the cluster's driver
    start = time.perf_counter()
    with cluster:
        started = time.perf_counter() - start
        start = time.perf_counter()
        with RayBackend(cluster.address) as backend:
            connected = time.perf_counter() - start
            row = measure(games, repeats, backend)
    return {**row, "backend": "ray, 2 nodes x 1 CPU", "cluster_start_seconds": round(started, 1),
            "connect_seconds": round(connected, 1)}


def view_cost(game_id: str, games: int, variant: dict[str, Any] | None) -> dict[str, Any]:
    """Games a second for random bots with no views built, and with a view built at every decision."""
    game = get_game(game_id)
    seats = game.seat_counts[0] if game_id != "squadron-scramble" else 4
    rates = {}
    for reads in (False, True):
        RandomBot.reads_observation = reads
        try:
            start = time.perf_counter()
            simulate(game, games, SEED, ["random"] * seats, variant=variant)
            rates[reads] = games / (time.perf_counter() - start)
        finally:
            RandomBot.reads_observation = False
    return {"game": game_id, "seats": seats, "variant": variant or {}, "games": games,
            "games_per_s_no_views": round(rates[False], 1), "games_per_s_views_built": round(rates[True], 1),
            "speed_up": round(rates[False] / rates[True], 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--view-games", type=int, default=2_000, help="games for the view cost (default 2000)")
    parser.add_argument("--repeats", type=int, default=2, help="runs of each, the fastest kept (default 2)")
    parser.add_argument("--skip-ray", action="store_true", help="leave out the Ray cluster")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    runs = [{**timed(args.games, LocalBackend(1), args.repeats), "backend": "local, 1 worker"}]
    with LocalBackend(2) as two:
        runs.append({**measure(args.games, args.repeats, two), "backend": "local, 2 workers"})
    report: dict[str, Any] = {"game": GAME, "bots": "random", "cores": os.cpu_count(), "runs": runs}
    if not args.skip_ray:
        ray_row = on_ray(args.games, args.repeats)
        runs.append(ray_row)
        chunk = chunk_size_for(args.games, 2)
        extra = ray_row["seconds"] - runs[1]["seconds"]
        task = ray_row["ms_per_chunk"] - runs[1]["ms_per_chunk"]
        report["ray_overhead"] = {
            "vs": "local, 2 workers", "chunk_size": chunk, "run_seconds": round(extra, 2),
            "run_us_per_game": round(1e6 * extra / args.games, 1),
            "ms_per_chunk_beyond_local": round(task, 2), "us_per_game_from_chunks": round(1e3 * task / chunk, 2)}
    report["same_report"] = len({r["report_digest"] for r in runs}) == 1
    report["views"] = [view_cost(GAME, args.view_games, None),
                       view_cost("squadron-scramble", max(1, args.view_games // 10), {"max_rounds": 1})]
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for r in runs:
        print(f"{r['backend']:<24}{r['games_per_s']:>10,.0f} games/s  ({r['games']:,} in {r['seconds']} s, "
              f"report {r['report_digest']})")
    if "ray_overhead" in report:
        o = report["ray_overhead"]
        print(f"Ray's overhead: {o['ms_per_chunk_beyond_local']} ms a chunk more than local processes, "
              f"{o['us_per_game_from_chunks']} us a game at {o['chunk_size']} games a chunk (whole run: "
              f"{o['run_us_per_game']} us a game); cluster start {runs[-1]['cluster_start_seconds']} s, "
              f"connect {runs[-1]['connect_seconds']} s")
    for v in report["views"]:
        print(f"random {v['game']}: {v['games_per_s_no_views']:,.0f} games/s with no views built, "
              f"{v['games_per_s_views_built']:,.0f} building them: x{v['speed_up']}")
    print("the same report on every backend:", report["same_report"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
