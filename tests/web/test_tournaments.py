"""Drives and Biggles cycles over the API: entered by hand, played at Parlour tables, played by bots."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from conftest import wait_over
from parlour.web.app import create_app

TEAMS = ["Aston Villa", "Charlton", "Q.P. Rangers", "Swansea", "Everton"]


@pytest.fixture
def fast(store):
    with TestClient(create_app(store, bot_delay=0, clock=lambda: time.monotonic() * 30)) as c:
        yield c


def organiser(client, url: str, body: dict) -> dict:
    """Makes a drive or cycle; its client sends the organiser key with every request from then on."""
    made = client.post(url, json=body).json()
    client.headers["authorization"] = f"Bearer {made['key']}"
    return made


def test_a_drive_entered_by_hand_corrected_and_kept(store):
    with TestClient(create_app(store, bot_delay=0)) as client:
        made = organiser(client, "/api/drives", {"title": "Club night", "teams": "\n".join(TEAMS)})
        drive = client.get(f"/api/drives/{made['id']}").json()
        assert drive["config"]["teams"] == TEAMS and len(drive["rounds"]) == 3        # 3 tables, one cycle
        byes = [f for games in drive["rounds"] for f in games if f["bye"]]
        assert len(byes) == 3 and all(f["home"] != f["away"] for games in drive["rounds"] for f in games)
        entry = {"kind": "result", "round": 1, "table": 1, "home_goals": 3, "away_goals": 1}
        after = client.post(f"/api/drives/{made['id']}/entries", json=entry).json()
        villa = next(r for r in after["summary"]["table"] if r["team"] == "Aston Villa")
        assert (villa["won"], villa["goals_for"], villa["points"]) == (1, 3, 2)
        again = client.post(f"/api/drives/{made['id']}/entries", json=entry)
        assert again.status_code == 422 and "correction" in again.json()["detail"]
        fixed = client.post(f"/api/drives/{made['id']}/entries",
                            json={**entry, "kind": "correction", "away_goals": 3}).json()
        villa = next(r for r in fixed["summary"]["table"] if r["team"] == "Aston Villa")
        assert (villa["won"], villa["drawn"], villa["points"]) == (0, 1, 1)
        bad = client.post(f"/api/drives/{made['id']}/entries", json={"kind": "result", "round": 9, "table": 1,
                                                                     "home_goals": 1, "away_goals": 0})
        assert bad.status_code == 422
        assert len(client.get(f"/api/drives/{made['id']}").json()["entries"]) == 2
        card = client.get(f"/drives/{made['id']}/cards/Aston Villa")
        assert card.status_code == 200 and "Aston Villa" in card.text and "Charlton" in card.text
        assert 'href="/drives/' + made["id"] + '">&larr; Back to the drive' in card.text   # the page leads back
    with TestClient(create_app(store, bot_delay=0)) as client:          # a restart keeps it all
        kept = client.get(f"/api/drives/{made['id']}").json()
        assert kept["summary"] == fixed["summary"]
        assert [d["id"] for d in client.get("/api/drives").json()] == [made["id"]]


def test_bad_drives_are_refused(client):
    assert client.post("/api/drives", json={"teams": ["Only"]}).status_code == 422
    assert client.post("/api/drives", json={"teams": ["A", "A"]}).status_code == 422
    assert client.post("/api/drives", json={"teams": ["A", "B"], "rounds": 0}).status_code == 422
    assert client.get("/api/drives/nosuch").status_code == 404
    assert client.get("/drives/nosuch/cards/A").status_code == 404
    assert client.get("/api/drives").json() == []


def test_a_fixture_played_at_a_parlour_table_enters_its_result(client):
    made = organiser(client, "/api/drives", {"teams": TEAMS[:4]})
    table = client.post(f"/api/drives/{made['id']}/fixtures/1/2/table",
                        json={"seats": [{"kind": "bot", "bot": "heuristic"}] * 4, "seed": 3}).json()
    info = wait_over(client, table["id"])
    names = [s["name"] for s in info["seats"]]
    assert names == ["Q.P. Rangers 1", "Swansea 1", "Q.P. Rangers 2", "Swansea 2"]   # Home at A1, A2
    drive = client.get(f"/api/drives/{made['id']}").json()
    fixture = drive["rounds"][0][1]
    goals = info["result"]["goals"]
    assert fixture["result"]["home_goals"] == goals["A"] and fixture["result"]["away_goals"] == goals["B"]
    assert fixture["result"]["meta"]["table_id"] == table["id"] and fixture["tables"][0]["id"] == table["id"]
    bye = client.post(f"/api/drives/{made['id']}/fixtures/9/1/table", json={})
    assert bye.status_code == 422


@pytest.fixture
def short_pause(monkeypatch):
    """The pause between two rounds of the bots, short for the tests."""
    from parlour.web import tournaments

    monkeypatch.setattr(tournaments, "PAUSE", 0.2)


def until(check, limit: float = 60):
    """``check()``'s answer once it is true (it is asked again every 50 ms, at most ``limit`` seconds)."""
    deadline = time.monotonic() + limit
    while not (got := check()):
        assert time.monotonic() < deadline, "never came"
        time.sleep(0.05)
    return got


