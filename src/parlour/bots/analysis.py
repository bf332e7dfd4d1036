"""The expert's view of a game: each decision's options with their chances, and the moves that cost a lot.

``hint`` answers one position for one seat; ``analyse_record`` goes through a
whole record, decision by decision.  Both look only through the seat's eyes:
the bot is handed the seat's observation, its legal actions and a ``Worlds``
built from the position *at that time* (``parlour.bots.worlds``), which draws
hidden cards from the deals consistent with what the seat had seen then, so
an analysis knows nothing the player could not have known when choosing (a
move is not judged by the cards it later turned out the others held).

A value is the search's mean return in [-1, 1]; its ``chance`` is
``(value + 1) / 2``, read as the estimated chance of winning (a draw counts
half).  A move *costs* ``best chance - played chance``, where the best is the
expert's own choice (its most searched move); a cost above the threshold
(0.10 unless told) is flagged as having given away a lot.  No option is shown
with a better chance than the choice: a move searched less whose mean came
out higher is shown level with it (``levelled``), the difference being the
search's noise.

Nothing here reads or writes a file: the command (``parlour analyse``) and
the web app (hints, the replay's analysis) do that.  With an iteration budget
and a seed, an analysis is the same on every run, and ``hint`` and
``analyse_record`` give the same options for the same position, budget and
seed: the server's hints and its analyses use ``ITERATIONS`` and ``SEED``
alike, so a hint's best move is the analysis's best move.

Every legal move at the root is tried unless the game's ``candidates`` prune
it (Squadron Scramble searches only the right name of a plane, and puts cards
on the table before it weighs a discard): such a move keeps ``chance`` None,
"not judged", and comes after the judged ones.
"""

from __future__ import annotations

import importlib
import time
from typing import Any, Callable, Iterable, Sequence

from parlour.bots import make_bot
from parlour.bots.worlds import Worlds
from parlour.engine.errors import ParlourError
from parlour.engine.record import GameRecord, played_variant, replay

#: a move that gives away more than this much chance of winning is flagged
THRESHOLD = 0.10
#: iterations a decision when no budget is given, for hints and analyses alike (reproducible; a hint takes
#: at most 0.4 s, 0.03 to 0.24 s in the median by game, on one core of the development machine:
#: docs/web.md#hints-and-analysis)
ITERATIONS = 500
#: the search's seed when none is given, for hints and analyses alike
SEED = 0
#: the bot that judges
BOT = "expert"


class NotAnalysable(ParlourError):
    """A game the search bots cannot judge (a real-time race), or a seat the record does not have."""


def options_of(choices: Iterable[Any]) -> list[dict[str, Any]]:
    """The search's choices as plain data, best first; a move the search never tried has no value."""
    out = []
    for c in choices:
        tried = c.visits > 0
        out.append({"action": c.action, "visits": c.visits,
                    "value": round(c.value, 4) if tried else None,
                    "chance": round(c.chance, 4) if tried else None})
    return out


