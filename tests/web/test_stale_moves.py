"""A move sent on an old view of the table (a second tap before the first one's answer came) is refused in a
sentence that says what happened and what the table waits for now."""

from __future__ import annotations

from test_api import next_error, next_view, person_and_bots


def test_a_move_sent_twice_is_said_to_be_made_already(client):
    made = client.post("/api/tables", json=person_and_bots("football-whist", people=1)).json()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        view = next_view(ws)
        while not view["legal"]:
            view = next_view(ws)
        first, other = view["legal"][0], view["legal"][-1]
        ws.send_json({"type": "act", "action": first, "moves": view["moves"]})
        ws.send_json({"type": "act", "action": first, "moves": view["moves"]})
        said = next_error(ws)["message"]
        assert said.startswith("That move was already made, so it was not made twice. "), said
        assert said.endswith(("It is still your move: choose again from the table as it is now.", "."))
        assert "look again" not in said and said[0].isupper()
        # another move chosen on the same old view: how many moves came since, and whom the table waits for
        ws.send_json({"type": "act", "action": other, "moves": view["moves"]})
        said = next_error(ws)["message"]
        if other != first:
            assert said.startswith("The table moved on before your move arrived: "), said
            assert " made after the position you chose in. " in said, said
        assert ("It is still your move" in said or "The table now waits for " in said
                or "The game is over." in said), said
