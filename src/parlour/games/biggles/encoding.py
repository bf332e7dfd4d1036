"""Biggles as numbers: each seat's observation and information-state tensors.

Built from ``state.observation(seat)`` alone.  Everything on a Biggles table
is face up and nobody knows the order of a face-down hand, not even its
owner, so the two players see the same table; the tensors put the viewer's
side first.  A card is one of 15 kinds: K1-K7, R1-R7, BIG.  Every slice is
listed in ``docs/research.md``.
"""

from __future__ import annotations

from typing import Any

from parlour.engine.numbers import Encoding, Layout, by_seat, capped
from parlour.games.biggles.rules import BLACKS, PACK_SIZE, PACKS, SEATS, VERB_OF, VERBS, WIN_POINTS

KINDS = tuple([f"K{n}" for n in range(1, BLACKS + 1)] + [f"R{n}" for n in range(1, BLACKS + 1)] + ["BIG"])
KIND_INDEX = {text: i for i, text in enumerate(KINDS)}
#: per side: hand size, pile size, pile top (15 kinds), pack (blue, red), build level 0-8, stoppers received
SIDE_WIDTH = 2 + len(KINDS) + len(PACKS) + WIN_POINTS + 1 + 1

_NOW = (
    ("seat", SEATS, "the viewer's chair"),
    ("playing", 1, "1 while a match runs"),
    ("match", 1, "the match number / 10 (at most 1)"),
    ("sides", (SEATS, SIDE_WIDTH), "viewer first: hand size / 22, pile size / 22, pile top (K1-K7, R1-R7, BIG), "
                                   "pack (blue, red), build level 0-8, stoppers received / 7"),
    ("builds", (SEATS, WIN_POINTS, 2), "viewer first: for black 1-7 and Biggles, copies in the build standing "
                                       "and cancelled (/ 2)"),
    ("points", SEATS, "points so far, viewer first, / 40 (at most 1)"),
)
_SEEN = (
    ("actions", (SEATS, len(VERBS)),
     "viewer first: turns, pickups, plays and stops made in the game / 200 (at most 1)"),
    ("matches_won", SEATS, "matches won, viewer first, / 5 (at most 1)"),
)


class BigglesEncoding(Encoding):
    private_keys = ()              # nothing on a Biggles table is any one player's
    observation_layout = Layout(*_NOW)
    information_state_layout = Layout(*_NOW, *_SEEN)

    def fill_now(self, obs: dict[str, Any], t: Any, at: Layout) -> int:
        me: int = obs["seat"]
        t[at["seat"] + me] = 1.0
        t[at["playing"]] = 1.0 if obs["phase"] == "playing" else 0.0
        t[at["match"]] = capped(obs["match"], 10)
        sides, builds = at["sides"], at["builds"]
        for seat, side in enumerate(obs["players"]):
            rel = (seat - me) % SEATS
            row = sides + rel * SIDE_WIDTH
            t[row] = side["hand_size"] / PACK_SIZE
            t[row + 1] = capped(side["pile_size"], PACK_SIZE)
            if side["pile_top"] is not None:
                t[row + 2 + KIND_INDEX[side["pile_top"]]] = 1.0
            row += 2 + len(KINDS)
            t[row + PACKS.index(side["pack"])] = 1.0
            row += len(PACKS)
            level = side["level"]
            if 0 < level <= WIN_POINTS:
                t[row + level - 1] = 1.0
            t[row + WIN_POINTS] = len(side["stopped_by"]) / BLACKS
            base = builds + rel * WIN_POINTS * 2
            for text in side["build"]:
                cancelled = text.endswith("x")
                number = WIN_POINTS if text.startswith("BIG") else int(text[1])
                t[base + (number - 1) * 2 + cancelled] += 0.5
        by_seat(t, at["points"], obs["points"], me, 40)
        return me

    def fill_seen(self, obs: dict[str, Any], t: Any, at: Layout, me: int) -> None:
        # The tensor view gives each seat's count of each kind of action; the whole observation, the actions.
        counts = [list(c) for c in obs["action_counts"]] if "action_counts" in obs else None
        if counts is None:
            counts = [[0] * len(VERBS) for _ in range(SEATS)]
            for seat, action in obs["history"]:
                counts[seat][VERB_OF[action]] += 1
        if me:
            counts.reverse()                      # viewer first (two seats)
        base = at["actions"]
        for rel in range(SEATS):
            for v in range(len(VERBS)):
                t[base + rel * len(VERBS) + v] = capped(counts[rel][v], 200)
        for result in obs["match_results"]:
            t[at["matches_won"] + (result["winner"] - me) % SEATS] += 0.2
        won = t[at["matches_won"]:at["matches_won"] + SEATS]
        won.clip(0.0, 1.0, out=won)


def encoding(seats: int = SEATS) -> BigglesEncoding:
    return BigglesEncoding(seats)
