"""Squadron Scramble as a fourth review found it on a phone: a long discard pile names each card under others along
its strip (its plane and view), the round's count keeps its heading and Go on in view, the NEW tag leaves the
plane's name uncovered; and the words: an onlooker's replay says "Ann misses the next turn", never "You", and a
swap or a fourth card names whose set and which plane ("into Cyril's Warhawk set", no number).

The person (seat 0) is played over the websocket up to the position wanted; the page is then opened on that
table at his turn (the bots wait for him there).
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import PHONE
from test_e2e_squadron_scramble_fit import first_turn_of_a_round_after, stock_only
from test_e2e_squadron_scramble_table import drive, open_table, snap

DATA = json.loads((Path(__file__).resolve().parents[2] / "src/parlour/games/squadron_scramble/data/planes.json")
                  .read_text())
SHORT = {p["code"]: p.get("short", p["code"]) for p in DATA["planes"]}
WILD = {code: w["name"] for code, w in DATA["wild"].items()}


def test_on_a_phone_each_card_under_others_in_a_long_pile_shows_its_plane_and_view(quick_server, browser):
    made, view = drive(quick_server, 5, lambda v: 9 <= len(v["observation"]["pile"]) <= 12
                       and v["observation"]["phase"] == "draw", choose=stock_only)
    pile = view["observation"]["pile"]
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        page.wait_for_timeout(300)
        spines = page.evaluate("""() => [...document.querySelectorAll('.ss-pile > .ss-pc')].map((pc) => {
            const sp = pc.querySelector('.ss-spine');
            if (!sp) return null;
            const name = sp.querySelector('.ss-spine-name'), letter = sp.querySelector('.ss-spine-view');
            const r = sp.getBoundingClientRect(), n = name.getBoundingClientRect();
            return { shown: getComputedStyle(sp).display !== 'none', width: r.width, name: name.textContent,
                     view: letter ? letter.textContent : '',
                     whole: name.scrollHeight <= name.clientHeight + 1 && name.scrollWidth <= name.clientWidth + 1,
                     inside: n.top >= r.top - 1 && n.bottom <= r.bottom + 1,
                     font: parseFloat(getComputedStyle(name).fontSize) };
        })""")
        snap(page, "squadron-scramble-review4-pile-spines-phone")
        assert spines[-1] is None and len(spines) == len(pile)       # (the top card lies whole)
        for card, sp in zip(pile[:-1], spines[:-1], strict=True):
            assert sp["shown"] and sp["width"] >= 14 and sp["whole"] and sp["inside"] and sp["font"] >= 10, (card, sp)
            if card in WILD:
                assert sp["name"] == WILD[card], (card, sp)
            else:
                plane, v = card.split("/")
                assert (sp["name"], sp["view"]) == (SHORT[plane], v), (card, sp)
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_the_round_count_keeps_its_heading_and_go_on_in_view(quick_server, browser):
    made, view = drive(quick_server, 7, first_turn_of_a_round_after)
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        count = page.locator("[data-testid=round-count]")
        page.get_by_test_id("last-count").tap()         # (the page opened after the round: its count is one line)
        count.wait_for()
        page.wait_for_timeout(200)
        for part in ("h2", "[data-testid=count-go-on]"):
            box = count.locator(part).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 1, (part, box)
        # the four players' counts scroll between them, where they are taller than the room
        body = count.locator(".ss-round").evaluate(
            "e => [e.scrollHeight, e.clientHeight, getComputedStyle(e).overflowY]")
        assert body[2] == "auto", body
        # the same for the summary that stops play at a round's end (the table's sheet holding the same count)
        sheet = page.evaluate("""() => {
            const sheet = document.createElement('section');
            sheet.className = 'sheet';
            sheet.innerHTML = '<h2>x</h2><div class="ss-round"></div><div class="sheet-foot"></div>';
            document.body.append(sheet);
            const body = sheet.querySelector('.ss-round');
            const said = [getComputedStyle(sheet).display, getComputedStyle(body).overflowY];
            sheet.remove();
            return said;
        }""")
        assert sheet == ["flex", "auto"], sheet
        snap(page, "squadron-scramble-review4-count-phone")
        assert not errors, errors
    finally:
        context.close()


def test_on_a_phone_the_new_tag_leaves_the_planes_name_uncovered(quick_server, browser):
    made, view = drive(quick_server, 21, lambda v: "draw stock" in v["legal"] and len(v["observation"]["history"]) >= 8)
    context, page, errors = open_table(browser, quick_server, made, PHONE, touch=True)
    try:
        page.locator('.board [data-action="draw stock"]').click()
        page.wait_for_selector(".hand-area svg.card[data-new]")
        found = page.evaluate("""() => {
            const card = document.querySelector('.hand-area svg.card[data-new]');
            const tag = card.querySelector('.ss-new-big').getBoundingClientRect();
            // the plane's name: the bold lines at the card's foot, in the kind's colour
            const names = [...card.querySelectorAll(':scope > text')].filter((t) => Number(t.getAttribute('y')) >= 95
                && t.getAttribute('font-weight') === '800').map((t) => t.getBoundingClientRect());
            const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            return { names: names.length, covered: names.filter((n) => meet(n, tag)).length, tag: tag.height };
        }""")
        assert found["names"] >= 1 and found["covered"] == 0 and found["tag"] >= 7, found
        snap(page, "squadron-scramble-review4-new-tag-phone")
        assert not errors, errors
    finally:
        context.close()


WORDS = """async ([planes]) => {
    const mod = await import('/static/games/squadron-scramble.js');
    const [bomber, fighter] = planes;
    const seats = [{ name: 'Reviewer' }, { name: 'Arthur' }, { name: 'Cyril' }];
    const set = (id, by, plane, cards) => ({ id, by, plane, cards, extra: null, value: 15 });
    const obs = { seat_names: ['P1', 'P2', 'P3'], round: 1, recognition: false, hand: [],
        table: [set(1, 2, fighter, [`${fighter}/T`, 'KEF', `${fighter}/F`]),
                set(2, 1, bomber, [`${bomber}/T`, `${bomber}/S`, `${bomber}/F`])],
        captured: [[], [], []], history: [[0, `name ${fighter} XX`]],
        naming: [{ seat: 0, set: 2, said: `${fighter} XX`, correct: false, round: 1 }], events: [] };
    const view = (seat, onlooker) => ({ seats, seat, onlooker, observation: obs, legal: [] });
    return {
        onlooker: mod.describe(`name ${fighter} XX`, view(0, true), 0),
        own: mod.describe(`name ${fighter} XX`, view(0, false), 0),
        swap: mod.describe(`swap ${fighter}/S 1`, view(0, false), 0),
        add: mod.describe('add KEF 2', view(0, false), 1),
        addOwn: mod.describe('add KEF 2', view(1, false), 1),
    };
}"""


def test_a_replays_words_say_the_players_name_to_an_onlooker_and_a_swap_names_whose_set(quick_server, browser):
    bomber = next(p for p in DATA["planes"] if p["kind"] == "bomber")
    fighter = next(p for p in DATA["planes"] if p["kind"] == "fighter")
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(quick_server.url + "/")
        said = page.evaluate(WORDS, [[bomber["code"], fighter["code"]]])
        assert said["onlooker"].endswith("Reviewer misses the next turn."), said
        assert "You" not in said["onlooker"] and "you" not in said["onlooker"], said
        assert said["own"].endswith("You miss your next turn."), said
        # (a set by its owner and plane, no number: review 16b; "his" for a move on the mover's own set)
        assert said["swap"] == f"swapped {fighter['name']} (side) into Cyril's {SHORT[fighter['code']]} set", said
        assert said["add"] == f"added {WILD['KEF']} to his {SHORT[bomber['code']]} set", said
        assert said["addOwn"] == f"added {WILD['KEF']} to your {SHORT[bomber['code']]} set", said
    finally:
        context.close()


RISK = """async ([bomber, enemy, friend]) => {
    const mod = await import('/static/games/squadron-scramble.js');
    const seats = [{ name: 'Ann' }, { name: 'Arthur' }, { name: 'Cyril' }];
    const view = (seen) => ({ seats, seat: 0, legal: [], observation: { seat_names: ['P1', 'P2', 'P3'], round: 1,
        recognition: false, hand: [], table: [], captured: [[], [], []], history: [], naming: [], events: [],
        seen_in_hands: seen } });
    const lay = `lay ${bomber}/T ${bomber}/S VIC`;
    return {
        enemy: mod.hintWords(lay, view([[], [`${enemy}/T`, `${enemy}/F`], []])),
        wild: mod.hintWords(lay, view([[], [], [`${enemy}/S`, 'KEF']])),
        one: mod.hintWords(lay, view([[], [`${enemy}/T`], []])),
        friend: mod.hintWords(lay, view([[], [`${friend}/T`, `${friend}/F`], []])),
        mine: mod.hintWords(lay, view([[`${enemy}/T`, `${enemy}/F`], [], []])),
        fighters: mod.hintWords(`lay ${enemy}/T ${enemy}/S ${enemy}/F`, view([[], [`${enemy}/T`, `${enemy}/F`], []])),
    };
}"""


def test_a_hints_lay_of_bombers_says_when_an_opponent_is_seen_holding_enemy_fighters(quick_server, browser):
    """A hint's row for a set of bombers says beside it who was seen taking enemy fighters enough to shoot it down
    (from the public table: cards seen going into a hand from the pile); nothing where nothing is known."""
    planes = {p["code"]: p for p in DATA["planes"]}
    nations = {n["code"]: n["name"] for n in DATA["nations"]}
    side = {nation: s for s, members in DATA["alliances"].items() for nation in members}
    bomber = next(p for p in DATA["planes"] if p["kind"] == "bomber")

    def sides(p: dict) -> str:
        return side[nations[p["nation"]]]

    enemy = next(p for p in DATA["planes"] if p["kind"] == "fighter" and sides(p) != sides(bomber))
    friend = next(p for p in DATA["planes"] if p["kind"] == "fighter" and sides(p) == sides(bomber))
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(quick_server.url + "/")
        said = page.evaluate(RISK, [bomber["code"], enemy["code"], friend["code"]])
        assert said["enemy"][1].startswith(f"Lay {planes[bomber['code']]['name']}: "), said
        assert said["enemy"][1].endswith(f"(at risk: Arthur took 2 {enemy['name']} cards from the pile, enemy fighters "
                                         "that could shoot it down)"), said
        assert f"Cyril took a {enemy['name']} card and {WILD['KEF']} from the pile" in said["wild"][1], said
        assert all(said[k] is None for k in ("one", "friend", "mine", "fighters")), said
    finally:
        context.close()


def _contrast(a: str, b: str) -> float:
    """WCAG's contrast ratio of two colours written #rrggbb."""
    def lum(colour: str) -> float:
        c = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        c = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_white_writing_on_every_nations_band_reads_at_four_and_a_half_to_one(quick_server, page):
    """Review (axe, serious): a pile card's spine wrote the plane's name in white on the Japanese band's gold at 4.0:1;
    small writing needs 4.5:1, so every band, and the grey of a nation without one, is dark enough for it."""
    page.goto(quick_server.url + "/")
    bands = page.evaluate("async () => (await import('/static/games/squadron-scramble.js')).BAND")
    assert set(bands) >= {"US", "GB", "RU", "DE", "IT", "JP"}
    for nation, band in [*bands.items(), ("none", "#555555")]:
        assert _contrast(band, "#ffffff") >= 4.5, (nation, band, round(_contrast(band, "#ffffff"), 2))
