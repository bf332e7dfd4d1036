"""International Football Whist (Pepys, 1947) for four players in two partnerships."""

from parlour.games.football_whist.descriptor import GAME

__all__ = ["GAME"]