def test_bots_play_the_rest_of_a_drive_at_live_tables_and_every_match_can_be_replayed(client, short_pause):
    """One press of the organiser's: the server itself carries the bots on from round to round, with no page
    open, to the end of the drive."""
    made = organiser(client, "/api/drives", {"teams": TEAMS})
    client.post(f"/api/drives/{made['id']}/entries",
                json={"kind": "result", "round": 1, "table": 1, "home_goals": 2, "away_goals": 0})
    stranger = client.post(f"/api/drives/{made['id']}/simulate", json={}, headers={"authorization": "Bearer no"})
    assert stranger.status_code in (401, 403)
    started = client.post(f"/api/drives/{made['id']}/simulate", json={"seed": 9, "bots": "random"}).json()
    assert started["bots"]["playing"] and started["bots"]["bots"] == "random"
    live = [t for games in started["rounds"] for f in games for t in f["tables"]]
    # round by round, as a club night goes: only round 1's game left (table 2; table 3 has the bye) starts now
    assert [(f["round"], f["table"]) for games in started["rounds"] for f in games if f["tables"]] == [(1, 2)]
    listed = {t["id"] for t in client.get("/api/tables").json()}
    assert {t["id"] for t in live} <= listed                        # listed with the fixture, for anyone to watch
    again = client.post(f"/api/drives/{made['id']}/simulate", json={"seed": 9, "bots": "random"}).json()
    # none played twice: a second press starts nothing new (on a loaded machine round 1 may be over by now and round
    # 2 begun, by the bots' own carrying on: each game still has one table, and round 1's is the one first started)
    assert all(len(f["tables"]) <= 1 for games in again["rounds"] for f in games)
    assert [t["id"] for f in again["rounds"][0] for t in f["tables"]] == [t["id"] for t in live]
    # never a round begun before the one before it is in

    def over():
        d = client.get(f"/api/drives/{made['id']}").json()
        for r, games in enumerate(d["rounds"]):
            if any(t["finished"] is False for f in games for t in f["tables"]):
                assert all(f["result"] for earlier in d["rounds"][:r] for f in earlier if not f["bye"])
        return d if d["summary"]["complete"] else None

    drive = until(over, 120)
    assert not drive["bots"]["next_at"]
    assert drive["summary"]["cup_holder"] is not None
    played = [f for games in drive["rounds"] for f in games if not f["bye"]]
    assert played[0]["result"]["meta"]["source"] == "organiser" and not played[0]["tables"]
    assert {f["result"]["meta"]["source"] for f in played[1:]} == {"bots"}             # tables of bots alone
    for f in played[1:]:
        table_id = f["result"]["meta"]["table_id"]
        end = client.get(f"/api/tables/{table_id}/replay?step=999999")
        assert end.status_code == 422
        steps = client.get(f"/api/tables/{table_id}/replay").json()["steps"]
        last = client.get(f"/api/tables/{table_id}/replay?step={steps}").json()
        goals = last["result"]["goals"]
        assert (goals["A"], goals["B"]) == (f["result"]["home_goals"], f["result"]["away_goals"])
    rows = drive["summary"]["table"]
    assert sum(r["points"] for r in rows) == 2 * len(played) + 3 * 1        # 2 a game shared out, 1 a bye


