"""The lab's games, played in whichever process or machine a backend chooses, each boiled down to one row.

A :class:`Study` says what is measured: one game, table size, rule variant,
seed, number of deals and the bot that fills every seat.  Its deals are cut
into :class:`Part` s (a worker's job); :func:`play_part` plays a part's deals,
each once for every shift of the hands (``parlour.lab.deals``), and sends
back one small row a game: the winning seats, who moved first, how long the
game ran, and when it was decided.  Everything the report says is read off
those rows, so a part is all a stopped run needs to keep, and rows from any
number of processes or machines add up to the same report.

**When a game is decided.**  After every decision the game's standing is
read from its ``result()`` (goals, running totals, scores, regions: whatever
the game counts), and the game is *decided* from the first decision after
which the eventual winners lead alone for good.  ``decided_at`` is that
decision's place in the game, from 0 (led from the start) to 1 (only the last
decision settled it); a draw, or a game whose standing the lab cannot read,
has none.  ``lead_changes`` counts the times the sole leader changed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping, Sequence

from parlour.bots import decide, make_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.lab.deals import new_game, shifts
from parlour.sim.arena import derive_seed, winning_seats
from parlour.sim.play import MAX_ACTIONS

#: the result's keys that hold a running standing, by seat or side name, in the order they are tried
STANDING_KEYS = ("goals", "totals", "scores", "regions", "points")


@dataclass(frozen=True)
class Study:
    """What one measurement plays: enough to play it again anywhere, game for game."""

    game: str
    seats: int
    variant: dict[str, Any]
    seed: int
    deals: int
    #: the bot in every seat (a search bot's budget may ride on its name: ``expert:50``)
    bot: str
    max_actions: int = MAX_ACTIONS
    #: measure the luck of every draw from the stock (``parlour.lab.luck``): each row gets ``luck``, a value a seat
    luck: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Study":
        return cls(**data)


@dataclass(frozen=True)
class Part:
    """Some deals of a study: a worker's whole job."""

    study: Study
    index: int
    #: (deal index, deal seed)
    deals: tuple[tuple[int, int], ...] = field(default=())


def standing(game: GameDescriptor, seats: int, result: Mapping[str, Any]) -> list[float] | None:
    """Each seat's standing in a game under way or over, read off its ``result()`` (None: it keeps none)."""
    names = list(game.seat_names(seats))
    sides = list(game.winner_sides(seats))
    for key in STANDING_KEYS:
        table = result.get(key)
        if not isinstance(table, Mapping):
            continue
        if all(name in table for name in names):
            values = [float(table[name]) for name in names]
        elif sides and all(side in table for side in sides):
            values = [float(table[sides[s % len(sides)]]) for s in range(seats)]
        else:
            continue
        tie_break = result.get("cards_in_regions")
        if key == "regions" and isinstance(tie_break, Mapping):
            values = [v + float(tie_break.get(name, 0)) / 1000 for v, name in zip(values, names, strict=True)]
        return values
    return None


def _leader(values: Sequence[float]) -> int | None:
    best = max(values)
    leaders = [s for s, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def _winners_lead(values: Sequence[float], winners: Sequence[int]) -> bool:
    others = [v for s, v in enumerate(values) if s not in winners]
    return bool(others) and min(values[s] for s in winners) > max(others)


def play_one(game: GameDescriptor, study: Study, deal: int, seed: int, shift: int) -> dict[str, Any]:
    """One game of the study: deal ``seed`` with its hands moved ``shift`` round; returns its row."""
    seats = study.seats
    bots = [make_bot(game, study.bot, seat, derive_seed("lab", study.seed, deal, shift, seat))
            for seat in range(seats)]
    trail: list[list[float] | None] = []
    luck = [0.0] * seats
    evaluate = None
    if study.luck:
        from parlour.lab.luck import DRAW, draw_luck, valuation

        evaluate = valuation(game)
    if game.play_game is not None:               # a game on its own clock: played whole, its standing unseen
        state = game.play_game(game, bots, seats=seats, seed=seed, variant=study.variant)
        first = 0
    else:
        state = new_game(game, seats, study.variant, seed, shift)
        first = min(state.to_move) if state.to_move else 0
        while not state.is_over and len(state.history) < study.max_actions:
            for seat in sorted(state.to_move):
                legal = state.legal_actions(seat)
                if legal:
                    action = decide(bots[seat], state, seat, legal)
                    if evaluate is not None and action == DRAW:
                        drawn = draw_luck(state, seat, evaluate)
                        if drawn is not None:
                            luck = [a + b for a, b in zip(luck, drawn, strict=True)]
                    state.apply(seat, action)
                    trail.append(standing(game, seats, state.result()))
                    break
    winners = winning_seats(game, seats, state)
    result = state.result()
    decided_at, changes = None, 0
    if trail and trail[-1] is not None and len(winners) < seats:
        decided = len(trail)
        for i in range(len(trail) - 1, -1, -1):
            values = trail[i]
            if values is None or not _winners_lead(values, winners):
                break
            decided = i
        decided_at = round(decided / len(trail), 4)
    if trail and trail[-1] is not None:
        leaders = [_leader(values) for values in trail if values is not None]
        sole = [s for s in leaders if s is not None]
        changes = sum(1 for a, b in zip(sole, sole[1:], strict=False) if a != b)
    tricks = getattr(state, "tricks", None)
    extra = {"luck": [round(v, 6) for v in luck]} if study.luck else {}
    return {
        "deal": deal, "shift": shift, "first": first, "winners": list(winners), "ended": bool(state.is_over),
        "decisions": len(state.history) if hasattr(state, "history") else None,
        "rounds": result.get("rounds") if isinstance(result.get("rounds"), int) else None,
        "tricks": sum(len(half) for half in tricks) if isinstance(tricks, list) else None,
        "decided_at": decided_at, "lead_changes": changes, **extra,
    }


def play_part(part: Part) -> list[dict[str, Any]]:
    """Play a part's deals, each in every shift of the hands (in whichever process the backend chose)."""
    from parlour.games import get_game

    study = part.study
    game = get_game(study.game)
    rows = []
    for deal, seed in part.deals:
        for shift in range(shifts(game, study.seats)):
            rows.append(play_one(game, study, deal, seed, shift))
    return rows
