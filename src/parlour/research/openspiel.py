"""Every turn-based Parlour game as an OpenSpiel game, its deal drawn at explicit chance nodes.

Importing this module registers ``python_parlour_football_whist``,
``python_parlour_squadron_scramble``, ``python_parlour_british_towns_asking``
and ``python_parlour_british_towns_sets``::

    import pyspiel
    import parlour.research.openspiel  # registers the games
    game = pyspiel.load_game("python_parlour_squadron_scramble", {"players": 3, "max_rounds": 2})

Parameters are ``players``, the game's variant options (``parlour games``
lists them) and ``max_game_length``: the most decisions a game may take,
``parlour.engine.numbers.max_game_length`` by default (Football Whist's own
bound of 154; elsewhere the cap of 10,000), at which a game the rules have not
ended is cut off: terminal, every return 0, ``cut_off()`` true.  A player's
action id is the action's place in the descriptor's ``action_space``; a
chance outcome is one card (or the dealer's seat) drawn from what is left of
the deal, as ``Deal`` in the game's ``encoding.py`` describes.  Observers
(``ParlourObserver``) give the observation, the perfect-recall information
state, the information-state summary by name, and public information only.
The rules, legality included, are Parlour's own: this module only
translates.  Biggles is played in real time and has no OpenSpiel form.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from parlour.engine.errors import DealError
from parlour.engine.numbers import Deal, action_space_of, encoding_of, is_cut_off, max_game_length
from parlour.games import GAMES, get_game

#: the games OpenSpiel gets: every game in which one seat acts at a time
TURN_BASED = tuple(game_id for game_id, game in GAMES.items() if not game.real_time)
#: seats a game is loaded with when ``players`` is not given (each game's new_state default)
DEFAULT_PLAYERS = {"football-whist": 4, "squadron-scramble": 2, "british-towns-asking": 4, "british-towns-sets": 2}
#: the tensors an observer may give (``make_py_observer(..., params={"tensor": ...})``): the observation tensor,
#: the information-state summary (lossy), and the perfect-recall tensor (the default with perfect recall)
TENSORS = ("observation", "summary", "perfect_recall")


def short_name(game_id: str) -> str:
    """OpenSpiel's name for a Parlour game: ``python_parlour_`` and the id with underscores."""
    return "python_parlour_" + game_id.replace("-", "_")


def _game_type(game_id: str) -> pyspiel.GameType:
    descriptor = get_game(game_id)
    params: dict[str, Any] = {"players": DEFAULT_PLAYERS[game_id]}
    params.update({option.name: option.default for option in descriptor.variants})
    params["max_game_length"] = max_game_length(descriptor, DEFAULT_PLAYERS[game_id])
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
        cap = params.pop("max_game_length", None)
        self.variant = descriptor.variant(params)        # refuses unknown options and bad values
        #: the most decisions a game takes: where the rules have not ended it by then, it is cut off
        self.max_length = max_game_length(descriptor, self.seats, self.variant, cap=None if cap is None else int(cap))
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
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(game_id), info,
                         {"players": self.seats, **self.variant, "max_game_length": self.max_length})
        _games.setdefault(_key(game_id, self.seats, self.variant, self.max_length), self)

    def new_initial_state(self) -> "ParlourState":
        return ParlourState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ParlourObserver":
        return ParlourObserver(self, iig_obs_type, params)


class _Held:
    """The Parlour state a ``ParlourState`` holds: OpenSpiel copies a Python state with ``copy.deepcopy``, and
    this makes that copy the Parlour state's own ``clone`` (which shares what never changes) rather than a
    copy of every object in it: cloning took most of a long game's time in ``random_sim_test``."""

    __slots__ = ("state",)

    def __init__(self, state: Any):
        self.state = state

    def __deepcopy__(self, memo: Any) -> "_Held":
        return _Held(None if self.state is None else self.state.clone())


