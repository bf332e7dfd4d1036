"""How well the search bots' worlds predict the hidden cards: uniform worlds against worlds read from the play.

Run:  .venv/bin/python bench/beliefs.py [--games 6] [--seed 1] [--json] [--game GAME ...]

Games are played by the ``--players`` bots (the game's own bot by default,
``casual`` to see a model that is not the truth); at about one decision in
``--every`` of the first seat, a pool of worlds is drawn for that seat
(``parlour.bots.inference.Reading``) and every card another seat really
holds is looked for in the same seat's hand in each world.  The log-loss is
the mean of -log2 of the chance the worlds give the truth (a card's chance
is the weight of the worlds that put it there, at least ``FLOOR``), for the
pool weighed alike (uniform worlds, what the expert searches without
inference) and weighed by the others' moves (the reading).  Lower is
better; the two use the same worlds, so the difference is the reading's.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections import Counter

from parlour.bots import decide, make_bot
from parlour.bots.inference import NOISE, POOL, Reading
from parlour.bots.worlds import Worlds
from parlour.games import GAMES

#: the turn-based games with hidden hands, and the table size each is read at
SEATS = {"football-whist": 4, "squadron-scramble": 3, "british-towns-asking": 4, "british-towns-sets": 3}
#: the least chance a card's place is given (a world pool of 32 says 0 for a place it never drew)
FLOOR = 0.01


def losses(reading: Reading, truth, seat: int) -> tuple[float, float, int]:
    """Summed -log2 chances of the true places of the others' cards: uniform, read, and how many cards."""
    even = 1.0 / len(reading.pool)
    counts = [[Counter(world.hands[s]) for s in range(truth.num_seats)] for world in reading.pool]
    uniform = read = 0.0
    cards = 0
    for s in range(truth.num_seats):
        if s == seat:
            continue
        for card in set(truth.hands[s]):
            there = [bool(hands[s][card]) for hands in counts]
            p_uniform = sum(even for h in there if h)
            p_read = sum(w for w, h in zip(reading.weights, there, strict=True) if h)
            uniform -= math.log2(max(p_uniform, FLOOR))
            read -= math.log2(max(p_read, FLOOR))
            cards += 1
    return uniform, read, cards


def run(game_id: str, games: int, seed: int, players: str, every: int, pool: int, noise: float) -> dict:
    game = GAMES[game_id]
    seats = SEATS[game_id]
    rng = random.Random(f"beliefs/{game_id}/{seed}")
    uniform = read = 0.0
    cards = positions = 0
    powers = []
    for g in range(games):
        state = game.new_state(seats=seats, seed=seed * 1000 + g)
        bots = [make_bot(game, players, s, seed=seed * 1000 + g * 10 + s) for s in range(seats)]
        while not state.is_over:
            (mover,) = state.to_move
            legal = state.legal_actions(mover)
            if mover == 0 and len(state.history) > 0 and rng.randrange(every) == 0:
                reading = Reading(Worlds(state, 0), game, random.Random(rng.random()), pool=pool, noise=noise)
                u, r, n = losses(reading, state, 0)
                uniform, read, cards, positions = uniform + u, read + r, cards + n, positions + 1
                powers.append(reading.power)
            state.apply(mover, decide(bots[mover], state, mover, legal))
    return {
        "game": game_id, "seats": seats, "players": players, "games": games, "positions": positions,
        "cards": cards, "pool": pool, "noise": noise,
        "log_loss_uniform_bits": round(uniform / max(cards, 1), 4),
        "log_loss_read_bits": round(read / max(cards, 1), 4),
        "tempering_power_median": round(statistics.median(powers), 4) if powers else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(SEATS))
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default=None, help="the bot in every seat (default: the game's own)")
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--pool", type=int, default=POOL)
    parser.add_argument("--noise", type=float, default=NOISE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from parlour.bots.plain import own_bot

    rows = [run(g, args.games, args.seed, args.players or own_bot(GAMES[g]), args.every, args.pool, args.noise)
            for g in args.game or sorted(SEATS)]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        for row in rows:
            print(f"{row['game']:22} {row['players']:11} positions {row['positions']:4}  cards {row['cards']:6}  "
                  f"log-loss uniform {row['log_loss_uniform_bits']:.3f}  read {row['log_loss_read_bits']:.3f} bits"
                  f"  (power {row['tempering_power_median']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
