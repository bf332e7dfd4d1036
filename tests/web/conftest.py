"""Fixtures for the web app: an in-process client, a real server process, a real browser."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from parlour.engine.record import GameRecord
from parlour.store import Store
from parlour.web.app import create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from servers import free_port, throwaway_postgres  # noqa: E402  (bench/servers.py: shared with the load benchmark)

CHROMIUM = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")
#: what a person can click at the table: the board's own targets, and the decision and the hand in the dock below it
AREAS = (".board", ".decision-area", ".hand-area")
BOARD_ACTIONS = ", ".join(f"{area} [data-action]" for area in AREAS)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


@pytest.fixture
def store(tmp_path):
    return Store(f"sqlite:///{tmp_path / 'parlour.db'}")


@pytest.fixture
def client(store):
    with TestClient(create_app(store, bot_delay=0)) as c:
        yield c


class Server:
    """``parlour serve`` in its own process, so a test can kill it with SIGKILL and start it again."""

    def __init__(self, database: str, bot_delay: float = 0.05, *options: str):
        self.database = database
        self.bot_delay = bot_delay
        self.options = options
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self, wait: float = 30) -> "Server":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "parlour.cli", "serve", "--port", str(self.port), "--database", self.database,
             "--bot-delay", str(self.bot_delay), *self.options],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
            if self.process.poll() is not None:
                reason = self.process.stderr.read().decode() if self.process.stderr else "?"
                raise RuntimeError(f"parlour serve exited: {reason}")
        # (not left running: no teardown stops a server whose start failed, and on a loaded machine each one left
        # behind slowed the next start past its 30 s)
        self.kill()
        raise RuntimeError(f"parlour serve did not start in {wait:.0f} s")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.kill()                # SIGKILL: no shutdown hooks run
            self.process.wait()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="session")
def postgres_url():
    """A throwaway PostgreSQL server (Debian's postgresql, installed by ``make test``)."""
    try:
        with throwaway_postgres() as url:
            yield url
    except RuntimeError as error:
        pytest.fail(str(error))


#: how many times as fast as the wall's the races' clock runs for a test marked ``bots_quick``
RACE_SPEED = 10


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "bots_quick: the test waits while bots play games to their ends, before its page is opened or "
                   "with nothing in the page paced by them: its ``server``'s bots move at once and real-time games' "
                   f"clock runs {RACE_SPEED} times as fast as the wall's")
    config.addinivalue_line(
        "markers", "shared_server: the module's tests share one ``server`` (``module_server``)")
    config.addinivalue_line(
        "markers", "race_clock: the test's person only waits while a bot races (its matches won by the bot, and "
                   "nothing asserted of real seconds: no count timed, no reaction of his): its ``server``'s races' "
                   f"clock runs {RACE_SPEED} times as fast as the wall's; its bots' pace in turn-by-turn games stays")


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """The one ``server`` of a module marked ``shared_server`` (``pytestmark``), as ``server`` starts it but with no
    limit on new tables per minute (its tests together make more tables than one test does); it may take longer to
    start on a loaded machine, since every test of the module waits on it."""
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('shared') / 'served.db'}", 0.05, "--creator-seeds",
                 "--creation-limit", "none").start(wait=90)
    yield srv
    srv.stop()


@pytest.fixture
def server(tmp_path, request):
    """``parlour serve`` for the page tests, which choose their deals, some at tables of two people: it keeps every
    creator's seed (``--creator-seeds``; the rule itself is tested in-process, test_public_night.py).  Its bots wait
    0.05 s before a move; for a test marked ``bots_quick`` they move at once and a race's clock runs ``RACE_SPEED``
    times as fast (``--clock-speed``): a game of bots is over in a second or two, a race of bots in seconds, not a
    minute (issue 37: a whole Squadron Scramble of bots waited 16 s on their pace, a cycle test 150 s on races).
    A test marked ``race_clock`` has the quicker races alone (a person at the table waits while the bot wins).

    In a module marked ``shared_server`` its tests share one server (``module_server``; issue 37: a start is 2-4 s,
    10 s on a loaded machine), those marked for quicker bots or races apart: a module whose tests make their own
    tables and read only those, never stop the server, and count nothing the others may have added to it."""
    quick = request.node.get_closest_marker("bots_quick") is not None
    races = quick or request.node.get_closest_marker("race_clock") is not None
    if request.node.get_closest_marker("shared_server") is not None and not races:
        shared = request.getfixturevalue("module_server")
        assert shared.process is not None and shared.process.poll() is None, "the module's server has stopped"
        yield shared
        return
    fast = ("--clock-speed", str(RACE_SPEED)) if races else ()
    srv = Server(f"sqlite:///{tmp_path / 'served.db'}", 0.0 if quick else 0.05, "--creator-seeds", *fast).start()
    yield srv
    srv.stop()


