"""The sets game's analysis names the card each "take the discard" took: the one on top at that step, not the one
on top at the step the replay happens to show."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import ARTIFACTS, judged_row, open_analysis, played_by_bots, stood_in_analysis
from parlour.games import get_game


@pytest.mark.bots_quick
def test_every_take_in_the_sets_analysis_names_the_card_it_took(server, page):
    made, info, record = played_by_bots(server.url, "british-towns-sets", 4, 2)
    state = get_game("british-towns-sets").new_state(
        seats=2, variant=record.variant, seed=record.seed, deal=record.deal
    )
    rows: list[dict[str, Any]] = []
    took: dict[int, str] = {}
    for index, (seat, action) in enumerate(record.actions):
        if seat == 0 and action == "take discard":
            took[index] = state.observation(0)["discards"][-1]
            rows.append(judged_row(index, 0, 2, action, [(action, 0.5)]))
        state.apply(seat, state.parse_action(action))
    assert len(set(took.values())) >= 2, "the deal's first seat took the same card every time"
    analysis = stood_in_analysis(made["id"], "british-towns-sets", 0, info["seats"][0]["name"], rows)
    open_analysis(page, server.url, made["id"], 0, analysis)
    for index, card in took.items():
        name = page.evaluate("async (c) => (await import('/static/games/british-towns-common.js')).townName(c)", card)
        listed = page.locator(f".analysis-moves li[data-index='{index}']").inner_text()
        assert f"Take {name} from the discard pile" in listed, (index, card, listed)


def test_a_region_completed_in_the_asking_game_is_news_in_words(server, page):
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
        const m = await import('/static/games/british-towns-asking.js');
        const seats = [{ name: 'Ann' }, { name: 'Arthur' }, { name: 'Bea' }];
        const at = (laid) => ({ seat: 0, seats, observation: { seat_names: ['P1', 'P2', 'P3'], laid } });
        return [m.announce(at([[], [], []]), at([[], [3], []])), m.announce(at([[1], [], []]), at([[1, 2, 4], [], []])),
                m.announce(at([[], [], []]), at([[], [], []])), m.announce(null, at([[], [3], []]))]; }""")
    assert said == ["Arthur laid down the West Country.", "You laid down the South and Wales.", None, None], said


@pytest.mark.bots_quick
def test_a_costly_ask_in_the_analysis_says_why_the_experts_ask_was_better(server, page):
    """Review 28a: a costly row said "You asked Arthur for Coventry and got it … gave away 13%" and never why the
    expert's ask was better, though the live hint gave its reason.  Now the row, and the move's judgement, give the
    expert's ask's reason in the hint's own words, from what the player could see before the move."""
    game = get_game("british-towns-asking")
    made, info, record = played_by_bots(server.url, "british-towns-asking", 5, 3, bot="casual")
    state = game.new_state(seats=3, variant=record.variant, seed=record.seed, deal=record.deal)
    rows: list[dict[str, Any]] = []
    for index, (seat, action) in enumerate(record.actions):
        if seat == 0 and not rows:
            reasons = game.with_reasons(state, 0, state.observation(0)).get("reasons") or {}
            told = [
                a
                for a, facts in reasons.items()
                if a != action and any(facts.get(k) for k in ("holds", "has", "shows"))
            ]
            if told:
                rows.append(judged_row(index, 0, 9, action, [(told[0], 0.5), (action, 0.3)]))
        state.apply(seat, state.parse_action(action))
    assert rows, "no decision of the first seat where the asks heard placed a card with another player"
    best = rows[0]["best"]
    whom = info["seats"][int(best.split()[1][1:]) - 1]["name"]  # (the rules' "P2" is the second seat)
    analysis = stood_in_analysis(made["id"], "british-towns-asking", 0, info["seats"][0]["name"], rows)
    # (this browser holds the first seat: the replay is its own game)
    page.goto(server.url + "/")
    page.evaluate(
        "([id]) => localStorage.setItem(`parlour:${id}`, JSON.stringify({ seat: 0, token: 'x' }))", [made["id"]]
    )
    open_analysis(page, server.url, made["id"], 0, analysis)
    why = page.locator(".analysis-moves [data-testid=costly-why]").inner_text()
    assert why.startswith(f"Why the expert's choice: {whom} ") and "(ask" in why, why
    page.wait_for_selector("[data-testid=focus-why]")
    focused = page.inner_text("[data-testid=focus-why]")
    assert focused.endswith(why.removeprefix("Why the expert's choice: ")), (focused, why)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((1366, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("[data-testid=focus-why]").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"british-towns-asking-analysis-why-{width}.png"))
        page.locator("[data-testid=costly-why]").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"british-towns-asking-analysis-why-row-{width}.png"))
