"""Helpers to set up exact Football Whist positions from explicit deals."""

from __future__ import annotations

import pytest

from parlour.games.football_whist import GAME

TEAMS = "EISW"


def team_hand(team: str) -> list[str]:
    return [f"{team}{n}" for n in range(1, 12)]


def by_team(order: str = "EISW") -> list[list[str]]:
    """Seat i holds the whole of team order[i]."""
    return [team_hand(t) for t in order]


def make(dealer: int = 3, first: list[list[str]] | None = None, second: list[list[str]] | None = None, **variant):
    deal = {"dealer": dealer, "hands": [first or by_team(), second or by_team()]}
    return GAME.new_state(variant=variant, deal=deal)


def run(state, *actions: str) -> None:
    """Apply actions in turn order, each by the one seat to move."""
    for action in actions:
        (seat,) = state.to_move
        state.apply(seat, action)


@pytest.fixture
def game():
    return GAME
