"""A simulation run, cut into chunks of games that any backend can play in any order.

:class:`Run` says what is simulated (game, bots, variant, seed, how many
games, chunk size).  Every game's seed and every bot's seed are drawn from
one master generator in game order (:func:`chunks`), so a game is the same
game whichever chunk, process or machine plays it.  A worker plays a
:class:`Chunk` with :func:`play_chunk` and sends back a :class:`Tally` (the
chunk's running totals, a few hundred bytes whatever its size) and, when the
run keeps them, one row per game.  Tallies add up exactly, so the report
(:func:`report`) is the same to the last digit however the games were split.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from parlour.bots import make_bot
from parlour.engine.descriptor import GameDescriptor
from parlour.engine.record import record_of
from parlour.sim.play import play_game
from parlour.sim.stats import Figure, Figures, wilson_interval

#: games in a chunk at most: a chunk is the unit that is saved, and played again if a run stops inside it
MAX_CHUNK = 500


@dataclass(frozen=True)
class Run:
    """What one simulation plays: enough to play it again, or carry it on, anywhere."""

    game: str
    games: int
    seed: int
    bots: tuple[str, ...]
    variant: dict[str, Any]
    max_actions: int
    chunk_size: int
    #: keep every game's record in the run's output
    records: bool = False
    #: keep every decision as numbers (tensor, mask, action, return) in the run's output (``decisions``)
    dataset: bool = False

    @property
    def seats(self) -> int:
        return len(self.bots)

    @property
    def chunk_count(self) -> int:
        return -(-self.games // self.chunk_size)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "bots": list(self.bots)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Run":
        return cls(**{**data, "bots": tuple(data["bots"])})


def chunk_size_for(games: int, parallelism: int) -> int:
    """Enough chunks to keep every worker busy to the end (eight each), none over ``MAX_CHUNK`` games."""
    return max(1, min(MAX_CHUNK, -(-games // (8 * parallelism))))


@dataclass(frozen=True)
class Chunk:
    """Games ``first`` onwards of a run, with their seeds: a worker's whole job."""

    run: Run
    index: int
    first: int
    seeds: tuple[tuple[int, tuple[int, ...]], ...]
    #: send back one row per game (for the run's output)
    rows: bool = False
    #: also write each game's record as a JSON file into this folder (on the machine that plays it)
    records_dir: str | None = None


def chunks(run: Run, *, skip: frozenset[int] = frozenset(), rows: bool = False,
           records_dir: str | None = None) -> Iterator[Chunk]:
    """The run's chunks in order, seeds drawn as they are needed; chunks in ``skip`` are drawn and passed over."""
    master = random.Random(run.seed)
    for index in range(run.chunk_count):
        first = index * run.chunk_size
        seeds = []
        for _ in range(first, min(run.games, first + run.chunk_size)):
            game_seed = master.randrange(2**63)
            seeds.append((game_seed, tuple(master.randrange(2**63) for _ in run.bots)))
        if index not in skip:
            yield Chunk(run, index, first, tuple(seeds), rows, records_dir)


class Tally:
    """A run's running totals: everything its report is made from, and nothing more."""

    __slots__ = ("games", "winners", "actions", "ended", "stopped")

    def __init__(self) -> None:
        self.games = 0
        #: winners of the games that ended (None: a draw)
        self.winners: Counter[str | None] = Counter()
        self.actions = Figure()
        #: the game's own figures (its ``tally``) over the games that ended, and over those stopped at the ceiling
        self.ended = Figures()
        self.stopped = Figures()

    @property
    def ended_games(self) -> int:
        return sum(self.winners.values())

    def add(self, game: GameDescriptor, result: dict[str, Any], actions: int, ended: bool) -> None:
        self.games += 1
        self.actions.add(actions)
        if ended:
            self.winners[result.get("winner")] += 1
        if game.tally is not None:
            game.tally(result, self.ended if ended else self.stopped)

    def merge(self, other: "Tally") -> None:
        self.games += other.games
        self.winners.update(other.winners)
        self.actions.merge(other.actions)
        self.ended.merge(other.ended)
        self.stopped.merge(other.stopped)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "winners": [[w, n] for w, n in self.winners.items()],
                "actions": self.actions.to_json(), "ended": self.ended.to_json(), "stopped": self.stopped.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Tally":
        tally = cls()
        tally.games = data["games"]
        tally.winners.update({w: n for w, n in data["winners"]})
        tally.actions = Figure.from_json(data["actions"])
        tally.ended, tally.stopped = Figures.from_json(data["ended"]), Figures.from_json(data["stopped"])
        return tally


