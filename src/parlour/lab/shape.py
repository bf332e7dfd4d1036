"""Length and shape: how long a game runs, how much that varies, and how soon it is settled.

Lengths are counted in decisions (every action a player takes), and where the
game has them in rounds (Squadron Scramble) or tricks (Football Whist).  Each
comes as a mean with its 95% interval over deals (a deal's value is its mean
over the deal's games), the spread of single games (standard deviation and
the 10th, 50th and 90th percentiles) and a histogram.

*Decided early* is the share of decided games (not drawn) whose winners led
alone for good from half-way or sooner (``decided_at`` <= 0.5, see
``parlour.lab.play``); ``decided_at`` itself is summed up as a mean, and the
lead changes a game as a mean.  A designer reads the two together: a game
settled early with few lead changes leaves its last half to be played out.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from parlour.lab.intervals import mean_interval
from parlour.lab.seats import by_deal
from parlour.sim.stats import wilson_interval

#: decided early: the winners led for good from this share of the game on
EARLY = 0.5
#: bins of a length histogram
BINS = 12


def _figure(rows: Sequence[Mapping[str, Any]], key: str) -> dict[str, Any] | None:
    values = [row[key] for row in rows if row.get(key) is not None]
    if not values:
        return None
    deal_means = [float(np.mean([r[key] for r in games if r.get(key) is not None]))
                  for games in by_deal(rows).values() if any(r.get(key) is not None for r in games)]
    array = np.asarray(values, dtype=float)
    low, high = float(array.min()), float(array.max())
    counts, edges = np.histogram(array, bins=BINS if high > low else 1)
    summary = mean_interval(deal_means)
    return {"mean": summary["mean"], "ci95": summary["ci95"],
            "sd": round(float(array.std(ddof=1)), 4) if len(values) > 1 else None,
            "p10": float(np.percentile(array, 10)), "median": float(np.percentile(array, 50)),
            "p90": float(np.percentile(array, 90)), "min": low, "max": high,
            "histogram": {"edges": [round(float(e), 4) for e in edges], "counts": [int(c) for c in counts]}}


def length_and_shape(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The length figures and how soon games are decided, from the lab's rows."""
    out: dict[str, Any] = {}
    for key in ("decisions", "rounds", "tricks"):
        figure = _figure(rows, key)
        if figure is not None:
            out[key] = figure
    settled = [row["decided_at"] for row in rows if row.get("decided_at") is not None]
    if settled:
        early = sum(1 for value in settled if value <= EARLY)
        low, high = wilson_interval(early, len(settled))
        out["decided_early"] = {"rule": f"the winners led alone for good from {EARLY:.0%} of the decisions or sooner",
                                "games": len(settled), "count": early, "rate": round(early / len(settled), 4),
                                "ci95": [round(low, 4), round(high, 4)]}
        out["decided_at"] = {"mean": round(float(np.mean(settled)), 4),
                             "median": round(float(np.median(settled)), 4)}
        changes = [row["lead_changes"] for row in rows if row.get("decided_at") is not None]
        out["lead_changes"] = {"mean": round(float(np.mean(changes)), 4), "max": int(max(changes))}
    unfinished = sum(1 for row in rows if not row["ended"])
    out["unfinished"] = unfinished
    return out
