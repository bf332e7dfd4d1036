"""What thinking costs everyone else: a probe player's moves and /healthz while search bots and analyses run.

Run:  .venv/bin/python bench/thinking.py [--tables 30] [--analyses 80] [--seconds 60] [--thinkers N] [--json]

The attacks of issue 36, bounded.  A real `parlour serve` (its limits per address lifted, since every
client here is one address: ``--creation-limit none --sockets-per-address 100000``) is asked for:

* ``--tables`` tables of one person and three ``expert`` bots, the person playing a random legal move
  after ``--think`` seconds, a new table when one ends (the server admits only ``--max-search-tables`` at
  once: the rest are refused, 503, and asked for again every few seconds);
* ``--analyses`` requests for the analysis of finished games (Ann's tables, played out before the
  measurement with her key), spread over the run (one client address: past ``--analyses-per-client`` at
  once the server refuses them, 429);

while a probe player, Ann at a table of three heuristic bots, plays each of her moves as soon as she may,
and ``/healthz`` is asked every ``--poll`` seconds.  It prints the probe's move round trip (sent to the view
that shows it) and /healthz's answer time, p50/p99/max in milliseconds (the goal: both p99 under 100 ms),
what the attackers got (tables admitted and refused, analyses served and refused), and the server's own
count of bot moves played by rule of thumb and of its thinking queues' waits (``/metrics``).

The figures depend on the machine: the report gives its cores and load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from servers import parlour_server  # noqa: E402

EXPERTS = [{"kind": "person", "name": "Mallory"}, *[{"kind": "bot", "bot": "expert"}] * 3]
HEURISTICS = [{"kind": "person", "name": "Ann"}, *[{"kind": "bot", "bot": "heuristic"}] * 3]


@dataclass
class Tally:
    probe_ms: list[float] = field(default_factory=list)
    health_ms: list[float] = field(default_factory=list)
    health_failed: int = 0
    tables_admitted: int = 0
    tables_refused: int = 0
    attack_moves: int = 0
    analyses_served: int = 0
    analyses_refused: int = 0
    analyses_failed: list[str] = field(default_factory=list)
    #: asked, and still being worked out when the run ended (a whole game's analysis outlasts a short run on a busy
    #: machine): neither served nor refused
    analyses_unanswered: int = 0
    errors: list[str] = field(default_factory=list)


async def play(base: str, made: dict, think: float, rng: random.Random, stop: asyncio.Event,
               timed: list[float] | None = None) -> int:
    """Plays seat 0 with the table's key until the game ends or the run stops; the moves it made."""
    sent: tuple[int, float] | None = None
    moves = 0
    async with connect(f"{base}/ws/tables/{made['id']}?token={made['token']}") as ws:
        async for text in ws:
            message = json.loads(text)
            if message["type"] != "view":
                sent = None
                continue
            if sent is not None and message["moves"] > sent[0]:
                if timed is not None:
                    timed.append((time.perf_counter() - sent[1]) * 1000)
                moves += 1
                sent = None
            if message["over"] or stop.is_set():
                return moves
            if message["legal"] and sent is None:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if stop.is_set():
                    return moves
                sent = (message["moves"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": rng.choice(message["legal"]),
                                          "moves": message["moves"]}))
    return moves


async def attacker(http: httpx.AsyncClient, base: str, think: float, rng: random.Random, tally: Tally,
                   stop: asyncio.Event, delay: float) -> None:
    """One person at a table of three expert bots, table after table; refused, it asks again a little later."""
    await asyncio.sleep(delay)
    while not stop.is_set():
        try:
            answer = await http.post("/api/tables", json={"game": "football-whist", "seats": EXPERTS})
            if answer.status_code == 503:
                tally.tables_refused += 1
                await asyncio.sleep(3.0)
                continue
            answer.raise_for_status()
            tally.tables_admitted += 1
            tally.attack_moves += await play(base, answer.json(), think, rng, stop)
        except Exception as error:
            tally.errors.append(f"attacker: {type(error).__name__}: {error}")
            await asyncio.sleep(1.0)


