"""Terminal front ends, one module per game, found by game id.

This package's face is the registry (``frontend``): it imports the front ends,
and they import nothing of it; what they share (``parlour.terminal.choices``)
stands below both.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from parlour.engine.errors import ParlourError


def frontend(game_id: str) -> Any:
    if game_id == "football-whist":
        from parlour.terminal import football_whist

        return football_whist
    if game_id == "squadron-scramble":
        from parlour.terminal import squadron_scramble

        return squadron_scramble
    if game_id == "biggles":
        from parlour.terminal import biggles

        return _BigglesFront(biggles)
    if game_id in ("british-towns-asking", "british-towns-sets"):
        from parlour.terminal import british_towns

        return _BritishTownsFront(british_towns, "asking" if game_id.endswith("asking") else "sets")
    raise ParlourError(f"{game_id} cannot be played in the terminal yet")


class _BigglesFront:
    """Biggles is played live (``terminal.biggles.play_live``); this view serves ``parlour replay``."""

    def __init__(self, module: ModuleType):
        self.render = module.render_view
        self.narrate = module.narrate
        self.introduce = module.introduce
        self.final = module.final


class _BritishTownsFront:
    """One module draws both British Towns games: pick its functions for one of them."""

    def __init__(self, module: ModuleType, which: str):
        self.render = getattr(module, f"render_{which}")
        self.prompt_for = getattr(module, f"prompt_{which}")
        self.expand_shorthand = getattr(module, f"expand_{which}")
        self.narrate = getattr(module, f"narrate_{which}")
        self.introduce = getattr(module, f"introduce_{which}")
        self.final = module.final
        self.details = module.details

