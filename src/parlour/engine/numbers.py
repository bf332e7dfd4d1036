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
  than the observation does.  Besides the observation tensor and the
  information-state *summary* (``information_state_tensor``: what matters for
  play, of fixed size, but lossy), every encoding gives a perfect-recall
  tensor (``perfect_recall_tensor``): the summary, then every decision so far
  as tokens, sized by the game's longest game.
* ``max_game_length``: the most decisions one game can take, a bound the
  rules guarantee or the cap at which the research adapters cut a game off.

NumPy is imported inside the functions that return arrays, so the commands
that never ask for a tensor (most of ``parlour``) do not pay for loading it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

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


#: the cap on a game whose rules set no bound on its length: a game still going after this many decisions
#: is cut off there (a draw, marked as cut off) by the research adapters.  The sheets end Squadron Scramble
#: only at 250 points, the asking game only when every region is down and the sets game only when a hand
#: cannot be made up to seven, and players who go round in circles never get there (random Squadron Scramble
#: players at four seats never do).  Bots' games are far shorter: the longest of 16,666 four-seat Squadron
#: Scramble games between the club bots took 1,267 decisions, of 12,500 random sets games 1,471, and random
#: asking games at 43 seats take under 2,000 (docs/research.md, "How long a game is").
LENGTH_CAP = 10_000


def max_game_length(game: Any, seats: int, variant: Mapping[str, Any] | None = None, *,
                    cap: int | None = None) -> int:
    """The most decisions one game of ``game`` at ``seats`` can take: a true bound, for OpenSpiel and the rest.

    A game whose rules bound its length (the descriptor's ``max_decisions``:
    Football Whist's two halves of eleven tricks) gives that bound; any other
    gives ``cap`` (``LENGTH_CAP`` when not given), the decision at which the
    adapters cut it off (``is_cut_off``).  A ``cap`` below the rules' bound
    cuts that game off too.  OpenSpiel counts decisions only, not chance
    outcomes, and so does this: one decision is one entry of the state's
    ``history``.  Real-time games (Biggles) have no bound in decisions: their
    adapters count ticks of the clock.
    """
    if game.real_time:
        raise ValueError(f"{game.title} is played against the clock: its length is counted in ticks, not decisions")
    if cap is not None and (type(cap) is not int or cap < 1):
        raise ValueError(f"a cap on a game's length is a whole number of decisions, at least 1, not {cap!r}")
    bound: int | None = None
    if game.max_decisions is not None:
        bound = int(game.max_decisions(game.check_seats(seats), game.variant(variant)))
    if bound is None:
        return LENGTH_CAP if cap is None else cap
    return bound if cap is None else min(bound, cap)