async def probe(http: httpx.AsyncClient, base: str, rng: random.Random, tally: Tally, stop: asyncio.Event) -> None:
    """Ann plays every move as soon as she may (a tenth of a second to choose), a new table when one ends."""
    while not stop.is_set():
        try:
            answer = await http.post("/api/tables", json={"game": "football-whist", "seats": HEURISTICS})
            answer.raise_for_status()
            await play(base, answer.json(), 0.1, rng, stop, tally.probe_ms)
        except Exception as error:
            tally.errors.append(f"probe: {type(error).__name__}: {error}")
            await asyncio.sleep(1.0)


async def health(http: httpx.AsyncClient, every: float, tally: Tally, stop: asyncio.Event) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        try:
            answer = await http.get("/healthz")
            if answer.status_code == 200:
                tally.health_ms.append((time.perf_counter() - started) * 1000)
            else:
                tally.health_failed += 1
        except httpx.HTTPError:
            tally.health_failed += 1
        await asyncio.sleep(every)


async def finished_tables(http: httpx.AsyncClient, base: str, count: int) -> list[dict]:
    """Ann's games against heuristic bots, played out at once (before the measurement): the analyses' subjects."""
    async def one(k: int) -> dict:
        made = (await http.post("/api/tables", json={"game": "football-whist", "seats": HEURISTICS})).json()
        await play(base, made, 0.0, random.Random(k), asyncio.Event())
        return made

    return list(await asyncio.gather(*(one(k) for k in range(count))))


async def analyst(http: httpx.AsyncClient, games: list[dict], requests: int, seconds: float, tally: Tally,
                  stop: asyncio.Event) -> None:
    """``requests`` analysis requests, spread evenly over the run, each for one seat of one finished game."""
    async def ask(k: int) -> None:
        made = games[k % len(games)]
        try:
            answer = await http.get(f"/api/tables/{made['id']}/analysis?seat={(k // len(games)) % 4}",
                                    headers={"Authorization": f"Bearer {made['token']}"})
            if answer.status_code == 200:
                tally.analyses_served += 1
            elif answer.status_code == 429:
                tally.analyses_refused += 1
            else:
                tally.analyses_failed.append(f"{answer.status_code}: {answer.text[:120]}")
        except httpx.HTTPError as error:
            if not stop.is_set():
                tally.analyses_failed.append(f"{type(error).__name__}: {error}")

    asked = []
    for k in range(requests):
        if stop.is_set():
            break
        asked.append(asyncio.create_task(ask(k)))
        await asyncio.sleep(seconds / max(requests, 1))
    if asked:
        _, pending = await asyncio.wait(asked, timeout=5)
        tally.analyses_unanswered = len(pending)


def metric(base: str, name: str) -> float:
    """The sum of a metric's samples named exactly so (every label) at the server's /metrics."""
    total = 0.0
    for line in httpx.get(base + "/metrics", timeout=10).text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            total += float(line.rsplit(" ", 1)[1])
    return total


def percentiles(values: list[float]) -> dict[str, float | None]:
    ordered = sorted(values)
    pick = (lambda q: round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)) if ordered else (lambda q: None)
    return {"p50": pick(0.5), "p99": pick(0.99), "max": pick(1.0)}


async def drive(base: str, args: argparse.Namespace) -> Tally:
    tally = Tally()
    stop = asyncio.Event()
    socket_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits(max_connections=200)) as http:
        games = await finished_tables(http, socket_base, args.games) if args.analyses else []
        rng = random.Random(args.seed)
        tasks = [asyncio.create_task(attacker(http, socket_base, args.think, random.Random(rng.random()), tally,
                                              stop, args.ramp * k / max(args.tables, 1)))
                 for k in range(args.tables)]
        tasks.append(asyncio.create_task(analyst(http, games, args.analyses, args.seconds, tally, stop)))
        await asyncio.sleep(args.ramp)
        tasks.append(asyncio.create_task(probe(http, socket_base, random.Random(rng.random()), tally, stop)))
        tasks.append(asyncio.create_task(health(http, args.poll, tally, stop)))
        await asyncio.sleep(args.seconds)
        stop.set()
        await asyncio.wait(tasks, timeout=10)
        for task in tasks:
            task.cancel()
    return tally


