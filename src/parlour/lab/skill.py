"""Luck and skill: how far the bot ladder's ratings spread, and where that puts the game between chess and dice.

**The ladder.**  Every bot of the game, weakest first (``random``, the
casual player, the game's own bots, ``pimc``, ``expert``; the search bots on a
small budget so that a run takes minutes), plays every other in the arena's
duplicate play (``parlour.sim.arena``: the same deals, the seats rotated).
Each pair's score is the arena's: A's share of the winning seats, averaged
over a deal's seatings and then over deals.

**Ratings and their spread.**  The pair scores are fitted with a
Bradley-Terry model on the Elo scale (a 400-point gap: 10 to 1 odds), by
maximum likelihood over the games, each pair given one drawn game more as a
weak prior so that a clean sweep does not send a rating to infinity.  The
*spread* is the standard deviation of the ladder's ratings: wide where the
better player nearly always wins, zero where no one can do better than
anyone else.

**On the chess-with-coin-flips scale.**  Duersch, Lambrecht and Oechssler
(2020) measure how much a game is skill by the spread of its players' ratings,
and place it against chess with a share of its results replaced by coin
flips: poker's spread is chess's with about three quarters of the games
decided by a coin.  The lab does the same with its own ladder, with the chess
of the ladder taken to be a game of pure skill *between these bots*, one in
which the better of two always wins: with a share ``q`` of the games decided
by a coin the better bot scores ``1 - q/2`` against every worse one.  The
share ``q`` at which that reference's fitted spread (same bots, same games a
pair, same prior) equals the game's spread is the **coin-flip share**: 0 for
a game of pure skill, 1 for a game of pure chance.  Its 95% interval comes
from the bootstrap over deals (a deal is played by every pair, so a deal
drawn again is drawn for every pair).  It is a placement on a scale, not a
measure of the game alone: a ladder of weaker bots would leave more to the
cards.

**Depth.**  The ladder's depth is the number of levels in the longest chain
from the weakest bot up, each level beating the one counted below it at 60%
or more (Lasker's and Cornelius's skill-chain count, here over bots rather
than people): 1 where nobody beats random play that often.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import asdict, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from parlour.bots import bot_names
from parlour.bots.search import SEARCH_BOTS
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.sim.arena import Arena, Game, jobs, play_job, score_interval, score_of, seatings
from parlour.sim.backends import Backend

#: the search bots' iterations a decision on the ladder by default: small, so that a ladder takes minutes
ITERATIONS = 20
#: a ladder game still going after this many actions is stopped there and counts as a draw (the arena's rule)
MAX_ACTIONS = 3000
#: a level beats the one below when it scores at least this
STEP = 0.6
#: Elo points for odds of 10 to 1
ELO = 400 / math.log(10)
#: deals a job of the ladder: fixed, so that a run carried on finds its jobs where it left them
JOB_DEALS = 4
#: bootstrap draws over deals for the coin-flip share's interval
BOOTSTRAP = 200


def ladder(game: GameDescriptor, iterations: int = ITERATIONS) -> list[str]:
    """The game's bots weakest first, each search bot with its budget on its name (``expert:20``)."""
    return [f"{name}:{iterations}" if name in SEARCH_BOTS else name for name in bot_names(game)]


def play_ladder(game: GameDescriptor, bots: Sequence[str], deals: int, seed: int, seats: int,
                variant: Mapping[str, Any], backend: Backend, max_actions: int = MAX_ACTIONS,
                progress: Any = None, folder: Path | None = None) -> tuple[Arena, list[Game]]:
    """Every pair of the ladder on the same deals in every seating (the arena's jobs, on ``backend``).

    With a ``folder`` each job's games are kept as they come (``ladder/KEY/INDEX.json``) and read, not played
    again, by a run carried on.
    """
    arena = Arena(game.id, tuple(bots), deals, seed, seats, dict(variant), max_actions=max_actions)
    todo, done = [], {}
    for index, job in enumerate(jobs(arena, JOB_DEALS)):
        path = None if folder is None else _kept(folder, arena, index)
        if path is not None and path.exists():
            done[index] = _load(path)
        else:
            todo.append((index, job))
    count = sum(len(games) for games in done.values())
    for (index, _job), result in zip(todo, backend.map(play_job, (job for _i, job in todo)), strict=True):
        done[index] = result
        if folder is not None:
            path = _kept(folder, arena, index)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps([asdict(g) for g in result], separators=(",", ":")))
        count += len(result)
        if progress is not None:
            progress(count)
    return arena, [g for index in sorted(done) for g in done[index]]


