"""Hints at a table that allows them, and the expert's analysis of a finished game, over the API."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.bots.analysis import analyse_record, judged
from parlour.engine.record import GameRecord, replay
from parlour.games import get_game
from parlour.web.advice import Advisor
from parlour.web.app import create_app
from test_api import next_error, next_view, take

WHIST = {"game": "football-whist", "seed": 11,
         "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"},
                   {"kind": "person", "name": "Cat"}, {"kind": "bot", "bot": "heuristic"}]}
RECORDS = Path(__file__).resolve().parents[1] / "records"


@pytest.fixture
def quick(store):
    """An app whose expert thinks twenty iterations a hint and a decision of an analysis; it keeps the tests'
    seeds at tables of two people (``--creator-seeds``), so that Ann kicks off."""
    advisor = Advisor(iterations=20, analysis_seconds=60)
    with TestClient(create_app(store, bot_delay=0, advisor=advisor, creator_seeds=True)) as c:
        yield c


def next_message(ws, kind: str) -> dict:
    while True:
        message = ws.receive_json()
        if message["type"] in (kind, "error"):
            return message



def on_a_loop_of_its_own(advisor, work):
    """What ``work()``, a coroutine of the advisor's, gives, run on an event loop in a thread of its own (the
    browser tests' driver may hold this thread's loop); the advisor is closed after."""
    try:
        with ThreadPoolExecutor(1) as thread:
            return thread.submit(asyncio.run, work()).result()
    finally:
        advisor.close()


def test_a_table_made_with_hints_says_so_to_everyone_at_it(quick):
    made = quick.post("/api/tables", json={**WHIST, "hints": True}).json()
    plain = quick.post("/api/tables", json=WHIST).json()
    assert quick.get(f"/api/tables/{made['id']}").json()["hints"] is True
    assert quick.get(f"/api/tables/{plain['id']}").json()["hints"] is False
    with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me, \
            quick.websocket_connect(f"/ws/tables/{made['id']}") as watcher:
        assert next_view(me)["hints"] is True and next_view(watcher)["hints"] is True
    listed = quick.get(f"/api/tables?mine={made['id']},{plain['id']}").json()
    assert {t["id"]: t["options"].get("hints", False) for t in listed} == {made["id"]: True, plain["id"]: False}
    refused = quick.post("/api/tables", json={"game": "biggles", "hints": True,
                                              "seats": [{"kind": "person"}, {"kind": "bot", "bot": "club"}]})
    assert refused.status_code == 422 and "against the clock" in refused.json()["detail"]
    assert quick.post("/api/tables", json={**WHIST, "hints": "yes"}).json()["detail"] == "hints is true or false"


def test_hints_outlast_a_restart_and_come_with_play_again(store):
    advisor = Advisor(iterations=10)
    with TestClient(create_app(store, bot_delay=0, advisor=advisor)) as c:
        made = c.post("/api/tables", json={**WHIST, "hints": True}).json()
        closed = c.post(f"/api/tables/{made['id']}/close", headers={"Authorization": f"Bearer {made['token']}"})
        assert closed.json()["hints"] is True
        again = c.post(f"/api/tables/{made['id']}/again", headers={"Authorization": f"Bearer {made['token']}"})
        assert again.status_code == 201, again.text
    with TestClient(create_app(store, bot_delay=0, advisor=advisor)) as c:
        assert c.get(f"/api/tables/{made['id']}").json()["hints"] is True
        assert c.get(f"/api/tables/{again.json()['id']}").json()["hints"] is True
        record = c.get(f"/api/tables/{made['id']}/record").json()
        assert record["meta"] == {"table": made["id"], "hints": True}, "a record says the game was played with hints"


def test_a_hint_gives_every_move_judged_best_first_to_the_asking_seat_alone(quick):
    made = quick.post("/api/tables", json={**WHIST, "hints": True}).json()
    cat = take(quick, made, 2)
    url = f"/ws/tables/{made['id']}"
    with quick.websocket_connect(f"{url}?token={made['token']}") as me, \
            quick.websocket_connect(f"{url}?token={cat['token']}") as partner, \
            quick.websocket_connect(url) as watcher:
        view = next_view(me)
        assert view["to_move"] == [0] and len(view["legal"]) > 1
        me.send_json({"type": "hint", "moves": view["moves"]})
        answer = next_message(me, "hint")
        assert answer["type"] == "hint", answer
        assert answer["seat"] == 0 and answer["moves"] == view["moves"] and answer["seconds"] >= 0
        assert answer["iterations"] == 20 and answer["unjudged"] == 0      # Football Whist prunes nothing
        assert sorted(o["action"] for o in answer["options"]) == sorted(view["legal"])
        assert all(0 <= o["chance"] <= 1 and o["visits"] > 0 for o in answer["options"])
        assert answer["options"][0]["visits"] == max(o["visits"] for o in answer["options"])
        for ws in (partner, watcher):            # the others see views, never the hint
            ws.send_json({"type": "view"})
            seen: list[dict] = []
            while not seen or seen[-1]["type"] != "view" or seen[-1]["moves"] != view["moves"]:
                seen.append(ws.receive_json())
            assert all(m["type"] == "view" for m in seen)
        partner.send_json({"type": "hint"})
        assert "your own turn" in next_error(partner)["message"]
        watcher.send_json({"type": "hint"})
        assert "spectators get no hints" in next_error(watcher)["message"]
        me.send_json({"type": "hint", "moves": view["moves"] + 5})
        assert "moved on" in next_error(me)["message"]
        me.send_json({"type": "hint", "moves": "two"})
        assert "number of moves" in next_error(me)["message"]


def test_no_hints_at_a_table_made_without_them(quick):
    made = quick.post("/api/tables", json=WHIST).json()
    with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
        next_view(me)
        me.send_json({"type": "hint"})
        assert "made without hints" in next_error(me)["message"]


def test_no_hints_in_a_race_even_if_the_store_says_so(quick, store):
    """A race's table is never made with hints; one that came to have the option anyway still gives none."""
    table_id = store.create_table("biggles", {"matches": 1, "deciders": 0}, 3,
                                  [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "club", "name": "P2"}],
                                  table_options={"hints": True})
    token = store.claim(table_id, 0)
    with quick.websocket_connect(f"/ws/tables/{table_id}?token={token}") as me:
        next_view(me)
        me.send_json({"type": "hint"})
        assert "against the clock" in next_error(me)["message"]


