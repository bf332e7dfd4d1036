"""Football Whist after review 25c:

- the half's last trick is never on the board at half time (the second deal is): the half-time box shows it, its
  four cards with their players, who won it and what became of the ball;
- at full time a last trick whose winner was never asked to move the ball (no goal within its reach) is not told
  as "then left the ball where it was", a choice he never had.
"""

from __future__ import annotations

import json

from test_e2e_football_whist_board import RENDER
from test_e2e_football_whist_round12 import _goal_ends_the_half
from test_e2e_football_whist_story import NAMES, _match

SUMMARY = """async ([before, after]) => {
    const fw = await import('/static/games/football-whist.js');
    const made = fw.summary(before, after);
    const el = document.createElement('div');
    el.append(made.body);
    document.body.append(el);
    return made.title; }"""


def test_the_half_time_box_shows_the_halfs_last_trick_and_who_won_it(server, page):
    before, after = _goal_ends_the_half()
    last = after["observation"]["tricks"][0][-1]
    page.goto(server.url + "/")
    title = page.evaluate(SUMMARY, [before, after])
    assert title.startswith("Half time"), title
    box = page.locator("[data-testid=half-last-trick]")
    assert box.count() == 1
    assert box.locator("h3").inner_text() == f"The half's last trick (trick {len(after['observation']['tricks'][0])})"
    assert box.locator(".fw-last-card").count() == 4
    names = box.locator(".fw-last-who").all_inner_texts()
    seats = [(last["leader"] + i) % 4 for i in range(4)]
    assert names == ["You" if s == 0 else NAMES[s] for s in seats], names
    winner = "You" if last["winner"] == 0 else NAMES[last["winner"]]
    assert box.locator(".fw-won .fw-last-who").inner_text() == winner
    # (this deal's half ends on a goal from the last trick's move: the box says so)
    said = box.locator(".fw-last-won").inner_text()
    assert said.startswith(f"{winner} won it · ") and "put it in the" in said, said


def test_a_last_trick_with_no_move_offered_is_not_told_as_a_choice_to_stay(server, page):
    end = _match()["end"][1]
    obs = end["observation"]
    # the match's end as the rules make it when no goal is within reach of the last trick's winner: the half ends
    # with its last card, no move asked for
    while not obs["history"][-1][1].startswith("play "):
        obs["history"].pop()
    page.goto(server.url + "/")
    page.evaluate(RENDER, [json.loads(json.dumps(end)), 1000])
    note = page.inner_text("[data-testid=trick-note]")
    assert "left the ball where it was" not in note, note
    assert "no goal was within reach of the ball, so it stayed where it was. The match is over." in note, note
