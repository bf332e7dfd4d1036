"""The web API and the play socket: whole games, hidden information, bad input, reconnection, restart."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.bots import bot_names
from parlour.games import GAMES, get_game
from parlour.web.app import create_app

#: a small, quick setting of every game, with a person in seat 0 and bots elsewhere
SETTINGS = {
    "football-whist": (4, {}),
    "squadron-scramble": (2, {"max_rounds": 1}),
    "british-towns-asking": (3, {}),
    "british-towns-sets": (2, {}),
    "biggles": (2, {"matches": 1, "deciders": 0}),
}
SECRET_KEYS = {"hands", "deal", "stock", "variant"}


def person_and_bots(game_id: str, people: int = 1) -> dict:
    seats, variant = SETTINGS[game_id]
    bot = get_game(game_id).bots and list(get_game(game_id).bots)[0] or "random"
    return {
        "game": game_id, "seed": 11, "variant": variant,
        "seats": [{"kind": "person", "name": f"P{i}"} for i in range(people)]
                 + [{"kind": "bot", "bot": bot if game_id != "biggles" else "practised"}] * (seats - people),
    }


def take(client, made: dict, seat: int, name: str | None = None) -> dict:
    """Takes person seat ``seat`` of a table just made, with the invite its join link carries."""
    invite = made["join"][str(seat)].split("#invite=")[1]
    answer = client.post(f"/api/tables/{made['id']}/seats/{seat}/claim", json={"invite": invite, "name": name})
    assert answer.status_code == 200, answer.text
    return answer.json()


def next_view(ws) -> dict:
    while True:
        message = ws.receive_json()
        if message["type"] == "view":
            return message


def next_error(ws) -> dict:
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            return message


def play_out(ws, limit: int = 5000) -> dict:
    """Play seat's first legal move at every view until the game is over."""
    for _ in range(limit):
        view = ws.receive_json()
        if view["type"] != "view":
            continue
        if view["over"]:
            return view
        race = view.get("race")
        if race and view["seat"] in race["waiting_for"]:          # a race starts once every person is ready
            ws.send_json({"type": "ready"})
        if view["legal"]:
            ws.send_json({"type": "act", "action": view["legal"][-1],
                          "moves": None if view["real_time"] else view["moves"]})
    raise AssertionError("the game did not finish")


@pytest.fixture
def fast(store):
    """A client whose real-time clock runs thirty times faster than the wall's."""
    with TestClient(create_app(store, bot_delay=0, clock=lambda: time.monotonic() * 30)) as c:
        yield c


def test_games_are_listed_with_their_variants(client):
    games = client.get("/api/games").json()
    assert [g["id"] for g in games] == list(GAMES)
    fw = next(g for g in games if g["id"] == "football-whist")
    assert {v["name"] for v in fw["variants"]} == {o.name for o in GAMES["football-whist"].variants}
    # each option in words over its identifier (records and --variant keep the identifier)
    lead = next(v for v in fw["variants"] if v["name"] == "after_goal_lead")
    assert lead["label"] == "Who leads after a goal"
    words = dict(zip(lead["choices"], lead["choice_labels"], strict=True))
    assert words["kicker-left"] == "The player left of the kicker"
    assert "heuristic" in fw["bots"] and fw["seat_counts"] == [4]
    assert client.get("/api/games/biggles").json()["real_time"] is True
    assert client.get("/api/games/whist").status_code == 404


