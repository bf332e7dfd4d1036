"""Biggles live at the terminal: single keys against a bot that acts as the clock runs.

Keys: t or space turns three (or picks the pile up when the hand is empty),
p plays your pile's top card to your build, s stops the opponent with it,
q quits.  A key means the move the screen showed when it was pressed: if the
bot got there first, the rules refuse it and say why.  Each match starts when
the player presses Enter (or r) and a 3-2-1 count has run; a match's end
shows its points until he presses Enter again.
"""

from __future__ import annotations

import math
import os
import select
import sys
from typing import Any, Callable, Iterator

from rich.console import Console, Group
from rich.text import Text

from parlour.games.biggles.rules import BigglesState
from parlour.games.biggles.session import COUNTING, RUNNING, WAITING, LiveGame

HELP = "keys: [t]/space turn  [p] play to your build  [s] stop the opponent  [q] quit"


def card(text: str | None) -> Text:
    if text is None:
        return Text("--", style="dim")
    if text.endswith("x"):
        return Text(text[:-1], style="strike dim")
    style = "bold yellow" if text == "BIG" else "bold red" if text.startswith("R") else "bold white"
    return Text(text, style=style)


def render(obs: dict[str, Any], me: int, message: str = "", labels: tuple[str, str] = ("Bot", "You")) -> Group:
    lines = [Text(f"Biggles - match {obs['match']} of {obs['matches']}   points: "
                  f"{labels[1].lower()} {obs['points'][me]}, {labels[0].lower()} {obs['points'][1 - me]}",
                  style="bold")]
    for seat, who in ((1 - me, labels[0]), (me, labels[1])):
        p = obs["players"][seat]
        line = Text(f"{who:>3} ({p['pack']:>4}): hand {p['hand_size']:>2}  pile ")
        line.append_text(card(p["pile_top"]))
        line.append(f" ({p['pile_size']})  build ")
        for i, c in enumerate(p["build"]):
            if i:
                line.append(" ")
            line.append_text(card(c))
        line.append(f"  level {p['level']}")
        lines.append(line)
    lines.append(Text(HELP, style="dim"))
    if message:
        lines.append(Text(message, style="cyan"))
    return Group(*lines)


def key_action(key: str, shown: dict[str, Any], me: int) -> str | None:
    """The move a key means, given what the screen showed when it was pressed."""
    mine = shown["players"][me]
    top = mine["pile_top"]
    if key in ("t", " "):
        return "turn" if mine["hand_size"] else "pickup"
    if key == "p" and top:
        return "play B" if top == "BIG" else f"play {top[1:]}"
    if key == "s" and top:
        return f"stop {top[1:]}"
    return None


def _keys_from_terminal() -> Iterator[str | None]:
    """Single keys without Enter; None when no key came within a short wait (so the bot can act)."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        while True:
            ready, _, _ = select.select([sys.stdin], [], [], 0.05)
            yield os.read(fd, 1).decode(errors="ignore").lower() if ready else None
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _keys_from_lines(lines: Iterator[str]) -> Iterator[str | None]:
    """Keys typed a line at a time: each character, and an empty line for Enter."""
    for line in lines:
        for key in line.rstrip("\n").lower() or "\n":
            yield key


def why_points(score: int, won: bool) -> str:
    """A match's points for one player, with the rule that gave them, in words."""
    points = "1 point" if score == 1 else f"{score} points"
    if won:
        return f"{points} for playing Biggles first"
    if score:
        return f"{points} for black {score}, the top black card of the build not cancelled"
    return f"{points}: no black card of the build was left uncancelled"


def match_summary(obs: dict[str, Any], me: int, them: str = "the bot") -> list[Text]:
    """The match just ended: who won it, the points it gave each player and why, and the totals so far."""
    results = obs["match_results"]
    done = results[-1]
    winner, scores = done["winner"], done["scores"]
    totals = [sum(r["scores"][seat] for r in results) for seat in (0, 1)]
    head = "you win it!" if winner == me else f"{them} wins it."
    lines = [Text(f"Match {done['match']} is over: {head}", style="bold magenta"),
             Text(f"  You: {why_points(scores[me], winner == me)}"),
             Text(f"  {them[0].upper() + them[1:]}: {why_points(scores[1 - me], winner != me)}"),
             Text(f"  Totals after match {done['match']}: you {totals[me]}, {them} {totals[1 - me]}")]
    return lines


def race_line(live: LiveGame, obs: dict[str, Any]) -> Text | None:
    """What the race waits for, or the count, or Go, in a line (None while the race is on)."""
    if live.phase == WAITING:
        match = obs["match"]
        return Text(f"Press Enter (or r) when you are ready for match {match} of {obs['matches']}; q quits.",
                    style="bold yellow")
    if live.phase == COUNTING:
        return Text(f"Match {obs['match']} starts in ... {shown_count(live)}", style="bold yellow")
    return None


