"""Every refusal the API answers, as ``{"detail": "..."}`` in words (the pages show ``detail`` as it is).

The rules, the store and the tournaments raise their own errors with their
reasons; ``install`` gives each kind its status here, once, instead of in every
route.  A body or parameter that does not fit its model is explained by the
model's refusals (``models.Body``) and where it was found ("seat 2: ...").
"""

from __future__ import annotations

from typing import Any, Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from parlour.engine.errors import ParlourError
from parlour.store import StoreConflict, StoreError, StoreUnavailable
from parlour.web.bodies import NOT_JSON_TYPE
from parlour.web.models import REFUSED, Refusal
from parlour.web.registry import Busy, Unplayable

#: the status of each kind of error a route lets through, most particular first
STATUS: list[tuple[type[ParlourError], int]] = [
    (Unplayable, 500),           # a stored log the rules refuse: the server's fault, not the client's
    (StoreUnavailable, 503),     # the database cannot be written now (a full disk): try again later
    (Busy, 503),                 # as many tables of bots alone as the server allows are in play
    (StoreConflict, 409),        # another writer got in first
    (StoreError, 404),           # no such table or tournament
    (ParlourError, 422),         # a seat, a variant, an entry the rules or the tournament refuse
]
#: what the API's routes answer when they refuse, for the OpenAPI description
REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Refusal, "description": words} for status, words in (
        (400, "the body is not a JSON object, or there is a body where none belongs"),
        (401, "no key: this change needs an organiser's or a seat's key (Authorization: Bearer KEY)"),
        (403, "a wrong key, a request from another site's page, a seat without its invite, or the record "
              "before the game is over (it shows every hand)"),
        (404, "no such game, table or tournament"), (409, "a seat already taken, or a tournament changed meanwhile"),
        (413, "the body is over 16 KiB"), (415, "the body is not sent as JSON"),
        (422, "a value the models, the rules or the tournament refuse"),
        (429, "too many new tables or tournaments from one address (Retry-After says when to try again)"),
        (501, "no PDF on this server (WeasyPrint or Pango missing)"),
        (503, "the database cannot be written now, or the server runs as many tables of bots alone as it "
              "allows: try again later"))
}


def status_of(error: ParlourError) -> int:
    return next(status for kind, status in STATUS if isinstance(error, kind))


def where(loc: Sequence[Any]) -> str:
    """A place in a body in words: ("seats", 2, "name") is "seat 2, name"."""
    words: list[str] = []
    for part in loc:
        if isinstance(part, int) and words:
            words[-1] = f"{words[-1].removesuffix('s')} {part}"
        else:
            words.append(str(part))
    return ", ".join(words)


def in_words(error: RequestValidationError) -> tuple[int, str]:
    """The status and the sentence for a request that does not fit its models (the first thing wrong)."""
    first = error.errors()[0]
    loc = tuple(first["loc"])
    if loc == ("body",) and first["type"] != REFUSED:
        return 400, NOT_JSON_TYPE                  # the body was not read as JSON at all
    place = where(loc[1:] if loc[:1] in (("body",), ("query",), ("path",)) else loc)
    message = first["msg"] if first["type"] == REFUSED else f"{first['msg'][:1].lower()}{first['msg'][1:]}"
    return 422, f"{place}: {message}" if place else message


def install(app: FastAPI) -> None:
    @app.exception_handler(ParlourError)
    async def refused(_request: Request, error: ParlourError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=status_of(error))

    @app.exception_handler(RequestValidationError)
    async def unfit(_request: Request, error: RequestValidationError) -> JSONResponse:
        status, detail = in_words(error)
        return JSONResponse({"detail": detail}, status_code=status)
