"""Wording shared by the rules' messages and the command line (the browser has its own, ``static/words.js``)."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 round"``, ``"2 rounds"``, ``"0 rounds"``; ``many`` for a word that does not just add an s."""
    return f"{count} {word if count == 1 else many or word + 's'}"
