"""The one state contract every game implements.

Modelled on OpenSpiel's ``State``: legal actions, apply, per-seat observation,
clone, and a serialisable history, plus a resample of hidden cards for search
bots.  Two choices differ from OpenSpiel:

* ``to_move`` is a *set* of seats, because Biggles lets both players act at
  once; a turn-based game simply returns a one-seat set.
* An action *is* its canonical text (``"play E7"``).  Text is hashable, small,
  readable in a record, and round-trips by construction; ``parse_action`` turns
  what a person typed into that canonical form or says why it cannot.

Subclasses write ``_apply`` (mutate, assuming legality) and ``legal_actions``;
``apply`` here enforces legality once, for every front end, and leaves the
state untouched when it refuses.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Final, TypeVar

from mypy_extensions import mypyc_attr

from parlour.engine.errors import IllegalAction, ParlourError
from parlour.engine.numbers import action_space_of, encoding_of, max_game_length
from parlour.engine.words import not_your_turn


# The engine's classes take interpreted subclasses even when compiled (docs/simulation.md, "The
# compiled form"): a researcher's own game, or a test's, subclasses them in plain Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    #: set by each game's State subclass
    game: ClassVar[Any] = None
    num_seats: int
    variant: dict[str, Any]
    seed: int | None
    _deal: Any
    history: list[tuple[int, str]]
    #: True while ``history`` is one list shared with a clone: whichever records an action next copies it
    #: first (``_own_history``), so a clone costs no copy of a long history and neither state ever sees
    #: the other's moves.  A clone sets it on both states; a game that keeps other logs growing with
    #: every action shares and copies them the same way (its ``_own_history``).
    _history_shared: bool = False

    @property
    def deal(self) -> Any:
        """The cards as dealt, as the game's record keeps them (docs/records.md).

        A property, so that a game may work its deal out only when it is read
        (the sets game's worlds do) in either build: a compiled class reads an
        attribute of its base directly, past any property a subclass puts there.
        """
        return self._deal

    @deal.setter
    def deal(self, deal: Any) -> None:
        self._deal = deal

    # -- whose turn, what may be done --------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """Seats that may act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: Any) -> tuple[str, ...]:
        """Canonical action texts ``seat`` may apply now (empty if not its turn)."""

    @abstractmethod
    def parse_action(self, text: Any) -> str:
        """Canonical form of ``text``; raises ``ActionSyntaxError`` if it is no action of this game."""

    def explain_illegal(self, seat: Any, action: Any) -> str:
        """Why ``action`` is refused, in words for the player.  Games override for detail."""
        movers = sorted(self.to_move)
        if seat not in movers:
            if type(seat) is int and 0 <= seat < self.num_seats and len(movers) == 1:
                return not_your_turn(seat, movers[0], self.num_seats)
            return "It is not your turn."
        return "That move is not allowed now: choose one of the moves on offer."

    # -- changing the state ---------------------------------------------------
    def apply(self, seat: Any, action: Any) -> None:
        """Apply ``action`` for ``seat``; an illegal one raises and changes nothing."""
        if type(seat) is not int:
            raise IllegalAction(f"a seat is a whole number, not {seat!r}", seat=None, action=None)
        if action not in self.legal_actions(seat):
            raise IllegalAction(self.explain_illegal(seat, action), seat=seat, action=action)
        self._apply(seat, action)
        if self._history_shared:
            self._own_history()
        self.history.append((seat, action))

    def _own_history(self) -> None:
        """Stop sharing the history (and a game's other such logs) with a clone: take a copy of its own.

        Called before the first change an action makes (``apply``; ``TurnState._apply``).
        """
        self.history = self.history[:]
        self._history_shared = False

    @abstractmethod
    def _apply(self, seat: int, action: str) -> None:
        """Mutate for a legal action; called only by ``apply``."""

    # -- what each seat sees -----------------------------------------------
    @abstractmethod
    def observation(self, seat: Any) -> dict[str, Any]:
        """JSON-able view of one seat (``None``: a spectator) holding only what it could see."""

    # -- the end ----------------------------------------------------------
    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """JSON-able scores and winner (meaningful once ``is_over``)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per-seat payoff for learning agents: +1 win, -1 loss, 0 draw or unfinished."""

    # -- copies -----------------------------------------------------------
    @abstractmethod
    def clone(self) -> "State":
        """An independent copy: applying to one never changes the other."""

    @abstractmethod
    def resample(self, seat: Any, rng: random.Random) -> "State":
        """A copy whose hidden cards are redealt consistently with ``seat``'s observation."""

    def _replayed_copy(self, seat: int, deal: Any, seed: int | None) -> "State | None":
        """The game replayed from another deal, if every action still holds and ``seat`` sees the same.

        Resamplers propose a deal that differs only in what ``seat`` cannot
        see; this replay is the proof that the proposal is a state the rules
        could have reached.
        """
        try:
            other = self.game.new_state(seats=self.num_seats, variant=self.variant, seed=seed, deal=deal)
            for s, action in self.history:
                other.apply(s, action)
        except ParlourError:
            return None
        return other if other.observation(seat) == self.observation(seat) else None

    # -- numbers for learning agents (parlour.engine.numbers; docs/research.md) --
    def action_id(self, text: Any) -> int:
        """The action's place in the descriptor's ``action_space(seats)``: a stable integer id."""
        return action_space_of(self.game, self.num_seats).id(text)

    def action_text(self, action_id: Any) -> str:
        return action_space_of(self.game, self.num_seats).text(action_id)

    def legal_action_ids(self, seat: Any) -> list[int]:
        """The ids of ``legal_actions(seat)``, in increasing order (OpenSpiel's convention)."""
        ids = action_space_of(self.game, self.num_seats).ids
        return sorted(ids[a] for a in self.legal_actions(seat))

    def legal_mask(self, seat: Any) -> Any:
        """A NumPy bool array over the action space, True where ``seat`` may act now."""
        return action_space_of(self.game, self.num_seats).mask(self.legal_actions(seat))

    def tensor_view(self, seat: Any) -> dict[str, Any]:
        """``observation(seat)`` as the tensors read it: its logs that grow all game long cut to what they need.

        A game whose view lists every action so far (most do) overrides this
        to leave those lists out, giving in their place the few counts and
        facts its encoding reads off them, kept up to date as actions come;
        so a tensor costs the same at the 40,000th decision as at the first
        (``bench/tensors.py``).  Each game's encoding makes the same tensors
        of either form (``check_numbers`` checks it at every step).
        """
        return self.observation(seat)

    def recall_view(self, seat: Any, history: bool = True) -> dict[str, Any]:
        """What the perfect-recall tensor and the information-state string read: the tensor view, the seat's
        own view, and (with ``history``) every decision so far as ``(seat, action)`` pairs (a tuple: no list of
        lists built for it).  Their encodings make the same of the whole observation."""
        view = self.tensor_view(seat)
        if history:
            view["history"] = tuple(self.history)
        return view

    def observation_tensor(self, seat: Any) -> Any:
        """What ``seat`` sees now, as a fixed-size float32 array built from its observation alone."""
        return encoding_of(self.game, self.num_seats).observation_tensor(self.tensor_view(self._viewer(seat)))

    def information_state_tensor(self, seat: Any) -> Any:
        """What ``seat`` has seen so far, summarised (its view and the public history that matters), fixed-size.

        A summary: two histories the seat can tell apart may give the same
        tensor (``perfect_recall_tensor`` never does).
        """
        return encoding_of(self.game, self.num_seats).information_state_tensor(self.tensor_view(self._viewer(seat)))

    def perfect_recall_tensor(self, seat: Any, length: int | None = None) -> Any:
        """Everything ``seat`` has seen: the summary, then every decision in order, for games of ``length`` decisions.

        ``length`` defaults to the game's ``max_game_length``; a game already
        longer is refused (``ValueError``).
        """
        limit = max_game_length(self.game, self.num_seats, self.variant) if length is None else length
        return encoding_of(self.game, self.num_seats).perfect_recall_tensor(self.recall_view(self._viewer(seat)), limit)

    def information_state_string(self, seat: Any) -> str:
        """A cheap text key for ``seat``'s information state (equal views, equal strings)."""
        return encoding_of(self.game, self.num_seats).information_state_string(self.recall_view(self._viewer(seat)))

    def _viewer(self, seat: Any) -> int:
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            raise ValueError(f"tensors are a seat's: seats are 0 to {self.num_seats - 1}, not {seat!r}")
        return seat

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state, hidden cards included, as JSON-able data (for tests and audits)."""


#: whether the engine runs compiled by mypyc (as the install builds it: parlour.compiled; docs/simulation.md).
#: The rules modules are built together, so then every game's state is a native class too.
COMPILED: Final[bool] = hasattr(State, "__mypyc_attrs__")

_S = TypeVar("_S")


def shallow_copy(obj: _S) -> _S:
    """A new instance of ``obj``'s class holding the same attributes: where each game's ``clone`` starts.

    In plain Python the instance's ``__dict__`` is copied whole, the quickest
    way.  A class compiled by mypyc keeps its attributes in native slots and
    has no ``__dict__``; there the class's own ``__getstate__`` and
    ``__setstate__`` (which mypyc writes) carry them across.  That is why no
    game state has an ``__init__``: a compiled class's ``__new__`` runs it.
    """
    cls = type(obj)
    new = cls.__new__(cls)
    if COMPILED:
        new.__setstate__(obj.__getstate__())  # type: ignore[attr-defined]
    else:
        new.__dict__ = obj.__dict__.copy()
    return new


def restore(obj: Any, backup: Any) -> None:
    """Put back into ``obj`` every attribute of ``backup`` (a ``shallow_copy`` or ``clone`` taken earlier)."""
    if COMPILED:
        obj.__setstate__(backup.__getstate__())
    else:
        obj.__dict__.update(backup.__dict__)
