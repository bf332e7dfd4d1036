"""Football Whist: the trick before the one on the table stays in sight under the pitch, its four cards, who won it
and where the ball went, built from the public history alone."""

from __future__ import annotations

from conftest import ARTIFACTS
from parlour.bots import make_bot
from parlour.games import get_game
from parlour.games.football_whist.rules import GOALS


def _ball(obs: dict, k: int) -> list[str]:
    """The ball's moves after trick k of this half, as the history has them."""
    target, plays, moves = 44 * (obs["half"] - 1) + 4 * (k + 1), 0, []
    for _seat, action in obs["history"]:
        if plays == target and action.split(" ")[0] in ("play", "kick"):
            break
        if action.startswith("play"):
            plays += 1
        elif plays == target:
            moves.append(action)
    return moves


def test_on_a_laptop_the_last_trick_stays_beside_the_trick_being_played(browser, server):
    from sweep import layout
    from test_e2e_sweep import Table

    table = Table(browser, server, "football-whist", "desktop", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    checked = 0
    try:
        while checked < 3 and (view := table.decision()) is not None:
            obs = view["observation"]
            done = obs["tricks"][obs["half"] - 1]
            if obs["phase"] == "play" and obs["trick"]["cards"] and done:
                last = done[-1]
                box = page.locator("[data-testid=last-trick]")
                box.wait_for()
                assert box.locator("svg.card").evaluate_all("els => els.map(e => e.dataset.card)") == last["cards"]
                assert (
                    box.locator(".fw-won svg.card").get_attribute("data-card")
                    == last["cards"][(last["winner"] - last["leader"]) % 4]
                )
                words = box.inner_text()
                winner = "You" if last["winner"] == 0 else view["seats"][last["winner"]]["name"]
                assert f"{winner} won it" in words, words
                moves = _ball(obs, len(done) - 1)
                final = [m.split(" ")[1] for m in moves if m.startswith("move ")]
                if not final:
                    assert "The ball stayed put" in words, words
                elif final[-1] in GOALS:
                    assert "put it in the" in words and "goal" in words, words
                else:  # the place, named as the play log names the last move
                    place = words.split("Ball to ")[1].split("\n")[0]
                    log = page.locator("[data-testid=play-log] li").all_inner_texts()
                    assert [x for x in log if "moved the ball to " in x][-1].endswith(f"moved the ball to {place}"), log
                # clear of the seats and the trick on the table, and whole in the window
                boxes = page.evaluate("""() => { const r = (el) => { const b = el.getBoundingClientRect();
                        return [b.left, b.top, b.right, b.bottom]; };
                    return { last: r(document.querySelector('[data-testid=last-trick]')),
                             others: [...document.querySelectorAll('.fw-table .fw-seat, .fw-trick .fw-played')].map(r),
                             room: document.querySelector('.dock').getBoundingClientRect().top }; }""")
                a = boxes["last"]
                for b in boxes["others"]:
                    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
                assert a[1] >= 0 and a[3] <= boxes["room"], boxes
                assert layout(page) == []
                # (review: the cards were squeezed to ~12px, their numbers unreadable) each card at least 24px wide,
                # its number drawn in a font of 14px or more
                widths = box.locator("svg.card").evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
                assert min(widths) >= 24, widths
                sizes = box.locator("svg.card").evaluate_all("""els => els.map((e) => Math.max(
                    ...[...e.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size'))
                      * e.getBoundingClientRect().width / 100)))""")
                assert min(sizes) >= 14, sizes
                if checked == 0:
                    page.screenshot(path=str(ARTIFACTS / "football-whist-last-trick.png"))
                checked += 1
            elif obs["phase"] == "play" and not obs["trick"]["cards"]:
                assert page.locator("[data-testid=last-trick]").count() == 0  # (the table itself shows it)
            table.click(chooser.act(obs, view["legal"]))
        assert checked == 3
    finally:
        table.close()
