"""Football Whist's story as the player reads it: his own seat is "You" in every line; each half opens with a
kick-off said in words; news (a kick-off, a goal) gives way after a few seconds, at his next move or at a
refusal; a hint whose chances cannot tell the moves apart (a lopsided match) says so in words.

(Reported by a card player reviewing the page: "Reviewer won the trick" beside the dock's "You won the trick",
a table that opened mid-trick with no word of who kicked off, a goal's banner that stayed for tricks, and
hints that read 1% or 2% for every move at 1-4 down.)
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import ARTIFACTS
from parlour.bots import make_bot
from parlour.games import get_game

NAMES = ["Reviewer", "Arthur", "Betty", "Cyril"]
KICK_OFF = re.compile(r"^(Kick-off|Second half kick-off): (You kick|\w+ kicks) off for partners [AB], "
                      r"toward the (West|East) goal$")


def _view(obs: dict, legal: list[str]) -> dict:
    return {"seats": [{"name": n, "kind": "bot" if i else "person", "connected": True} for i, n in enumerate(NAMES)],
            "seat": 0, "observation": obs, "legal": legal, "over": obs["phase"] == "over", "moves": len(obs["history"])}


def _match() -> dict:
    """A whole match, seat 0 ("Reviewer") scoring, from the rules themselves: the views the page is given."""
    game = get_game("football-whist")
    state = game.new_state(seed=0)
    rng = random.Random(0)
    seen: dict = {}
    while not state.is_over:
        (seat,) = state.to_move
        legal = list(state.legal_actions(seat))
        before = _view(state.observation(0), list(state.legal_actions(0)))
        if len(state.history) == 2:
            seen["start"] = before                       # the kick made and a card led: where the reviewer came in
        goal = [a for a in legal if a in ("move WG", "move EG")]
        state.apply(seat, goal[0] if goal and seat in (0, 2) else rng.choice(legal))
        after = _view(state.observation(0), list(state.legal_actions(0)))
        log = after["observation"]["goal_log"]
        if "goal" not in seen and log and log[-1]["by"] == 0 and len(log) > len(before["observation"]["goal_log"]):
            seen["goal"] = [before, after]
        if before["observation"]["half"] == 1 and after["observation"]["half"] == 2:
            seen["half2"] = [before, after]              # half time: the second half's kick-off to come
        if "goal" in seen and "moving" not in seen and after["observation"]["phase"] == "move" \
                and after["observation"]["move"]["mover"] == 0:
            seen["moving"] = after                       # the reviewer won a trick and moves the ball
    seen["end"] = [before, after]
    return seen


def test_the_players_own_seat_is_you_in_every_line_the_page_builds(server, page):
    match = _match()
    page.goto(server.url + "/")
    shown = page.evaluate("""async (match) => {
        const fw = await import('/static/games/football-whist.js');
        const el = document.createElement('div');
        document.body.append(el);
        const draw = (view) => { el.replaceChildren(); fw.render(el, { view, obs: view.observation, seat: 0,
            legal: view.legal, act: () => {}, refuse: () => {}, send: () => {}, readOnly: false }); };
        const texts = (sel) => [...el.querySelectorAll(sel)].map((x) => x.textContent.replace(/\\s+/g, ' ').trim());
        draw(match.moving);
        const out = { log: texts('[data-testid=play-log] li'), note: texts('.fw-trick-note'),
                      move: texts('.fw-move-note'),
                      goals: texts('[data-testid=goal-timeline] li'), news: fw.announce(...match.goal).text,
                      beat: fw.announce(...match.goal).beat,
                      kickoff: fw.announce(null, match.start).text, passing: fw.announce(null, match.start).passing };
        out.half2 = fw.announce(...match.half2).text;
        out.half2Again = fw.announce(match.half2[1], match.half2[1]);
        draw(match.half2[1]);
        out.half2Log = texts('[data-testid=play-log] li').slice(-2);
        draw(match.start);
        out.startLog = texts('[data-testid=play-log] li');
        const end = fw.summary(...match.end);
        out.end = [end.title, end.body.textContent];
        out.result = fw.resultText({ goals: match.end[1].observation.goals, winner: 'A' }, match.end[1]);
        // a replay's board, drawn for each seat: every seat by its name
        el.replaceChildren();
        fw.render(el, { view: match.moving, obs: match.moving.observation, seat: 0, legal: [], act: () => {},
                        readOnly: true });
        out.replay = texts('[data-testid=play-log] li');
        return out;
    }""", match)
    lines = (shown["log"] + shown["note"] + shown["move"] + shown["goals"] + [shown["news"]] + shown["end"]
             + [shown["result"]])
    assert not [x for x in lines if "Reviewer" in x], [x for x in lines if "Reviewer" in x]
    assert "You won the trick (partners A)" in shown["log"], shown["log"]
    assert any(x.startswith("You played ") for x in shown["log"]), shown["log"]
    assert shown["note"] == ["You won the trick"]
    assert re.fullmatch(r"You won the trick: \d ball moves? left", shown["move"][0])
    assert any(re.search(r"You put it in the (West|East) goal", x) for x in shown["goals"]), shown["goals"]
    assert re.fullmatch(r"Goal! You put it in the (West|East) goal: .+", shown["news"]), shown["news"]
    assert shown["beat"] is True            # (it stands alone for a beat, then gives way at the next move)
    assert "you put it in the" in shown["end"][1] and "You put" not in shown["end"][1], shown["end"]
    assert "You & Betty" in shown["end"][1] + shown["result"], shown
    # the table's first view mid-trick: the kick-off is news, and the log starts with it
    assert KICK_OFF.match(shown["kickoff"]) and shown["passing"], shown["kickoff"]      # (gives way at the next move)
    assert shown["startLog"][0] == shown["kickoff"] and "kicked off to" in shown["startLog"][1], shown["startLog"]
    assert any(x.startswith("Reviewer played ") for x in shown["replay"]), shown["replay"]
    # the second half opens with its kick-off too: news once, and the log's last lines
    assert KICK_OFF.match(shown["half2"]) and shown["half2"].startswith("Second half kick-off: "), shown["half2"]
    assert shown["half2Again"] is None
    # (half time's line says the score at the break, the tricks of the half and the change of ends)
    assert re.fullmatch(r"Half time: (partners [AB] lead|level at) \d+–\d+ · tricks A \d+, B \d+ · ends changed",
                        shown["half2Log"][0]), shown["half2Log"]
    assert shown["half2Log"][1:] == [shown["half2"]], shown["half2Log"]


def _story(page) -> dict:
    return page.evaluate("""() => ({ news: [...document.querySelectorAll('.story .news')].map((x) => x.textContent),
        story: document.querySelector('.story').textContent,
        refusal: document.querySelector('[data-testid=refusal]')?.textContent || null })""")


def test_the_kick_off_is_news_at_the_start_and_gives_way_after_a_few_seconds_or_at_a_refusal(server, page):
    # (at the slow pace: the kick-off's news gives way at the next move, which at the instant pace may come before
    # a loaded machine draws a frame of it)
    page.add_init_script("localStorage.setItem('parlour:pace', 'slow')")
    page.goto(server.url + "/new/football-whist")
    page.wait_for_selector("form.new")
    for i in (1, 2, 3):
        page.select_option(f"select[name=kind{i}]", "bot:heuristic")
    page.fill("input[name=name0]", "Reviewer")
    page.fill("input[name=seed]", "7")
    page.click("text=Create the table")
    # (the news is caught as it comes)
    first, at = page.wait_for_function("""() => { const news = document.querySelector('.story .news');
        return news && [news.textContent, document.querySelector('.board').dataset.moves]; }""").json_value()
    assert KICK_OFF.match(first), first
    log = page.locator("[data-testid=play-log] li").all_inner_texts()
    assert log and KICK_OFF.match(log[0]), log
    # said once: not a heading over the log as well (review: the play heading, the log's first line and the bar)
    assert page.locator("[data-testid=log-heading]").count() == 0
    page.wait_for_selector(".board [data-action], .hand-area [data-action]")
    # readable for a few seconds while the player thinks, if no move was made since it came (a move since gives way)
    page.wait_for_timeout(2500)
    if page.get_attribute(".board", "data-moves") == at:
        assert _story(page)["news"], "the kick-off went before it could be read"
    else:
        assert not _story(page)["news"], _story(page)
    # a refusal never stands beside news (seed 7: the person's first card follows the lead, so others are refused)
    page.locator(".hand-area [data-refused]").first.click(force=True)
    page.wait_for_selector("[data-testid=refusal]")
    seen = _story(page)
    assert seen["refusal"] and not seen["news"], seen


def test_the_kick_off_gives_way_at_the_next_move_which_the_bar_shows_whole(server, browser):
    """Review: on a phone the kick-off's banner took three lines of the bar for the half and squeezed the latest
    bot move to "Cyril kicked off to Ireland (East…": said once, it gives way at the next move, shown in full."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('parlour:pace', 'slow')")
    page = context.new_page()
    try:
        page.goto(server.url + "/new/football-whist")
        page.wait_for_selector("form.new")
        for i in (1, 2, 3):
            page.select_option(f"select[name=kind{i}]", "bot:heuristic")
        page.fill("input[name=name0]", "Reviewer")
        page.fill("input[name=seed]", "4")                    # the kick-off is a bot's
        page.click("text=Create the table")
        first, at = page.wait_for_function("""() => { const news = document.querySelector('.story .news');
            return news && [news.textContent, document.querySelector('.board').dataset.moves]; }""").json_value()
        assert KICK_OFF.match(first), first
        # the next move made (the bots', or the player's own if the news came at his turn): the news is gone with it
        # and the bar tells the move, whole (one line, nothing cut)
        moved = f"Number(document.querySelector('.board').dataset.moves) > {at}"
        try:
            page.wait_for_function(moved, timeout=3000)      # (well inside the news's 6 seconds)
        except PlaywrightTimeout:
            page.locator(".board [data-action], .hand-area [data-action]").first.click()
            page.wait_for_function(moved, timeout=5000)
        page.wait_for_function("!document.querySelector('.story .news')", timeout=1000)    # (not its 6 seconds)
        story = page.locator(".story")
        assert "kicked off to" in story.inner_text() or "played" in story.inner_text(), story.inner_text()
        fits = story.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
        assert fits, story.inner_text()
        page.screenshot(path=str(ARTIFACTS / "football-whist-phone-after-kick-off.png"))
    finally:
        context.close()