def test_one_hint_at_a_time(store):
    advisor = Advisor(iterations=3000)          # about a second a hint
    with TestClient(create_app(store, bot_delay=0, advisor=advisor, creator_seeds=True)) as c:   # Ann kicks off
        made = c.post("/api/tables", json={**WHIST, "hints": True}).json()
        with c.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
            next_view(me)
            me.send_json({"type": "hint"})
            me.send_json({"type": "hint"})           # (a page reloaded while the expert thinks asks again)
            first, second = next_message(me, "hint"), next_message(me, "hint")
            assert first["type"] == second["type"] == "hint"
            assert first["options"] == second["options"] and first["seconds"] == second["seconds"], "thought once"


def test_a_question_about_a_position_left_behind_gives_way_to_one_about_the_new_position(store):
    """In the sets game the same player draws and then throws: a hint asked before the draw and not yet answered
    is withdrawn when he asks again after it, so its answer, about a position gone, never comes; the new one does."""
    advisor = Advisor(iterations=4000)
    sets = {"game": "british-towns-sets", "seed": 3, "hints": True,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]}
    with TestClient(create_app(store, bot_delay=0, advisor=advisor, creator_seeds=True)) as c:
        made = c.post("/api/tables", json=sets).json()
        with c.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
            view = next_view(me)
            while "draw stock" not in view["legal"]:
                view = next_view(me)
            me.send_json({"type": "hint", "moves": view["moves"]})
            me.send_json({"type": "act", "action": "draw stock", "moves": view["moves"]})
            after = next_view(me)
            while after["moves"] == view["moves"]:
                after = next_view(me)
            assert after["legal"] and len(after["legal"]) > 1, "after the draw the same player throws"
            me.send_json({"type": "hint", "moves": after["moves"]})
            answer = next_message(me, "hint")
            assert answer["type"] == "hint" and answer["moves"] == after["moves"], answer
            me.send_json({"type": "view"})
            while (message := me.receive_json())["type"] != "view":
                assert message["type"] != "hint", "the answer about the position left behind came after all"


