"""British Towns after a newcomer's review: the asking game's key never under the dock on a laptop, the asks heard
folded to the newest on a phone, every ask a tap away; the sets game's forced moves said in words beside their
control, and its end told in one voice."""

from __future__ import annotations

import random
import time

import pytest

from conftest import ARTIFACTS
from parlour.games.british_towns import SETS
from parlour.web.live import HINT_EVERY

#: the module's tests share one server (they make their own tables and read only those)
pytestmark = pytest.mark.shared_server


def _table(browser, server, game, size, seed):
    from test_e2e_sweep import Table  # (that module needs axe, which these tests do not)

    return Table(browser, server, game, size, seed)


def _chooser(game):
    from parlour.bots import make_bot
    from parlour.games import get_game

    return make_bot(get_game(game), "heuristic" if game.endswith("sets") else "remembering", 0, 11)


KEY_IN_SIGHT = """() => { const items = document.querySelectorAll('.bt-key li');
  const first = document.querySelector('.bt-key h3').getBoundingClientRect();
  const room = document.querySelector('.dock').getBoundingClientRect().top;
  return first.top >= 0 && [...items].every((li) => li.getBoundingClientRect().bottom <= room + 1); }"""


def test_asking_game_on_a_laptop_the_whole_key_stands_above_the_dock_at_each_decision(browser, server):
    table = _table(browser, server, "british-towns-asking", "desktop", 3)
    page = table.page
    chooser = _chooser("british-towns-asking")
    asked = -HINT_EVERY
    try:
        for decision in range(4):
            view = table.decision()
            assert view is not None
            # the page itself brings the key into the room above the dock, with the players to ask: also when the
            # dock grows (the hint open beside a hand of two rows and an ask of five)
            page.wait_for_function(KEY_IN_SIGHT, timeout=5000)
            # (a person's successful asks follow each other at once: the hints are asked no faster than the server
            # answers them, else the fourth is refused as one too many)
            time.sleep(max(0.0, asked + HINT_EVERY - time.monotonic()))
            asked = time.monotonic()
            page.click("[data-testid=hint-button]")
            page.wait_for_selector("[data-testid=hint] [data-hint]", timeout=30000)
            page.wait_for_function(KEY_IN_SIGHT, timeout=5000)
            if decision == 2:
                page.screenshot(path=str(ARTIFACTS / "british-towns-asking-laptop-key.png"))
            table.click(chooser.act(view["observation"], view["legal"]))
        assert not table.errors, table.errors
    finally:
        table.close()


#: the asks heard, opened, that the foot (or head) of their box cuts across
CUT = """async () => { for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  const ol = document.querySelector('[data-testid=heard] ol'); const b = ol.getBoundingClientRect();
  return [...ol.children].filter((li) => { const r = li.getBoundingClientRect();
    return r.bottom > b.top + 1 && r.top < b.bottom - 1 && (r.top < b.top - 1 || r.bottom > b.bottom + 1); })
    .map((li) => li.textContent); }"""


def test_asking_game_on_a_phone_the_asks_heard_fold_to_the_newest_and_open_to_every_ask(browser, server):
    """On a phone the asks heard take one line at the player's turn (the newest, and how many came since his own last
    ask), so that his hand and the ask stay on screen (where his own ask came off and he asks again, every ask stands
    open); a tap opens every ask, newest first, those since his last ask
    marked, and the list stays open move after move."""
    table = _table(browser, server, "british-towns-asking", "phone", 9)
    page = table.page
    chooser = _chooser("british-towns-asking")
    try:
        seen_long = opened = False
        for _ in range(8):
            view = table.decision()
            if view is None:
                break
            obs = view["observation"]
            asks = obs["asks"]
            if not asks:
                assert "none yet" in page.inner_text("[data-testid=heard]")
                table.click(chooser.act(obs, view["legal"]))
                continue
            mine = [i for i, a in enumerate(asks) if a["asker"] == obs["seat"]]
            since = asks[mine[-1] + 1 :] if mine else asks
            names = page.evaluate(NAMES, sorted({a["card"] for a in asks}))
            # (one steady label, however the asks stand: it once read "Asks so far", "Since your last ask" or "Your
            # last ask:" over a list that holds every player's asks)
            head = page.inner_text("[data-testid=heard] .bt-heard-head")
            assert head == f"Asks heard ({len(asks)})", head
            heard = page.locator("[data-testid=heard] li.bt-recent-ask")
            if not opened and asks[-1]["asker"] == obs["seat"]:
                # (his own ask came off and he asks again: every ask stands open, newest first, review 25a)
                assert heard.first.is_visible() and heard.count() == len(asks)
            elif not opened:
                # folded: one line, the newest ask; the list itself is not shown
                assert f"for {names[asks[-1]['card']]}:" in page.inner_text("[data-testid=heard-newest]")
                assert heard.first.is_hidden()
                if len(since) > 2:
                    page.click("[data-testid=heard] summary")
                    opened = True
                    page.screenshot(path=str(ARTIFACTS / "british-towns-asking-phone-every-ask.png"))
            if opened:
                # (once opened it stays open as the moves come): every ask, newest first, those since his last marked
                assert heard.count() == len(asks) and heard.first.is_visible()
                for li, ask in zip(heard.all_inner_texts(), asks[::-1], strict=True):
                    assert f"for {names[ask['card']]}:" in li, (li, ask)
                assert page.locator("[data-testid=heard] li.fresh").count() == len(since)
                # whole lines only: no ask cut across by the foot of its box
                assert page.evaluate(CUT) == [], page.evaluate(CUT)
                seen_long |= len(since) > 3
            table.click(chooser.act(obs, view["legal"]))
        assert seen_long and opened
        assert not table.errors, table.errors
    finally:
        table.close()


