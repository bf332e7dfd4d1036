"""The Biggles cycle for more than two players, as the sheet lays it out.

A plays B, B plays C, and so on round to A, so that everyone plays two matches
a round; two players simply play two matches, changing packs.  The first
named of each pair takes the blue pack.  After the agreed rounds (everyone
having played as many matches) the most points wins; players level at the top
play deciding matches among themselves until one is ahead.

``Cycle`` is the same tournament as data, for results entered by hand (or by
bots): the players, the rounds and an append-only list of results and
corrections, from which the matches still to play, the deciders, the table
and the champion are worked out.  ``run_cycle`` plays a whole one with bots.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone
from typing import Any, Iterable

from parlour.engine.errors import ParlourError
from parlour.games.biggles import GAME
from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.levels import LEVELS
from parlour.games.biggles.twin import race
from parlour.tournaments.carrying import BOTS, bots_state, clean_bots_entry

ONE_MATCH = {"matches": 1, "deciders": 0}
MAX_DECIDING_ROUNDS = 20
MAX_ROUNDS = 100
WIN_POINTS = 8          # the winner of a match scores 8, the loser 0 to 7 (the loser's highest black card standing)
FORMAT = "parlour-biggles-cycle"
VERSION = 1
#: the orders a cycle's matches may be numbered in: ``in_sittings`` (every cycle made now), ``schedule`` (made before)
SITTINGS, RING = "sittings", "ring"

#: the longest title a cycle may have
MAX_TITLE = 80


def schedule(players: list[str], rounds: int = 1) -> list[tuple[str, str]]:
    """The pairings in order; each player appears in exactly two pairings a round."""
    if len(players) < 2:
        raise ParlourError("a Biggles tournament needs at least two players")
    if len(set(players)) != len(players):
        raise ParlourError("each player needs a name of his own")
    if rounds < 1:
        raise ParlourError("play at least one round")
    if len(players) == 2:
        pairs = [(players[0], players[1]), (players[1], players[0])]
    else:
        pairs = [(players[i], players[(i + 1) % len(players)]) for i in range(len(players))]
    return pairs * rounds


def seat(pairs: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """One round's pairings split into sittings, as at a real table: each, in order, goes to the first sitting where
    neither of its players already sits (nobody plays two matches at once: a ring of four is A-B and C-D, then B-C
    and D-A)."""
    seated: list[list[tuple[str, str]]] = []
    for pair in pairs:
        for sitting in seated:
            if not any(set(pair) & set(other) for other in sitting):
                sitting.append(pair)
                break
        else:
            seated.append([pair])
    return seated


def in_sittings(players: list[str], rounds: int = 1) -> list[tuple[str, str]]:
    """``schedule``'s pairings in the order they are played: each round sitting by sitting, so that the matches'
    numbers run in playing order (a ring of four: 1 A-B and 2 C-D, then 3 B-C and 4 D-A)."""
    ring = schedule(players, 1)
    return [pair for sitting in seat(ring) for pair in sitting] * rounds


def _match(first: str, second: str, levels: dict[str, str], rng: random.Random) -> dict[str, Any]:
    state = GAME.new_state(seats=2, variant=ONE_MATCH, seed=rng.randrange(2**63))
    bots = [ReflexBot(0, rng.randrange(2**63), levels[first]), ReflexBot(1, rng.randrange(2**63), levels[second])]
    points = race(state, bots).result()["points"]
    return {"blue": first, "red": second, "points": {first: points["P1"], second: points["P2"]},
            "winner": first if points["P1"] > points["P2"] else second}


def run_cycle(levels: dict[str, str], rounds: int = 1, seed: int = 0) -> dict[str, Any]:
    """Play the whole cycle with bots; ``levels`` maps each player's name to a bot level."""
    for name, level in levels.items():
        if level not in LEVELS:
            raise ParlourError(f"{name}: no Biggles level {level!r} (choose from {', '.join(LEVELS)})")
    rng = random.Random(seed)
    cycle = Cycle(list(levels), rounds)
    while cycle.pending():
        for match in cycle.pending():
            played = _match(match["blue"], match["red"], levels, rng)
            cycle.enter(match["match"], played["points"][match["blue"]], played["points"][match["red"]])
    report = cycle.report()
    for row in report["table"]:
        row["level"] = levels[row["player"]]
    report["table"] = [{k: row[k] for k in ("player", "level", "played", "won", "points")} for row in report["table"]]
    return {"game": "biggles", "seed": seed, **report}