def test_a_biggles_cycle_by_hand_and_at_the_table(fast):
    made = organiser(fast, "/api/cycles", {"players": "Ann\nBob\nCat", "rounds": 1})
    cycle = fast.get(f"/api/cycles/{made['id']}").json()
    assert [(m["blue"], m["red"]) for m in cycle["matches"]] == [("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Ann")]
    entries = f"/api/cycles/{made['id']}/entries"
    fast.post(entries, json={"kind": "result", "match": 0, "blue_points": 8, "red_points": 3})
    bad = fast.post(entries, json={"kind": "result", "match": 1, "blue_points": 9, "red_points": 3})
    assert bad.status_code == 422
    # the refusal in plain words, of nobody's "his" (review: "the loser his level")
    said = bad.json()["detail"]
    assert "the winner scores 8 and the loser 0 to 7" in said and " his " not in said, said
    table = fast.post(f"/api/cycles/{made['id']}/matches/1/table",
                      json={"seats": [{"kind": "bot", "bot": "practised"}, {"kind": "bot", "bot": "newcomer"}],
                            "seed": 4}).json()
    info = wait_over(fast, table["id"])
    assert [s["name"] for s in info["seats"]] == ["Bob", "Cat"]
    cycle = fast.get(f"/api/cycles/{made['id']}").json()
    match = cycle["matches"][1]
    assert match["points"] == {"Bob": info["result"]["points"]["P1"], "Cat": info["result"]["points"]["P2"]}
    assert match["tables"][0]["id"] == table["id"]
    # each result says where it came from and when: typed in by the organiser, or played at a table
    typed, played = cycle["matches"][0]["source"], match["source"]
    assert typed["source"] == "organiser" and not typed["corrected"] and abs(typed["at"] - time.time()) < 60
    assert played["source"] == "bots" and played["table_id"] == table["id"] and played["at"] >= typed["at"]
    fixed = fast.post(entries, json={"kind": "correction", "match": 1, "blue_points": 3, "red_points": 8}).json()
    assert fixed["matches"][1]["source"]["source"] == "organiser" and fixed["matches"][1]["source"]["corrected"]
    assert cycle["matches"][2]["source"] is None                      # no points yet
    # only the organiser enters points, and a caller cannot say they came from a table
    stranger = fast.post(entries, json={"kind": "result", "match": 2, "blue_points": 8, "red_points": 1},
                         headers={"authorization": "Bearer nope"})
    assert stranger.status_code in (401, 403)
    forged = fast.post(entries, json={"kind": "result", "match": 2, "blue_points": 8, "red_points": 1,
                                      "meta": {"source": "parlour"}})
    assert forged.status_code == 422
    assert fast.post("/api/cycles", json={"players": ["Solo"]}).status_code == 422
    assert fast.get("/api/cycles/nosuch").status_code == 404


