"""Squadron Scramble after review 18c, round 8:

- the analysis gives no figures for a plane named wrongly (the expert's look-ahead ends with the turn, and the turn a
  wrong name costs is the next one: both names read alike), and says why in words;
- a take of several cards from the pile reads short at a desk too ("Take 5 from the pile, down to PLANE (view)"),
  every card it takes shown on a hover of the move list's button;
- a round nobody went out of says why in the round table ("the stock ran out"), the play log and its count; the stock
  running low, and turned over, is told while playing;
- the replay jumps to each round's start and end, and at a round's end shows that round's count;
- on a phone a hand card's view letter hangs from the head's left corner, clear of the plane's outline.
"""

from __future__ import annotations

import re
import time

import httpx

from conftest import PHONE, WIDE, judged_row, open_analysis, played_by_bots, stood_in_analysis
from test_e2e_squadron_review4 import SHORT
from test_e2e_squadron_review13 import PLANE_NAME, VIEW_NAME
from test_e2e_squadron_scramble_fit import stock_only
from test_e2e_squadron_scramble_table import drive, open_table, snap


def test_the_analysis_gives_no_figures_for_a_wrong_name_and_says_why(quick_server, browser):
    """(review 18c: "Name: PLANE, Japan (played) 81%" beside "United States 81%", called costly) a wrong name's row
    has no chances (tests/bots/test_analysis_naming.py): the list says a turn was lost and that its cost is not
    measured, the verdict says why, and the right and the wrong name stand without a figure."""
    from parlour.bots.analysis import UNMEASURED

    made, _, record = played_by_bots(quick_server.url, "squadron-scramble", 4, 2)
    index, right = next(
        (i, str(a)) for i, (s, a, *_) in enumerate(record.actions) if int(s) == 0 and str(a).startswith("name ")
    )
    wrong = next(f"name {right.split()[1]} {n}" for n in ("GB", "US", "DE", "IT", "JP", "RU") if n != right.split()[2])
    row = {
        **judged_row(index, 0, 2, wrong, [(right, 0.5), (wrong, 0.5)]),
        "costly": True,
        "wrong_answer": True,
        "unmeasured": UNMEASURED,
        "played_chance": None,
        "best_chance": None,
        "cost": None,
        "options": [{"action": a, "visits": 0, "value": None, "chance": None} for a in (right, wrong)],
    }
    analysis = stood_in_analysis(made["id"], "squadron-scramble", 0, "Ann", [row])
    for size in (WIDE, PHONE):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        try:
            open_analysis(page, quick_server.url, made["id"], 0, analysis, state="attached")
            item = page.locator(".analysis-moves li.costly")
            assert item.count() == 1
            assert item.locator("[data-testid=costly]").inner_text() == "wrong: a turn lost (its cost is not measured)"
            assert "%" not in item.inner_text() and "not weighed" not in item.inner_text(), item.inner_text()
            item.locator("button").click()
            verdict = page.locator(".verdict.costly")
            verdict.wait_for()
            text = verdict.inner_text()
            # (review 19c: one short sentence, no run-on of the move's words, the verdict and the reason)
            assert re.fullmatch(
                r"Wrong name: it is the .+, [A-Za-z ]+\. "
                r"It cost (your|Ann's) next turn; the expert puts no figure on that\.",
                text,
            ), text
            assert "%" not in text, text
            options = page.locator(".analysis-options li")
            assert options.count() == 2
            assert options.locator(".chance").all_inner_texts() == ["right", "wrong"]
            assert "%" not in page.inner_text(".analysis-options")
            # (the headline counts it apart from the moves that gave away a measured chance)
            head = page.locator("[data-testid=analysis] > p.muted").first.inner_text()
            assert (
                "; 0 gave away more than 10% of the chance of winning, and 1 answer was wrong, a turn lost each" in head
            )
            snap(page, f"squadron-scramble-round8-wrong-name-{size['width']}")
        finally:
            context.close()


