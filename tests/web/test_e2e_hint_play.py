"""The hint as a card player meets it: on a phone beside the decision it helps with (never in its place), each of
its rows a move to play (by a tap, a click or the keyboard, through the table's own way of moving), and what the
expert's search did said in plain words, never a count of tries beside each move."""

from __future__ import annotations

import re

from conftest import shot
from test_e2e_hints import PHONE, WIDE, ask_hint, at_phone_width, legal_moves, new_table, screen

#: jargon a card player should not meet beside a move
TRIED = re.compile(r"\btried \d+ times?\b|\b\d+ tries\b")


def in_sight(page, selector: str) -> dict:
    """Where the first element ``selector`` finds stands in the window, and whether it is drawn at all."""
    return page.evaluate("""(selector) => {
        const el = document.querySelector(selector);
        if (!el) return { found: false };
        const r = el.getBoundingClientRect();
        return { found: true, drawn: r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden',
                 top: r.top, bottom: r.bottom, height: r.height, window: innerHeight };
    }""", selector)


def test_on_a_phone_the_hint_stands_above_the_decision_and_a_row_plays_its_move_from_the_keyboard(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(WIDE)
    new_table(page, server, "british-towns-asking", seed=2)
    page.wait_for_selector("[data-testid=hint-button]")
    legal = legal_moves(page)
    page.set_viewport_size(PHONE)
    page.wait_for_function("matchMedia('(max-width: 600px)').matches")
    offered, chances = ask_hint(page)
    at_phone_width(page)
    assert offered and set(offered) <= set(legal)
    # the decision's own panel (the asks heard and what was asked since the last turn) and the hint, both on screen
    decision = in_sight(page, ".dock .decision-slot .decision-area")
    hint = in_sight(page, "[data-testid=hint]")
    assert decision["found"] and decision["drawn"], decision
    assert 0 <= decision["top"] and decision["bottom"] <= decision["window"], decision
    assert hint["drawn"] and 0 <= hint["top"] and hint["bottom"] <= hint["window"], hint
    assert hint["height"] <= 0.36 * hint["window"], "the hint keeps to a third of the phone's screen"
    # (on a phone the cards to ask for stand in the hand's list, a line a region, beside the cards held)
    ask = in_sight(page, ".dock [data-testid=hand-and-ask] [data-action^='ask ']")
    assert ask["found"] and ask["drawn"] and 0 <= ask["top"] and ask["bottom"] <= ask["window"], ask
    screen(page, "hint-phone-with-decision")
    words = page.inner_text("[data-testid=hint]")
    assert not TRIED.search(words), words
    # each row says it plays its move; the keyboard plays it (Enter on its button), as the server allows
    plays = page.locator("[data-testid=hint] [data-testid=hint-play]")
    assert plays.count() == len(offered) and all(t.lower().startswith("play ") for t in plays.all_inner_texts())
    moves = int(page.locator(".board").get_attribute("data-moves"))
    plays.first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {moves}")
    assert not page.locator("[data-testid=refusal]").count() or not page.inner_text("[data-testid=refusal-box]")
    assert not errors, errors


def test_a_tap_on_a_hint_rows_figure_plays_that_move_and_a_second_tap_sends_nothing_more(server, page):
    """The whole row answers: its bar and its figure as well as its name.  One move goes to the server, once."""
    page.goto(server.url + "/")
    page.set_content('<div class="dock"><div id="slot"></div></div>')
    sent = page.evaluate("""async () => {
        const { hints } = await import('/static/hint.js');
        const slot = document.getElementById('slot');
        const played = [];
        const view = { hints: true, seat: 0, over: false, real_time: false, moves: 9, hint_withheld: null,
                       legal: ['a', 'b', 'c'] };
        const shown = hints(slot, { send: () => true, act: (a) => { played.push(a); return true; },
                                    label: (a) => `move ${a}` });
        shown.draw(view);
        slot.querySelector('[data-testid=hint-button]').click();
        shown.answered({ type: 'hint', moves: 9, unjudged: 0, options: [
            { action: 'b', chance: 0.6, visits: 300 }, { action: 'a', chance: 0.3, visits: 50 },
            { action: 'c', chance: 0.2, visits: 40 }] });
        slot.querySelectorAll('[data-testid=hint] [data-testid=chance]')[1].click();
        slot.querySelectorAll('[data-testid=hint] [data-testid=hint-play]')[2].click();
        return played;
    }""")
    assert sent == ["a"], sent


def test_a_close_call_says_in_plain_words_what_the_expert_did_and_each_row_keeps_its_chance(server, page):
    page.set_viewport_size(WIDE)
    page.goto(server.url + "/")
    page.set_content('<div class="dock"><div id="slot"></div></div>')
    shown = page.evaluate("""async () => {
        const { hints } = await import('/static/hint.js');
        const slot = document.getElementById('slot');
        const view = { hints: true, seat: 0, over: false, real_time: false, moves: 70, hint_withheld: null,
                       legal: ['x', 'y', 'z'] };
        const shown = hints(slot, { send: () => true, act: () => true, label: (a) => `card ${a}`, contest: 'match' });
        shown.draw(view);
        slot.querySelector('[data-testid=hint-button]').click();
        shown.answered({ type: 'hint', moves: 70, unjudged: 0, iterations: 500, options: [
            { action: 'x', chance: 0.51, visits: 253 }, { action: 'y', chance: 0.5, visits: 150 },
            { action: 'z', chance: 0.49, visits: 97 }] });
        return { text: slot.querySelector('[data-testid=hint]').innerText,
                 chances: [...slot.querySelectorAll('[data-testid=chance]')].map((c) => c.textContent),
                 tried: slot.querySelector('[data-testid=hint-tried]')?.innerText || null,
                 last: slot.querySelector('[data-testid=hint] ol').nextElementSibling?.dataset.testid };
    }""")
    assert not TRIED.search(shown["text"]) and "253" not in shown["text"], shown
    assert shown["chances"] == ["51%", "50%", "49%"], shown
    assert shown["tried"] and "500 practice games" in shown["tried"] and "surest of its choice" in shown["tried"], shown
    # what the figures assume, so that a player beating weak bots is not puzzled by a low chance
    assert "the other players play as well as the expert does" in shown["tried"], shown
    assert shown["last"] == "hint-tried", "the sentence stands under the list"
    shot(page, "hint-close-call-plain-words")


def test_no_hint_rows_to_play_for_a_seat_whose_turn_it_is_not(server, page):
    """A hint is offered at the player's own turn alone: with no choice of his to make there is nothing to play."""
    page.goto(server.url + "/")
    page.set_content('<div class="dock"><div id="slot"></div></div>')
    shown = page.evaluate("""async () => {
        const { hints } = await import('/static/hint.js');
        const slot = document.getElementById('slot');
        const shown = hints(slot, { send: () => true, act: () => true, label: (a) => a });
        shown.draw({ hints: true, seat: 1, over: false, real_time: false, moves: 3, hint_withheld: null, legal: [] });
        return slot.querySelectorAll('button').length;
    }""")
    assert shown == 0