def _kept(folder: Path, arena: Arena, index: int) -> Path:
    key = json.dumps([arena.game, arena.bots, arena.deals, arena.seed, arena.seats, arena.variant, arena.max_actions])
    return folder / "ladder" / hashlib.sha256(key.encode()).hexdigest()[:16] / f"{index:05d}.json"


def _load(path: Path) -> list[Game]:
    return [Game(**{**g, "winners": tuple(g["winners"])}) for g in json.loads(path.read_text())]


def kept_ladder(game: GameDescriptor, folder: Path, bots: Sequence[str], deals: int, seed: int, seats: int,
                variant: Mapping[str, Any]) -> tuple[Arena, list[Game]]:
    """A finished run's ladder (or any arena the lab played) as kept in its folder (refused if games are missing)."""
    arena = Arena(game.id, tuple(bots), deals, seed, seats, dict(variant), max_actions=MAX_ACTIONS)
    games = []
    for index, _job in enumerate(jobs(arena, JOB_DEALS)):
        path = _kept(folder, arena, index)
        if not path.exists():
            raise ParlourError(f"{folder} is unfinished (some bot games are missing): run its command again to "
                               "carry it on, then merge")
        games.extend(_load(path))
    return arena, games


def skill_pair(game: GameDescriptor) -> tuple[str, str]:
    """The two players whose match measures how much a rule rewards skill: the newcomer and the club player."""
    from parlour.bots import bot_names, own_bot

    strong = "club" if "club" in bot_names(game) else own_bot(game)
    return ("newcomer", strong)


def stronger_scores(game: GameDescriptor, arena: Arena, games: Sequence[Game]) -> dict[int, float]:
    """Each deal's score of the second bot of a two-bot arena (the stronger, in ``skill_pair``)."""
    scores = deal_scores(game, arena, games)
    return {deal: 1 - float(scores[0, deal]) for deal in range(arena.deals)}


def merge_ladders(ladders: Sequence[tuple[Arena, list[Game]]]) -> tuple[Arena, list[Game]]:
    """Ladders of the same bots with different seeds as one: the deals of each after those of the one before."""
    first = ladders[0][0]
    games: list[Game] = []
    offset = 0
    for arena, played in ladders:
        games.extend(replace(g, deal=g.deal + offset) for g in played)
        offset += arena.deals
    return replace(first, deals=offset), games


def deal_scores(game: GameDescriptor, arena: Arena, games: Sequence[Game]) -> np.ndarray:
    """A's deal score for every pair and deal: an array of shape (pairs, deals)."""
    rotation = seatings(game, arena.seats)
    out = np.zeros((len(arena.pairs), arena.deals))
    for g in games:
        out[g.pair, g.deal] += float(score_of(rotation[g.seating], g.winners)) / len(rotation)
    return out


def fit_ratings(bots: int, pairs: Sequence[tuple[int, int]], scores: Sequence[float], games: int) -> np.ndarray:
    """Bradley-Terry ratings on the Elo scale from each pair's score over ``games`` games (one draw added a pair).

    Centred on their mean; the weakest can be read off as the lowest.
    """
    shrunk = np.array([(s * games + 0.5) / (games + 1) for s in scores])
    a = np.array([p[0] for p in pairs])
    b = np.array([p[1] for p in pairs])
    r = np.zeros(bots)
    for _ in range(100):                     # Newton's method: the log-likelihood is concave in the ratings
        p = 1 / (1 + np.exp(-(r[a] - r[b])))
        grad = np.zeros(bots)
        np.add.at(grad, a, shrunk - p)
        np.add.at(grad, b, p - shrunk)
        w = p * (1 - p)
        hessian = np.ones((bots, bots))        # the all-ones direction pins the mean at 0
        np.add.at(hessian, (a, a), w)
        np.add.at(hessian, (b, b), w)
        np.add.at(hessian, (a, b), -w)
        np.add.at(hessian, (b, a), -w)
        step = np.linalg.solve(hessian, grad - r.sum())
        r = r + step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    return (r - r.mean()) * ELO


def spread(ratings: np.ndarray) -> float:
    """The standard deviation of the ladder's ratings (Elo points)."""
    return float(np.std(ratings, ddof=1))


def reference_spread(bots: int, games: int, coin_share: float) -> float:
    """The spread of a ladder of ``bots`` in a game of pure skill with ``coin_share`` of its games decided by a coin."""
    pairs = [(i, j) for i in range(bots) for j in range(i + 1, bots)]
    # bot j is better than bot i for j > i: A (the weaker) scores q/2
    return spread(fit_ratings(bots, pairs, [coin_share / 2] * len(pairs), games))


