"""Requests from other sites' pages are refused: only the server's own pages, and those it is told of, change things.

A browser names the page a request comes from in ``Origin``: always on a
WebSocket handshake, and on every POST, PUT, PATCH or DELETE (a form post
included).  ``SameOrigin`` lets through such a request only when ``Origin``
names this server (the host the request was sent to) or one of the origins
given by ``parlour serve --allow-origin``; any other is refused (403, or a
refused handshake) before a route sees it.  A request without ``Origin``
comes from a program, not from a page in a browser, and goes on to the keys'
checks like any other.  Reading (GET) is open to everyone.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from parlour.web.bodies import refusal

#: methods that change nothing
SAFE = {"GET", "HEAD", "OPTIONS"}
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def normal(origin: str) -> str:
    """``scheme://host:port`` in lower case, with the scheme's default port written out."""
    parts = urlsplit(origin.strip().lower())
    if not parts.scheme or not parts.hostname:
        return ""
    try:
        port = parts.port or DEFAULT_PORTS.get(parts.scheme, 0)
    except ValueError:                            # a port that is not a number
        return ""
    return f"{parts.scheme}://{parts.hostname}:{port}"


def host_of(origin: str) -> str:
    """``host:port`` of a normal origin (the part a server behind a TLS proxy can compare with its Host)."""
    return origin.split("://", 1)[-1]


def foreign(reason_origin: str) -> str:
    return (f"requests from pages of another site ({reason_origin[:100]}) are refused; this server accepts its own "
            "pages and the origins given by parlour serve --allow-origin")


class SameOrigin:
    """ASGI middleware: a state-changing request or a socket from a page of another origin is refused."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()):
        self.app = app
        self.allowed = {normal(o) for o in allowed} - {""}

    def allows(self, origin: str, scope: Scope, headers: Headers) -> bool:
        own = normal(origin)
        if not own:
            return False                          # "null" (a sandboxed frame, a file) or nonsense
        if own in self.allowed:
            return True
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        host = normal(f"{scheme}://{headers.get('host', '')}")
        return bool(host) and host_of(own) == host_of(host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" or scope["type"] == "http" and scope["method"] not in SAFE:
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            if origin is not None and not self.allows(origin, scope, headers):
                if scope["type"] == "websocket":
                    await receive()                           # the handshake: answered 403, never accepted
                    await send({"type": "websocket.close", "code": 1008, "reason": foreign(origin)[:120]})
                else:
                    await refusal(403, foreign(origin))(scope, receive, send)
                return
        await self.app(scope, receive, send)


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port, in lower case ("" for none): ``[::1]:8000`` is ``[::1]``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else ""
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def host_names(names: Iterable[str]) -> list[str]:
    """The names given to ``--host-name``, in lower case; ``ValueError`` for a pattern that is not ``*.NAME``."""
    checked = [n.strip().lower() for n in names if n.strip()]
    for name in checked:
        if "*" in name[1:] or name.startswith("*") and not name.startswith("*.") or ":" in name.strip("[]"):
            raise ValueError(f"--host-name takes a name without its port, or a pattern like *.club.example, "
                             f"not {name!r}")
    return checked


def unknown_host(names: list[str]) -> str:
    return f"this server answers only to {', '.join(names)[:200]}: check the address you used"


class AllowedHosts:
    """ASGI middleware: a request or socket whose ``Host`` is not one of the server's names is refused.

    Without it the server answers to any name, which is what a laptop on ``localhost`` wants.  On a public
    night it answers only to its own names (``parlour serve --host-name club.example``, repeatable; a pattern
    ``*.club.example`` takes every name under it).  That closes DNS rebinding, where a page of another site
    makes its own name point at this server: the browser then sees one origin, so ``SameOrigin``, which
    compares ``Origin`` with ``Host``, would let its requests through.  A refused request gets 400 with the
    reason as JSON (like every refusal here); a socket is refused at its handshake.  Starlette's
    ``TrustedHostMiddleware`` does the same check but answers in plain text, and not at all on a socket.
    """

    def __init__(self, app: ASGIApp, names: Iterable[str]):
        self.app = app
        self.names = host_names(names)

    def allows(self, host: str) -> bool:
        return bool(host) and any(host == name or name.startswith("*.") and host.endswith(name[1:])
                                  for name in self.names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and not self.allows(host_name(Headers(scope=scope).get("host", ""))):
            if scope["type"] == "websocket":
                await receive()                           # the handshake: answered 403, never accepted
                await send({"type": "websocket.close", "code": 1008, "reason": unknown_host(self.names)[:120]})
            else:
                await refusal(400, unknown_host(self.names))(scope, receive, send)
            return
        await self.app(scope, receive, send)