def test_bots_are_listed_weakest_first_with_plain_names_and_a_line_each(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game in games.values():
        catalogue = game["bot_catalogue"]
        assert [b["name"] for b in catalogue] == game["bots"]           # the ids, as before, in the same order
        assert all(b["title"] and b["description"] for b in catalogue), game["id"]
        assert catalogue[0] == {"name": "random", "title": "Beginner",
                                "description": "Plays any legal move, chosen at random: the weakest opponent"}
        # titles in plain words: no method's initials, no brackets (the method is in the line under it)
        assert not any(re.search(r"[A-Z]{2}|\(", b["title"]) for b in catalogue), catalogue
        if not game["real_time"]:
            descriptor = get_game(game["id"])
            assert game["bots"] == bot_names(descriptor)
            if not descriptor.bot_order:
                assert game["bots"][-2:] == ["pimc", "expert"]            # the search bots, strongest last
            # a newcomer's opponent: the casual player, next to the random one (docs/arena.md)
            assert game["default_bot"] == "casual" == game["bots"][1]
            assert next(b for b in catalogue if b["name"] == game["default_bot"])["title"] == "Casual player"
            assert "newcomer" not in game["bots"]                          # the model it is tuned to: no menu
        # the lines agree with the order: only the last is called the strongest, and none is called strong that
        # a bot after it outranks (the asking game's card counter comes below its club player)
        lines = [b["description"] for b in catalogue]
        assert not any(re.match(r"(The strongest|Strong)\b", line) for line in lines[:-2]), lines
        assert not re.match("The strongest", lines[-2]), lines
    assert games["british-towns-asking"]["bots"] == ["random", "casual", "pimc", "remembering", "expert"]
    biggles = games["biggles"]
    assert biggles["bots"] == ["random", "gentle", "newcomer", "casual", "club", "practised"]
    titles = [b["title"] for b in biggles["bot_catalogue"]][1:]
    assert titles == ["Casual player", "Improving player", "Regular player", "Club player", "Expert"]
    assert biggles["default_bot"] == "gentle"                              # the gentlest level


def test_a_level_has_the_same_name_in_every_game(client):
    """Review 15c: Football Whist offered a Casual player where Biggles offered Gentle, Newcomer and Casual for the
    levels round it.  Now the same word means the same strength in every game: the weakest is the Beginner, the
    default (the one a newcomer beats about half the time, docs/arena.md) the Casual player, the strongest the
    Expert, with a Club player in between."""
    for game in client.get("/api/games").json():
        titles = [b["title"] for b in game["bot_catalogue"]]
        default = next(b["title"] for b in game["bot_catalogue"] if b["name"] == game["default_bot"])
        assert (titles[0], default, titles[-1]) == ("Beginner", "Casual player", "Expert"), (game["id"], titles)
        assert titles.index("Casual player") == 1 and "Club player" in titles[2:-1], (game["id"], titles)
        assert len(set(titles)) == len(titles), titles


def test_a_seat_with_no_bot_named_gets_the_default_bot(client):
    for game, players in (("biggles", 2), ("football-whist", 4)):
        made = client.post("/api/tables", json={"game": game, "seats": [{"kind": "person"}]
                                                + [{"kind": "bot"}] * (players - 1)}).json()
        seats = client.get(f"/api/tables/{made['id']}").json()["seats"]
        assert {s["bot"] for s in seats[1:]} == {client.get(f"/api/games/{game}").json()["default_bot"]}


@pytest.mark.parametrize("game_id", list(SETTINGS))
def test_a_whole_game_over_the_socket(fast, store, game_id):
    made = fast.post("/api/tables", json=person_and_bots(game_id)).json()
    with fast.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        final = play_out(ws)
    assert final["result"] == fast.get(f"/api/tables/{made['id']}").json()["result"]
    stored = store.load(made["id"])
    assert stored.finished is not None and stored.result == final["result"]
    assert len(stored.actions) == final["moves"]
    assert [t["id"] for t in fast.get(f"/api/tables?finished=true&mine={made['id']}").json()] == [made["id"]]
    record = json.loads(fast.get(f"/api/tables/{made['id']}/record").text)
    assert record["result"] == final["result"] and len(record["actions"]) == final["moves"]


@pytest.mark.parametrize("game_id", list(SETTINGS))
def test_each_connection_gets_only_its_own_seat(client, store, game_id):
    made = client.post("/api/tables", json=person_and_bots(game_id, people=2)).json()
    other = take(client, made, 1)
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as me, \
            client.websocket_connect(f"/ws/tables/{made['id']}?token={other['token']}") as you, \
            client.websocket_connect(f"/ws/tables/{made['id']}") as watcher:
        sockets = {0: me, 1: you, None: watcher}
        views = {seat: next_view(ws) for seat, ws in sockets.items()}
        # a bot may move between one connection's first view and the next: each reads on to the same position
        for _ in range(50):
            latest = max(v["moves"] for v in views.values())
            if all(v["moves"] == latest for v in views.values()):
                break
            views = {seat: v if v["moves"] == latest else next_view(sockets[seat]) for seat, v in views.items()}
    stored = store.load(made["id"])
    state = get_game(game_id).new_state(seats=len(stored.seats), variant=stored.variant, seed=stored.seed)
    for seat, action, _ in stored.actions[: views[0]["moves"]]:
        state.apply(seat, action)
    assert views[0]["moves"] == views[1]["moves"] == views[None]["moves"]
    for seat, view in views.items():
        assert view["seat"] == seat
        assert json.loads(json.dumps(state.observation(seat))) == view["observation"]
        assert not SECRET_KEYS & set(view["observation"])
        # a race waits for every person, then for each to be ready, then counts: moves only once it is on
        waits = view["real_time"] and view["race"]["phase"] != "running"
        assert view["legal"] == (list(state.legal_actions(seat)) if seat is not None and not waits else [])
    if game_id != "biggles":                     # Biggles has no hand in view: every card is face down or face up
        assert "hand" not in views[None]["observation"]
        assert views[0]["observation"]["hand"] != views[1]["observation"]["hand"]


def test_football_whist_hands_never_reach_another_seat(client):
    made = client.post("/api/tables", json=person_and_bots("football-whist", people=1)).json()
    state = get_game("football-whist").new_state(seats=4, seed=11)
    shown_at_the_cut = {card for cut in state.observation(None)["cuts"] for card in cut}
    others = {card for seat in (1, 2, 3) for card in state.snapshot()["hands"][seat]} - shown_at_the_cut
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        text = json.dumps(next_view(ws))
    assert len(others) > 25 and not [card for card in others if json.dumps(card) in text]


def test_bad_requests_are_refused_and_change_nothing(client):
    post = lambda body: client.post("/api/tables", json=body)
    as_json = {"content-type": "application/json"}
    assert client.post("/api/tables", content=b"{not json", headers=as_json).status_code == 400
    assert client.post("/api/tables", content=b"[1, 2]", headers=as_json).status_code == 400
    assert client.post("/api/tables", content=b"{" + b" " * 20000 + b"}", headers=as_json).status_code == 413
    assert post({"game": "whist", "seats": [{"kind": "person"}]}).status_code == 404
    assert post({"game": "football-whist", "seats": [{"kind": "person"}] * 3}).status_code == 422
    assert post({"game": "football-whist", "seats": [{"kind": "robot"}] * 4}).status_code == 422
    assert post({"game": "football-whist", "seats": [{"kind": "bot", "bot": "genius"}] * 4}).status_code == 422
    bad_variant = post({"game": "football-whist", "seats": [{"kind": "person"}] * 4, "variant": {"offside": True}})
    assert bad_variant.status_code == 422 and "offside" in bad_variant.json()["detail"]
    assert post({"game": "football-whist", "seats": [{"kind": "person"}] * 4, "seed": -1}).status_code == 422
    assert post({"game": "football-whist", "seats": [{"kind": "person"}] * 4, "seed": "x"}).status_code == 422
    assert client.get("/api/tables").json() == []
    assert client.get("/api/tables/nosuch").status_code == 404


def test_seats_are_taken_once(client):
    made = client.post("/api/tables", json=person_and_bots("football-whist", people=2)).json()
    claim = lambda seat: client.post(f"/api/tables/{made['id']}/seats/{seat}/claim", json={})
    assert claim(0).status_code == 409                           # the creator holds it
    take(client, made, 1)
    taken = claim(1)
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    assert claim(2).status_code == 409                           # a bot's
    assert claim(9).status_code == 404


def test_bad_messages_get_a_reason_and_change_nothing(client):
    made = client.post("/api/tables", json=person_and_bots("football-whist")).json()     # alone: his seed, his kick
    url = f"/ws/tables/{made['id']}"
    with client.websocket_connect(f"{url}?token={made['token']}") as ws, client.websocket_connect(url) as watcher:
        view = next_view(ws)
        next_view(watcher)
        assert view["legal"]                                  # seat 0 kicks off
        wrong = [
            ("not json", "JSON"),
            (json.dumps({"type": "act", "action": "x" * 5000}), "too large"),
            (json.dumps(["act"]), "type"),
            (json.dumps({"type": "shout"}), "type"),
            (json.dumps({"type": "act"}), "short text"),
            (json.dumps({"type": "act", "action": 7}), "short text"),
            (json.dumps({"type": "act", "action": "fly to the moon"}), ""),
            (json.dumps({"type": "act", "action": "play E7"}), ""),      # not the phase for playing a card
            (json.dumps({"type": "act", "action": view["legal"][0], "moves": 3}), "changed before your move"),
            (json.dumps({"type": "act", "action": view["legal"][0], "moves": "3"}), "whole number"),
        ]
        for text, reason in wrong:
            ws.send_text(text)
            answer = next_error(ws)
            assert reason in answer["message"], (text, answer)
        watcher.send_json({"type": "act", "action": view["legal"][0]})
        assert "spectators" in next_error(watcher)["message"]
        ws.send_json({"type": "view"})
        assert next_view(ws)["moves"] == 0                     # nothing changed
    with client.websocket_connect(f"{url}?token=forged") as ws:
        assert "seat key" in ws.receive_json()["message"]
    with client.websocket_connect("/ws/tables/nosuch") as ws:
        assert "no table" in ws.receive_json()["message"]


def test_out_of_turn_moves_are_refused(client):
    """Two people, so the server deals (and chooses who kicks off): the one not to move tries the other's move."""
    made = client.post("/api/tables", json=person_and_bots("football-whist", people=2)).json()
    keys = {0: made["token"], 1: take(client, made, 1)["token"]}
    with client.websocket_connect(f"/ws/tables/{made['id']}") as watcher:
        view = next_view(watcher)
        while not set(view["to_move"]) & {0, 1}:                # the bots play up to a person's turn
            view = next_view(watcher)
    mover = view["to_move"][0]
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={keys[mover]}") as me, \
            client.websocket_connect(f"/ws/tables/{made['id']}?token={keys[1 - mover]}") as you:
        legal = next_view(me)["legal"]
        view = next_view(you)
        assert view["legal"] == [] and view["to_move"] == [mover] and legal
        you.send_json({"type": "act", "action": legal[0]})
        assert "turn" in next_error(you)["message"]


def test_record_and_replay_wait_for_the_end(client):
    made = client.post("/api/tables", json=person_and_bots("football-whist")).json()
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 403
    assert client.get(f"/api/tables/{made['id']}/replay").status_code == 403


def test_replay_steps_through_every_seat(fast):
    made = fast.post("/api/tables", json=person_and_bots("british-towns-sets")).json()
    with fast.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
        final = play_out(ws)
    record = json.loads(fast.get(f"/api/tables/{made['id']}/record").text)
    step = fast.get(f"/api/tables/{made['id']}/replay?step=3&seat=all").json()
    assert step["steps"] == final["moves"] and len(step["views"]) == 2
    assert [step["action"]["seat"], step["action"]["action"]] == record["actions"][2][:2]
    one = fast.get(f"/api/tables/{made['id']}/replay?step=0&seat=1").json()
    assert [v["seat"] for v in one["views"]] == [1] and one["action"] is None
    end = fast.get(f"/api/tables/{made['id']}/replay?step={final['moves']}").json()
    assert end["result"] == final["result"]
    assert fast.get(f"/api/tables/{made['id']}/replay?step=99999").status_code == 422
    assert fast.get(f"/api/tables/{made['id']}/replay?seat=7").status_code == 422


def test_reconnecting_continues_where_the_player_was(client):
    made = client.post("/api/tables", json=person_and_bots("football-whist")).json()
    url = f"/ws/tables/{made['id']}?token={made['token']}"
    with client.websocket_connect(url) as ws:
        view = next_view(ws)
        ws.send_json({"type": "act", "action": view["legal"][0], "moves": 0})
        assert next_view(ws)["moves"] == 1
    with client.websocket_connect(url) as ws:
        again = next_view(ws)
        assert again["seat"] == 0 and again["moves"] >= 1


def test_a_restarted_server_rebuilds_every_table_from_the_log(store):
    with TestClient(create_app(store, bot_delay=0)) as c:
        made = c.post("/api/tables", json=person_and_bots("squadron-scramble")).json()
        with c.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            for _ in range(6):
                view = next_view(ws)
                if view["legal"]:
                    ws.send_json({"type": "act", "action": view["legal"][0], "moves": view["moves"]})
            before = next_view(ws)
    with TestClient(create_app(store, bot_delay=0)) as c:          # a new process, the same database
        with c.websocket_connect(f"/ws/tables/{made['id']}?token={made['token']}") as ws:
            after = next_view(ws)
    assert after["moves"] >= before["moves"] >= 3
    stored = store.load(made["id"])
    state = get_game("squadron-scramble").new_state(seats=2, variant=stored.variant, seed=stored.seed)
    for seat, action, _ in stored.actions[: before["moves"]]:
        state.apply(seat, action)
    assert json.loads(json.dumps(state.observation(0))) == before["observation"]


def test_rules_pages(client):
    for game_id in GAMES:
        page = client.get(f"/rules/{game_id}")
        assert page.status_code == 200 and "Rulings" in page.text
    assert "reconstructed" in client.get("/rules/british-towns-sets").text
    asking, sets = client.get("/rules/british-towns-asking").text, client.get("/rules/british-towns-sets").text
    assert "A1. Seats" in asking and "S1. Seats" not in asking          # each British Towns game has its own page
    assert "S1. Seats" in sets and "A1. Seats" not in sets
    assert client.get("/rules/nosuch").status_code == 404


def test_rules_pages_are_written_for_players(client):
    """The page keeps the player's sections of the document and says variants as the menu does: no variant
    identifier, game id, pointer into the source or the terminal's quick start."""
    for game_id in GAMES:
        text = client.get(f"/rules/{game_id}").text
        assert "src/parlour" not in text and "game id" not in text and "Quick start" not in text, game_id
        assert not re.search(r"<code>[a-z_]+=[^<\s]+</code>", text), game_id
        assert "Sources and confidence" not in text and "Variants" in text
    whist = client.get("/rules/football-whist").text
    assert "“Own goals count: on”" in whist and "own_goals=true" not in whist
    assert 'href="/rules/british-towns-sets"' in client.get("/rules/british-towns-asking").text


#: what a card player should never meet on a rules page: the notation, identifiers and files of the source
CODES = {
    "a code or a command in code type": r"<code>.*?</code>",
    "a plane card's code": r"\b[A-Z]{1,3}\d{1,3}/[TSF]\b",
    "a plane's or a wild card's code": r"\b(?:P3[89]|P40|B17|A17|WEL|BLE|I16|DB3|ME109|DO26|CR42|SM79|MI96|KI99"
                                        r"|KEF|VIC|BIG)\b",
    "a card code": r"\b(?:[EISWKR]\d{1,2}|R[1-9])\b",
    "a position code": r"\b(?:[WE][1-4]|WG|EG)\b",
    "a seat id": r"\b(?:[AB][12]|P[1-9])\b",
    "a town's code": r"\b[A-Z]{2,}(?:-[A-Z]{2,})+\b|\b(?:CREWE|COWES|LONDON|GLASGOW)\b",
    "a raw value": r"\b(?:true|false|None|null)\b|\b(?:trick-winner|kicker-left)\b",
    "an identifier": r"\b[a-z]+_[a-z_]+\b",
    "a file or the source": r"\.(?:json|md|py)\b|\b(?:src|docs|bench)/",
    "the maintainers' words": r"\b(?:terminal|command line|observation|game id|seed|NAME=VALUE)\b",
}


def test_rules_pages_carry_no_codes(client):
    """A rules page reads as a rulebook: no card, position or action codes, seat ids, variant identifiers or raw
    values, file names, and no word of the terminal or the source.  (A ruling's own number, such as A4 in the
    asking game, is its name and stays.)"""
    found = []
    for game_id in GAMES:
        page = client.get(f"/rules/{game_id}").text
        body = page.split('<article class="rules">', 1)[1].split("</article>", 1)[0]
        if game_id.startswith("british-towns"):  # the asking game's rulings are A1-A9, the sets game's S1-S12
            body = re.sub(r"(?:[Rr]ulings?\s+|<h3[^>]*>|, | and )[AS]\d{1,2}\b", " ", body)
        for what, pattern in CODES.items():
            text = body if what.startswith("a code or") else re.sub(r"<[^>]+>", " ", body)
            found += [f"{game_id}: {what}: {m.group(0)!r} in …{text[max(0, m.start() - 50):m.end() + 30]!r}…"
                      for m in re.finditer(pattern, text)]
    assert not found, "\n".join(found[:60]) + f"\n({len(found)} in all)"


def test_rules_pages_open_with_a_five_line_quick_start():
    import re

    import markdown

    for game_id in GAMES:
        doc = Path(__file__).resolve().parents[2] / "docs" / "rules" / f"{game_id}.md"
        text = doc.read_text("utf-8")
        starts = [m.start() for m in re.finditer(r"^## Quick start", text, re.M)]
        assert starts and starts[-1] < text.index("## Sources and confidence"), game_id
        for start in starts:
            block = text[start:].split("\n## ", 1)[0]
            assert len(re.findall(r"^\d\. ", block, re.M)) == 5, (game_id, block)
        assert "<h2" in markdown.markdown(text)


def test_pages_are_served(client):
    for path in ("/", "/new/biggles", "/t/abc", "/t/abc/join/1", "/games", "/replay/abc"):
        response = client.get(path)
        assert response.status_code == 200 and '<script type="module" src="/static/app.js">' in response.text
    assert client.get("/static/app.js").status_code == 200


def test_game_data_is_served_from_the_files_the_rules_load(client):
    from parlour.games.british_towns.pack import pack_data as towns_data
    from parlour.games.football_whist.cards import pack_data
    from parlour.games.football_whist.pitch import build_pitch, default_pitch
    from parlour.games.squadron_scramble.cards import pack_data as planes_data

    fw = client.get("/api/games/football-whist/data").json()
    assert fw["pack"] == pack_data() and fw["pitch"]["confidence"] == "reconstructed"
    assert build_pitch(fw["pitch"]).neighbours == default_pitch().neighbours
    assert client.get("/api/games/squadron-scramble/data").json()["planes"] == planes_data()
    assert client.get("/api/games/british-towns-sets/data").json()["towns"] == towns_data()
    assert client.get("/api/games/biggles/data").json() == {}
    assert client.get("/api/games/nosuch/data").status_code == 404


def test_the_favicon_is_served_and_named_by_every_page(client):
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in icon.content
    for path in ("/", "/rules/football-whist"):
        assert 'rel="icon" href="/static/favicon.svg"' in client.get(path).text
    assert client.get("/static/favicon.svg").status_code == 200


def test_rules_pages_show_the_labs_figures_where_published(client, tmp_path, monkeypatch):
    from parlour.web.routers import pages

    monkeypatch.setattr(pages, "LAB", tmp_path / "none.json")
    assert "In numbers" not in client.get("/rules/football-whist").text
    headlines = {"football-whist": {"game": "football-whist", "players": 4, "decisions": 125.7,
                                    "decided_early": 0.41, "coin_flip_share": 0.18, "coin_flip_ci95": [0.12, 0.25],
                                    "depth": 4, "seat_advantage": {"who": "first player's partnership",
                                                                   "share": 0.4838, "fair": 0.5,
                                                                   "ci95": [0.4588, 0.5087]}}}
    (tmp_path / "headlines.json").write_text(json.dumps(headlines))
    monkeypatch.setattr(pages, "LAB", tmp_path / "headlines.json")
    page = client.get("/rules/football-whist").text
    assert "In numbers" in page and "48.4%" in page and "45.9% to 50.9%" in page and "18%" in page
    assert "In numbers" not in client.get("/rules/biggles").text          # no figures published for it
