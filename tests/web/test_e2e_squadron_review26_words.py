"""Squadron Scramble after the fresh-eyes review 26: a round's count names each wild card swapped out of a set (who
gave which card for which wild card, out of whose set, and what that set lost), and the play log's line for a swap
says the wild card it won."""

from __future__ import annotations

import test_e2e_squadron_scramble_table as table
from conftest import ARTIFACTS, PHONE, WIDE
from parlour.games.squadron_scramble.cards import pack_data

PLANE_NAME = {p["code"]: p["name"] for p in pack_data()["planes"]}
VIEWS = {v["code"]: v["name"] for v in pack_data()["views"]}
WILD = {code: w["name"] for code, w in pack_data()["wild"].items()}
#: a deal in which Ann, swapping whenever she can, swaps a wild card out of Arthur's set in round 1
SEED = 4


def swap_first(view: dict) -> str | None:
    """Ann's move: a swap where one is open to her, else the club player's."""
    return next((a for a in view["legal"] if a.startswith("swap ")), None)


def swaps_of_last_round(view: dict) -> list[dict]:
    obs = view["observation"]
    return [e for e in obs["events"] if e["event"] == "wild swapped" and e["round"] == obs["round"] - 1]


def test_a_rounds_count_names_every_wild_card_swapped_out_of_a_set(quick_server, browser):
    made, view = table.drive(quick_server, SEED, lambda v: bool(swaps_of_last_round(v)), seats=2,
                             variant={"auto_name": True}, choose=swap_first)
    swaps = swaps_of_last_round(view)
    for size, touch, where in ((WIDE, False, "laptop"), (PHONE, True, "phone")):
        context, page, errors = table.open_table(browser, quick_server, made, size, touch)
        try:
            page.get_by_test_id("last-count").click()
            count = page.locator("[data-testid=round-count]")
            count.wait_for()
            rows = count.locator(".ss-round-row")
            for e in swaps:
                card = f"{PLANE_NAME[e['plane']]} ({VIEWS[e['card'].split('/')[1]]})"
                plane, wild = PLANE_NAME[e["plane"]], WILD[e["wild"]]
                mover, owner = rows.nth(e["seat"]).inner_text(), rows.nth(e["owner"]).inner_text()
                whose = "Arthur's" if e["owner"] == 1 else "your"
                assert f"Swapped {card} for {wild} in {whose} {plane} set" in mover, mover
                thief = "your" if e["seat"] == 0 else "Arthur's"
                assert f"Lost {wild} from the {plane} set to {thief} swap" in owner, owner
                assert (": it no longer counted double" in owner) == (e["wild"] == "VIC"), owner
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"squadron-review26-swap-count-{where}.png"))
            page.click("[data-testid=count-go-on]")
            # the play log tells each swap with the wild card it won
            for e in swaps:
                line = page.locator(f"[data-testid=play-log] li[data-move='{e['move']}']").inner_text()
                assert line.endswith(f"set for {WILD[e['wild']]}"), line
            assert not errors, errors
        finally:
            context.close()
