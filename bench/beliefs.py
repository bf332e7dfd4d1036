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
from typing import Any, Sequence

import numpy as np

from parlour.bots import decide, make_bot
from parlour.bots.inference import NOISE, POOL, Reading
from parlour.bots.learned import Model, log_loss, train
from parlour.bots.plain import own_bot
from parlour.bots.worlds import Worlds
from parlour.engine.numbers import action_space_of, encoding_of, relative_ids
from parlour.games import GAMES

#: the turn-based games with hidden hands, and the table size each is read at
SEATS = {"football-whist": 4, "squadron-scramble": 3, "british-towns-asking": 4, "british-towns-sets": 3}
#: the least chance a card's place is given (a world pool of 32 says 0 for a place it never drew)
FLOOR = 0.01
#: the learned model gives every move a chance of its own: it needs little noise beside it
LEARNED_NOISE = 0.1


def examples(game: Any, seats: int, games: int, seed: int, players: Sequence[str]) -> tuple[np.ndarray, ...]:
    """Every decision with two or more legal moves in ``games`` self-play games: views, legal masks, moves made.

    ``players`` are bot names, seated in turn round the table, game by game.
    """
    encoding, space = encoding_of(game, seats), action_space_of(game, seats)
    xs, masks, chosen = [], [], []
    for g in range(games):
        state = game.new_state(seats=seats, seed=seed * 100_000 + g)
        bots = [make_bot(game, players[(g + s) % len(players)], s, seed=seed * 1_000_000 + g * 10 + s)
                for s in range(seats)]
        while not state.is_over:
            (seat,) = state.to_move
            legal = state.legal_actions(seat)
            action = decide(bots[seat], state, seat, legal)
            if len(legal) > 1:
                frame = relative_ids(game, seats, seat)
                xs.append(encoding.observation_tensor(state.observation(seat)).astype(np.float32))
                mask = np.zeros(space.size, dtype=bool)
                mask[[frame[space.id(a)] for a in legal]] = True
                masks.append(mask)
                chosen.append(frame[space.id(action)])
            state.apply(seat, action)
    return np.stack(xs), np.stack(masks), np.asarray(chosen)


def fit(game: Any, seats: int, *, games: int = 200, seed: int = 0, players: Sequence[str] | None = None,
        epochs: int = 60) -> Model:
    """Self-play, then training; the model, with what it was made from and its log-loss on held-out games."""
    players = list(players or [next(reversed(list(game.bots)))])
    x, mask, chosen = examples(game, seats, games, seed, players)
    held = max(1, len(chosen) // 5)
    w, b = train(x[held:], mask[held:], chosen[held:], epochs=epochs, seed=seed)
    made = {"game": game.id, "seats": seats, "games": games, "seed": seed, "players": players, "epochs": epochs,
            "decisions": int(len(chosen)),
            "held_out_bits": round(log_loss(w, b, x[:held], mask[:held], chosen[:held]), 4),
            "uniform_bits": round(float(np.log2(mask[:held].sum(axis=1)).mean()), 4)}
    return Model(game, seats, w, b, made)



def losses(pool: list, weightings: dict[str, list[float]], truth, seat: int) -> tuple[dict[str, float], int]:
    """Summed -log2 chances of the true places of the others' cards under each weighting of one pool; the cards."""
    counts = [[Counter(world.hands[s]) for s in range(truth.num_seats)] for world in pool]
    out = dict.fromkeys(weightings, 0.0)
    cards = 0
    for s in range(truth.num_seats):
        if s == seat:
            continue
        for card in set(truth.hands[s]):
            there = [bool(hands[s][card]) for hands in counts]
            for name, weights in weightings.items():
                out[name] -= math.log2(max(sum(w for w, h in zip(weights, there, strict=True) if h), FLOOR))
            cards += 1
    return out, cards


def run(game_id: str, games: int, seed: int, players: str, every: int, pool: int, noise: float,
        learned: Model | None) -> dict:
    game = GAMES[game_id]
    seats = SEATS[game_id]
    rng = random.Random(f"beliefs/{game_id}/{seed}")
    totals: dict[str, float] = {}
    cards = positions = 0
    powers = []
    for g in range(games):
        state = game.new_state(seats=seats, seed=seed * 1000 + g)
        bots = [make_bot(game, players, s, seed=seed * 1000 + g * 10 + s) for s in range(seats)]
        while not state.is_over:
            (mover,) = state.to_move
            legal = state.legal_actions(mover)
            if mover == 0 and len(state.history) > 0 and rng.randrange(every) == 0:
                draw = rng.random()          # the same pool for every model: the same stream draws it
                read = Reading(Worlds(state, 0), game, random.Random(draw), pool=pool, noise=noise)
                weightings = {"uniform": [1 / len(read.pool)] * len(read.pool), "read": read.weights}
                if learned is not None:
                    weightings["learned"] = Reading(Worlds(state, 0), game, random.Random(draw), pool=pool,
                                                    noise=LEARNED_NOISE, model=learned).weights
                found, n = losses(read.pool, weightings, state, 0)
                for name, value in found.items():
                    totals[name] = totals.get(name, 0.0) + value
                cards, positions = cards + n, positions + 1
                powers.append(read.power)
            state.apply(mover, decide(bots[mover], state, mover, legal))
    row = {"game": game_id, "seats": seats, "players": players, "games": games, "positions": positions,
           "cards": cards, "pool": pool, "noise": noise,
           "tempering_power_median": round(statistics.median(powers), 4) if powers else None}
    for name, value in totals.items():
        row[f"log_loss_{name}_bits"] = round(value / max(cards, 1), 4)
    if learned is not None:
        row["learned_model"] = {**learned.made, "noise": LEARNED_NOISE}
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(SEATS))
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default=None, help="the bot in every seat (default: the game's own)")
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--pool", type=int, default=POOL)
    parser.add_argument("--noise", type=float, default=NOISE)
    parser.add_argument("--learned", type=int, default=0, metavar="GAMES",
                        help="also read with a model fitted to this many self-play games (other seeds)")
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for g in args.game or sorted(SEATS):
        game = GAMES[g]
        players = args.players or own_bot(game)
        model = (fit(game, SEATS[g], games=args.learned, seed=args.seed + 1, players=[players], epochs=args.epochs)
                 if args.learned else None)
        rows.append(run(g, args.games, args.seed, players, args.every, args.pool, args.noise, model))
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        for row in rows:
            learned = (f"  learned {row['log_loss_learned_bits']:.3f}" if "log_loss_learned_bits" in row else "")
            print(f"{row['game']:22} {row['players']:11} positions {row['positions']:4}  cards {row['cards']:6}  "
                  f"log-loss uniform {row['log_loss_uniform_bits']:.3f}  read {row['log_loss_read_bits']:.3f}{learned}"
                  f" bits  (power {row['tempering_power_median']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
