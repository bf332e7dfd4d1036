"""Search bots: information-set MCTS (``expert``) and perfect-information Monte Carlo (``pimc``).

Both are written once, over the engine contract, for every turn-based game.
They look ahead only in *worlds* (``parlour.bots.worlds``): states drawn
from the deals consistent with the seat's view, never the true state, so
they pass the fairness check every Parlour bot passes.

* ``expert`` is single-observer IS-MCTS (Cowling, Powley & Whitehouse,
  2012): one tree over the searching seat's information sets, a fresh world
  for every iteration, UCB with availability counts (an action is only
  compared on the iterations in which it was legal), a fast rollout to the
  end (or to the game's rollout limit), and the move visited most.
* ``pimc`` runs a separate UCT search in each of several worlds, as if the
  hidden cards were known, and plays the action with the best value averaged
  over the worlds: the classic baseline, weaker than IS-MCTS because it
  assumes it could act differently in worlds it cannot tell apart
  (strategy fusion).

A game may help through its descriptor's ``search`` module: a rollout policy
(``rollout_action(state, seat, legal, rng)``), an ``epoch(state)`` (the
look-ahead, tree and rollout alike, stops once it changes: the end of the
turn, say), an evaluation of the position
where a rollout stops (``evaluate(state) -> a value per seat in [-1, 1]``),
``candidates(state, seat, legal)`` (the actions worth searching, a prior that
prunes: the one right name of a plane rather than every name there is),
``weigh(world, seat)`` with ``POOL`` (a model of the other players: each world
searched is picked from ``POOL`` drawn, in proportion to its weight, where
the way people play says more than the rules do) and ``ROLLOUT_LIMIT``; never
a second copy of its rules, which the state keeps.

The budget is iterations (reproducible: the same seed and iterations give the
same move) or seconds (default: one second a decision, about a thousand
Football Whist iterations on one core of the development machine).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from parlour.bots.inference import Reading
from parlour.bots.plain import make_own_bot
from parlour.engine.errors import ParlourError, ResampleError

#: seconds a decision when no budget is given
DEFAULT_SECONDS = 1.0
#: the exploration constant of UCB (rewards lie in [-1, 1])
EXPLORATION = 1.0


@dataclass(frozen=True)
class Hooks:
    """What a game adds to the generic search (all optional)."""

    rollout_action: Callable[[Any, int, Sequence[str], random.Random], str] | None = None
    evaluate: Callable[[Any], Sequence[float]] | None = None
    epoch: Callable[[Any], Any] | None = None
    candidates: Callable[[Any, int, Sequence[str]], Sequence[str]] | None = None
    rollout_limit: int = 100_000
    weigh: Callable[[Any, int], float] | None = None
    pool: int = 1


def hooks_of(game: Any) -> Hooks:
    if not game.search:
        return Hooks()
    module = importlib.import_module(game.search)
    return Hooks(getattr(module, "rollout_action", None), getattr(module, "evaluate", None),
                 getattr(module, "epoch", None), getattr(module, "candidates", None),
                 getattr(module, "ROLLOUT_LIMIT", 100_000), getattr(module, "weigh", None),
                 getattr(module, "POOL", 1))


@dataclass(frozen=True)
class Choice:
    """One legal action as the search saw it: how often it was tried and its mean value in [-1, 1]."""

    action: str
    visits: int
    value: float

    @property
    def chance(self) -> float:
        """The value as an estimated chance of winning, 0 to 1 (a draw counts half)."""
        return (self.value + 1.0) / 2.0


class _Node:
    __slots__ = ("seat", "visits", "total", "avail", "children")

    def __init__(self, seat: int):
        self.seat = seat          # who chose the action leading here: the value is theirs
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}


def _draw(worlds: Any, rng: random.Random, hooks: Hooks) -> Any:
    """A world to search: drawn from the seat's worlds, or picked from a pool of them by the game's ``weigh``."""
    if hooks.weigh is None or hooks.pool <= 1:
        return worlds.sample(rng)
    pool = [worlds.sample(rng) for _ in range(hooks.pool)]
    return rng.choices(pool, [hooks.weigh(w, worlds.seat) for w in pool])[0]


def _rollout(world: Any, rng: random.Random, hooks: Hooks, epoch: Any) -> Sequence[float]:
    policy, steps, now = hooks.rollout_action, 0, hooks.epoch
    while not world.is_over and steps < hooks.rollout_limit:
        if now is not None and now(world) != epoch:
            break
        (seat,) = world.to_move
        legal = world.legal_actions(seat)
        world.apply(seat, policy(world, seat, legal, rng) if policy is not None else rng.choice(legal))
        steps += 1
    if hooks.evaluate is not None:
        return hooks.evaluate(world)
    return world.returns()


def _iterate(root: _Node, world: Any, rng: random.Random, hooks: Hooks) -> None:
    """One iteration in one world: select by UCB among the actions legal there, expand one, roll out, back up."""
    epoch = None if hooks.epoch is None else hooks.epoch(world)
    node, path, prune, now = root, [], hooks.candidates, hooks.epoch
    while not world.is_over and (now is None or now(world) == epoch):
        (mover,) = world.to_move
        legal = world.legal_actions(mover)
        if prune is not None:
            legal = prune(world, mover, legal)
        children = node.children
        untried = [a for a in legal if a not in children]
        for a in legal:
            child = children.get(a)
            if child is not None:
                child.avail += 1
        if untried:
            action = untried[0] if len(untried) == 1 else _first_try(world, mover, legal, untried, rng, hooks)
            child = children[action] = _Node(mover)
            child.avail = 1
            world.apply(mover, action)
            path.append(child)
            break
        best, best_score = legal[0], -math.inf
        for a in legal:
            child = children[a]
            score = child.total / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = a, score
        node = children[best]
        world.apply(mover, best)
        path.append(node)
    values = _rollout(world, rng, hooks, epoch)
    for visited in path:
        visited.visits += 1
        visited.total += values[visited.seat]


def _first_try(world: Any, mover: int, legal: Sequence[str], untried: list[str], rng: random.Random,
               hooks: Hooks) -> str:
    """The untried action to expand: the rollout policy's own choice if it is untried, else one at random.

    A node's first visits then go where a sensible player would go, which
    matters most when the budget allows only a few hundred iterations.
    """
    if hooks.rollout_action is not None:
        liked = hooks.rollout_action(world, mover, legal, rng)
        if liked in untried:
            return liked
    return rng.choice(untried)


class _Budget:
    def __init__(self, iterations: int | None, seconds: float | None):
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        self.iterations, self.seconds = iterations, seconds
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.done = 0

    def more(self) -> bool:
        if self.done == 0:
            return True
        if self.iterations is not None and self.done >= self.iterations:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline


def ismcts(worlds: Any, legal: Sequence[str], rng: random.Random, hooks: Hooks,
           iterations: int | None = None, seconds: float | None = None) -> list[Choice]:
    """Single-observer IS-MCTS from the searching seat's information set; the root's actions, most visited first."""
    root = _Node(worlds.seat)
    budget = _Budget(iterations, seconds)
    while budget.more():
        budget.done += 1
        try:
            world = _draw(worlds, rng, hooks)
        except ResampleError:
            continue            # an iteration without a world: the budget still runs down
        _iterate(root, world, rng, hooks)
    if not root.children:
        raise ResampleError("no world could be drawn for this position")
    return _ranked(legal, root.children)


def pimc(worlds: Any, legal: Sequence[str], rng: random.Random, hooks: Hooks,
         iterations: int | None = None, seconds: float | None = None, per_world: int | None = None) -> list[Choice]:
    """Perfect-information Monte Carlo: a UCT search in each of several worlds, values averaged over them."""
    per_world = per_world or max(8 * len(legal), 40)
    budget = _Budget(iterations, seconds)
    visits = dict.fromkeys(legal, 0)
    means: dict[str, list[float]] = {a: [] for a in legal}     # the action's value in each world that tried it
    while budget.more():
        try:
            world = _draw(worlds, rng, hooks)
        except ResampleError:
            budget.done += 1
            continue
        root = _Node(worlds.seat)
        for _ in range(per_world):
            _iterate(root, world.clone(), rng, hooks)
            budget.done += 1
            if not budget.more():
                break
        for a, child in root.children.items():
            if a in visits and child.visits:
                visits[a] += child.visits
                means[a].append(child.total / child.visits)
    if not any(visits.values()):
        raise ResampleError("no world could be drawn for this position")
    ranked = [Choice(a, visits[a], sum(means[a]) / len(means[a]) if means[a] else 0.0) for a in legal]
    ranked.sort(key=lambda c: (c.visits == 0, -c.value, -c.visits))
    return ranked


def _ranked(legal: Sequence[str], children: dict[str, _Node]) -> list[Choice]:
    choices = []
    for a in legal:
        child = children.get(a)
        choices.append(Choice(a, 0, 0.0) if child is None or not child.visits
                       else Choice(a, child.visits, child.total / child.visits))
    choices.sort(key=lambda c: (-c.visits, -c.value))
    return choices


METHODS = {"ismcts": ismcts, "pimc": pimc}



class SearchBot:
    """A bot that searches worlds drawn from its seat's view: ``expert`` (IS-MCTS) or ``pimc``.

    ``iterations`` fixes the work (and makes the move reproducible for a
    seed); otherwise ``seconds`` bounds the time a decision.  Its random
    stream for a decision is drawn from its seed and the number of moves so
    far, so it keeps no stream to catch up when a game is replayed.
    """

    reads_observation = True
    #: ``parlour.bots.decide`` hands it a ``Worlds`` for the seat
    uses_worlds = True
    #: its decisions do not depend on earlier ones: a replay need not ask it again
    stateless = True

    def __init__(self, seat: int, seed: int | None = None, *, game: Any, method: str = "ismcts",
                 iterations: int | None = None, seconds: float | None = None, reads: bool = False):
        if method not in METHODS:
            raise ParlourError(f"no search method {method!r} (choose from: {', '.join(METHODS)})")
        self.seat = seat
        self.seed = random.SystemRandom().randrange(2**63) if seed is None else seed
        self.method = method
        self.iterations, self.seconds = iterations, seconds
        #: weigh the worlds by the others' moves (``parlour.bots.inference``) before searching them
        self.reads = reads
        self.game = game
        self.hooks = hooks_of(game)

    def analyse(self, observation: Any, legal: Sequence[str], worlds: Any) -> list[Choice]:
        """Every legal action with its visits and estimated value, best first."""
        if worlds is None:
            raise ParlourError("a search bot needs the seat's worlds: call it through parlour.bots.decide")
        if len(legal) == 1 and self.iterations is None:
            return [Choice(legal[0], 0, 0.0)]
        rng = random.Random(f"{self.method}/{self.seed}/{self.seat}/{worlds.moves}")
        seconds = self.seconds
        if self.reads:
            started = time.perf_counter()
            worlds = Reading(worlds, self.game, rng)
            if seconds is not None or self.iterations is None:    # the reading's time is the decision's too
                seconds = max(0.05, (seconds or DEFAULT_SECONDS) - (time.perf_counter() - started))
        if self.hooks.candidates is not None:
            legal = self.hooks.candidates(worlds.sample(rng), self.seat, legal)
            if len(legal) == 1 and self.iterations is None:
                return [Choice(legal[0], 0, 0.0)]
        return METHODS[self.method](worlds, legal, rng, self.hooks, self.iterations, seconds)

    def act(self, observation: Any, legal: Sequence[str], worlds: Any = None) -> str:
        """The search's move; where the game could draw no world at all, the game's own bot's move instead."""
        if len(legal) == 1:
            return legal[0]
        try:
            return self.analyse(observation, legal, worlds)[0].action
        except ResampleError:
            seed = random.Random(f"fallback/{self.seed}/{self.seat}/{worlds.moves}").randrange(2**63)
            return make_own_bot(self.game, self.seat, seed).act(observation, legal)


def make_search_bot(game: Any, name: str, seat: int, seed: int | None = None, **options: Any) -> SearchBot:
    return SearchBot(seat, seed, game=game, method=SEARCH_BOTS[name][0], **options)


#: the search bots every turn-based game has: name -> (method, one line for the menus)
SEARCH_BOTS = {
    "pimc": ("pimc", "Strong: counts the cards, guesses where the rest lie and plays as if it could see them; "
                     "a moment's thought a move"),
    "expert": ("ismcts", "The strongest: thinks ahead about every hand the others might hold, and is hard to "
                         "fool; about a second a move"),
}
