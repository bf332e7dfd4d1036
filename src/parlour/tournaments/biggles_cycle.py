"""The Biggles cycle for more than two players, as the sheet lays it out.

A plays B, B plays C, and so on round to A, so that everyone plays two matches
a round; two players simply play two matches, changing packs.  The first
named of each pair takes the blue pack.  After the agreed rounds (everyone
having played as many matches) the most points wins; players level at the top
play deciding matches among themselves until one is ahead.
"""

from __future__ import annotations

import random
from typing import Any

from parlour.engine.errors import ParlourError
from parlour.games.biggles import GAME
from parlour.games.biggles.bots import ReflexBot
from parlour.games.biggles.levels import LEVELS
from parlour.games.biggles.twin import race

ONE_MATCH = {"matches": 1, "deciders": 0}
MAX_DECIDING_ROUNDS = 20


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
    players = list(levels)
    rng = random.Random(seed)
    table = {p: {"player": p, "level": levels[p], "played": 0, "won": 0, "points": 0} for p in players}
    matches = []
    for first, second in schedule(players, rounds):
        match = _match(first, second, levels, rng)
        matches.append(match)
        for p in (first, second):
            table[p]["played"] += 1
            table[p]["points"] += match["points"][p]
        table[match["winner"]]["won"] += 1
    best = max(row["points"] for row in table.values())
    tied = [p for p in players if table[p]["points"] == best]
    deciders = []
    for _ in range(MAX_DECIDING_ROUNDS):
        if len(tied) == 1:
            break
        # Level at the top: a deciding match (or, for three or more, a deciding cycle among them).
        scores = {p: 0 for p in tied}
        for first, second in schedule(tied)[: 1 if len(tied) == 2 else None]:
            match = _match(first, second, levels, rng)
            deciders.append(match)
            for p in (first, second):
                scores[p] += match["points"][p]
        top = max(scores.values())
        tied = [p for p in tied if scores[p] == top]
    champion = tied[0] if len(tied) == 1 else None
    # The table is in order of points, the champion (who may have won a decider) first among equals.
    rows = sorted(table.values(), key=lambda r: (-r["points"], r["player"] != champion, -r["won"], r["player"]))
    return {
        "game": "biggles", "seed": seed, "rounds": rounds, "table": rows, "matches": matches,
        "deciding_matches": deciders, "champion": champion,
    }