def test_hints_come_at_most_one_every_two_seconds_three_at_once(quick):
    made = quick.post("/api/tables", json={**WHIST, "hints": True}).json()
    with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
        next_view(me)
        for _ in range(3):
            me.send_json({"type": "hint"})
            assert next_message(me, "hint")["type"] == "hint"
        me.send_json({"type": "hint"})
        assert "too many hints: at most one every 2 seconds" in next_error(me)["message"]


def test_a_move_made_while_the_expert_thinks_is_not_held_up(store):
    advisor = Advisor(iterations=6000)          # two seconds or so
    with TestClient(create_app(store, bot_delay=0, advisor=advisor, creator_seeds=True)) as c:   # Ann kicks off
        made = c.post("/api/tables", json={**WHIST, "hints": True}).json()
        with c.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
            view = next_view(me)
            me.send_json({"type": "hint", "moves": view["moves"]})
            start = time.monotonic()
            me.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
            while next_view(me)["moves"] == view["moves"]:
                pass
            assert time.monotonic() - start < 1.2, "the move waited for the hint"
            stale = next_message(me, "hint")
            assert stale["moves"] == view["moves"]    # answered all the same, for the position it was asked in


#: Ann and three heuristic bots: a finished game with one seat's key to ask for its analysis
ANN_AND_BOTS = {"game": "football-whist", "seed": 5,
                "seats": [{"kind": "person", "name": "Ann"}, *[{"kind": "bot", "bot": "heuristic"}] * 3]}


def played_out(client, body: dict = ANN_AND_BOTS) -> tuple[dict, dict]:
    """A table whose one person (seat 0) plays his first legal move each turn to the end; the table as made,
    and the Authorization header of Ann's key."""
    made = client.post("/api/tables", json=body).json()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
        view = next_view(me)
        while not view["over"]:
            if view["to_move"] == [0] and view["legal"]:
                me.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
            view = next_view(me)
    return made, {"Authorization": f"Bearer {made['token']}"}


def test_a_finished_games_analysis_marks_each_seats_costly_moves(quick):
    going = quick.post("/api/tables", json=ANN_AND_BOTS).json()
    assert quick.get(f"/api/tables/{going['id']}/analysis?seat=0",
                     headers={"Authorization": f"Bearer {going['token']}"}).status_code == 403
    made, key = played_out(quick)
    answer = quick.get(f"/api/tables/{made['id']}/analysis?seat=2", headers=key)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    record = GameRecord.from_json(quick.get(f"/api/tables/{made['id']}/record").text)
    assert data["seat"] == 2 and data["name"] == record.seats[2]["name"] and data["iterations"] == 20
    assert data["seed"] == 0 and data["finished"] is True
    expected = analyse_record(record, get_game("football-whist"), [2], iterations=20, seed=0)
    assert [m["index"] for m in data["moves"]] == [r["index"] for r in expected] and data["moves"]
    assert [m["played_chance"] for m in data["moves"]] == [r["played_chance"] for r in expected]
    for move in data["moves"]:
        assert move["seat"] == 2 and record.actions[move["index"]][:2] == [2, move["played"]]
    assert data["costly"] == sum(m["costly"] for m in data["moves"]) and data["decisions"] == len(data["moves"])
    progress = quick.get(f"/api/tables/{made['id']}/analysis/progress?seat=2").json()
    assert progress == {"seat": 2, "started": True, "done": len(expected), "total": len(expected), "ready": True}
    assert quick.get(f"/api/tables/{made['id']}/analysis/progress?seat=1").json() == {
        "seat": 1, "started": False, "done": 0, "total": None, "ready": False}
    start = time.monotonic()
    assert quick.get(f"/api/tables/{made['id']}/analysis?seat=2", headers=key).json() == data
    assert time.monotonic() - start < 0.5, "the analysis is kept once made"
    assert quick.get(f"/api/tables/{made['id']}/analysis?seat=4", headers=key).status_code == 422
    assert quick.get(f"/api/tables/{made['id']}/analysis?seat=all", headers=key).status_code == 422
    assert 'parlour_advice_total{kind="analysis"} 1.0' in quick.get("/metrics").text