def run(args: argparse.Namespace) -> dict:
    with ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="parlour-thinking-"))
        options = ["--bot-delay", str(args.bot_delay)]
        if args.thinkers:
            options += ["--thinkers", str(args.thinkers)]
        _, base = stack.enter_context(parlour_server(f"sqlite:///{folder}/thinking.db", *options, *args.serve))
        load_before = os.getloadavg()
        tally = asyncio.run(drive(base, args))
        load_after = os.getloadavg()
        waits = {kind: round(metric(base, f'parlour_thinking_wait_seconds_sum{{kind="{kind}"}}') /
                             max(1.0, metric(base, f'parlour_thinking_wait_seconds_count{{kind="{kind}"}}')), 3)
                 for kind in ("bot", "hint", "analysis")}
        fallbacks = metric(base, "parlour_bot_fallbacks_total")
        workers = metric(base, "parlour_thinking_workers")
    probe_ms, health_ms = percentiles(tally.probe_ms), percentiles(tally.health_ms)
    return {
        "cores": os.cpu_count(), "thinking_workers": workers, "seconds_measured": args.seconds,
        "attack_tables_asked": args.tables, "attack_tables_admitted": tally.tables_admitted,
        "attack_tables_refused": tally.tables_refused, "attack_person_moves": tally.attack_moves,
        "analyses_asked": args.analyses, "analyses_served": tally.analyses_served,
        "analyses_refused": tally.analyses_refused, "analyses_failed": len(tally.analyses_failed),
        "analyses_unanswered": tally.analyses_unanswered,
        "bot_moves_by_rule_of_thumb": fallbacks, "mean_thinking_wait_s": waits,
        "probe_moves": len(tally.probe_ms), "probe_move_ms": probe_ms,
        "healthz_checks": len(tally.health_ms), "healthz_failed": tally.health_failed, "healthz_ms": health_ms,
        "goal_met": bool(tally.probe_ms and tally.health_ms and (probe_ms["p99"] or 0) < 100
                         and (health_ms["p99"] or 0) < 100),
        "errors": len(tally.errors), "error_examples": sorted(set(tally.errors))[:5] + tally.analyses_failed[:3],
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30, help="attacking tables: one person, three expert bots")
    parser.add_argument("--analyses", type=int, default=80, help="analysis requests over the run")
    parser.add_argument("--games", type=int, default=8, help="finished games played out first, to be analysed")
    parser.add_argument("--seconds", type=float, default=60, help="how long the probe and /healthz are timed")
    parser.add_argument("--ramp", type=float, default=10, help="seconds over which the attacking tables arrive")
    parser.add_argument("--think", type=float, default=0.5, help="an attacking person's mean time to move")
    parser.add_argument("--poll", type=float, default=0.2, help="seconds between /healthz checks")
    parser.add_argument("--bot-delay", type=float, default=0.2, help="the server's --bot-delay")
    parser.add_argument("--thinkers", type=int, help="the server's --thinkers (default: its own)")
    parser.add_argument("--serve", nargs=argparse.REMAINDER, default=[],
                        help="more options for parlour serve, last on the line (--serve --busy-after 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        p, hz = report["probe_move_ms"], report["healthz_ms"]
        print(f"{report['cores']} cores, {report['thinking_workers']:.0f} thinking workers, "
              f"{report['seconds_measured']:.0f} s measured; load average {report['load_average_before'][0]} -> "
              f"{report['load_average_after'][0]}")
        print(f"attack: {report['attack_tables_admitted']} expert tables admitted, {report['attack_tables_refused']} "
              f"refused (of {report['attack_tables_asked']} asking), {report['attack_person_moves']} of their "
              f"moves; analyses {report['analyses_served']} served, {report['analyses_refused']} refused, "
              f"{report['analyses_failed']} failed (of {report['analyses_asked']})")
        print(f"bot moves by rule of thumb: {report['bot_moves_by_rule_of_thumb']:.0f}; mean wait for a worker "
              f"(s): {report['mean_thinking_wait_s']}")
        print(f"probe move ms ({report['probe_moves']}): p50 {p['p50']}  p99 {p['p99']}  max {p['max']}")
        print(f"/healthz ms ({report['healthz_checks']}, {report['healthz_failed']} failed): p50 {hz['p50']}  "
              f"p99 {hz['p99']}  max {hz['max']}")
        print("goal (both p99 under 100 ms):", "met" if report["goal_met"] else "NOT met")
        for example in report["error_examples"]:
            print("  ", example)
    return 0 if report["goal_met"] and not report["errors"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
