"""Findings of a review of the web app: odd input, crashes, durability; each a test that failed before its fix."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from conftest import wait_over
from parlour.engine.errors import ParlourError
from parlour.store.tournaments import Tournaments
from parlour.web.app import create_app

TEAMS = ["Aston Villa", "Charlton", "Q.P. Rangers", "Swansea"]
BOTS = [{"kind": "bot", "bot": "heuristic"}] * 4




def next_message(ws) -> dict:
    return ws.receive_json()


# -- bad input gets a clear error, never a 500 ---------------------------------------------
@pytest.mark.parametrize("url", ["/api/tables", "/api/drives", "/api/cycles"])
def test_deeply_nested_json_is_a_400_not_a_500(client, url):
    answer = client.post(url, content=b"[" * 10000, headers={"content-type": "application/json"})
    assert answer.status_code == 400


def test_a_deeply_nested_socket_message_is_refused_and_the_socket_stays_open(client):
    made = client.post("/api/tables", json={"game": "football-whist", "seats": [{"kind": "person"}] * 4}).json()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        assert next_message(ws)["type"] == "view"
        ws.send_text("[" * 4000)
        assert next_message(ws)["type"] == "error"
        ws.send_text('{"type": "view"}')
        assert next_message(ws)["type"] == "view"


def test_a_binary_socket_frame_is_refused_and_the_socket_stays_open(client):
    made = client.post("/api/tables", json={"game": "football-whist", "seats": [{"kind": "person"}] * 4}).json()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        assert next_message(ws)["type"] == "view"
        ws.send_bytes(b'{"type": "view"}')
        assert next_message(ws)["type"] == "error"
        ws.send_text('{"type": "view"}')
        assert next_message(ws)["type"] == "view"


@pytest.mark.parametrize("players", [[[1], [2]], [{"a": 1}, {"b": 2}], [["Ann"], "Bob"]])
def test_a_cycle_of_players_that_are_not_names_is_a_422(client, players):
    assert client.post("/api/cycles", json={"players": players}).status_code == 422
    assert client.get("/api/cycles").json() == []


def test_a_cycle_table_with_too_many_seats_is_a_422(client):
    made = client.post("/api/cycles", json={"players": ["Ann", "Bob"]}).json()
    answer = client.post(f"/api/cycles/{made['id']}/matches/0/table", json={"seats": [{"kind": "person"}] * 3},
                         headers={"authorization": f"Bearer {made['key']}"})
    assert answer.status_code == 422
    assert client.app.state.store.list_tables() == []


@pytest.mark.parametrize("seat", ["²", "①", "٣"])
def test_a_replay_seat_in_other_digits_is_a_422(client, seat):
    made = client.post("/api/tables", json={"game": "football-whist", "seats": BOTS, "seed": 5}).json()
    wait_over(client, made["id"])
    assert client.get(f"/api/tables/{made['id']}/replay", params={"seat": seat}).status_code == 422


# -- durability ---------------------------------------------------------------------------------
def test_a_game_whose_last_move_was_stored_before_a_crash_is_finished_on_restart(store):
    """The server died after the last move was committed but before the table was marked finished."""
    with TestClient(create_app(store, bot_delay=0)) as client:
        drive = client.post("/api/drives", json={"teams": TEAMS}).json()["id"]
        made = client.post("/api/tables", json={"game": "football-whist", "seats": BOTS, "seed": 9}).json()
        played = wait_over(client, made["id"])
    whole = store.load(made["id"])
    crashed = store.create_table(whole.game, whole.variant, whole.seed, whole.seats,
                                 {"drive": drive, "round": 1, "table": 1})
    for index, (seat, action, when) in enumerate(whole.actions):
        store.append_action(crashed, index, seat, action, when)
    with TestClient(create_app(store, bot_delay=0)) as client:
        assert client.get(f"/api/tables/{crashed}").json()["over"]
        assert crashed in [t["id"] for t in client.get(f"/api/tables?finished=true&mine={crashed}").json()]
        assert store.load(crashed).result == played["result"]
        fixture = client.get(f"/api/drives/{drive}").json()["rounds"][0][0]
        assert fixture["result"] is not None and fixture["result"]["meta"]["table_id"] == crashed


def test_two_writers_to_one_drive_cannot_store_two_results_for_one_fixture(store):
    """The server and ``parlour drive record`` share the database: each checks, then appends."""
    server, command_line = Tournaments(store), Tournaments(store)
    drive = server.create_drive({"teams": TEAMS})
    entry = {"kind": "result", "round": 1, "table": 1, "home_goals": 2, "away_goals": 1}
    append = store.append_event

    def raced(doc_id, event, *args, **kwargs):
        store.append_event = append                   # the other writer lands between the check and the append
        command_line.add_drive_entry(doc_id, {**entry, "home_goals": 0})
        return append(doc_id, event, *args, **kwargs)

    store.append_event = raced
    with pytest.raises(ParlourError, match="already has a result"):
        server.add_drive_entry(drive, entry)
    kept = server.drive(drive)                       # the log still loads
    result = kept.result(1, 1)
    assert len(kept.entries) == 1 and result is not None and result.home_goals == 0


def test_variant_values_have_a_ceiling(client):
    """No setting may ask for a game that would never end in practice (a bot table would play for ever)."""
    for game, variant in (("squadron-scramble", {"target": 10**30}), ("biggles", {"matches": 10**9}),
                          ("british-towns-sets", {"stalemate": 5000})):
        seats = 2
        answer = client.post("/api/tables", json={"game": game, "seats": [{"kind": "bot", "bot": "random"}] * seats,
                                                  "variant": variant})
        assert answer.status_code == 422 and "at most" in answer.json()["detail"], answer.json()
    limits = {v["name"]: v["maximum"] for v in client.get("/api/games/squadron-scramble").json()["variants"]}
    assert limits["target"] == 10_000


def test_a_team_with_a_slash_in_its_name_gets_its_card(client):
    made = client.post("/api/drives", json={"teams": ["Brighton & Hove/Albion", "Charlton"]}).json()
    teams = client.get(f"/api/drives/{made['id']}").json()["teams"]
    link = next(t["card"] for t in teams if t["team"].startswith("Brighton"))
    card = client.get(link)
    assert card.status_code == 200 and "Brighton &amp; Hove/Albion" in card.text


def test_tables_of_bots_alone_carry_on_after_a_restart(store):
    import time as clock

    from fastapi.testclient import TestClient

    from parlour.web.app import create_app

    table_id = store.create_table("british-towns-sets", {}, 3, [{"kind": "bot", "bot": "random", "name": "a"},
                                                               {"kind": "bot", "bot": "random", "name": "b"}])
    with TestClient(create_app(store, bot_delay=0)):
        deadline = clock.monotonic() + 30
        while store.load(table_id).finished is None and clock.monotonic() < deadline:
            clock.sleep(0.05)
    assert store.load(table_id).finished is not None         # nobody opened it


def test_a_paused_race_resumes_from_the_moment_it_paused(store):
    import time as clock

    from fastapi.testclient import TestClient

    from parlour.web.app import create_app

    with TestClient(create_app(store, bot_delay=0, clock=lambda: clock.monotonic() * 30)) as client:
        made = client.post("/api/tables", json={
            "game": "biggles", "seed": 2, "variant": {"matches": 1, "deciders": 0},
            "seats": [{"kind": "person"}, {"kind": "bot", "bot": "newcomer"}]}).json()
        url = f"/ws/tables/{made['id']}?token={made['token']}"
        with client.websocket_connect(url) as ws:
            ws.send_json({"type": "ready"})                    # the race starts once the person is ready
            while True:
                view = ws.receive_json()
                if view["type"] == "ping":                     # a race's pings (ruling 14) call for no wait
                    continue
                if view["type"] == "view" and view["moves"] and view["clock"] > 5.0:     # 3 s of count, then the race
                    break
                clock.sleep(0.05)                              # asking in a tighter loop would pass the rate limit
                ws.send_json({"type": "view"})
            left_at = view["clock"]
        clock.sleep(0.3)                                       # nine seconds of game time away from the table
        assert client.get(f"/api/tables/{made['id']}").json()["running"] is False
        with client.websocket_connect(url) as ws:
            back = ws.receive_json()
        assert back["running"] and left_at <= back["clock"] < left_at + 3
        assert back["race"]["phase"] == "counting" and back["legal"] == []     # it counts again before anyone moves


def test_finished_tables_nobody_watches_leave_memory_and_come_back_from_the_store(client):
    made = client.post("/api/tables", json={"game": "british-towns-sets", "seed": 8,
                                            "seats": [{"kind": "bot", "bot": "random"}] * 2}).json()
    info = wait_over(client, made["id"])
    assert made["id"] not in client.app.state.tables.playing()
    again = client.get(f"/api/tables/{made['id']}").json()                # rebuilt from the store
    assert again["result"] == info["result"] and again["moves"] == info["moves"]


def test_a_live_race_against_the_random_bot_runs(store):
    """Any bot can sit at a live race: one that is not a ReflexBot is given a level's pace."""
    import time as clock

    from fastapi.testclient import TestClient

    from parlour.web.app import create_app

    with TestClient(create_app(store, bot_delay=0, clock=lambda: clock.monotonic() * 40)) as client:
        made = client.post("/api/tables", json={
            "game": "biggles", "seed": 5, "variant": {"matches": 1, "deciders": 0},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "club"}]})
        assert made.status_code == 201
        assert wait_over(client, made.json()["id"])["result"]["matches"]