class ParlourState(pyspiel.State):
    """A Parlour state behind OpenSpiel's state API; ``parlour`` is the state itself once dealt."""

    def __init__(self, game: ParlourGame):
        super().__init__(game)
        self.game_id = game.game_id
        self.seats = game.seats
        self.variant = game.variant
        self.max_length = game.max_length
        self._held = _Held(None)                        # the Parlour state, once dealt
        #: (decisions read, their seats and action ids, their text): the history as the perfect-recall tensor and
        #: the information-state string give it, read on as it grows (``history_read``)
        self._read: tuple[int, Any, Any, str] | None = None
        self.draws: list[tuple[tuple[str, ...], int]] = [(tuple(items), n) for items, n in game.deal.first(game.seats)]
        self.drawn: list[list[str]] = [[]]
        self.pending: tuple[int, str] | None = None    # an action waiting for a shuffle

    @property
    def parlour(self) -> Any:
        """The Parlour state itself (None until the deal is drawn)."""
        return self._held.state

    @parlour.setter
    def parlour(self, state: Any) -> None:
        self._held = _Held(state)

    def _kit(self) -> ParlourGame:
        return _games[_key(self.game_id, self.seats, self.variant, self.max_length)]

    # -- whose turn ----------------------------------------------------------
    def current_player(self) -> int:
        if self.parlour is None or self.pending is not None:
            return pyspiel.PlayerId.CHANCE
        if self.parlour.is_over or self.cut_off():
            return pyspiel.PlayerId.TERMINAL
        return next(iter(self.parlour.to_move))

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.cut_off() else self.parlour.legal_action_ids(player)

    def history_read(self) -> tuple[Any, str]:
        """The decisions so far as the encoding's ``history_tokens`` and ``history_text``, read on from the
        last call: so an observer's cost a step stays flat as the game grows (copies of arrays and text aside)."""
        history = self.parlour.history
        read = self._read
        if read is None or read[0] > len(history):
            encoding = self._kit().encoding
            read = (0, *encoding.history_tokens(()), "")
        if read[0] < len(history):
            encoding = self._kit().encoding
            new = history[read[0]:]
            actors, ids = encoding.history_tokens(new)
            text = encoding.history_text(new)
            read = self._read = (len(history), np.concatenate([read[1], actors]), np.concatenate([read[2], ids]),
                                 read[3] + " " + text if read[3] else text)
        return (read[1], read[2]), read[3]

    def cut_off(self) -> bool:
        """Whether the game reached ``max_game_length`` decisions before its rules ended it: then it is over,
        every return 0, and ``parlour.result()["finished"]`` is false."""
        return self.parlour is not None and self.pending is None and is_cut_off(self.parlour, self.max_length)

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
        return self.parlour is not None and self.pending is None and (self.parlour.is_over or self.cut_off())

    def returns(self) -> list[float]:
        if self.parlour is None or not self.parlour.is_over:
            return [0.0] * self.seats             # unfinished, or cut off: a draw
        return list(self.parlour.returns())

    def __str__(self) -> str:
        if self.parlour is None:
            return f"dealing: {sum(map(len, self.drawn))} drawn"
        # The public table (as the tensors see it, without the logs of the whole game: OpenSpiel's history has
        # every action), and how many decisions have been made.
        table = self.parlour.tensor_view(None)
        table["decisions"] = len(self.parlour.history)
        return ("cut off: " if self.cut_off() else "") + json.dumps(table, sort_keys=True)


def resample(state: ParlourState, player: int, rng: random.Random) -> ParlourState:
    """A copy of ``state`` whose hidden cards are redealt consistently with ``player``'s view.

    OpenSpiel's IS-MCTS takes it as its resampler (``bot.set_resampler(lambda s, p: resample(s, p, rng))``).
    """
    world = state.clone()
    if state.parlour is not None and state.pending is None:
        world.parlour = state.parlour.resample(player, rng)
    return world


