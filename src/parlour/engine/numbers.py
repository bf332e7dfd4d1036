"""Numbers for learning agents: action ids, legal masks, and the tensor layouts games encode into.

Parlour's actions are text and its observations JSON; learning libraries want
integers and fixed-size arrays.  This module turns the one into the other
without knowing any game:

* ``ActionSpace``: a descriptor's ``action_space(seats)`` in its fixed order;
  an action's id is its index there, so ids are stable as long as that
  order is (each game documents it in ``docs/research.md``).
  ``relative_action_id`` and ``absolute_action_id`` give an id in a
  viewer's frame and back, for the actions that name a seat.
* ``Layout``: the named slices of one flat ``float32`` tensor, which a game's
  ``encoding.py`` fills and ``docs/research.md`` documents slice by slice.
* ``Encoding``: what each game's ``encoding.py`` provides, built from a seat's
  observation only (never the state), so the tensors can hide nothing less
  than the observation does.

NumPy is imported inside the functions that return arrays, so the commands
that never ask for a tensor (most of ``parlour``) do not pay for loading it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from parlour.engine.errors import ActionSyntaxError

#: (game id, rules version, seats) -> ActionSpace
_SPACES: dict[tuple[str, str, int], "ActionSpace"] = {}
#: (game id, rules version, seats, viewer) -> each absolute id's relative id, and the inverse
_RELATIVE: dict[tuple[str, str, int, int], tuple[int, ...]] = {}
_ABSOLUTE: dict[tuple[str, str, int, int], tuple[int, ...]] = {}
#: (module path, seats) -> Encoding
_ENCODINGS: dict[tuple[str, int], "Encoding"] = {}


class ActionSpace:
    """A game's actions for one table size, numbered by their place in ``action_space(seats)``."""

    def __init__(self, texts: Sequence[str]):
        self.texts: tuple[str, ...] = tuple(texts)
        self.ids: dict[str, int] = {text: i for i, text in enumerate(self.texts)}
        if len(self.ids) != len(self.texts):
            raise ValueError("an action space lists each action once")

    @property
    def size(self) -> int:
        return len(self.texts)

    def id(self, text: str) -> int:
        try:
            return self.ids[text]
        except (KeyError, TypeError):
            raise ActionSyntaxError(f"{text!r} is not in this game's action space") from None

    def text(self, action_id: int) -> str:
        if type(action_id) is not int:
            try:
                action_id = int(action_id)        # NumPy integers, from a sampled mask
            except (TypeError, ValueError):
                raise ActionSyntaxError(f"an action id is a whole number, not {action_id!r}") from None
        if not 0 <= action_id < len(self.texts):
            raise ActionSyntaxError(f"action id {action_id} is outside 0-{len(self.texts) - 1}")
        return self.texts[action_id]

    def mask(self, legal: Iterable[str]) -> Any:
        """A NumPy bool array, True at the id of each action in ``legal``."""
        import numpy as np

        out = np.zeros(len(self.texts), dtype=bool)
        ids = self.ids
        for text in legal:
            out[ids[text]] = True
        return out


def action_space_of(game: Any, seats: int) -> ActionSpace:
    """The (cached) numbered action space of ``game`` at a table of ``seats``."""
    key = (game.id, game.rules_version, seats)
    space = _SPACES.get(key)
    if space is None:
        if game.action_space is None:
            raise ValueError(f"{game.title} declares no action space")
        space = _SPACES[key] = ActionSpace(game.action_space(game.check_seats(seats)))
    return space


def relative_ids(game: Any, seats: int, viewer: int) -> tuple[int, ...]:
    """``relative_ids(...)[absolute id]``: each action's id in ``viewer``'s frame (cached).

    The tensors count seats round the table from the viewer, but an action
    that names a seat (the asking game's ``ask P3 DOVER``) names it
    absolutely, so the same decision has a different id in every chair.  In
    the viewer's frame an action names seats as the tensors do: relative
    ``ask P2 DOVER`` asks the player on the viewer's left (relative seat 1),
    whatever his chair, and relative ``P1`` is the viewer himself.  The
    mapping is a permutation of the ids, the identity for the viewer in
    seat 0 and for every action that names no seat (every id of a game
    whose descriptor has no ``rotate_action``).
    """
    key = (game.id, game.rules_version, seats, viewer % seats)
    ids = _RELATIVE.get(key)
    if ids is None:
        space = action_space_of(game, seats)
        if game.rotate_action is None or viewer % seats == 0:
            ids = tuple(range(space.size))
        else:
            ids = tuple(space.id(game.rotate_action(text, seats, viewer % seats)) for text in space.texts)
            if sorted(ids) != list(range(space.size)):
                raise ValueError(f"{game.title}: rotate_action does not permute the action space")
        _RELATIVE[key] = ids
        inverse = [0] * len(ids)
        for absolute, relative in enumerate(ids):
            inverse[relative] = absolute
        _ABSOLUTE[key] = tuple(inverse)
    return ids