def test_bots_race_the_rest_of_a_biggles_cycle_at_live_tables(fast, short_pause):
    """Sitting by sitting: in a ring of three each match shares a player with the others, so each is a sitting of
    its own, and the server starts the next once the one before is in."""
    made = organiser(fast, "/api/cycles", {"players": "Ann\nBob\nCat", "rounds": 1})
    first = {"kind": "result", "match": 0, "blue_points": 8, "red_points": 3}
    fast.post(f"/api/cycles/{made['id']}/entries", json=first)
    stranger = fast.post(f"/api/cycles/{made['id']}/simulate", json={}, headers={"authorization": "Bearer nope"})
    assert stranger.status_code in (401, 403)                           # the organiser's key, or nothing
    assert fast.post(f"/api/cycles/{made['id']}/simulate", json={"bots": "nosuch"}).status_code == 422
    assert not fast.get(f"/api/cycles/{made['id']}").json()["bots"]["playing"]     # a refused bot lets none play
    started = fast.post(f"/api/cycles/{made['id']}/simulate", json={"seed": 5}).json()
    assert [(m["sitting"], m["sittings"]) for m in started["matches"]] == [(1, 3), (2, 3), (3, 3)]
    assert [m["match"] for m in started["matches"] if m["tables"]] == [1]       # the next sitting alone
    again = fast.post(f"/api/cycles/{made['id']}/simulate", json={"seed": 5}).json()
    assert sum(len(m["tables"]) for m in again["matches"]) == 1                  # none raced twice
    assert again["matches"][1]["tables"][0]["bots"] == ["club", "club"]         # who played: the bots' level
    cycle = until(lambda: (c := fast.get(f"/api/cycles/{made['id']}").json())["report"]["complete"] and c, 120)
    infos = [wait_over(fast, m["tables"][0]["id"]) for m in cycle["matches"][1:3]]
    assert [[s["name"] for s in i["seats"]] for i in infos] == [["Bob", "Cat"], ["Cat", "Ann"]]
    for m, info in zip(cycle["matches"][1:3], infos, strict=True):
        assert m["points"] == {m["blue"]: info["result"]["points"]["P1"], m["red"]: info["result"]["points"]["P2"]}


def test_nobody_plays_two_matches_at_once_in_a_ring_of_four(fast, short_pause):
    """Ann, Bob, Cat, Dan: round 1 is Ann v Bob and Cat v Dan, then Bob v Cat and Dan v Ann; the bots play the
    sittings one after the other, by the server alone."""
    made = organiser(fast, "/api/cycles", {"players": "Ann\nBob\nCat\nDan", "rounds": 1})
    started = fast.post(f"/api/cycles/{made['id']}/simulate", json={"pace": "quick"}).json()
    assert [(m["blue"], m["red"], m["sitting"], m["sittings"]) for m in started["matches"]] == [
        ("Ann", "Bob", 1, 2), ("Cat", "Dan", 1, 2), ("Bob", "Cat", 2, 2), ("Dan", "Ann", 2, 2)]
    assert [m["number"] for m in started["matches"]] == [1, 2, 3, 4]       # in the order they are played
    assert [m["match"] for m in started["matches"] if m["tables"]] == [0, 1]

    def seated_once():
        c = fast.get(f"/api/cycles/{made['id']}").json()
        at_tables = [p for m in c["matches"] if any(not t["finished"] for t in m["tables"])
                     for p in (m["blue"], m["red"])]
        assert len(at_tables) == len(set(at_tables)), at_tables
        return c if all(m["points"] for m in c["matches"] if not m["decider"]) else None

    cycle = until(seated_once, 120)
    assert all(m["source"]["source"] == "bots" for m in cycle["matches"] if not m["decider"])


def test_score_cards_as_pdf(client):
    import pypdfium2

    made = client.post("/api/drives", json={"teams": TEAMS[:4]}).json()
    one = client.get(f"/drives/{made['id']}/cards/Charlton?format=pdf")
    assert one.status_code == 200 and one.headers["content-type"] == "application/pdf"
    text = pypdfium2.PdfDocument(one.content)[0].get_textpage().get_text_range()
    assert "Charlton" in text and "Aston Villa" in text and "SCORE CARD" in text
    every = pypdfium2.PdfDocument(client.get(f"/drives/{made['id']}/cards.pdf").content)
    assert len(every) == 4
    assert [TEAMS[i] in every[i].get_textpage().get_text_range() for i in range(4)] == [True] * 4
    assert client.get(f"/drives/{made['id']}/cards/Charlton?format=doc").status_code == 422


def test_the_web_app_serves_the_cards_typeface(client):
    from parlour.tournaments.drive_card import FONT_FILES

    for name in FONT_FILES.values():
        answer = client.get(f"/fonts/card/{name}")
        assert answer.status_code == 200 and answer.content[:4] == b"\x00\x01\x00\x00"
    assert client.get("/fonts/card/../../printing.py").status_code == 404