def judged(options: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The options the search tried, best first (those it did not try, pruned by the game, left out)."""
    return [o for o in options if o["chance"] is not None]


def hint(game: Any, state: Any, seat: int, *, iterations: int | None = None, seconds: float | None = None,
         seed: int = SEED, bot: str = BOT) -> list[dict[str, Any]]:
    """The legal moves of ``seat`` now, best first, each with its estimated chance (None if never tried).

    The bot sees the seat's observation and ``Worlds(state, seat)`` only; ``state`` may be the true state.
    """
    if game.real_time:
        raise NotAnalysable(f"{game.title} is played against the clock: the expert judges turn-by-turn games")
    legal = list(state.legal_actions(seat))
    if not legal:
        raise NotAnalysable(f"seat {seat} has no move to make now")
    if len(legal) == 1:
        return [{"action": legal[0], "visits": 0, "value": None, "chance": None}]
    if iterations is None and seconds is None:
        iterations = ITERATIONS
    judge: Any = make_bot(game, bot, seat, seed, iterations=iterations, seconds=seconds)
    if not hasattr(judge, "analyse"):
        raise NotAnalysable(f"the {bot!r} bot does not search, so it has no estimates to give")
    choices = judge.analyse(state.observation(seat), legal, Worlds(state, seat))
    options = options_of(choices)
    missing = [a for a in legal if a not in {o["action"] for o in options}]
    options += [{"action": a, "visits": 0, "value": None, "chance": None} for a in missing]
    return levelled(pooled(options, _alike(game, state, seat, legal)))


def _alike(game: Any, state: Any, seat: int, legal: Sequence[str]) -> list[list[str]]:
    """The game's groups of moves that are one move in effect (its search module's ``alike``), else none."""
    if not game.search:
        return []
    alike = getattr(importlib.import_module(game.search), "alike", None)
    return [] if alike is None else list(alike(state, seat, legal))


def pooled(options: Sequence[dict[str, Any]], groups: Iterable[Sequence[str]]) -> list[dict[str, Any]]:
    """The options with each group of moves that are one move in effect (two cards of a team with nothing
    between them still out, in Football Whist) given one figure: the mean over every try of any of them.

    The search gives each its own tries, and a card tried a few times can come out far from its twin, which
    a player reads as a difference that is not there.  The pooled figure is the better estimate of both; each
    keeps its own ``visits`` (the expert's choice is still the move it tried most), and each has ``same_as``,
    the others of its group."""
    out = [dict(o) for o in options]
    by_action = {o["action"]: o for o in out}
    for group in groups:
        members = [by_action[a] for a in group if a in by_action]
        tried = [o for o in members if o["value"] is not None and o["visits"] > 0]
        if len(members) < 2:
            continue
        for o in members:
            o["same_as"] = [m["action"] for m in members if m is not o]
        if not tried:
            continue
        visits = sum(o["visits"] for o in tried)
        value = sum(o["value"] * o["visits"] for o in tried) / visits
        for o in members:
            o.update(value=round(value, 4), chance=round((value + 1) / 2, 4))
    return out


def levelled(options: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The options as they are shown: the expert's choice first, then the others by their chance, none above it.

    The expert plays the move it searched most (a search gives its tries to the moves that look best, so
    the most tried is the one it trusts).  A move it tried less can end with a higher mean than its choice,
    from fewer tries: within the search's noise, not a better move.  Such a move is shown *level* with the
    choice (its ``value`` and ``chance`` the choice's, ``level`` True, what its own tries gave kept in
    ``searched_value`` and ``searched_chance``), so that no figure shown contradicts the choice: the hint
    and the analysis both show these options."""
    if not options:
        return []
    first, rest = dict(options[0]), [dict(o) for o in options[1:]]
    if first["chance"] is not None:
        for o in rest:
            if o["chance"] is not None and o["chance"] > first["chance"]:
                o.update(level=True, searched_value=o["value"], searched_chance=o["chance"],
                         value=first["value"], chance=first["chance"])
    rest.sort(key=lambda o: (o["chance"] is None, -(o["chance"] or 0.0), -o["visits"]))
    return [first, *rest]


def _row(index: int, seat: int, played: str, options: list[dict[str, Any]], threshold: float) -> dict[str, Any]:
    by_action = {o["action"]: o for o in options}
    mine = by_action.get(played) or {"action": played, "visits": 0, "value": None, "chance": None}
    best = options[0]
    others = [o for o in options if o["action"] != played]
    alternative = next((o for o in others if o["value"] is not None), others[0] if others else None)
    cost = None
    if best["chance"] is not None and mine["chance"] is not None:
        cost = round(max(0.0, best["chance"] - mine["chance"]), 4)
    return {
        "index": index, "move": index + 1, "seat": seat, "legal": len(options),
        "played": played, "played_value": mine["value"], "played_chance": mine["chance"],
        "played_visits": mine["visits"], "best": best["action"], "best_value": best["value"],
        "best_chance": best["chance"], "alternative": alternative["action"] if alternative else None,
        "alternative_value": alternative["value"] if alternative else None,
        "alternative_chance": alternative["chance"] if alternative else None,
        "cost": cost, "costly": cost is not None and cost > threshold, "options": options,
    }


def decisions(record: GameRecord, game: Any, seats: Sequence[int] | None = None) -> Iterable[tuple[int, int, str, Any]]:
    """``(index, seat, played, state before the move)`` for every move of ``seats`` that had a choice (a step
    outside the game's own moves, such as the end by agreement of a stalled sets game, is no decision to judge)."""
    state = game.new_state(seats=len(record.seats), variant=played_variant(record, game), seed=record.seed,
                           deal=record.deal)
    for index, entry in enumerate(record.actions):
        seat, text = int(entry[0]), str(entry[1])
        action = state.parse_action(text)
        legal = state.legal_actions(seat)
        if (seats is None or seat in seats) and len(legal) > 1 and action in legal:
            yield index, seat, action, state
        state.apply(seat, action)


def weighed(record: GameRecord, game: Any, seats: Sequence[int] | None = None) -> Iterable[tuple[int, int, str, Any]]:
    """The ``decisions`` the analysis judges: all but those the game gives no hint at
    (``GameDescriptor.hint_withheld``: naming the plane in Squadron Scramble, a test of what the cards show or,
    in plane-spotting, of recognition, not a choice to weigh), unless the answer given there was wrong
    (``GameDescriptor.right_answer``): a wrong name, which forfeits a turn, is judged as a mistake."""
    withheld = getattr(game, "hint_withheld", None)
    for index, seat, action, state in decisions(record, game, seats):
        if withheld is None or withheld(state.observation(seat)) is None or _right_instead(game, state, seat, action):
            yield index, seat, action, state


def _right_instead(game: Any, state: Any, seat: int, played: str) -> str | None:
    """The answer the rules count right (``GameDescriptor.right_answer``) where ``played`` was not it; else None."""
    right = getattr(game, "right_answer", None)
    answer = right(state, seat) if right is not None else None
    return answer if answer is not None and answer != played else None


#: why a wrong answer's cost is not given as a figure: the expert's look-ahead ends with the turn in hand
#: (Squadron Scramble's ``search.epoch``), and the turn a wrong name costs is the next one, past it: the position
#: after the wrong name and after the right one are valued alike, so a figure would say it cost nothing
UNMEASURED = ("the expert looks ahead only to the end of the turn in hand, and a wrong name costs the next turn, "
              "beyond that: what losing it cost is not measured, so no figures are given")


def _wrong_answer(game: Any, state: Any, seat: int, played: str, answer: str, threshold: float,
                  **search: Any) -> dict[str, Any]:
    """A wrong answer at a decision the game gives no hint at (a plane named wrongly, which forfeits the next turn).
    The expert cannot measure what it cost (``UNMEASURED``: the turn lost lies past its look-ahead, and the two
    positions it would compare are valued alike), so the row gives no chances and no cost, and says why in
    ``unmeasured``.  It is counted costly (the rules punish it), with ``wrong_answer`` set and the right answer
    as the expert's choice."""
    options = [{"action": a, "visits": 0, "value": None, "chance": None} for a in (answer, played)]
    row = _row(0, seat, played, options, threshold)
    return {**row, "costly": True, "wrong_answer": True, "unmeasured": UNMEASURED}


def analyse_record(record: GameRecord, game: Any, seats: Sequence[int] | None = None, *,
                   iterations: int | None = None, seconds: float | None = None, seed: int = SEED,
                   threshold: float = THRESHOLD, bot: str = BOT, total_seconds: float | None = None,
                   progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """One row a decision of ``seats`` (every seat if None) that had more than one legal move, in order (but a
    decision the game gives no hint at: ``weighed``).

    Each row: ``index`` (in the record's actions; the position is the replay's step ``index``) and ``move``
    (from 1), ``seat``, the move ``played`` with its value and chance, the expert's ``best`` with its own,
    the best ``alternative`` to the move played, the ``cost`` (best chance - played chance, at least 0),
    ``costly`` (cost above ``threshold``) and every option, best first.  ``iterations`` (default
    ``ITERATIONS`` unless ``seconds`` is given) makes it reproducible for a ``seed``; ``seconds`` bounds a
    decision's time instead.  ``total_seconds`` is a safety cap that never changes a judgement: once it is
    spent the analysis stops, and the rows made so far come back (fewer than the decisions, each judged on
    the whole budget; ``progress`` said how many there were).  ``progress(done, total)`` is called once
    before the first decision and after each.  A record the rules refuse raises ``RecordError``; a
    real-time game or an unknown seat ``NotAnalysable``.
    """
    if game.real_time:
        raise NotAnalysable(f"{game.title} is played against the clock: the expert judges turn-by-turn games")
    for seat in seats or ():
        if not 0 <= seat < len(record.seats):
            raise NotAnalysable(f"seat must be 0 to {len(record.seats) - 1} for this record, not {seat}")
    replay(record, game)                      # every action checked first: the walk below trusts the record
    todo = [(index, seat) for index, seat, _, _ in weighed(record, game, seats)]
    if iterations is None and seconds is None:
        iterations = ITERATIONS
    deadline = None if total_seconds is None else time.perf_counter() + total_seconds
    rows: list[dict[str, Any]] = []
    if progress is not None:
        progress(0, len(todo))
    for done, (index, seat, played, state) in enumerate(weighed(record, game, seats)):
        if deadline is not None and time.perf_counter() >= deadline:
            break                             # unfinished, never thinned: a judgement is the whole budget's
        answer = _right_instead(game, state, seat, played)
        if answer is not None:
            row = _wrong_answer(game, state, seat, played, answer, threshold, iterations=iterations, seconds=seconds,
                                seed=seed, bot=bot)
            rows.append({**row, "index": index, "move": index + 1, "legal": len(state.legal_actions(seat))})
        else:
            options = hint(game, state, seat, iterations=iterations, seconds=seconds, seed=seed, bot=bot)
            rows.append(_row(index, seat, played, options, threshold))
        if progress is not None:
            progress(done + 1, len(todo))
    return rows


def summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per seat: decisions judged, moves flagged, and the mean cost of a decision."""
    out: dict[str, Any] = {}
    for row in rows:
        seat = out.setdefault(str(row["seat"]), {"decisions": 0, "costly": 0, "total_cost": 0.0})
        seat["decisions"] += 1
        seat["costly"] += bool(row["costly"])
        seat["total_cost"] += row["cost"] or 0.0
    for seat in out.values():
        seat["mean_cost"] = round(seat.pop("total_cost") / seat["decisions"], 4)
    return dict(sorted(out.items(), key=lambda item: int(item[0])))
