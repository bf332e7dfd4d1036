"""British Towns, the player's own hand on the table: the key marks the towns he holds (a tick, and "you hold 2 of 4"),
and in the sets game a region he may lay is named beside his hand, and a set he has laid is announced and marked."""

from __future__ import annotations

import pytest

from conftest import ARTIFACTS

KEY = """() => [...document.querySelectorAll('.bt-key li')].map((li) => ({
  region: Number(li.querySelector('.bt-chip b').textContent),
  held: [...li.querySelectorAll('[data-held]')].map((b) => b.dataset.held),
  ticked: [...li.querySelectorAll('[data-held]')].every((b) => b.textContent.startsWith('✓ ')),
  hold: li.querySelector('.bt-keyhold') ? li.querySelector('.bt-keyhold').textContent : null }))"""

DATA = """() => fetch('/api/games/british-towns-sets/data').then((r) => r.json()).then((d) => d.towns.towns)"""


def _table(browser, server, game, size, seed):
    from test_e2e_sweep import Table  # (that module needs axe, which these tests do not)
    return Table(browser, server, game, size, seed)


def _chooser(game):
    from parlour.bots import make_bot
    from parlour.games import get_game
    return make_bot(get_game(game), "heuristic" if game.endswith("sets") else "remembering", 0, 11)


def _check_key(page, obs, towns):
    """Every region's line in the key marks exactly the towns of the hand, and says how many of how many."""
    hand = set(obs["hand"])
    lines = page.evaluate(KEY)
    assert lines, "no key"
    laid = {int(r) for sets in obs.get("sets") or [] for r in sets}
    for line in lines:
        if line["region"] in laid:
            continue
        codes = [t["code"] for t in towns if t["region"] == line["region"]]
        mine = [c for c in codes if c in hand]
        assert sorted(line["held"]) == sorted(mine), line
        assert line["ticked"], line
        card = f"R{line['region']}" in hand
        if mine or card:
            want = (f"you hold {len(mine)} of {len(codes)}" + (" and the region card" if card else "") if mine
                    else "you hold the region card (no towns yet)")
            # (in the sets game a region held whole, every town or all but one and the region card, is said so)
            if "sets" in obs and (len(mine) == len(codes) or card and len(mine) == len(codes) - 1):
                want += " · whole: lay it down on your turn"
            assert line["hold"] == want, line
        else:
            assert line["hold"] is None, line
    return lines


@pytest.mark.parametrize("game, seed", [("british-towns-asking", 9), ("british-towns-sets", 11)])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_key_marks_the_towns_of_the_players_own_hand(browser, server, game, seed, size):
    table = _table(browser, server, game, size, seed)
    page = table.page
    chooser = _chooser(game)
    try:
        towns = page.evaluate(DATA)
        marked = 0
        for turn in range(4):
            view = table.decision()
            assert view is not None
            lines = _check_key(page, view["observation"], towns)
            marked += sum(len(line["held"]) for line in lines)
            if turn == 0:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.locator(".bt-key").screenshot(path=str(ARTIFACTS / f"{game}-{size}-key-marks-hand.png"))
            table.click(chooser.act(view["observation"], view["legal"]))
        assert marked, "the hand held no town of the key in four turns"
        assert not table.errors, table.errors
    finally:
        table.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_sets_game_a_region_to_lay_is_named_and_a_set_laid_is_announced_and_marked(browser, server, size):
    """The person's moves come from a script (laying whenever he may); the page names the region he may lay, and
    once he has laid it says "You laid the ... set" and marks it on his seat."""
    table = _table(browser, server, "british-towns-sets", size, 5)
    page = table.page
    chooser = _chooser("british-towns-sets")
    names = page.evaluate("""() => import('/static/games/british-towns-common.js')
      .then((m) => Object.fromEntries(Object.entries(m.REGIONS).map(([n, r]) => [n, r.name])))""")
    try:
        announced = offered = False
        for _ in range(120):
            view = table.decision()
            if view is None:
                break
            legal = view["legal"]
            lays = [a for a in legal if a.startswith("lay ")]
            if lays:            # (forced under the default rules; a choice under some variants)
                said = page.inner_text("[data-testid=may-lay], [data-testid=must-lay]")
                region = names[lays[0].split(" ")[1]]
                assert f"“Lay down {region.replace('The ', 'the ', 1)}" in said, said
                assert page.locator(f'.bt-hand [data-action="{lays[0]}"]').first.is_visible()
                offered = True
            if lays:
                if not announced:
                    page.screenshot(path=str(ARTIFACTS / f"british-towns-sets-{size}-may-lay.png"))
                region = lays[0].split(" ")[1]
                table.click(lays[0])
                title = names[region].removeprefix("The ")
                # (the news stands until another player moves: the lay mostly ends the turn, and the others' moves
                # then follow at once at this pace)
                after = table.decision()
                if after is None:
                    break
                news = page.locator("[data-testid=laid-news]")
                if after["observation"]["history"][-1][0] == after["seat"]:
                    assert news.inner_text().startswith(f"You laid the {title} set"), news.inner_text()
                else:
                    # (at his next turn the set lies marked "just laid" on his seat, and the news is gone)
                    assert news.count() == 0
                mine = page.locator(".bt-seat.mine .bt-set.fresh")
                assert mine.count() >= 1 and "just laid" in mine.first.inner_text()
                assert mine.first.is_visible()
                if not announced:
                    page.screenshot(path=str(ARTIFACTS / f"british-towns-sets-{size}-laid.png"))
                announced = True
                continue
            table.click(chooser.act(view["observation"], legal))
        assert announced, "the person laid no set in the game"
        assert offered
        assert not table.errors, table.errors
    finally:
        table.close()