class Scale:
    """The reference's spread on a grid of coin-flip shares, read backwards: spread -> share."""

    def __init__(self, bots: int, games: int, steps: int = 100):
        self.shares = np.linspace(0.0, 1.0, steps + 1)
        self.spreads = np.array([reference_spread(bots, games, q) for q in self.shares])

    def share(self, value: float) -> float:
        """The coin-flip share whose reference spread is ``value`` (spreads fall as the share rises)."""
        if value >= self.spreads[0]:
            return 0.0
        if value <= self.spreads[-1]:
            return 1.0
        return float(np.interp(value, self.spreads[::-1], self.shares[::-1]))


def depth(order: Sequence[int], score: Any) -> tuple[int, list[int]]:
    """The longest chain up the ladder (weakest first) in which each level beats the last counted at ``STEP``."""
    chain = [order[0]]
    for level in order[1:]:
        if score(level, chain[-1]) >= STEP:
            chain.append(level)
    return len(chain), chain


def _basic(estimate: float, draws: Sequence[float], low: float, high: float | None, places: int) -> list[float]:
    """The basic (reflected) bootstrap interval, 2 x estimate - the draws' 97.5th and 2.5th percentiles, clipped.

    A resampled ladder is noisier than the one played, and noise widens a fitted spread, so the draws sit to one
    side of the estimate; reflecting them about it corrects for that bias, as percentiles would not.
    """
    a = 2 * estimate - float(np.percentile(draws, 97.5))
    b = 2 * estimate - float(np.percentile(draws, 2.5))
    a, b = max(low, a), b if high is None else min(high, b)
    return [round(a, places), round(b, places)]


def luck_and_skill(game: GameDescriptor, arena: Arena, games: Sequence[Game], seed: int = 0,
                   bootstrap: int = BOOTSTRAP) -> dict[str, Any]:
    """The ladder's pair scores, ratings, spread, coin-flip share (with a bootstrap interval) and depth."""
    bots = list(arena.bots)
    pairs = [(bots.index(a), bots.index(b)) for a, b in arena.pairs]
    scores = deal_scores(game, arena, games)
    per_pair = len(seatings(game, arena.seats)) * arena.deals
    mean_scores = scores.mean(axis=1)
    ratings = fit_ratings(len(bots), pairs, list(mean_scores), per_pair)
    observed = spread(ratings)
    scale = Scale(len(bots), per_pair)
    share = scale.share(observed)
    rng = random.Random(f"lab ladder bootstrap/{seed}")
    spreads, shares = [], []
    for _ in range(bootstrap):
        pick = [rng.randrange(arena.deals) for _ in range(arena.deals)]
        again = scores[:, pick].mean(axis=1)
        value = spread(fit_ratings(len(bots), pairs, list(again), per_pair))
        spreads.append(value)
        shares.append(scale.share(value))
    order = sorted(range(len(bots)), key=lambda i: (ratings[i], i))

    def score(x: int, y: int) -> float:
        if (y, x) in pairs:
            return 1 - float(mean_scores[pairs.index((y, x))])
        return float(mean_scores[pairs.index((x, y))])

    levels, chain = depth(order, score)
    unfinished = sum(1 for g in games if not g.ended)
    rows = []
    for p, (a, b) in enumerate(arena.pairs):
        low, high = score_interval([Fraction(x).limit_denominator(10**6) for x in scores[p]])
        rows.append({"a": a, "b": b, "score": round(float(mean_scores[p]), 4), "ci95": [round(low, 4), round(high, 4)]})
    steps = []
    for below, above in zip(order, order[1:], strict=False):
        steps.append({"lower": bots[below], "upper": bots[above], "score": round(score(above, below), 4),
                      "step": score(above, below) >= STEP})
    return {
        "bots": bots,
        "deals": arena.deals,
        "games_a_pair": per_pair,
        "max_actions": arena.max_actions,
        "unfinished": unfinished,
        "pairs": rows,
        "ratings": [{"bot": bots[i], "elo": round(float(ratings[i] - ratings[order[0]]), 1)} for i in order],
        "rating_spread": {"elo_sd": round(observed, 1), "ci95": _basic(observed, spreads, 0.0, None, 1)},
        "coin_flip_share": {"share": round(share, 3), "ci95": _basic(share, shares, 0.0, 1.0, 3),
                            "reference": "pure skill between these bots (the better always wins), a share of "
                                         "games replaced by coin flips, fitted alike",
                            "bootstrap": bootstrap},
        "steps": steps,
        "depth": {"levels": levels, "chain": [bots[i] for i in chain], "step": STEP},
    }
