"""Request bodies, read in one place: at most ``MAX_BODY`` bytes of one JSON object.

``BodyLimit`` wraps the whole app, so it holds for every route, pages and
static files included: a body announced (by ``Content-Length``) as too large
is refused before any of it is read, a chunked one is cut off the moment it
grows past the limit, and a GET (which takes no body) with a body is refused.
Either way the connection is closed, so the rest of the body is never read.

Every API route reads its body through ``JSONRoute``: a route that takes none
refuses one, a body sent as anything but JSON gets a 415, one that is not JSON
(or nests too deep for the parser) a 400, and only then does FastAPI check it
against the route's model.  So no route sees a body that is not a JSON object,
and none holds more than ``MAX_BODY`` bytes.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Coroutine

from fastapi import HTTPException, Request, Response
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 16384
TOO_LARGE = "that request is too large"
NOT_JSON = "the request body must be JSON"
NOT_AN_OBJECT = "the request body must be a JSON object"
NOT_JSON_TYPE = "send the request body as JSON (Content-Type: application/json)"
NO_BODY = "this request takes no body"
#: methods whose requests carry no body
BODILESS = {"GET", "HEAD", "OPTIONS"}


def has_body(headers: Headers) -> bool:
    return "transfer-encoding" in headers or headers.get("content-length", "0") not in ("", "0")


def refusal(status: int, detail: str) -> JSONResponse:
    """A refusal sent before the body was read: the connection closes, so the rest of it is never read."""
    return JSONResponse({"detail": detail}, status_code=status, headers={"connection": "close"})


class TooLarge(Exception):
    """A chunked body grew past the limit while it was being read."""


class BodyLimit:
    """ASGI middleware: no request body over ``limit`` bytes reaches any route, and none where none belongs."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        declared = headers.get("content-length", "")
        if scope["method"] in BODILESS and has_body(headers):
            await refusal(400, NO_BODY)(scope, receive, send)
            return
        if declared.isdigit() and int(declared) > self.limit:
            await refusal(413, TOO_LARGE)(scope, receive, send)
            return
        size = 0
        started = False

        async def limited() -> Message:
            nonlocal size
            message = await receive()
            size += len(message.get("body", b""))
            if size > self.limit:
                raise TooLarge
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, sending)
        except TooLarge:
            if not started:
                await refusal(413, TOO_LARGE)(scope, receive, send)


class JSONBody(Request):
    """A request whose body is read at most ``MAX_BODY`` bytes far and parsed with Parlour's own refusals."""

    async def body(self) -> bytes:
        if not hasattr(self, "_body"):
            declared = self.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > MAX_BODY:
                raise HTTPException(413, TOO_LARGE)
            chunks, size = [], 0
            async for chunk in self.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise HTTPException(413, TOO_LARGE)
                chunks.append(chunk)
            self._body = b"".join(chunks)
        return self._body

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                body = json.loads(await self.body())
            except (ValueError, RecursionError):            # [[[[...: too deep for the parser
                raise HTTPException(400, NOT_JSON) from None
            if not isinstance(body, dict):
                raise HTTPException(400, NOT_AN_OBJECT)
            self._json = body
        return self._json


class JSONRoute(APIRoute):
    """A route whose request body, if it takes one, is a JSON object read through ``JSONBody``."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        takes_body = self.body_field is not None

        async def route(request: Request) -> Response:
            request = JSONBody(request.scope, request.receive)
            if takes_body and has_body(request.headers):
                if not is_json(request.headers.get("content-type", "")):
                    return refusal(415, NOT_JSON_TYPE)       # a form post from another site, say
                await request.json()          # refuses what is too large, not JSON, or not an object
            elif not takes_body and has_body(request.headers):
                return refusal(400, NO_BODY)
            return await handler(request)

        return route


def is_json(content_type: str) -> bool:
    """``application/json`` or ``application/...+json``, with or without parameters."""
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or kind.startswith("application/") and kind.endswith("+json")
