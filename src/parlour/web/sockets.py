"""How many play sockets a seat, a table and a client address may hold at once.

Every play socket costs the server for as long as it is open: a task that sends, a queue, a view built
at every change, a file descriptor.  A table's own limits (``live.Connection``: its rate, its queue) keep
one socket from holding a table back, but not a client from opening thousands: a script, a tab stuck
reconnecting, a watcher of every table at once.  So the server counts them, spectators included:

- per client address: counted from the handshake on (before the table is even looked up), so a flood of
  handshakes is refused before it costs a read of the database;
- per table: what one table may be watched by (its views are built once a change for every spectator,
  but each socket has its own sender);
- per seat: the same key open in a few tabs or devices, and a reconnection whose old socket has not yet
  been seen to close (the server's pings find it within about 40 seconds).

A socket over a cap is told why (an ``error`` message) and closed with ``CLOSE_TOO_MANY`` and the same
reason; the page says so and tries again less often.  The defaults suit a club night; behind one shared
address (a pub's wifi, a school) raise ``--sockets-per-address``.  Behind a proxy the address is the one
the proxy names in ``X-Forwarded-For`` once it is trusted (docs/web.md).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from parlour.web.live import LiveTable

#: the close code of a socket over a cap (a 4000s code of the application's own, like HTTP's 429)
CLOSE_TOO_MANY = 4429
#: the defaults: sockets of one seat, of one table (spectators included), of one client address
PER_SEAT, PER_TABLE, PER_ADDRESS = 4, 200, 64


class SocketCaps:
    """The sockets open now, by client address, and the caps they are held to (``None``: no cap)."""

    def __init__(self, per_seat: int | None = PER_SEAT, per_table: int | None = PER_TABLE,
                 per_address: int | None = PER_ADDRESS):
        self.per_seat = per_seat
        self.per_table = per_table
        self.per_address = per_address
        self.by_address: Counter[str] = Counter()

    def enter(self, address: str) -> str | None:
        """Count a new socket from ``address``; the reason it is refused instead (then it is not counted)."""
        if self.per_address is not None and self.by_address[address] >= self.per_address:
            return f"too many connections from your address (at most {self.per_address} at once)"
        self.by_address[address] += 1
        return None

    def leave(self, address: str) -> None:
        """A socket counted by ``enter`` has closed."""
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]

    def seat(self, table: LiveTable, seat: int | None) -> str | None:
        """Why one more socket may not join ``table`` (for ``seat``, or a spectator's), or None if it may.

        The caller joins the table before it next awaits anything, so no other socket slips in between.
        """
        if self.per_table is not None and len(table.connections) >= self.per_table:
            return f"this table has as many connections as it allows ({self.per_table}); try again later"
        if (seat is not None and self.per_seat is not None
                and sum(1 for c in table.connections if c.seat == seat) >= self.per_seat):
            return (f"this seat is already open in {self.per_seat} places (at most {self.per_seat}); "
                    "close one of them")
        return None