def test_paused_bots_start_nothing_more_and_a_restart_carries_playing_bots_on(store, short_pause):
    """The organiser pauses: the sitting in play ends, and no other starts (the page is told so).  The log keeps
    whether the bots play: a server started on it carries them on by itself, with no request at all."""
    with TestClient(create_app(store, bot_delay=0, clock=lambda: time.monotonic() * 30)) as fast:
        made = organiser(fast, "/api/cycles", {"players": "Ann\nBob\nCat", "rounds": 1})
        fast.post(f"/api/cycles/{made['id']}/simulate", json={"pace": "quick"})
        stranger = fast.post(f"/api/cycles/{made['id']}/pause", headers={"authorization": "Bearer nope"})
        assert stranger.status_code in (401, 403)
        paused = fast.post(f"/api/cycles/{made['id']}/pause").json()
        assert {k: paused["bots"][k] for k in ("playing", "bots", "next_at")} == {"playing": False, "bots": "club",
                                                                                 "next_at": None}
        cycle = until(lambda: (c := fast.get(f"/api/cycles/{made['id']}").json())["matches"][0]["points"] and c)
        assert [m["match"] for m in cycle["matches"] if m["tables"]] == [0] and not cycle["bots"]["next_at"]
        fast.post(f"/api/cycles/{made['id']}/simulate", json={"pace": "quick"})      # let play again: sitting 2 at once
        fast.post(f"/api/cycles/{made['id']}/pause")
        until(lambda: fast.get(f"/api/cycles/{made['id']}").json()["matches"][1]["points"])
    from parlour.store.tournaments import Tournaments

    Tournaments(store).add_cycle_entry(made["id"], {"kind": "bots", "playing": True, "meta": {"at": time.time()}})
    with TestClient(create_app(store, bot_delay=0, clock=lambda: time.monotonic() * 30)) as again:
        cycle = until(lambda: (c := again.get(f"/api/cycles/{made['id']}").json())["report"]["complete"] and c, 120)
        # every match played once, none twice (deciding matches follow where the bots' points came out level)
        tables = [len(m["tables"]) for m in cycle["matches"]]
        assert len(tables) >= 3 and set(tables) == {1}, tables
        assert cycle["bots"]["playing"] and cycle["bots"]["next_at"] is None


def test_two_pages_asking_the_bots_for_a_round_at_once_start_it_once():
    """Two organiser pages whose pause between rounds ran out together: the second request finds the first at work
    and starts nothing (each reads the tables in play only once it holds the tournament)."""
    import asyncio
    import concurrent.futures

    from parlour.web.tournaments import starting

    async def both() -> tuple[bool, bool, bool, bool]:
        async with starting("d1") as first, starting("d1") as second, starting("d2") as other:
            pass
        async with starting("d1") as later:
            return first, second, other, later

    # (in a thread of its own: a browser test before it on this worker may have left an event loop running here)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, both()).result() == (True, False, True, True)


def test_the_list_of_tournaments_says_where_each_stands_and_who_won(client):
    """Review: the list showed neither state nor winner: each drive and cycle now says where it stands."""
    made = organiser(client, "/api/drives", {"title": "Four", "teams": TEAMS[:4], "rounds": 2})
    state = lambda url: client.get(url).json()[0]["state"]                                   # noqa: E731
    assert state("/api/drives") == "not started"
    drive = client.get(f"/api/drives/{made['id']}").json()
    games = [f for games in drive["rounds"] for f in games if not f["bye"]]
    entries = f"/api/drives/{made['id']}/entries"
    for n, f in enumerate(games):
        client.post(entries, json={"kind": "result", "round": f["round"], "table": f["table"],
                                   "home_goals": 3 if f["home"] == "Charlton" or f["away"] != "Charlton" else 0,
                                   "away_goals": 3 if f["away"] == "Charlton" else 1})
        if n == 0:
            assert state("/api/drives") == "round 1 of 2 being played"
        if n == len(drive["rounds"][0]) - 1:
            assert state("/api/drives") == "round 2 of 2 next"
    summary = client.get(f"/api/drives/{made['id']}").json()["summary"]
    assert summary["complete"]
    champions = summary["champions"]
    assert state("/api/drives") == (f"finished: {champions[0]} champions" if len(champions) == 1 else
                                    f"finished: joint champions {', '.join(champions[:-1])} and {champions[-1]}")
    made = organiser(client, "/api/cycles", {"players": "Ann\nBob\nCat", "rounds": 1})
    assert state("/api/cycles") == "not started"
    entries = f"/api/cycles/{made['id']}/entries"
    client.post(entries, json={"kind": "result", "match": 0, "blue_points": 8, "red_points": 3})   # Ann beats Bob
    assert state("/api/cycles") == "round 1 of 1 being played"
    client.post(entries, json={"kind": "result", "match": 1, "blue_points": 8, "red_points": 2})   # Bob beats Cat
    client.post(entries, json={"kind": "result", "match": 2, "blue_points": 1, "red_points": 8})   # Ann beats Cat
    assert state("/api/cycles") == "finished: Ann champion"


