"""Every game, played through in the browser at a laptop's size and a phone's, judged at every decision.

A person (played by the game's own sensible bot, choosing from what the server sends the seat) sits with
bots at a table made with hints, and plays a whole game by clicking what the page draws.  At every
decision ``sweep.layout`` must find nothing wrong (the hand, every control and the board the decision is
about on screen, uncovered, with no sideways scroll), and every text the page showed on the way (the
table, its summaries, a refusal, a hint, the end, the replay and its analysis) must pass ``sweep.words``.
A failure names the game, the size and the decision.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
import pytest

from conftest import ARTIFACTS, Server, take_seat
from parlour.bots import make_bot
from parlour.games import get_game
from sweep import layout, tables, texts, words

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright")
#: what axe-core may never find at a table, in any state a player meets
SERIOUS = {"serious", "critical"}

# (with less motion, as a player may ask his system for: a card's lift would only delay each look)
DESKTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 900}, "reduced_motion": "reduce"}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                         "device_scale_factor": 1, "reduced_motion": "reduce"}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
#: the players at each game's table (Squadron Scramble with four, so that its board gets crowded)
PLAYERS = {"football-whist": 4, "squadron-scramble": 4, "british-towns-asking": 4, "british-towns-sets": 3,
           "biggles": 2}
#: the bot that chooses the person's moves: each game's own sensible player
CHOOSER = {"football-whist": "heuristic", "squadron-scramble": "heuristic", "british-towns-asking": "remembering",
           "british-towns-sets": "heuristic"}
#: each game's deal: one where the person has a fair share of decisions (in the asking game a player who is
#: never asked for a card he lacks may never get a turn)
SEEDS = {"football-whist": 11, "squadron-scramble": 11, "british-towns-asking": 9, "british-towns-sets": 11,
         "biggles": 11}


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    """A server whose bots move at once (the page shows their moves at the pace the person chose)."""
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('sweep') / 'sweep.db'}", 0.0).start()
    yield srv
    srv.stop()


class Table:
    """A table in the browser, with the views the server sent the person's seat (read off the socket)."""

    def __init__(self, browser, server, game: str, size: str, seed: int):
        self.game, self.size, self.server = game, size, server
        self.context = browser.new_context(**SIZES[size])
        self.context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
        self.page = self.context.new_page()
        self.page.set_default_timeout(20000)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.views: dict[int, dict] = {}
        self.page.on("websocket", self._listen)
        self.seen: list[str] = []
        self.problems: list[str] = []
        self.shots: set[str] = set()
        self.audited: set[str] = set()
        self.summaries: list[str] = []
        n = PLAYERS[game]
        seats = [{"kind": "person"}] + [{"kind": "bot"}] * (n - 1)
        body = {"game": game, "seats": seats, "seed": seed, "hints": game != "biggles"}
        made = httpx.post(server.url + "/api/tables", json=body, timeout=10).json()
        self.id = made["id"]
        take_seat(self.page, server.url, made)
        self.page.wait_for_selector(".board")

    def _listen(self, socket) -> None:
        def frame(payload) -> None:
            message = json.loads(payload)
            if message.get("type") == "view":
                self.views[message["moves"]] = message
        socket.on("framereceived", frame)

    def moves_shown(self) -> int:
        return int(self.page.get_attribute(".board", "data-moves") or -1)

    def decision(self, limit: float = 60) -> dict | None:
        """The view of the person's next decision once the page shows it (events on the way are read and
        gone on from); None once the game is over."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if self.page.locator("[data-testid=summary]").count():
                self.look(f"summary after move {self.moves_shown()}")
                self.summaries.append(self.page.inner_text("[data-testid=summary]"))
                self.shot("summary")
                self.audit("a summary")
                self.page.click("[data-testid=go-on]")
                continue
            if self.page.locator("[data-testid=result]").count():
                # (the result may come before the last views are drawn: an end's summary comes with them)
                if self.views and self.moves_shown() < max(self.views):
                    self.page.wait_for_timeout(30)
                    continue
                if not self.page.locator("[data-testid=summary]").count():
                    return None
                continue
            shown = self.views.get(self.moves_shown())
            # (a view is drawn and its summary opened at once: one drawn since the look above is looked at again)
            if (shown and shown["legal"] and not shown["over"] and max(self.views) == shown["moves"]
                    and not self.page.locator("[data-testid=summary]").count()):
                return shown
            self.page.wait_for_timeout(30)
        raise AssertionError(f"{self.game} at {self.size}: no decision came within {limit} s "
                             f"(page at move {self.moves_shown()}, last view {max(self.views, default=None)})")

    def decisions(self, chooser, turns: int, may_end: bool = True):
        """The person's decisions, at most ``turns`` of them, as (turn, view), each answered with ``chooser``'s move
        once the loop's body has looked at it (a ``break`` leaves it unanswered); they end with the game, or, where
        the game ``may_end`` is False, the test fails if it ends before ``turns`` decisions."""
        for turn in range(turns):
            view = self.decision()
            assert view is not None or may_end, f"the game ended after {turn} of {turns} decisions"
            if view is None:
                return
            yield turn, view
            self.click(chooser.act(view["observation"], view["legal"]))

    def look(self, where: str) -> None:
        """Judge the page now: its layout and its words (the pointer rests aside, as a player's hand would)."""
        self.page.mouse.move(1, 1)
        # (a summary is a dialog over the table, and the end a page to read: neither is a decision)
        wrong = layout(self.page) if not where.startswith(("summary", "the end")) else []
        wrong += tables(self.page)
        if wrong:
            self.problems.append(f"{self.game} at {self.size}, {where}: " + "; ".join(wrong[:4]))
            self.shot(where.split(" ")[0])
        self.seen.extend(texts(self.page))

    def audit(self, moment: str) -> None:
        """axe-core on the page as it stands, the first time the game reaches this kind of moment."""
        if moment in self.audited:
            return
        self.audited.add(moment)
        found = [v for v in axe_sync.Axe().run(self.page).response["violations"] if v["impact"] in SERIOUS]
        self.problems.extend(f"{self.game} at {self.size}, {moment}: axe finds {v['id']} ({v['impact']}): {v['help']} "
                             f"at {[n['target'] for n in v['nodes']][:3]}" for v in found)

    def shot(self, name: str) -> None:
        if name not in self.shots:
            self.shots.add(name)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(ARTIFACTS / f"sweep-{self.game}-{self.size}-{name}.png"))

    def click(self, action: str) -> None:
        """Make the move the way a person would: the board's own control for it (choosing whom to ask
        first in the asking game; the naming form in Squadron Scramble)."""
        page = self.page
        before = self.moves_shown()
        if action.startswith("name "):
            _, plane, nation = action.split(" ")
            page.select_option("select[name=ss-plane]", plane)
            page.select_option("select[name=ss-nation]", nation)
            page.click("[data-testid=say-name]")
        else:
            if action.startswith("ask "):               # whom to ask first
                target = page.locator(f'[data-target="{action.split(" ")[1]}"]')
                if target.count() and target.get_attribute("aria-pressed") != "true":
                    target.click()
            control = page.locator(f'.board [data-action="{action}"], .dock [data-action="{action}"]')
            visible = [control.nth(i) for i in range(control.count()) if control.nth(i).is_visible()]
            if not visible and action.startswith("lay "):       # a plane laid one of several ways: its ways first
                plane = next(w.split("/")[0] for w in action.split(" ")[1:] if "/" in w)
                page.click(f'[data-choose="lay {plane}"]')
                visible = [control.nth(i) for i in range(control.count()) if control.nth(i).is_visible()]
            if not visible:
                self.shot("missing-control")
            assert visible, f"{self.game} at {self.size}: nothing on the page makes the move {action!r}"
            picks = visible[0].get_attribute("aria-pressed") is not None    # a card a touch screen picks out first
            visible[0].click()
            if picks:                                                       # and throws at the second tap
                visible[0].click()
        page.wait_for_function(f"Number(document.querySelector('.board').dataset.moves) !== {before}"
                               " || !!document.querySelector('[data-testid=result]')")

    def close(self) -> None:
        self.context.close()