class Cycle:
    """A Biggles cycle as data: players in order, rounds, and the results entered so far.

    Matches are numbered from 0 in the order they are played: the ring's
    matches first, then (once they are all in and players are level at the
    top) each round of deciders as it becomes due.  A result is given as the
    blue and the red player's points; a correction replaces one.  If a
    correction changes who is level at the top, deciders entered for the old
    tie no longer match a due game: they are set aside (``void``), not counted.
    """

    def __init__(self, players: Iterable[str], rounds: int = 1, *, title: str | None = None, order: str = SITTINGS):
        self.players = list(players)
        #: the organiser's name for it ("Biggles cycle, 5 December"); None for a cycle made before cycles had one
        self.title = None if title is None else _check_text(title, "the title")
        if any(not isinstance(p, str) or not p.strip() for p in self.players):
            raise ParlourError("each player needs a name")
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise ParlourError(f"rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds!r}")
        self.rounds = rounds
        if order not in (SITTINGS, RING):
            raise ParlourError(f"a cycle's matches are in the order {SITTINGS!r} or {RING!r}, not {order!r}")
        #: the order its matches are numbered in: sitting by sitting (``in_sittings``), or for a cycle made before
        #: they were, the ring's (``schedule``: a ring of four's sitting 1 is matches 1 and 3)
        self.order = order
        self.fixtures = in_sittings(self.players, rounds) if order == SITTINGS else schedule(self.players, rounds)
        self._entries: list[dict[str, Any]] = []

    @property
    def name(self) -> str:
        """The cycle as its pages name it: its title, or for a cycle made before cycles had one its players ("the
        cycle of Ann, Bob and Cat")."""
        if self.title:
            return self.title
        return f"the cycle of {', '.join(self.players[:-1])} and {self.players[-1]}"

    # -- entering results ------------------------------------------------------
    def enter(self, match: int, blue_points: int, red_points: int, *, meta: dict[str, Any] | None = None) -> None:
        self.add_entry({"kind": "result", "match": match, "blue_points": blue_points, "red_points": red_points,
                        **({"meta": meta} if meta else {})})

    def correct(self, match: int, blue_points: int, red_points: int, *, meta: dict[str, Any] | None = None) -> None:
        self.add_entry({"kind": "correction", "match": match, "blue_points": blue_points, "red_points": red_points,
                        **({"meta": meta} if meta else {})})

    def add_entry(self, entry: Any) -> None:
        """Check one entry against the cycle so far and keep it.  ``meta`` (optional, an object) says where it came
        from: ``{"source": "organiser"|"parlour"|"bots", "at": epoch seconds, "table_id": ...}``; entries stored
        before sources were kept have none."""
        if isinstance(entry, dict) and entry.get("kind") == BOTS:    # the bots let play or paused (``carrying``)
            self._entries.append(clean_bots_entry(entry, self._entries, ParlourError))
            return
        if not isinstance(entry, dict) or set(entry) - {"kind", "match", "blue_points", "red_points", "blue", "red",
                                                        "meta"}:
            raise ParlourError("a cycle entry is {kind, match, blue_points, red_points}")
        if entry.get("meta") is not None and not isinstance(entry["meta"], dict):
            raise ParlourError("a cycle entry's meta is an object")
        kind, index = entry.get("kind"), entry.get("match")
        if kind not in ("result", "correction"):
            raise ParlourError(f"a cycle entry's kind is result or correction, not {kind!r}")
        due = {m["match"]: m for m in self.matches()}
        if isinstance(index, bool) or not isinstance(index, int) or index not in due:
            raise ParlourError(f"there is no match {index!r} due (matches due: 0 to {len(due) - 1}, shown to "
                               f"players as match 1 to {len(due)})")
        match = due[index]
        shown = f"match {self.numbers()[index]}"     # (entries count from 0; people count matches from 1)
        if any(entry.get(side, match[side]) != match[side] for side in ("blue", "red")):
            raise ParlourError(f"{shown} is {match['blue']} (blue) against {match['red']} (red)")
        if kind == "result" and match["points"] is not None:
            raise ParlourError(f"{shown} already has a result; enter a correction to change it")
        if kind == "correction" and match["points"] is None:
            raise ParlourError(f"{shown} has no result yet to correct")
        scores: list[Any] = [entry.get("blue_points"), entry.get("red_points")]
        if any(isinstance(p, bool) or not isinstance(p, int) for p in scores) or sorted(scores)[1] != WIN_POINTS \
                or not 0 <= sorted(scores)[0] < WIN_POINTS:
            raise ParlourError(f"{shown}: the winner scores {WIN_POINTS} and the loser 0 to {WIN_POINTS - 1} (the "
                               f"number of the loser's highest black card not cancelled), not {scores[0]!r} and "
                               f"{scores[1]!r}")
        self._entries.append({"kind": kind, "match": index, "blue": match["blue"], "red": match["red"],
                              "blue_points": scores[0], "red_points": scores[1],
                              **({"meta": dict(entry["meta"])} if entry.get("meta") else {})})

    @property
    def entries(self) -> list[dict[str, Any]]:
        return [dict(e) for e in self._entries]

    def sources(self) -> dict[int, dict[str, Any]]:
        """How the points standing for each match came in, by match: the meta of its latest entry (who entered them,
        and when: ``source``, ``at``) with ``corrected``, True when they replaced earlier points.  A match without
        points (or a decider set aside) is not in it."""
        out: dict[int, dict[str, Any]] = {}
        for m in self.matches():
            if m["points"] is None:
                continue
            own = [e for e in self._results()
                   if e["match"] == m["match"] and (e["blue"], e["red"]) == (m["blue"], m["red"])]
            out[m["match"]] = {**own[-1].get("meta", {}), "corrected": len(own) > 1}
        return out

    # -- what follows from them ----------------------------------------------------
    def matches(self) -> list[dict[str, Any]]:
        """Every match due so far, in order, with its points once entered (``decider`` is 0 in the ring)."""
        latest: dict[int, dict[str, Any]] = {}
        for e in self._results():
            latest[e["match"]] = e
        out: list[dict[str, Any]] = []

        def add(pairs: list[tuple[str, str]], decider: int) -> bool:
            for blue, red in pairs:
                e = latest.get(len(out))
                fits = e is not None and (e["blue"], e["red"]) == (blue, red)
                points = {blue: e["blue_points"], red: e["red_points"]} if e is not None and fits else None
                out.append({"match": len(out), "blue": blue, "red": red, "decider": decider, "points": points,
                            "winner": None if points is None else max(points, key=points.__getitem__)})
            return all(m["points"] is not None for m in out[-len(pairs):])

        if not add(self.fixtures, 0):
            return out
        totals = {p: 0 for p in self.players}
        for m in out:
            for p, pts in m["points"].items():
                totals[p] += pts
        tied = _top(totals, self.players)
        for decider in range(1, MAX_DECIDING_ROUNDS + 1):
            if len(tied) == 1:
                break
            # Level at the top: one deciding match for two, a ring of their own for three or more.
            ring = in_sittings(tied) if self.order == SITTINGS else schedule(tied)
            if not add(ring[: 1 if len(tied) == 2 else None], decider):
                break
            scores = {p: 0 for p in tied}
            for m in out:
                if m["decider"] == decider:
                    for p, pts in m["points"].items():
                        scores[p] += pts
            tied = _top(scores, tied)
        return out

    def numbers(self) -> dict[int, int]:
        """Each match's number as people read it, from 1, by match: the order it is played in, each round sitting by
        sitting.  For a cycle made now that is its place in ``matches`` plus one; a cycle stored before kept the
        ring's order (a ring of four's sitting 1 was its matches 0 and 2), and its numbers are put in playing order
        here, so that the page and the printed sheet read 1, 2 in sitting 1 and 3, 4 in sitting 2 for it too."""
        matches = self.matches()
        if self.order == SITTINGS:
            return {m["match"]: m["match"] + 1 for m in matches}
        per_round = len(self.fixtures) // self.rounds
        order: list[int] = []
        for start in range(0, len(self.fixtures), per_round):
            pairs = self.fixtures[start:start + per_round]
            for sitting in seat(pairs):
                for pair in sitting:       # (a pair comes once in a round: a ring of two's are A-B and B-A)
                    order.append(start + pairs.index(pair))
        order += [m["match"] for m in matches if m["decider"]]
        return {match: n for n, match in enumerate(order, 1)}

    def pending(self) -> list[dict[str, Any]]:
        return [m for m in self.matches() if m["points"] is None]

    def void(self) -> list[dict[str, Any]]:
        """Entries for deciders that a later correction made unnecessary."""
        due = {(m["match"], m["blue"], m["red"]) for m in self.matches()}
        return [e for e in self._results() if (e["match"], e["blue"], e["red"]) not in due]

    def _results(self) -> list[dict[str, Any]]:
        return [e for e in self._entries if e["kind"] != BOTS]

    def bots(self) -> dict[str, Any]:
        """Whether the bots carry the cycle on by themselves (``carrying.bots_state``)."""
        return bots_state(self._entries)

    def report(self) -> dict[str, Any]:
        """The table (ring matches only, champion first among equals), every match and the champion."""
        matches = self.matches()
        table: dict[str, dict[str, Any]] = {p: {"player": p, "played": 0, "won": 0, "points": 0} for p in self.players}
        for m in matches:
            if m["decider"] == 0 and m["points"] is not None:
                for p, pts in m["points"].items():
                    table[p]["played"] += 1
                    table[p]["points"] += pts
                table[m["winner"]]["won"] += 1
        champion = None
        if not any(m["points"] is None for m in matches):
            last = max(m["decider"] for m in matches)
            scores = {p: r["points"] for p, r in table.items()} if last == 0 else {}
            for m in matches:
                if last and m["decider"] == last:
                    for p, pts in m["points"].items():
                        scores[p] = scores.get(p, 0) + pts
            top = _top(scores, [p for p in self.players if p in scores])
            champion = top[0] if len(top) == 1 else None
        rows = sorted(table.values(), key=lambda r: (-r["points"], r["player"] != champion, -r["won"], r["player"]))
        return {"rounds": self.rounds, "table": rows, "matches": [_played(m) for m in matches if not m["decider"]],
                "deciding_matches": [_played(m) for m in matches if m["decider"]], "champion": champion,
                "complete": not any(m["points"] is None for m in matches)}

    # -- to and from JSON -------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "players": self.players, "rounds": self.rounds,
                **({"title": self.title} if self.title is not None else {}),
                **({"order": self.order} if self.order != RING else {}), "entries": self.entries}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any) -> "Cycle":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ParlourError(f"not a Parlour Biggles cycle (its \"format\" should be {FORMAT!r})")
        if data.get("version") != VERSION:
            raise ParlourError(f"cycle data version {data.get('version')!r} is not one this Parlour reads ({VERSION})")
        if not isinstance(data.get("players"), list) or not isinstance(data.get("entries", []), list):
            raise ParlourError("a cycle has a list of players and a list of entries")
        # (a cycle stored before matches were numbered sitting by sitting has no "order": its numbers stay the ring's)
        cycle = cls(data["players"], data.get("rounds", 1), title=data.get("title"), order=data.get("order", RING))
        for i, entry in enumerate(data.get("entries", [])):
            try:
                cycle.add_entry(entry)
            except ParlourError as error:
                raise ParlourError(f"entry {i}: {error}") from None
        return cycle

    @classmethod
    def from_json(cls, text: str | bytes) -> "Cycle":
        try:
            return cls.from_dict(json.loads(text))
        except ValueError as error:
            raise ParlourError(f"cycle data is not JSON: {error}") from None


def default_title(at: float) -> str:
    """A cycle's title where the organiser gives none: "Biggles cycle, 5 December" (the day it is made, in UTC)."""
    day = datetime.fromtimestamp(at, timezone.utc)
    return f"Biggles cycle, {day.day} {day:%B}"


def _check_text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ParlourError(f"{what} must be some text, not {value!r}")
    if len(value.strip()) > MAX_TITLE:
        raise ParlourError(f"{what} is longer than {MAX_TITLE} characters")
    return value.strip()


def _top(scores: dict[str, int], order: list[str]) -> list[str]:
    best = max(scores[p] for p in order)
    return [p for p in order if scores[p] == best]


def _played(match: dict[str, Any]) -> dict[str, Any]:
    return {"blue": match["blue"], "red": match["red"], "points": match["points"], "winner": match["winner"]}