def test_a_cycle_match_where_a_person_made_no_move_is_marked_for_the_organiser_to_keep_or_play_again(fast):
    """Review 15c: Rosa pressed Start and closed the tab; the bot raced on alone and the cycle counted 0–8 as an
    ordinary result.  Now the result says Rosa made no move, and the organiser keeps it or plays the match again."""
    from parlour.games.biggles import GAME
    from parlour.games.biggles.bots import ReflexBot
    from parlour.games.biggles.twin import Reflexes

    made = organiser(fast, "/api/cycles", {"players": "Rosa\nBert", "rounds": 1})
    table = fast.post(f"/api/cycles/{made['id']}/matches/0/table",
                      json={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "practised"}]}).json()
    # the match as it went: Bert's bot raced alone, Rosa's seat never moved
    state = GAME.new_state(seats=2, variant={"matches": 1, "deciders": 0}, seed=3)
    reflexes = Reflexes(state, {1: ReflexBot(1, 5, "practised")})
    reflexes.plan(1, 0.0)
    while reflexes.step() is not None:
        pass
    assert state.is_over and {seat for seat, _ in state.history} == {1}
    app = fast.app
    app.state.tournaments.enter_finished(table["id"], app.state.store.load(table["id"]).meta, state)
    match = fast.get(f"/api/cycles/{made['id']}").json()["matches"][0]
    assert match["points"] == {"Rosa": 0, "Bert": 8}
    assert match["source"]["idle"] == ["Rosa"] and match["source"]["table_id"] == table["id"]
    keep = f"/api/cycles/{made['id']}/matches/0/keep"
    assert fast.post(keep, headers={"authorization": "Bearer nope"}).status_code in (401, 403)
    kept = fast.post(keep).json()["matches"][0]
    assert kept["points"] == {"Rosa": 0, "Bert": 8} and kept["source"]["kept"] == ["Rosa"]
    assert "idle" not in kept["source"]
    assert fast.post(keep).status_code == 422                         # nothing left to keep
    # a match whose result has no such mark has nothing to keep
    assert fast.post(f"/api/cycles/{made['id']}/matches/1/keep").status_code == 422


def test_a_cycle_match_stands_still_while_the_persons_page_is_closed_and_counts_in_when_it_opens(fast):
    """Review 15c: Rosa pressed Start and closed the tab.  The race stops with her page (the bot does not race on
    alone), and when she opens the table again it counts in before anyone may move."""
    from test_api import next_view
    from test_biggles_start import view_until

    made = organiser(fast, "/api/cycles", {"players": "Rosa\nBert", "rounds": 1})
    table = fast.post(f"/api/cycles/{made['id']}/matches/0/table",
                      json={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "practised"}]}).json()
    url = f"/ws/tables/{table['id']}?token={table['token']}"
    with fast.websocket_connect(url) as ws:
        ws.send_json({"type": "ready"})
        view_until(ws, lambda v: v["moves"] >= 2)                     # the race is on: Bert's bot moves
    until(lambda: not fast.get(f"/api/tables/{table['id']}").json()["running"], 10)
    moves = fast.get(f"/api/tables/{table['id']}").json()["moves"]
    time.sleep(0.5)                                                   # (15 s of the race's clock)
    info = fast.get(f"/api/tables/{table['id']}").json()
    assert (info["running"], info["over"], info["moves"]) == (False, False, moves)   # Bert waits for her
    assert fast.get(f"/api/cycles/{made['id']}").json()["matches"][0]["points"] is None
    with fast.websocket_connect(url) as ws:                           # back: the count runs again first
        back = next_view(ws)
        assert back["race"]["phase"] == "counting" and back["race"]["resumed"] is True and back["legal"] == []


