"""Every turn-based Parlour game as an OpenSpiel game, its deal drawn at explicit chance nodes.

Importing this module registers ``python_parlour_football_whist``,
``python_parlour_squadron_scramble``, ``python_parlour_british_towns_asking``
and ``python_parlour_british_towns_sets``::

    import pyspiel
    import parlour.research.openspiel  # registers the games
    game = pyspiel.load_game("python_parlour_squadron_scramble", {"players": 3, "max_rounds": 2})

Parameters are ``players`` and the game's variant options (``parlour games``
lists them).  A player's action id is the action's place in the descriptor's
``action_space``; a chance outcome is one card (or the dealer's seat) drawn
from what is left of the deal, as ``Deal`` in the game's ``encoding.py``
describes.  The rules, legality included, are Parlour's own: this module
only translates.  Biggles is played in real time and has no OpenSpiel form.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from parlour.engine.errors import DealError
from parlour.engine.numbers import Deal, action_space_of, encoding_of
from parlour.games import GAMES, get_game

#: the games OpenSpiel gets: every game in which one seat acts at a time
TURN_BASED = tuple(game_id for game_id, game in GAMES.items() if not game.real_time)
#: seats a game is loaded with when ``players`` is not given (each game's new_state default)
DEFAULT_PLAYERS = {"football-whist": 4, "squadron-scramble": 2, "british-towns-asking": 4, "british-towns-sets": 2}
#: an upper bound on the actions of a game (Squadron Scramble and the asking game can run long)
MAX_GAME_LENGTH = {"football-whist": 200}


def short_name(game_id: str) -> str:
    """OpenSpiel's name for a Parlour game: ``python_parlour_`` and the id with underscores."""
    return "python_parlour_" + game_id.replace("-", "_")


