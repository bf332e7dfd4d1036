"""Squadron Scramble at the terminal: the table, the pile, and reading a plane's name.

Bombers are drawn in red and fighters in blue, as on the cards; wild cards in
gold.  Everything comes from the seat's observation; legality stays with the
rules.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from parlour.games.squadron_scramble.cards import NATION_NAMES, PLANES, pack_data
from parlour.terminal.choices import numbered_choice

PLANE = {p["code"]: p for p in PLANES}
KIND_STYLE = {"bomber": "bold red", "fighter": "bold blue"}
WILD_STYLE = "bold yellow"


def card_text(card: str) -> Text:
    if "/" not in card:
        return Text(card, style=WILD_STYLE)
    return Text(card, style=KIND_STYLE[PLANE[card.split("/")[0]]["kind"]])


def cards_text(cards: Sequence[str]) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(card))
    return out


def _set_line(laid: dict[str, Any], names: list[str]) -> Text:
    plane = PLANE[laid["plane"]]
    line = Text(f"#{laid['id']} ", style="bold")
    line.append(f"{plane['name']} ({NATION_NAMES[plane['nation']]}, {plane['kind']}) ", style=KIND_STYLE[plane["kind"]])
    line.append_text(cards_text(laid["cards"] + ([f"+{laid['extra']}"] if laid["extra"] else [])))
    line.append(f"  {laid['value']} pts, laid by {names[laid['by']]}", style="dim")
    return line


def render(obs: dict[str, Any]) -> Group:
    names = obs["seat_names"]
    seat = obs["seat"]
    header = Text()
    header.append(f"Round {obs['round']}  ", style="bold")
    header.append(f"first to {obs['target']} wins   ")
    header.append("Totals: " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(obs["totals"])))
    header.append(f"\n{names[obs['dealer']]} dealt.  Stock: {obs['stock_size']} cards"
                  + (" (turned over)" if obs["stock_turned_over"] else "") + ".  ")
    header.append("Cards in hand: " + ", ".join(f"{names[s]} {n}" for s, n in enumerate(obs["hand_sizes"])))
    if any(obs["forfeits"]):
        header.append("\nForfeited turns to come: " + ", ".join(
            f"{names[s]} {n}" for s, n in enumerate(obs["forfeits"]) if n), style="yellow")
    table = Table.grid(padding=(0, 1))
    table.add_column()
    for laid in obs["table"]:
        table.add_row(_set_line(laid, names))
    if not obs["table"]:
        table.add_row(Text("(no sets laid yet)", style="dim"))
    parts: list[Any] = [header, Panel(table, title="Sets on the table", expand=False)]
    shot = [(s, pile) for s, pile in enumerate(obs["captured"]) if pile]
    if shot:
        lines = Text()
        for s, pile in shot:
            lines.append(f"{names[s]} holds face down: ")
            lines.append(", ".join(f"{PLANE[x['plane']]['name']} ({x['value']})" for x in pile) + "\n")
        parts.append(lines)
    pile = Text("Discard pile (bottom to top; 'take N' takes the top N): ")
    pile.append_text(cards_text(obs["pile"]))
    parts.append(pile)
    if "hand" in obs:
        hand = Text(f"Your hand ({names[seat]}): ")
        hand.append_text(cards_text(obs["hand"]))
        parts.append(hand)
    if obs["must_go_out"]:
        parts.append(Text("A fourth card is down: you must go out this turn.", style="bold yellow"))
    return Group(*parts)


def prompt_for(obs: dict[str, Any], legal: Sequence[str]) -> str:
    phase = obs["phase"]
    if phase == "draw":
        return "Draw: 'draw stock' (or 'd'), or 'take N' from the pile"
    if phase == "name":
        return "Name the plane and its nation (e.g. 'Lightning United States')"
    if phase == "shoot":
        return "Shoot down a bomber set ('shoot N') or 'hold'"
    return "Lay, swap, add or discard (e.g. 'lay P38/T P38/S KEF', 'discard B17/T')"


def numbered(obs: dict[str, Any]) -> bool:
    """Whether listed choices carry numbers: not where a number already means a depth or a set."""
    return obs["phase"] == "play"


def expand_shorthand(text: str, obs: dict[str, Any], legal: Sequence[str]) -> str:
    """Short forms: a choice's number, 'd' to draw, a lone card to discard, a bare name to name."""
    words = text.split()
    phase = obs["phase"]
    number = text.strip()
    if number.isascii() and number.isdecimal():
        # In these phases a bare number is what the prompt asks for: a depth or a set.
        if phase == "draw":
            return f"take {number}"
        if phase == "shoot":
            return f"shoot {number}"
    chosen = numbered_choice(text, legal) if numbered(obs) else None
    if chosen is not None:
        return chosen
    if phase == "draw" and text.strip().lower() in ("d", "draw", "stock"):
        return "draw stock"
    if phase == "name" and words and words[0].lower() != "name":
        return "name " + text
    if phase == "play" and len(words) == 1 and words[0].lower() not in ("hold",):
        return "discard " + words[0]
    return text


