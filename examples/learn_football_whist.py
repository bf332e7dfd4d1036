"""Train a Football Whist player through the Gymnasium adapter, then measure it against Parlour's bots.

Run:  .venv/bin/python examples/learn_football_whist.py [--episodes 20000] [--eval 2000] [--seed 0] [--json]
      (``--quick`` for a short run: what CI does)

The learner sits in seat A1; the other three seats are Parlour bots, its
partner (A2) of the same kind as the opponents, so a player exactly as good
as the bots would win half the decided matches.  It sees only what A1 sees:
the observation tensor (326 numbers) and the mask of legal actions.

The method is the plainest honest one that fits a laptop's CPU: a linear
softmax policy over the legal actions, trained by REINFORCE (the match's
result, +1 win, -1 loss, 0 draw, credited to every decision of the match,
less a running average of results as a baseline), written in NumPy.  It
trains against ``random`` and ``heuristic`` opponents in turn, and is then
played greedily (its likeliest action) against each for ``--eval`` matches
on fresh deals, beside a uniformly random player in the same seat, with 95%
Wilson intervals on the share of matches won.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from parlour.research.gymnasium import ParlourEnv
from parlour.sim import wilson_interval

OPPONENTS = ("random", "heuristic")


class LinearPolicy:
    """Softmax over the legal actions of ``weights @ [features, 1]``."""

    def __init__(self, features: int, actions: int, rng: np.random.Generator, lr: float):
        self.w = np.zeros((actions, features + 1), dtype=np.float64)
        self.rng = rng
        self.lr = lr

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x
        logits[mask == 0] = -np.inf
        logits -= logits[mask == 1].max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x: np.ndarray, mask: np.ndarray, greedy: bool) -> tuple[int, np.ndarray]:
        p = self.probabilities(x, mask)
        action = int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))
        return action, p

    def update(self, steps: list[tuple[np.ndarray, int, np.ndarray]], advantage: float) -> None:
        """REINFORCE: raise the log-probability of each action taken, in proportion to the advantage."""
        for x, action, p in steps:
            grad = -p
            grad[action] += 1.0
            self.w += self.lr * advantage * np.outer(grad, x)


def features(obs: dict) -> np.ndarray:
    return np.append(obs["observation"].astype(np.float64), 1.0)


def play(env: ParlourEnv, policy: LinearPolicy | None, seed: int, *, greedy: bool, rng: np.random.Generator,
         record: list | None = None) -> float:
    """One match; returns the learner's result (+1, -1 or 0).  ``policy=None`` plays uniformly at random."""
    obs, _ = env.reset(seed=seed)
    done, reward = False, 0.0
    while not done:
        mask = obs["action_mask"]
        if policy is None:
            action = int(rng.choice(np.flatnonzero(mask)))
        else:
            x = features(obs)
            action, p = policy.act(x, mask, greedy)
            if record is not None:
                record.append((x, action, p))
        obs, reward, done, _, _ = env.step(action)
    return reward


def evaluate(envs: dict, policy: LinearPolicy | None, matches: int, seed: int, rng: np.random.Generator) -> dict:
    out = {}
    for name, env in envs.items():
        results = [play(env, policy, seed + i, greedy=True, rng=rng) for i in range(matches)]
        wins, draws = results.count(1.0), results.count(0.0)
        low, high = wilson_interval(wins, matches)
        out[name] = {"matches": matches, "wins": wins, "draws": draws, "losses": matches - wins - draws,
                     "win_rate": round(wins / matches, 4), "win_rate_95": [round(low, 4), round(high, 4)]}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20_000, help="training matches (default 20000)")
    parser.add_argument("--eval", type=int, default=2_000, help="evaluation matches per opponent (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.01, help="learning rate (default 0.01)")
    parser.add_argument("--quick", action="store_true", help="a short run (1,500 matches, 300 per evaluation)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.episodes, args.eval = 1_500, 300
    rng = np.random.default_rng(args.seed)
    envs = {name: ParlourEnv("football-whist", seat=0, opponents=name, tensor="observation") for name in OPPONENTS}
    size = envs["random"].observation_space["observation"].shape[0]
    policy = LinearPolicy(size, envs["random"].action_space.n, rng, args.lr)

    start = time.perf_counter()
    baseline = {name: 0.0 for name in OPPONENTS}
    for episode in range(args.episodes):
        name = OPPONENTS[episode % 2]
        steps: list = []
        result = play(envs[name], policy, 10**6 + episode, greedy=False, rng=rng, record=steps)
        policy.update(steps, result - baseline[name])
        baseline[name] += 0.01 * (result - baseline[name])
        if not args.json and (episode + 1) % max(1, args.episodes // 10) == 0:
            print(f"  trained {episode + 1} matches ({time.perf_counter() - start:.0f} s); "
                  f"running result vs random {baseline['random']:+.2f}, vs heuristic {baseline['heuristic']:+.2f}",
                  file=sys.stderr)
    trained = time.perf_counter() - start

    eval_seed = 2 * 10**6 + args.seed * args.eval        # deals the training never saw
    report = {
        "game": "football-whist", "seat": "A1", "method": "linear softmax policy, REINFORCE with a running baseline",
        "episodes": args.episodes, "seed": args.seed, "train_seconds": round(trained, 1),
        "learned": evaluate(envs, policy, args.eval, eval_seed, rng),
        "uniform_random_player": evaluate(envs, None, args.eval, eval_seed, rng),
    }
    report["total_seconds"] = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"Football Whist, seat A1, {args.episodes} training matches in {trained:.0f} s "
          f"({report['total_seconds']:.0f} s with evaluation). Share of matches won ({args.eval} each, 95% Wilson):")
    for who in ("learned", "uniform_random_player"):
        for name, f in report[who].items():
            low, high = f["win_rate_95"]
            print(f"  {who.replace('_', ' '):<22} vs {name:<9} {f['win_rate']:.3f}  [{low:.3f}, {high:.3f}]  "
                  f"(won {f['wins']}, drew {f['draws']}, lost {f['losses']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
