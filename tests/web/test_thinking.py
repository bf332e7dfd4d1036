"""Thinking is a budgeted resource (issue 36): bots' searches, hints and analyses in the server's workers,
shared in turn between tables, a bot that plays by rule of thumb (and says so) when the workers are busy,
admission that counts every table with a search bot, and the metrics that tell the truth about it."""

from __future__ import annotations

import asyncio
import os
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from fastapi.testclient import TestClient

import parlour.bots.search as search
from parlour.bots import decide, make_bot
from parlour.games import get_game
from parlour.web.advice import Advisor
from parlour.web.app import create_app
from parlour.web.thinking import Thinker, ThinkingBusy, decide_in_worker
from test_api import next_view

ANN_AND_EXPERTS = {"game": "football-whist",
                   "seats": [{"kind": "person", "name": "Ann"}, *[{"kind": "bot", "bot": "expert"}] * 3]}
ANN_AND_HEURISTICS = {"game": "football-whist",
                      "seats": [{"kind": "person", "name": "Ann"}, *[{"kind": "bot", "bot": "heuristic"}] * 3]}


def run_loop(coroutine):
    """``asyncio.run`` in a thread of its own: a test process that has driven a browser (Playwright's sync API)
    keeps an event loop running in its main thread, where asyncio.run refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_search_bot_decides_in_a_worker_process_as_it_would_in_this_one():
    """Replay consistency: the same bot, seed and history give the same move in a worker process as here, at
    every one of its turns along a game (a search bot draws its stream from its seed and the moves so far)."""
    game = get_game("football-whist")
    state = game.new_state(seats=4, variant={}, seed=21)
    bots = {seat: make_bot(game, "expert:60", seat, 1000 + seat) for seat in range(4)}
    thinker = Thinker(1)

    async def compare() -> int:
        compared = 0
        while not state.is_over and compared < 12:
            seat = sorted(state.to_move)[0]
            here = decide(bots[seat], state.clone(), seat)
            there, kept = await thinker.think("bot", "t", decide_in_worker, bots[seat], state.clone(), seat)
            assert there == here and kept is None, f"move {len(state.history)}: {there} in the worker, {here} here"
            state.apply(seat, state.parse_action(here))
            compared += 1
        return compared

    try:
        assert run_loop(compare()) == 12
    finally:
        thinker.close()


def test_the_workers_take_the_tables_in_turn_not_first_come_first_served():
    """One worker; table A asks six times, then B once: B's request is the second to run, not the seventh."""
    thinker = Thinker(1, processes=False)
    order: list[str] = []
    lock = threading.Lock()

    def work(name: str) -> str:
        with lock:
            order.append(name)
        time.sleep(0.02)
        return name

    async def ask() -> None:
        many = [asyncio.ensure_future(thinker.think("bot", "A", work, f"A{i}")) for i in range(6)]
        await asyncio.sleep(0)
        one = asyncio.ensure_future(thinker.think("bot", "B", work, "B0"))
        await asyncio.gather(*many, one)

    try:
        run_loop(ask())
    finally:
        thinker.close()
    assert order.index("B0") <= 2, order
    assert sorted(order) == sorted(["B0", *(f"A{i}" for i in range(6))])


def test_a_request_not_begun_within_its_bound_is_withdrawn():
    thinker = Thinker(1, processes=False)

    async def ask() -> None:
        busy = asyncio.ensure_future(thinker.think("analysis", "client:x", time.sleep, 0.5))
        await asyncio.sleep(0)
        try:
            await thinker.think("bot", "table", time.sleep, 0.01, wait_at_most=0.05)
        except ThinkingBusy:
            assert thinker.queued("bot") == 0, "the withdrawn request no longer waits"
        else:
            raise AssertionError("the bot's request should have been withdrawn")
        await busy

    try:
        run_loop(ask())
    finally:
        thinker.close()


def test_a_bot_plays_by_rule_of_thumb_when_the_workers_are_busy_and_the_table_says_so(store, monkeypatch):
    """One worker, held by a long analysis-sized job: Ann's expert bots cannot get a worker within the bound,
    so they play by their game's rule of thumb, the view says so, the game goes on, and a restart replays it."""
    monkeypatch.setattr(search, "DEFAULT_SECONDS", 0.1)       # (threads here: the bots think in this process)
    thinker = Thinker(1, busy_after=0.05, processes=False)
    with TestClient(create_app(store, bot_delay=0, advisor=Advisor(thinker=thinker))) as client:
        hold = threading.Event()
        portal = client.portal
        assert portal is not None
        holding = portal.start_task_soon(thinker.think, "analysis", "client:someone", hold.wait, 20)
        made = client.post("/api/tables", json={**ANN_AND_EXPERTS, "seed": 4}).json()
        notices = set()
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
            view = next_view(me)
            for _ in range(200):
                if view["notice"]:
                    notices.add(view["notice"])
                if view["over"] or (notices and view["moves"] > 8):
                    break
                if view["to_move"] == [0] and view["legal"]:
                    me.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
                view = next_view(me)
        hold.set()
        holding.result(5)
        assert any(re.fullmatch(r".+ plays by rule of thumb: the server is busy", n) for n in notices), notices
        fallbacks = re.search(r"^parlour_bot_fallbacks_total (\S+)$", client.get("/metrics").text, re.M)
        assert fallbacks and float(fallbacks.group(1)) >= 1
        moves = client.get(f"/api/tables/{made['id']}").json()["moves"]
    with TestClient(create_app(store, bot_delay=0)) as client:      # the log replays, rule-of-thumb moves and all
        assert client.get(f"/api/tables/{made['id']}").json()["moves"] >= moves


