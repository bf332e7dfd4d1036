"""People at a table (issue 14, the server's side): names that never repeat, a name given on joining, a table its
seats close, old tables leaving the list, and playing again with the same seats."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from sqlalchemy import update

from parlour.store import game_tables
from parlour.web.app import create_app

SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"},
         {"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]


def names(client, table_id: str) -> list[str]:
    return [s["name"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]


def test_every_seat_has_a_plain_name_of_its_own(client):
    made = client.post("/api/tables", json={"game": "football-whist", "seats": SEATS}).json()
    # a bot not named sits under a person's name, a person not named yet as "Player N" (never "B1 (heuristic bot)")
    assert names(client, made["id"]) == ["Ann", "Arthur", "Player 3", "Betty"]
    twins = [{"kind": "bot", "bot": "random", "name": "Robot"}] * 3 + [{"kind": "person", "name": "Robot"}]
    made = client.post("/api/tables", json={"game": "football-whist", "seats": twins}).json()
    assert names(client, made["id"]) == ["Robot", "Robot 2", "Robot 3", "Robot 4"]
    squatter = [{"kind": "person", "name": "Betty"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}]
    shown = names(client, client.post("/api/tables", json={"game": "football-whist", "seats": squatter}).json()["id"])
    assert len(set(shown)) == 4


def test_a_person_joining_by_link_gives_his_name_and_it_stays_his_own(client):
    made = client.post("/api/tables", json={"game": "football-whist", "seats": SEATS}).json()
    invite = made["join"]["2"].split("#invite=")[1]
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        ws.receive_json()
        client.post(f"/api/tables/{made['id']}/seats/2/claim", json={"invite": invite, "name": "  Ann "})
        while (view := ws.receive_json())["seats"][2]["name"] == "Player 3":      # the table is told at once
            pass
    assert view["seats"][2]["name"] == "Ann 2" == names(client, made["id"])[2]


def test_a_seat_closes_an_abandoned_table_with_its_key(client, store):
    made = client.post("/api/tables", json={"game": "football-whist", "seats": SEATS, "public": True}).json()
    close = f"/api/tables/{made['id']}/close"
    assert client.post(close).status_code == 401
    assert client.post(close, headers={"authorization": "Bearer guessed"}).status_code == 403
    closed = client.post(close, headers={"authorization": f"Bearer {made['token']}"})
    assert closed.status_code == 200 and closed.json()["over"]
    assert closed.json()["result"] == {"abandoned": True, "winner": None, "reason": "closed by Ann"}
    assert store.load(made["id"]).result["reason"] == "closed by Ann"
    assert client.get("/api/tables?finished=false").json() == []
    assert client.post(close, headers={"authorization": f"Bearer {made['token']}"}).status_code == 422
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 200


def test_a_closed_fixture_table_enters_nothing(client):
    drive = client.post("/api/drives", json={"teams": ["A", "B", "C", "D"]}).json()
    key = {"authorization": f"Bearer {drive['key']}"}
    seats = [{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}]
    table = client.post(f"/api/drives/{drive['id']}/fixtures/1/1/table", json={"seats": seats}, headers=key).json()
    client.post(f"/api/tables/{table['id']}/close", headers={"authorization": f"Bearer {table['token']}"})
    assert client.get(f"/api/drives/{drive['id']}").json()["entries"] == []


def test_old_unfinished_tables_leave_the_tables_in_play(client, store):
    old, new = (client.post("/api/tables", json={"game": "football-whist", "seats": SEATS, "public": True}).json()
                for _ in range(2))
    with store.engine.begin() as db:
        db.execute(update(game_tables).where(game_tables.c.id == old["id"]).values(created=time.time() - 25 * 3600))
    assert [t["id"] for t in client.get("/api/tables?finished=false").json()] == [new["id"]]
    assert client.get(f"/api/tables/{old['id']}").status_code == 200        # still there for its players


def test_play_again_with_the_same_seats(client):
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "person", "name": "Bob"}, {"kind": "bot", "bot": "random"},
             {"kind": "person", "name": "Ann"}]
    made = client.post("/api/tables", json={"game": "football-whist", "seats": seats, "variant": {"own_goals": True},
                                            "seed": 5}).json()
    invite = made["join"]["3"].split("#invite=")[1]
    ann = client.post(f"/api/tables/{made['id']}/seats/3/claim", json={"invite": invite}).json()
    again = f"/api/tables/{made['id']}/again"
    early = client.post(again, headers={"authorization": f"Bearer {ann['token']}"})
    assert early.status_code == 409                                           # not before the end
    client.post(f"/api/tables/{made['id']}/close", headers={"authorization": f"Bearer {made['token']}"})
    assert client.post(again).status_code == 401
    rematch = client.post(again, headers={"authorization": f"Bearer {ann['token']}"})
    assert rematch.status_code == 201
    new = rematch.json()
    assert new["seat"] == 3 and list(new["join"]) == ["1"]                    # Ann keeps hers; Bob gets a link
    old_info, new_info = client.get(f"/api/tables/{made['id']}").json(), client.get(f"/api/tables/{new['id']}").json()
    assert [(s["name"], s["kind"], s["bot"]) for s in new_info["seats"]] == \
        [(s["name"], s["kind"], s["bot"]) for s in old_info["seats"]]
    with client.websocket_connect(f"/ws/tables/{new['id']}?token={new['token']}") as ws:
        assert ws.receive_json()["seat"] == 3
    assert client.app.state.store.load(new["id"]).variant["own_goals"] is True
    assert client.app.state.store.load(new["id"]).seed != 5



def test_a_closed_table_offers_no_moves_to_the_seat_whose_turn_it_was(store):
    """Closed by the other person while Ann was to kick off: her view is over, with nothing to play."""
    with TestClient(create_app(store, bot_delay=0, creator_seeds=True)) as client:       # seed 11: Ann kicks off
        made = client.post("/api/tables", json={"game": "football-whist", "seats": SEATS, "seed": 11}).json()
        invite = made["join"]["2"].split("#invite=")[1]
        cat = client.post(f"/api/tables/{made['id']}/seats/2/claim", json={"invite": invite}).json()
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ann:
            assert ann.receive_json()["legal"]
            client.post(f"/api/tables/{made['id']}/close", headers={"authorization": f"Bearer {cat['token']}"})
            view = ann.receive_json()
            while not view["over"]:
                view = ann.receive_json()
        assert view["result"]["abandoned"] and view["legal"] == []


def test_a_seat_key_lists_its_players_own_tables_and_a_wrong_key_nothing(client):
    """``POST /api/tables/mine``: the tables the keys open, private or not, each with its seat, however many public
    tables finished since; a wrong key, or a table's id alone, lists nothing."""
    mine = client.post("/api/tables", json={"game": "football-whist", "seats": SEATS}).json()
    key = {"Authorization": f"Bearer {mine['token']}"}
    assert client.post(f"/api/tables/{mine['id']}/close", headers=key).status_code == 200
    for _ in range(3):                              # other people's finished tables, public and private
        other = client.post("/api/tables", json={"game": "football-whist", "seats": SEATS, "public": True}).json()
        client.post(f"/api/tables/{other['id']}/close", headers={"Authorization": f"Bearer {other['token']}"})
    own = client.post("/api/tables/mine", json={"keys": [{"table": mine["id"], "key": mine["token"]}],
                                                "finished": True}).json()
    assert [(t["id"], t["seat"]) for t in own] == [(mine["id"], 0)]
    wrong = [{"table": mine["id"], "key": mine["token"][:-1] + "x"}, {"table": other["id"], "key": mine["token"]}]
    assert client.post("/api/tables/mine", json={"keys": wrong}).json() == []
    assert client.post("/api/tables/mine", json={"keys": [{"table": mine["id"], "key": mine["token"]}],
                                                 "finished": False}).json() == []


def test_a_seat_link_key_is_checked_before_it_is_kept(client):
    made = client.post("/api/tables", json={"game": "football-whist", "seats": SEATS}).json()
    answer = client.get(f"/api/tables/{made['id']}/seat", headers={"Authorization": f"Bearer {made['token']}"})
    assert answer.status_code == 200 and answer.json() == {"seat": 0}
    wrong = client.get(f"/api/tables/{made['id']}/seat", headers={"Authorization": "Bearer not-the-key"})
    assert wrong.status_code == 403
    assert client.get(f"/api/tables/{made['id']}/seat").status_code == 401