@dataclass
class ChunkResult:
    index: int
    tally: Tally
    #: the games as columns (index, seeds, outcome, result, record), when the chunk was asked for rows
    columns: dict[str, list[Any]] | None = field(default=None)
    #: the chunk's decisions as the bytes of a Parquet file, when the run keeps a dataset (``decisions``)
    decisions: bytes | None = field(default=None)


COLUMNS = ("index", "game_seed", "bot_seeds", "ended", "actions", "winner", "returns", "result", "record")


def play_chunk(chunk: Chunk) -> ChunkResult:
    """Play one chunk's games (in whichever process or machine the backend chose) and sum them up."""
    from parlour.games import get_game

    run = chunk.run
    game = get_game(run.game)
    tally = Tally()
    columns: dict[str, list[Any]] | None = {name: [] for name in COLUMNS} if chunk.rows else None
    seat_names = game.seat_names(run.seats)
    recorder = None
    if run.dataset and chunk.rows:
        from parlour.sim.decisions import Recorder

        recorder = Recorder(game, run.seats)
    for offset, (game_seed, bot_seeds) in enumerate(chunk.seeds):
        index = chunk.first + offset
        bots = [make_bot(game, name, seat, bot_seeds[seat]) for seat, name in enumerate(run.bots)]
        state = play_game(game, bots, seats=run.seats, seed=game_seed, variant=run.variant,
                          max_actions=run.max_actions, watch=None if recorder is None else recorder.watch)
        result, actions, ended = state.result(), len(state.history), state.is_over
        if recorder is not None:
            recorder.end_game(index, state.returns())
        tally.add(game, result, actions, ended)
        record = None
        if run.records or chunk.records_dir is not None:
            seats = [{"name": n, "player": f"bot:{b}"} for n, b in zip(seat_names, run.bots, strict=True)]
            record = record_of(state, seats, meta={"simulation_seed": run.seed, "game_index": index})
            if chunk.records_dir is not None:
                record.save(Path(chunk.records_dir) / f"{game.id}-{run.seed}-{index:05d}.json")
        if columns is not None:
            row = (index, game_seed, list(bot_seeds), ended, actions, result.get("winner") if ended else None,
                   [float(r) for r in state.returns()], json.dumps(result, separators=(",", ":")),
                   record.to_json() if record is not None and run.records else None)
            for name, value in zip(COLUMNS, row, strict=True):
                columns[name].append(value)
    return ChunkResult(chunk.index, tally, columns, None if recorder is None else recorder.finish())


def report(game: GameDescriptor, run: Run, tally: Tally, *, seed: int | Sequence[int] | None = None) -> dict[str, Any]:
    """The run's report: wins and draws per side with 95% intervals, length, the ceiling, the game's own figures.

    ``seed`` replaces the run's seed in the report (the seeds of runs merged into one).
    """
    games = tally.games
    ended = tally.ended_games
    stopped = games - ended
    outcomes = {}
    for key in game.winner_sides(run.seats):
        wins = tally.winners[key]
        low, high = wilson_interval(wins, games)
        outcomes[str(key)] = {"wins": wins, "rate": round(wins / games, 4) if games else 0.0,
                              "ci95": [round(low, 4), round(high, 4)]}
    draws = tally.winners[None]
    low, high = wilson_interval(draws, games)
    summary: dict[str, Any] = {
        "game": game.id,
        "games": games,
        "seed": run.seed if seed is None else seed,
        "seats": run.seats,
        "bots": list(run.bots),
        "variant": run.variant,
        "results": {
            "wins": outcomes,
            "draws": {"count": draws, "rate": round(draws / games, 4) if games else 0.0,
                      "ci95": [round(low, 4), round(high, 4)]},
            "ended": ended,
            "ceiling": {"games": stopped, "max_actions": run.max_actions},
            "actions_per_game": {**tally.actions.mean_ci(), "longest": tally.actions.largest or 0},
        },
    }
    if game.summarise is not None:
        # The game's own figures describe the games that ended; those stopped are summed up apart.
        summary["results"].update(game.summarise(tally.ended))
        if stopped:
            summary["results"]["ceiling"]["at_stop"] = game.summarise(tally.stopped)
    return summary
