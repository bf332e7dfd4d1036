"""A rules page as a player opens it: the game at a glance and a contents list under the title, and tables that
keep their words whole on a phone (their box scrolls sideways instead)."""

from __future__ import annotations

import re

import pytest

from conftest import ARTIFACTS
from parlour.games import GAMES

PHONE, WIDE = {"width": 390, "height": 844}, {"width": 1366, "height": 900}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_rules_page_opens_with_the_game_at_a_glance_and_its_contents(client, game_id):
    text = client.get(f"/rules/{game_id}").text
    body = text.split('<article class="rules">', 1)[1].split("</article>", 1)[0]
    head = body.split("<h2 id=\"the-equipment\"", 1)[0]
    glance = re.search(r'<aside class="glance"[^>]*>(.*?)</aside>', head, re.DOTALL)
    assert glance, "the glance box stands under the title, before the first section"
    words = re.sub(r"<[^>]+>", " ", glance.group(1))
    assert all(w in words for w in ("Players:", "Aim:", "How it ends:")), words
    assert body.index("</h1>") < body.index('class="glance"') < body.index('class="contents"')
    nav = re.search(r'<nav class="contents".*?</nav>', body, re.DOTALL)
    assert nav, "a contents list"
    links = re.findall(r'<li><a href="#([^"]+)">([^<]+)</a></li>', nav.group(0))
    ids = re.findall(r'<h2 id="([^"]+)"', body)
    sections = [i for i in ids if i not in ("contents", "at-a-glance")]
    assert [i for i, _ in links] == sections and len(sections) >= 4, (links, ids)
    names = [name for _, name in links]
    assert any(n.startswith("The rules") for n in names) and any(n.startswith("Rulings") for n in names), names
    assert body.count("<h2 id=\"at-a-glance\"") == 1, "the glance is said once, in its box"
    assert body.count("<table>") == body.count('<div class="table-scroll" tabindex="0"><table>')


def test_on_a_phone_no_word_in_a_rules_table_is_broken_and_the_page_does_not_run_off_the_screen(server, page):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for game_id in sorted(GAMES):
        page.set_viewport_size(PHONE)
        page.goto(f"{server.url}/rules/{game_id}")
        page.wait_for_selector("article.rules .glance")
        # each word of each cell stays on one line (a word broken in two spans two line boxes)
        broken = page.evaluate("""() => {
            const found = [];
            for (const cell of document.querySelectorAll('article.rules td, article.rules th')) {
                const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    for (const m of node.textContent.matchAll(/[^\\s\\-\\u2013\\u2014/]+/g)) {
                        const range = document.createRange();
                        range.setStart(node, m.index);
                        range.setEnd(node, m.index + m[0].length);
                        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                        if (tops.size > 1) found.push(m[0]);
                    }
                }
            }
            return found;
        }""")
        assert not broken, f"{game_id}: words broken mid-word: {broken[:10]}"
        wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert wide <= 1, f"{game_id}: the page runs {wide}px off the side of the phone"
        link = page.locator("article.rules .contents a").nth(1)
        target = link.get_attribute("href")
        link.click()
        page.wait_for_function(f"Math.abs(document.querySelector('{target}').getBoundingClientRect().top) < 40")
        if game_id == "squadron-scramble":
            page.evaluate("scrollTo(0, 0)")
            page.screenshot(path=str(ARTIFACTS / f"rules-{game_id}-phone.png"))
            page.locator("article.rules .table-scroll").first.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"rules-{game_id}-phone-table.png"))
            page.set_viewport_size(WIDE)
            page.evaluate("scrollTo(0, 0)")
            page.screenshot(path=str(ARTIFACTS / f"rules-{game_id}-wide.png"))
