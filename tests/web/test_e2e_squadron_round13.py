"""Squadron Scramble after review 22b, round 13:

- the hint's "Hold fire" says what holding keeps, where the hand and the table show it;
- at the player's turn, before his draw, the other players' moves since his last are together in words ("Since your
  turn: Arthur drew from the stock and discarded ... Betty ..."), as the play log words them: over the stock and the
  pile at a laptop, in the glance over the hand on a phone (the bots' turns flash by in the story line, whose
  headline keeps only the last move);
- the sets on the table go by their planes, with no number (numbers ran across the table, with gaps).

The person (seat 0) is played over the websocket by the club player's choices up to the position wanted; the page
is then opened on that table, at his turn (the bots wait for him there).
"""

from __future__ import annotations

from conftest import PHONE, WIDE
from parlour.games.squadron_scramble.cards import ALLIANCE_OF_NATION, PLANES
from test_e2e_squadron_scramble_table import drive, open_table, snap


def others_since_mine(view: dict) -> list[tuple[int, str]]:
    """The other players' moves, this round, since the person's last."""
    hist = view["observation"]["history"]
    ends = [e["moves"] for e in view["observation"]["events"] if e["event"] == "round over"]
    start = max([0, *ends])
    mine = [i for i, (s, _) in enumerate(hist) if s == 0 and i >= start]
    return [(s, a) for s, a in hist[(mine[-1] + 1 if mine else start) :] if s != 0]


def test_at_his_turn_the_others_moves_since_his_last_are_told_together(quick_server, browser):
    """(review 22b: in three players both bots' turns went by in about 6 s, the headline keeping only "Betty
    discarded ...") at his draw the page says every move of the others since his last turn, each player's in one
    sentence, in the play log's words; on a phone in the glance over his hand."""
    made, view = drive(
        quick_server,
        5,
        lambda v: (
            v["observation"]["phase"] == "draw"
            and v["moves"] > 12
            and len({s for s, _ in others_since_mine(v)}) == 2
            and len(v["observation"]["table"]) > 0
        ),
        seats=3,
    )
    names = [s["name"] for s in view["seats"]]
    fresh = others_since_mine(view)
    for size, touch, testid in ((WIDE, False, "since"), (PHONE, True, "glance-since")):
        context, page, errors = open_table(browser, quick_server, made, size, touch=touch)
        try:
            since = page.locator(f"[data-testid={testid}]")
            since.wait_for()
            if touch:
                since.click()  # (three lines at most till tapped open)
            text = since.inner_text()
            assert text.startswith("Since your turn: "), text
            # each other player in one sentence, in turn order
            assert [names[s] for s in (1, 2)] == sorted({names[s] for s, _ in fresh}, key=text.index), (names, text)
            # every move of theirs since, in the play log's words (its line less the player's name)
            log = page.locator("[data-testid=play-log] li.ss-log-move[data-move]").all_inner_texts()
            for line in log[-len(fresh) :]:
                who, _, words = line.partition(" ")
                assert who in names[1:], line
                words = words.replace(" ✓", "").removesuffix(": wrong")
                assert words in text, (words, text)
            box = since.bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], box
            # the other size's copy is not shown
            other = "glance-since" if testid == "since" else "since"
            assert not page.locator(f"[data-testid={other}]").is_visible()
            snap(page, f"squadron-round13-since-your-turn-{'phone' if touch else 'wide'}")
            # (the sets on the table go by their planes, with no number: numbers ran across the table, with gaps)
            assert page.locator(".ss-board .ss-set").count() == len(view["observation"]["table"]) > 0
            assert page.locator(".ss-board .ss-setno").count() == 0
            assert not errors, errors
        finally:
            context.close()


def test_hold_fire_in_the_hint_says_what_it_keeps_where_the_table_shows_it(quick_server, browser):
    """(review 22b: the hint ranked "Hold fire" over shooting down a bomber set and said nothing of why) the hint's
    "Hold fire" row says what holding keeps where the player's hand and the table show it: a set in range holds a
    wild card standing for a card in his hand, for him to swap once he holds fire (a shot takes the set off the table,
    wild card and all); where nothing of the kind shows, the row is "Hold fire" alone.  Such a position is rare in
    play, so the page's own words are asked of it at a position written out, at a real table's page."""
    bomber = next(p for p in PLANES if p["kind"] == "bomber")
    fighter = next(
        p
        for p in PLANES
        if p["kind"] == "fighter" and ALLIANCE_OF_NATION[p["nation"]] != ALLIANCE_OF_NATION[bomber["nation"]]
    )
    made, _view = drive(quick_server, 3, lambda v: True, seats=2)
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        words = page.evaluate(
            """async ([b, f]) => {
                const m = await import("/static/games/squadron-scramble.js");
                const set = (id, by, plane, kind, cards) => ({ id, by, plane, kind, cards, extra: null, value: 30 });
                const table = [set(4, 1, b, "bomber", [`${b}/T`, "KEF", `${b}/F`]),
                  set(5, 0, f, "fighter", [`${f}/T`, `${f}/S`, `${f}/F`])];
                const view = (hand) => ({ seat: 0, legal: ["shoot 4", "hold"],
                  seats: [{ name: "Ann" }, { name: "Arthur" }],
                  observation: { seat: 0, phase: "shoot", hand, table, captured: [[], []],
                    seat_names: ["Ann", "Arthur"] } });
                return [m.hintWords("hold", view([`${b}/S`, `${f}/S`])), m.hintWords("hold", view([`${f}/S`]))];
            }""",
            [bomber["code"], fighter["code"]],
        )
        kept, bare = words
        assert kept[0] == "Play", kept
        assert kept[1].startswith(f"Hold fire (keeps Arthur's {bomber['name']} set on the table, its "), kept
        assert kept[1].endswith(f" for your {bomber['name']} (side) to swap)"), kept
        assert bare is None
        assert not errors, errors
    finally:
        context.close()
