"""A real server killed with SIGKILL mid-game and started again loses nothing it acknowledged."""

from __future__ import annotations

import json

import httpx
from websockets.sync.client import connect

from conftest import Server


def views(ws):
    while True:
        message = json.loads(ws.recv(timeout=20))
        if message["type"] == "view":
            yield message


def test_kill_minus_nine_loses_no_acknowledged_move(tmp_path):
    database = f"sqlite:///{tmp_path / 'parlour.db'}"
    server = Server(database, bot_delay=0.0).start()
    try:
        made = httpx.post(server.url + "/api/tables", json={
            "game": "british-towns-sets", "seed": 5,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        }).json()
        socket_url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['token']}"
        acknowledged = 0
        with connect(socket_url) as ws:
            for view in views(ws):
                acknowledged = max(acknowledged, view["moves"])
                if view["over"] or acknowledged >= 12:
                    break
                if view["legal"]:
                    ws.send(json.dumps({"type": "act", "action": view["legal"][0], "moves": view["moves"]}))
            hand = view["observation"]["hand"]
        server.kill()
    finally:
        server.stop()
    again = Server(database, bot_delay=0.0).start()
    try:
        with connect(f"ws://127.0.0.1:{again.port}/ws/tables/{made['id']}?token={made['token']}") as ws:
            view = next(views(ws))
        assert view["seat"] == 0 and view["moves"] >= acknowledged >= 12
        if view["moves"] == acknowledged:
            assert view["observation"]["hand"] == hand
        info = httpx.get(again.url + f"/api/tables/{made['id']}").json()
        assert info["moves"] == view["moves"]
    finally:
        again.stop()