NAMES = """async (codes) => { const m = await import('/static/games/british-towns-common.js');
  return Object.fromEntries(codes.map((c) => [c, m.townName(c)])); }"""


def _state_where(seed, wanted, **variant):
    """A sets game of random moves up to the first decision ``wanted(legal)`` holds for."""
    rng = random.Random(seed)
    state = SETS.new_state(seats=3, seed=seed, variant=variant)
    while not state.is_over:
        legal = state.legal_actions(state.turn)
        if wanted(legal):
            return state
        lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
        state.apply(state.turn, lays[0] if lays else rng.choice(legal))
    return None


RENDER = """async ([obs, legal]) => {
  const m = await import('/static/games/british-towns-sets.js');
  const view = { seat: obs.seat, observation: obs, legal, over: false,
                 seats: obs.seat_names.map((n, i) => ({ name: i === obs.seat ? 'Ann' : `Bot ${i}` })) };
  const el = document.createElement('div');
  el.className = 'board';
  document.body.replaceChildren(el);
  m.render(el, { obs, view, legal, act: () => {}, refuse: () => {}, readOnly: false });
  const must = el.querySelector('[data-testid=must-add], [data-testid=must-lay]');
  const place = must && must.closest('.bt-middle, .bt-hand');
  return { status: m.status(view), must: must && must.textContent, beside: place ? place.className : null };
}"""


def test_sets_game_a_forced_add_says_to_click_the_top_discard_beside_it(server, page):
    page.goto(server.url + "/")
    state = next(s for seed in range(1, 40) if (s := _state_where(seed, lambda legal: legal[0].startswith("add "))))
    seat = state.turn
    said = page.evaluate(RENDER, [state.observation(seat), list(state.legal_actions(seat))])
    assert said["beside"] == "bt-middle", said  # beside the piles
    assert "click it to add it" in said["must"] and "You must" in said["must"], said
    assert "click it on the discard pile" in said["status"], said


def test_sets_game_a_forced_lay_says_so_beside_the_hand(server, page):
    page.goto(server.url + "/")

    def forced(legal):
        return any(a.startswith("lay ") for a in legal) and not any(a.startswith(("discard", "done")) for a in legal)

    state = next(s for seed in range(1, 40) if (s := _state_where(seed, forced)))
    seat = state.turn
    said = page.evaluate(RENDER, [state.observation(seat), list(state.legal_actions(seat))])
    assert "bt-hand" in said["beside"] and "must lay it down" in said["must"], said
    # (said once: the prompt says what laying does, not the heading's words again)
    assert said["status"] == "Your turn: laying down a whole region scores its cards for you.", said
    assert "must lay it down" not in said["status"], said


def _laid_first(seed: int):
    """A sets game of three played to its end, each player laying whatever he can and otherwise moving at random."""
    rng = random.Random(seed)
    state = SETS.new_state(seats=3, seed=seed)
    while not state.is_over:
        legal = state.legal_actions(state.turn)
        lays = [a for a in legal if a.startswith(("lay", "add", "done"))]
        state.apply(state.turn, lays[0] if lays else rng.choice(legal))
    return state


