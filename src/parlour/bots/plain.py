"""The bots that need no search: the random one, and the game's own through its descriptor.

Their own module, below both the catalogue of every bot (``parlour.bots``,
which makes the search bots too) and the search bots themselves, which fall
back on the game's own bot where they can draw no world (``make_own_bot``).
The catalogue imports the search; the search imports only this.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from parlour.bots.worlds import Worlds
from parlour.engine.descriptor import GameDescriptor


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    #: it never looks at the table, so nobody builds its view (which grows with the game): see ``decide``
    reads_observation = False

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str:
        return self.rng.choice(legal)


def default_bot(game: GameDescriptor) -> str:
    """The bot a table, a game or a tournament seats when none is named: the first of the game's own, its gentle
    level, whom a newcomer beats about half the time (the casual player, tuned in the arena: docs/arena.md;
    Biggles' slowest level), or the random one in a game with no bot of its own."""
    return next(iter(game.bots), "random")


def own_bot(game: GameDescriptor) -> str:
    """The game's own sensible player: the strongest of its ``bots`` (the last, as they are listed weakest first),
    its club player, which a search bot falls back on where it can draw no world and ``parlour simulate`` seats
    when no bot is named; in a real-time game, whose bots are speeds, its default level."""
    if game.real_time:
        return default_bot(game)
    return next(reversed(list(game.bots)), "random")


def make_own_bot(game: GameDescriptor, seat: int, seed: int | None = None) -> Any:
    """The game's own sensible player (``own_bot``), made as ``parlour.bots.make_bot`` makes it."""
    name = own_bot(game)
    return RandomBot(seat, seed) if name == "random" else game.bots[name](seat, seed)


def decide(bot: Any, state: Any, seat: int, legal: Sequence[str] | None = None) -> str:
    """The bot's action at ``seat``: the seat's observation is built only for a bot that reads it.

    A bot says it never reads it with ``reads_observation = False`` (the random
    bot); every other bot is given the seat's view as before.  Building a view
    costs more than a random choice, so a random playout skips it.
    """
    if legal is None:
        legal = state.legal_actions(seat)
    view = state.observation(seat) if getattr(bot, "reads_observation", True) else None
    if getattr(bot, "uses_worlds", False):
        return bot.act(view, legal, Worlds(state, seat))
    return bot.act(view, legal)   # (None only for a bot that never reads it)