READY_KEYS = ("\n", "\r", "r")


def answer(live: LiveGame, key: str, shown: dict[str, Any], me: int) -> str:
    """A key pressed: ready (before a match), or the move the screen showed; what came of it, in words."""
    if live.phase == WAITING:
        if key in READY_KEYS:
            live.ready_for(me)
            return "ready: wait for Go"
        return f"press Enter (or r) when you are ready; {key!r} does nothing yet"
    if key in READY_KEYS:
        return ""                            # Enter in the race: nothing to get ready for
    action = key_action(key, shown, me)
    if action is None:
        return f"nothing to do with {key!r} now ({HELP})"
    refused = live.act(me, action)
    return f"refused: {refused}" if refused else f"you: {action}"


def play_live(
    console: Console,
    state: BigglesState,
    human: int,
    bot: Any,
    *,
    keys: Iterator[str | None] | None = None,
    clock: Callable[[], float] | None = None,
    on_change: Callable[[BigglesState], None] | None = None,
) -> BigglesState:
    """Run a live game until it ends or the person quits.

    Each match waits for the person's Enter (or r), then counts 3-2-1 (``session.COUNT``); a key
    before Go is refused, as the bot waits too.  A match's end stops the race with its summary
    until the person presses Enter again.
    """
    if keys is None:
        keys = _keys_from_terminal() if sys.stdin.isatty() else _keys_from_lines(iter(sys.stdin))
    live = LiveGame(state, {1 - human: bot}, clock=clock) if clock else LiveGame(state, {1 - human: bot})

    def show(message: str = "") -> tuple[str, int | None]:
        obs = state.observation(human)
        if console.is_terminal:
            console.clear()
        parts: list[Any] = [render(obs, human, message)]
        if live.phase == WAITING and obs["match_results"]:
            parts.extend(match_summary(obs, human))
        line = race_line(live, obs)
        if line is not None:
            parts.append(line)
        console.print(Group(*parts))
        return live.phase, shown_count(live)

    shown = state.observation(human)
    drawn = show()
    for key in keys:
        message = ""
        bot_moves = live.tick()
        if key == "q":
            break
        if key is not None:
            message = answer(live, key, shown, human)
        if bot_moves:
            message = " ".join(f"bot: {a}" + ("" if ok else " (too late)") for _, a, ok in bot_moves) + \
                ("  " + message if message else "")
        went = drawn[0] == COUNTING and live.phase == RUNNING
        if went:
            message = "GO!" + ("  " + message if message else "")
        if key is not None or bot_moves or (live.phase, shown_count(live)) != drawn:
            shown = state.observation(human)
            drawn = show(message)
            if on_change is not None and (key is not None or bot_moves):
                on_change(state)
        if state.is_over:
            break
    if state.is_over:
        game_over(console, state, human)
    return state


def shown_count(live: LiveGame) -> int | None:
    """The number the count shows now: 3, 2, 1 (None unless counting)."""
    return max(1, math.ceil((live.go_in() or 0.0) - 1e-9)) if live.phase == COUNTING else None


def game_over(console: Console, state: BigglesState, human: int) -> None:
    result = state.result()
    names = state.observation(None)["seat_names"]
    for line in match_summary(state.observation(human), human):
        console.print(line)
    won = result["winner"] == names[human]
    console.print(Text(f"GAME OVER: you {result['points'][names[human]]}, bot {result['points'][names[1 - human]]}"
                       f" - {'you win!' if won else 'the bot wins' if result['winner'] else 'a draw'}",
                       style="bold"))


# -- for ``parlour replay``: the same table, move by move ------------------------------------------

def render_view(obs: dict[str, Any]) -> Group:
    me = obs["seat"] if obs["seat"] is not None else 0
    return render(obs, me, labels=(obs["seat_names"][1 - me], obs["seat_names"][me]))


def narrate(seat: int, action: str, before: dict[str, Any], after: dict[str, Any]) -> Text:
    line = Text(f"{after['seat_names'][seat]} {action}")
    if action.startswith("stop"):
        line.stylize("bold red")
    if len(after["match_results"]) > len(before["match_results"]):
        done = after["match_results"][-1]
        line.append(f"  - match {done['match']} to {after['seat_names'][done['winner']]}, "
                    f"scores {done['scores'][0]}-{done['scores'][1]}", style="bold")
    return line


def introduce(obs: dict[str, Any]) -> Text:
    packs = ", ".join(f"{name} {p['pack']}" for name, p in zip(obs["seat_names"], obs["players"], strict=True))
    return Text(f"Biggles, {obs['matches']} matches; match 1 packs: {packs}")


def final(result: dict[str, Any], seat: int | None) -> Text:
    points = ", ".join(f"{name} {p}" for name, p in result["points"].items())
    return Text(f"GAME OVER: {points}. " + (f"{result['winner']} wins." if result["winner"] else "A draw."),
                style="bold")