def _play_to(table, chooser, until) -> dict | None:
    """The person's moves by ``chooser`` until ``until(view, page)``; the view then (None if the match ended)."""
    while (view := table.decision()) is not None:
        if until(view, table.page):
            return view
        table.click(chooser.act(view["observation"], view["legal"]))
    return None


def _news_at_turn(page) -> str:
    return " ".join(page.locator(".story .news").all_inner_texts())


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_lopsided_match_a_goal_and_the_hint_that_cannot_tell_the_moves_apart(browser, server, size):
    """Seed 2: the person plays at random beside casual bots and is 0-4 down late in the second half.  The
    start, a goal's news at his turn and the hint late in the match, at a laptop's size and a phone's; a goal's
    news gives way at his next move."""
    from test_e2e_sweep import Table

    table = Table(browser, server, "football-whist", size, 2)
    page = table.page
    chooser = make_bot(get_game("football-whist"), "random", 0, 2)
    try:
        view = table.decision()
        assert view is not None
        page.screenshot(path=str(ARTIFACTS / f"fw-story-{size}-start.png"))
        assert KICK_OFF.match(page.locator("[data-testid=play-log] li").first.inner_text())
        table.click(chooser.act(view["observation"], view["legal"]))
        view = _play_to(table, chooser, lambda v, p: "Goal!" in _news_at_turn(p))
        assert view is not None, "no goal's news at the person's turn"
        page.screenshot(path=str(ARTIFACTS / f"fw-story-{size}-goal.png"))
        # the news goes after a few seconds, even while the player thinks (no move is made meanwhile)
        page.wait_for_function("!document.querySelector('.story .news')", timeout=7500)
        table.click(chooser.act(view["observation"], view["legal"]))
        # the next goal's news, at his turn, goes at his move (unless the move brings news of its own)
        view = _play_to(table, chooser, lambda v, p: "Goal!" in _news_at_turn(p))
        if view is not None:
            told = _news_at_turn(page)
            table.click(chooser.act(view["observation"], view["legal"]))
            assert told not in _news_at_turn(page), told       # (a goal of the bots' since would read otherwise)

        def lopsided(v, p) -> bool:
            o = v["observation"]
            return (o["half"] == 2 and len(o["hand"]) <= 5 and o["goals"]["B"] - o["goals"]["A"] >= 3
                    and len(v["legal"]) > 2)
        view = _play_to(table, chooser, lopsided)
        assert view is not None, "the match never got lopsided"
        page.click("[data-testid=hint-button]")
        page.wait_for_selector("[data-testid=hint] [data-testid=chance]", timeout=30000)
        page.screenshot(path=str(ARTIFACTS / f"fw-story-{size}-lopsided-hint.png"))
        chances = [int(x.rstrip("%"))
                   for x in page.locator("[data-testid=hint] [data-testid=chance]").all_inner_texts()]
        note = page.locator("[data-testid=hint-close-call]")
        if max(chances) - min(chances) <= 2:
            assert note.count() and "differ little" in note.inner_text(), chances
        else:
            assert not note.count(), chances
        print(json.dumps({"size": size, "chances": chances, "note": note.inner_text() if note.count() else None}))
        assert not table.errors, table.errors
    finally:
        table.close()