def test_sets_game_end_speaks_of_every_player_as_their(server, page):
    page.goto(server.url + "/")
    for seed in range(1, 40):  # a game that ended as a player could not draw back up to seven (the rules' "his")
        state = _laid_first(seed)
        over = state.observation(0)["events"][-1]
        if " his " in over["why"]:
            break
    assert " his " in over["why"]
    texts = page.evaluate(
        """async ([obs, result, other]) => {
      const m = await import('/static/games/british-towns-sets.js');
      const seats = obs.seat_names.map((n, i) => ({ name: i === 0 ? 'Ann' : `Bot ${i}` }));
      return [0, other].map((seat) => m.ending({ seat, observation: obs, result, over: true, seats }).textContent);
    }""",
        [state.observation(None) | {"seat": 0}, state.result(), (over["seat"] + 1) % 3],
    )
    for text in texts:
        assert " his " not in text and " him" not in text and " him," not in text, text
        assert "in front of them, less the cards still in their hand" in text, text


def test_sets_game_a_draw_the_stock_cannot_complete_is_told_once_as_what_happened(server, page):
    """Review: the last move said "back up to seven; could not make their hand up to seven" (both, when the stock ran
    out in the draw): it is one account, the stock's last cards and the end, in the player's own voice."""
    page.goto(server.url + "/")
    describe = """async ([obs, result, seat, action, other]) => {
      const m = await import('/static/games/british-towns-sets.js');
      const seats = obs.seat_names.map((n, i) => ({ name: i === 0 ? 'Ann' : `Bot ${i}` }));
      const view = (s) => ({ seat: s, observation: { ...obs, seat: s }, result, over: true, seats });
      return [m.describe(action, view(seat), seat), m.describe(action, view(other), seat)];
    }"""
    said = None
    for seed in range(1, 120):  # a game that ended as the stock ran out part way through a player's draw
        state = _laid_first(seed)
        if "up to seven" not in state.observation(None)["events"][-1]["why"]:
            continue
        seat, action = state.observation(None)["history"][-1]
        said = page.evaluate(describe, [state.observation(None), state.result(), seat, action, (seat + 1) % 3])
        if "the last" in said[0]:
            break
    assert said and "the last" in said[0], said
    mine, theirs = said
    for text in said:
        assert "back up to seven" not in text, text
        assert text.count("up to seven") == 1 and text.endswith("so the game ended"), text
    # (the rules page's neutral words: no "they ... their hand" for one player, nor "his")
    # (the end in the end's own words, the player "you" to himself alone, by name to anyone else)
    assert "the stock ran out before you could draw up to seven" in mine, mine
    name = "Ann" if seat == 0 else f"Bot {seat}"
    assert f"the stock ran out before {name} could draw up to seven" in theirs, theirs


def test_a_replay_opened_without_a_seat_speaks_of_every_player_by_name(server, page):
    """Review: a replay's boards, seen by someone who did not play, said "Ann (you)", "You drew ...", "Your hand" and
    "you hold 2 of 4" of each player whose view they showed: to an onlooker every seat is named."""
    import re

    import httpx

    from conftest import wait_over

    for game, n in (("british-towns-sets", 3), ("british-towns-asking", 4)):
        made = httpx.post(
            server.url + "/api/tables",
            json={
                "game": game,
                "seed": 3,
                "seats": [{"kind": "bot", "name": "Ann", "bot": "random"}]
                + [{"kind": "bot", "bot": "random"}] * (n - 1),
            },
        ).json()
        with httpx.Client(base_url=server.url) as client:
            wait_over(client, made["id"], 120)
        page.goto(f"{server.url}/replay/{made['id']}")
        page.wait_for_selector(".views .board .bt-seat-name")
        page.wait_for_timeout(300)
        text = page.inner_text(".views") + " " + page.inner_text("main")
        assert "(you)" not in text and not re.search(r"\b[Yy]ou\b|\b[Yy]our\b", text), re.findall(
            r".{0,30}\b(?:[Yy]ou|[Yy]our)\b.{0,30}", text
        )[:5]
        assert "Ann's hand" in text, text[:400]


def test_asking_game_words_a_two_part_region_card_and_three_players_level(server, page):
    """Review: "the London and the South-East region card" (the data's name pasted in whole) and "You and Arthur and
    Betty each collected": the card is "the region card of" and the region's whole name (review 13a: one name for it
    everywhere), and three players level are listed with commas."""
    import json
    from importlib.resources import files

    page.goto(server.url + "/")
    regions = json.loads(files("parlour.games.british_towns").joinpath("data/towns.json").read_text())["regions"]
    two = [r for r in regions if " and the " in r["name"]]
    assert two
    cards = page.evaluate(
        """async (numbers) => { const m = await import('/static/games/british-towns-common.js');
      return numbers.map((n) => m.townName(`R${n}`)); }""",
        [r["number"] for r in two],
    )
    for region, card in zip(two, cards, strict=True):
        assert card == f"the region card of {region['name']}", card  # (one name everywhere: the server's too)
    ending = """async () => { const m = await import('/static/games/british-towns-asking.js');
      const names = ['P1', 'P2', 'P3', 'P4'];
      const view = { seat: 0, seats: ['Ann', 'Arthur', 'Betty', 'Cyril'].map((name) => ({ name })),
        observation: { seat_names: names, key: [] },
        result: { winner: 'P2', regions: { P1: 3, P2: 3, P3: 3, P4: 0 },
                  cards_in_regions: { P1: 11, P2: 13, P3: 12, P4: 0 } } };
      return m.ending(view).querySelector('p').textContent; }"""
    said = page.evaluate(ending)
    assert said.startswith("You, Arthur and Betty each collected 3 regions;"), said


