"""Review 23d: the finished list told the reader's own games in the third person ("Reviewer beat Arthur 11–5");
a game of his own now says "you", as his table and its replay do ("You beat Arthur 11–5", "Arthur beat you ...")."""

from __future__ import annotations

import re

import httpx
import pytest

from conftest import play_out, take_seat
from parlour.bots import make_bot
from parlour.games import get_game

SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Arthur"}]


@pytest.mark.bots_quick
def test_the_readers_own_game_says_you_in_the_finished_list(server, page):
    made = httpx.post(server.url + "/api/tables", json={"game": "british-towns-sets", "seed": 3, "seats": SEATS})
    made = made.json()
    chooser = make_bot(get_game("british-towns-sets"), "heuristic", 0, 3)
    play_out(server.url, made, lambda view: chooser.act(view["observation"], view["legal"]))
    take_seat(page, server.url, made)
    page.goto(server.url + "/games")
    row = page.locator(f"tr[data-table='{made['id']}']").first
    row.wait_for()
    said = row.locator("[data-testid=result]").inner_text()
    result = httpx.get(f"{server.url}/api/tables/{made['id']}").json()["result"]
    score = result.get("scores") or result.get("points")
    ann, arthur = (score[name] for name in get_game("british-towns-sets").seat_names(2))
    figure = lambda x: f"−{-x}" if x < 0 else str(x)  # noqa: E731
    pair = lambda x, y: f"{figure(x)} to {figure(y)}" if x < 0 or y < 0 else f"{x}–{y}"  # noqa: E731
    want = (f"You beat Arthur {pair(ann, arthur)} on points" if ann > arthur
            else f"Arthur beat you {pair(arthur, ann)} on points" if arthur > ann
            else f"You and Arthur drew {pair(ann, arthur)} on points")
    assert said.startswith(want), (said, want)
    assert not re.search(r"\bAnn\b", said), said
