"""A stalled sets game of British Towns (no set laid or added to while every card outside the hands went by) is said
to be stalled in every seat's view, and the person alone at a table of bots may finish it there, counted as it stands:
with his seat's key, at his turn; the log, the record and the replay keep how it ended."""

from __future__ import annotations

import json

from parlour.bots.analysis import decisions
from parlour.engine.record import GameRecord
from parlour.games import get_game, replay

#: a deal in which the heuristic bot and a player who keeps taking the top discard and throwing it back stall: the
#: more cards are thrown than lie outside the hands with no set laid (found by playing it out; the test checks it does)
STALL_SEED = 29
AGREED = "finished by agreement, counted as it stood"


def stall_move(view: dict, held: list[str]) -> str:
    """The waiting player's move: take the top discard and throw the same card back (lay a set or add a card where
    the rules make him); ``held`` keeps the card taken."""
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    if "take discard" in legal:
        held[:] = [view["observation"]["discards"][-1]]
        return "take discard"
    if "draw stock" in legal:
        return "draw stock"
    lays = [a for a in legal if a.startswith("lay ")]
    if lays:
        return lays[0]
    return f"discard {held[0]}" if held and f"discard {held[0]}" in legal else legal[-1]


def made_table(client, bots: int = 1) -> dict:
    answer = client.post(
        "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": STALL_SEED,
            "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "heuristic"}] * bots,
        },
    )
    assert answer.status_code == 201, answer.text
    return answer.json()


def play_to_stall(ws, limit: int = 2000) -> dict:
    """Plays the waiting moves until the view offers the finish: that view."""
    held: list[str] = []
    for _ in range(limit):
        view = ws.receive_json()
        if view["type"] != "view":
            continue
        assert not view["over"], "the game ended before it stalled"
        if view["finish_offered"]:
            return view
        if view["legal"]:
            ws.send_json({"type": "act", "action": stall_move(view, held), "moves": view["moves"]})
    raise AssertionError("the game did not stall")


def test_a_stalled_game_is_said_to_be_stalled_and_finished_by_the_person_alone_at_a_table_of_bots(client, store):
    made = made_table(client)
    url = f"/ws/tables/{made['id']}"
    with client.websocket_connect(f"{url}?token={made['token']}") as ws:
        view = play_to_stall(ws)
        obs = view["observation"]
        # the count is the rules', in the view every seat and a spectator get alike
        assert obs["stalled"] is True and (obs["gone_by"] or obs["dry_restocks"] >= 3) and obs["to_move"] == [0]
        watcher = client.get(f"/api/tables/{made['id']}").json()
        assert watcher["observation"]["dry_restocks"] == obs["dry_restocks"] and watcher["observation"]["stalled"]
        assert watcher["finish_offered"] is False  # a spectator has nothing to finish
        # not over the socket as a move of the game: the rules say why
        ws.send_json({"type": "act", "action": "finish", "moves": view["moves"]})
        while (message := ws.receive_json())["type"] != "error":
            pass
        assert "agreement" in message["message"]
        # not without the seat's key, nor with a wrong one
        assert client.post(f"/api/tables/{made['id']}/finish").status_code == 401
        assert (
            client.post(f"/api/tables/{made['id']}/finish", headers={"Authorization": "Bearer forged"}).status_code
            == 403
        )
        answer = client.post(f"/api/tables/{made['id']}/finish", headers={"Authorization": f"Bearer {made['token']}"})
        assert answer.status_code == 200, answer.text
    info = answer.json()
    result = info["result"]
    assert info["over"] and result["finished"] and result["ending"] == AGREED
    # counted as it stood: cards laid less cards in hand, as the club variant's stalled game counts
    counted = {
        name: sum(len(s) for s in sets.values()) - held
        for name, sets, held in zip(("P1", "P2"), obs["sets"], obs["hand_sizes"], strict=True)
    }
    assert result["scores"] == counted
    assert info["observation"]["events"][-1]["why"] == AGREED
    # the log keeps the finish as its last step: the table read back, the record and its replay end the same way
    stored = store.load(made["id"])
    assert stored.actions[-1][:2] == (0, "finish") and stored.result == result
    record = GameRecord.from_json(client.get(f"/api/tables/{made['id']}/record").text)
    assert list(record.actions[-1][:2]) == [0, "finish"] and record.result == result
    assert replay(record).result() == result
    last = client.get(f"/api/tables/{made['id']}/replay", params={"step": info["moves"]}).json()
    assert last["action"] == {"seat": 0, "action": "finish"} and last["result"]["ending"] == AGREED
    listed = client.get(f"/api/tables?finished=true&mine={made['id']}").json()
    assert [t["result"].get("ending") for t in listed] == [AGREED]
    # once over, no second finish
    again = client.post(f"/api/tables/{made['id']}/finish", headers={"Authorization": f"Bearer {made['token']}"})
    assert again.status_code == 422 and "over" in again.json()["detail"]


def test_a_finish_is_refused_with_its_reason_before_the_stall_and_at_a_table_with_another_person(client):
    made = made_table(client)
    refused = client.post(f"/api/tables/{made['id']}/finish", headers={"Authorization": f"Bearer {made['token']}"})
    assert refused.status_code == 422
    assert "only once it has stalled" in refused.json()["detail"], refused.text
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        assert ws.receive_json()["observation"]["stalled"] is False
    # two people: each would have to agree, and the table does not ask (ruling): refused, and never offered
    two = client.post(
        "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": STALL_SEED,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
        },
    ).json()
    refused = client.post(f"/api/tables/{two['id']}/finish", headers={"Authorization": f"Bearer {two['token']}"})
    assert refused.status_code == 422 and "every player's agreement" in refused.json()["detail"], refused.text
    with client.websocket_connect(f"/ws/tables/{two['id']}?token={two['token']}") as ws:
        assert ws.receive_json()["finish_offered"] is False


def test_the_record_of_a_finished_game_replays_from_the_file(client, tmp_path):
    made = made_table(client)
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        play_to_stall(ws)
    client.post(f"/api/tables/{made['id']}/finish", headers={"Authorization": f"Bearer {made['token']}"})
    text = client.get(f"/api/tables/{made['id']}/record").text
    assert json.loads(text)["version"] == 1  # a new step of the sets game: the format itself is unchanged
    path = tmp_path / "stalled.json"
    path.write_text(text)
    record = GameRecord.load(path)
    state = replay(record)
    assert state.is_over and state.result()["ending"] == AGREED
    # the expert's analysis judges the moves of the game, not the agreement to stop
    judged = [index for index, _, _, _ in decisions(record, get_game("british-towns-sets"), [0])]
    assert judged and len(record.actions) - 1 not in judged
