"""What the asking game's asks so far tell a seat about each ask it may make: the hint's reasons, in facts.

Worked out from the seat's own observation alone (every ask and its answer is
heard by the whole table; the regions laid; the seat's own hand), never from
another hand, so a reason tells a player nothing he could not have worked out
at the table.  The page words the facts (the players by their names there).

A card is *followed* when the seat can say where it lies: it is in the seat's
hand, it changed hands in an ask (all heard it), or its region was laid down.
Every other card never moved, so it still lies with the player it was dealt
to.  Hence the two ways the asks place a card of a region with a player:

* he took it in an ask and has not been asked for it since with success
  (``holds``, ``has``);
* he asked for a card of the region while holding none of its followed cards
  (``shows``): the rules let a player ask only within a region he holds a card
  of, so he held one that never moved, and holds it still.

And a card that never moved is not with a player who asked for it, nor with one
asked for it in vain (``lack``); where every other player still holding cards
is one of those, it can only be with the player asked (``only``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games.british_towns.pack import CARD_OF_TEXT, CARD_TEXT, CARDS_OF, REGION_OF


class _Heard:
    """The asks replayed over the cards the seat can follow: where each lies now, the last ask that moved it, the
    asks that show a player holds a card of a region nobody has seen, and who lacks each card that never moved."""

    def __init__(self, observation: Mapping[str, Any]):
        me = self.me = observation["seat"]
        asks = [(a["asker"], a["asked"], CARD_OF_TEXT[a["card"]], bool(a["got"]))
                for a in observation.get("asks") or []]
        laid = {e["region"]: e["seat"] for e in observation.get("events") or [] if e.get("event") == "region laid"}
        # where each followed card was dealt (the first player asked for it with success, the one who laid it, the
        # seat itself), then where it lies after each ask
        origin: dict[int, int] = {}
        for _, asked, card, got in asks:
            if got:
                origin.setdefault(card, asked)
        for region, seat in laid.items():
            for card in CARDS_OF[region]:
                origin.setdefault(card, seat)
        for text in observation.get("hand") or []:
            origin.setdefault(CARD_OF_TEXT[text], me)
        self.origin, self.where = origin, dict(origin)
        held: dict[tuple[int, int], int] = {}
        for card, seat in origin.items():
            held[seat, REGION_OF[card]] = held.get((seat, REGION_OF[card]), 0) + 1
        self.took: dict[int, tuple[int, int]] = {}                 # card -> (ask number, from whom) of its last move
        self.shows: dict[tuple[int, int], tuple[int, int, int]] = {}   # (seat, region) -> (ask number, card, asked)
        self.lack: dict[int, set[int]] = {}                        # a card that never moved -> who lacks it
        for n, (asker, asked, card, got) in enumerate(asks, 1):
            region = REGION_OF[card]
            if asker != me and not held.get((asker, region)):
                self.shows[asker, region] = (n, card, asked)
            if got:
                held[self.where[card], region] -= 1
                held[asker, region] = held.get((asker, region), 0) + 1
                self.where[card] = asker
                self.took[card] = (n, asked)
            elif card not in origin:
                self.lack.setdefault(card, set()).update((asker, asked))

    def about(self, target: int, card: int, others: list[int]) -> dict[str, Any]:
        """What is known of ``card`` with the player ``target`` (``ask_facts``); ``others``: who holds cards."""
        said: dict[str, Any] = {}
        region = REGION_OF[card]
        if self.where.get(card) == target and card in self.took:
            said["holds"] = list(self.took[card])
            return said
        has = [[CARD_TEXT[c], *self.took[c]] for c in sorted(CARDS_OF[region], key=lambda c: self.took.get(c, (0,))[0])
               if c != card and self.where.get(c) == target and c in self.took]
        if has:
            said["has"] = has
        elif (target, region) in self.shows:
            n, asked_for, asked = self.shows[target, region]
            said["shows"] = [n, CARD_TEXT[asked_for], asked]
        if card not in self.origin:
            lacking = sorted(s for s in self.lack.get(card, ()) if s not in (self.me, target))
            if lacking:
                said["lack"] = lacking
                if all(s in lacking for s in others if s != target):
                    said["only"] = True
        return said


def ask_facts(observation: Mapping[str, Any], legal: Sequence[str]) -> dict[str, dict[str, Any]]:
    """For each ask in ``legal`` (``ask P2 LEEDS``), what the seat's ``observation`` says about it; an ask the
    asks say nothing about is left out.  Per ask, any of:

    * ``holds``: [ask number (from 1, as the asks heard are numbered), the player who handed it over]: the player
      asked took the card in that ask and holds it still: the ask cannot fail;
    * ``has``: [[card, ask number, from], ...]: other cards of its region he took and holds still;
    * ``shows``: [ask number, card asked for, player asked]: an ask of his within the region made while he held
      none of its cards the seat can follow: he holds one of them nobody has seen;
    * ``lack``: the other players (not the seat, not the player asked) known not to hold the card;
    * ``only``: true where every other player with cards lacks it: it can only be the player asked's.
    """
    if observation.get("seat") is None:
        return {}
    heard = _Heard(observation)
    names = list(observation.get("seat_names") or [])
    sizes = list(observation.get("hand_sizes") or [])
    others = [s for s in range(len(names)) if s != heard.me and (s >= len(sizes) or sizes[s])]
    facts: dict[str, dict[str, Any]] = {}
    for action in legal:
        verb, _, rest = action.partition(" ")
        who, _, text = rest.partition(" ")
        if verb == "ask" and who in names and text in CARD_OF_TEXT:
            said = heard.about(names.index(who), CARD_OF_TEXT[text], others)
            if said:
                facts[action] = said
    return facts


def ask_reasons(state: Any, seat: int) -> dict[str, Any]:
    """``GameDescriptor.move_reasons`` for the asking game: ``ask_facts`` of the seat's view and legal asks."""
    return ask_facts(state.observation(seat), [str(a) for a in state.legal_actions(seat)])
