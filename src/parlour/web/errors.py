"""Every refusal the API answers, as ``{"detail": "..."}`` in words (the pages show ``detail`` as it is).

The rules, the store and the tournaments raise their own errors with their
reasons; ``install`` gives each kind its status here, once, instead of in every
route.  A body or parameter that does not fit its model is explained by the
model's refusals (``models.Body``) and where it was found ("seat 2: ...").

What went wrong inside the server is never shown: a database's own error
names its file, its socket or its host, and an exception's text is written
for whoever reads the code.  A player learns nothing from them that he can
act on, and a stranger learns how the server is laid out.  So a failure of
the server (the database, a stored game the rules refuse, any exception no
route expected) is answered with a plain sentence (``public``), and its
details go to the server's log, where the people who run it look.
"""

from __future__ import annotations

import logging
from typing import Any, Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from parlour.engine.errors import ParlourError
from parlour.store import StoreConflict, StoreError, StoreUnavailable
from parlour.web.advice import TooManyAnalyses
from parlour.web.bodies import NOT_JSON_TYPE
from parlour.web.models import REFUSED, Refusal
from parlour.web.registry import Busy, Unplayable

log = logging.getLogger("parlour.web")
#: what a player is told when the database fails him (its reason goes to the log)
UNAVAILABLE = "The server could not do that just now (it could not reach its records); try again in a moment."
#: what a player is told when the server fails in a way nobody foresaw (the traceback goes to the log)
FAILED = "The server could not do that; try again. If it keeps happening, tell whoever runs this server."
#: the server's own failures: the sentence each kind is answered with instead of its text
HIDDEN: list[tuple[type[ParlourError], str]] = [
    (Unplayable, "This table's game could not be read back from the server's records; whoever runs the server "
                 "can find why in its log."),
    (StoreUnavailable, UNAVAILABLE),
]
#: the status of each kind of error a route lets through, most particular first
STATUS: list[tuple[type[ParlourError], int]] = [
    (Unplayable, 500),           # a stored log the rules refuse: the server's fault, not the client's
    (StoreUnavailable, 503),     # the database cannot be written now (a full disk): try again later
    (Busy, 503),                 # as many tables of bots alone (or with search bots) as the server allows are in play
    (TooManyAnalyses, 429),      # a client's analyses at once
    (StoreConflict, 409),        # another writer got in first
    (StoreError, 404),           # no such table or tournament
    (ParlourError, 422),         # a seat, a variant, an entry the rules or the tournament refuse
]
#: what the API's routes answer when they refuse, for the OpenAPI description
REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Refusal, "description": words} for status, words in (
        (400, "the body is not a JSON object, or there is a body where none belongs; a Host the server does not "
              "answer to (parlour serve --host-name)"),
        (401, "no key: this change needs an organiser's or a seat's key (Authorization: Bearer KEY)"),
        (403, "a wrong key, a request from another site's page, a seat without its invite, or the record "
              "before the game is over (it shows every hand)"),
        (404, "no such game, table or tournament"), (409, "a seat already taken, or a tournament changed meanwhile"),
        (413, "the body is over 16 KiB"), (415, "the body is not sent as JSON"),
        (422, "a value the models, the rules or the tournament refuse"),
        (429, "too many new tables or tournaments from one address (Retry-After says when to try again), or "
              "too many analyses being made at once for one address"),
        (500, "the server failed in a way no route foresaw: a plain sentence, the details in the server's log"),
        (501, "no PDF on this server (WeasyPrint or Pango missing)"),
        (503, "the database cannot be written now, or the server runs as many tables of bots alone, or with "
              "search bots, as it allows: try again later"))
}


def status_of(error: ParlourError) -> int:
    return next(status for kind, status in STATUS if isinstance(error, kind))


def public(error: BaseException) -> str:
    """What a player may be told of ``error``: the reason of a refusal (the rules', a tournament's, a seat's),
    but only a plain sentence for a failure of the server, whose details are logged here instead."""
    if isinstance(error, ParlourError):
        hidden = next((words for kind, words in HIDDEN if isinstance(error, kind)), None)
        if hidden is None:
            return str(error)
        log.warning("%s: %s", type(error).__name__, error)
        return hidden
    log.error("an unexpected error, answered with a plain sentence", exc_info=error)
    return FAILED


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
        return JSONResponse({"detail": public(error)}, status_code=status_of(error))

    @app.exception_handler(Exception)
    async def failed(_request: Request, _error: Exception) -> JSONResponse:
        """Any other exception (a database error that escaped the store, a bug): a 500 in words, as JSON like
        every refusal, never the exception's text.  Starlette raises it on after this answer, and the server
        logs it with its traceback (``uvicorn.error``)."""
        return JSONResponse({"detail": FAILED}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def unfit(_request: Request, error: RequestValidationError) -> JSONResponse:
        status, detail = in_words(error)
        return JSONResponse({"detail": detail}, status_code=status)
