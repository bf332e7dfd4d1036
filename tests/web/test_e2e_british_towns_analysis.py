"""The sets game's analysis names the card each "take the discard" took: the one on top at that step, not the one
on top at the step the replay happens to show."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import judged_row, open_analysis, played_by_bots, stood_in_analysis
from parlour.games import get_game


@pytest.mark.bots_quick
def test_every_take_in_the_sets_analysis_names_the_card_it_took(server, page):
    made, info, record = played_by_bots(server.url, "british-towns-sets", 4, 2)
    state = get_game("british-towns-sets").new_state(seats=2, variant=record.variant, seed=record.seed,
                                                     deal=record.deal)
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