def narrate(seat: int, action: str, before: dict[str, Any], after: dict[str, Any]) -> Text | None:
    names = after["seat_names"]
    who = names[seat]
    verb, _, rest = action.partition(" ")
    line = Text()
    if verb == "draw":
        line.append(f"{who} draws from the stock")
    elif verb == "take":
        taken = before["pile"][-int(rest):]
        line.append(f"{who} takes {rest} from the pile: ")
        line.append_text(cards_text(taken))
    elif verb == "lay":
        laid = (after["table"] + [x for pile in after["captured"] for x in pile])
        newest = max(laid, key=lambda x: x["id"]) if laid else None
        line.append(f"{who} lays down ")
        line.append_text(cards_text(rest.split()))
        if newest is not None:
            line.append(f" as set #{newest['id']}")
    elif verb == "name":
        said = after["naming"][-1]
        code, nation = rest.split()
        line.append(f"{who} names it the {PLANE[code]['name']}, {NATION_NAMES[nation]}: ")
        if said["correct"]:
            line.append("correct", style="green")
        else:
            line.append("WRONG - forfeits the next turn", style="bold red")
    elif verb == "swap":
        card, set_id = rest.split()
        won = next((e["wild"] for e in after["events"][len(before["events"]):] if e["event"] == "wild swapped"), None)
        line.append(f"{who} puts {card} into set #{set_id} and takes its wild card" + (f", {won}" if won else ""))
    elif verb == "add":
        wild, set_id = rest.split()
        line.append(f"{who} adds {wild} to set #{set_id} as a fourth card")
    elif verb == "shoot":
        line.append(f"{who} shoots down set #{rest}!", style="bold")
    elif verb == "hold":
        line.append(f"{who} holds fire")
    elif verb == "discard":
        line.append(f"{who} discards ")
        line.append_text(card_text(rest))
    for event in after["events"][len(before["events"]):]:
        if event["event"] == "round over":
            out = event["went_out"]
            line.append(f"\nROUND {event['round']} OVER: ", style="bold yellow")
            line.append(f"{names[out]} went out. " if out is not None else "the stock ran out. ")
            line.append("Scores " + ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(event["scores"])))
            line.append(". Totals " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(after["totals"])))
        elif event["event"] == "forfeits a turn":
            line.append(f"\n{names[event['seat']]} forfeits a turn", style="yellow")
    return line


def introduce(obs: dict[str, Any]) -> Text:
    names = obs["seat_names"]
    starter = names[(obs['dealer'] + 1) % len(names)]
    return Text(f"{len(names)} players. {names[obs['dealer']]} deals; {starter} starts. "
                f"First to {obs['target']} points wins.")


def final(result: dict[str, Any], seat: int | None) -> Text:
    line = Text("GAME OVER: ", style="bold")
    line.append(", ".join(f"{name} {total}" for name, total in result["totals"].items()) + ". ")
    if result["winner"] is None:
        line.append("A tie for first place.")
    else:
        line.append(f"{result['winner']} wins")
        if seat is not None:
            mine = list(result["totals"])[seat]
            line.append(" - you win!" if mine == result["winner"] else ".")
    return line


def details(obs: dict[str, Any]) -> Text:
    """Your cards by name, with how sure we are of each plane."""
    out = Text()
    views = {v["code"]: v["name"] for v in pack_data()["views"]}
    for card in obs.get("hand", []):
        out.append_text(card_text(card))
        if "/" in card:
            code, view = card.split("/")
            plane = PLANE[code]
            out.append(f"  {plane['name']}, {views[view]} view - {NATION_NAMES[plane['nation']]} {plane['kind']}"
                       f" [{plane['confidence']}]\n")
        else:
            out.append("  wild card\n")
    return out