class ParlourObserver:
    """OpenSpiel's observer: what a seat sees now, or with perfect recall everything it has seen.

    ``iig_obs_type`` (OpenSpiel's ``IIGObservationType``; None: the observation)
    chooses: with ``perfect_recall`` the tensor is the perfect-recall tensor
    (the information-state summary, then every decision so far, sized by
    ``max_game_length``: two histories the seat can tell apart never share
    it) and the string the information-state string; without, the
    observation tensor and the view as JSON, its history left out.  With
    ``private_info=PrivateInfoType.NONE`` it is public information only: made
    from a spectator's view set in the seat's chair, with no card of the
    seat's own.  ``params={"tensor": "summary"}`` gives the information-state
    summary instead (lossy, so not with perfect recall), and
    ``{"tensor": "perfect_recall"}`` the perfect-recall tensor without it.
    Public information always comes with a seat's view, and another seat's
    private cards never: other requests are refused.
    """

    def __init__(self, game: ParlourGame, iig_obs_type: Any = None, params: Any = None):
        params = dict(params or {})
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("Parlour's observers always give the public information (public_info=True)")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("Parlour's observers give one seat's private cards or none, never every seat's")
        tensor = params.pop("tensor", "perfect_recall" if perfect_recall else "observation")
        if params:
            raise ValueError(f"unknown observer parameters {sorted(params)}: the one there is is 'tensor'")
        if tensor not in TENSORS:
            raise ValueError(f"an observer's tensor is one of {', '.join(TENSORS)}, not {tensor!r}")
        if perfect_recall and tensor != "perfect_recall":
            raise ValueError(f"the {tensor} tensor forgets: only the perfect_recall tensor is perfect recall")
        encoding = game.encoding
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.kind = tensor
        self.max_length = game.max_length
        self.layout = {"observation": encoding.observation_layout, "summary": encoding.information_state_layout,
                       "perfect_recall": encoding.perfect_recall_layout(game.max_length)}[tensor]
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views(self.tensor)

    def _view(self, state: ParlourState, player: int, whole: bool) -> dict[str, Any]:
        """The seat's view (``whole``: its recall view, its history left out, else its tensor view), or the
        public one."""
        parlour = state.parlour
        if self.public_only:
            spectator = parlour.recall_view(None, history=False) if whole else parlour.tensor_view(None)
            return self.encoding.public(spectator, player)
        return parlour.recall_view(player, history=False) if whole else parlour.tensor_view(player)

    def set_from(self, state: ParlourState, player: int) -> None:
        if state.parlour is None:
            self.tensor.fill(0.0)                      # nothing to see before the deal
            return
        encoding = self.encoding
        if self.kind == "perfect_recall":
            tokens, _ = state.history_read()
            self.tensor[:] = encoding.perfect_recall_tensor(self._view(state, player, True), self.max_length, tokens)
        elif self.kind == "summary":
            self.tensor[:] = encoding.information_state_tensor(self._view(state, player, False))
        else:
            self.tensor[:] = encoding.observation_tensor(self._view(state, player, False))

    def string_from(self, state: ParlourState, player: int) -> str:
        if state.parlour is None:
            return f"seat {player} dealing"
        if self.perfect_recall:
            obs = self._view(state, player, True)
            _, history = state.history_read()
            if self.public_only:
                return self.encoding.public_information_state_string(obs, history)
            return self.encoding.information_state_string(obs, history)
        # What the seat sees now: the view the tensors read, which leaves out the logs of the whole game (and,
        # public information only, every key of the seat's own).
        view = self._view(state, player, False)
        if self.public_only:
            view = {k: v for k, v in view.items() if k not in self.encoding.private_keys}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _key(game_id: str, seats: int, variant: dict[str, Any], max_length: int) -> tuple[str, int, str, int]:
    return game_id, seats, json.dumps(variant, sort_keys=True), max_length


#: (game id, seats, variant as JSON, max_game_length) -> a loaded game, for states to find their translation tables
_games: dict[tuple[str, int, str, int], ParlourGame] = {}


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
