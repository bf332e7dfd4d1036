"""Behaviour cloning: learn Football Whist from the expert's games, then beat the club player in the arena.

Run:  .venv/bin/python examples/clone_football_whist.py [--games 100] [--iterations 300] [--deals 400]
                                                         [--workers 2] [--seed 0] [--data DIR] [--save FILE] [--json]
      (``--quick`` for a short run: what CI does)

1. **Data.**  ``parlour simulate`` plays the expert (``expert:300``, 300
   iterations of IS-MCTS a decision) against the club player (``heuristic``)
   and keeps every decision with ``--dataset``: half the games with the
   expert in A1 and A2, half in B1 and B2, so that it learns from the states
   it will meet.  Only the expert's decisions are learnt from, and only those
   with more than one legal action.
2. **Features.**  Each legal action is described by a few numbers read from
   the information-state tensor's documented slices
   (``layout.views(tensor)``: hand, trick, Master team, voids, cards
   played, ball, moves left): for a card, its number, whether it is a
   Master, would win the trick as it stands, is the cheapest winner or the
   lowest card, is the top card left of its team, whether the partner is
   winning; for a ball move, how much nearer the goal it goes and whose
   badge it lands on.  Describing actions rather than numbering them lets a
   few thousand examples teach every card the same lesson.
3. **Model.**  A small MLP (features -> 16 ReLU units -> a score) scores
   each legal action; a softmax over the legal actions is trained by Adam
   on the cross-entropy of the expert's choice, in NumPy alone.
4. **Judgement.**  The greedy policy (its best-scored action) is seated as a
   bot (``parlour.research.policy.PolicyBot``) and meets the heuristic bot in
   the duplicate arena (``parlour.sim.arena.run_arena``, docs/arena.md): it
   holds both seats of one partnership, the heuristic the other two, and
   every deal is played again with the partnerships swapped.  Reported: its
   arena score (its share of the winning seats, 0.5 is level) with the
   arena's 95% interval over deals, and its share of the decided matches
   with a 95% Wilson interval.

The expert's own games give its strength at that budget (its share of the
decided matches against the heuristic, also printed): the clone plays each
position as the expert does most often, without its search's noise.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from parlour.engine.numbers import encoding_of
from parlour.games import get_game
from parlour.games.football_whist.pitch import default_pitch
from parlour.games.football_whist.rules import trick_winner
from parlour.research.dataset import load
from parlour.research.policy import PolicyBot
from parlour.sim import wilson_interval
from parlour.sim.arena import run_arena

GAME = get_game("football-whist")
LAYOUT = encoding_of(GAME, 4).information_state_layout
#: action ids 44-47 kick to these nodes; 48-58 move to these; 59 stays (docs/research.md, "Action spaces")
KICKS = ("E3", "E4", "W3", "W4")
NODES = ("C", "W1", "W2", "W3", "W4", "E1", "E2", "E3", "E4", "WG", "EG")
PITCH = default_pitch()
FAR = max(max(d.values()) for d in PITCH.distance.values())
#: a card's team and number from its id (team * 11 + number - 1)
TEAM, NUMBER = [c // 11 for c in range(44)], [c % 11 + 1 for c in range(44)]
#: features an action is described by; legal actions a decision has at most
FEATURES, MOST = 33, 12
PARTNER = 2          # relative seats: 0 the viewer, 1 his left, 2 his partner, 3 his right


def card_features(v: dict, legal: list[int], out: np.ndarray) -> None:
    """Each legal card's features, from the tensor's slices ``v``."""
    hand = v["hand"] > 0
    length = [int(hand[t * 11:(t + 1) * 11].sum()) for t in range(4)]
    master = int(np.argmax(v["master"])) if v["master"].any() else None
    leader = int(np.argmax(v["trick_leader"])) if v["trick_leader"].any() else 0
    trick = [(r, int(np.argmax(v["trick"][r]))) for r in ((leader + i) % 4 for i in range(4)) if v["trick"][r].any()]
    cards = [c for _, c in trick]
    led = TEAM[cards[0]] if cards else None
    winning = trick[trick_winner(cards, led, master)][0] if cards else None
    partner_winning, last = winning == PARTNER, len(cards) == 3
    gone = (v["played"].sum(axis=0) > 0) | hand
    voids = v["voids"] > 0

    def cheap(c: int) -> tuple[bool, int]:
        return (TEAM[c] == master, NUMBER[c])

    winners = [c for c in legal if cards and trick_winner([*cards, c], led, master) == len(cards)]
    cheapest = min(winners, key=cheap) if winners else None
    lowest, highest = min(legal, key=cheap), max(legal, key=cheap)
    for i, c in enumerate(legal):
        t, k = TEAM[c], NUMBER[c]
        above = sum(1 for n in range(k + 1, 12) if not gone[t * 11 + n - 1])
        wins = c in winners
        discard = bool(cards) and t != led and t != master
        out[i, :20] = (k / 11, t == master, not cards, (not cards) * k / 11, (not cards) * (t == master),
                       (not cards) * length[t] / 11, wins, wins * partner_winning, wins * last, c == cheapest,
                       c == lowest, c == highest, above == 0, above / 10, length[t] / 11,
                       voids[1, t] or voids[3, t], voids[PARTNER, t], partner_winning * (c == lowest),
                       (not cards) * (above == 0) * (t != master), wins * (t == master) * (led != master))
        out[i, 30:33] = (discard, discard * k / 11, bool(winners) and not wins and bool(cards) and not partner_winning)


def ball_features(v: dict, legal: list[int], out: np.ndarray) -> None:
    """Each legal kick, move or stay's features: where the ball goes, nearer which goal, onto whose badge."""
    hand = v["hand"] > 0
    length = [int(hand[t * 11:(t + 1) * 11].sum()) for t in range(4)]
    master = int(np.argmax(v["master"])) if v["master"].any() else None
    target, own = ("WG", "EG") if v["attacks_west"][0] > 0 else ("EG", "WG")
    twice = v["moves_left"][1] > 0
    ball = NODES[int(np.argmax(v["ball"]))]
    for i, a in enumerate(legal):
        node = KICKS[a - 44] if a < 48 else NODES[a - 48] if a < 59 else ball
        to = PITCH.distance[node]
        badge = PITCH.badge.get(node)
        onward = [n for n in PITCH.neighbours[node]] if twice and node not in (target, own) else []
        out[i, 20:30] = (node == target, node == own, (to[own] - to[target]) / FAR, badge is None,
                         0 if badge is None else length[badge] / 11, badge is not None and badge == master,
                         a == 59, max(((PITCH.distance[n][own] - PITCH.distance[n][target]) / FAR for n in onward),
                                      default=0.0), target in onward, 1.0)


