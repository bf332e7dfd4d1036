"""The pitch graph, loaded from ``data/pitch.json`` (a reconstruction).

Nothing in the rules names a node: they ask the pitch for neighbours, badges
and goals, so a better-sourced pitch can replace the data file unchanged code.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from parlour.games.football_whist.cards import TEAM_NAMES, team_index


@dataclass(frozen=True)
class Pitch:
    nodes: tuple[str, ...]
    centre: str
    west_goal: str
    east_goal: str
    badge: dict[str, int]                      # node -> team index, badge nodes only
    neighbours: dict[str, tuple[str, ...]]
    distance: dict[str, dict[str, int]]        # shortest track count between nodes
    data: dict[str, Any]                       # the raw file, for front ends (layout, diagram)

    @property
    def goals(self) -> tuple[str, str]:
        return (self.west_goal, self.east_goal)

    def place_name(self, node: str) -> str:
        """A position as a player names it: ``the centre circle``, ``the West goal``, ``the England badge in
        the West half`` (each half holds each nation's badge once; the half is the nearer goal's)."""
        if node == self.centre:
            return "the centre circle"
        if node == self.west_goal:
            return "the West goal"
        if node == self.east_goal:
            return "the East goal"
        team = TEAM_NAMES[self.badge[node]]
        to = self.distance[node]
        if to[self.west_goal] == to[self.east_goal]:
            return f"the {team} badge"
        return f"the {team} badge in the {'West' if to[self.west_goal] < to[self.east_goal] else 'East'} half"

    @property
    def confidence(self) -> str:
        confidence: str = self.data.get("confidence", "reconstructed")
        return confidence


def _distances(
    nodes: tuple[str, ...], neighbours: dict[str, tuple[str, ...]], goals: tuple[str, ...]
) -> dict[str, dict[str, int]]:
    """Track counts; the ball never passes *through* a goal, so goals are dead ends."""
    table = {}
    for start in nodes:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if node in goals and node != start:
                continue
            for nxt in neighbours[node]:
                if nxt not in seen:
                    seen[nxt] = seen[node] + 1
                    queue.append(nxt)
        table[start] = seen
    return table


def build_pitch(data: dict[str, Any]) -> Pitch:
    tracks = data["tracks"]
    badge = {node: team_index(code) for node, code in data["badges"].items()}
    goals = (data["goals"]["west"], data["goals"]["east"])
    nodes = tuple(dict.fromkeys([data["centre"], *badge, *goals, *(n for t in tracks for n in t)]))
    adjacent: dict[str, list[str]] = {node: [] for node in nodes}
    for a, b in tracks:
        adjacent[a].append(b)
        adjacent[b].append(a)
    order = {node: i for i, node in enumerate(sorted(nodes))}
    neighbours = {node: tuple(sorted(adj, key=order.__getitem__)) for node, adj in adjacent.items()}
    for node in nodes:
        if node not in badge and node not in goals and node != data["centre"]:
            raise ValueError(f"pitch node {node} is neither a badge, a goal nor the centre")
    return Pitch(
        nodes=nodes,
        centre=data["centre"],
        west_goal=goals[0],
        east_goal=goals[1],
        badge=badge,
        neighbours=neighbours,
        distance=_distances(nodes, neighbours, goals),
        data=data,
    )


@cache
def default_pitch() -> Pitch:
    text = resources.files(__package__).joinpath("data/pitch.json").read_text("utf-8")
    return build_pitch(json.loads(text))