def test_the_hint_at_the_table_and_the_analysis_of_the_game_judge_alike(quick):
    """One judgement: a person asks for hints at three of his turns, then plays on to the end; the analysis
    of his moves names, at each of those positions, the same best move with the same chances."""
    made = quick.post("/api/tables", json={**WHIST, "hints": True, "seats": [
        {"kind": "person", "name": "Ann"}, *[{"kind": "bot", "bot": "heuristic"}] * 3]}).json()
    hints: dict[int, dict] = {}
    with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
        view = next_view(me)
        while not view["over"]:
            if view["to_move"] == [0] and view["legal"]:
                action = view["legal"][-1]
                if len(hints) < 3 and len(view["legal"]) > 1:
                    me.send_json({"type": "hint", "moves": view["moves"]})
                    hints[view["moves"]] = answer = next_message(me, "hint")
                    assert answer["type"] == "hint", answer
                    action = answer["options"][0]["action"]      # the expert's choice, played
                me.send_json({"type": "act", "action": action, "moves": view["moves"]})
            view = next_view(me)
    assert len(hints) == 3
    data = quick.get(f"/api/tables/{made['id']}/analysis?seat=0",
                     headers={"Authorization": f"Bearer {made['token']}"}).json()
    rows = {m["index"]: m for m in data["moves"]}
    for moves, answer in hints.items():
        row = rows[moves]
        assert row["best"] == answer["options"][0]["action"] == row["played"]
        judged = [(o["action"], o["chance"], o["visits"]) for o in row["options"] if o["chance"] is not None]
        assert judged == [(o["action"], o["chance"], o["visits"]) for o in answer["options"]]
        assert data["iterations"] == answer["iterations"]


@pytest.mark.parametrize("name, advisor", [
    ("british-towns-asking-remembering-vs-random-4p.json", Advisor()),          # the server's own budget
    ("squadron-scramble-heuristic-vs-random.json", Advisor(iterations=100)),
    ("british-towns-sets-heuristic-3p.json", Advisor(iterations=100)),
])
def test_a_records_analysis_and_the_servers_hint_at_each_of_its_positions_agree(name, advisor):
    """The analysis rows of a seat of a record, and the Advisor's hint at each of the seat's positions, are
    one judgement: the same best move, the same moves judged with the same chances."""
    record = GameRecord.load(RECORDS / name)
    game = get_game(record.game)

    async def both() -> tuple[list[dict], list[list[dict]]]:
        rows = await advisor.analysis("a-table", record, game, 1)
        hints = [(await advisor.hint(game, replay(record, game, upto=row["index"]), 1))[0] for row in rows[:12]]
        return rows, hints

    rows, hints = on_a_loop_of_its_own(advisor, both)
    assert rows and advisor.progress_of("a-table", 1) == (len(rows), len(rows))
    for row, options in zip(rows[:12], hints, strict=True):
        assert options[0]["action"] == row["best"]
        assert options == row["options"]
        shown = judged(options)
        assert shown and shown[0]["chance"] == row["best_chance"]


def _squadron_table(client, recognition: bool) -> dict:
    return client.post("/api/tables", json={
        "game": "squadron-scramble", "seed": 7, "hints": True, "variant": {"recognition": recognition, "max_rounds": 1},
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]}).json()