def test_a_long_take_reads_short_at_a_desk_with_every_card_on_a_hover(quick_server, browser):
    """(review 18c: "Take the top 27 discards: …" a wall of names on the laptop) the move list says how many and the
    lowest card taken, as a phone does; its button's title names every card taken, top first."""
    made, view = drive(
        quick_server,
        5,
        lambda v: v["observation"]["phase"] == "draw" and len(v["observation"]["pile"]) >= 5,
        choose=stock_only,
    )
    pile = view["observation"]["pile"]
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        page.click("details.all-moves > summary")
        buttons = page.locator("details.all-moves button[data-action^='take ']")
        assert buttons.count() == len(pile)
        for i in range(buttons.count()):
            button = buttons.nth(i)
            n = int(button.get_attribute("data-action").split()[1])
            low = pile[-n]
            plane, face = low.split("/") if "/" in low else (None, None)
            text = button.inner_text()
            if n == 1:
                assert "from the pile" in text and "discards" not in text, text
                assert button.get_attribute("title") is None
                continue
            assert "Take the top" not in text, text
            if plane:
                assert text.endswith(f"Take {n} from the pile, down to {SHORT[plane]} ({VIEW_NAME[face]})"), text
            title = button.get_attribute("title")
            assert title and title.startswith("The cards it takes, top first: "), title
            at = 0
            for card in reversed(pile[-n:]):
                if "/" in card:
                    name = f"{PLANE_NAME[card.split('/')[0]]} ({VIEW_NAME[card.split('/')[1]]})"
                    assert name in title[at:], (name, title)
                    at = title.index(name, at) + len(name)
        snap(page, "squadron-scramble-round8-take-list-wide")
        assert not errors, errors
    finally:
        context.close()


def stock_out_game(url: str) -> tuple[dict, dict, list[dict]]:
    """A finished game of four bots in which a round ended with nobody out, the stock run out: the table, its info
    and its rounds' counts."""
    for seed in (3, 8, 6, 9, 1):
        made = httpx.post(
            url + "/api/tables",
            json={
                "game": "squadron-scramble",
                "seed": seed,
                "sit": False,
                "variant": {"stock_out": "end-round"},
                "seats": [{"kind": "bot", "bot": "heuristic"}] * 4,
            },
        ).json()
        for _ in range(600):
            info = httpx.get(f"{url}/api/tables/{made['id']}").json()
            if info["over"]:
                break
            time.sleep(0.2)
        assert info["over"], "the bots did not finish"
        overs = [e for e in info["observation"]["events"] if e["event"] == "round over"]
        if any(e["went_out"] is None for e in overs):
            return made, info, overs
    raise AssertionError("no game had a round end with the stock run out")


