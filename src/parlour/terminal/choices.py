"""Reading a choice a person picked by its number: what every game's terminal front end shares.

Its own module, below both the front ends and the registry that finds them
(``parlour.terminal.frontend``), so that the registry imports the front ends
and no front end imports the registry back.
"""

from __future__ import annotations

from typing import Sequence

#: longer lists of choices (such as every plane name) are neither printed nor numbered
MAX_LISTED = 30


def numbered_choice(text: str, legal: Sequence[str]) -> str | None:
    """The listed choice a person picked by its number (1-based), if that is what he typed."""
    word = text.strip()
    if len(legal) <= MAX_LISTED and word.isascii() and word.isdecimal() and 1 <= int(word) <= len(legal):
        return legal[int(word) - 1]
    return None
