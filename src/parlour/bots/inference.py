"""Reading the table: worlds weighed by how well they explain what the other players did.

Uniform worlds (``Worlds.sample``) give every deal the rules allow the same
chance, as if the others had played at random.  People do not: a player
who leads a suit has it, one who throws a card away did not need it.  So
a pool of worlds is drawn uniformly and each is replayed from its own deal
(every world's record replays to the position: the conformance suite's
audit); at every earlier decision of another seat a model of that player
(the game's own bot, softened so that any legal move stays possible) says
how likely the move really made was in that world.  The product is the
world's likelihood, and the search draws its worlds from the pool in
proportion to it: importance resampling, as Kermit and its successors in
Skat weigh their worlds by the others' bids and plays.

A product over dozens of moves is steep: one world would take all the
weight and the search would look ahead in it alone.  The log-likelihoods
are tempered (multiplied by a power of at most one, the largest that keeps
the pool's effective size at ``KEEP`` of itself), the adaptive tempering of
sequential Monte Carlo; the power is reported with the pool.

Nothing here sees the truth.  The pool is drawn from ``Worlds`` (whose
every world depends only on the seat's view), and the model is handed, at
each replayed decision, that seat's view of the world replayed, by
``parlour.bots.decide`` as any bot is: a world is weighed by what the
searching seat saw the others do, nothing more.
"""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Sequence

from parlour.bots.plain import decide, make_own_bot
from parlour.engine.errors import ResampleError

#: worlds drawn and weighed a decision
POOL = 32
#: the share of moves the model puts on every legal move alike: a person does not always play the bot's move
NOISE = 0.75
#: the effective share of the pool the tempering keeps
KEEP = 0.25


class Reading:
    """A seat's worlds weighed by the others' moves: a drop-in for ``Worlds`` in the search.

    ``sample(rng)`` draws a copy of a pool world in proportion to its
    tempered likelihood; ``seat`` and ``moves`` are those of the ``Worlds``
    it was read from.  ``weights`` (summing to one) and ``power`` (the
    tempering) say how sure the reading is.
    """

    __slots__ = ("seat", "moves", "pool", "weights", "power", "_cumulative")

    def __init__(self, worlds: Any, game: Any, rng: random.Random, *, pool: int = POOL, noise: float = NOISE,
                 keep: float = KEEP, model: Any = None):
        self.seat, self.moves = worlds.seat, worlds.moves
        drawn: list[Any] = []
        for _ in range(pool):
            try:
                drawn.append(worlds.sample(rng))
            except ResampleError:
                continue
        if not drawn:
            raise ResampleError("no world could be drawn for this position")
        logs = [likelihood(world, game, self.seat, noise, model) for world in drawn]
        self.power = temper(logs, keep)
        top = max(logs)
        raw = [math.exp(self.power * (log - top)) for log in logs]
        total = sum(raw)
        self.pool = drawn
        self.weights = [w / total for w in raw]
        running, self._cumulative = 0.0, []
        for w in self.weights:
            running += w
            self._cumulative.append(running)

    def sample(self, rng: random.Random) -> Any:
        """A fresh copy of a pool world, drawn by its weight (the search changes the world it is given)."""
        return rng.choices(self.pool, cum_weights=self._cumulative)[0].clone()


class OwnBot:
    """The game's own bot as the model of a player: the move it would make has chance one, every other none.

    ``likelihood`` softens it with ``NOISE``.  A bot may keep track of the
    game, so each world gets fresh ones, fed every one of their turns in order.
    """

    def __init__(self, game: Any):
        self.game = game

    def for_world(self) -> Callable[[Any, int, Sequence[str], str], float]:
        bots: dict[int, Any] = {}

        def chance(state: Any, seat: int, legal: Sequence[str], action: str) -> float:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = make_own_bot(self.game, seat, seed=seat)
            return 1.0 if decide(bot, state, seat, legal) == action else 0.0

        return chance


def likelihood(world: Any, game: Any, seat: int, noise: float = NOISE, model: Any = None) -> float:
    """The log-likelihood of the other seats' moves in ``world``, each under the softened model of that seat.

    The world is replayed from its deal; at each decision another seat made
    among two or more legal moves, the move made has chance ``noise`` shared
    out evenly among the legal moves plus ``1 - noise`` times the model's
    chance of it (``OwnBot`` by default; ``parlour.bots.learned.Model`` gives
    every move a chance of its own).
    """
    chance = (model or OwnBot(game)).for_world()
    state = game.new_state(seats=world.num_seats, variant=dict(world.variant), seed=world.seed, deal=world.deal)
    total = 0.0
    for mover, action in world.history:
        if mover != seat:
            legal = state.legal_actions(mover)
            if len(legal) > 1:
                total += math.log(noise / len(legal) + (1.0 - noise) * chance(state, mover, legal, action))
        state.apply(mover, action)
    return total


def temper(logs: list[float], keep: float = KEEP) -> float:
    """The largest power of at most one whose tempered weights keep an effective pool of ``keep`` of its size.

    The effective size of weights w is (sum w)^2 / sum w^2 (Kish); it falls
    from the pool's size at power 0 as the power grows, so a bisection finds
    the power where it reaches the share kept.
    """
    want = keep * len(logs)

    def effective(power: float) -> float:
        top = max(logs)
        weights = [math.exp(power * (log - top)) for log in logs]
        return sum(weights) ** 2 / sum(w * w for w in weights)

    if effective(1.0) >= want:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(30):
        middle = (low + high) / 2
        if effective(middle) >= want:
            low = middle
        else:
            high = middle
    return low
