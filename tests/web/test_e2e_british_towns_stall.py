"""A sets game that stalls (no set laid or added to while every card outside the hands went by) says so on the table,
with the rules' count, and the person alone with a bot finishes it from the page: the end, the finished list and the
replay say it was finished by agreement and counted as it stood."""

from __future__ import annotations

import json
import re
import time

import httpx
from websockets.sync.client import connect

from conftest import PHONE, WIDE, shot, take_seat
from test_finish_stalled import STALL_SEED, stall_move

AGREED = "finished by agreement, counted as it stood"


def stalled_table(url: str, hints: bool = False, then: str | None = None) -> tuple[dict, dict]:
    """Ann and the heuristic bot, played by Ann's waiting moves over the socket until the finish is offered (and then,
    if ``then`` is given, that move made too): the table made, and the view it left Ann at."""
    made = httpx.post(
        url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": STALL_SEED,
            "hints": hints,
            "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}],
        },
    ).json()
    held: list[str] = []
    deadline = time.monotonic() + 120
    with connect(f"{url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}") as ws:
        while True:
            assert time.monotonic() < deadline, "the game did not stall"
            view = json.loads(ws.recv(timeout=30))
            if view["type"] != "view":
                continue
            assert not view["over"], "the game ended before it stalled"
            if view["finish_offered"] and then is None:
                return made, view
            if view["finish_offered"]:
                assert then in view["legal"], view["legal"]
                ws.send(json.dumps({"type": "act", "action": then, "moves": view["moves"]}))
                then = None
                while (view := json.loads(ws.recv(timeout=30)))["type"] != "view" or not view["legal"]:
                    pass
                return made, view
            if view["legal"]:
                ws.send(json.dumps({"type": "act", "action": stall_move(view, held), "moves": view["moves"]}))