def play_turns(table: Table, game: str, seed: int) -> None:
    """The whole game, a decision at a time, with a refusal and two hints on the way."""
    chooser = make_bot(get_game(game), CHOOSER[game], 0, seed)
    rng = random.Random(seed)
    refused = hinted = refusable = 0
    decisions = 0
    while (view := table.decision()) is not None:
        decisions += 1
        label = f"decision {decisions} (move {view['moves']}, {view['observation'].get('phase', '')}: " \
                f"{', '.join(view['legal'][:3])}{'…' if len(view['legal']) > 3 else ''})"
        table.look(label)
        if decisions == 1:
            table.shot("start")
            table.audit("the first decision")
        if decisions == 40 or any(view["observation"].get("out") or []):
            table.audit("later in the game" if decisions == 40 else "a player out")
        page = table.page
        refusable += page.locator("[data-refused]").count() > 0
        if not refused and page.locator("[data-refused]").count() and rng.random() < 0.3:
            # (a refused control the player can reach: the dock's first, else the board's, brought into view; one
            # under the dock, a phone's stock, would take no click a person could make)
            docked = page.locator(".dock [data-refused]")
            target = docked.first if docked.count() else page.locator("[data-refused]").first
            target.scroll_into_view_if_needed()
            target.click(force=True)      # aria-disabled: clicked as a person would
            page.wait_for_selector("[data-testid=refusal]")
            table.look(f"a refusal at {label}")
            table.shot("refusal")
            table.audit("a refusal")
            refused += 1
        if hinted < 2 and page.locator("[data-testid=hint-button]").count() and decisions % 5 == 2:
            page.click("[data-testid=hint-button]")
            page.wait_for_selector("[data-testid=hint], [data-testid=refusal]")
            table.look(f"a hint at {label}")
            table.shot("hint")
            table.audit("a hint")
            if page.locator("[data-testid=hint-close]").count():
                page.click("[data-testid=hint-close]")       # then back to the decision, as a person would
            hinted += 1
        table.click(chooser.act(view["observation"], view["legal"]))
    assert decisions > 3, f"{game}: the person had only {decisions} decisions"
    # (the asking game offers only the asks the rules allow: nothing on its board can be refused)
    assert refused or not refusable, f"{game} at {table.size}: no refusal was tried in {refusable} chances"