def test_a_persons_move_is_answered_at_once_while_the_workers_think(store):
    """Two tables of expert bots and an analysis keep the one worker busy; Ann's moves at her own table are
    answered promptly all the same (the searches run in a worker process, not on the event loop)."""
    thinker = Thinker(1, busy_after=5.0)
    with TestClient(create_app(store, bot_delay=0, advisor=Advisor(thinker=thinker), creator_seeds=True)) as client:
        for _ in range(2):
            client.post("/api/tables", json={"game": "football-whist",
                                             "seats": [{"kind": "bot", "bot": "expert"}] * 4})
        made = client.post("/api/tables", json={**ANN_AND_HEURISTICS, "seed": 11}).json()
        time.sleep(1.0)                                                 # the worker is thinking now
        slowest, moves = 0.0, 0
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
            view = next_view(me)
            while moves < 6 and not view["over"]:
                if view["to_move"] == [0] and view["legal"]:
                    started = time.perf_counter()
                    me.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
                    before = view["moves"]
                    while (view := next_view(me))["moves"] == before:
                        pass
                    slowest = max(slowest, time.perf_counter() - started)
                    moves += 1
                else:
                    view = next_view(me)
        assert moves == 6
        assert slowest < 0.5, f"a move took {slowest:.2f} s while the workers thought"
        metrics = client.get("/metrics").text
        assert re.search(r'parlour_thinking_running\{kind="bot"\} 1\.0', metrics), "the worker was thinking"


def test_admission_counts_every_table_with_a_search_bot(store):
    """--max-search-tables counts tables with people at them too; a table of rule-of-thumb bots is not counted."""
    with TestClient(create_app(store, bot_delay=5, max_search_tables=1)) as client:
        first = client.post("/api/tables", json=ANN_AND_EXPERTS)
        assert first.status_code == 201, first.text
        second = client.post("/api/tables", json=ANN_AND_EXPERTS)
        assert second.status_code == 503
        assert "1 tables with a search bot" in second.json()["detail"]
        assert "rule of thumb" in second.json()["detail"]
        assert client.post("/api/tables", json=ANN_AND_HEURISTICS).status_code == 201
        pimc = client.post("/api/tables", json={"game": "football-whist", "seats": [
            {"kind": "person"}, {"kind": "bot", "bot": "pimc"}, {"kind": "bot"}, {"kind": "bot"}]})
        assert pimc.status_code == 503


def test_metrics_by_route_thinking_commits_and_a_moves_whole_path(client):
    made = client.post("/api/tables", json=ANN_AND_HEURISTICS).json()
    assert client.get("/api/games").status_code == 200
    assert client.get("/api/tables/nosuchtable").status_code == 404
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
        view = next_view(me)
        while view["to_move"] != [0] or not view["legal"]:
            view = next_view(me)
        me.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
        while next_view(me)["moves"] == view["moves"]:
            pass
    text = client.get("/metrics").text
    assert 'parlour_http_request_seconds_bucket{le="0.1",route="/api/games"}' in text
    assert 'parlour_http_responses_total{route="/api/games",status="2xx"} 1.0' in text
    assert 'parlour_http_responses_total{route="/api/tables/{table_id}",status="4xx"} 1.0' in text
    assert 'parlour_http_responses_total{route="/api/tables",status="2xx"} 1.0' in text
    for kind in ("bot", "hint", "analysis"):
        assert f'parlour_thinking_queued{{kind="{kind}"}} 0.0' in text
        assert f'parlour_thinking_running{{kind="{kind}"}} 0.0' in text
    assert "parlour_thinking_wait_seconds_bucket" in text or "# TYPE parlour_thinking_wait_seconds" in text
    assert re.search(r"^parlour_thinking_workers \d", text, re.M)
    commits = re.search(r"^parlour_database_commit_seconds_count (\S+)$", text, re.M)
    assert commits and float(commits.group(1)) >= 1
    delivered = re.search(r'^parlour_move_delivered_seconds_count\{by="person"\} (\S+)$', text, re.M)
    assert delivered and float(delivered.group(1)) >= 1
    assert "parlour_bot_fallbacks_total 0.0" in text


def test_a_worker_that_dies_is_replaced_and_its_request_falls_back():
    """A worker process killed mid-search (out of memory, say): that request fails as busy, the next one gets
    a fresh worker."""
    thinker = Thinker(1)

    async def ask() -> None:
        try:
            await thinker.think("bot", "t", os._exit, 1)
        except ThinkingBusy as error:
            assert "started again" in str(error)
        else:
            raise AssertionError("a dead worker's request should fail as busy")
        assert await thinker.think("bot", "t", abs, -3) == 3

    try:
        run_loop(ask())
    finally:
        thinker.close()