def test_a_stalled_game_is_said_to_be_so_and_finished_from_the_page(quick_server, page):
    made, view = stalled_table(quick_server.url)
    obs = view["observation"]
    count = obs["dry_restocks"]
    assert count >= 3 or obs["gone_by"]
    why = (f"since the stock was made again {count} times" if count >= 3
           else f"for {obs['quiet_turns']} turns, though every card outside the hands has gone by")
    for size, name in ((PHONE, "phone"), (WIDE, "wide")):
        page.set_viewport_size(size)
        take_seat(page, quick_server.url, made)
        notice = page.locator("[data-testid=stalled]")
        notice.wait_for()
        assert notice.inner_text().startswith(
            f"No set has been laid or added to {why}: as the rules stand this game may never end."
        ), notice.inner_text()
        button = page.locator("[data-testid=finish-here]")
        assert button.inner_text() == "Finish here and count"
        # (review 25a: the way out stands in the dock, where the decision is, in the window without a scroll at both
        # sizes; the notice on the table says where it is)
        assert button.evaluate("b => Boolean(b.closest('[data-testid=dock]'))")
        box = button.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], box
        assert "The button to finish it is over your hand." in notice.inner_text()
        shot(page, f"bt-stalled-{name}")
    button.click()
    page.wait_for_selector("[data-testid=result]")
    assert page.locator("[data-testid=stalled]").count() == 0
    end = page.inner_text("[data-testid=end-why]")
    assert end == "You finished the stalled game by agreement, so it ended and was counted as it stood.", end
    assert f"It was {AGREED}." in page.inner_text("[data-testid=result]")
    shot(page, "bt-stalled-finished")
    # the finished list says how it ended
    page.goto(quick_server.url + "/games")
    row = page.locator(f"tr[data-table='{made['id']}']")
    row.wait_for()
    said = row.locator("td").nth(2).inner_text()
    # (round 11: with its score, "Ann beat Bob 3–1 on points", where it read "Won by Ann")
    assert (" beat " in said or " drew " in said) and said.endswith(f" ({AGREED})"), said
    # and so does the replay: its heading, and its last step in the play so far
    page.goto(f"{quick_server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    assert f"It was {AGREED}." in page.inner_text(".table-head")
    page.locator("[data-testid=replay-stepbar] button", has_text="End").click()     # (it opens at the deal)
    page.wait_for_selector("[data-testid=step]:has-text(', the last')")
    assert "finished the stalled game by agreement, and it was counted as it stood" in page.inner_text(".views")
    shot(page, "bt-stalled-replay")


def test_a_spectator_is_told_of_the_stall_but_has_no_way_to_finish_it(quick_server, page):
    made, _ = stalled_table(quick_server.url)
    # (the count is public: everyone at the table is told; the finish is the seat's alone)
    page.goto(quick_server.url + made["url"])
    page.wait_for_selector("[data-testid=stalled]")
    assert page.locator("[data-testid=finish-here]").count() == 0
    assert page.locator("[data-testid=finish-later]").count() == 0


def test_a_stalled_game_says_when_its_way_out_comes_where_it_is_not_offered_yet(quick_server, page):
    """(review 22a: "this game may never end", and no way out in sight, once the player had drawn) the finish is
    offered only at the start of his turn: until then the notice says so."""
    made, view = stalled_table(quick_server.url, then="take discard")
    assert not view["finish_offered"] and view["observation"]["stalled"]
    take_seat(page, quick_server.url, made)
    page.wait_for_selector("[data-testid=stalled]")
    assert page.locator("[data-testid=finish-here]").count() == 0
    # (said in the dock, where his next decision will be, from the moment the table says the game has stalled)
    assert page.locator("[data-testid=dock] [data-testid=finish-later]").is_visible()
    later = page.inner_text("[data-testid=finish-later]")
    assert later == (
        "At the start of your next turn, before you draw, you may finish the game here and have it counted as it "
        "stands."
    ), later


def test_the_new_table_page_says_by_the_stalled_game_option_that_at_0_a_game_can_go_on_for_ever(quick_server, page):
    page.goto(quick_server.url + "/new/british-towns-sets")
    option = page.locator("label[data-variant=stalemate]")
    option.wait_for()
    assert option.locator("input").input_value() == "0"
    said = option.locator("small").inner_text()
    assert (
        "At 0, as on the sheet, only a hand that cannot be made up to seven ends it: once every player hoards, a "
        "game can go on for ever; the table then says so and, where the other players are bots, offers to finish "
        "and count." in said
    ), said
    option.scroll_into_view_if_needed()
    shot(page, "bt-stalled-option")


def test_a_hint_that_throws_back_the_card_just_taken_says_so_in_plain_words(quick_server, page):
    made, view = stalled_table(quick_server.url, hints=True, then="take discard")
    taken = view["observation"]["seen_in_hands"][0][-1]
    other = next(a for a in view["legal"] if a.startswith("discard ") and a != f"discard {taken}")
    bot = httpx.get(f"{quick_server.url}/api/tables/{made['id']}").json()["seats"][1]["name"]
    # the expert's answer stood in for (its search is tested elsewhere): throwing the card back is its choice
    options = [
        {"action": f"discard {taken}", "chance": 0.55, "visits": 40, "level": False},
        {"action": other, "chance": 0.41, "visits": 20, "level": False},
    ]

    def stand_in(ws) -> None:
        server = ws.connect_to_server()

        def from_page(message) -> None:
            asked = json.loads(message)
            if asked.get("type") != "hint":
                server.send(message)
                return
            answer = {
                "type": "hint",
                "seat": 0,
                "moves": asked["moves"],
                "options": options,
                "unjudged": 0,
                "iterations": 10,
                "seconds": 0.1,
            }
            ws.send(json.dumps(answer))

        ws.on_message(from_page)
        server.on_message(ws.send)

    page.route_web_socket(re.compile(r"/ws/tables/"), stand_in)
    take_seat(page, quick_server.url, made)
    page.click("[data-testid=hint-button]")
    rows = page.locator("[data-testid=hint] li")
    rows.first.wait_for()
    first, second = rows.nth(0).text_content(), rows.nth(1).text_content()
    # (review 20a: in plain words, what it does, not "THROW BACK …: a waiting move")
    name = page.evaluate("async (c) => (await import('/static/games/british-towns-common.js')).townName(c)", taken)
    assert first.startswith("Play"), first
    assert f"Discard {name} again (the card you just took): gives {bot} nothing new" in first, first
    assert "Throw back" not in first and "waiting" not in first, first
    assert "again" not in second and "Discard " in second, second
    shot(page, "bt-hint-waiting-move")


#: the stall notice of the sets table drawn from one seat's view, as the page draws it
NOTICE = """async ([obs, legal, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === seat ? 'Ann' : `Bot ${i}` }));
  const view = { seat, observation: obs, over: false, seats, moves: obs.history.length, legal };
  const el = document.createElement('div'); document.body.append(el);
  m.render(el, { obs, view, legal, act: () => {}, readOnly: false, refuse: () => {} });
  return el.querySelector('[data-testid=stalled]')?.textContent || null; }"""


def test_a_game_stalled_by_the_cards_gone_by_is_said_to_be_so_by_its_turns(quick_server, page):
    """Where every card outside the hands has gone by since the last set (taken and thrown back, or drawn), before a
    third new stock, the notice counts the turns; at a third new stock, the stocks."""
    from parlour.games.british_towns import SETS

    state = SETS.new_state(seats=2, seed=3)
    seat = state.turn
    obs = state.observation(seat)
    page.goto(quick_server.url + "/")
    assert page.evaluate(NOTICE, [obs, list(state.legal_actions(seat)), seat]) is None
    obs.update(stalled=True, gone_by=True, dry_restocks=0, quiet_turns=16)
    said = page.evaluate(NOTICE, [obs, list(state.legal_actions(seat)), seat])
    assert said == (
        "No set has been laid or added to for 16 turns, though every card outside the hands has gone by: as the rules "
        "stand this game may never end."
    ), said
    obs.update(dry_restocks=3, quiet_turns=30)
    said = page.evaluate(NOTICE, [obs, list(state.legal_actions(seat)), seat])
    assert said == (
        "No set has been laid or added to since the stock was made again 3 times: as the rules stand this game may "
        "never end."
    ), said


#: the line of what the others did since the player's last turn, as the page draws it on a laptop at his turn
SINCE = """async ([obs, legal, seat]) => { const m = await import('/static/games/british-towns-sets.js');
  const seats = obs.seat_names.map((n, i) => ({ name: i === seat ? 'Ann' : `Bot ${i}`,
    kind: i === seat ? 'person' : 'bot' }));
  const view = { seat, observation: obs, over: false, seats, moves: obs.history.length, legal };
  const el = document.createElement('div'); document.body.append(el);
  m.render(el, { obs, view, legal, act: () => {}, readOnly: false, refuse: () => {} });
  return el.querySelector('[data-testid=since]')?.textContent || null; }"""


def test_the_line_of_what_the_other_did_is_short_and_points_to_the_play_log(quick_server, page):
    """(review: the line ran to some 80 words at a turn after the other laid a set and drew back up to seven) the line
    gives the gist of each move, and the towns laid, the cards drawn and a new stock's count stay in the play log."""
    from parlour.bots import decide, make_bot
    from parlour.games.british_towns import SETS

    for seed in range(40):
        state = SETS.new_state(seats=2, seed=seed)
        bots = [make_bot(SETS, "heuristic", s, seed) for s in (0, 1)]
        while not state.is_over:
            seat = state.turn
            state.apply(seat, decide(bots[seat], state, seat))
            last = [a for s, a in state.history if s == 1]
            if state.turn == 0 and state.phase == "draw" and state.history[-1][0] == 1 and any(
                a.startswith("lay ") for s, a in state.history[-3:] if s == 1
            ) and last:
                break
        else:
            continue
        break
    else:
        raise AssertionError("no deal had the bot lay a set")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(quick_server.url + "/")
    said = page.evaluate(SINCE, [state.observation(0), list(state.legal_actions(0)), 0])
    assert said.startswith("Since your last turn: Bot 1 "), said
    assert "laid down " in said and "back up to seven" in said, said
    assert ":" not in said.split("Since your last turn:")[1], said          # the towns laid are left to the log
    assert said.endswith("More in the play log."), said
    assert len(said.split()) <= 30, said
