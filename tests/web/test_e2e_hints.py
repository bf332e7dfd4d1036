"""Help at the table in the browser: tables made with hints (Football Whist, the asking game with its many
asks, Squadron Scramble with and without the plane-spotting test), the Hint button and the five best moves
with their chances, and the expert's analysis of a finished game's moves on the replay page."""

from __future__ import annotations

import re

import httpx

from conftest import ARTIFACTS, listed_moves, play_listed, play_out, seat_view, shot, wait_turn
from test_accessibility import check

PERCENT = re.compile(r"^\d{1,3}%$")
WIDE, PHONE = {"width": 1366, "height": 900}, {"width": 390, "height": 844}
#: what the page must never show: a move's code instead of its words, a method's acronym, a move without a figure
#: the hint's heading: a title, a colon, then how the moves are ordered
HEADING = re.compile(r"^The expert's view: its choice first, then (your other moves|the 4 next best of \d+ moves)"
                     r" by their chance of winning the (game|match)$")
CODES = re.compile(r"\b(ask P\d|play [A-Z]\d|lay [A-Z0-9/]+|discard [A-Z0-9/]+|draw stock)\b|IS-MCTS|MCTS|not tried")


def screen(page, name: str) -> None:
    """What the person sees, the window alone (``shot`` takes the whole page)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def new_table(page, server, game: str, seed: int, **variant) -> None:
    """A table of the person and the form's bots, made with hints (and the variant options given)."""
    page.goto(f"{server.url}/new/{game}")
    page.wait_for_selector("form.new")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", str(seed))
    if variant and page.locator("[data-testid=more-rules]").count():
        page.click("[data-testid=more-rules] summary")  # (a game with many options folds most of them)
    for name, value in variant.items():
        if value is True:
            page.check(f"input[name=v_{name}]")
        else:
            page.fill(f"input[name=v_{name}]", str(value))
    page.check("input[name=hints]")
    page.click("text=Create the table")
    page.wait_for_selector("[data-testid=hints-on]")


def ask_hint(page) -> tuple[list[str], list[str]]:
    """Clicks Hint; the moves it shows (their actions) and their chances, once it has answered."""
    page.click("[data-testid=hint-button]")
    page.wait_for_selector("[data-testid=hint] [data-testid=chance]", timeout=20000)
    offered = page.locator("[data-testid=hint] button[data-hint]").evaluate_all("els => els.map(e => e.dataset.hint)")
    return offered, page.locator("[data-testid=hint] [data-testid=chance]").all_inner_texts()


def at_phone_width(page) -> None:
    """The table draws itself again at a phone's width (the hint anew): wait until it has, and until it has
    stopped (under load a second drawing may follow the first: the hint is then the same, drawn again)."""
    page.wait_for_function("matchMedia('(max-width: 600px)').matches"
                           " && !!document.querySelector('.dock.hinting [data-testid=hint]')")
    page.wait_for_function("""() => new Promise((done) => {
        const hint = document.querySelector('[data-testid=hint]');
        setTimeout(() => done(hint !== null && hint.isConnected), 300); })""")


def legal_moves(page) -> list[str]:
    wait_turn(page, also="")
    return listed_moves(page)


