"""The analysis tells of a slow drain (many small losses, none past the bar for a costly move), and the sets game's
prompt offers only what is legal."""

from __future__ import annotations

from typing import Any

from conftest import ARTIFACTS, open_analysis, played_by_bots, stood_in_analysis


def _finished(server) -> tuple[dict, dict, list[tuple[int, str]]]:
    made, info, record = played_by_bots(server.url, "british-towns-sets", 5, 2)
    return made, info, [(i, a) for i, (s, a) in enumerate(record.actions) if s == 0 and a.startswith("discard ")]


def _analysis(made, info, moves, costs: list[float]) -> dict[str, Any]:
    rows = [
        {
            "index": i,
            "move": i + 1,
            "seat": 0,
            "legal": 7,
            "played": a,
            "played_chance": 0.3 - c,
            "best": a if not c else "draw stock",
            "best_chance": 0.3,
            "alternative": None,
            "alternative_chance": None,
            "cost": c,
            "costly": c > 0.1,
            "options": [{"action": a, "visits": 10, "value": 0.0, "chance": 0.3 - c}],
        }
        for (i, a), c in zip(moves, costs, strict=True)
    ]
    return stood_in_analysis(made["id"], "british-towns-sets", 0, info["seats"][0]["name"], rows)


def test_many_small_losses_are_told_with_their_count_and_the_worst_never_a_sum(server, page):
    made, info, moves = _finished(server)
    assert len(moves) >= 8
    costs = [0.03, 0.0, 0.06, 0.02, 0.04, 0.0, 0.03, 0.05] + [0.0] * (len(moves) - 8)  # 23 points, none costly
    open_analysis(page, server.url, made["id"], 0, _analysis(made, info, moves, costs))
    name = info["seats"][0]["name"]
    drain = page.locator("[data-testid=drain]")
    text = drain.inner_text()
    # (a count and the bar, never a sum of the chances: those lost at different moments do not add up)
    said = (
        f"No single move of {name}'s cost much, but there were 6 small slips, "
        "each no more than 10% of the chance of winning: the worst"
    )
    assert text.startswith(said), text
    assert "23%" not in text and "together" not in text, text
    # the three worst, by their moves, with their figures, each a way to its table
    worst = [moves[2], moves[7], moves[4]]
    for (index, _), cost in zip(worst, ("6%", "5%", "4%"), strict=True):
        assert f"move {index + 1}, Discard " in text and f"({cost} below the expert's choice)" in text, text
    assert drain.locator("button").count() == 3
    assert "but 6 small slips" in page.inner_text(".analysis-nav") and "23%" not in page.inner_text(".analysis-nav")
    for width, height in ((1366, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        drain.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"british-towns-analysis-drain-{width}.png"))
    drain.locator("button").first.click()
    page.wait_for_function(f"document.querySelector('.replay-controls input').value === '{worst[0][0]}'")


def test_a_few_small_losses_are_not_a_drain(server, page):
    made, info, moves = _finished(server)
    costs = [0.03, 0.02] + [0.0] * (len(moves) - 2)
    open_analysis(page, server.url, made["id"], 0, _analysis(made, info, moves, costs))
    assert page.locator("[data-testid=drain]").count() == 0
    assert "no costly moves of" in page.inner_text(".analysis-nav")