def test_a_replay_on_a_phone_keeps_its_step_controls_compact_and_pinned_over_the_board(server, browser):
    """Review: on a phone the replay's buttons and selects took the top half of the screen and scrolled away with the
    page, so that each step meant scrolling back up to them and down to the board again: the steps are a compact bar
    pinned at the window's top, the board in view under it, step after step."""
    import httpx

    from conftest import ARTIFACTS, wait_over
    from test_e2e_sweep import PHONE

    made = httpx.post(
        server.url + "/api/tables",
        json={
            "game": "british-towns-sets",
            "seed": 5,
            "seats": [{"kind": "bot", "name": "Ann", "bot": "random"}, *[{"kind": "bot", "bot": "random"}] * 2],
        },
    ).json()
    with httpx.Client(base_url=server.url) as client:
        wait_over(client, made["id"], 120)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/replay/{made['id']}")
        page.wait_for_selector(".views .board .bt-seat-name")
        page.locator("[data-testid=replay-stepbar] button", has_text="Start").tap()
        page.wait_for_function("document.querySelector('[data-testid=step]').textContent.startsWith('The deal')")
        # scrolled down into the board: the bar stays at the window's top, a quarter of the screen at most (review
        # 20a: the board now starts right under the bar, in the first screen; scrolled, the bar is pinned over it)
        page.evaluate(
            "window.scrollTo(0, document.querySelector('.views').getBoundingClientRect().top + window.scrollY - 60)"
        )
        for n in range(1, 4):
            page.get_by_role("button", name="Forward").tap()
            page.wait_for_function(
                f"/^(Move {n + 1} of|After move {n} of)/"
                ".test(document.querySelector('[data-testid=step]').textContent)"
            )
            bar = page.locator("[data-testid=replay-stepbar]").bounding_box()
            assert bar and bar["y"] >= -1 and bar["y"] <= 1 and bar["height"] <= 844 / 4, bar
            board = page.locator(".views .board").first.bounding_box()
            assert board and bar["y"] + bar["height"] <= board["y"] + 200 and board["y"] < 844 / 2, (bar, board)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        # (the window, not the whole page)
        page.screenshot(path=str(ARTIFACTS / "british-towns-sets-replay-phone-pinned.png"))
    finally:
        context.close()


#: the asking game's end drawn for Ann from a result: its first sentence
SHARED_END = """async (result) => { const m = await import('/static/games/british-towns-asking.js');
  const view = { seat: 0, seats: ['Ann', 'Arthur', 'Betty'].map((name) => ({ name })),
    observation: { seat_names: ['P1', 'P2', 'P3'], key: [] }, result };
  return m.ending(view).querySelector('p').textContent; }"""


def test_a_shared_asking_game_says_why_it_is_shared(server, page):
    """Review 18a: a win shared under the default tie-break (level on regions and on the cards in them) was said to be
    shared for want of a tie-break: it says the players were level on both counts; only where the cards differ, the
    table's rule of sharing it whatever the cards (the other variant) is named."""
    page.goto(server.url + "/")
    level = page.evaluate(
        SHARED_END,
        {
            "winner": None,
            "shared_by": ["P1", "P2"],
            "regions": {"P1": 4, "P2": 4, "P3": 1},
            "cards_in_regions": {"P1": 19, "P2": 19, "P3": 3},
        },
    )
    assert (
        level == "You and Arthur each collected 4 regions holding 19 cards, level on both counts, and share the game."
    ), level
    assert "tie-break" not in level
    apart = page.evaluate(
        SHARED_END,
        {
            "winner": None,
            "shared_by": ["P1", "P2"],
            "regions": {"P1": 4, "P2": 4, "P3": 1},
            "cards_in_regions": {"P1": 19, "P2": 17, "P3": 3},
        },
    )
    assert apart.endswith(
        "share the game: at this table players level on regions share it, whatever the cards in them."
    ), apart
