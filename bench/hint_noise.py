"""How noisy is the hint?  The same Football Whist position judged on several seeds, at the server's budget.

Positions are drawn from games played by the search's own rollout policy: ``lose``, a seat following a trick that
none of its cards can win, with three or more cards to choose from (review 27a: three Wales cards, all losing to
the Wales 10 led, came out 67%, 58% and 55%, and the analysis called the 55% a 12% loss); ``any``, any decision
with three or more moves; ``ball``, a kick-off or a move of the ball with three or more places to choose from.
For each: the spread (standard deviation) of a move's figure from seed to seed, the
standard error the search gives it, how often the expert's choice changes with the seed, and how many hints have a
move over the analysis's threshold (10%) below the choice, shown as it is (``levelled`` within the noise: after)
and as it was before (only moves above the choice levelled).

    PYTHONPATH=src python bench/hint_noise.py [positions [noise ...]]   (noise -1e9: as before the levelling)

The judge is the game's (``search.JUDGE``: every move played out in the same worlds, ``paired``); with
``HINT_JUDGE=ismcts`` in the environment, the expert's own tree search, as the hint was judged before review 28.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

from parlour.bots import analysis
from parlour.games import FOOTBALL_WHIST as GAME
from parlour.games.football_whist import search
from parlour.games.football_whist.rules import DECODE, PLAY, trick_winner

if os.environ.get("HINT_JUDGE") == "ismcts":
    search.JUDGE = None


def positions(kind: str, n: int) -> list:
    out, game = [], 0
    while len(out) < n:
        game += 1
        state = GAME.new_state(seats=4, seed=game)
        rng = random.Random(game)
        stop, steps = rng.randrange(0, 60), 0
        while not state.is_over:
            (seat,) = state.to_move
            legal = state.legal_actions(seat)
            if steps >= stop and len(legal) >= 3:
                if kind == "any" or (kind == "ball" and DECODE[legal[0]][0] != PLAY):
                    out.append(state.clone())
                    break
                if kind == "ball":
                    state.apply(seat, search.rollout_action(state, seat, legal, rng))
                    steps += 1
                    continue
                if DECODE[legal[0]][0] != PLAY or not state.trick:
                    continue_play = True
                else:
                    cards = [DECODE[a][1] for a in legal]
                    continue_play = any(trick_winner([*state.trick, c], state.led_team, state.master)
                                        == len(state.trick) for c in cards)
                if not continue_play:
                    out.append(state.clone())
                    break
            state.apply(seat, search.rollout_action(state, seat, legal, rng))
            steps += 1
    return out


def measure(kind: str, n: int, seeds: range, noise: float) -> None:
    analysis.NOISE = noise
    spreads, errors, flips, costly, level, hints = [], [], 0, 0, 0, 0
    tally: dict = {"level": [0, 0, []], "apart": [0, 0, []]}
    started = time.perf_counter()
    for state in positions(kind, n):
        (seat,) = state.to_move
        runs = [analysis.hint(GAME, state, seat, seed=s) for s in seeds]
        for action in state.legal_actions(seat):
            mine = [next(o for o in run if o["action"] == action) for run in runs]
            spreads.append(statistics.pstdev(o.get("searched_chance", o["chance"]) for o in mine))
            errors.append(statistics.mean(o["error"] for o in mine))
        flips += len({run[0]["action"] for run in runs}) > 1
        # is a move levelled from below on one seed really one another seed could put first (and one not levelled,
        # really below)?  A seed "puts it first" where its own figure is at least the choice's there
        for i, run in enumerate(runs):
            for o in run[1:]:
                if o["chance"] is None:
                    continue
                own = o.get("searched_chance", o["chance"])
                if own > run[0]["chance"]:
                    continue                                 # (levelled from above: not what is measured here)
                elsewhere = [r for j, r in enumerate(runs) if j != i]
                others = [next(x for x in r if x["action"] == o["action"]) for r in elsewhere]
                first_elsewhere = any(x.get("searched_chance", x["chance"]) >= r[0]["chance"]
                                      or r[0]["action"] == o["action"] for x, r in zip(others, elsewhere, strict=True))
                key = "level" if o.get("level") else "apart"
                tally[key][0] += first_elsewhere
                tally[key][1] += 1
                tally[key][2].append(o["visits"])
        for run in runs:
            hints += 1
            costly += run[0]["chance"] - min(o["chance"] for o in run) > analysis.THRESHOLD
            level += sum(1 for o in run if o.get("level") and o["searched_chance"] < run[0]["chance"])
    took = (time.perf_counter() - started) / hints
    print(f"{kind:>4}, judge {search.JUDGE or 'ismcts'}, noise {noise:g}: {n} positions x {len(seeds)} seeds; "
          f"a move's chance from seed to seed: "
          f"spread {statistics.mean(spreads):.3f} (max {max(spreads):.3f}), "
          f"its standard error {statistics.mean(errors):.3f}; "
          f"the choice changes with the seed in {flips}/{n}; "
          f"a move over 10% below the choice in {costly}/{hints} hints; "
          f"moves levelled from below {level}; {took:.2f} s a hint")
    for key, (first, count, visits) in tally.items():
        if count:
            print(f"      {key}: {count} moves below the choice, {first} of them the best on another seed "
                  f"({first / count:.0%}); their tries: median {statistics.median(visits)}, least {min(visits)}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    noises = [float(x) for x in sys.argv[2:]] or [-1e9, analysis.NOISE]
    for kind in ("lose", "any", "ball"):
        for noise in noises:
            measure(kind, count, range(6), noise)
