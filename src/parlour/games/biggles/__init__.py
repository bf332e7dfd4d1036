"""Biggles (Pepys, 1955): a real-time race for two players, played as a series of matches."""

from parlour.games.biggles.descriptor import GAME

__all__ = ["GAME"]