def features(tensor: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The legal ids of one decision and their features (one row each)."""
    legal = [int(a) for a in np.flatnonzero(mask)]
    out = np.zeros((len(legal), FEATURES), np.float32)
    views = LAYOUT.views(tensor)
    (card_features if legal[0] < 44 else ball_features)(views, legal, out)
    return np.array(legal), out


class Scorer:
    """An MLP scoring one action from its features; a softmax over a decision's legal actions."""

    def __init__(self, hidden: int, rng: np.random.Generator):
        self.w1 = rng.normal(0, np.sqrt(2 / FEATURES), (FEATURES, hidden)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = np.zeros(hidden, np.float32)
        self.params = [self.w1, self.b1, self.w2]
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]
        self.steps = 0

    def scores(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        return h, h @ self.w2

    def train_step(self, x: np.ndarray, valid: np.ndarray, y: np.ndarray, lr: float, decay: float) -> float:
        """One Adam step on a batch: ``x`` [n, MOST, FEATURES], ``valid`` [n, MOST], ``y`` the expert's choice."""
        h, s = self.scores(x)
        s = np.where(valid, s, -1e9)
        p = np.exp(s - s.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        n = len(y)
        loss = float(-np.log(p[np.arange(n), y] + 1e-12).mean())
        g = p
        g[np.arange(n), y] -= 1.0
        g /= n
        gh = g[:, :, None] * self.w2 * (h > 0)
        grads = [np.einsum("nlf,nlh->fh", x, gh) + decay * self.w1, gh.sum(axis=(0, 1)),
                 np.einsum("nl,nlh->h", g, h) + decay * self.w2]
        self.steps += 1
        for param, grad, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= lr * (m / (1 - 0.9 ** self.steps)) / (np.sqrt(v / (1 - 0.999 ** self.steps)) + 1e-8)
        return loss

    def __call__(self, obs: dict) -> int:
        """The policy: the legal action it scores highest (what ``PolicyBot`` asks)."""
        legal, x = features(obs["observation"], obs["action_mask"])
        return int(legal[int(np.argmax(self.scores(x)[1]))])


def simulate(folder: Path, bots: str, games: int, seed: int, workers: int) -> dict:
    """``parlour simulate`` with ``--dataset``, as a user types it; returns its report."""
    command = [sys.executable, "-m", "parlour.cli", "simulate", "football-whist", "--bots", bots,
               "--games", str(games), "--seed", str(seed), "--out", str(folder), "--dataset",
               "--workers", str(workers), "--json"]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def gather(folders: list[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The expert's decisions with a choice to make, as (features, valid, choice, game) arrays."""
    xs, valids, ys, games = [], [], [], []
    for k, folder in enumerate(folders):
        data = load(folder, forced=False)
        experts = [s for s, bot in enumerate(data.meta["bots"]) if bot.startswith("expert")]
        for row in np.flatnonzero(np.isin(data.seat, experts)):
            legal, x = features(data.observation[row], data.mask[row])
            padded = np.zeros((MOST, FEATURES), np.float32)
            padded[: len(legal)] = x
            xs.append(padded)
            valids.append(np.arange(MOST) < len(legal))
            ys.append(int(np.flatnonzero(legal == data.action[row])[0]))
            games.append(k * 1_000_000 + int(data.index[row]))
    return np.stack(xs), np.stack(valids), np.array(ys), np.array(games)


def train(x: np.ndarray, valid: np.ndarray, y: np.ndarray, *, hidden: int, epochs: int, lr: float, decay: float,
          seed: int) -> tuple[Scorer, list[float]]:
    rng = np.random.default_rng(seed)
    model = Scorer(hidden, rng)
    losses = []
    for _ in range(epochs):
        order = rng.permutation(len(y))
        total = 0.0
        for start in range(0, len(y), 256):
            batch = order[start:start + 256]
            total += model.train_step(x[batch], valid[batch], y[batch], lr, decay) * len(batch)
        losses.append(total / len(y))
    return model, losses


def agreement(model: Scorer, x: np.ndarray, valid: np.ndarray, y: np.ndarray) -> float:
    """How often the model's best-scored action is the expert's."""
    return float((np.where(valid, model.scores(x)[1], -1e9).argmax(axis=1) == y).mean())


def decided(wins: int, losses: int) -> dict:
    low, high = wilson_interval(wins, wins + losses)
    return {"won": wins, "lost": losses, "share": round(wins / max(1, wins + losses), 4),
            "wilson_95": [round(low, 4), round(high, 4)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="the expert's games to learn from (default 100)")
    parser.add_argument("--iterations", type=int, default=300, help="the expert's budget a decision (default 300)")
    parser.add_argument("--deals", type=int, default=400, help="arena deals against the heuristic (default 400)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the games (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--data", type=Path, help="keep the expert's games here (and use them if already there)")
    parser.add_argument("--save", type=Path, help="save the learnt weights here (.npz)")
    parser.add_argument("--quick", action="store_true", help="a short run: 8 games at 30 iterations, 40 deals")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.iterations, args.deals, args.epochs = 8, 30, 40, 10
    start = time.perf_counter()
    root = args.data or Path(tempfile.mkdtemp(prefix="clone-football-whist-"))
    expert = f"expert:{args.iterations}"
    seatings = {"A": f"{expert},heuristic,{expert},heuristic", "B": f"heuristic,{expert},heuristic,{expert}"}
    folders, expert_games = [], {"won": 0, "lost": 0}
    for k, (side, bots) in enumerate(seatings.items()):
        folder = root / f"expert-as-{side}"
        if not (folder / "report.json").exists():
            shutil.rmtree(folder, ignore_errors=True)
            simulate(folder, bots, args.games // 2, args.seed * 2 + k, args.workers)
        report = json.loads((folder / "report.json").read_text())
        expert_games["won"] += report["results"]["wins"][side]["wins"]
        expert_games["lost"] += report["results"]["wins"]["B" if side == "A" else "A"]["wins"]
        folders.append(folder)
    generated = time.perf_counter() - start

    x, valid, y, games = gather(folders)
    model, losses = train(x, valid, y, hidden=16, epochs=args.epochs, lr=0.003, decay=0.001, seed=args.seed)
    trained = time.perf_counter() - start - generated
    if args.save:
        np.savez(args.save, w1=model.w1, b1=model.b1, w2=model.w2)

    arena = run_arena(GAME, ["cloned", "heuristic"], args.deals, seed=10_000 + args.seed, workers=args.workers,
                      players={"cloned": PolicyBot.factory(GAME, 4, model)})
    pair = arena["pairs"][0]
    report = {
        "game": "football-whist", "teacher": expert, "teacher_games": args.games, "seed": args.seed,
        "decisions": int(len(y)), "agreement_with_teacher": round(agreement(model, x, valid, y), 4),
        "final_loss": round(losses[-1], 4),
        "teacher_against_heuristic": decided(expert_games["won"], expert_games["lost"]),
        "arena": {"deals": args.deals, "games": pair["games"], "score": pair["score"], "ci95": pair["ci95"],
                  "won": pair["a_wins"], "lost": pair["b_wins"], "split": pair["drawn_or_shared"]},
        "cloned_against_heuristic": decided(pair["a_wins"], pair["b_wins"]),
        "seconds": {"data": round(generated, 1), "training": round(trained, 1),
                    "total": round(time.perf_counter() - start, 1)},
    }
    if args.data is None:
        shutil.rmtree(root, ignore_errors=True)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    t, c, a = report["teacher_against_heuristic"], report["cloned_against_heuristic"], report["arena"]
    print(f"Football Whist: behaviour cloning from {args.games} games of {expert} against the heuristic bot "
          f"({report['decisions']} decisions with a choice; {report['seconds']['data']:.0f} s)")
    print(f"  trained {args.epochs} epochs in {report['seconds']['training']:.0f} s: "
          f"picks the expert's move {report['agreement_with_teacher']:.1%} of the time")
    print(f"  the expert in its games: won {t['won']}, lost {t['lost']} of the decided matches: {t['share']:.3f} "
          f"[{t['wilson_95'][0]:.3f}, {t['wilson_95'][1]:.3f}]")
    print(f"  the clone against the heuristic, duplicate arena, {a['deals']} deals ({a['games']} matches): "
          f"score {a['score']:.3f} [{a['ci95'][0]:.3f}, {a['ci95'][1]:.3f}]; won {a['won']}, lost {a['lost']}, "
          f"drawn {a['split']}; share of decided matches {c['share']:.3f} "
          f"[{c['wilson_95'][0]:.3f}, {c['wilson_95'][1]:.3f}] (95% Wilson)")
    print(f"  {report['seconds']['total']:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
