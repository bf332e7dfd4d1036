"""What a game is, declared as data: the part every front end reads first.

A descriptor says how to make a state and which rule variants exist, each
variant saying where it comes from (the rule sheet, one of our rulings, or a
reconstruction of a fact the sheet lacks) so that users can tell them apart.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Literal, Mapping, Protocol

from parlour.engine.errors import VariantError

Source = Literal["rule sheet", "ruling", "reconstruction"]


class RunningFigures(Protocol):
    """A simulation's running figures as a game's ``tally`` and ``summarise`` see them.

    ``parlour.sim.stats.Figures`` is the one the simulator passes; the engine,
    a layer below the simulator, names only what the games use of it.
    """

    def add(self, name: str, value: int | float | Fraction, *, distribution: bool = False) -> None: ...

    def mean_ci(self, name: str) -> dict[str, Any]: ...

    def distribution(self, name: str) -> dict[str, int]: ...

    def total(self, name: str) -> int | float: ...

    def largest(self, name: str) -> int | float: ...

    def names(self, prefix: str) -> list[str]: ...


class LazyBot:
    """A bot factory for a descriptor: ``"package.module:Class"``, imported only when a bot is made.

    Descriptors are loaded by every command, bots only by those that seat them;
    and a bot may live a layer above the games (``parlour.bots.casual``), which
    a descriptor names but never imports.  A class rather than a closure, so
    that a descriptor, and an environment or job that holds one, pickles.
    """

    __slots__ = ("path", "options")

    def __init__(self, path: str, **options: Any):
        self.path = path
        self.options = options

    def __call__(self, seat: int, seed: int | None = None) -> Any:
        module, _, name = self.path.partition(":")
        return getattr(importlib.import_module(module), name)(seat, seed, **self.options)

    def __getstate__(self) -> tuple[str, dict[str, Any]]:
        return self.path, self.options

    def __setstate__(self, state: tuple[str, dict[str, Any]]) -> None:
        self.path, self.options = state

    def __repr__(self) -> str:
        return f"lazy_bot({self.path!r}{''.join(f', {k}={v!r}' for k, v in self.options.items())})"


def lazy_bot(path: str, **options: Any) -> Callable[..., Any]:
    """A bot factory for a descriptor (:class:`LazyBot`): ``lazy_bot("package.module:Class", option=value)``."""
    return LazyBot(path, **options)


@dataclass(frozen=True)
class VariantOption:
    """One typed rule option. ``choices`` restricts a ``str`` option.

    ``name`` is the option's identifier, kept in records and typed at the command line
    (``--variant own_goals=true``); it never changes.  ``label`` is what a player reads
    over it in a menu ("Own goals count"), and ``choice_labels`` the same for each of
    ``choices``, in their order.
    """

    name: str
    type: type
    default: Any
    description: str
    source: Source
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    #: a sane upper bound, so that no setting asks for a game that would never end in practice
    maximum: int | None = None
    #: the option in plain words for menus; empty: its name with spaces (``shown``)
    label: str = ""
    #: each of ``choices`` in plain words, in the same order (empty: the choices as they are)
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"variant {self.name!r}: give one label for each of its {len(self.choices)} choices")

    @property
    def shown(self) -> str:
        """What a player reads over the option: its label, or failing one its name in words."""
        return self.label or self.name.replace("_", " ").capitalize()

    def check(self, value: Any) -> Any:
        if self.type is bool:
            if not isinstance(value, bool):
                raise VariantError(f"variant {self.name!r} takes true or false, not {value!r}")
        elif self.type is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise VariantError(f"variant {self.name!r} takes a whole number, not {value!r}")
        elif not isinstance(value, self.type):
            raise VariantError(f"variant {self.name!r} takes a {self.type.__name__}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise VariantError(f"variant {self.name!r} must be at least {self.minimum}, not {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise VariantError(f"variant {self.name!r} must be at most {self.maximum}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise VariantError(f"variant {self.name!r} must be one of {allowed}, not {value!r}")
        return value

    def to_dict(self) -> dict[str, Any]:
        """The option as JSON, for front ends that offer it (``parlour games --json``, ``GET /api/games``)."""
        return {"name": self.name, "label": self.shown, "type": self.type.__name__, "default": self.default,
                "description": self.description, "source": self.source, "choices": list(self.choices),
                "choice_labels": list(self.choice_labels or map(str, self.choices)),
                "minimum": self.minimum, "maximum": self.maximum}

    def parse(self, text: str) -> Any:
        """Read a value typed on a command line (``true``, ``3``, ``name``)."""
        if self.type is bool:
            lowered = text.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise VariantError(f"variant {self.name!r} takes true or false, not {text!r}")
        if self.type is int:
            try:
                return self.check(int(text))
            except ValueError:
                raise VariantError(f"variant {self.name!r} takes a whole number, not {text!r}") from None
        return self.check(self.type(text))


def resolve_variant(options: tuple[VariantOption, ...], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and bad values are refused."""
    known = {option.name: option for option in options}
    resolved = {option.name: option.default for option in options}
    for name, value in (given or {}).items():
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise VariantError(f"unknown variant option {name!r} (this game has: {names})")
        resolved[name] = known[name].check(value)
    return resolved