def _to_the_naming_step(ws, view: dict, asked: list[dict]) -> dict:
    """Plays the person's turns (laying what he can) until he has a plane to name; asks one hint on the way,
    where a set can go down or a card be discarded."""
    while True:
        if view["to_move"] == [0] and view["legal"]:
            phase = view["observation"]["phase"]
            if phase == "name":
                return view
            legal = view["legal"]
            assert view["hint_withheld"] is None
            if not asked and phase == "play" and any(a.startswith("lay ") for a in legal):
                ws.send_json({"type": "hint", "moves": view["moves"]})
                asked.append(next_message(ws, "hint"))
            action = next((a for p in ("lay ", "draw stock", "take 1", "discard ") for a in legal if a.startswith(p)),
                          legal[0])
            ws.send_json({"type": "act", "action": action, "moves": view["moves"]})
        view = next_view(ws)


def test_no_hint_at_the_naming_step_of_the_plane_spotting_game(quick):
    """Where the plane-spotting game tests the player's eye, the view says why there is no hint and the
    server refuses one in plain words; the hint before it judged only moves it tried, and counts the rest."""
    made = _squadron_table(quick, recognition=True)
    asked: list[dict] = []
    with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
        view = _to_the_naming_step(me, next_view(me), asked)
        assert "naming a plane" in view["hint_withheld"] and "test" in view["hint_withheld"]
        me.send_json({"type": "hint", "moves": view["moves"]})
        refused = next_message(me, "hint")
        assert refused["type"] == "error" and refused["message"] == view["hint_withheld"]
    (answer,) = asked
    assert answer["type"] == "hint" and answer["options"]
    assert all(o["chance"] is not None and o["visits"] > 0 for o in answer["options"])
    assert answer["unjudged"] >= 1                   # the discards wait while a set can go down


def test_where_the_cards_show_the_names_the_naming_step_has_no_hint_either(quick):
    """The cards print the plane and its nation: a hint would only say the name back, with a meaningless chance."""
    made = _squadron_table(quick, recognition=False)
    with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
        view = _to_the_naming_step(me, next_view(me), [])
        assert "your cards show" in view["hint_withheld"]
        me.send_json({"type": "hint", "moves": view["moves"]})
        refused = next_message(me, "hint")
    assert refused["type"] == "error" and refused["message"] == view["hint_withheld"]


def test_an_analysis_is_for_the_players_a_spectator_is_told_so(quick):
    """No key: 401 with a sentence a spectator understands; another table's key: 403; a seat's key: made."""
    made, key = played_out(quick)
    other = quick.post("/api/tables", json=ANN_AND_BOTS).json()
    spectator = quick.get(f"/api/tables/{made['id']}/analysis?seat=1")
    assert spectator.status_code == 401
    assert "for the players of this game" in spectator.json()["detail"]
    assert "a spectator can step through the replay" in spectator.json()["detail"]
    wrong = quick.get(f"/api/tables/{made['id']}/analysis?seat=1",
                      headers={"Authorization": f"Bearer {other['token']}"})
    assert wrong.status_code == 403 and "not a seat's at this table" in wrong.json()["detail"]
    assert quick.get(f"/api/tables/{made['id']}/analysis?seat=1", headers=key).status_code == 200
    assert quick.get(f"/api/tables/{made['id']}/replay?step=3").status_code == 200, "the replay stays open"


def test_one_client_has_only_so_many_analyses_made_at_once(store):
    """Past ``per_client`` analyses being made for one address, another is refused (429) in words; one already
    made is served to anyone with a key, and a refused one can be asked for again once the others are done."""
    advisor = Advisor(iterations=400, analysis_seconds=60, per_client=1)
    with TestClient(create_app(store, bot_delay=0, advisor=advisor, creator_seeds=True)) as c:
        made, key = played_out(c)
        with ThreadPoolExecutor(1) as thread:
            first = thread.submit(c.get, f"/api/tables/{made['id']}/analysis?seat=1", headers=key)
            deadline = time.monotonic() + 10
            while not advisor.asking and time.monotonic() < deadline:
                time.sleep(0.01)
            refused = c.get(f"/api/tables/{made['id']}/analysis?seat=2", headers=key)
            assert refused.status_code == 429, refused.text
            assert "too many analyses at once: at most 1" in refused.json()["detail"]
            assert first.result().status_code == 200
        assert c.get(f"/api/tables/{made['id']}/analysis?seat=1", headers=key).status_code == 200
        assert c.get(f"/api/tables/{made['id']}/analysis?seat=2", headers=key).status_code == 200


