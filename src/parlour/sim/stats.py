"""Statistics kept as running sums, so a simulation's memory stays flat however many games it plays.

A :class:`Figure` is one quantity over many games (goals in a match, rounds in
a game): how many values, their exact sum and sum of squares, the largest,
and, when asked for, how often each value came.  The sums are exact (whole
numbers, or fractions for any value that is not whole), so figures summed
chunk by chunk, in any split and on any number of machines, give the same
report to the last digit as figures summed game by game.

:class:`Figures` is a set of named figures: what a game's ``tally`` adds one
finished game to, and what its ``summarise`` reads its report from.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any, Iterable, Iterator, Mapping

Number = int | float | Fraction

#: the 97.5th percentile of the standard normal: two-sided 95% intervals
Z95 = 1.959964


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval: well behaved near 0 and 1, unlike the normal one."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _exact(value: Number) -> int | Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise TypeError(f"a figure takes numbers, not {value!r}")
    return value if isinstance(value, int) else Fraction(value)


def _to_json(value: int | Fraction) -> int | str:
    return value if isinstance(value, int) else str(value)


def _from_json(value: int | str) -> int | Fraction:
    return value if isinstance(value, int) else Fraction(value)


class Figure:
    """One quantity over many games: count, exact sum and sum of squares, largest, and its distribution if kept."""

    __slots__ = ("n", "total", "squares", "largest", "counts")

    def __init__(self, distribution: bool = False):
        self.n = 0
        self.total: int | Fraction = 0
        self.squares: int | Fraction = 0
        self.largest: int | Fraction | None = None
        self.counts: Counter[int | Fraction] | None = Counter() if distribution else None

    @classmethod
    def of(cls, values: Iterable[Number], distribution: bool = False) -> "Figure":
        figure = cls(distribution)
        for value in values:
            figure.add(value)
        return figure

    def add(self, value: Number) -> None:
        value = _exact(value)
        self.n += 1
        self.total += value
        self.squares += value * value
        if self.largest is None or value > self.largest:
            self.largest = value
        if self.counts is not None:
            self.counts[value] += 1

    def merge(self, other: "Figure") -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        if other.largest is not None and (self.largest is None or other.largest > self.largest):
            self.largest = other.largest
        if other.counts is not None:
            if self.counts is None:
                self.counts = Counter()
            self.counts.update(other.counts)

    def mean_ci(self, z: float = Z95) -> dict[str, Any]:
        """Mean and its 95% interval (normal approximation with the sample variance), to four places."""
        if self.n == 0:
            return {"mean": 0.0, "ci95": [0.0, 0.0]}
        mean = Fraction(self.total) / self.n
        # the sample variance from the exact sums: (sum of squares - n * mean^2) / (n - 1)
        variance = (self.squares - self.n * mean * mean) / (self.n - 1) if self.n > 1 else Fraction(0)
        half = z * math.sqrt(variance / self.n)
        centre = float(mean)
        return {"mean": round(centre, 4), "ci95": [round(centre - half, 4), round(centre + half, 4)]}

    def distribution(self) -> dict[str, int]:
        """How often each value came, smallest first, keyed by the value as text (as JSON keys are)."""
        return {_plain(value): count for value, count in sorted((self.counts or {}).items())}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"n": self.n, "total": _to_json(self.total), "squares": _to_json(self.squares),
                               "largest": None if self.largest is None else _to_json(self.largest)}
        if self.counts is not None:
            out["counts"] = [[_to_json(value), count] for value, count in sorted(self.counts.items())]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Figure":
        figure = cls("counts" in data)
        figure.n = data["n"]
        figure.total, figure.squares = _from_json(data["total"]), _from_json(data["squares"])
        figure.largest = None if data["largest"] is None else _from_json(data["largest"])
        if figure.counts is not None:
            figure.counts.update({_from_json(value): count for value, count in data["counts"]})
        return figure


def _plain(value: int | Fraction) -> str:
    return str(value if isinstance(value, int) or value.denominator != 1 else value.numerator)


class Figures:
    """Named figures: a game's ``tally(result, figures)`` adds to them, its ``summarise(figures)`` reads them.

    A figure read before anything was added to it is empty (mean 0, no
    distribution), as a report over no games should be.
    """

    __slots__ = ("_figures",)

    def __init__(self) -> None:
        self._figures: dict[str, Figure] = {}

    def add(self, name: str, value: Number, *, distribution: bool = False) -> None:
        """Add one value to the figure ``name``; ``distribution`` keeps how often each value came."""
        figure = self._figures.get(name)
        if figure is None:
            figure = self._figures[name] = Figure(distribution)
        figure.add(value)

    def __getitem__(self, name: str) -> Figure:
        return self._figures.get(name) or Figure()

    def __iter__(self) -> Iterator[str]:
        return iter(self._figures)

    def __len__(self) -> int:
        return len(self._figures)

    def mean_ci(self, name: str) -> dict[str, Any]:
        return self[name].mean_ci()

    def distribution(self, name: str) -> dict[str, int]:
        return self[name].distribution()

    def total(self, name: str) -> int | float:
        total = self[name].total
        return total if isinstance(total, int) else float(total)

    def largest(self, name: str) -> int | float:
        """The largest value added to ``name`` (0 when none was)."""
        largest = self[name].largest
        return 0 if largest is None else largest if isinstance(largest, int) else float(largest)

    def names(self, prefix: str) -> list[str]:
        """What follows ``prefix`` in the names that start with it, in the order first added (seats, say)."""
        return [name[len(prefix):] for name in self._figures if name.startswith(prefix)]

    def merge(self, other: "Figures") -> None:
        for name, figure in other._figures.items():
            if name in self._figures:
                self._figures[name].merge(figure)
            else:
                self._figures[name] = copy = Figure()
                copy.merge(figure)

    def to_json(self) -> dict[str, Any]:
        return {name: figure.to_json() for name, figure in self._figures.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Figures":
        figures = cls()
        figures._figures = {name: Figure.from_json(figure) for name, figure in data.items()}
        return figures


def mean_ci(values: Iterable[Number], z: float = Z95) -> dict[str, Any]:
    """Mean and 95% interval of a list of values (what a :class:`Figure` of them reports)."""
    return Figure.of(values).mean_ci(z)
