"""British Towns: two games with one pack, the asking game and the regional-sets game."""

from parlour.games.british_towns.descriptor import ASKING, SETS

__all__ = ["ASKING", "SETS"]
