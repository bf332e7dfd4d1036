"""A drive's bots play at a pace a watcher can follow unless the organiser picks quick (review 22d: the bots finished
a whole game in about a minute, before anyone could watch it).  The pace is the drive's, kept in its log; each of
the bots' tables waits that long before every card."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from parlour.web.app import create_app
from parlour.web.tournaments import WATCH

TEAMS = ["Aston Villa", "Charlton", "Q.P. Rangers", "Swansea"]
#: the server's usual pause before a bot's card, in these tests
DELAY = 0.01


def organiser(client, body: dict) -> dict:
    made = client.post("/api/drives", json=body).json()
    client.headers["authorization"] = f"Bearer {made['key']}"
    return made


def bots_tables(client, doc_id: str) -> list:
    """The live tables the bots started for the drive."""
    drive = client.get(f"/api/drives/{doc_id}").json()
    ids = [t["id"] for games in drive["rounds"] for f in games for t in f["tables"]]
    return [client.app.state.tables.live[i] for i in ids if i in client.app.state.tables.live]


def test_the_bots_play_slow_enough_to_follow_unless_the_organiser_picks_quick(store):
    with TestClient(create_app(store, bot_delay=DELAY)) as client:
        made = organiser(client, {"title": "Club night", "teams": "\n".join(TEAMS)})
        before = client.get(f"/api/drives/{made['id']}").json()["bots"]
        # the page is told the paces on offer, each with its seconds a card, and the one chosen: the watchers'
        assert before["pace"] == "watch"
        assert before["paces"] == [{"name": "watch", "title": "Slow enough to follow", "seconds": DELAY * WATCH},
                                   {"name": "quick", "title": "Quick", "seconds": DELAY}]
        assert client.post(f"/api/drives/{made['id']}/simulate", json={"pace": "snail"}).status_code == 422
        started = client.post(f"/api/drives/{made['id']}/simulate", json={"bots": "random", "seed": 4}).json()
        assert started["bots"]["playing"] and started["bots"]["pace"] == "watch"
        tables = bots_tables(client, made["id"])
        assert len(tables) == 2 and all(t.bot_delay == DELAY * WATCH for t in tables)
        assert all(t.meta["pace"] == "watch" for t in tables)
        client.post(f"/api/drives/{made['id']}/pause")

        quick = organiser(client, {"title": "Quick night", "teams": "\n".join(TEAMS)})
        started = client.post(f"/api/drives/{quick['id']}/simulate",
                              json={"bots": "random", "seed": 4, "pace": "quick"}).json()
        assert started["bots"]["pace"] == "quick"
        tables = bots_tables(client, quick["id"])
        assert len(tables) == 2 and all(t.bot_delay == DELAY for t in tables)
        client.post(f"/api/drives/{quick['id']}/pause")
        # the pace is the drive's, in its log: a page opened later reads it
        assert client.get(f"/api/drives/{quick['id']}").json()["bots"]["pace"] == "quick"
        assert client.get(f"/api/drives/{made['id']}").json()["bots"]["pace"] == "watch"


def test_a_bots_entry_with_an_unknown_pace_is_refused(store):
    from parlour.engine.errors import ParlourError
    from parlour.tournaments.carrying import bots_state, clean_bots_entry

    assert clean_bots_entry({"kind": "bots", "playing": True, "pace": "quick"}, [], ParlourError)["pace"] == "quick"
    with pytest.raises(ParlourError, match="pace is watch"):
        clean_bots_entry({"kind": "bots", "playing": True, "pace": "fast"}, [], ParlourError)
    # a drive whose log names no pace (one let play before paces were offered): the watchers'
    assert bots_state([{"kind": "bots", "playing": True, "bots": "random"}])["pace"] == "watch"
