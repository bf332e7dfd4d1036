"""The arena: bots against each other in duplicate play, with honest intervals and ratings.

**Duplicate deals.**  Every pair of bots (A, B), in the order the bots are
listed, plays the same deals: deal ``d``'s seed is the ``d``-th number drawn
from ``random.Random(seed)``, the same for every pair.  Each deal is played
once for every *seating* of the rotation set, so that each bot sits in each
seat equally often on every deal and the luck of the cards cancels:

* a partnership game (Football Whist: partners 0 & 2 against 1 & 3): A holds
  seats 0 and 2 and B seats 1 and 3 (``ABAB``), then the other way round
  (``BABA``): two games a deal;
* two seats: ``AB`` and ``BA``;
* P > 2 seats: every rotation of one A against P - 1 Bs, and of one B against
  P - 1 As (P = 3: ``ABB BAB BBA BAA ABA AAB``): 2P games a deal, in which
  each bot sits in each seat exactly P times.  (All 2^P - 2 mixtures would
  grow too fast; this subset is the balanced one.)

A bot's seed in a game is drawn from the arena's seed, the deal, the seating
and the seat, so the same arena plays the same games wherever they are
played (:mod:`parlour.sim.backends`: this process, local processes, Ray).

**Scores.**  In one game A scores the share of A's seats among the winning
seats: 1 if every winner is A's, 0 if every winner is B's, in between for a
win shared by both bots' seats or a draw (every seat counts as a winner: so a
draw gives A the share of the seats A holds).  A game stopped unfinished at the
action ceiling counts as a draw.  A's *deal score* is its mean over the deal's
seatings (in [0, 1]; 0.5 between equal bots, since the seatings are mirrored),
and A's score against B is the mean of its deal scores.

**Interval.**  The 95% interval of a pair's score is Student's t on the deal
scores (mean ± t(0.975, n - 1) · s / √n, n deals, clipped to [0, 1]): each
deal is one independent observation, and the spread left once the seats are
rotated is what it measures, which is the point of playing in duplicate.
Where every deal scored the same (no spread to estimate: a zero-width t
interval would claim certainty) the Wilson interval of that score over the n
deals is given instead, which is conservative for a score in [0, 1] since no
such score has more variance than a win-or-lose one.  One deal: [0, 1].

**Ratings.**  Every game played is rated with OpenSkill's Plackett-Luce model
(the ``openskill`` package, Weng & Lin 2011), each game as two teams, A's seats
and B's seats, each team the one bot that fills its seats (partners are one
team): A's side ranks first when every winner is A's, B's when every winner is
B's, and they tie otherwise.  Bots do not change between games, so the
model's drift ``tau`` is 0.  Rated one game after another, a rating would
hang on the order of the games, so they are rated in several orders (shuffles
from fixed seeds) and the ratings averaged (``rate``).  Each bot has ``mu``,
``sigma`` and the conservative ``ordinal`` mu - 3 sigma, by which the bots
are ranked.

The report also gives A's mean score in each seating (``by_seating``: a seat's
advantage shows there) and counts A's wins, B's wins, the games drawn or
shared, and those stopped unfinished.

Everything here computes and nothing prints (``plot_ratings`` writes the PNG it
is asked for).  The same arena gives the same
report, byte for byte as JSON, whatever the backend (with a budget in
iterations: a search bot's budget in seconds depends on the machine's speed).
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from parlour.bots import make_bot
from parlour.bots.search import SEARCH_BOTS
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.errors import ParlourError
from parlour.sim.backends import Backend, LocalBackend
from parlour.sim.play import MAX_ACTIONS, play_game
from parlour.sim.stats import Z95

#: deals a job at most: the unit a worker plays and sends back
MAX_DEALS_A_JOB = 50
#: the conservative ordinal: mu - ORDINAL_Z * sigma
ORDINAL_Z = 3.0


@dataclass(frozen=True)
class Arena:
    """What one arena plays: enough to play it again anywhere, game for game."""

    game: str
    bots: tuple[str, ...]
    deals: int
    seed: int
    seats: int
    variant: dict[str, Any] = field(default_factory=dict)
    #: the search bots' budget (``parlour.bots.search``): iterations, or seconds, a decision (neither: their default)
    iterations: int | None = None
    seconds: float | None = None
    max_actions: int = MAX_ACTIONS
    #: players that are not the game's bots, by the name they go by in ``bots``: ``factory(seat, seed)`` (a learned
    #: policy seated by ``parlour.research.policy.PolicyBot.factory``); they must pickle for worker processes
    players: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    def make(self, game: GameDescriptor, name: str, seat: int, seed: int) -> Any:
        """The player called ``name`` at ``seat``: one of ``players``, or the game's bot by that name."""
        factory = self.players.get(name)
        if factory is not None:
            return factory(seat, seed)
        return make_bot(game, name, seat, seed, **self.options(name))

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """Every pair of bots, A listed before B."""
        return [(a, b) for i, a in enumerate(self.bots) for b in self.bots[i + 1:]]

    def options(self, name: str) -> dict[str, Any]:
        """What ``make_bot`` is given for the bot ``name``: the budget, for a search bot only."""
        if name not in SEARCH_BOTS:
            return {}
        budget = {"iterations": self.iterations, "seconds": self.seconds}
        return {key: value for key, value in budget.items() if value is not None}