def absolute_ids(game: Any, seats: int, viewer: int) -> tuple[int, ...]:
    """``absolute_ids(...)[relative id]``: the inverse of :func:`relative_ids`."""
    relative_ids(game, seats, viewer)
    return _ABSOLUTE[(game.id, game.rules_version, seats, viewer % seats)]


def relative_action_id(game: Any, seats: int, viewer: int, action_id: Any) -> int:
    """The id of absolute action ``action_id`` in ``viewer``'s frame (see :func:`relative_ids`)."""
    return relative_ids(game, seats, viewer)[_checked(game, seats, action_id)]


def absolute_action_id(game: Any, seats: int, viewer: int, action_id: Any) -> int:
    """The absolute id of the action ``viewer`` names ``action_id`` in his own frame."""
    return absolute_ids(game, seats, viewer)[_checked(game, seats, action_id)]


def relative_mask(game: Any, seats: int, viewer: int, mask: Any) -> Any:
    """An absolute legal mask (any dtype) as ``viewer`` sees it: ``out[relative id] = mask[absolute id]``."""
    if game.rotate_action is None:
        return mask
    return mask[list(absolute_ids(game, seats, viewer))]


def _checked(game: Any, seats: int, action_id: Any) -> int:
    """``action_id`` as a plain int within the space, or the space's own refusal."""
    space = action_space_of(game, seats)
    return space.id(space.text(action_id))


