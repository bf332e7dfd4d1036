"""The lab's one interval: Student's t on per-deal values, the arena's, unclipped for differences.

Every figure the lab reports is a mean over deals of something measured on
each deal (a seat's share of that deal's wins, a deal's mean length, the
difference a variant made on that deal), so each deal is one independent
observation and the t interval on the deal values is honest however the
games within a deal hang together.  Shares in [0, 1] use the arena's own
``score_interval`` (Wilson where the deals do not vary); differences and
lengths use :func:`mean_interval`.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from parlour.sim.arena import score_interval, t_quantile


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean, standard deviation and 95% t interval of per-deal values (no clipping: for differences)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "sd": None, "ci95": None, "n": 0}
    mean = math.fsum(values) / n
    if n < 2:
        return {"mean": round(mean, 4), "sd": None, "ci95": None, "n": n}
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return {"mean": round(mean, 4), "sd": round(sd, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "n": n}


def share_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean and 95% interval of per-deal shares in [0, 1] (the arena's interval), with the half-width reached."""
    n = len(values)
    mean = math.fsum(values) / n if n else 0.0
    low, high = score_interval(values) if n else (0.0, 1.0)
    return {"share": round(mean, 4), "ci95": [round(low, 4), round(high, 4)],
            "half_width": round((high - low) / 2, 4), "n": n}


def deals_for(half_width: float, deals: int, target: float) -> int | None:
    """Deals needed for an interval of ±``target`` at the spread seen (half-width shrinks as 1/sqrt(deals))."""
    if deals < 2 or half_width <= 0:
        return None
    return max(2, math.ceil(deals * (half_width / target) ** 2))
