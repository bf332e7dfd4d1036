"""Both British Towns games at the terminal: the KEY, hands by region, the public asks.

The asking game shows the history of asks and answers, since remembering it
is the game; the sets game shows the stock, the discards and every set laid.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from parlour.games.british_towns.pack import CARD_OF_TEXT, REGION_OF, describe
from parlour.terminal.choices import numbered_choice

REGION_STYLE = {1: "red", 2: "green", 3: "yellow", 4: "magenta", 5: "cyan", 6: "bright_red", 7: "bright_green",
                8: "bright_blue", 9: "bright_magenta"}


def card_text(card: str) -> Text:
    region = REGION_OF[CARD_OF_TEXT[card]]
    return Text(card, style=("bold " if card.startswith("R") and card[1:].isdigit() else "") + REGION_STYLE[region])


def hand_by_region(cards: Sequence[str]) -> Text:
    out = Text()
    groups: dict[int, list[str]] = {}
    for card in cards:
        groups.setdefault(REGION_OF[CARD_OF_TEXT[card]], []).append(card)
    for i, (region, group) in enumerate(sorted(groups.items())):
        if i:
            out.append("  |  ")
        out.append(f"{region}: ", style="dim")
        for j, card in enumerate(group):
            if j:
                out.append(" ")
            out.append_text(card_text(card))
    return out


def _key_table(obs: dict[str, Any], laid_by: dict[int, str]) -> Table:
    table = Table("no.", "region (KEY card)", "towns", "laid down by", title="The KEY card", title_justify="left")
    for row in obs["key"]:
        table.add_row(str(row["region"]), Text(row["name"], style=REGION_STYLE[row["region"]]), str(row["towns"]),
                      laid_by.get(row["region"], ""))
    return table


def details(obs: dict[str, Any]) -> Text:
    out = Text()
    for card in obs.get("hand", []):
        out.append_text(card_text(card))
        out.append(f"  {describe(CARD_OF_TEXT[card])}\n")
    return out


def final(result: dict[str, Any], seat: int | None) -> Text:
    line = Text("GAME OVER: ", style="bold")
    if "regions" in result:
        regions, cards = result["regions"], result["cards_in_regions"]
        line.append(", ".join(f"{name} {n} region{'s' if n != 1 else ''} ({cards[name]} cards)"
                              for name, n in regions.items()) + ". ")
        best = max(regions.values())
        tied = [name for name, n in regions.items() if n == best]
        if result["winner"] and len(tied) > 1:
            line.append(f"{', '.join(tied)} are level on regions; ")
            line.append(f"{result['winner']} wins on cards in his regions.")
            return line
    else:
        line.append(", ".join(f"{name} {n}" for name, n in result["scores"].items()) + ". ")
    if result["winner"]:
        line.append(f"{result['winner']} wins.")
    else:
        line.append("Shared win: " + ", ".join(result["shared_by"]) + ".")
    return line


# -- the asking game ---------------------------------------------------------------------------

def render_asking(obs: dict[str, Any]) -> Group:
    names = obs["seat_names"]
    laid_by = {r: names[s] for s, regions in enumerate(obs["laid"]) for r in regions}
    players = Text("Players: ")
    players.append(", ".join(
        f"{names[s]} {'out' if obs['out'][s] else str(n) + ' cards'} ({len(obs['laid'][s])} regions)"
        for s, n in enumerate(obs["hand_sizes"])))
    parts: list[Any] = [_key_table(obs, laid_by), players]
    if obs["asks"]:
        # The whole history, as every player heard it: remembering it is the game.
        asks = Text("Every ask so far (asker>asked CARD, + got it, - did not): ", style="dim")
        for i, ask in enumerate(obs["asks"]):
            if i:
                asks.append(", ")
            asks.append(f"{names[ask['asker']]}>{names[ask['asked']]} ")
            asks.append_text(card_text(ask["card"]))
            asks.append("+" if ask["got"] else "-", style="green" if ask["got"] else "red")
        parts.append(asks)
    if "hand" in obs:
        hand = Text(f"Your hand ({names[obs['seat']]}): ")
        hand.append_text(hand_by_region(obs["hand"]))
        parts.append(hand)
    return Group(*parts)


def prompt_asking(obs: dict[str, Any], legal: Sequence[str]) -> str:
    return "Ask a player for a card, e.g. 'P2 Crewe' (you must hold a card of its region)"


def expand_asking(text: str, obs: dict[str, Any], legal: Sequence[str]) -> str:
    chosen = numbered_choice(text, legal)
    if chosen is not None:
        return chosen
    words = text.split()
    if len(words) >= 2 and words[0].lower() != "ask":
        return "ask " + text
    return text


def narrate_asking(seat: int, action: str, before: dict[str, Any], after: dict[str, Any]) -> Text:
    names = after["seat_names"]
    ask = after["asks"][-1]
    line = Text(f"{names[seat]} asks {names[ask['asked']]} for ")
    line.append_text(card_text(ask["card"]))
    if ask["got"]:
        line.append(": yes" + (", and asks again" if after["to_move"] == [seat] else ""), style="green")
    else:
        line.append(f": no - {names[ask['asked']]}'s turn", style="red")
    for event in after["events"][len(before["events"]):]:
        line.append(f"\n{names[event['seat']]} completes region {event['region']} and lays it down!", style="bold")
    for s, (was, now) in enumerate(zip(before["out"], after["out"], strict=True)):
        if now and not was:
            line.append(f"\n{names[s]} has no cards left and is out", style="yellow")
    return line


def introduce_asking(obs: dict[str, Any]) -> Text:
    names = obs["seat_names"]
    return Text(f"{len(names)} players; {names[obs['dealer']]} dealt every card and asks first.")


# -- the regional-sets game ---------------------------------------------------------------------------

def render_sets(obs: dict[str, Any]) -> Group:
    names = obs["seat_names"]
    laid_by = {int(r): names[s] for s, sets in enumerate(obs["sets"]) for r in sets}
    parts: list[Any] = [_key_table(obs, laid_by)]
    for s, sets in enumerate(obs["sets"]):
        if sets:
            line = Text(f"{names[s]}'s sets: ")
            for i, (region, cards) in enumerate(sets.items()):
                if i:
                    line.append("  |  ")
                line.append(f"{region}: ", style="dim")
                line.append_text(Text(" ").join(card_text(c) for c in cards))
            parts.append(line)
    status = Text(f"Stock {obs['stock_size']} cards.  Scores (laid less held): ")
    status.append(", ".join(f"{names[s]} {p}" for s, p in enumerate(obs["scores"])))
    parts.append(status)
    pile = Text("Discards (top last): ")
    pile.append_text(Text(" ").join(card_text(c) for c in obs["discards"]))
    parts.append(pile)
    if "hand" in obs:
        hand = Text(f"Your hand ({names[obs['seat']]}): ")
        hand.append_text(hand_by_region(obs["hand"]))
        parts.append(hand)
    return Group(*parts)


def prompt_sets(obs: dict[str, Any], legal: Sequence[str]) -> str:
    if obs["phase"] == "draw":
        if legal and legal[0].startswith("add "):
            return f"The top discard finishes your region: {legal[0]}"
        return "Draw: 'd' for the stock, 't' for the top discard"
    return "Lay a set ('lay N') or discard a card (e.g. 'discard Crewe', or just 'Crewe')"


def expand_sets(text: str, obs: dict[str, Any], legal: Sequence[str]) -> str:
    chosen = numbered_choice(text, legal)
    if chosen is not None:
        return chosen
    lowered = text.strip().lower()
    if obs["phase"] == "draw":
        return {"d": "draw stock", "s": "draw stock", "t": "take discard"}.get(lowered, text)
    words = text.split()
    if words and words[0].lower() not in ("lay", "discard", "done", "add", "draw", "take"):
        return "discard " + text
    return text


def narrate_sets(seat: int, action: str, before: dict[str, Any], after: dict[str, Any]) -> Text:
    names = after["seat_names"]
    who = names[seat]
    verb, _, rest = action.partition(" ")
    line = Text()
    if verb == "draw":
        line.append(f"{who} draws from the stock")
    elif verb == "take":
        line.append(f"{who} takes the top discard, ")
        line.append_text(card_text(before["discards"][-1]))
    elif verb == "lay":
        line.append(f"{who} lays down region {rest}: ", style="bold")
        line.append_text(Text(" ").join(card_text(c) for c in after["sets"][seat][rest]))
    elif verb == "discard":
        line.append(f"{who} discards ")
        line.append_text(card_text(rest))
    elif verb == "done":
        line.append(f"{who} draws up to seven")
    for event in after["events"][len(before["events"]):]:
        if event["event"] == "added":
            line.append(f"\n{names[event['seat']]} adds {event['card']} to region {event['region']} ({event['how']})")
        elif event["event"] == "reshuffle":
            line.append(f"\nThe stock is empty: the discards are shuffled into a new stock, "
                        f"{event['turned_up']} turned up", style="yellow")
        elif event["event"] == "game over":
            line.append(f"\nThe game ends: {names[event['seat']]} {event['why']}", style="bold yellow")
    return line


def introduce_sets(obs: dict[str, Any]) -> Text:
    names = obs["seat_names"]
    return Text(f"{len(names)} players; {names[obs['dealer']]} dealt seven each; "
                f"{names[(obs['dealer'] + 1) % len(names)]} begins.")