def test_no_move_shown_above_the_experts_choice_at_the_hint_and_in_the_analysis():
    """The reviewer's contradiction ("Scotland 10 (its choice) 49%" above "Scotland 3 53%"): the expert plays
    the move it searched most, and a move it tried less whose figure came out higher is shown level with
    that choice, in the hint and in the analysis alike.  Move 24 of the record is such a position at the
    server's own budget."""
    record = GameRecord.load(RECORDS / "football-whist-heuristic.json")
    game = get_game(record.game)
    advisor = Advisor()

    async def both() -> tuple[list[dict], list[dict]]:
        rows = await advisor.analysis("a-table", record, game, 0)
        options, _ = await advisor.hint(game, replay(record, game, upto=24), 0)
        return rows, options

    rows, options = on_a_loop_of_its_own(advisor, both)
    row = next(r for r in rows if r["index"] == 24)
    assert options == row["options"]
    choice, others = options[0], judged(options)[1:]
    assert choice["action"] == row["best"] and choice["chance"] == row["best_chance"]
    assert all(o["chance"] <= choice["chance"] for o in others)
    assert any(o.get("level") and o["searched_chance"] > o["chance"] == choice["chance"] for o in others)
    for r in rows:
        assert all(o["chance"] <= r["best_chance"] for o in judged(r["options"])), r["index"]


def test_at_a_table_with_hints_the_seat_to_move_is_told_what_each_move_does(quick):
    """Squadron Scramble's words for each move ("an unseen card", "breaks up your two Lightning views") come in the
    view of the seat to move where hints are on, worked out by the server from that seat's view; none where they
    are off, and none in the plane-spotting game, where they would name the planes."""
    seen = {}
    for recognition, hints in ((False, True), (True, True), (False, False)):
        made = quick.post("/api/tables", json={
            "game": "squadron-scramble", "seed": 7, "hints": hints, "variant": {"recognition": recognition},
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]}).json()
        with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
            view = next_view(me)
            while not (view["to_move"] == [0] and view["legal"]):
                view = next_view(me)
        seen[recognition, hints] = view["observation"].get("reasons")
        if hints and not recognition:
            assert set(seen[recognition, hints]) == set(view["legal"]), view["legal"]
    assert seen[False, True]["draw stock"] == "an unseen card: the others learn nothing of your hand"
    assert seen[True, True] == {} and seen[False, False] is None


def test_the_asking_games_seat_to_move_is_told_what_the_asks_heard_say_of_each_ask(quick):
    """Review 26a: the asking game's hint gave figures alone.  At a table with hints the view of the seat to move
    carries, for the asks it may make, what the asks heard say of where the card lies (the page words it under the
    hint's rows, "Betty asked you for Leeds, so Betty holds a card of Yorkshire"); none at a table without hints."""
    seen = {}
    for hints in (True, False):
        made = quick.post("/api/tables", json={
            "game": "british-towns-asking", "seed": 3, "hints": hints,
            "seats": [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "remembering"}] * 2}).json()
        with quick.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me:
            while True:
                view = next_view(me)
                if view["to_move"] != [0] or not view["legal"]:
                    continue
                # (with hints: a turn after asks that say something of the asks open to her)
                if any(a["asker"] != 0 for a in view["observation"]["asks"]) and (
                        not hints or view["observation"]["reasons"]):
                    break
                me.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
        seen[hints] = view
    reasons = seen[True]["observation"]["reasons"]
    assert reasons and set(reasons) <= set(seen[True]["legal"]), reasons
    assert all(facts and set(facts) <= {"holds", "has", "shows", "lack", "only"} for facts in reasons.values()), reasons
    assert "reasons" not in seen[False]["observation"]
