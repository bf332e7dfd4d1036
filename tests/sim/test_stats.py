"""Running sums give the figures a list of every value gives, however the values are split."""

import json
import random
import statistics
from fractions import Fraction

import pytest

from parlour.sim.stats import Figure, Figures, mean_ci


def test_a_figure_split_any_way_sums_to_the_figure_of_the_whole():
    rng = random.Random(3)
    values = [rng.randint(-40, 90) for _ in range(1000)]
    whole = Figure.of(values, distribution=True)
    for _ in range(5):
        cuts = sorted(rng.sample(range(1, len(values)), 7))
        parts = [values[a:b] for a, b in zip([0, *cuts], [*cuts, len(values)], strict=True)]
        merged = Figure(distribution=True)
        for part in reversed(parts):                      # in any order, too
            merged.merge(Figure.from_json(json.loads(json.dumps(Figure.of(part, distribution=True).to_json()))))
        assert merged.to_json() == whole.to_json()
        assert merged.mean_ci() == whole.mean_ci()
    assert whole.largest == max(values) and whole.n == 1000
    assert sum(whole.distribution().values()) == 1000
    assert list(whole.distribution()) == [str(v) for v in sorted(set(values))]


def test_mean_and_interval_are_the_textbook_ones():
    values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    figures = mean_ci(values)
    mean, sd = statistics.mean(values), statistics.stdev(values)
    half = 1.959964 * sd / len(values) ** 0.5
    assert figures["mean"] == round(mean, 4)
    assert figures["ci95"] == pytest.approx([mean - half, mean + half], abs=1e-4)
    assert mean_ci([]) == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert mean_ci([7]) == {"mean": 7.0, "ci95": [7.0, 7.0]}


def test_values_that_are_not_whole_are_summed_exactly():
    values = [0.1] * 10 + [Fraction(1, 3)] * 3
    figure = Figure.of(values, distribution=True)
    assert figure.total == Fraction(0.1) * 10 + 1
    again = Figure.from_json(json.loads(json.dumps(figure.to_json())))
    assert again.total == figure.total and again.squares == figure.squares
    assert again.distribution() == {"1/3": 3, str(Fraction(0.1)): 10}
    with pytest.raises(TypeError):
        figure.add("3")                                     # type: ignore[arg-type]
    with pytest.raises(TypeError):
        figure.add(True)


def test_figures_keep_names_in_the_order_first_added_and_read_empty_ones_as_empty():
    figures = Figures()
    for seat in ("P1", "P2", "P10", "P3"):
        figures.add(f"total.{seat}", 5)
    figures.add("rounds", 4, distribution=True)
    assert figures.names("total.") == ["P1", "P2", "P10", "P3"]
    assert figures.mean_ci("missing") == {"mean": 0.0, "ci95": [0.0, 0.0]}
    assert figures.distribution("missing") == {} and figures.largest("missing") == 0 and figures.total("missing") == 0
    other = Figures()
    other.add("rounds", 6, distribution=True)
    other.add("extra", 1)
    figures.merge(other)
    assert figures.distribution("rounds") == {"4": 1, "6": 1} and figures.total("extra") == 1
    assert Figures.from_json(json.loads(json.dumps(figures.to_json()))).to_json() == figures.to_json()
