"""Bots: players that see exactly what a person in their seat would.

A bot is any object with ``act(observation, legal) -> action``.  It is given
the seat's observation (never the state) and the legal actions, which a
person at the table would also know.  A search bot (``uses_worlds``) is also
given a ``Worlds`` (``parlour.bots.worlds``): states drawn from the deals
consistent with its seat's view, never the true one.  ``random`` serves every
game; each game adds its own bots through its descriptor's ``bots`` mapping,
and every turn-based game has the search bots ``pimc`` and ``expert``
(``parlour.bots.search``).

The arrows run one way: this catalogue imports the search bots, and they
import only what stands below it (``parlour.bots.plain``: the random bot and
the game's own, which a search falls back on).
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from parlour.bots.plain import RandomBot, decide, default_bot, own_bot
from parlour.bots.search import SEARCH_BOTS, make_search_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError

__all__ = ["Bot", "RandomBot", "bot_catalogue", "bot_names", "decide", "default_bot", "make_bot", "own_bot",
           "replay_with_bots"]


class Bot(Protocol):
    """``act(observation, legal)``; a bot whose ``reads_observation`` is false is given None instead of its view."""

    def act(self, observation: dict[str, Any], legal: Sequence[str]) -> str: ...


RANDOM_NOTE = "Plays any legal move, chosen at random: the weakest opponent"
RANDOM_TITLE = "Beginner"
#: the plain names of the search bots (``parlour.bots.search.SEARCH_BOTS``); their methods are in their notes
SEARCH_TITLES = {"pimc": "Card counter", "expert": "Expert"}


def bot_names(game: GameDescriptor) -> list[str]:
    """The game's bots, weakest first: the random one, the game's own, then the search bots, unless the
    arena has ranked them otherwise for this game (``GameDescriptor.bot_order``)."""
    usual = ["random", *game.bots, *([] if game.real_time else SEARCH_BOTS)]
    if game.bot_order:
        if sorted(game.bot_order) != sorted(usual):
            raise ParlourError(f"{game.id}: bot_order must list each of {', '.join(usual)} once")
        return list(game.bot_order)
    return usual


def bot_catalogue(game: GameDescriptor) -> list[dict[str, str]]:
    """Each bot with a plain name (``title``) and a line about it, weakest first (for menus and ``parlour games``)."""
    # (a game's own line for a bot comes last: where the arena ranks a search bot below the game's own, its usual
    # "Strong" would contradict its place in the list)
    notes = {"random": RANDOM_NOTE, **{name: note for name, (_, note) in SEARCH_BOTS.items()}, **game.bot_notes}
    titles = {"random": RANDOM_TITLE, **SEARCH_TITLES, **game.bot_titles}
    return [{"name": name, "title": titles.get(name, name.capitalize()), "description": notes.get(name, "")}
            for name in bot_names(game)]


def make_bot(game: GameDescriptor, name: str, seat: int, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name; ``options`` go to a search bot (``iterations``, ``seconds``).

    A search bot's name may carry its budget, so that every command that takes
    bot names takes it too: ``expert:500`` thinks 500 iterations a decision
    (reproducible), ``expert:0.3s`` 0.3 seconds.
    """
    if name == "random":
        return RandomBot(seat, seed)
    base, _, budget = name.partition(":")
    if base in bot_names(game) and base not in game.bots:
        return make_search_bot(game, base, seat, seed, **options, **_budget(base, budget))
    factory = game.bots.get(name) or game.yardsticks.get(name)
    if factory is None:
        raise ParlourError(f"no bot called {name!r} for {game.title} (choose from: {', '.join(bot_names(game))})")
    return factory(seat, seed)


def _budget(name: str, text: str) -> dict[str, Any]:
    if not text:
        return {}
    try:
        if text.endswith("s"):
            seconds = float(text[:-1])
            if seconds > 0:
                return {"seconds": seconds}
        elif int(text) > 0:
            return {"iterations": int(text)}
    except ValueError:
        pass
    raise ParlourError(f"{name}:{text}: a budget is iterations ({name}:500) or seconds ({name}:0.5s)")


def replay_with_bots(state: Any, bots: dict[int, Bot], actions: Any) -> None:
    """Apply logged ``(seat, action)`` pairs, letting each bot decide again at its own turns.

    A bot's random stream then stands where it stood when the log was written,
    so a resumed or restarted game plays on exactly as the uninterrupted one would.
    """
    for seat, text in actions:
        if seat in bots and not getattr(bots[seat], "stateless", False):
            decide(bots[seat], state, seat)
        state.apply(seat, state.parse_action(text))