@dataclass(frozen=True)
class Piece:
    """One named slice of a tensor: where it starts, its shape, and what it holds."""

    name: str
    start: int
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        out = 1
        for n in self.shape:
            out *= n
        return out

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The named slices of one flat ``float32`` tensor, in order.

    ``Layout(("hand", 44, "cards held"), ("trick", (4, 44), "..."))``; a
    game's encoding writes at ``layout["hand"]`` (the start offset), and
    ``views(tensor)`` gives each slice in its shape (OpenSpiel's observer dict).
    """

    def __init__(self, *pieces: tuple[str, int | tuple[int, ...], str]):
        self.pieces: list[Piece] = []
        start = 0
        for name, shape, doc in pieces:
            piece = Piece(name, start, (shape,) if isinstance(shape, int) else tuple(shape), doc)
            self.pieces.append(piece)
            start = piece.stop
        self.size = start
        self.offsets: dict[str, int] = {p.name: p.start for p in self.pieces}
        if len(self.offsets) != len(self.pieces):
            raise ValueError("slice names in a layout must differ")

    def __getitem__(self, name: str) -> int:
        return self.offsets[name]

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def zeros(self) -> Any:
        import numpy as np

        return np.zeros(self.size, dtype=np.float32)

    def views(self, tensor: Any) -> dict[str, Any]:
        return {p.name: tensor[p.start:p.stop].reshape(p.shape) for p in self.pieces}

    def markdown(self) -> str:
        """The slices as the Markdown table ``docs/research.md`` prints (a test keeps the two equal)."""
        lines = ["| slice | indices | shape | what it holds |", "|---|---|---|---|"]
        for p in self.pieces:
            shape = " x ".join(map(str, p.shape))
            lines.append(f"| `{p.name}` | {p.start}-{p.stop - 1} | {shape} | {p.doc} |")
        return "\n".join(lines)


def hot(tensor: Any, start: int, index: int | None, width: int) -> None:
    """One-hot: set ``tensor[start + index]``; an index of None (or past the width) sets nothing."""
    if index is not None and 0 <= index < width:
        tensor[start + index] = 1.0


def cards_hot(tensor: Any, start: int, texts: Iterable[str], index: dict[str, int]) -> None:
    """Multi-hot: set ``tensor[start + index[text]]`` for each card text."""
    for text in texts:
        tensor[start + index[text]] = 1.0


def by_seat(tensor: Any, start: int, values: Sequence[float], viewer: int, scale: float = 1.0) -> None:
    """``values[seat] / scale`` (within [-1, 1]) at each seat's place counted round the table from the viewer."""
    n = len(values)
    for seat, value in enumerate(values):
        tensor[start + (seat - viewer) % n] = capped(value, scale)


def capped(value: float, cap: float) -> float:
    """``value / cap`` held within [-1, 1]: a count or score on the tensors' common scale."""
    x = value / cap
    return 1.0 if x > 1.0 else -1.0 if x < -1.0 else x


class Encoding:
    """A game's fixed-size tensors and information-state string for one table size.

    Subclasses set ``observation_layout`` and ``information_state_layout``
    (whose first slices are the observation's) and write ``fill_now`` (what
    the seat sees now) and ``fill_seen`` (the rest of what it has seen), from
    a seat's observation (the JSON ``state.observation(seat)`` gives).  Every
    value lies in [-1, 1].
    """

    observation_layout: Layout
    information_state_layout: Layout
    #: the deal as chance outcomes, for a turn-based game (OpenSpiel's adapter draws it)
    deal: "Deal | None" = None

    def __init__(self, seats: int):
        self.seats = seats

    def fill_now(self, obs: dict[str, Any], t: Any, at: Layout) -> int:
        """Write the observation's slices of ``t`` (laid out by ``at``); returns the viewer's seat."""
        raise NotImplementedError

    def fill_seen(self, obs: dict[str, Any], t: Any, at: Layout, viewer: int) -> None:
        """Write the information state's further slices of ``t``."""
        raise NotImplementedError

    def observation_tensor(self, obs: dict[str, Any]) -> Any:
        t = self.observation_layout.zeros()
        self.fill_now(obs, t, self.observation_layout)
        return t

    def information_state_tensor(self, obs: dict[str, Any]) -> Any:
        at = self.information_state_layout
        t = at.zeros()
        self.fill_seen(obs, t, at, self.fill_now(obs, t, at))
        return t

    def information_state_string(self, obs: dict[str, Any]) -> str:
        """The seat, its hand, and every public action so far: all a seat has seen, cheaply.

        Games whose observations carry the whole public history (all of
        Parlour's) need nothing more; one whose seat sees private cards come
        and go (a stock draw) can add what the history lacks.
        """
        hand = obs.get("hand")
        head = f"seat {obs['seat']}" + ("" if hand is None else " hand " + " ".join(hand))
        return head + " | " + " ".join([f"{s}:{a}" for s, a in obs["history"]])

    def relative(self, seat: int, viewer: int) -> int:
        """``seat`` counted round the table from the viewer (0: the viewer, 1: on his left...)."""
        return (seat - viewer) % self.seats


def encoding_of(game: Any, seats: int) -> Encoding:
    """The (cached) encoding of ``game`` at ``seats``: ``"package.module"`` (its ``encoding``) or ``"module:name"``."""
    path = getattr(game, "encoding", "")
    if not path:
        raise ValueError(f"{game.title} has no tensor encoding")
    key = (path, seats)
    encoding = _ENCODINGS.get(key)
    if encoding is None:
        module, _, name = path.partition(":")
        make = getattr(importlib.import_module(module), name or "encoding")
        encoding = _ENCODINGS[key] = make(game.check_seats(seats))
    return encoding


def seat_labels(seats: int) -> tuple[str, ...]:
    """The chance outcomes of a draw for a seat (the dealer): ``"seat 0"``, ``"seat 1"``..."""
    return tuple(f"seat {s}" for s in range(seats))


def deal_round(order: Sequence[str], seats: int, dealer: int) -> list[list[str]]:
    """Cards dealt one at a time, starting on the dealer's left (as Parlour's dealers do)."""
    hands: list[list[str]] = [[] for _ in range(seats)]
    for i, card in enumerate(order):
        hands[(dealer + 1 + i) % seats].append(card)
    return hands


@dataclass(frozen=True)
class Deal:
    """A game's chance as numbers: its deal drawn one item at a time (OpenSpiel's explicit chance nodes).

    ``first(seats)`` lists the draws made before play, each ``(items,
    count)``: ``count`` items drawn one by one from the multiset ``items``
    (card texts, or ``seat_labels`` for the dealer: one of them);
    ``build(seats, orders)`` turns the orders drawn into the game's own deal
    (the record form in ``docs/records.md``).  A game that shuffles again
    during play names the deal entry that grows (``grows``): an action that
    needs a shuffle the deal lacks is refused with a ``DealError`` and
    changes nothing, and ``needed`` finds which cards that shuffle holds.
    """

    outcomes: tuple[str, ...]
    first: Any
    build: Any
    grows: str = ""

    def needed(self, state: Any, seat: int, action: str) -> list[tuple[tuple[str, ...], int]]:
        """The draws (every card of each shuffle) ``action`` needs, found by applying it to a copy given a seed."""
        probe = state.clone()
        probe.seed = 0
        before = len(state.deal[self.grows])
        probe.apply(seat, action)
        return [(tuple(sorted(order)), len(order)) for order in probe.deal[self.grows][before:]]

    def extend(self, state: Any, orders: list[list[str]]) -> None:
        """Give the state the shuffles drawn for it, before the action that needed them is applied again."""
        state.deal[self.grows].extend(list(order) for order in orders)
