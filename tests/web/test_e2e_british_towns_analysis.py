"""The sets game's analysis names the card each "take the discard" took: the one on top at that step, not the one
on top at the step the replay happens to show."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx

from parlour.engine.record import GameRecord
from parlour.games import get_game


def test_every_take_in_the_sets_analysis_names_the_card_it_took(server, page):
    made = httpx.post(server.url + "/api/tables", json={"game": "british-towns-sets", "seed": 4, "sit": False,
                                                        "seats": [{"kind": "bot", "bot": "heuristic"}] * 2}).json()
    deadline = time.monotonic() + 60
    while not (info := httpx.get(f"{server.url}/api/tables/{made['id']}").json())["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    record = GameRecord.from_json(httpx.get(f"{server.url}/api/tables/{made['id']}/record").text)
    state = get_game("british-towns-sets").new_state(seats=2, variant=record.variant, seed=record.seed,
                                                     deal=record.deal)
    rows: list[dict[str, Any]] = []
    took: dict[int, str] = {}
    for index, (seat, action) in enumerate(record.actions):
        if seat == 0 and action == "take discard":
            took[index] = state.observation(0)["discards"][-1]
            rows.append({"index": index, "move": index + 1, "seat": 0, "legal": 2, "played": action,
                         "played_chance": 0.5, "best": action, "best_chance": 0.5, "alternative": None,
                         "alternative_chance": None, "cost": 0.0, "costly": False,
                         "options": [{"action": action, "visits": 10, "value": 0.0, "chance": 0.5}]})
        state.apply(seat, state.parse_action(action))
    assert len(set(took.values())) >= 2, "the deal's first seat took the same card every time"
    analysis = {"table": made["id"], "game": "british-towns-sets", "seat": 0, "name": info["seats"][0]["name"],
                "bot": "expert", "iterations": 10, "seed": 0, "threshold": 0.1, "moves": rows,
                "decisions": len(rows), "costly": 0, "finished": True}
    page.route(re.compile(r"/analysis\?seat=\d+$"), lambda route: route.fulfill(json=analysis))
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    page.select_option("select[aria-label='Whose moves to analyse']", "0")
    page.click("[data-testid=analyse]")
    page.wait_for_selector(".analysis-moves li")
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
