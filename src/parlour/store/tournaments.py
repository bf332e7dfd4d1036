"""Drives and Biggles cycles in the database: each is its config plus the entries made to it.

The tournament objects (``Drive``, ``Cycle``) check every entry; this module
only loads one, lets it check the new entry, and appends the entry when it is
accepted.  A refused entry raises the tournament's own error and stores
nothing.  Rebuilding from the rows re-checks every entry, so a damaged log is
found at once rather than shown.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

from parlour.store import Store, StoreConflict, StoreError
from parlour.tournaments.biggles_cycle import FORMAT as CYCLE_FORMAT, VERSION as CYCLE_VERSION, Cycle, default_title
from parlour.tournaments.drive import Drive
from parlour.tournaments.drive_play import GAME_ID, goals_of, play_drive

DRIVE, CYCLE = "drive", "biggles-cycle"
TRIES = 5            # another process (the server, ``parlour drive record``) may append between a check and its append


class Tournaments:
    def __init__(self, store: Store):
        self.store = store
        self._lock = threading.Lock()          # one entry at a time: each is checked against the one before

    def _load(self, doc_id: str, kind: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        found, config, events = self.store.load_document(doc_id)
        if found != kind:
            raise StoreError(f"{doc_id!r} is a {found}, not a {kind}")
        return config, events

    # -- the whist drive ---------------------------------------------------------
    def create_drive(self, config: dict[str, Any]) -> str:
        drive = Drive.from_config(config)                 # refuses bad teams, rounds, titles
        return self.store.create_document(DRIVE, drive.config())

    def drive(self, doc_id: str) -> Drive:
        config, events = self._load(doc_id, DRIVE)
        return Drive.from_dict(config, events)

    def add_drive_entry(self, doc_id: str, entry: dict[str, Any]) -> Drive:
        return self._append(doc_id, self.drive, entry)

    def _append(self, doc_id: str, load: Callable[[str], Any], entry: dict[str, Any]) -> Any:
        """Check ``entry`` against the tournament as stored and append it, unless another writer
        (another process) got in first: then check it again against the longer log."""
        with self._lock:
            for attempt in range(TRIES):
                tournament = load(doc_id)
                count = len(tournament.entries)
                tournament.add_entry(entry)
                try:
                    self.store.append_event(doc_id, tournament.entries[-1], expected=count)
                    return tournament
                except StoreConflict:
                    if attempt == TRIES - 1:
                        raise
        raise AssertionError("unreachable")

    def play_pending(self, doc_id: str, seed: int, bots: str = "heuristic") -> Drive:
        """Bots play every game still without a result; each match is kept as a finished table, replayable."""
        with self._lock:
            drive = self.drive(doc_id)
            before = len(drive.entries)
            records = play_drive(drive, seed, bots=bots, keep_records=True)
            for k, (record, entry) in enumerate(zip(records, drive.entries[before:], strict=True)):
                seats = [{"kind": "bot", "bot": s["player"].split(":", 1)[1], "name": f"{s['team']} {i // 2 + 1}"}
                         for i, s in enumerate(record.seats)]
                table_id = self.store.save_finished(
                    GAME_ID, record.variant, record.seed, seats, [(a[0], a[1], None) for a in record.actions],
                    record.result, meta={"drive": doc_id, "round": entry["round"], "table": entry["table"]})
                self.store.append_event(doc_id, {**entry, "meta": {**entry["meta"], "table_id": table_id}},
                                        expected=before + k)
        return self.drive(doc_id)

    # -- the Biggles cycle -----------------------------------------------------------
    def create_cycle(self, players: list[str], rounds: int = 1, title: str | None = None) -> str:
        """A new cycle; without a title (or a blank one) it is named for the day: "Biggles cycle, 5 December"."""
        cycle = Cycle(players, rounds, title=title if title and title.strip() else default_title(time.time()))
        # ("order": its matches numbered sitting by sitting; a cycle stored before has none, and keeps the ring's)
        return self.store.create_document(CYCLE, {"players": cycle.players, "rounds": cycle.rounds,
                                                  "title": cycle.title, "order": cycle.order})

    def cycle(self, doc_id: str) -> Cycle:
        config, events = self._load(doc_id, CYCLE)
        return Cycle.from_dict({"format": CYCLE_FORMAT, "version": CYCLE_VERSION, **config, "entries": events})

    def add_cycle_entry(self, doc_id: str, entry: dict[str, Any]) -> Cycle:
        return self._append(doc_id, self.cycle, entry)

    def list(self, kind: str) -> list[dict[str, Any]]:
        return self.store.list_documents(kind)

    # -- a table played for a fixture has finished ------------------------------------
    def enter_finished(self, table_id: str, meta: dict[str, Any], state: Any) -> None:
        """Enter a finished game's result in the drive or cycle its ``meta`` names (a correction if one is in).  The
        entry says where it came from: a table of bots alone (``bots``) or one where people played (``parlour``),
        which table, and when."""
        try:
            seats = self.store.load(table_id).seats
        except StoreError:
            seats = []
        source = "bots" if seats and all(s.get("kind") == "bot" for s in seats) else "parlour"
        if "drive" in meta:
            drive = self.drive(meta["drive"])
            home, away = goals_of(state)
            kind = "correction" if drive.result(meta["round"], meta["table"]) else "result"
            self.add_drive_entry(meta["drive"], {
                "kind": kind, "round": meta["round"], "table": meta["table"], "home_goals": home, "away_goals": away,
                "meta": {"source": source, "table_id": table_id, "seed": state.seed, "at": time.time()}})
        elif "cycle" in meta:
            points = state.result()["points"]
            done = {m["match"]: m for m in self.cycle(meta["cycle"]).matches()}
            kind = "correction" if done.get(meta["match"], {}).get("points") else "result"
            # a person who made no move at all (who left the table, say) did not really play: the result says
            # so, for the organiser to keep it or have the match played again
            moved = {seat for seat, _ in getattr(state, "history", ())}
            idle = [meta[side] for i, side in enumerate(("blue", "red"))
                    if i < len(seats) and seats[i].get("kind") == "person" and i not in moved]
            self.add_cycle_entry(meta["cycle"], {
                "kind": kind, "match": meta["match"], "blue": meta["blue"], "red": meta["red"],
                "blue_points": points["P1"], "red_points": points["P2"],
                "meta": {"source": source, "table_id": table_id, "at": time.time(),
                         **({"idle": idle} if idle else {})}})