#: the two sizes a page is judged at: a laptop's and a phone's
WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory):
    """A server whose bots move at once, and which keeps a creator's seed (so that a test's table is dealt as
    the test chose)."""
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('quick') / 'quick.db'}", 0.0, "--creator-seeds").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"the browser tests need Debian's chromium at {CHROMIUM} (make test installs it)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                    "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    # the other players' moves are shown at once (the pace setting has its own test)
    context.add_init_script("localStorage.setItem('parlour:pace', 'instant')")
    pg = context.new_page()
    pg.set_default_timeout(15000)
    yield pg
    context.close()


def take_seat(page, url: str, made: dict) -> None:
    """Opens a table made through the API as the browser that made it would: its seat key kept, then the table."""
    page.goto(url + "/")
    page.evaluate("([id, seat]) => localStorage.setItem(`parlour:${id}`, JSON.stringify(seat))",
                  [made["id"], {"seat": made["seat"], "token": made["token"]}])
    page.goto(url + made["url"])


def shot(page, name: str) -> Path:
    """A screenshot kept as a test artifact (test-artifacts/screenshots/NAME.png)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def wait_over(client, table_id: str, limit: float = 60) -> dict:
    """The table's spectator view once its game is over (bots play it in the app's own loop)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        info = client.get(f"/api/tables/{table_id}").json()
        if info["over"]:
            return info
        time.sleep(0.05)
    raise AssertionError(f"table {table_id} did not finish")


def play_out(url: str, made: dict, choose, limit: float = 90) -> None:
    """Plays a seat's moves over the table's socket with its key (``choose(view)`` picks each) to the end."""
    socket = f"{url.replace('http://', 'ws://')}/ws/tables/{made['id']}?token={made['token']}"
    deadline = time.monotonic() + limit
    with connect(socket, open_timeout=10) as seat:
        while True:
            assert time.monotonic() < deadline, "the game did not finish"
            view = json.loads(seat.recv(timeout=30))
            if view["type"] != "view":
                continue
            if view["over"]:
                return
            if view["legal"]:
                seat.send(json.dumps({"type": "act", "action": choose(view), "moves": view["moves"]}))


def seat_view(page, server) -> dict:
    """The person's view as the server sends it to his seat: what the page does not show, such as the sets a
    plane-spotter must find himself, or the moves a test picks from."""
    table = page.url.rstrip("/").split("/")[-1]
    key = page.evaluate("(id) => JSON.parse(localStorage.getItem(`parlour:${id}`))", table)
    url = f"{server.url.replace('http://', 'ws://')}/ws/tables/{table}?token={key['token']}"
    with connect(url, open_timeout=10) as ws:
        while True:
            message = json.loads(ws.recv(timeout=30))
            if message["type"] == "view":
                return message


def stood_in_analysis(table: str, game: str, seat: int, name: str, rows: list[dict]) -> dict:
    """An analysis as the server answers it, its moves' judgements given (the expert's search is tested elsewhere):
    for a page's words and layout, served in the server's place (``page.route``)."""
    return {"table": table, "game": game, "seat": seat, "name": name, "bot": "expert", "iterations": 10, "seed": 0,
            "threshold": 0.1, "moves": rows, "decisions": len(rows), "costly": sum(r["costly"] for r in rows),
            "finished": True}


def open_analysis(page, url: str, table: str, seat: int, analysis: dict, state: str = "visible") -> None:
    """The replay of ``table`` with the expert's analysis of ``seat`` asked for, ``analysis`` answered in the server's
    place (``stood_in_analysis``): once the list of its decisions is in the page (``state``: as Playwright waits for
    it; "attached" where the list opens on the costly moves, the others hidden)."""
    page.route(re.compile(r"/analysis\?seat=\d+$"), lambda route: route.fulfill(json=analysis))
    page.goto(f"{url}/replay/{table}")
    page.wait_for_selector(".views .board")
    page.select_option("select[aria-label='Whose moves to analyse']", str(seat))
    page.click("[data-testid=analyse]", force=True)
    page.wait_for_selector(".analysis-moves li", state=state)


