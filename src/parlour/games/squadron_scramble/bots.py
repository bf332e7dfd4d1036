"""A Squadron Scramble bot that plays like a careful collector.

It reads only its seat's observation: it watches the discard pile for cards
that complete its sets, lays sets built from natural cards first (saving wild
cards), swaps wild cards out of opponents' sets whenever it holds the real
card, names its planes correctly, shoots down the most valuable enemy bombers,
goes out when it can, and discards the loneliest, costliest card, never a wild
card while a natural one could go (``keep_wilds``).

It also notices when the table is going round in circles.  Players who each
hold part of a plane the other wants can pass the same discards to and fro
for ever: the sheet ends a round only when someone goes out, so nothing else
would stop them.  Once the table has gone round twice with nobody drawing from
the stock or putting a card down, the bot draws from the stock, which runs the
stock down and so brings the round to its end.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from parlour.engine.players import SeatedPlayer
from parlour.games.squadron_scramble.cards import KEF, PLANES, VIC, WILD_PENALTY

CODE_NATION = {p["code"]: p["nation"] for p in PLANES}
POINTS = {p["code"]: 10 if p["kind"] == "bomber" else 5 for p in PLANES}


def plane_of(card: str) -> str | None:
    return card.split("/")[0] if "/" in card else None


def right_name(obs: dict[str, Any], legal: Sequence[str]) -> str:
    """The right name of the set just laid, read off the table (the card says it; a player who reads it says it)."""
    pending = obs["pending_set"]
    for laid in obs["table"] + [x for pile in obs["captured"] for x in pile]:
        if laid["id"] == pending:
            return f"name {laid['plane']} {CODE_NATION[laid['plane']]}"
    return legal[0]


def keep_wilds(hand: Sequence[str], legal: Sequence[str]) -> list[str]:
    """The moves a player of any level considers: a wild card is worth a set and costs its points only if it is
    still held when the round ends, so none is discarded while a natural card could go instead, and no wild card
    is won by a swap that would leave nothing but wild cards to discard (a swap that gives up the last natural
    card held, with more cards held and no fourth card to lead out)."""
    naturals = [c for c in hand if plane_of(c)]
    if any(a.startswith("discard ") and plane_of(a.split()[1]) for a in legal):
        legal = [a for a in legal if not (a.startswith("discard ") and not plane_of(a.split()[1]))]
    if len(naturals) == 1 and len(hand) > 1 and not any(a.startswith("add ") for a in legal):
        kept = [a for a in legal if not a.startswith("swap ")]
        legal = kept or list(legal)
    return list(legal)


def idle_turns(history: Sequence[Sequence[Any]]) -> int:
    """Turns in a row, up to now, in which nobody drew from the stock or laid, swapped or added a card."""
    turns = 0
    for _, action in reversed(history):
        verb = action.split(" ", 1)[0]
        if action == "draw stock" or verb in ("lay", "swap", "add"):
            break
        turns += verb == "discard"
    return turns


class HeuristicBot(SeatedPlayer):
    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        action: str = getattr(self, "_" + obs["phase"])(obs, legal)      # _draw, _play, ...: one a phase
        return action

    # -- drawing -----------------------------------------------------------------
    def _draw(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        if "draw stock" in legal and idle_turns(obs["history"]) >= 2 * len(obs["seat_names"]):
            return "draw stock"          # going round in circles: change course
        hand = obs["hand"]
        held = Counter(plane_of(c) for c in hand if plane_of(c))
        pile = obs["pile"]
        for depth in range(1, min(3, len(pile)) + 1):
            if f"take {depth}" not in legal:
                break
            card = pile[-depth]
            plane = plane_of(card)
            # Worth digging for: a card that makes a pair or a set with what we hold.
            if card in (KEF, VIC) and depth == 1:
                return "take 1"
            if plane and held[plane] + 1 >= (2 if depth == 1 else 3):
                return f"take {depth}"
        return "draw stock" if "draw stock" in legal else "take 1"

    # -- laying, swapping, discarding ---------------------------------------------------
    def _play(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        hand = obs["hand"]
        legal = keep_wilds(hand, legal)
        swaps = [a for a in legal if a.startswith("swap ")]
        if swaps:
            return swaps[0]
        going_out = [a for a in legal if a.startswith("add ") or (a.startswith("lay ") and "+" in a)]
        if going_out:
            return max(going_out, key=lambda a: ("VIC" in a, a))
        lays = [a for a in legal if a.startswith("lay ")]

        def cost(action: str) -> tuple[int, int]:
            cards = action.split()[1:]
            wilds = sum(c in (KEF, VIC) for c in cards)
            return (wilds, -POINTS[next(plane_of(c) for c in cards if plane_of(c))])
        if lays:
            best = min(lays, key=cost)
            wilds = cost(best)[0]
            # Spend wild cards only on a bomber, or when the hand is nearly empty.
            if wilds == 0 or len(hand) <= 4 or (wilds == 1 and cost(best)[1] == -10 and "VIC" not in best):
                return best
        discards = [a for a in legal if a.startswith("discard ")]
        if not discards:
            # Bound to go out after a fourth card: every play left leads out, so lay on.
            return min(lays, key=cost) if lays else legal[0]
        held = Counter(plane_of(c) for c in hand if plane_of(c))

        def keep_value(action: str) -> tuple[int, int, float]:
            card = action.split()[1]
            if card in (KEF, VIC):
                return (9, 0, 0.0)
            return (held[plane_of(card)], -POINTS[plane_of(card)], self.rng.random())
        return min(discards, key=keep_value)

    # -- naming and shooting --------------------------------------------------------------
    def _name(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        return right_name(obs, legal)

    def _shoot(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        values = {x["id"]: x["value"] for x in obs["table"]}
        shots = [a for a in legal if a.startswith("shoot ")]
        return max(shots, key=lambda a: values.get(int(a.split()[1]), 0)) if shots else "hold"


class NewcomerBot(SeatedPlayer):
    """A model of a newcomer, for tuning the default opponent in the arena (docs/arena.md); no menu offers it.

    He knows the rules and the planes, and plays the obvious move: he takes the
    top discard when it is a wild card or a plane he holds, else draws from the
    stock; he lays down any set as soon as he can (wild cards and all), swaps and
    adds whenever the rules let him, names his planes rightly, shoots down the
    first bomber set he may; and he throws the card that would cost him most if
    the round ended, among those that pair with nothing; but like any player
    he keeps his wild cards while he has a natural card to throw (``keep_wilds``).
    Ties go at random.  It reads only its seat's observation.
    """

    def choose(self, obs: dict[str, Any], legal: Sequence[str]) -> str:
        phase = obs["phase"]
        held = Counter(plane_of(c) for c in obs["hand"] if plane_of(c))
        if phase == "draw":
            top = obs["pile"][-1] if obs["pile"] else None
            if "take 1" in legal and top is not None and (top in (KEF, VIC) or held[plane_of(top)]):
                return "take 1"
            return "draw stock" if "draw stock" in legal else "take 1"
        if phase == "name":
            return right_name(obs, legal)
        if phase == "shoot":
            return next((a for a in legal if a.startswith("shoot ")), "hold")
        legal = keep_wilds(obs["hand"], legal)
        building = [a for a in legal if not a.startswith("discard ")]
        if building:
            return building[0]

        def cost(action: str) -> tuple[int, int, float]:
            card = action.split()[1]
            single = card in (KEF, VIC) or held[plane_of(card)] < 2
            price = WILD_PENALTY[card] if card in WILD_PENALTY else POINTS[plane_of(card) or ""]
            return (single, price, self.rng.random())

        return max(legal, key=cost)