# -- seatings and scores --------------------------------------------------------------------------------------

def is_partnership(game: GameDescriptor, seats: int) -> bool:
    """Whether the game's sides are partnerships of seats (seat s plays for side s mod the number of sides)."""
    if game.sides is None:
        return False
    sides = game.sides(seats)
    return 1 < len(sides) < seats and seats % len(sides) == 0


def seatings(game: GameDescriptor, seats: int) -> list[tuple[int, ...]]:
    """The rotation set: each seating gives every seat 0 (bot A) or 1 (bot B); see the module's docstring."""
    if is_partnership(game, seats):
        sides = len(game.winner_sides(seats))
        return [tuple(0 if s % sides == 0 else 1 for s in range(seats)),
                tuple(1 if s % sides == 0 else 0 for s in range(seats))]
    out: list[tuple[int, ...]] = []
    for alone in (0, 1):
        for seat in range(seats):
            seating = tuple(alone if s == seat else 1 - alone for s in range(seats))
            if seating not in out:
                out.append(seating)
    return out


def seating_text(seating: Sequence[int]) -> str:
    """``(0, 1, 0, 1)`` as ``ABAB``."""
    return "".join("AB"[bot] for bot in seating)


def winning_seats(game: GameDescriptor, seats: int, state: Any) -> tuple[int, ...]:
    """The seats that won the game: one, a partnership's, those sharing a win, or all of them (a draw, unfinished)."""
    if not state.is_over:
        return tuple(range(seats))
    result = state.result()
    winner = result.get("winner")
    names = list(game.seat_names(seats))
    if winner is not None:
        if winner in names:
            return (names.index(winner),)
        sides = list(game.winner_sides(seats))
        if winner in sides:
            return tuple(s for s in range(seats) if s % len(sides) == sides.index(winner))
        raise ParlourError(f"{game.title} names a winner the arena does not know: {winner!r}")
    shared = result.get("shared_by") or []
    if shared:
        return tuple(sorted(names.index(name) for name in shared))
    return tuple(range(seats))


def score_of(seating: Sequence[int], winners: Sequence[int]) -> Fraction:
    """A's score in one game: the share of A's seats among the winning seats."""
    return Fraction(sum(1 for s in winners if seating[s] == 0), len(winners))


# -- playing ------------------------------------------------------------------------------------------------

def derive_seed(*parts: Any) -> int:
    """A seed below 2**63 drawn from ``parts`` (the same on every machine and in every process)."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def deal_seeds(arena: Arena) -> list[int]:
    master = random.Random(arena.seed)
    return [master.randrange(2**63) for _ in range(arena.deals)]


@dataclass(frozen=True)
class Job:
    """Some deals of one pair: a worker's whole job."""

    arena: Arena
    pair: int
    #: (deal index, deal seed)
    deals: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Game:
    """One game of the arena as it came out."""

    pair: int
    deal: int
    seating: int
    winners: tuple[int, ...]
    ended: bool
    actions: int


def jobs(arena: Arena, per_job: int) -> Iterator[Job]:
    seeds = deal_seeds(arena)
    for pair in range(len(arena.pairs)):
        for first in range(0, arena.deals, per_job):
            yield Job(arena, pair, tuple((d, seeds[d]) for d in range(first, min(arena.deals, first + per_job))))


