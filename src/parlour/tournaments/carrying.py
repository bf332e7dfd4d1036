"""Whether the bots carry a drive or a cycle on by themselves: ``bots`` entries in its log.

The organiser lets the bots play (``{"kind": "bots", "playing": true, "bots": "heuristic"}``) or pauses them
(``playing: false``), a drive's bots at a ``pace`` (``"watch"``, the default: slow enough to follow at their tables,
or ``"quick"``); the server notes each batch of tables it starts for them (``start``: which round or
sitting, and how many of its games were in, so that two server processes never start the same batch twice:
the second's entry is refused).  These entries change no result: the tournament only keeps them in its log, so
that a server restarted in the middle of the night knows the bots were playing and carries on.
"""

from __future__ import annotations

from typing import Any

from parlour.engine.errors import ParlourError

BOTS = "bots"
#: the paces a drive's bots play at: slow enough for anyone watching their tables to follow (the default), or quick
PACES = ("watch", "quick")


def clean_bots_entry(entry: dict[str, Any], before: list[dict[str, Any]], error: type[ParlourError]) -> dict[str, Any]:
    """A ``bots`` entry checked against the entries ``before`` it; ``error`` is the tournament's own error."""
    extra = sorted(set(entry) - {"kind", "playing", "bots", "pace", "start", "meta"})
    if extra:
        raise error(f"a bots entry has no field {extra[0]!r}")
    playing = entry.get("playing")
    if not isinstance(playing, bool):
        raise error("a bots entry says whether the bots play (playing: true or false)")
    bots, start, meta = entry.get("bots"), entry.get("start"), entry.get("meta")
    if bots is not None and (not isinstance(bots, str) or not bots):
        raise error("a bots entry's bots is a bot's name")
    pace = entry.get("pace")
    if pace is not None and pace not in PACES:
        raise error("a bots entry's pace is watch (slow enough to follow) or quick")
    if start is not None and (not isinstance(start, str) or not start):
        raise error("a bots entry's start names the batch of games started")
    if meta is not None and not isinstance(meta, dict):
        raise error("an entry's meta is an object")
    if start is not None and any(e.get("kind") == BOTS and e.get("start") == start for e in before):
        raise error(f"the bots' games of {start} were started already")
    return {k: v for k, v in {"kind": BOTS, "playing": playing, "bots": bots, "pace": pace, "start": start,
                              "meta": meta}.items() if v is not None}


def bots_state(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Where the bots stand: ``playing``, the ``bots`` they play as, their ``pace`` (watch unless the organiser chose
    quick) and ``since`` (when they were last let play, epoch seconds, or None)."""
    playing, bots, pace, since = False, None, PACES[0], None
    for e in entries:
        if e.get("kind") != BOTS:
            continue
        if e.get("start") is None:
            if e["playing"] and not playing:
                since = (e.get("meta") or {}).get("at")
            playing = e["playing"]
        bots = e.get("bots", bots)
        pace = e.get("pace", pace)
    return {"playing": playing, "bots": bots, "pace": pace, "since": since}