def test_a_player_asks_for_a_hint_and_sees_his_moves_with_their_chances(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/new/football-whist")
    page.wait_for_selector("form.new")
    check(page)                                   # the new table's form, with its hints option
    page.set_viewport_size({"width": 1280, "height": 860})
    for i in (1, 2, 3):
        page.select_option(f"select[name=kind{i}]", "bot:heuristic")
    page.fill("input[name=name0]", "Ann")
    page.fill("input[name=seed]", "7")
    page.check("input[name=hints]")
    page.click("text=Create the table")
    page.wait_for_selector("[data-testid=hints-on]")
    page.wait_for_selector("[data-testid=hint-button]")
    legal = legal_moves(page)
    assert len(legal) > 1
    offered, chances = ask_hint(page)
    assert set(offered) <= set(legal) and len(offered) == min(5, len(legal))
    assert chances and all(PERCENT.match(c) for c in chances), chances
    assert all(0 <= int(c[:-1]) <= 100 for c in chances)
    assert all(int(c[:-1]) <= int(chances[0][:-1]) for c in chances), "no move shown above the expert's choice"
    # the heading reads as a title and its explanation, not a run-on sentence; a match is what is won here
    assert HEADING.match(page.inner_text("[data-testid=hint] h2")), page.inner_text("[data-testid=hint] h2")
    assert page.inner_text("[data-testid=hint] h2").endswith("their chance of winning the match")
    shot(page, "football-whist-hint")
    check(page)                                   # axe finds nothing wrong with the hint, wide or on a phone
    page.set_viewport_size({"width": 1280, "height": 860})
    moves = int(page.locator(".board").get_attribute("data-moves"))
    page.locator("[data-testid=hint] button[data-hint]").first.click()     # the expert's choice, played
    page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {moves}")
    assert not errors, errors


def test_the_asking_game_hint_shows_the_five_best_asks_and_the_rest_on_request(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(WIDE)
    new_table(page, server, "british-towns-asking", seed=2)
    page.wait_for_selector("[data-testid=hint-button]")
    legal = legal_moves(page)
    assert len(legal) > 20, "the first ask of the game may be for any of many towns"
    # (how long a hint takes is the benchmarks' business, not a test's: a loaded machine made it a coin flip)
    offered, chances = ask_hint(page)
    assert len(offered) == 5 and set(offered) <= set(legal) and all(PERCENT.match(c) for c in chances)
    hint = page.locator("[data-testid=hint]")
    words = hint.inner_text()
    assert "Ask " in words and not CODES.search(words), words
    order = page.locator("[data-testid=hint-order]").text_content()
    assert order == (f": its choice first, then the 4 next best of {len(legal)} moves"
                     " by their chance of winning the game"), order
    # (round 11: the asking game's hint says it short at a laptop too, so that its five rows stand whole)
    heading = page.inner_text("[data-testid=hint] h2")
    assert heading == "The expert's view: its choice first; each figure is your chance of winning the game", heading
    assert page.locator("[data-testid=hint-more]").inner_text() == f"Show {len(legal) - 5} more moves"
    shot(page, "british-towns-asking-hint")
    page.set_viewport_size(PHONE)
    at_phone_width(page)
    hint.scroll_into_view_if_needed()
    shot(page, "british-towns-asking-hint-phone")
    screen(page, "british-towns-asking-hint-phone-screen")
    page.click("[data-testid=hint-more]")
    everything = page.locator("[data-testid=hint] button[data-hint]").evaluate_all(
        "els => els.map(e => e.dataset.hint)")
    assert sorted(everything) == sorted(legal) and everything[:5] == offered
    assert all(PERCENT.match(c) for c in page.locator("[data-testid=hint] [data-testid=chance]").all_inner_texts())
    page.click("[data-testid=hint-more]")
    assert page.locator("[data-testid=hint] button[data-hint]").count() == 5
    check(page, 1366)
    assert not errors, errors


def seat_legal(page, server) -> list[str]:
    """The person's legal moves as the server sends them to his seat (in plane-spotting the page lists no set to
    lay: which cards make one is for the player to spot)."""
    legal: list[str] = seat_view(page, server)["legal"]
    return legal


def _squadron_turns(page, until, server=None):
    """Plays the person's Squadron Scramble turns by the move list (laying what he can) until ``until(legal)``
    (the seat's moves as the server sends them, where ``server`` is given; else the listed ones)."""
    for _ in range(200):
        wait_turn(page, also=".ss-name-form, [data-testid=hint-withheld]")
        legal = legal_moves(page)
        if until(seat_legal(page, server) if server else legal):
            return legal
        action = next((a for p in ("lay ", "draw stock", "take 1", "discard ") for a in legal if a.startswith(p)),
                      legal[0])
        play_listed(page, action)
    raise AssertionError("the person never got there")


def test_squadron_hints_judge_every_move_they_show_and_none_at_the_plane_spotting_test(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(WIDE)
    new_table(page, server, "squadron-scramble", seed=7, recognition=True, max_rounds=1)
    _squadron_turns(page, lambda legal: any(a.startswith("lay ") for a in legal), server)
    legal = seat_legal(page, server)
    offered, chances = ask_hint(page)
    assert offered and set(offered) <= set(legal) and all(PERCENT.match(c) for c in chances), chances
    hint = page.locator("[data-testid=hint]").inner_text()
    assert not CODES.search(hint), hint
    # the discards passed over are said to wait for what goes on the table, never to be "not worth playing"
    unjudged = page.locator("[data-testid=hint-unjudged]").inner_text()
    assert "discards were not weighed yet" in unjudged and "puts on the table" in unjudged, unjudged
    assert "worth playing" not in unjudged, unjudged
    shot(page, "squadron-scramble-hint")
    page.set_viewport_size(PHONE)
    at_phone_width(page)
    page.locator("[data-testid=hint]").scroll_into_view_if_needed()
    shot(page, "squadron-scramble-hint-phone")
    screen(page, "squadron-scramble-hint-phone-screen")
    page.set_viewport_size(WIDE)
    page.locator("[data-testid=hint] button[data-hint]").first.click()     # lays the set the expert chose
    page.wait_for_selector(".ss-name-form")
    withheld = page.locator("[data-testid=hint-withheld]")
    assert "naming a plane" in withheld.inner_text() and page.locator("[data-testid=hint-button]").count() == 0
    shot(page, "squadron-scramble-no-hint-when-naming")
    assert not errors, errors


def test_the_replay_takes_the_board_to_each_costly_move_of_the_seat_analysed(server, page):
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # (seed 9: under rules version 2 a half's last trick asks for no idle move of the ball, so the game a seed
    # deals goes otherwise; in this one the random player gives a lot away more than once)
    # Ann plays her first legal move at each turn (over the socket, with her key); the analysis is for the
    # players, so the browser holds her key as the table page would have kept it
    made = httpx.post(server.url + "/api/tables", json={
        "game": "football-whist", "seed": 9, "seats": [{"kind": "person", "name": "Ann"},
                                                       {"kind": "bot", "bot": "random"},
                                                       {"kind": "bot", "bot": "heuristic"},
                                                       {"kind": "bot", "bot": "random"}]}).json()
    play_out(server.url, made, lambda view: view["legal"][0])
    page.set_viewport_size(WIDE)
    page.goto(f"{server.url}/")
    page.evaluate("([id, seat]) => localStorage.setItem(`parlour:${id}`, JSON.stringify(seat))",
                  [made["id"], {"seat": 0, "token": made["token"]}])
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector(".views .board")
    assert not CODES.search(page.inner_text("[data-testid=step]"))
    page.select_option("select[aria-label='Whose moves to analyse']", "1")
    page.click("[data-testid=analyse]", force=True)
    page.wait_for_selector("[data-testid=analysis-progress]:has-text('judged')", timeout=20000)
    page.wait_for_selector(".analysis-moves li", state="attached", timeout=120_000)
    words = page.inner_text("[data-testid=analysis]")
    assert not CODES.search(words), words
    costly = page.locator(".analysis-moves li.costly")
    assert costly.count() >= 2, "a random player gives a lot away somewhere in a match"
    assert all("gave away" in t for t in costly.all_inner_texts())
    indices = [int(i) for i in costly.evaluate_all("els => els.map(e => e.dataset.index)")]

    def at(index: int) -> None:
        """The board stands before move ``index``, from the analysed seat's view, with its judgement in sight."""
        page.wait_for_selector(f".analysis-moves li[data-index='{index}'][aria-current]")
        page.wait_for_function(f"document.querySelector('.replay-controls input').value === '{index}'")
        assert page.locator("select[aria-label='Whose view']").input_value() == "1"
        assert page.locator(".views .board").count() == 1
        focus = page.locator("[data-testid=analysis-focus]")
        # (the focus is drawn as the step settles, its paragraphs after: read it once it has its judgement)
        page.wait_for_function(
            "document.querySelector('[data-testid=analysis-focus]')?.textContent.includes('gave away')"
            " && document.querySelector('[data-testid=analysis-focus] h2')?.textContent"
            f".startsWith('Move {index + 1}:')")
        assert not CODES.search(focus.inner_text())
        # one numbering (round 14b): the bar names the step by the move to play there, as the judgement does
        said = f"Move {index + 1} of" if index else "The deal"
        page.wait_for_function(f"document.querySelector('[data-testid=step]').textContent.startsWith('{said}')")
        assert f"Move {index + 1}:" in focus.inner_text()
        if not index:
            assert "· move 1: " in page.inner_text("[data-testid=step]")
        # (who is next, and what he does: a card "to play", or "kicks off", "moves the ball" (review 25c))
        nxt = page.inner_text("[data-testid=step-next]")
        assert re.search(r" (to play|kicks off( the second half)?|moves the ball)$", nxt), nxt
        top = page.evaluate("document.querySelector('[data-testid=analysis-focus]').getBoundingClientRect().top")
        board = page.evaluate("document.querySelector('.views .board').getBoundingClientRect().top")
        assert 0 <= top < board < page.viewport_size["height"], (top, board)
        # wide, the list stands beside the board (its line for this move in sight in its own box); on a phone the
        # board comes first and the list under it
        place = page.evaluate(f"""() => {{
            const r = (el) => el.getBoundingClientRect();
            const line = r(document.querySelector(".analysis-moves li[data-index='{index}']"));
            const list = r(document.querySelector('.analysis-moves'));
            const board = r(document.querySelector('.views .board'));
            return {{ line: [line.top, line.bottom], list: [list.left, list.top], board: [board.right, board.top],
                      window: innerHeight }}; }}""")
        if page.viewport_size["width"] >= 900:
            assert place["list"][0] >= place["board"][0], place
            assert 0 <= place["line"][0] and place["line"][1] <= place["window"], place
        else:
            assert place["board"][1] < place["list"][1], place

    # (review: it opened on the last step, "Not a decision of ...", with Next costly move greyed) it opens on the
    # seat's first costly move, the board before it
    at(indices[0])
    costly.first.locator("button").click()
    at(indices[0])
    shot(page, "football-whist-analysis")
    screen(page, "football-whist-analysis-screen")
    page.click("[data-testid=next-costly]")
    at(indices[1])
    page.click("[data-testid=previous-costly]")
    at(indices[0])
    assert page.locator("[data-testid=previous-costly]").is_disabled()
    page.set_viewport_size(PHONE)
    costly.nth(1).locator("button").click()
    at(indices[1])
    shot(page, "football-whist-analysis-phone")
    screen(page, "football-whist-analysis-phone-screen")
    page.set_viewport_size(WIDE)
    page.check("[data-testid=only-costly]")
    assert page.locator(".analysis-moves li:visible").count() == len(indices)
    # axe finds nothing wrong with the analysis (checked at the deal: a team's colour in a later Football Whist
    # board is the game's own stylesheet's business, not the analysis's)
    page.click(".replay-controls button:has-text('Start')")
    page.wait_for_function("document.querySelector('[data-testid=step]').textContent.startsWith('The deal')")
    check(page, 1366)
    assert not errors, errors


def test_a_move_the_server_shows_level_with_the_experts_choice_is_called_level(server, page):
    """The server shows no move above the expert's choice: one it tried less whose figure came out higher is
    sent at the choice's chance.  The hint says so: "(equal best)" beside it, and a line saying why the choice is
    still first; no figure under a later move is higher than the choice's."""
    page.goto(server.url + "/")
    page.set_content('<div class="dock"><div id="slot"></div></div>')
    shown = page.evaluate("""async () => {
        const { hints } = await import('/static/hint.js');
        const slot = document.getElementById('slot');
        const view = { hints: true, seat: 0, over: false, real_time: false, moves: 24, hint_withheld: null,
                       legal: ['play S10', 'play S3', 'play E2'] };
        const names = { 'play S10': 'Scotland 10', 'play S3': 'Scotland 3', 'play E2': 'England 2' };
        const shown = hints(slot, { send: () => true, act: () => {}, label: (a) => names[a] });
        shown.draw(view);
        slot.querySelector('[data-testid=hint-button]').click();
        shown.answered({ type: 'hint', moves: 24, unjudged: 0, options: [
            { action: 'play S10', chance: 0.49, visits: 300 }, { action: 'play E2', chance: 0.3, visits: 50 },
            { action: 'play S3', chance: 0.49, visits: 150 }] });
        const words = (li) => [...li.children].map((c) => c.textContent.replace(/\\s+/g, ' ').trim()).filter(Boolean);
        return { rows: [...slot.querySelectorAll('[data-testid=hint] li')].map((li) => words(li).join(' ')),
                 note: slot.querySelector('[data-testid=hint-level-note]')?.innerText || null };
    }""")
    assert shown["rows"] == ["Play Scotland 10 (its choice) 49%", "Play Scotland 3 (equal best) 49%",
                             "Play England 2 30%"], shown
    assert shown["note"] and "as good as its choice" in shown["note"] and not CODES.search(shown["note"])
