"""The core package imports no research library, and loads NumPy only when a tensor or mask is asked for."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import parlour.cli, parlour.web.app, parlour.games, parlour.bots, parlour.sim, parlour.store
from parlour.games import get_game
state = get_game("football-whist").new_state(seed=1)
(seat,) = state.to_move
ids = state.legal_action_ids(seat)
assert state.action_text(ids[0]) in state.legal_actions(seat)
state.information_state_string(seat)
assert "numpy" not in sys.modules, "numpy was imported before any array was asked for"
state.legal_mask(seat)
assert "numpy" in sys.modules
loaded = [m for m in ("pettingzoo", "gymnasium", "pyspiel", "open_spiel") if m in sys.modules]
assert not loaded, loaded
"""


def test_core_imports_no_research_library_and_numpy_only_when_asked():
    subprocess.run([sys.executable, "-c", CHECK], check=True)
