"""The versioned JSON game record: enough to replay any game exactly.

A record holds the header (game, rules version, variant, seed, seats), the
deal (every chance outcome, in the game's own form) and the action list.  The
format is documented in ``docs/records.md`` so a person can write one by hand.

Old records keep loading: ``_UPGRADES`` maps a format version to the function
that lifts it one version up, and ``load`` applies them in turn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError, RecordError

FORMAT = "parlour-record"
VERSION = 1

#: version -> function turning a dict of that version into the next version
_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


@dataclass
class GameRecord:
    game: str
    rules_version: str
    variant: dict[str, Any]
    seed: int | None
    seats: list[dict[str, Any]]
    deal: Any
    actions: list[list[Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    # -- to and from JSON ------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "variant": self.variant,
            "seed": self.seed,
            "seats": self.seats,
            "deal": self.deal,
            "actions": [list(entry) for entry in self.actions],
        }
        if self.result is not None:
            data["result"] = self.result
        if self.meta:
            data["meta"] = self.meta
        return data

    def to_json(self) -> str:
        """Stable text a person can read: one action per line, a hand or a pack per line."""
        return _layout(self.to_dict(), 0) + "\n"

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write never leaves half a record."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.to_json(), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a Parlour record (its \"format\" should be {FORMAT!r})")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError("the record's \"version\" must be a whole number")
        if version > VERSION:
            raise RecordError(f"record version {version} is newer than this Parlour reads ({VERSION}); upgrade Parlour")
        while version < VERSION:
            upgrade = _UPGRADES.get(version)
            if upgrade is None:
                raise RecordError(f"record version {version} is not supported")
            data = upgrade(dict(data))
            version = data["version"]
        for key, kind in (("game", str), ("rules_version", str), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"the record's {key!r} is missing or not a {kind.__name__}")
        variant = data.get("variant", {})
        if not isinstance(variant, dict):
            raise RecordError("the record's 'variant' must be an object")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError("the record's 'seed' must be a whole number or null")
        seats = []
        for i, seat in enumerate(data["seats"]):
            if isinstance(seat, str):
                seat = {"name": seat}
            if not isinstance(seat, dict):
                raise RecordError(f"seat {i} must be a name or an object")
            seats.append(seat)
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("the record's 'result' must be an object")
        return cls(
            game=data["game"],
            rules_version=data["rules_version"],
            variant=variant,
            seed=seed,
            seats=seats,
            deal=data.get("deal"),
            actions=list(data["actions"]),
            result=result,
            meta=data.get("meta") or {},
        )

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not valid JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not UTF-8 text") from None
        return cls.from_json(text)


def _entries(state: Any) -> list[list[Any]]:
    """[seat, action], with the time in seconds as a third item where a session recorded one."""
    times = getattr(state, "times", ())
    out = []
    for i, (seat, action) in enumerate(state.history):
        t = times[i] if i < len(times) else None
        out.append([seat, action] if t is None or t != t else [seat, action, round(t, 3)])
    return out


def _layout(value: Any, depth: int) -> str:
    """JSON with objects and lists of lists opened up, and lists of plain values on one line."""
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(key)}: {_layout(item, depth + 1)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(item, (list, dict)) and item for item in value):
        if all(isinstance(item, list) and not any(isinstance(x, (list, dict)) for x in item) for item in value):
            return "[\n" + ",\n".join(inner + json.dumps(item) for item in value) + "\n" + pad + "]"
        return "[\n" + ",\n".join(inner + _layout(item, depth + 1) for item in value) + "\n" + pad + "]"
    return json.dumps(value)


def record_of(state: Any, seats: list[dict[str, Any]] | None = None, meta: dict[str, Any] | None = None) -> GameRecord:
    """The record of a state's game so far (with its result once it is over)."""
    names = state.game.seat_names(state.num_seats)
    if seats is None:
        seats = [{"name": name} for name in names]
    return GameRecord(
        game=state.game.id,
        rules_version=state.game.rules_version,
        variant=dict(state.variant),
        seed=state.seed,
        seats=seats,
        deal=state.deal,
        actions=_entries(state),
        result=state.result() if state.is_over else None,
        meta=meta or {},
    )


