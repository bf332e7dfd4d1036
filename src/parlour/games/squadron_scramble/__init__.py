"""Squadron Scramble (Whitman, c. 1942) for two to four players."""

from parlour.games.squadron_scramble.descriptor import GAME

__all__ = ["GAME"]