def _game_type(game_id: str) -> pyspiel.GameType:
    descriptor = get_game(game_id)
    params = {"players": DEFAULT_PLAYERS[game_id]}
    params.update({option.name: option.default for option in descriptor.variants})
    # Partnerships win and lose together (+1, -1, +1, -1); elsewhere one winner takes +1 and
    # every other seat -1, and a shared win gives all 0, so the sum is not fixed.
    utility = (pyspiel.GameType.Utility.ZERO_SUM if descriptor.sides is not None
               else pyspiel.GameType.Utility.GENERAL_SUM)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Parlour {descriptor.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(descriptor.seat_counts),
        min_num_players=min(descriptor.seat_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class ParlourGame(pyspiel.Game):
    """One Parlour game at one table size and variant (a subclass per game sets ``game_id``)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None):
        game_id = self.game_id
        descriptor = get_game(game_id)
        params = dict(params or {})
        self.seats = descriptor.check_seats(int(params.pop("players", DEFAULT_PLAYERS[game_id])))
        self.variant = descriptor.variant(params)        # refuses unknown options and bad values
        self.space = action_space_of(descriptor, self.seats)
        self.encoding = encoding_of(descriptor, self.seats)
        if self.encoding.deal is None:
            raise ValueError(f"{descriptor.title} does not describe its deal as chance outcomes")
        self.deal: Deal = self.encoding.deal
        self.outcome_ids = {text: i for i, text in enumerate(self.deal.outcomes)}
        utility_sum = 0.0 if descriptor.sides is not None else None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=len(self.deal.outcomes),
            num_players=self.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=utility_sum,
            max_game_length=MAX_GAME_LENGTH.get(game_id, 100_000),
        )
        super().__init__(_game_type(game_id), info, {"players": self.seats, **self.variant})
        _games.setdefault((game_id, self.seats, json.dumps(self.variant, sort_keys=True)), self)

    def new_initial_state(self) -> "ParlourState":
        return ParlourState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ParlourObserver":
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return ParlourObserver(self, perfect_recall)


class ParlourState(pyspiel.State):
    """A Parlour state behind OpenSpiel's state API; ``parlour`` is the state itself once dealt."""

    def __init__(self, game: ParlourGame):
        super().__init__(game)
        self.game_id = game.game_id
        self.seats = game.seats
        self.variant = game.variant
        self.parlour: Any = None                       # until the deal is drawn
        self.draws: list[tuple[tuple[str, ...], int]] = [(tuple(items), n) for items, n in game.deal.first(game.seats)]
        self.drawn: list[list[str]] = [[]]
        self.pending: tuple[int, str] | None = None    # an action waiting for a shuffle

    def _kit(self) -> ParlourGame:
        return _games[(self.game_id, self.seats, json.dumps(self.variant, sort_keys=True))]

    # -- whose turn ----------------------------------------------------------
    def current_player(self) -> int:
        if self.parlour is None or self.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if self.parlour.is_over:
            return pyspiel.PlayerId.TERMINAL
        return next(iter(self.parlour.to_move))

    def _legal_actions(self, player: int) -> list[int]:
        return self.parlour.legal_action_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = Counter(self.draws[len(self.drawn) - 1][0]) - Counter(self.drawn[-1])
        total = sum(left.values())
        ids = self._kit().outcome_ids
        return sorted((ids[text], count / total) for text, count in left.items())

    # -- moves -------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        if self.current_player() == pyspiel.PlayerId.CHANCE:
            self._draw(self._kit().deal.outcomes[action])
        else:
            self._play(self.current_player(), self.parlour.action_text(action))

    def _draw(self, text: str) -> None:
        self.drawn[-1].append(text)
        if len(self.drawn[-1]) < self.draws[len(self.drawn) - 1][1]:
            return
        if len(self.drawn) < len(self.draws):
            self.drawn.append([])
            return
        kit = self._kit()
        orders, self.drawn = self.drawn, [[]]
        if self.parlour is None:
            descriptor = get_game(self.game_id)
            deal = kit.deal.build(self.seats, orders)
            self.parlour = descriptor.new_state(seats=self.seats, variant=self.variant, deal=deal)
        else:
            kit.deal.extend(self.parlour, orders)
            assert self.pending is not None, "a shuffle is drawn only for an action waiting on it"
            (seat, action), self.pending = self.pending, None
            self._play(seat, action)

    def _play(self, seat: int, action: str) -> None:
        try:
            self.parlour.apply(seat, action)
        except DealError:
            # A new round or a reshuffle: its cards are drawn at chance nodes, then the action goes ahead.
            self.draws = self._kit().deal.needed(self.parlour, seat, action)
            self.drawn = [[]]
            self.pending = (seat, action)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> "ParlourState":
        """A world ``player`` cannot tell from this one: Parlour's ``resample`` (what IS-MCTS searches)."""
        return resample(self, player, random.Random(int(probability_sampler() * 2**53)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal " + self._kit().deal.outcomes[action]
        return self._kit().space.text(action)

    # -- the end ------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.parlour is not None and self.pending is None and self.parlour.is_over

    def returns(self) -> list[float]:
        if self.parlour is None:
            return [0.0] * self.seats
        return list(self.parlour.returns())

    def __str__(self) -> str:
        if self.parlour is None:
            return f"dealing: {sum(map(len, self.drawn))} drawn"
        return json.dumps(self.parlour.observation(None), sort_keys=True)


def resample(state: ParlourState, player: int, rng: random.Random) -> ParlourState:
    """A copy of ``state`` whose hidden cards are redealt consistently with ``player``'s view.

    OpenSpiel's IS-MCTS takes it as its resampler (``bot.set_resampler(lambda s, p: resample(s, p, rng))``).
    """
    world = state.clone()
    if state.parlour is not None and state.pending is None:
        world.parlour = state.parlour.resample(player, rng)
    return world


class ParlourObserver:
    """OpenSpiel's observer: the game's observation tensor, or with perfect recall its information state."""

    def __init__(self, game: ParlourGame, perfect_recall: bool):
        encoding = game.encoding
        self.perfect_recall = perfect_recall
        self.layout = encoding.information_state_layout if perfect_recall else encoding.observation_layout
        self.make = encoding.information_state_tensor if perfect_recall else encoding.observation_tensor
        self.encoding = encoding
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views(self.tensor)

    def set_from(self, state: ParlourState, player: int) -> None:
        if state.parlour is None:
            self.tensor.fill(0.0)                      # nothing to see before the deal
            return
        self.tensor[:] = self.make(state.parlour.observation(player))

    def string_from(self, state: ParlourState, player: int) -> str:
        if state.parlour is None:
            return f"seat {player} dealing"
        obs = state.parlour.observation(player)
        if self.perfect_recall:
            return self.encoding.information_state_string(obs)
        return json.dumps({k: v for k, v in obs.items() if k != "history"}, sort_keys=True, separators=(",", ":"))


#: (game id, seats, variant as JSON) -> a loaded game, for states to find their translation tables
_games: dict[tuple[str, int, str], ParlourGame] = {}


#: game id -> its ParlourGame subclass, the factory OpenSpiel calls with the parameters.  A class, kept
#: here, because OpenSpiel's registry outlives the interpreter: a factory it alone held would be freed
#: after Python has shut down, and crash the process on exit.
GAME_CLASSES: dict[str, type[ParlourGame]] = {
    game_id: type(short_name(game_id).title().replace("_", ""), (ParlourGame,), {"game_id": game_id})
    for game_id in TURN_BASED
}


def register() -> None:
    """Register every turn-based Parlour game with OpenSpiel (once; importing this module does it)."""
    known = {g.short_name for g in pyspiel.registered_games()}
    for game_id, cls in GAME_CLASSES.items():
        if short_name(game_id) not in known:
            pyspiel.register_game(_game_type(game_id), cls)


register()