def is_cut_off(state: Any, limit: int) -> bool:
    """Whether ``state`` has reached ``limit`` decisions unfinished: the adapters end it there, as a draw."""
    return not state.is_over and len(state.history) >= limit

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

    def markdown(self, first: str | None = None) -> str:
        """The slices as the Markdown table ``docs/research.md`` prints (a test keeps the two equal); from the
        slice named ``first`` on, if given (the perfect-recall tensor's own, after the summary's)."""
        lines = ["| slice | indices | shape | what it holds |", "|---|---|---|---|"]
        start = 0 if first is None else [p.name for p in self.pieces].index(first)
        for p in self.pieces[start:]:
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
    a seat's observation (the JSON ``state.observation(seat)`` gives) or its
    shorter form for tensors (``state.tensor_view(seat)``: the same, its
    ever-growing logs cut to what the tensors read).  Every value lies in
    [-1, 1].

    The information-state tensor is a *summary*: what matters for play, of a
    fixed size whatever the game's length, and so it forgets (the order of
    past actions, say).  ``perfect_recall_tensor`` forgets nothing: the
    summary, then what the seat saw privately and every decision so far, in
    order (``perfect_recall_layout``), sized by the game's longest game.
    """

    observation_layout: Layout
    information_state_layout: Layout
    #: the deal as chance outcomes, for a turn-based game (OpenSpiel's adapter draws it)
    deal: "Deal | None" = None
    #: the keys of a seat's view that it alone sees: a public view (``public``) holds none of them
    private_keys: tuple[str, ...] = ("hand",)
    #: the game's numbered actions at this table (``encoding_of`` sets it)
    space: "ActionSpace | None" = None

    def __init__(self, seats: int):
        self.seats = seats
        self._recall_layouts: dict[int, Layout] = {}

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

    # -- perfect recall ------------------------------------------------------------------------------
    def recall_pieces(self, length: int) -> tuple[tuple[str, Any, str], ...]:
        """Slices of what the seat saw privately that its view keeps and the summary forgets (none by default)."""
        return ()

    def fill_recall(self, obs: dict[str, Any], t: Any, at: Layout, viewer: int) -> None:
        """Write the ``recall_pieces`` slices."""

    def perfect_recall_layout(self, length: int) -> Layout:
        """The perfect-recall tensor's slices for games of at most ``length`` decisions (``max_game_length``)."""
        layout = self._recall_layouts.get(length)
        if layout is None:
            size = "the action space's size" if self.space is None else f"{self.space.size}"
            layout = self._recall_layouts[length] = Layout(
                *((p.name, p.shape, p.doc) for p in self.information_state_layout.pieces),
                *self.recall_pieces(length),
                ("history", (length, 2),
                 f"each decision so far, in order: who made it, (relative seat + 1) / seats, and its action id, "
                 f"(id + 1) / {size}; zero after the last"),
            )
        return layout

    def perfect_recall_tensor(self, obs: dict[str, Any], length: int, tokens: Any = None) -> Any:
        """What the seat has seen, all of it: equal tensors for two views only when their information states
        (``information_state_string``) are equal.  Read from the whole observation, or from the recall view
        (``state.recall_view``), which gives the same; ``tokens`` (``history_tokens`` of the history, which
        the view may then leave out) spares a caller that keeps them from reading the history again.
        """
        actors, ids = self.history_tokens(obs["history"]) if tokens is None else tokens
        if len(actors) > length:
            raise ValueError(f"a game of {len(actors)} decisions is longer than the {length} this tensor holds")
        at = self.perfect_recall_layout(length)
        t = at.zeros()
        me = self.fill_now(obs, t, at)
        self.fill_seen(obs, t, at, me)
        self.fill_recall(obs, t, at, me)
        if len(actors):
            assert self.space is not None, "encoding_of gives an encoding its action space"
            rows = t[at["history"]:at["history"] + 2 * len(actors)].reshape(-1, 2)
            rows[:, 0] = (actors - me) % self.seats + 1
            rows[:, 0] /= self.seats
            rows[:, 1] = ids + 1
            rows[:, 1] /= self.space.size
        return t

    def history_tokens(self, history: Sequence[Sequence[Any]]) -> tuple[Any, Any]:
        """The seat of each decision and its action id, as two NumPy integer arrays."""
        import numpy as np

        assert self.space is not None, "encoding_of gives an encoding its action space"
        ids = self.space.ids
        return (np.fromiter((s for s, _ in history), np.int64, len(history)),
                np.fromiter((ids[a] for _, a in history), np.int64, len(history)))

    # -- strings ---------------------------------------------------------------------------------------
    def information_state_string(self, obs: dict[str, Any], history: str | None = None) -> str:
        """The seat, its hand, and every public action so far: all a seat has seen, cheaply.

        Games whose observations carry the whole public history (all of
        Parlour's) need nothing more; one whose seat sees private cards come
        and go (a stock draw) can add what the history lacks.  ``history``
        (``history_text`` of the history, which the view may then leave out)
        spares a caller that keeps it from reading the history again.
        """
        hand = obs.get("hand")
        head = f"seat {obs['seat']}" + ("" if hand is None else " hand " + " ".join(hand))
        return head + " | " + (self.history_text(obs["history"]) if history is None else history)

    @staticmethod
    def history_text(history: Sequence[Sequence[Any]]) -> str:
        """The decisions as the information-state string lists them: ``seat:action``, one space between."""
        return " ".join([f"{s}:{a}" for s, a in history])

    # -- public information only ------------------------------------------------------------------------
    def public(self, spectator: dict[str, Any], seat: int) -> dict[str, Any]:
        """A spectator's view (``observation(None)`` or ``tensor_view(None)``) put in ``seat``'s chair, no card
        of its own in it: what the encoding makes of it is public information only (OpenSpiel's
        ``private_info=NONE``), the same in every deal that differs only in hidden cards, its own included.
        """
        view = dict(spectator)
        view["seat"] = seat
        for key in self.private_keys:
            view[key] = []
        return view

    def public_information_state_string(self, obs: dict[str, Any], history: str | None = None) -> str:
        """The seat and every public action so far: the information-state string with nothing private in it."""
        return f"seat {obs['seat']} | " + (self.history_text(obs["history"]) if history is None else history)

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
        encoding = make(game.check_seats(seats))
        if game.action_space is not None:
            encoding.space = action_space_of(game, seats)
        _ENCODINGS[key] = encoding
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