def judged_row(index: int, seat: int, legal: int, played: str, options: list[tuple[str, float]]) -> dict:
    """One decision's judgement as the analysis gives it: ``options`` the moves the expert weighed with their chances
    of winning, its choice first, the move made among them."""
    best, best_chance = options[0]
    played_chance = dict(options)[played]
    cost = round(best_chance - played_chance, 2)
    return {"index": index, "move": index + 1, "seat": seat, "legal": legal, "played": played,
            "played_chance": played_chance, "best": best, "best_chance": best_chance, "alternative": None,
            "alternative_chance": None, "cost": cost, "costly": cost > 0.1,
            "options": [{"action": a, "visits": 10, "value": 2 * c - 1, "chance": c} for a, c in options]}


def played_by_bots(url: str, game: str, seed: int, seats: int, bot: str = "heuristic",
                   limit: float = 60) -> tuple[dict, dict, GameRecord]:
    """A game the bots play to its end at the server, nobody seated: the table made, its view at the end, its record."""
    made = httpx.post(url + "/api/tables", json={"game": game, "seed": seed, "sit": False,
                                                 "seats": [{"kind": "bot", "bot": bot}] * seats}).json()
    deadline = time.monotonic() + limit
    while not (info := httpx.get(f"{url}/api/tables/{made['id']}").json())["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return made, info, GameRecord.from_json(httpx.get(f"{url}/api/tables/{made['id']}/record").text)


def click_board(page, action: str) -> None:
    """Clicks the board's own element for an action, and waits until the page has moved on."""
    target = page.locator(", ".join(f'{area} [data-action="{action}"]' for area in AREAS)).first
    assert target.count(), f"the board has no clickable element for {action!r}"
    handle = target.element_handle()
    target.click()
    handle.wait_for_element_state("hidden")      # the board is drawn again when the next view comes


def end_and_replay(page, name: str) -> None:
    """Screenshots of the end at laptop and phone width, then the replay page, one step back from the end."""
    shot(page, f"{name}-end")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"{name}-end-phone")
    page.set_viewport_size({"width": 1280, "height": 860})
    page.click("text=Replay it")
    page.wait_for_selector(".views .board")
    # (the replay opens at the deal: the end first, then one step back)
    page.locator("[data-testid=replay-stepbar] button", has_text="End").click()
    # the last step, in words every game's replay uses: 'After move 60 of 60, the last' at a turn-by-turn game, and
    # 'After move 433 of 433 · ...' at a race, whose every step is named by the move made, the last with no tag
    page.wait_for_function("/^After move (\\d+) of \\1\\b/"
                           ".test(document.querySelector('[data-testid=step]').textContent)")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('.replay-controls input').value !== "
                           "document.querySelector('.replay-controls input').max")
    shot(page, f"{name}-replay")


#: the person's moves: the list of every move, folded away under the dock (there whenever he has a move to make)
MOVES = ".moves button[data-action]"


def wait_turn(page, also: str = "[data-testid=result]", timeout: float = 20000) -> None:
    """Waits until the person has a move to make (the folded list holds it), or ``also`` is on the page."""
    page.wait_for_selector(f"{also}, {MOVES}" if also else MOVES, state="attached", timeout=timeout)


def listed_moves(page) -> list[str]:
    return page.locator(MOVES).evaluate_all("els => els.map(e => e.dataset.action)")


def play_listed(page, action: str) -> None:
    """Makes a move from the list of every move (opened first), and waits until the table has moved on."""
    before = page.get_attribute(".board", "data-moves")
    page.evaluate("() => { const d = document.querySelector('details.all-moves'); if (d) d.open = true; }")
    page.click(f'.moves button[data-action="{action}"]')
    page.wait_for_function(f"document.querySelector('.board').dataset.moves !== '{before}'")


def refusal(page) -> str:
    """The reason the server gave for the last move it refused, as the dock shows it."""
    page.wait_for_selector("[data-testid=refusal]")
    return page.inner_text("[data-testid=refusal]")


def go_on(page) -> str | None:
    """A summary that stops play (a round's end, half time) is read and gone on from: its text, or None."""
    summary = page.locator("[data-testid=summary]")
    if not summary.count():
        return None
    text = summary.inner_text()
    page.click("[data-testid=go-on]")
    summary.wait_for(state="detached")
    return text