@dataclass(frozen=True)
class Terms:
    """A game's terms of play: its name, how many may sit down, and the rule variants it offers.

    The part of a descriptor that its own rules read: ``new_state`` checks
    the seats and variant it is given (``prepare``) before it deals.  Each
    game keeps its terms in a module of their own (``terms.py``) that both
    its rules and its descriptor import, so that the descriptor imports the
    rules and the rules never import the descriptor back.
    """

    title: str
    seat_counts: tuple[int, ...]
    variants: tuple[VariantOption, ...]

    def variant(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return resolve_variant(self.variants, given)

    def prepare(
        self, seats: int, variant: Mapping[str, Any] | None, seed: int | None, deal: Any
    ) -> tuple[dict[str, Any], int | None]:
        """Check the seats and variant for ``new_state``; draw a seed when chance is still to come.

        Every game dealt without an explicit deal gets a seed, so that its
        record can always reproduce it.
        """
        self.check_seats(seats)
        resolved = self.variant(variant)
        if deal is None and seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return resolved, seed

    def check_seats(self, seats: int) -> int:
        if type(seats) is not int or seats not in self.seat_counts:
            counts = self.seat_counts
            unbroken = len(counts) > 4 and counts[-1] - counts[0] == len(counts) - 1
            allowed = f"{counts[0]} to {counts[-1]}" if unbroken else ", ".join(map(str, counts))
            raise VariantError(f"{self.title} is played by {allowed} players, not {seats}")
        return seats


@dataclass(frozen=True)
class GameDescriptor(Terms):
    """Everything a front end, bot or simulator needs to know before a game starts: its terms, then the rest.

    ``new_state(seats, variant, seed, deal)`` builds the initial state: ``seed``
    fixes every shuffle and cut, while an explicit ``deal`` (the game's own
    JSON-able form, as stored in records) replaces them.  Its fields are
    given by name (the terms' ``title``, ``seat_counts`` and ``variants``
    come first, inherited).
    """

    id: str
    rules_version: str
    new_state: Callable[..., Any]
    seat_names: Callable[[int], tuple[str, ...]]
    summary: str = ""
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: a word of warning for a number of players, shown where a new table's count is chosen ("a short game")
    seat_count_notes: Mapping[int, str] = field(default_factory=dict)
    #: one line about each of ``bots`` for menus (``parlour.bots.bot_catalogue``); list ``bots`` weakest first
    bot_notes: Mapping[str, str] = field(default_factory=dict)
    #: a plain display name for each of ``bots`` ("Club player"), shown over its id, in plain words (the method, if
    #: any, goes in its note); the first of ``bots`` is the one a table seats when no bot is named
    #: (``parlour.bots.default_bot``): the gentle level a newcomer beats about half the time (docs/arena.md)
    bot_titles: Mapping[str, str] = field(default_factory=dict)
    #: players that ``make_bot`` seats, and so the arena and the simulator, but that no menu offers: models of
    #: people to measure the bots against (``newcomer``, whom the default bot is tuned to; docs/arena.md)
    yardsticks: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    #: every bot's name, weakest first, where the arena has shown the usual order (random, ``bots``, then the
    #: search bots) wrong for this game (docs/arena.md); empty: the usual order (``parlour.bots.bot_names``)
    bot_order: tuple[str, ...] = ()
    action_space: Callable[[int], tuple[str, ...]] | None = None
    #: adds one game's ``result()`` to a simulation's running figures (``parlour.sim.stats.Figures``):
    #: ``tally(result, figures)``, in whichever process played the game
    tally: Callable[[dict[str, Any], RunningFigures], None] | None = None
    #: the game's own figures for a simulation report, read from those running figures: ``summarise(figures)``
    summarise: Callable[[RunningFigures], dict[str, Any]] | None = None
    #: plays one whole bot game for the simulator where the usual turn-by-turn loop will not do
    #: (a real-time game runs on a simulated clock): ``play_game(game, bots, seats=, seed=, variant=)``
    play_game: Callable[..., Any] | None = None
    #: both seats act at once against the clock, so a front end must run the bots on a timer
    real_time: bool = False
    #: the package whose ``data/*.json`` files hold the game's equipment (pack, pitch), for front ends that draw it
    data_package: str = ""
    #: who can win (the values ``result()["winner"]`` takes): partnerships or seat names
    sides: Callable[[int], tuple[str, ...]] | None = None
    #: where the game's tensors are: ``"module"`` (its ``encoding(seats)``) or ``"module:name"``,
    #: imported when asked for
    encoding: str = ""
    #: the most decisions the rules allow in one game, ``max_decisions(seats, variant)``, where the rules
    #: bound it (Football Whist); None: they set no bound, and the research adapters cut a game off at a
    #: cap instead (``parlour.engine.numbers.max_game_length``)
    max_decisions: Callable[[int, Mapping[str, Any]], int] | None = None
    #: the game's help for the search bots (``parlour.bots.search``): ``"module"`` with any of
    #: ``rollout_action(state, seat, legal, rng)``, ``evaluate(state)`` and ``ROLLOUT_LIMIT``
    search: str = ""
    #: why a seat is offered no hint at this decision, read from its observation (None: a hint is offered):
    #: a decision whose answer is what a variant tests (naming the plane in Squadron Scramble's plane-spotting
    #: game), which a hint would give away
    withhold_hint: Callable[[Mapping[str, Any]], str | None] | None = None
    #: at a decision the game gives no hint at, the move its rules count right, where there is one
    #: (``right_answer(state, seat)``: the plane's name its cards show in Squadron Scramble), so that an analysis
    #: counts a wrong answer, and the turn it forfeits, as a mistake; None: no such decision
    right_answer: Callable[[Any, int], str | None] | None = None
    #: each legal move's plain facts in a few words, from the seat's own view (``move_reasons(state, seat)``: a dict
    #: of action to words, "breaks up your two Lightning views"), which the web app puts in the observation as
    #: ``reasons`` where a person reads it (a hint's rows, the analysis of a decision): worked out only there, not
    #: in every observation a bot reads; None: the game gives none this way (Football Whist's observation carries
    #: its own).  A game may give facts for its page to word instead of words (the asking game's: what the asks
    #: heard say of where each card asked for lies, the players named on the page), and only for some moves.
    move_reasons: Callable[[Any, int], dict[str, Any]] | None = None
    #: a short account of a finished game for its table, worked out from the state (which holds the whole
    #: record): ``after_game(state)`` is a JSON-able dict the game's page words; None: the game gives none
    after_game: Callable[[Any], dict[str, Any]] | None = None
    #: where action texts name seats (the asking game's ``ask P2 DOVER``): ``rotate_action(text, seats, shift)``
    #: is the text with every seat it names moved ``shift`` places back round the table (seat s named as seat
    #: (s - shift) % seats), so that ids can be given relative to a viewer as the tensors are
    #: (``parlour.engine.numbers.relative_action_id``); None: no action names a seat
    rotate_action: Callable[[str, int, int], str] | None = None
    #: for each older ``rules_version`` whose records still replay: ``older_rules[version](variant)`` is the
    #: variant, in this version's options, that a record of that version was played under (a default that
    #: changed is named with its old value); a record of a version not here is refused
    older_rules: Mapping[str, Callable[[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict)

    def with_reasons(self, state: Any, seat: int | None, observation: dict[str, Any]) -> dict[str, Any]:
        """``observation`` with the seat's ``reasons`` in it where the game gives them (``move_reasons``) and the
        seat is to move."""
        if self.move_reasons is not None and seat is not None and seat in state.to_move:
            observation["reasons"] = self.move_reasons(state, seat)
        return observation

    def hint_withheld(self, observation: Mapping[str, Any]) -> str | None:
        """Why the seat whose ``observation`` this is gets no hint now, in plain words; None: it may have one."""
        return None if self.withhold_hint is None else self.withhold_hint(observation)

    def winner_sides(self, seats: int) -> tuple[str, ...]:
        return self.sides(seats) if self.sides is not None else self.seat_names(seats)

