"""Move round trips under load: real WebSocket players against a real `parlour serve`.

Run:  .venv/bin/python bench/load.py --players 500 [--database sqlite|postgres|URL] [--seconds 60] [--json]
      .venv/bin/python bench/load.py --url http://HOST:PORT --database URL ...   (a server already running,
                                    started with --creation-limit none --sockets-per-address 100000)

Each Football Whist table has two scripted people (seats A1 and A2... the first and third seats) and two
heuristic bots, so ``--players N`` opens N/2 tables and N play sockets.  A person thinks for
``--think`` seconds on average (uniformly 0.5 to 1.5 times it), then plays a random legal move; the bots
move after the server's ``--bot-delay``.  A table whose game ends is replaced by a new one.  Every table
comes from this one address, so the server this script starts has its limits per address lifted
(``parlour serve --creation-limit none --sockets-per-address 100000``); a server given with ``--url`` needs
the same, or each table past the creation limit is an error (429) and each socket past the socket cap is
closed (4429).  The second person takes his seat with the invite in its join link.

The round trip of a move is from sending it to receiving the view that shows it (the server has judged
it, committed it and applied it).  Only moves sent after the ramp-up (``--ramp``) count.  Errors are
every refusal and every socket or HTTP failure.  Lost moves: afterwards every acknowledged move is
looked for in the database, at its index, with its seat and action; any missing or different is lost.

The report gives p50/p95/p99/max round trip in milliseconds, moves a second, errors, lost moves, the
server's CPU (when this script started it) and the machine's load average before and after, since the
figures depend on what else the machine is doing.  Two figures tell where the time goes: the server's
own histogram of person moves (from ``/metrics``: the share acknowledged within 5 ms, 10 ms...), and
how late this script's own event loop wakes (its players share the machine with the server).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from servers import parlour_server, throwaway_postgres  # noqa: E402

LOOP_LAG = "parlour_event_loop_lag_seconds_bucket"
SEATS = [{"kind": "person", "name": "A"}, {"kind": "bot", "bot": "heuristic"},
         {"kind": "person", "name": "B"}, {"kind": "bot", "bot": "heuristic"}]


@dataclass
class Tally:
    measuring_from: float
    round_trips: list[float] = field(default_factory=list)
    acknowledged: list[tuple[str, int, int, str]] = field(default_factory=list)     # table, index, seat, action
    errors: list[str] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    tables: int = 0
    finished: int = 0

    def error(self, what: str) -> None:
        if len(self.errors) < 10_000:
            self.errors.append(what)


async def person(ws: ClientConnection, table: str, seat: int, think: float, rng: random.Random, tally: Tally,
                 stop: asyncio.Event) -> None:
    """Plays at ``seat`` until the game ends or the run stops; times each move to the view that shows it."""
    sent: tuple[int, str, float] | None = None            # moves in the view it chose from, action, time sent
    async for text in ws:
        message = json.loads(text)
        if message["type"] == "error":
            tally.error(f"refused: {message['message']}")
            sent = None
            continue
        now = time.perf_counter()
        if sent is not None and message["moves"] > sent[0]:
            index, action, at = sent
            tally.acknowledged.append((table, index, seat, action))
            if at >= tally.measuring_from:
                tally.round_trips.append(now - at)
            sent = None
        if message["over"] or stop.is_set():
            return
        if message["legal"] and sent is None:
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            if stop.is_set():
                return
            action = rng.choice(message["legal"])
            sent = (message["moves"], action, time.perf_counter())
            await ws.send(json.dumps({"type": "act", "action": action, "moves": message["moves"]}))


async def table_loop(http: httpx.AsyncClient, socket_base: str, think: float, rng: random.Random, tally: Tally,
                     stop: asyncio.Event, delay: float) -> None:
    """Two people at one table after another, until the run stops."""
    await asyncio.sleep(delay)
    while not stop.is_set():
        try:
            answer = await http.post("/api/tables", json={"game": "football-whist", "seats": SEATS})
            answer.raise_for_status()                   # 429: a server whose creation limit is not lifted
            made = answer.json()
            invite = made["join"]["2"].split("#invite=", 1)[1]        # the second person's join link
            answer = await http.post(f"/api/tables/{made['id']}/seats/2/claim", json={"invite": invite})
            answer.raise_for_status()
            other = answer.json()
            tally.tables += 1
            async with connect(f"{socket_base}/ws/tables/{made['id']}?token={made['token']}") as first, \
                    connect(f"{socket_base}/ws/tables/{made['id']}?token={other['token']}") as second:
                await asyncio.gather(person(first, made["id"], 0, think, rng, tally, stop),
                                     person(second, made["id"], 2, think, rng, tally, stop))
            tally.finished += not stop.is_set()
        except Exception as error:              # a socket or request that failed: counted, and the pair starts again
            tally.error(f"{type(error).__name__}: {error}")
            await asyncio.sleep(1.0)


async def lag(tally: Tally, stop: asyncio.Event, every: float = 0.01) -> None:
    """How late this script's own event loop wakes: a round trip includes it, so it is reported beside them."""
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(every)
        if before >= tally.measuring_from:
            tally.lags.append(time.perf_counter() - before - every)


