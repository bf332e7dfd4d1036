"""How ``parlour serve`` runs the app under uvicorn: the limits on a connection before the app sees it.

The app holds every request to 16 KiB of body and every play socket to its rate and queue, but a client
can hold the server before a request is even read.  uvicorn's own settings, as ``serve`` sets them:

- ``http="h11"`` with ``h11_max_incomplete_event_size=MAX_HEAD``: a request's line and headers may take
  16 KiB, and a client that sends more gets 400 and a closed connection.  uvicorn's faster parser
  (httptools, the default where it is installed) keeps every header it is sent, without a limit.
- ``timeout_keep_alive=KEEP_ALIVE``: an idle connection between requests is closed after 5 seconds
  (uvicorn's default, kept: a browser opens a new one when it needs to).
- ``HEAD_TIMEOUT`` (``TimedH11``): a request's line and headers must all arrive within 10 seconds of
  its first byte (or of the connection).  uvicorn has no such deadline: a client that opens connections
  and sends a header a minute (slowloris) would hold each one for ever, and the server's file descriptors
  with them.
- ``ws_max_size=WS_MAX_SIZE``: a socket message over 64 KiB closes the socket (a move is a few bytes);
  ``ws_ping_interval`` and ``ws_ping_timeout`` (20 s each, uvicorn's): a socket whose client has gone
  without closing it is found within about 40 seconds, and its seat is free to open again.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

#: seconds an idle connection is kept open between requests
KEEP_ALIVE = 5
#: seconds a request's line and headers may take to arrive, from its first byte or the connection's start
HEAD_TIMEOUT = 10.0
#: bytes a request's line and headers may take
MAX_HEAD = 16 * 1024
#: bytes one socket message may take
WS_MAX_SIZE = 64 * 1024
#: seconds between the server's pings on a play socket, and to wait for the pong
WS_PING = 20.0


class TimedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head (``head_timeout`` seconds).

    The deadline starts when the connection is made, and again with the first byte of each request after the
    last; it ends once h11 has the whole head (the request leaves h11's IDLE state; a socket's upgrade too).
    A connection still without a whole head at the deadline is closed.
    """

    head_timeout = HEAD_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.head_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._await_head()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self._await_head()                   # a request begins: it has head_timeout to send its head
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._head_arrived()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_arrived()
        super().connection_lost(exc)

    def _await_head(self) -> None:
        if self.head_timer is None:
            self.head_timer = self.loop.call_later(self.head_timeout, self._too_slow)

    def _head_arrived(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _too_slow(self) -> None:
        self.head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def protocol(head_timeout: float) -> type[TimedH11]:
    """``TimedH11`` with its own deadline (uvicorn makes one protocol object per connection from the class)."""
    return type("TimedH11", (TimedH11,), {"head_timeout": head_timeout})


def options(head_timeout: float = HEAD_TIMEOUT, keep_alive: int = KEEP_ALIVE) -> dict[str, Any]:
    """uvicorn's settings for ``parlour serve`` (besides the address, the logs and the app)."""
    return {"http": protocol(head_timeout), "h11_max_incomplete_event_size": MAX_HEAD,
            "timeout_keep_alive": keep_alive, "ws_max_size": WS_MAX_SIZE, "ws_ping_interval": WS_PING,
            "ws_ping_timeout": WS_PING}


def run(app: Any, host: str, port: int, log_level: str, head_timeout: float = HEAD_TIMEOUT,
        keep_alive: int = KEEP_ALIVE) -> None:
    uvicorn.run(app, host=host, port=port, log_config=None, log_level=log_level, access_log=False,
                **options(head_timeout, keep_alive))
