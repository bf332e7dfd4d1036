"""Batch simulation: many bot games from one seed, with honest error bars.

Every game's seed and every bot's seed are drawn from one master generator,
so ``simulate(game, n, seed)`` is the same run, figure for figure, every time.
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Sequence

from parlour.bots import make_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.record import record_of


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval: well behaved near 0 and 1, unlike the normal one."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = 1.959964) -> dict[str, float]:
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "ci95": [0.0, 0.0]}
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


#: the ceiling: a bot game still going after this many actions is stopped there, unfinished, and
#: counted as such in the report (a safety net: with the default bots every game ends long before)
MAX_ACTIONS = 200_000


def play_game(
    game: GameDescriptor,
    bots: Sequence[Any],
    *,
    seats: int,
    seed: int,
    variant: dict[str, Any] | None = None,
    max_actions: int | None = None,
) -> Any:
    """One whole game between bots; returns the last state, finished unless it reached the ceiling.

    ``max_actions`` is the ceiling (``MAX_ACTIONS`` when not given): a game
    still going after that many actions is returned as it stands, unfinished.
    """
    if game.play_game is not None:
        return game.play_game(game, bots, seats=seats, seed=seed, variant=variant)
    limit = MAX_ACTIONS if max_actions is None else max_actions
    state = game.new_state(seats=seats, variant=variant, seed=seed)
    while not state.is_over and len(state.history) < limit:
        for seat in sorted(state.to_move):
            legal = state.legal_actions(seat)
            if legal:
                bot = bots[seat]
                view = state.observation(seat) if getattr(bot, "reads_observation", True) else None
                state.apply(seat, bot.act(view, legal))
                break
    return state


def _one_game(job: tuple, game: GameDescriptor | None = None) -> dict[str, Any]:
    """One game of a simulation, in this process or a worker (which finds the game by id)."""
    game_id, bot_names, game_seed, bot_seeds, variant, records_dir, seed, index, max_actions = job
    if game is None:
        from parlour.games import get_game

        game = get_game(game_id)
    seats = len(bot_names)
    bots = [make_bot(game, name, s, bot_seeds[s]) for s, name in enumerate(bot_names)]
    state = play_game(game, bots, seats=seats, seed=game_seed, variant=variant, max_actions=max_actions)
    if records_dir is not None:
        seat_info = [{"name": n, "player": f"bot:{b}"} for n, b in zip(game.seat_names(seats), bot_names)]
        record_of(state, seat_info, meta={"simulation_seed": seed, "game_index": index}).save(
            Path(records_dir) / f"{game.id}-{seed}-{index:05d}.json"
        )
    # How long it ran, and whether it ended or was stopped at the ceiling, go with its result.
    return {**state.result(), "actions": len(state.history), "ended": state.is_over}


def simulate(
    game: GameDescriptor,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    *,
    variant: dict[str, Any] | None = None,
    records_dir: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    max_actions: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` bot games and sum them up; ``workers`` processes share them, with the same results.

    A game that reaches the ceiling (``max_actions``, by default ``MAX_ACTIONS``)
    is stopped there and counted under ``ceiling``, not among the wins and draws.
    """
    limit = MAX_ACTIONS if max_actions is None else max_actions
    seats = len(bot_names)
    game.check_seats(seats)
    resolved = game.variant(variant)
    master = random.Random(seed)
    if records_dir is not None:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    # Every seed is drawn here, in order, so the games are the same however many processes play them.
    jobs = []
    for i in range(games):
        game_seed = master.randrange(2**63)
        bot_seeds = [master.randrange(2**63) for _ in bot_names]
        jobs.append((game.id, tuple(bot_names), game_seed, tuple(bot_seeds), resolved, records_dir, seed, i, limit))
    results = []
    if workers > 1 and games > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for result in pool.imap(_one_game, jobs, chunksize=max(1, min(64, games // (workers * 8)))):
                results.append(result)
                if progress is not None:
                    progress(len(results))
    else:
        for job in jobs:
            results.append(_one_game(job, game))
            if progress is not None:
                progress(len(results))
    ended = [r for r in results if r["ended"]]
    stopped = [r for r in results if not r["ended"]]
    winners = Counter(r.get("winner") for r in ended)
    outcomes = {}
    for key in game.winner_sides(seats):
        low, high = wilson_interval(winners[key], games)
        outcomes[str(key)] = {"wins": winners[key], "rate": round(winners[key] / games, 4) if games else 0.0,
                              "ci95": [round(low, 4), round(high, 4)]}
    low, high = wilson_interval(winners[None], games)
    summary: dict[str, Any] = {
        "game": game.id,
        "games": games,
        "seed": seed,
        "seats": seats,
        "bots": list(bot_names),
        "variant": resolved,
        "results": {
            "wins": outcomes,
            "draws": {"count": winners[None], "rate": round(winners[None] / games, 4) if games else 0.0,
                      "ci95": [round(low, 4), round(high, 4)]},
            "ended": len(ended),
            "ceiling": {"games": len(stopped), "max_actions": limit},
            "actions_per_game": {**mean_ci([r["actions"] for r in results]),
                                 "longest": max((r["actions"] for r in results), default=0)},
        },
    }
    if game.summarise is not None:
        # The game's own figures describe the games that ended; those stopped are summed up apart.
        summary["results"].update(game.summarise(ended))
        if stopped:
            summary["results"]["ceiling"]["at_stop"] = game.summarise(stopped)
    return summary
