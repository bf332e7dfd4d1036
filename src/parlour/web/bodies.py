"""Request bodies, read in one place: at most ``MAX_BODY`` bytes of one JSON object.

Every API route reads its body through ``JSONRoute``: a body announced (by
``Content-Length``) or found to be too large is refused before more of it is
read, one that is not JSON (or nests too deep for the parser) gets a 400, and
only then does FastAPI check it against the route's model.  So no route sees
a body that is not a JSON object, and none holds more than ``MAX_BODY`` bytes.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Coroutine

from fastapi import HTTPException, Request, Response
from fastapi.routing import APIRoute

MAX_BODY = 16384
TOO_LARGE = "that request is too large"
NOT_JSON = "the request body must be JSON"
NOT_AN_OBJECT = "the request body must be a JSON object"


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
            if takes_body:
                await request.json()          # refuses what is too large, not JSON, or not an object
            return await handler(request)

        return route
