"""Football Whist's pitch answers every tap: a second tap on a kick-off (or a move of the ball) already made
sends nothing, a tap on a position the ball cannot go to says why and where it may go (in a trick: what to play),
and on a phone the pitch stays in sight under the trick while the player follows."""

from __future__ import annotations

from conftest import ARTIFACTS
from parlour.bots import make_bot
from parlour.games import get_game
from parlour.games.football_whist.rules import PITCH
from sweep import layout

#: counts the moves the page sends on its socket (window.sentMoves)
COUNT_SENT = """(() => {
  window.sentMoves = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { if (JSON.parse(data).type === "act") window.sentMoves += 1; } catch (error) { /* not a message */ }
    return send.call(this, data);
  };
})();"""


def _pitch_decision(table, chooser):
    """Plays the person's moves until he is to kick off or move the ball: that decision's view (None: none came)."""
    while (view := table.decision()) is not None:
        if view["observation"]["phase"] in ("kick", "move"):
            return view
        table.click(chooser.act(view["observation"], view["legal"]))
    return None


def test_a_tap_off_the_ball_s_way_says_why_and_a_second_tap_sends_nothing(browser, server):
    from test_e2e_sweep import Table

    table = Table(browser, server, "football-whist", "desktop", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    try:
        table.context.add_init_script(COUNT_SENT)
        page.reload()
        page.wait_for_selector(".board")
        view = _pitch_decision(table, chooser)
        assert view is not None, "the person never kicked off or moved the ball"
        verb = "kick" if view["observation"]["phase"] == "kick" else "move"
        allowed = [PITCH.place_name(a.split()[1]) for a in view["legal"] if a != "stay"]
        # a position the ball cannot go to: the server says why, and names every place it may go
        off = page.locator(f'.fw-pitch [data-refused^="{verb} "]').first
        assert off.count(), "no position of the pitch answers a tap"
        off.click(force=True)               # (aria-disabled: Playwright would wait for it to be enabled)
        said = page.inner_text("[data-testid=refusal]")
        assert said[0].isupper() and all(place in said for place in allowed), (said, allowed)
        assert ("kick-off" in said.lower()) if verb == "kick" else ("ball" in said), said
        page.screenshot(path=str(ARTIFACTS / "football-whist-off-the-way.png"))
        # two taps on a target before the table answers the first: one move is sent, and nothing is refused
        before = page.evaluate("window.sentMoves")
        sent = page.evaluate("""(verb) => {
            const target = document.querySelector(`.fw-pitch [data-action^="${verb} "]`);
            target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
            target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
            return window.sentMoves; }""", verb)
        assert sent - before == 1, f"{sent - before} moves were sent for two taps on one target"
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) > {view['moves']}")
        # the page takes the player's next move once the table has answered
        nxt = table.decision()
        if nxt is not None:
            table.click(chooser.act(nxt["observation"], nxt["legal"]))
            assert page.evaluate("window.sentMoves") == sent + 1
        assert not page.locator("[data-testid=refusal]").filter(has_text="already made").count()
        assert not table.errors, table.errors
    finally:
        table.close()


def _in_sight(page, selector: str) -> dict:
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        const room = document.querySelector('.dock').getBoundingClientRect().top;
        return { top: r.top, bottom: r.bottom, room }; }""", selector)


def test_on_a_phone_the_pitch_stays_in_sight_under_the_trick_while_following(browser, server):
    from test_e2e_sweep import Table

    table = Table(browser, server, "football-whist", "phone", 11)
    chooser = make_bot(get_game("football-whist"), "heuristic", 0, 11)
    page = table.page
    followed = 0
    try:
        while (view := table.decision()) is not None and followed < 3:
            obs = view["observation"]
            if obs["phase"] == "play" and obs["trick"]["cards"]:
                followed += 1
                assert page.get_attribute(".fw-pitch-box", "data-focus") == "the pitch while the trick is played"
                assert layout(page) == []
                for part in (".fw-pitch", ".fw-trick", ".fw-has-ball"):
                    seen = _in_sight(page, part)
                    assert 0 <= seen["top"] and seen["bottom"] <= seen["room"] + 1, (part, seen)
                # the hand and the prompt stay in the dock, on screen
                hand = page.locator(".dock .hand-area [data-action]").first.bounding_box()
                assert hand is not None and hand["y"] + hand["height"] <= 844
                page.screenshot(path=str(ARTIFACTS / f"football-whist-phone-follow-{followed}.png"))
                if followed == 1:
                    # a tap on the pitch in a trick is answered too: the card to play is the decision
                    page.locator(".fw-pitch [data-refused]").first.click(force=True)
                    said = page.inner_text("[data-testid=refusal]")
                    assert said.startswith("Play a card to the trick now: "), said
            table.click(chooser.act(obs, view["legal"]))
        assert followed, "the person never followed a card led"
    finally:
        table.close()
