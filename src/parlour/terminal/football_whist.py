"""Football Whist at the terminal: drawing the table and reading what a person types.

Everything here works from a seat's observation and the legal actions the state
offers; nothing decides legality.  The pitch is drawn from the layout in the
pitch data file, so a better-sourced pitch redraws itself.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.games.football_whist.cards import CARD_OF_TEXT, TEAM_CODES, TEAM_NAMES, describe, pack_data
from parlour.games.football_whist.pitch import Pitch, default_pitch
from parlour.terminal.choices import numbered_choice

COLOURS = {team["code"]: team["colour"] for team in pack_data()["teams"]}
SHORT = {code: name[:3] for code, name in zip(TEAM_CODES, TEAM_NAMES, strict=True)}
CELL = 7          # characters a node label takes
STEP = 11         # characters between layout columns


def _label(node: str, pitch: Pitch) -> str:
    if node in pitch.badge:
        return f"{node} {SHORT[TEAM_CODES[pitch.badge[node]]]}".center(CELL)
    if node == pitch.centre:
        return f"( {node} )".center(CELL)
    return f"[{node}]".center(CELL)


def pitch_lines(pitch: Pitch, ball: str) -> list[Text]:
    """The pitch as text: labels at their layout places, tracks drawn between them."""
    layout = pitch.data["layout"]
    xs = [p[0] for p in layout.values()]
    ys = [p[1] for p in layout.values()]
    width = (max(xs) - min(xs)) * STEP + CELL
    height = (max(ys) - min(ys)) * 2 + 1
    grid = [[" "] * width for _ in range(height)]

    def place(node: str) -> tuple[int, int]:
        x, y = layout[node]
        return (y - min(ys)) * 2, (x - min(xs)) * STEP + CELL // 2

    def put(row: int, col: int, char: str) -> None:
        here = grid[row][col]
        grid[row][col] = char if here in (" ", char) else "X"

    for a, b in pitch.data["tracks"]:
        (ra, ca), (rb, cb) = place(a), place(b)
        if ra == rb:
            for col in range(min(ca, cb) + CELL // 2 + 1, max(ca, cb) - CELL // 2):
                put(ra, col, "-")
            continue
        if ra > rb:
            (ra, ca), (rb, cb) = (rb, cb), (ra, ca)
        for row in range(ra + 1, rb):
            col = round(ca + (cb - ca) * (row - ra) / (rb - ra))
            put(row, col, "|" if ca == cb else ("\\" if cb > ca else "/"))
    lines = [Text("".join(row)) for row in grid]
    for node in layout:
        row, col = place(node)
        start = col - CELL // 2
        label = _label(node, pitch)
        style = ""
        if node in pitch.badge:
            style = COLOURS[TEAM_CODES[pitch.badge[node]]]
        if node == ball:
            label = ("●" + label.strip() + "●").center(CELL)
            style = "bold reverse " + (style or "white")
        text = lines[row]
        text = text[:start] + Text(label, style=style) + text[start + CELL:]
        lines[row] = text
    return lines


def card_text(card: str) -> Text:
    return Text(card, style=f"bold {COLOURS[card[0]]}")


def cards_text(cards: Sequence[str]) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(card))
    return out


def render(obs: dict[str, Any]) -> Group:
    """The whole table as one seat sees it."""
    pitch = default_pitch()
    names = obs["seat_names"]
    seat = obs["seat"]
    me = "AB"[seat % 2] if seat is not None else None
    master = obs["master"]
    header = Text()
    header.append(f"Half {obs['half']}  ", style="bold")
    header.append(f"Goals  A {obs['goals']['A']} - {obs['goals']['B']} B  ", style="bold")
    header.append(f"Tricks this half  A {obs['tricks_won']['A']} - {obs['tricks_won']['B']} B\n")
    header.append(f"A attack {obs['attacking']['A']}, B attack {obs['attacking']['B']}.  ")
    header.append("Master team: ")
    if master:
        header.append(TEAM_NAMES[TEAM_CODES.index(master)], style=f"bold {COLOURS[master]}")
    else:
        header.append("none (ball in the centre circle)", style="italic")
    if me:
        header.append(f"\nYou are {names[seat]} (partnership {me}, attacking {obs['attacking'][me]}).")
    pitch_panel = Panel(Group(*pitch_lines(pitch, obs["ball"])), title="Pitch", subtitle=f"{pitch.confidence} layout",
                        expand=False)

    trick = Table.grid(padding=(0, 2))
    trick.add_column()
    trick.add_column()
    for s, card in obs["trick"]["cards"]:
        trick.add_row(Text(names[s] + (" (you)" if s == seat else "")), card_text(card))
    last = obs["tricks"][-1][-1] if obs["tricks"] and obs["tricks"][-1] else None
    trick_title = "Trick" if obs["trick"]["cards"] else "Trick (none yet)"
    parts: list[Any] = [header, pitch_panel, Panel(trick, title=trick_title, expand=False, width=30)]
    if last and not obs["trick"]["cards"]:
        line = Text(f"Last trick, led by {names[last['leader']]}: ")
        line.append_text(cards_text(last["cards"]))
        line.append(f"  won by {names[last['winner']]}")
        parts.append(line)
    if "hand" in obs:
        hand = Text("Your hand: ")
        hand.append_text(cards_text(obs["hand"]))
        parts.append(hand)
    sizes = ", ".join(f"{names[s]} {n}" for s, n in enumerate(obs["hand_sizes"]))
    parts.append(Text(f"Cards in hand: {sizes}", style="dim"))
    return Group(*parts)


def prompt_for(obs: dict[str, Any], legal: Sequence[str]) -> str:
    phase = obs["phase"]
    if phase == "kick":
        return "Kick off: choose a badge next to the centre (e.g. " + legal[0].split()[1] + ")"
    if phase == "play":
        led = obs["trick"]["cards"]
        return "Lead a card (e.g. " + legal[0].split()[1] + ")" if not led else "Play a card"
    steps = obs["move"]["moves_left"] if obs.get("move") else 1
    return f"You won the trick: move the ball ({steps} move{'s' if steps > 1 else ''} left) or 'stay'"


def expand_shorthand(text: str, obs: dict[str, Any], legal: Sequence[str]) -> str:
    """Let a person type just ``E7`` or ``W3``, or the number of a listed choice."""
    chosen = numbered_choice(text, legal)
    if chosen is not None:
        return chosen
    words = text.split()
    if len(words) == 1:
        if words[0].lower() in ("s", "stay"):
            return "stay"
        verb = obs["phase"] if obs["phase"] in ("kick", "play", "move") else "play"
        return f"{verb} {words[0]}"
    return text


def narrate(seat: int, action: str, before: dict[str, Any], after: dict[str, Any]) -> Text | None:
    """One line telling the table what just happened."""
    names = after["seat_names"]
    who = names[seat]
    verb, _, arg = action.partition(" ")
    line = Text()
    if verb == "kick":
        line.append(f"{who} kicks off to {arg}: ")
        master = after["master"]
        line.append(f"{TEAM_NAMES[TEAM_CODES.index(master)]} are the Master team", style=f"bold {COLOURS[master]}")
    elif verb == "play":
        line.append(f"{who} plays ")
        line.append_text(card_text(arg))
        if not after["trick"]["cards"]:
            winner = after["tricks"][-1][-1]["winner"] if after["tricks"][-1] else None
            if winner is not None:
                line.append(f"  -> trick to {names[winner]} (partnership {'AB'[winner % 2]})", style="bold")
    elif verb == "move":
        if len(after["goal_log"]) > len(before["goal_log"]):
            goal = after["goal_log"][-1]
            kind = "OWN GOAL" if goal["own_goal"] else "GOAL"
            line.append(f"{who} plays the ball into {arg}: {kind}! ", style="bold green")
            line.append(f"A {after['goals']['A']} - {after['goals']['B']} B")
        else:
            master = after["master"]
            line.append(f"{who} moves the ball to {arg}")
            if master:
                line.append(f": {TEAM_NAMES[TEAM_CODES.index(master)]} are Master", style=COLOURS[master])
            else:
                line.append(": no Master team in the centre circle")
    elif verb == "stay":
        line.append(f"{who} leaves the ball on {before['ball']}")
    if before["half"] == 1 and after["half"] == 2:
        line.append("\nHALF TIME: the cards are redealt and the teams change ends.", style="bold yellow")
    return line


def introduce(obs: dict[str, Any]) -> Text:
    names = obs["seat_names"]
    line = Text("Cutting for dealer (highest number deals; ties cut again):\n" if obs["cuts"] else "")
    for i, row in enumerate(obs["cuts"] or []):
        cut = ", ".join(f"{names[s]} {c}" for s, c in enumerate(row) if c is not None)
        line.append(f"  {'again: ' if i else ''}{cut}\n")
    line.append(f"{names[obs['dealer']]} deals; {names[obs['kicker']]} kicks off.")
    return line


def final(result: dict[str, Any], seat: int | None) -> Text:
    a, b = result["goals"]["A"], result["goals"]["B"]
    line = Text(f"FULL TIME: A {a} - {b} B. ", style="bold")
    if result["winner"] is None:
        line.append("A draw.")
    else:
        line.append(f"Partnership {result['winner']} wins")
        if seat is not None:
            line.append(" - you win!" if "AB"[seat % 2] == result["winner"] else " - you lose.")
    return line


def details(obs: dict[str, Any]) -> Text:
    """The seat's cards by name, with how sure we are of what is printed on them."""
    out = Text()
    for card in obs.get("hand", []):
        out.append_text(card_text(card))
        out.append(f"  {describe(CARD_OF_TEXT[card])}\n")
    note = pack_data()["positions"]["confidence"]
    out.append(f"(Positions by number are {note}; player names are sourced, their cards inferred.)", style="dim")
    return out
