"""Seat advantage: each position's share of the wins when the players and the cards are equal.

Each game gives every seat a *credit*: 1 to a lone winner, 1/w to each of w
seats sharing a win (a partnership's two seats, or a draw, in which every seat
counts as a winner, as in the arena).  The credits of a game add up to 1, so a
seat's share of the wins is fair at 1/P.

A deal's share for a position is its mean credit over the deal's games (one
for every shift of the hands, ``parlour.lab.deals``), and the reported share is
the mean over deals with the arena's t interval on the deal shares.  Positions
are counted from the player who moves first (the dealer's left, the first
kicker): that is where an advantage lies, since who deals is itself drawn at
random.  Partnership games report the partnership (A, B) and the first
player's partnership as well.  In a game played on its own clock (Biggles:
both players act at once) there is no first player, and positions are seats.

To show what playing in duplicate buys, the report also gives the interval
plain counting would have reached with the same games, each taken as an
independent win or loss (Wilson), and so how many times fewer games the
rotation needed for the same width (``duplicate_gain``).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Mapping, Sequence

from parlour.engine.descriptor import GameDescriptor
from parlour.lab.intervals import deals_for, share_interval
from parlour.sim.arena import is_partnership
from parlour.sim.stats import wilson_interval

#: the interval the default budget aims at, either side of the share
TARGET = 0.01

POSITION_NAMES = ("first player", "second player", "third player", "fourth player", "fifth player")


def credits(winners: Sequence[int], seats: int) -> list[float]:
    """Each seat's credit in one game: 1/w to each of the w winning seats (all of them in a draw)."""
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(seats)]


def position_name(position: int) -> str:
    return POSITION_NAMES[position] if position < len(POSITION_NAMES) else f"player {position + 1}"


def by_deal(rows: Sequence[Mapping[str, Any]]) -> dict[int, list[Mapping[str, Any]]]:
    deals: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        deals[row["deal"]].append(row)
    return dict(sorted(deals.items()))


def seat_advantage(game: GameDescriptor, seats: int, rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Each position's, seat's (and partnership's) share of the wins, with 95% intervals; see the module."""
    names = list(game.seat_names(seats))
    deals = by_deal(rows)
    position_shares: list[list[float]] = [[] for _ in range(seats)]
    seat_shares: list[list[float]] = [[] for _ in range(seats)]
    draws = 0
    for games in deals.values():
        per_position = [0.0] * seats
        per_seat = [0.0] * seats
        for row in games:
            credit = credits(row["winners"], seats)
            draws += len(row["winners"]) == seats
            for seat in range(seats):
                per_seat[seat] += credit[seat] / len(games)
                per_position[(seat - row["first"]) % seats] += credit[seat] / len(games)
        for p in range(seats):
            position_shares[p].append(per_position[p])
            seat_shares[p].append(per_seat[p])
    total_games = len(rows)
    positions = []
    for p in range(seats):
        row = share_interval(position_shares[p])
        wins = sum(credits(r["winners"], seats)[(r["first"] + p) % seats] for r in rows)
        plain = wilson_interval(round(wins), total_games)
        # (a real-time game has no first player: its seats are named, the first in words)
        name = ("first seat's player" if p == 0 else names[p]) if game.real_time else position_name(p)
        row.update({"position": p, "name": name,
                    "advantage": round(row["share"] - 1 / seats, 4),
                    "plain_half_width": round((plain[1] - plain[0]) / 2, 4)})
        positions.append(row)
    out: dict[str, Any] = {
        "fair_share": round(1 / seats, 4),
        "deals": len(deals),
        "games": total_games,
        "games_a_deal": total_games // max(1, len(deals)),
        "draws": {"count": draws, "rate": round(draws / total_games, 4) if total_games else 0.0},
        "by_position": positions,
        "by_seat": [{"seat": names[s], **share_interval(seat_shares[s])} for s in range(seats)],
    }
    headline = positions[0]
    if is_partnership(game, seats):
        sides = list(game.winner_sides(seats))
        side_rows = []
        for k, side in enumerate(sides):
            values = [sum(seat_shares[s][d] for s in range(seats) if s % len(sides) == k)
                      for d in range(len(deals))]
            side_rows.append({"side": side, **share_interval(values)})
        first_side = []
        for games in deals.values():
            first_side.append(sum(credits(r["winners"], seats)[s] for r in games for s in range(seats)
                                  if s % len(sides) == r["first"] % len(sides)) / len(games))
        out["by_side"] = side_rows
        headline = {"name": "first player's partnership", **share_interval(first_side)}
        headline["advantage"] = round(headline["share"] - 1 / len(sides), 4)
        fair = 1 / len(sides)
    else:
        fair = 1 / seats
    half = headline["half_width"]
    plain_p = min(max(headline["share"], 1e-9), 1 - 1e-9)
    plain_half = 1.959964 * (plain_p * (1 - plain_p) / max(1, total_games)) ** 0.5
    out["headline"] = {
        "name": headline["name"], "share": headline["share"], "ci95": headline["ci95"], "fair": round(fair, 4),
        "advantage": headline["advantage"], "half_width": half,
        "target": TARGET, "reached_target": half <= TARGET,
        "deals_for_target": deals_for(half, len(deals), TARGET),
        "plain_half_width": round(plain_half, 4),
        "duplicate_gain": round((plain_half / half) ** 2, 2) if half > 0 else None,
    }
    return out


def headline_by_deal(game: GameDescriptor, seats: int, rows: Sequence[Mapping[str, Any]]) -> dict[int, float]:
    """Each deal's headline share: the first player's (or, in a partnership game, his partnership's)."""
    sides = len(game.winner_sides(seats)) if is_partnership(game, seats) else seats
    out = {}
    for deal, games in by_deal(rows).items():
        out[deal] = sum(credits(r["winners"], seats)[s] for r in games for s in range(seats)
                        if s % sides == r["first"] % sides) / len(games)
    return out
