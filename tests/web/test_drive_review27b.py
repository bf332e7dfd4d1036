"""The whist drive after review 27b, at the API: a person's seat at a drive's table went only to the tab that opened
the table, and with that tab lost nobody could sit there; the organiser now makes the seat's link afresh.  A score
typed in for a game whose table is open closes that table, saying why (it waited for ever, and the page offered to
watch it).  The drive's last game says, at its end, who the drive's champions are."""

from __future__ import annotations

from urllib.parse import unquote

from conftest import wait_over
from parlour.tournaments.drive import Drive
from parlour.web.tournaments import drive_ending

TEAMS = ["Aston Villa", "Charlton", "Q.P. Rangers", "Swansea"]
PEOPLE_V_BOTS = [{"kind": "person"}, {"kind": "bot", "bot": "random"}] * 2


def organiser(client, **body) -> str:
    made = client.post("/api/drives", json={"teams": TEAMS, **body}).json()
    client.headers["authorization"] = f"Bearer {made['key']}"
    return made["id"]


def test_the_organiser_makes_a_lost_seat_link_again(client):
    drive = organiser(client, rounds=1)
    table = client.post(f"/api/drives/{drive}/fixtures/1/1/table", json={"seats": PEOPLE_V_BOTS})
    assert table.status_code == 201, table.text
    table_id = table.json()["id"]
    link = f"/api/drives/{drive}/fixtures/1/1/seats/2/link"
    # only the organiser may: a watcher is refused
    key = client.headers.pop("authorization")
    assert client.post(link).status_code in (401, 403)
    client.headers["authorization"] = key
    made = client.post(link)
    assert made.status_code == 200, made.text
    got = made.json()
    assert got["seat"] == 2 and got["name"] == "Aston Villa 2", got
    assert got["url"].startswith(f"/t/{table_id}#seat=2&key="), got
    token = unquote(got["url"].split("&key=")[1])
    held = client.get(f"/api/tables/{table_id}/seat", headers={"authorization": f"Bearer {token}"})
    assert held.json() == {"seat": 2}, held.text
    # a bot's seat is not handed on, and a game with no table open has no seat to hand on
    assert client.post(f"/api/drives/{drive}/fixtures/1/1/seats/1/link").status_code == 409
    assert client.post(f"/api/drives/{drive}/fixtures/1/2/seats/0/link").status_code == 404


def test_a_typed_score_closes_the_games_open_table(client):
    drive = organiser(client, rounds=1)
    table_id = client.post(f"/api/drives/{drive}/fixtures/1/1/table", json={"seats": PEOPLE_V_BOTS}).json()["id"]
    view = client.post(f"/api/drives/{drive}/entries",
                       json={"kind": "result", "round": 1, "table": 1, "home_goals": 6, "away_goals": 6})
    assert view.status_code == 200, view.text
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["over"] and info["result"]["abandoned"], info
    assert info["result"]["reason"] == ("the organiser entered this game's result, Aston Villa 6 – 6 Charlton: "
                                        "the table is closed"), info["result"]
    fixture = view.json()["rounds"][0][0]
    assert fixture["tables"] == [{"id": table_id, "finished": True, "closed": True, "bots": [None, "random"] * 2}]
    assert fixture["result"]["home_goals"] == 6 and fixture["result"]["meta"]["source"] == "organiser"
    # the table closed entered nothing over the typed score
    again = client.get(f"/api/drives/{drive}").json()["rounds"][0][0]["result"]
    assert (again["home_goals"], again["away_goals"], again["corrected"]) == (6, 6, False), again


def test_the_last_games_end_names_the_champions(client):
    drive = organiser(client, rounds=1)
    client.post(f"/api/drives/{drive}/entries",
                json={"kind": "result", "round": 1, "table": 2, "home_goals": 1, "away_goals": 7})
    bots = [{"kind": "bot", "bot": "random"}] * 4
    table_id = client.post(f"/api/drives/{drive}/fixtures/1/1/table", json={"seats": bots, "seed": 3}).json()["id"]
    ending = wait_over(client, table_id)["context"]["ending"]
    champions = client.get(f"/api/drives/{drive}").json()["summary"]["champions"]
    assert ending.startswith(f"That was the drive's last game: {champions[0]}"), ending
    assert "League Champions" in ending, ending
    # a game that is not the drive's last says nothing of the kind
    other = organiser(client, rounds=1)
    first = client.post(f"/api/drives/{other}/fixtures/1/1/table", json={"seats": bots, "seed": 3}).json()["id"]
    assert wait_over(client, first)["context"].get("ending") is None


def test_the_words_for_the_drives_end():
    drive = Drive(TEAMS, 1)
    assert drive_ending(drive) is None
    drive.enter(1, 1, 5, 2)
    drive.enter(1, 2, 3, 3)
    assert drive_ending(drive) == ("That was the drive's last game: Aston Villa are the League Champions and win the "
                                   "Cup too.")
    drive.correct(1, 1, 2, 2)
    assert drive_ending(drive) == ("That was the drive's last game: Aston Villa, Charlton, Q.P. Rangers and Swansea "
                                   "are joint League Champions, and nobody won the Cup.")
    drive.correct(1, 2, 1, 4)
    assert drive_ending(drive) == ("That was the drive's last game: Swansea are the League Champions, and nobody won "
                                   "the Cup.")


def test_the_organiser_gives_a_table_nobody_came_to_to_bots(client):
    drive = organiser(client, rounds=1)
    waiting = client.post(f"/api/drives/{drive}/fixtures/1/1/table", json={"seats": PEOPLE_V_BOTS}).json()["id"]
    bots = [{"kind": "bot", "bot": "random"}] * 4
    made = client.post(f"/api/drives/{drive}/fixtures/1/1/table", json={"seats": bots, "replace": True})
    assert made.status_code == 201, made.text
    info = client.get(f"/api/tables/{waiting}").json()
    assert info["over"] and info["result"]["abandoned"], info
    tables = client.get(f"/api/drives/{drive}").json()["rounds"][0][0]["tables"]
    assert [(t["id"], t["closed"]) for t in tables] == [(waiting, True), (made.json()["id"], False)]
