"""What is speed worth in Biggles?  Win rate across a range of speed differences.

Player P1 is the chosen level made faster or slower by a factor (turning and
reacting times divided by it); P2 plays the level as it is.  At factor 1 the
only difference between them is the luck of the shuffle (and the packs change
hands every match), so the curve shows how much speed buys against the cards.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path
from typing import Any, Callable, Sequence

from parlour.games.biggles import GAME
from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.twin import race
from parlour.sim import mean_ci, wilson_interval

FACTORS = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)


def sweep(level: str, games: int, seed: int, factors: Sequence[float] = FACTORS,
          progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    master = random.Random(seed)
    rows = []
    done = 0
    for factor in factors:
        wins = 0
        points: tuple[list[int], list[int]] = ([], [])
        for _ in range(games):
            game_seed = master.randrange(2**63)
            bots = [ReflexBot(0, master.randrange(2**63), level, speed=factor),
                    ReflexBot(1, master.randrange(2**63), level)]
            result = race(GAME.new_state(seats=2, seed=game_seed), bots).result()
            wins += result["winner"] == "P1"
            points[0].append(result["points"]["P1"])
            points[1].append(result["points"]["P2"])
            done += 1
            if progress:
                progress(done)
        low, high = wilson_interval(wins, games)
        rows.append({
            "speed_factor": factor, "games": games, "p1_wins": wins, "p1_win_rate": round(wins / games, 4),
            "ci95_low": round(low, 4), "ci95_high": round(high, 4),
            "p1_mean_points": mean_ci(points[0])["mean"], "p2_mean_points": mean_ci(points[1])["mean"],
        })
    return rows


def write_sweep(rows: list[dict[str, Any]], out: Path, level: str) -> dict[str, str]:
    """CSV and PNG of the sweep into ``out``; returns their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    csv_path, png_path = out / "biggles-speed-sweep.csv", out / "biggles-speed-sweep.png"
    with csv_path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    x = [r["speed_factor"] for r in rows]
    y = [r["p1_win_rate"] for r in rows]
    low = [r["p1_win_rate"] - r["ci95_low"] for r in rows]
    high = [r["ci95_high"] - r["p1_win_rate"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=120)
    ax.errorbar(x, y, yerr=[low, high], marker="o", capsize=3, color="#1f4e79")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.axvline(1.0, color="grey", lw=0.8, ls=":")
    ax.set_xscale("log")
    ax.set_xticks(x)
    ax.set_xticklabels([f"{f:g}" for f in x])
    ax.set_ylim(0, 1)
    ax.set_xlabel(f"P1's speed relative to P2 (both '{level}' bots)")
    ax.set_ylabel("P1's game win rate (95% interval)")
    ax.set_title(f"Biggles: what speed is worth ({rows[0]['games']} games a point)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(png_path)
    plt.close(fig)
    return {"csv": str(csv_path), "png": str(png_path)}