def play_race(table: Table) -> None:
    """Biggles: the person presses Start or Ready when asked, then plays what he can as fast as the page lets him."""
    page = table.page
    deadline = time.monotonic() + 240
    looked = 0
    while time.monotonic() < deadline:
        if page.locator("[data-testid=result]").count():
            return
        ready = page.locator("[data-testid=ready]")
        if ready.count() and ready.is_visible():
            table.look("before a match")
            ready.click()
            ready.wait_for(state="hidden")          # the count has begun (the server's answer has come)
            continue
        view = table.views.get(table.moves_shown())
        legal = view["legal"] if view else []
        if view and legal:
            move = next((a for a in legal if a.split(" ")[0] in ("play", "stop")), None)
            if move and looked < 40:
                looked += 1
                table.look(f"a card to move at move {view['moves']}")
            key = {"play": "p", "stop": "s"}.get((move or "").split(" ")[0], "t")
            page.keyboard.press(key)
        page.wait_for_timeout(60)
    raise AssertionError("the race did not end in four minutes")


def after_the_end(table: Table) -> None:
    """The end screen, the replay and (turn-based games) the analysis of the person's moves."""
    page = table.page
    table.look("the end")
    table.shot("end")
    table.audit("the end")
    page.click("text=Replay it")
    page.wait_for_selector(".views .board")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(300)
    table.seen.extend(texts(page))
    table.shot("replay")
    table.audit("the replay")
    if table.game != "biggles":
        page.click("[data-testid=analyse]", force=True)
        # (the list opens on the costly moves, the others' lines hidden: the first line shown, or the answer)
        answered = "[data-testid=analysis] li:visible, [data-testid=analyse-answer]:not([hidden])"
        page.wait_for_selector(answered, timeout=180000)
        table.seen.extend(texts(page))
        table.shot("analysis")
        table.audit("the analysis")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_whole_game_reads_and_fits_at_every_decision(browser, quick_server, game, size):
    seed = SEEDS[game]
    table = Table(browser, quick_server, game, size, seed)
    try:
        if game == "biggles":
            play_race(table)
        else:
            play_turns(table, game, seed)
        after_the_end(table)
        assert not table.errors, f"{game} at {size}: script errors {table.errors[:3]}"
        if game == "squadron-scramble":
            counted = all("this round" in s and "total" in s for s in table.summaries)
            assert table.summaries and counted, table.summaries[:1]
            assert any("went out" in s for s in table.summaries), table.summaries
        if game == "football-whist":
            assert [s.split(":")[0] for s in table.summaries] == ["Half time", "Full time"], table.summaries
        slips = words(table.seen, game)
        assert not table.problems and not slips, "\n".join(
            [f"{len(table.problems)} problems:"] + table.problems[:12] + [f"{game} at {size}, words:"] + slips)
    finally:
        table.close()
