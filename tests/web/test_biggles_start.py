"""The start of a Biggles match at a server table: Start (ready), a 3-2-1 count, and no move before Go.

The server refuses a person's move before Go with the reason, and its bots
wait for Go as well: every stored action's time (the race clock, which
stands still while the table waits for people) falls after a count.  A match's
end stops the race until every person is ready again, and a race that comes
back (a person who left, a restarted server) counts again first.
"""

from __future__ import annotations

import asyncio
import time

from fastapi.testclient import TestClient

from conftest import wait_over
from parlour.games.biggles.session import COUNT
from parlour.web.app import create_app
from test_api import next_error, next_view

#: the race clock runs this many times faster than the wall's (a count is a tenth of a second of the test)
PACE = 30


def app(store, pace: float = PACE) -> TestClient:
    return TestClient(create_app(store, bot_delay=0, clock=lambda: time.monotonic() * pace))


def person_and_bot(client, matches: int = 1, bot: str = "practised", seed: int = 3) -> dict:
    made = client.post("/api/tables", json={"game": "biggles", "seed": seed,
                                            "variant": {"matches": matches, "deciders": 0},
                                            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": bot}]})
    assert made.status_code == 201, made.text
    return made.json()


def view_until(ws, test, limit: float = 30.0) -> dict:
    """The first view that passes ``test``, asking for a view every few hundredths of a second meanwhile."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        view = next_view(ws)
        if test(view):
            return view
        time.sleep(0.03)                        # asking in a tighter loop would pass the rate limit
        ws.send_json({"type": "view"})
    raise AssertionError("the table never showed what was waited for")


def refused(ws, seat: int = 0) -> str:
    """The reason the seat's move just sent was refused; fails (rather than waiting for ever) if the table
    shows it was taken instead."""
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            return message["message"]
        if message["type"] == "view" and any(s == seat for s, _ in message["observation"]["history"]):
            raise AssertionError("the move was taken")


def test_the_table_waits_for_start_and_refuses_a_move_before_go(store):
    with app(store, pace=1) as client:                         # the real clock: the count lasts three seconds
        made = person_and_bot(client)
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            view = next_view(ws)
            race = view["race"]
            assert race["phase"] == "waiting" and race["waiting_for"] == [0] and race["ready"] == [1]
            assert view["legal"] == [] and race["count"] == COUNT and race["go_in"] is None
            assert race["cascade"] is False        # by default a stopped build is safe until its owner plays again
            time.sleep(0.5)                                    # the bot does not start without the person
            ws.send_json({"type": "act", "action": "turn"})
            assert refused(ws) == "Wait for Go: the race starts once every player is ready."
            assert store.load(made["id"]).actions == []
            ws.send_json({"type": "ready"})
            counting = view_until(ws, lambda v: v["race"]["phase"] == "counting")
            assert counting["legal"] == [] and 0 < counting["race"]["go_in"] <= COUNT
            assert not counting["race"]["resumed"]                 # a fresh match's count, not a resume
            assert counting["race"]["waiting_for"] == [] and counting["race"]["ready"] == [0, 1]
            ws.send_json({"type": "act", "action": "turn"})
            reason = refused(ws)
            assert reason.startswith("Wait for Go: the match starts in ") and reason.endswith("seconds."), reason
            ws.send_json({"type": "ready"})
            assert next_error(ws)["message"] == "Everyone is ready already: wait for Go."
            assert store.load(made["id"]).actions == []          # neither the person nor the bot moved
            running = view_until(ws, lambda v: v["race"]["phase"] == "running")
            assert running["legal"] == ["turn"] and running["clock"] >= COUNT
            ws.send_json({"type": "act", "action": "turn"})
            view_until(ws, lambda v: v["moves"] >= 2)
            ws.send_json({"type": "ready"})
            assert next_error(ws)["message"] == "The race is on: there is nothing to wait for."
    actions = store.load(made["id"]).actions
    assert (0, "turn") in [(seat, action) for seat, action, _ in actions]
    assert all(when >= COUNT for _, _, when in actions), actions     # nobody's move before Go


def test_the_race_tells_the_page_whether_a_stopped_build_may_be_stopped_again(client):
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "gentle"}]
    made = client.post("/api/tables", json={"game": "biggles", "variant": {"cascade": True}, "seats": seats})
    assert made.status_code == 201, made.text
    with client.websocket_connect(f"/ws/tables/{made.json()['id']}?token={made.json()['token']}") as ws:
        assert next_view(ws)["race"]["cascade"] is True


def test_the_bot_moves_only_after_go_in_every_match(store):
    with app(store) as client:
        made = person_and_bot(client, matches=2)
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            ws.send_json({"type": "ready"})
            over = view_until(ws, lambda v: v["race"]["phase"] == "match-over")     # Ann never moves: the bot wins
            assert over["observation"]["match_results"][0]["winner"] == 1 and over["legal"] == []
            assert over["race"]["match"] == 2 and over["race"]["waiting_for"] == [0]
            stored = len(store.load(made["id"]).actions)
            assert stored == over["moves"]
            time.sleep(0.5)                                  # fifteen seconds of race time: the bot does not go on
            ws.send_json({"type": "view"})
            again = next_view(ws)
            assert again["race"]["phase"] == "match-over" and len(store.load(made["id"]).actions) == stored
            assert again["clock"] == over["clock"]           # the race clock stands still at a match's end
            ws.send_json({"type": "act", "action": "turn"})
            assert refused(ws) == "Match 1 is over: match 2 starts once every player is ready."
            ws.send_json({"type": "ready"})
            view_until(ws, lambda v: v["over"], limit=60)
    actions = store.load(made["id"]).actions
    assert all(seat == 1 for seat, _, _ in actions)
    ended = next(i for i, (_, action, _) in enumerate(actions) if action == "play B")
    assert actions[0][2] >= COUNT                                        # match 1's first move after its count
    assert actions[ended + 1][2] >= actions[ended][2] + COUNT            # match 2's after its own


def test_two_people_each_press_start(store):
    with app(store) as client:
        made = client.post("/api/tables", json={"game": "biggles", "seed": 2, "variant": {"matches": 1},
                                                "seats": [{"kind": "person"}, {"kind": "person"}]}).json()
        invite = made["join"]["1"].split("#invite=")[1]
        other = client.post(f"/api/tables/{made['id']}/seats/1/claim", json={"invite": invite}).json()
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ann:
            assert next_view(ann)["race"]["phase"] == "paused"             # Bob is not here yet
            ann.send_json({"type": "ready"})
            assert "every player to be at the table" in next_error(ann)["message"]
            with client.websocket_connect(f"/ws/tables/{made['id']}?token={other['token']}") as bob, \
                    client.websocket_connect(f"/ws/tables/{made['id']}") as watcher:
                assert view_until(bob, lambda v: v["race"]["phase"] == "waiting")["race"]["waiting_for"] == [0, 1]
                bob.send_json({"type": "ready"})
                half = view_until(ann, lambda v: v["race"]["waiting_for"] == [0])
                assert half["race"]["phase"] == "waiting" and half["race"]["ready"] == [1]
                watcher.send_json({"type": "ready"})
                assert next_error(watcher)["message"].startswith("spectators do not race")
                ann.send_json({"type": "ready"})
                assert view_until(bob, lambda v: v["race"]["phase"] in ("counting", "running"))
                on = view_until(ann, lambda v: v["race"]["phase"] == "running")   # no bot: the server says Go
                assert on["legal"] == ["turn"]


def test_ready_means_nothing_in_a_turn_by_turn_game(client):
    made = client.post("/api/tables", json={"game": "british-towns-sets", "seed": 1,
                                            "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}).json()
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        assert next_view(ws)["race"] is None
        ws.send_json({"type": "ready"})
        assert next_error(ws)["message"].endswith("is played turn by turn: there is no start to get ready for")


def test_a_race_back_after_a_pause_or_a_restart_counts_again(store):
    with app(store, pace=10) as client:
        made = person_and_bot(client, bot="newcomer")
        url = f"/ws/tables/{made['id']}?token={made['token']}"
        with client.websocket_connect(url) as ws:
            ws.send_json({"type": "ready"})
            left = view_until(ws, lambda v: v["moves"] >= 2)
        # paused: what was judged is final and goes to the log (ruling 14 keeps the last half second open till then)
        deadline = time.monotonic() + 10
        while client.get(f"/api/tables/{made['id']}").json()["running"] and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        stored = store.load(made["id"]).actions
        with client.websocket_connect(url) as ws:              # back after a pause: the count runs again
            back = next_view(ws)
            # told truthfully: the match under way resumes at Go, not a fresh one about to start
            assert back["race"]["phase"] == "counting" and back["race"]["resumed"] is True and back["legal"] == []
            ws.send_json({"type": "act", "action": "turn"})
            assert refused(ws).startswith("Wait for Go: the match resumes in")
        assert left["moves"] <= len(store.load(made["id"]).actions) == len(stored)
    with app(store, pace=10) as client:                        # a restarted server rebuilds the table from its log
        with client.websocket_connect(url) as ws:
            back = next_view(ws)
            # told truthfully: the match under way resumes at Go, not a fresh one about to start
            assert back["race"]["phase"] == "counting" and back["race"]["resumed"] is True and back["legal"] == []
            ws.send_json({"type": "act", "action": "turn"})
            assert refused(ws).startswith("Wait for Go: the match resumes in")
            view_until(ws, lambda v: v["race"]["phase"] == "running")
            ws.send_json({"type": "act", "action": "turn"})
            view_until(ws, lambda v: v["moves"] > len(stored))
    after = store.load(made["id"]).actions[len(stored):]
    assert after and all(when >= stored[-1][2] + COUNT for _, _, when in after)


def test_a_race_pings_its_players_and_takes_presses_with_their_timing(store):
    """Ruling 14 at the server: the page's pongs measure its round trip; a press carries its timing (the view
    its move came in, the reaction, the page's clock) and is taken; a malformed timing is refused in words."""
    with app(store, pace=1) as client:
        made = person_and_bot(client, bot="newcomer")
        url = f"/ws/tables/{made['id']}?token={made['token']}"
        with client.websocket_connect(url) as ws:
            ws.send_json({"type": "ready"})
            deadline = time.monotonic() + 20
            pinged = running = None
            while time.monotonic() < deadline and not (pinged and running):
                message = ws.receive_json()
                if message["type"] == "ping":
                    pinged = message
                    ws.send_json({"type": "pong", "id": message["id"], "at": time.monotonic() + 1000.0})
                elif message["type"] == "view" and message["race"]["phase"] == "running" and message["legal"]:
                    running = message
                if not running:
                    time.sleep(0.05)
                    ws.send_json({"type": "view"})
            assert pinged and running and running["version"] is not None
            table = client.app.state.tables.live[made["id"]]      # type: ignore[attr-defined]
            connection = next(c for c in table.connections if c.seat == 0)
            assert connection.round_trip() is not None and abs(connection.offset() - 1000.0) < 1.0
            ws.send_json({"type": "act", "action": "turn",
                          "timing": {"version": running["version"], "reaction": 0.2, "at": time.monotonic() + 1000}})
            view_until(ws, lambda v: any(s == 0 for s, _ in v["observation"]["history"]))
            ws.send_json({"type": "act", "action": "turn", "timing": {"version": -1, "reaction": 0.1, "at": 1.0}})
            assert "timing.version" in next_error(ws)["message"]


def test_a_race_whose_clock_fails_goes_on_or_pauses_in_words(store, monkeypatch):
    """The task that says Go and moves the bots never dies silently: it is started again, and if it keeps
    failing the race is paused and the table says why (never a walk-over against a bot that does nothing)."""
    from parlour.games.biggles.session import LiveGame

    tick, failures = LiveGame.tick, {"left": 2}

    def failing(self):
        if failures["left"] > 0:
            failures["left"] -= 1
            raise RuntimeError("a tick that failed")
        return tick(self)

    monkeypatch.setattr(LiveGame, "tick", failing)
    with app(store) as client:
        made = person_and_bot(client, bot="practised")
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            ws.send_json({"type": "ready"})
            # two failures, and the clock is started again: Go comes and the bot moves with no press of Ann's
            view_until(ws, lambda v: any(seat == 1 for seat, _ in v["observation"]["history"]))
        failures["left"] = 10**6                                   # from now on every tick fails
        made = person_and_bot(client, bot="practised")
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            ws.send_json({"type": "ready"})
            paused = view_until(ws, lambda v: not v["running"])
            assert paused["notice"].startswith("The race is paused: the server could not keep the bots moving.")


def test_a_bot_that_has_not_moved_for_seconds_is_named_at_the_table(store, monkeypatch):
    """A bot that could move but has made no move for five seconds of the race: the table says so in words."""
    from parlour.games.biggles.bots import ReflexBot

    monkeypatch.setattr(ReflexBot, "delay", lambda self, action: 60.0)       # a server that cannot keep up
    with app(store) as client:
        made = person_and_bot(client, bot="practised")
        with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            first = next_view(ws)
            bot = first["seats"][1]["name"]
            assert first["notice"] is None
            ws.send_json({"type": "ready"})
            quiet = view_until(ws, lambda v: v["notice"] is not None)
            assert quiet["race"]["phase"] == "running" and not any(s == 1 for s, _ in quiet["observation"]["history"])
            assert quiet["notice"].startswith(f"{bot}: no move for over 5 seconds, though there is one to make.")


def test_a_race_resumed_while_its_old_clock_still_winds_down_gets_a_clock(store, monkeypatch):
    """A player who drops and comes straight back while the paused race's clock task has not yet ended (it is
    finishing a write, on a busy machine): the resumed race gets a clock of its own once the old one ends, so Go
    comes and the bot moves without waiting for a press of the player's."""
    from parlour.web.live import LiveTable

    def stop_later(self):                   # the old clock ends a moment after it is told to, as on a busy machine
        task = self.task
        if task is not None and task is not asyncio.current_task():
            asyncio.get_running_loop().call_later(0.5, task.cancel)

    monkeypatch.setattr(LiveTable, "stop", stop_later)
    with app(store, pace=3) as client:          # a count of a second by the wall's clock, which a loaded machine sees
        # (at the usual 30 times the count lasts a tenth of a second, and a loaded CI run once missed it)
        made = person_and_bot(client, bot="practised")
        url = f"/ws/tables/{made['id']}?token={made['token']}"
        with client.websocket_connect(url) as ws:
            ws.send_json({"type": "ready"})
            left = view_until(ws, lambda v: sum(s == 1 for s, _ in v["observation"]["history"]) >= 2)
        moved = sum(s == 1 for s, _ in left["observation"]["history"])
        with client.websocket_connect(url) as ws:               # straight back: the old clock is still going
            assert view_until(ws, lambda v: v["race"]["phase"] == "counting")["race"]["resumed"]
            view_until(ws, lambda v: v["race"]["phase"] == "running")
            view_until(ws, lambda v: sum(s == 1 for s, _ in v["observation"]["history"]) > moved + 1)


def test_a_replay_step_tells_when_its_move_was_made_on_the_race_clock(store):
    """Each step of a race's replay carries its move's time on the race clock, the move before's and the next's,
    as the record keeps them (the replay's caption tells them, and its Play waits the real gaps)."""
    with app(store) as client:
        made = client.post("/api/tables", json={"game": "biggles", "seed": 4, "variant": {"matches": 1, "deciders": 0},
                                                "seats": [{"kind": "bot", "bot": "practised", "name": "Ann"},
                                                          {"kind": "bot", "bot": "practised", "name": "Bob"}]})
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        info = wait_over(client, table)
        times = [entry[2] for entry in client.get(f"/api/tables/{table}/record").json()["actions"]]
        assert len(times) == info["moves"] > 3
        assert times[0] >= COUNT and times == sorted(times)          # every move after the count, in order
        start = client.get(f"/api/tables/{table}/replay?step=0&seat=0").json()
        assert (start["time"], start["time_before"], start["time_next"]) == (None, None, times[0])
        first = client.get(f"/api/tables/{table}/replay?step=1&seat=0").json()
        assert (first["time"], first["time_before"], first["time_next"]) == (times[0], None, times[1])
        third = client.get(f"/api/tables/{table}/replay?step=3&seat=0").json()
        assert (third["time"], third["time_before"], third["time_next"]) == (times[2], times[1], times[3])
        last = client.get(f"/api/tables/{table}/replay?step={len(times)}&seat=0").json()
        assert (last["time"], last["time_next"]) == (times[-1], None)