def test_a_round_the_stock_ended_says_so_and_the_replay_jumps_to_each_rounds_start_and_end(quick_server, browser):
    """(review 18c: the round table's cell blank for a round nobody went out of; the replay only a slider) the table,
    the count and the play log say "the stock ran out"; the replay has "Round N start" and "Round N end" jumps, and at
    a round's end shows its count, the next round's deal one step on."""
    made, info, overs = stock_out_game(quick_server.url)
    names = [s["name"] for s in info["seats"]]
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{quick_server.url}/t/{made['id']}")
        page.wait_for_selector("[data-testid=ending] table.ss-rounds")
        for e in overs:
            cell = page.locator(f"[data-testid=round-end-{e['round']}]").inner_text()
            assert cell == ("the stock ran out" if e["went_out"] is None else f"{names[e['went_out']]} went out"), cell
        snap(page, "squadron-scramble-round8-stock-out-table")
        # the replay's jumps
        page.goto(f"{quick_server.url}/replay/{made['id']}")
        page.wait_for_selector("[data-testid=replay-marks]")
        labels = page.locator("[data-testid=replay-marks] button").evaluate_all(
            "els => els.map((e) => e.getAttribute('aria-label'))"
        )
        want = ["Round 1 start"]
        for e in overs:
            want.append(f"Round {e['round']} end")
            if e is not overs[-1]:
                want.append(f"Round {e['round'] + 1} start")
        assert labels == want, labels
        out = next(e for e in overs if e["went_out"] is None and e is not overs[-1])
        page.click(f"[data-testid=replay-marks] button[aria-label='Round {out['round']} end']")
        count = page.locator(".views [data-testid=replay-round-count]").first
        count.wait_for()
        page.wait_for_function(
            f"/^(Move {out['moves'] + 1}|After move {out['moves']}) of/"
            ".test(document.querySelector('[data-testid=step]').textContent)"
        )
        text = count.inner_text()
        assert text.startswith(f"Round {out['round']}: the stock ran out"), text
        for b in out["breakdown"]:
            assert f"{b['total']:+d} this round".replace("-", "\u2212") in text, (b, text)
        assert page.locator(".views .ss-board").count() == 0  # (the board there is the next round's deal)
        snap(page, "squadron-scramble-round8-replay-round-end")
        # one step on: the next round's deal, no count
        page.click("button[aria-label=Forward]")
        page.wait_for_selector(".views .ss-board")
        assert page.locator(".views [data-testid=replay-round-count]").count() == 0
        assert f"Round {out['round'] + 1}" in page.locator(".views .ss-info").first.inner_text()
        # a round's start goes to its deal
        page.click("[data-testid=replay-marks] button[aria-label='Round 1 start']")
        page.wait_for_function("document.querySelector('[data-testid=step]').textContent.startsWith('The deal')")
        assert not errors, errors
    finally:
        context.close()


STOCK_NEWS = """async () => { const m = await import('/static/games/squadron-scramble.js');
  const seats = [{ name: 'Ann' }, { name: 'Arthur' }];
  const obs = (size, turned, out = 'turn-over') => ({ seat_names: ['P1', 'P2'], round: 2, stock_size: size,
    stock_turned_over: turned, stock_out: out, events: [], history: [], pile: [], hand: [], phase: 'draw' });
  const view = (o) => ({ seats, seat: 0, over: false, moves: 1, legal: ['draw stock'], observation: o });
  return { turned: m.announce(view(obs(0, false)), view(obs(12, true))),
           low: m.announce(view(obs(6, false)), view(obs(5, false))),
           lowEnd: m.announce(view(obs(6, false, 'end-round')), view(obs(5, false, 'end-round'))),
           quiet: m.announce(view(obs(9, false)), view(obs(8, false))),
           status: m.status(view(obs(3, true))) }; }"""


def test_the_stock_turned_over_and_running_low_are_told_while_playing(quick_server, browser):
    """(review 18c: a round of about 40 turns of draws and discards "with no hint of an end") the story says when the
    stock is turned over and when it comes down to its last five cards, and the status and the stock's label say
    how many are left and what follows."""
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    try:
        page.goto(quick_server.url + "/")
        said = page.evaluate(STOCK_NEWS)
        assert said["turned"].startswith("The stock ran out: the discard pile, but its top card, was turned over"), said
        assert said["turned"].endswith("When this one runs out, the round ends."), said
        assert (
            said["low"] == "5 cards left in the stock: then the discard pile, but its top card, is turned over as "
            "a new stock, once."
        ), said
        assert said["lowEnd"] == "5 cards left in the stock: when it runs out, the round ends.", said
        assert said["quiet"] is None, said
        assert said["status"].endswith(" 3 left in the stock, then the round ends."), said
    finally:
        context.close()
    # at the table: the last cards of a stock that ends the round
    made, view = drive(
        quick_server,
        5,
        lambda v: v["observation"]["phase"] == "draw" and v["observation"]["stock_size"] <= 5,
        variant={"stock_out": "end-round"},
        choose=stock_only,
    )
    left = view["observation"]["stock_size"]
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        low = page.locator("[data-testid=stock-low]").inner_text()
        assert re.match(rf"{left} cards? left in the stock: when it runs out, the round ends\.", low), low
        assert f"{left} left in the stock, then the round ends." in page.locator(".dock .status").inner_text()
        snap(page, "squadron-scramble-round8-stock-low-wide")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(300)
        snap(page, "squadron-scramble-round8-stock-low-phone")
        assert not errors, errors
    finally:
        context.close()


