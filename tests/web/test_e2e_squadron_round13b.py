"""Squadron Scramble, review 23b: a turn still to miss for a wrong name is shown as "misses 1 turn" on the player
while the game goes on, and no more once it is over (the badge stood under "Game over"; the round's summary says
the turns missed)."""

from __future__ import annotations

import json

import httpx

from conftest import play_out, seat_view

SEATS = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic", "name": "Arthur"}]

#: the board drawn by the game's own module from a view, with a turn to miss put on Arthur; the badges it shows
DRAWN = """async (view) => {
  const mod = await import('/static/games/squadron-scramble.js');
  view.observation.forfeits = [0, 1];
  const el = document.createElement('div'); el.className = 'board'; document.body.append(el);
  mod.render(el, { view, obs: view.observation, seat: view.seat, legal: view.legal, act: () => true, send: () => true,
    refuse: () => true, readOnly: false, redraw: () => {}, finish: null });
  const out = [...el.querySelectorAll('[data-testid=misses]')].map((b) => b.textContent);
  el.remove();
  return out; }"""


def test_the_badge_of_a_turn_to_miss_goes_with_the_game_over(server, page):
    made = httpx.post(
        server.url + "/api/tables",
        json={"game": "squadron-scramble", "seed": 5, "seats": SEATS, "variant": {"target": 100}},
    ).json()
    page.goto(server.url + "/")
    page.evaluate(
        "([id, seat]) => localStorage.setItem(`parlour:${id}`, JSON.stringify(seat))",
        [made["id"], {"seat": made["seat"], "token": made["token"]}],
    )
    page.goto(server.url + made["url"])
    page.wait_for_selector(".board")
    playing = seat_view(page, server)
    assert not playing["over"]
    assert page.evaluate(DRAWN, json.loads(json.dumps(playing))) == ["misses 1 turn"]
    play_out(server.url, made, lambda view: view["legal"][0], limit=240)
    over = seat_view(page, server)
    assert over["over"]
    assert page.evaluate(DRAWN, over) == []