def _entry(index: int, entry: Any, num_seats: int) -> tuple[int, str]:
    if not isinstance(entry, (list, tuple)) or len(entry) not in (2, 3):
        raise RecordError("each action is a list [seat, \"action text\"] (or [seat, \"text\", time])", index=index)
    if len(entry) == 3 and (type(entry[2]) not in (int, float)):
        raise RecordError(f"an action's third item is its time, a number, not {entry[2]!r}", index=index)
    seat, text = entry[0], entry[1]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < num_seats:
        raise RecordError(f"seat must be a number from 0 to {num_seats - 1}, not {seat!r}", index=index)
    if not isinstance(text, str):
        raise RecordError(f"the action must be text, not {text!r}", index=index)
    return seat, text


def played_variant(record: GameRecord, descriptor: GameDescriptor) -> dict[str, Any]:
    """The variant, in the options of the game's rules now, that ``record`` was played under.

    Rules versions only grow; a record of other rules would replay wrongly, unless the game says which
    variant of its rules now is the one that record was played under (``older_rules``): else it is refused.
    """
    variant = variant_under(descriptor, record.rules_version, record.variant)
    if variant is None:
        raise RecordError(f"record uses rules version {record.rules_version}, Parlour has {descriptor.rules_version}")
    return variant


def variant_under(descriptor: GameDescriptor, version: str, variant: dict[str, Any]) -> dict[str, Any] | None:
    """``variant``, set under rules ``version``, in the options of the game's rules now (None: rules it no longer
    plays).  A record and a stored table both go through it."""
    if version == descriptor.rules_version:
        return variant
    older = descriptor.older_rules.get(version)
    return None if older is None else older(dict(variant))


def replay(
    record: GameRecord, descriptor: GameDescriptor, *, upto: int | None = None,
    on_step: Callable[[int, Any], None] | None = None,
) -> Any:
    """Rebuild the state a record describes, checking every action on the way.

    Raises ``RecordError`` naming the first malformed or illegal action.  When
    the game finishes and the record states a result, the two must agree.
    """
    if record.game != descriptor.id:
        raise RecordError(f"this record is of {record.game!r}, not {descriptor.id!r}")
    variant = played_variant(record, descriptor)
    try:
        state = descriptor.new_state(
            seats=len(record.seats), variant=variant, seed=record.seed, deal=record.deal
        )
    except ParlourError as error:
        raise RecordError(str(error)) from None
    actions = record.actions if upto is None else record.actions[:upto]
    for index, entry in enumerate(actions):
        seat, text = _entry(index, entry, state.num_seats)
        try:
            action = state.parse_action(text)
            state.apply(seat, action)
            if len(entry) == 3 and hasattr(state, "times"):
                state.times[-1] = float(entry[2])      # a live game's clock, kept for the next save
        except ParlourError as error:    # a bad action, or a deal that runs out of packs
            raise RecordError(f"{text!r} by seat {seat}: {error}", index=index) from None
        if on_step is not None:
            on_step(index, state)
    if upto is None and record.result is not None and not _agrees(record.result, state.result(), top=True):
        raise RecordError("the record's stated result differs from the result its actions give")
    return state


def _agrees(stated: Any, given: Any, top: bool = False) -> bool:
    """Whether a record's stated result is the one its actions give.  A result may gain detail in a later Parlour
    (Biggles's ``builds`` in each match): a stated result without it still agrees where everything it does say
    is the same, so records written before keep loading.  The top-level fields must be the same ones."""
    if isinstance(stated, dict):
        return (isinstance(given, dict) and (stated.keys() == given.keys() if top else stated.keys() <= given.keys())
                and all(_agrees(value, given[key]) for key, value in stated.items()))
    if isinstance(stated, list):
        return (isinstance(given, list) and len(stated) == len(given)
                and all(_agrees(a, b) for a, b in zip(stated, given, strict=True)))
    if isinstance(stated, bool) or isinstance(given, bool):       # (True == 1 in Python: not in a result)
        return type(stated) is type(given) and stated == given
    return bool(stated == given)