def deals_a_job(deals: int, parallelism: int) -> int:
    """Enough jobs to keep every worker busy to the end (eight each), none over ``MAX_DEALS_A_JOB`` deals."""
    return max(1, min(MAX_DEALS_A_JOB, -(-deals // (8 * parallelism))))


def play_job(job: Job) -> list[Game]:
    """Play one job's deals in every seating (in whichever process or machine the backend chose)."""
    from parlour.games import get_game

    arena = job.arena
    game = get_game(arena.game)
    pair = arena.pairs[job.pair]
    games = []
    for deal, seed in job.deals:
        for index, seating in enumerate(seatings(game, arena.seats)):
            bots = []
            for seat, side in enumerate(seating):
                name = pair[side]
                bot_seed = derive_seed("arena", arena.seed, deal, index, seat)
                bots.append(arena.make(game, name, seat, bot_seed))
            state = play_game(game, bots, seats=arena.seats, seed=seed, variant=arena.variant,
                              max_actions=arena.max_actions)
            games.append(Game(job.pair, deal, index, winning_seats(game, arena.seats, state), state.is_over,
                              len(state.history)))
    return games


# -- intervals -------------------------------------------------------------------------------------------------

def _t_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` (whole) degrees of freedom (Abramowitz & Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2:
        total, term = 0.0, math.cos(theta)
        for k in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * k) / (2 * k + 1)
        return 2 / math.pi * (theta + (s * total if df > 1 else 0.0))
    total, term = 0.0, 1.0
    for k in range(1, df // 2 + 1):
        total += term
        term *= c2 * (2 * k - 1) / (2 * k)
    return s * total


def t_quantile(df: int, coverage: float = 0.95) -> float:
    """The two-sided ``coverage`` quantile of Student's t (df = 4: 2.776); normal expansion above 200 df."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    if df > 200:
        z = Z95 if coverage == 0.95 else _normal_quantile((1 + coverage) / 2)
        return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
    low, high = 0.0, 1000.0
    for _ in range(100):
        mid = (low + high) / 2
        if _t_two_sided(mid, df) < coverage:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _normal_quantile(p: float) -> float:
    low, high = -10.0, 10.0
    for _ in range(100):
        mid = (low + high) / 2
        if 0.5 * math.erfc(-mid / math.sqrt(2)) < p:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def score_interval(scores: Sequence[Fraction | float]) -> tuple[float, float]:
    """95% interval of the mean deal score: Student's t, or Wilson where the scores do not vary (module docstring)."""
    n = len(scores)
    if n < 2:
        return (0.0, 1.0)
    exact = [Fraction(s) for s in scores]
    mean = sum(exact, Fraction(0)) / n
    variance = sum(((s - mean) ** 2 for s in exact), Fraction(0)) / (n - 1)
    if variance == 0:
        return _wilson_of_mean(float(mean), n)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return (max(0.0, float(mean) - half), min(1.0, float(mean) + half))


def _wilson_of_mean(mean: float, n: int, z: float = Z95) -> tuple[float, float]:
    denom = 1 + z * z / n
    centre = (mean + z * z / (2 * n)) / denom
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


# -- the report ------------------------------------------------------------------------------------------------

#: orders of the games rated and averaged, each a shuffle drawn from a fixed seed
RATING_ORDERS = 24


def _rate_in_order(model: Any, bots: Sequence[str], matches: Sequence[tuple[str, str, int]]) -> dict[str, Any]:
    ratings = {name: model.rating(name=name) for name in bots}
    for a, b, outcome in matches:
        ranks = [0.0, 1.0] if outcome > 0 else [1.0, 0.0] if outcome < 0 else [0.0, 0.0]
        [[ratings[a]], [ratings[b]]] = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
    return ratings


def rate(bots: Sequence[str], matches: Sequence[tuple[str, str, int]],
         orders: int = RATING_ORDERS) -> list[dict[str, Any]]:
    """OpenSkill ratings from ``(A, B, outcome)`` (outcome 1: A's side won, -1: B's, 0: a tie), ranked.

    Rated one game after another with no drift, a rating hangs on the order
    of the games: one order can put the bot with fewer wins far ahead (33
    wins to 27, the wins listed first, gave the winner mu 14 and the loser
    36).  So
    the games are rated in ``orders`` orders, shuffles from fixed seeds, and
    each bot's ``mu`` and ``sigma`` are the means over them: the same games
    give the same ratings, in whatever order they came.
    """
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ParlourError("the arena's ratings need OpenSkill: pip install 'parlour[bench]' "
                           "(or pip install openskill)") from None
    model = PlackettLuce(tau=0.0)
    canonical = sorted(matches)
    mu, sigma = dict.fromkeys(bots, 0.0), dict.fromkeys(bots, 0.0)
    for k in range(orders):
        ordered = random.Random(f"arena ratings/{k}").sample(canonical, len(canonical))
        for name, rating in _rate_in_order(model, bots, ordered).items():
            mu[name] += rating.mu / orders
            sigma[name] += rating.sigma / orders
    played = dict.fromkeys(bots, 0)
    for a, b, _outcome in matches:
        played[a] += 1
        played[b] += 1
    ordinal = {name: mu[name] - ORDINAL_Z * sigma[name] for name in bots}
    order = sorted(bots, key=lambda name: (-round(ordinal[name], 9), -round(mu[name], 9), bots.index(name)))
    return [{"rank": i, "bot": name, "mu": round(mu[name], 4), "sigma": round(sigma[name], 4),
             "ordinal": round(ordinal[name], 4), "games": played[name]}
            for i, name in enumerate(order, 1)]


def report(game: GameDescriptor, arena: Arena, games: Sequence[Game]) -> dict[str, Any]:
    """The arena's report from all its games (in any order): the pairwise table and the ratings."""
    rotation = seatings(game, arena.seats)
    by_key = {(g.pair, g.deal, g.seating): g for g in games}
    if len(by_key) != len(arena.pairs) * arena.deals * len(rotation):
        raise ParlourError(f"the arena lacks games: {len(by_key)} of "
                           f"{len(arena.pairs) * arena.deals * len(rotation)} came back")
    pairs = []
    for p, (a, b) in enumerate(arena.pairs):
        deal_scores: list[Fraction] = []
        by_seating = [Fraction(0)] * len(rotation)
        counts = {"a_wins": 0, "b_wins": 0, "drawn_or_shared": 0, "unfinished": 0}
        for deal in range(arena.deals):
            total = Fraction(0)
            for s, seating in enumerate(rotation):
                played = by_key[(p, deal, s)]
                score = score_of(seating, played.winners)
                total += score
                by_seating[s] += score
                counts["a_wins" if score == 1 else "b_wins" if score == 0 else "drawn_or_shared"] += 1
                counts["unfinished"] += not played.ended
            deal_scores.append(total / len(rotation))
        mean = sum(deal_scores, Fraction(0)) / len(deal_scores)
        low, high = score_interval(deal_scores)
        pairs.append({"a": a, "b": b, "deals": arena.deals, "games": arena.deals * len(rotation),
                      "score": round(float(mean), 4), "ci95": [round(low, 4), round(high, 4)], **counts,
                      "by_seating": {seating_text(seating): round(float(by_seating[s] / arena.deals), 4)
                                     for s, seating in enumerate(rotation)}})
    matches = []
    for deal in range(arena.deals):
        for p, (a, b) in enumerate(arena.pairs):
            for s, seating in enumerate(rotation):
                score = score_of(seating, by_key[(p, deal, s)].winners)
                matches.append((a, b, 1 if score == 1 else -1 if score == 0 else 0))
    return {
        "game": game.id,
        "players": arena.seats,
        "seed": arena.seed,
        "deals": arena.deals,
        "games": len(by_key),
        "bots": list(arena.bots),
        "budget": {"iterations": arena.iterations, "seconds": arena.seconds},
        "variant": arena.variant,
        "max_actions": arena.max_actions,
        "seatings": [seating_text(s) for s in rotation],
        "interval": "95%, Student's t on the deal scores (Wilson where they do not vary)",
        "pairs": pairs,
        "ratings": {"model": f"OpenSkill Plackett-Luce, tau 0, A's seats against B's seats, "
                             f"the mean over {RATING_ORDERS} orders of the games",
                    "ordinal": f"mu - {ORDINAL_Z:g} sigma", "bots": rate(arena.bots, matches)},
    }


def check_game(game: GameDescriptor) -> None:
    """Refuse a real-time game: the arena plays games turn by turn."""
    if game.real_time:
        raise ParlourError(f"{game.title} is played in real time, not turn by turn: the arena plays the turn-based "
                           "games (Biggles has its cycle: parlour tournament biggles)")


def check(game: GameDescriptor, arena: Arena) -> None:
    """Refuse what the arena cannot play: a real-time game, unknown or repeated bots, a bad budget or seat count."""
    check_game(game)
    game.check_seats(arena.seats)
    if len(arena.bots) < 2:
        raise ParlourError("the arena needs at least two bots: --bots a,b[,c...]")
    if len(set(arena.bots)) != len(arena.bots):
        raise ParlourError("a bot is named twice in --bots: name each once")
    if arena.deals < 1:
        raise ParlourError(f"the arena plays at least one deal, not {arena.deals}")
    if arena.iterations is not None and arena.seconds is not None:
        raise ParlourError("give the search bots one budget: --iterations or --seconds, not both")
    if arena.iterations is not None and arena.iterations < 1:
        raise ParlourError(f"--iterations must be at least 1, not {arena.iterations}")
    if arena.seconds is not None and not arena.seconds > 0:
        raise ParlourError(f"--seconds must be above 0, not {arena.seconds}")
    for name in arena.bots:
        if name not in arena.players:
            make_bot(game, name, 0, 0, **arena.options(name))      # the registry's own refusal for an unknown bot


Progress = Callable[[int], None]


def run_arena(game: GameDescriptor, bots: Sequence[str], deals: int, seed: int, *, seats: int | None = None,
              variant: dict[str, Any] | None = None, iterations: int | None = None, seconds: float | None = None,
              max_actions: int | None = None, workers: int = 1, backend: Backend | None = None,
              progress: Progress | None = None, players: Mapping[str, Callable[..., Any]] | None = None
              ) -> dict[str, Any]:
    """Play the arena on ``backend`` (or ``workers`` local processes) and return its report.

    ``progress(games done)`` is called as each job comes back.  ``players``: players other than the game's
    bots, by the names ``bots`` gives them (``Arena.players``).
    """
    arena = Arena(game.id, tuple(bots), deals, seed, game.seat_counts[0] if seats is None else seats,
                  game.variant(variant), iterations, seconds, MAX_ACTIONS if max_actions is None else max_actions,
                  dict(players or {}))
    check(game, arena)
    played: list[Game] = []
    owned = backend is None
    chosen: Backend = LocalBackend(workers) if backend is None else backend
    try:
        for result in chosen.map(play_job, jobs(arena, deals_a_job(deals, chosen.parallelism))):
            played.extend(result)
            if progress is not None:
                progress(len(played))
    finally:
        if owned:
            chosen.close()
    return report(game, arena, played)


def total_games(game: GameDescriptor, bots: int, deals: int, seats: int) -> int:
    """How many games an arena of ``bots`` bots and ``deals`` deals plays (for a progress bar)."""
    return bots * (bots - 1) // 2 * deals * len(seatings(game, seats))


def plot_ratings(summary: dict[str, Any], path: str | Path) -> Path:
    """A PNG of the ratings: each bot's mu with a bar of ±2 sigma, best first; returns its path."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows = summary["ratings"]["bots"]
    names = [row["bot"] for row in rows]
    mus = [row["mu"] for row in rows]
    bars = [2 * row["sigma"] for row in rows]
    figure = Figure(figsize=(7, 1.2 + 0.55 * len(rows)), dpi=120)
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    y = list(range(len(rows)))[::-1]
    ax.errorbar(mus, y, xerr=bars, fmt="o", capsize=4, color="#1f4e79")
    for yi, row in zip(y, rows, strict=True):
        ax.annotate(f"{row['mu']:.1f} ± {2 * row['sigma']:.1f}", (row["mu"], yi), textcoords="offset points",
                    xytext=(0, 7), ha="center", fontsize=8)
    ax.set_yticks(y)
    ax.set_yticklabels(names)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel("OpenSkill mu, with ±2 sigma")
    ax.set_title(f"{summary['game']}: {summary['games']:,} games, {summary['deals']} deals a pair, "
                 f"seed {summary['seed']}", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, format="png", metadata={"Software": None})
    return out