def test_a_hint_whose_chances_are_all_but_equal_says_so_and_shows_how_often_each_move_was_tried(server, page):
    """At 1-4 down every move reads 1% or 2%: the hint says in plain words that the match is almost sure lost and the
    moves differ little, and says in one plain sentence under the list what the search's other figure (how often
    it played each move out) tells; never a count of tries beside a move, nor a figure the server did not send.
    Chances that do tell the moves apart get no such note."""
    page.goto(server.url + "/")
    page.set_content('<div class="dock"><div id="slot"></div></div>')
    shown = page.evaluate("""async () => {
        const { hints } = await import('/static/hint.js');
        const slot = document.getElementById('slot');
        const names = { 'play S10': 'Scotland 10', 'play S3': 'Scotland 3', 'play E2': 'England 2' };
        const view = { hints: true, seat: 0, over: false, real_time: false, moves: 70, hint_withheld: null,
                       legal: Object.keys(names) };
        const ask = (options, contest) => {
            const shown = hints(slot, { send: () => true, act: () => {}, label: (a) => names[a], contest });
            shown.draw(view);
            slot.querySelector('[data-testid=hint-button]').click();
            shown.answered({ type: 'hint', moves: 70, unjudged: 0, iterations: 500, options });
            const words = (li) => [...li.children].map((c) => c.textContent.replace(/\\s+/g, ' ').trim())
              .filter(Boolean);
            return { rows: [...slot.querySelectorAll('[data-testid=hint] li')].map((li) => words(li).join(' ')),
                     note: slot.querySelector('[data-testid=hint-close-call]')?.textContent || null,
                     tried: slot.querySelector('[data-testid=hint-tried]')?.textContent || null };
        };
        return {
            decided: ask([{ action: 'play S10', chance: 0.02, visits: 310 },
                          { action: 'play E2', chance: 0.01, visits: 90 },
                          { action: 'play S3', chance: 0.015, visits: 100 }], 'match'),
            evenly: ask([{ action: 'play S10', chance: 0.01, visits: 102 },
                          { action: 'play E2', chance: 0.01, visits: 99 },
                         { action: 'play S3', chance: 0.01, visits: 101 }], 'match'),
            even: ask([{ action: 'play S10', chance: 0.51, visits: 200 },
                          { action: 'play E2', chance: 0.5, visits: 150 },
                       { action: 'play S3', chance: 0.49, visits: 150 }], 'match'),
            apart: ask([{ action: 'play S10', chance: 0.4, visits: 310 },
                          { action: 'play E2', chance: 0.1, visits: 90 },
                        { action: 'play S3', chance: 0.3, visits: 100 }], 'match'),
        };
    }""")
    decided = shown["decided"]
    assert decided["note"], decided
    assert decided["note"].startswith(
        "You are almost sure to lose the match (under 1 in 20 to win): these moves differ little"), decided
    assert "(1% to 2%)" in decided["note"], decided
    # each row keeps its chance; what the search did is one plain sentence under the list, never a count of tries
    # (a row at the choice's figure as shown, 1.5% shown as 2%, is tagged equal best)
    assert decided["rows"] == ["Play Scotland 10 (its choice) 2%", "Play Scotland 3 (equal best) 2%",
                               "Play England 2 1%"], decided
    assert "500 practice games" in decided["tried"] and "surest of its choice" in decided["tried"], decided
    # tries as even as the chances: nothing separates the moves, and the hint says so rather than pick one out
    assert "about equally often in 500 practice games: as far as it can tell, any of them will do" \
        in shown["evenly"]["tried"], shown["evenly"]
    assert "surest" not in shown["evenly"]["tried"]
    assert shown["even"]["note"].startswith("These moves differ little in the chance of winning (49% to 51%)"), shown
    assert shown["apart"]["note"] is None and shown["apart"]["tried"] is None, shown