async def drive(base: str, players: int, seconds: float, ramp: float, think: float, seed: int) -> Tally:
    tally = Tally(measuring_from=time.perf_counter() + ramp)
    stop = asyncio.Event()
    watch = asyncio.create_task(lag(tally, stop))
    socket_base = base.replace("http://", "ws://").replace("https://", "wss://")
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        tasks = [asyncio.create_task(table_loop(http, socket_base, think, random.Random(seed * 100_003 + k), tally,
                                                stop, ramp * k / max(players // 2, 1)))
                 for k in range(players // 2)]
        await asyncio.sleep(ramp + seconds)
        stop.set()
        await asyncio.wait(tasks, timeout=30)
        for task in tasks:
            task.cancel()
    await watch
    return tally


def lost_moves(database: str, acknowledged: list[tuple[str, int, int, str]]) -> list[str]:
    """Every acknowledged move looked for in the database: those missing or stored differently."""
    from parlour.store import Store

    store = Store(database)
    by_table: dict[str, list[tuple[int, int, str]]] = {}
    for table, index, seat, action in acknowledged:
        by_table.setdefault(table, []).append((index, seat, action))
    lost = []
    for table, moves in by_table.items():
        logged = store.load(table).actions
        for index, seat, action in moves:
            if index >= len(logged) or logged[index][:2] != (seat, action):
                lost.append(f"{table} move {index}: {seat} {action}")
    store.engine.dispose()
    return lost


def server_latency(base: str, metric: str = 'parlour_move_seconds_bucket{by="person"') -> dict[str, float]:
    """A histogram of the server's (by default, of person moves: arrival to acknowledgement): counts by bucket."""
    buckets = {}
    for line in httpx.get(base + "/metrics", timeout=10).text.splitlines():
        if line.startswith(metric):
            bound = line.split('le="', 1)[1].split('"', 1)[0]
            buckets[bound] = float(line.rsplit(" ", 1)[1])
    return buckets


def share_within(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    """Of the person moves the server acknowledged during the run, the share done within each bucket's bound."""
    counts = {bound: after[bound] - before.get(bound, 0.0) for bound in after}
    total = counts.get("+Inf", 0.0)
    return {f"{float(bound) * 1000:g}ms": round(n / total, 4) for bound, n in counts.items()
            if bound != "+Inf" and total and 0.005 <= float(bound) <= 0.5}


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(args: argparse.Namespace) -> dict:
    with ExitStack() as stack:
        database = args.database
        if database == "postgres":
            database = stack.enter_context(throwaway_postgres("-c max_connections=200"))
        elif database == "sqlite":
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="parlour-load-"))
            database = f"sqlite:///{folder}/load.db"
        server = None
        base = args.url
        if base is None:
            server, base = stack.enter_context(parlour_server(database, "--bot-delay", str(args.bot_delay)))
        load_before = os.getloadavg()
        cpu_before = cpu_seconds(server.pid) if server else None
        histogram_before, lag_before = server_latency(base), server_latency(base, LOOP_LAG)
        started, own_cpu = time.perf_counter(), time.process_time()
        tally = asyncio.run(drive(base, args.players, args.seconds, args.ramp, args.think, args.seed))
        elapsed = time.perf_counter() - started
        own_cpu = (time.process_time() - own_cpu) / elapsed
        cpu = (cpu_seconds(server.pid) - cpu_before) / elapsed if server and cpu_before is not None else None
        load_after = os.getloadavg()
        within = share_within(histogram_before, server_latency(base))
        loop_within = share_within(lag_before, server_latency(base, LOOP_LAG))
        lost = lost_moves(database, tally.acknowledged)
    trips = [t * 1000 for t in tally.round_trips]
    return {
        "players": args.players, "tables_at_once": args.players // 2, "tables_played": tally.tables,
        "games_finished": tally.finished, "database": "postgresql" if "postgresql" in database else "sqlite",
        "seconds_measured": args.seconds, "think_s": args.think, "bot_delay_s": args.bot_delay,
        "moves_timed": len(trips), "moves_acknowledged": len(tally.acknowledged),
        "person_moves_per_s": round(len(trips) / args.seconds, 1),
        "round_trip_ms": {name: None if (v := percentile(trips, q)) is None else round(v, 1)
                          for name, q in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99), ("max", 1.0))},
        "round_trip_mean_ms": round(statistics.fmean(trips), 1) if trips else None,
        "errors": len(tally.errors), "error_examples": sorted(set(tally.errors))[:5],
        "lost_moves": len(lost), "lost_examples": lost[:5],
        "server_cpu_cores": None if cpu is None else round(cpu, 2),
        "server_moves_within": within,
        "server_loop_late_within": loop_within,
        "client_cpu_cores": round(own_cpu, 2),
        "client_loop_lag_ms": {"p50": round(1000 * (percentile(tally.lags, 0.5) or 0), 1),
                               "p99": round(1000 * (percentile(tally.lags, 0.99) or 0), 1)},
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100, help="people connected (two a table)")
    parser.add_argument("--database", default="sqlite",
                        help="sqlite (a new file), postgres (a throwaway server) or a SQLAlchemy URL")
    parser.add_argument("--url", help="a server already running (its --database is then needed to check moves)")
    parser.add_argument("--seconds", type=float, default=60, help="how long the figures are taken, after the ramp")
    parser.add_argument("--ramp", type=float, default=10, help="seconds over which the tables are opened")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean thinking time, in seconds")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the server's --bot-delay")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.url and args.database in ("sqlite", "postgres"):
        parser.error("with --url, give --database the server's own URL, to look for the moves afterwards")
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        trip = report["round_trip_ms"]
        print(f"{report['players']} players at {report['tables_at_once']} tables on {report['database']}, "
              f"{report['seconds_measured']:.0f} s: {report['moves_timed']} moves timed "
              f"({report['person_moves_per_s']} a second)")
        print(f"round trip ms: p50 {trip['p50']}  p95 {trip['p95']}  p99 {trip['p99']}  max {trip['max']}")
        print(f"errors {report['errors']}  lost moves {report['lost_moves']} of {report['moves_acknowledged']}"
              f"  server CPU {report['server_cpu_cores']} cores, this script's {report['client_cpu_cores']}"
              f"  load average {report['load_average_before'][0]} -> {report['load_average_after'][0]}")
        print(f"the server's own share of person moves acknowledged within: {report['server_moves_within']}")
        print(f"the server's event loop woke late by less than: {report['server_loop_late_within']}")
        print(f"this script's event loop woke late by p50 {report['client_loop_lag_ms']['p50']} ms, "
              f"p99 {report['client_loop_lag_ms']['p99']} ms")
        for example in report["error_examples"] + report["lost_examples"]:
            print("  ", example)
    return 1 if report["errors"] or report["lost_moves"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
