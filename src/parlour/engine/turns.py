"""Plumbing shared by the games in which one seat acts at a time.

A game built on ``TurnState`` keeps a ``phase`` (a string; ``"over"`` ends
the game) and a ``turn`` (the seat to act).  It names its actions ``verb
rest`` and writes one ``_apply_<verb>(seat, rest)`` per verb and one
``_legal_now(seat)``; this class caches the legal actions, refuses views of
seats that do not exist, and builds the snapshot and the learning returns.
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from parlour.engine.cardlists import offered
from parlour.engine.errors import DealError, IllegalAction
from parlour.engine.state import State, restore
from parlour.engine.words import not_your_turn

OVER: Final = "over"
NOBODY: Final[frozenset[int]] = frozenset()
#: ``to_move`` for each seat, built once (a frozenset per call was a measurable cost of every decision)
ONE_SEAT: Final[tuple[frozenset[int], ...]] = tuple(frozenset({seat}) for seat in range(64))


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnState(State):
    phase: str
    turn: int
    hands: list[list[int]]
    _legal: tuple[str, ...] | None
    #: a card int -> its text, for the snapshot
    card_text: tuple[str, ...] = ()
    #: per game class: action text -> (its ``_apply_<verb>`` function, the text after the verb), filled in
    #: as actions come (``_apply``)
    _steps: ClassVar[dict[str, tuple[Any, str]]] = {}

    @property
    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return NOBODY
        turn = self.turn
        return ONE_SEAT[turn] if turn < 64 else frozenset({turn})

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: Any) -> tuple[str, ...]:
        if seat != self.turn or self.phase == OVER:
            return ()
        if self._legal is None:
            self._legal = self._legal_now(seat)
        return self._legal

    @abstractmethod
    def _legal_now(self, seat: int) -> tuple[str, ...]:
        """The legal actions of the seat to act (called once per position)."""

    def apply(self, seat: Any, action: Any) -> None:
        """``State.apply``, reading the cached legal actions of the seat to act directly (the hot path)."""
        legal = self._legal
        if legal is None or seat != self.turn or type(seat) is not int:
            if type(seat) is not int:
                raise IllegalAction(f"a seat is a whole number, not {seat!r}", seat=None, action=None)
            legal = self.legal_actions(seat)
        if not offered(legal, action):
            raise IllegalAction(self.explain_illegal(seat, action), seat=seat, action=action)
        self._apply(seat, action)
        if self._history_shared:
            self._own_history()
        self.history.append((seat, action))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._steps = {}

    def _apply(self, seat: int, action: str) -> None:
        self._legal = None
        if self._history_shared:
            self._own_history()        # before any change: a game may keep more logs than the history
        decoded = self._steps.get(action)
        if decoded is None:
            verb, _, rest = action.partition(" ")
            decoded = self._steps[action] = getattr(type(self), "_apply_" + verb), rest
        step, rest = decoded
        if self._chance_may_run_out():
            # A hand-written deal may lack a later shuffle: refuse the action whole, not half-done.
            # The clone shares the logs that only grow (State._history_shared): take this state's own
            # copies first, or the half-done action would write into the backup's too.
            backup = self.clone()
            self._own_history()
            try:
                step(self, seat, rest)
            except DealError:
                restore(self, backup)
                raise
            return
        step(self, seat, rest)

    def _chance_may_run_out(self) -> bool:
        """Whether an action might need a shuffle the deal lacks, or holds wrongly."""
        return False

    def _check_resampler(self, seat: Any) -> None:
        if seat is None:
            raise ValueError("resample needs the seat whose view is kept")
        self.check_viewer(seat)


    #: shown to someone who passes something other than text as an action
    example_action = "..."

    def explain_illegal(self, seat: Any, action: Any) -> str:
        """Why an action is refused: the faults every turn-by-turn game shares, then the game's own.

        Every refusal is a sentence for the player (``parlour.engine.errors``): what is wrong, then what
        he may do instead, in the game's words, never its notation, and from what his seat can see.
        """
        if self.phase == OVER:
            return "The game is over: there are no more moves to make."
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            return f"There is no seat {seat!r} at this table: the seats are 0 to {self.num_seats - 1}."
        if not isinstance(action, str):
            return f"A move is given as text, such as {self.example_action!r}, not {action!r}."
        if seat != self.turn:
            return not_your_turn(seat, self.turn, self.num_seats)
        return self._explain(seat, action)

    @abstractmethod
    def _explain(self, seat: Any, action: Any) -> str:
        """Why this game's rules refuse ``action`` from the seat whose turn it is."""

    def observation(self, seat: Any) -> dict[str, Any]:
        """What ``seat`` sees: the public table, and its own hand; a spectator (``None``) sees no hand.

        Visibility follows ownership: the hand goes to the seat that holds it,
        whatever the phase of play.
        """
        self.check_viewer(seat)
        return self._view(seat, self._public_view(), None if seat is None else self._own_view(seat))

    def tensor_view(self, seat: Any) -> dict[str, Any]:
        """``State.tensor_view``: the view built from ``_tensor_public_view`` and ``_tensor_own_view``."""
        self.check_viewer(seat)
        return self._view(seat, self._tensor_public_view(), None if seat is None else self._tensor_own_view(seat))

    def recall_view(self, seat: Any, history: bool = True) -> dict[str, Any]:
        """``State.recall_view``: the tensor view, the seat's whole own view, and the history."""
        view = self.tensor_view(seat)
        if seat is not None:
            view.update(self._own_view(seat))
        if history:
            view["history"] = tuple(self.history)
        return view

    def _view(self, seat: Any, public: dict[str, Any], own: dict[str, Any] | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "game": self.game.id,
            "seat": seat,
            "seat_names": list(self.game.seat_names(self.num_seats)),
            "phase": self.phase,
            "to_move": sorted(self.to_move),
            **public,
        }
        if seat is not None:
            obs["hand"] = [self.card_text[c] for c in self.hands[seat]]
            if own:
                obs.update(own)
        return obs

    def _own_view(self, seat: int) -> dict[str, Any]:
        """What only ``seat`` saw besides its hand, such as the cards it drew (none by default)."""
        return {}

    @abstractmethod
    def _public_view(self) -> dict[str, Any]:
        """Everything on the table that every player, and a spectator, can see."""

    def _tensor_public_view(self) -> dict[str, Any]:
        """``_public_view`` as the tensors read it (``State.tensor_view``): a game with long logs overrides it."""
        return self._public_view()

    def _tensor_own_view(self, seat: int) -> dict[str, Any]:
        """``_own_view`` as the tensors read it."""
        return self._own_view(seat)

    def check_viewer(self, seat: Any) -> None:
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.num_seats):
            raise ValueError(f"there is no seat {seat!r}: seats are 0 to {self.num_seats - 1}, or None for a spectator")

    def snapshot(self) -> dict[str, Any]:
        snap = self.observation(None)
        snap["hands"] = [[self.card_text[c] for c in hand] for hand in self.hands]
        snap["deal"] = copy.deepcopy(self.deal)
        snap["variant"] = dict(self.variant)
        snap.update(self._hidden_extras())
        return snap

    def _hidden_extras(self) -> dict[str, Any]:
        """Hidden parts beyond the hands (such as the stock) for the snapshot."""
        return {}

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for everyone else; 0 all round for a draw or an unfinished game."""
        winner = self.result()["winner"]
        if winner is None:
            return [0.0] * self.num_seats
        names = self.game.seat_names(self.num_seats)
        return [1.0 if names[s] == winner else -1.0 for s in range(self.num_seats)]
