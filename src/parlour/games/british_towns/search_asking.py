"""The asking game's help for the search bots: look ahead over the turn, and value where it ends.

Rollouts to the end of the game are a lottery, so the look-ahead covers the
searcher's own turn (``epoch``: the player to move), the asks it may chain
while they succeed, and values the position where the turn passes by the
regions laid and the regions each hand is on its way to (``_by_standing``).
A finished game is worth +1 to the winner, -1 to the others, and a win shared
by a tie is split among those who share it.  The rollout policy asks as a
player who kept track of the asks would.

The worlds are weighed by how people ask (``weigh``): a player asks for the
region he holds most of, so a world in which he holds few cards of the
regions he asked for is less likely than the rules alone say.  Drawn
uniformly, the worlds gave the asks ``remembering`` chose a 74% chance, where
83% of them came off; weighed, 82%.  Against ``remembering`` that took the
expert from 0.383 to 0.586 at ``BETA`` 4 (docs/arena.md).

The value also counts, a little, the regions a player ends with against the
best rival's (``MARGIN``).  A player who can no longer win (or can no longer
lose) would otherwise find every ask worth the same, and ask the first one,
even one the asks have shown must fail; two such players refuse each other
the same cards for ever.  With the margin a lost game is still played for
regions, as a person would, and it ends.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Sequence

from parlour.games.british_towns.asking import AskingState
from parlour.games.british_towns.pack import CARD_OF_TEXT, CARDS_OF, REGION_NUMBERS, REGION_OF

#: a safety net only: a rollout ends with the turn, at the first refused ask
ROLLOUT_LIMIT = 5_000

#: regions of lead worth about three quarters of a win
SCALE = 1.0
#: the weight of a region of margin over the best rival, beside a win's 1 (nine regions are worth 0.45)
MARGIN = 0.05


def evaluate(state: AskingState) -> list[float]:
    regions = [len(r) for r in state.laid]
    margins = [MARGIN * (mine - max(t for o, t in enumerate(regions) if o != s)) for s, mine in enumerate(regions)]
    if not state.is_over:
        values = _by_standing(state, regions)
    else:
        result = state.result()
        names = list(state.game.seat_names(state.num_seats))
        winners = [result["winner"]] if result["winner"] else result["shared_by"]
        share = 2.0 / len(winners) - 1.0 if winners else 0.0
        values = [share if names[s] in winners else -1.0 for s in range(state.num_seats)]
    return [(v + m) / (1.0 + len(REGION_NUMBERS) * MARGIN) for v, m in zip(values, margins, strict=True)]


def epoch(state: AskingState) -> int:
    return state.turn


def _by_standing(state: AskingState, laid: list[int]) -> list[float]:
    """Mid-game: regions laid, and the regions each hand is on its way to, against the best rival's.

    A player whom the regions still open cannot carry past a rival has lost
    already, and one no rival can catch has won: valued so, and not by the
    standing, or a lost player would rather keep the game going than end it.
    """
    open_ = len(REGION_NUMBERS) - sum(laid)
    scores, values = [], []
    for s, hand in enumerate(state.hands):
        held = Counter(REGION_OF[c] for c in hand)
        scores.append(laid[s] + sum((k / len(CARDS_OF[r])) ** 2 for r, k in held.items()))
    for s, mine in enumerate(scores):
        rivals = [laid[o] for o in range(state.num_seats) if o != s]
        if laid[s] + open_ < max(rivals):
            values.append(-1.0)
        elif laid[s] > max(rivals) + open_:
            values.append(1.0)
        else:
            values.append(math.tanh((mine - max(t for o, t in enumerate(scores) if o != s)) / SCALE))
    return values


#: how often a rollout's asker asks where the card really is in that world (a player who remembers well)
KNOWING = 0.5


def rollout_action(state: AskingState, seat: int, legal: Sequence[str], rng: random.Random) -> str:
    """Ask at random, but half the time ask the player who holds a wanted card in this world.

    Random asks alone would make every rollout a lottery; players who keep
    track of the asks find their cards far more often than chance, and the
    rollouts should look like such a game.
    """
    if len(legal) > 1 and rng.random() < KNOWING:
        hands = state.hands
        names = state.game.seat_names(state.num_seats)
        sure = [a for a in legal if _holder_is_asked(a, hands, names)]
        if sure:
            return rng.choice(sure)
    return rng.choice(legal)


def _holder_is_asked(action: str, hands: list[list[int]], names: Sequence[str]) -> bool:
    _, name, text = action.split()
    return CARD_OF_TEXT[text] in hands[names.index(name)]



#: worlds drawn for each one the search uses, which is picked among them by ``weigh``
POOL = 8
#: how strongly an asker's holding of the regions he asked for weighs a world
BETA = 4.0
#: the weight's floor for an asked region of which the world leaves the asker nothing
NONE_LEFT = 0.25


def weigh(world: AskingState, seat: int) -> float:
    """How likely the others' asks make this world, beside the others the rules allow: a model of them.

    For each region another player has asked for and nobody has laid, the
    cards of it he holds in the world, to the power ``BETA``.  Only the
    public asks and the world's own hands are read, so it learns nothing
    the seat could not know.
    """
    laid = {r for regions in world.laid for r in regions}
    asked = {(asker, REGION_OF[card]) for asker, _, card, _ in world.asks if asker != seat}
    weight = 1.0
    for asker, region in asked:
        if region not in laid:
            held = sum(REGION_OF[c] == region for c in world.hands[asker])
            weight *= max(held, NONE_LEFT) ** BETA
    return weight
