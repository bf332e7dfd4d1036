"""Parlour: out-of-print card games, played faithfully.

The package is layered so that a rule lives in exactly one place:

* ``parlour.engine`` is the contract every game implements (no game knowledge);
* ``parlour.games`` holds one folder per game, pure rules with no I/O;
* ``parlour.bots`` and ``parlour.sim`` use games only through that contract;
* ``parlour.terminal`` and ``parlour.cli`` are the edge where people come in.

Every arrow points one way: no module imports one that imports it back, not
even late or for a type only (``tests/test_imports.py``; README.md, Layout).
"""

__version__ = "0.1.0"

# The compiled rules the install builds (parlour.compiled): run the Python sources if stale or not wanted.
from parlour.compiled import guard as _guard  # noqa: E402

_guard()
