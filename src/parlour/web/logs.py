"""The server's log: plain lines for a person at a terminal, or JSON lines for a log collector.

Every record carries the context it was written in, wherever in the code it was written: the HTTP
request (an id, method and path) or the table and seat of a socket.  The context lives in a
``ContextVar``, set by the request middleware and the play socket (``bind``), so each asyncio task
keeps its own; a filter copies it onto the record.  JSON lines come from python-json-logger.
"""

from __future__ import annotations

import logging
import sys
import time
import uuid
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any, Mapping

from pythonjsonlogger.json import JsonFormatter
from starlette.requests import Request
from starlette.responses import Response

#: the fields a record may carry from its context
FIELDS = ("request", "method", "path", "table", "seat")
_context: ContextVar[Mapping[str, Any]] = ContextVar("parlour_log_context", default=MappingProxyType({}))
log = logging.getLogger("parlour.web")


def bind(**fields: Any) -> None:
    """Add fields to the context of every record written from here on in this task (and tasks it starts)."""
    _context.set({**_context.get(), **fields})


class Context(logging.Filter):
    """Copies the task's context onto each record (``record.table``...), and a short form for plain lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = _context.get()
        for name in FIELDS:
            if name in context and not hasattr(record, name):
                setattr(record, name, context[name])
        shown = " ".join(f"{name}={getattr(record, name)}" for name in FIELDS if hasattr(record, name))
        record.context = f"[{shown}] " if shown else ""
        return True


def configure(fmt: str = "text", level: str = "warning") -> None:
    """Send Parlour's and uvicorn's records to standard error, as plain lines (``text``) or JSON lines (``json``)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(Context())
    if fmt == "json":
        handler.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s",
                                           rename_fields={"asctime": "time", "levelname": "level",
                                                          "name": "logger"},
                                           reserved_attrs=[*logging.LogRecord("", 0, "", 0, "", None, None)
                                                           .__dict__, "context", "color_message", "message"]))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(context)s%(message)s"))
    for name in ("parlour", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level.upper())
        logger.propagate = False


async def requests(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
    """HTTP middleware: each request gets an id in its records and its answer (``X-Request-Id``); logs the answer."""
    request_id = request.headers.get("x-request-id", "")[:64] or uuid.uuid4().hex[:12]
    bind(request=request_id, method=request.method, path=request.url.path)
    start = time.perf_counter()
    response = await call_next(request)
    response.headers["X-Request-Id"] = request_id
    log.info("%s %s %d in %.1f ms", request.method, request.url.path, response.status_code,
             (time.perf_counter() - start) * 1000, extra={"status": response.status_code})
    return response