BADGE_CLEAR = """(card) => {
    const badge = card.querySelector('.ss-view-badge');
    const shapes = [...card.querySelectorAll('[data-outline] *')].filter((x) => x.isPointInFill);
    if (!shapes.length) return 'no outline drawn';
    const box = badge.getBBox();
    for (let x = box.x; x <= box.x + box.width; x += 0.5) for (let y = box.y; y <= box.y + box.height; y += 0.5) {
        const inside = [...badge.querySelectorAll('path, rect')].some((b) => b.isPointInFill(new DOMPoint(x, y)));
        if (!inside) continue;
        for (const shape of shapes) {
            const p = new DOMPoint(x, y).matrixTransform(shape.getCTM().inverse().multiply(card.getCTM()));
            if (shape.isPointInFill(p) || shape.isPointInStroke(p)) return [x, y, shape.tagName];
        }
    }
    return null;
}"""


def test_on_a_phone_the_view_letter_leaves_the_planes_outline_clear(quick_server, browser):
    """(review 18c: the S/T/F badges sat over the silhouette, which in plane-spotting is the whole test) each hand
    card's view letter lies in a band at the head's left corner, over no part of the plane's outline, still legible."""
    for variant in ({}, {"recognition": True}):
        made, view = drive(quick_server, 9, lambda v: "draw stock" in v["legal"], variant=variant)
        context, page, errors = open_table(browser, quick_server, made, PHONE, True)
        try:
            cards = page.locator(".dock .hand-area svg.card")
            checked = 0
            for i in range(cards.count()):
                card = cards.nth(i)
                code = card.get_attribute("data-card")
                if "/" not in code:
                    continue
                assert card.locator(".ss-view-badge text").text_content() == code.split("/")[1]
                assert card.locator(".ss-view-badge text").bounding_box()["height"] >= 12
                assert card.evaluate(BADGE_CLEAR) is None, code
                checked += 1
            assert checked
            snap(page, f"squadron-scramble-round8-hand-badges-{'spotting' if variant else 'named'}")
            assert not errors, errors
        finally:
            context.close()


def test_the_play_log_says_where_the_stock_was_turned_over(quick_server, browser):
    """(review 18c: a long deadlock "with no hint of an end") the play log says, at the draw that turned the stock
    over, that the discard pile became the new stock, how many cards it holds, and that the round ends when it runs
    out; the stock's label says it was turned over."""
    made, view = drive(
        quick_server,
        5,
        lambda v: v["observation"]["phase"] == "draw" and v["observation"]["stock_turned_over"],
        choose=stock_only,
    )
    turned = next(e for e in view["observation"]["events"] if e["event"] == "stock turned over")
    assert view["observation"]["history"][turned["move"]][1] == "draw stock"
    context, page, errors = open_table(browser, quick_server, made, WIDE)
    try:
        line = page.locator("[data-testid=log-stock-turned]")
        assert line.count() == 1
        assert line.inner_text() == (
            f"The stock ran out: the discard pile, but its top card, was turned over as a new stock of "
            f"{turned['cards']} cards. When it runs out, the round ends."
        )
        # (just before the draw that turned it over)
        after = line.evaluate("(li) => li.nextElementSibling.dataset.move")
        assert after == str(turned["move"])
        assert "(turned over)" in page.locator("[data-testid=stock-label]").inner_text()
        snap(page, "squadron-scramble-round8-stock-turned-log")
        assert not errors, errors
    finally:
        context.close()