def test_sets_game_prompt_offers_only_the_legal_draws(server, page):
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
      const m = await import('/static/games/british-towns-sets.js');
      const view = (legal, discards) => ({ seat: 0, over: false, legal, observation: { discards } });
      return [m.status(view(['draw stock'], [])), m.status(view(['take discard'], ['R3'])),
              m.status(view(['draw stock', 'take discard'], ['R3']))]; }""")
    assert said[0] == "Your turn. Draw from the stock: click it.", said
    assert said[1].startswith("Your turn. Take the ") and "stock" not in said[1], said
    assert said[2].startswith("Your turn. Draw a card: click the stock or the discard pile (its top card is the "), said


def test_a_slip_at_the_bar_is_told_within_the_bar_it_is_said_under(server, page):
    """Review 15a: "smaller slips, each under 10%", then a slip "10% below the expert's choice". A move costly only
    past the bar may lose exactly the bar: the words say "no more than", which its own figure then agrees with."""
    made, info, moves = _finished(server)
    costs = [0.1, 0.02, 0.03, 0.0] + [0.0] * (len(moves) - 4)
    open_analysis(page, server.url, made["id"], 0, _analysis(made, info, moves, costs))
    text = page.locator("[data-testid=drain]").inner_text()
    assert "each no more than 10% of the chance of winning" in text and "(10% below the expert's choice)" in text, text
    assert "under 10%" not in text, text


def test_a_costly_move_just_past_the_bar_never_reads_as_the_bar(server, page):
    """Review 18a: the summary said moves "gave away more than 10%" and the list's first said "gave away 10%" (10.4%,
    rounded): a costly move's cost keeps its tenth where the whole number would be the bar; others stay whole."""
    made, info, moves = _finished(server)
    # (review 24: one just past the bar read "10.0%" beside "more than 10%"; review 25c: "10.01%" claimed a precision
    # the search has not got: it reads "just over 10%")
    costs = [0.104, 0.25, 0.1004] + [0.0] * (len(moves) - 3)
    open_analysis(page, server.url, made["id"], 0, _analysis(made, info, moves, costs))
    said = page.locator(".analysis-moves [data-testid=costly]").all_inner_texts()
    assert said == ["gave away 10.4%", "gave away 25%", "gave away just over 10%"], said
    assert "3 gave away more than 10% of the chance of winning" in page.inner_text("body")
    page.locator(".analysis-moves li.costly button").first.click()
    page.wait_for_function("document.body.innerText.includes('gave away 10.4% of the chance of winning')")


def test_many_small_slips_are_told_with_the_stretch_where_the_game_was_lost(server, page):
    """Review 25a: "no single costly move of Pat's, but 26 small slips" for a game lost 7-12: the analysis names the
    stretch of the player's moves over which the chance fell most, and how many of the slips lie in it."""
    made, info, moves = _finished(server)
    assert len(moves) >= 8
    costs = [0.0, 0.03, 0.0, 0.04, 0.02, 0.05, 0.03, 0.0] + [0.0] * (len(moves) - 8)
    # the chance stands at 55%, rises to 60% at the third move and slides to 28% by the seventh, then steadies
    chances = [0.55, 0.5, 0.6, 0.52, 0.45, 0.36, 0.28, 0.33] + [0.3] * (len(moves) - 8)
    analysis = _analysis(made, info, moves, costs)
    for row, chance in zip(analysis["moves"], chances, strict=True):
        row["played_chance"] = chance
        row["best_chance"] = chance + row["cost"]
        row["options"][0]["chance"] = chance
    open_analysis(page, server.url, made["id"], 0, analysis)
    name = info["seats"][0]["name"]
    said = page.inner_text("[data-testid=stretch]")
    assert said == (
        f"Where the game was lost: {name}'s chance fell most between move {moves[2][0] + 1} and move "
        f"{moves[6][0] + 1}, from 60% to 28%, over 4 moves of {name}'s, 3 of them small slips, and the other players' "
        "moves and the cards that came between them."
    ), said
    assert page.locator("[data-testid=chance-fell]").count() == 0
    nav = page.inner_text(".analysis-nav")
    assert f"small slips; the chance fell most between move {moves[2][0] + 1} and move {moves[6][0] + 1}" in nav, nav
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("[data-testid=stretch]").scroll_into_view_if_needed()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "british-towns-analysis-stretch-390.png"))
    page.locator("[data-testid=stretch] button").first.click()
    page.wait_for_function(f"document.querySelector('.replay-controls input').value === '{moves[2][0]}'")