def test_the_printed_cycle_sheet_marks_a_match_a_bot_played_for_a_person(fast):
    """Review 16c: the cycle's page read "Me (bot: Club player)" for a match a bot played for Me, but the printed
    sheet said only "Me" and crowned him.  The sheet (page and PDF) now marks the stand-in."""
    made = organiser(fast, "/api/cycles", {"players": "Ann\nBob\nCat", "rounds": 1})
    # Ann sits at match 1's table in person ...
    fast.post(f"/api/cycles/{made['id']}/matches/0/table",
              json={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "practised"}]})
    # ... and a bot plays match 3 for her (Cat, a bot all along, is no stand-in), once the earlier sittings are in
    for match in (0, 1):
        assert fast.post(f"/api/cycles/{made['id']}/entries",
                         json={"kind": "result", "match": match, "blue_points": 8, "red_points": 4}).status_code == 200
    table = fast.post(f"/api/cycles/{made['id']}/matches/2/table",
                      json={"seats": [{"kind": "bot", "bot": "practised"}, {"kind": "bot", "bot": "newcomer"}],
                            "seed": 5}).json()
    wait_over(fast, table["id"])
    sheet = fast.get(f"/cycles/{made['id']}/sheet").text
    rows = sheet.split('<tr class="match">')[1:]
    assert "(bot stood in)" not in rows[0] and "(bot stood in)" not in rows[1]
    assert rows[2].count("Ann <small>(bot stood in)</small>") >= 1 and "Cat <small>" not in rows[2], rows[2]
    # ... and the PDF the same
    import pypdfium2

    pdf = fast.get(f"/cycles/{made['id']}/sheet?format=pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    text = pypdfium2.PdfDocument(pdf.content)[0].get_textpage().get_text_range()
    assert text.count("(bot stood in)") == 1, text


def test_a_cycles_bots_race_slow_enough_to_follow_unless_asked_to_be_quick(fast):
    """Review 24: a cycle of bots was over in about a minute, before anyone could watch; a drive's organiser could
    choose a pace.  A cycle's bots now race at a quarter of a live table's speed by default, or at it, "quick"."""
    made = organiser(fast, "/api/cycles", {"players": "Ann\nBob\nCat", "rounds": 1})
    before = fast.get(f"/api/cycles/{made['id']}").json()["bots"]
    assert before["pace"] == "watch" and [p["name"] for p in before["paces"]] == ["watch", "quick"]
    assert before["paces"][0]["title"].startswith("Slow enough to follow")
    assert fast.post(f"/api/cycles/{made['id']}/simulate", json={"pace": "crawl"}).status_code == 422
    started = fast.post(f"/api/cycles/{made['id']}/simulate", json={"seed": 3}).json()
    assert started["bots"]["pace"] == "watch"
    table = started["matches"][0]["tables"][0]["id"]
    live = fast.app.state.tables.live[table]
    assert live.race_pace == 0.25                       # the race at a quarter of a live table's speed
    if live.live is not None:
        from parlour.games.biggles.levels import LIVE_PACE

        assert live.live.reflexes.pace == LIVE_PACE * 0.25
    fast.post(f"/api/cycles/{made['id']}/pause")
    quick = fast.post(f"/api/cycles/{made['id']}/simulate", json={"pace": "quick"}).json()
    assert quick["bots"]["pace"] == "quick"
