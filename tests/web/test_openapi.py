"""Every route the OpenAPI description names, called with bodies and parameters generated from it (Schemathesis).

The description is the contract a generated client relies on: every request
body has its model, and every answer, refused or not, fits what the description
says.  Here no generated request may cause a server error, and every answer
must match its documented schema.  Paths that name a table, drive or cycle are
pointed at real ones (a finished game, a drive, a cycle), and the routes that
change something carry their owner's key (the organiser's, a seat's), so the
generated bodies reach the rules and the tournaments instead of stopping at a
404 or a 401.  The examples are drawn the same way every run (``derandomize``), so
the suite's verdict does not depend on the day's draw.
"""

from __future__ import annotations

import tempfile
import time

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from parlour.store import Store
from parlour.web.advice import Advisor
from parlour.web.app import create_app

#: bots wait this long before a move, so generated tables stay still while the test runs
STILL = 3600.0
FOLDER = tempfile.TemporaryDirectory(prefix="parlour-openapi-")
#: the expert thinks briefly: the analysis route is called with generated seats
APP = create_app(Store(f"sqlite:///{FOLDER.name}/p.db"), bot_delay=0,
                 advisor=Advisor(iterations=10, analysis_seconds=5))
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


def _made(client, path: str, body: dict) -> dict:
    """What the app made at ``path``: a 503 (the store busy, or the server's room for tables of bots) is tried again,
    as the answer says to, a few times, and so is a 429 (the app is one per test process, and the tests before this
    one in the same process may have used up its tables a minute from the test client's address) after the wait it
    names; any other refusal fails the test with its words."""
    for _ in range(5):
        answer = client.post(path, json=body)
        if answer.status_code not in (429, 503):
            break
        wait = answer.headers.get("retry-after", "")
        if answer.status_code == 503:
            time.sleep(1)
        else:
            time.sleep(min(float(wait), 61.0) if wait.isdigit() else 15)
    assert answer.status_code == 201, (path, answer.status_code, answer.text)
    return answer.json()


@pytest.fixture(scope="module")
def ids():
    """A finished table, a drive and a cycle in the app's store, by the path parameter that names them."""
    with TestClient(APP) as client:
        finished = _made(client, "/api/tables", {"game": "british-towns-sets", "seed": 1,
                                                 "seats": [{"kind": "bot", "bot": "random"}] * 2})["id"]
        deadline = time.monotonic() + 60
        while not client.get(f"/api/tables/{finished}").json()["over"] and time.monotonic() < deadline:
            time.sleep(0.02)
        drive = _made(client, "/api/drives", {"teams": ["Arsenal", "Burnley", "Chelsea", "Derby"]})
        cycle = _made(client, "/api/cycles", {"players": ["Ann", "Bob"]})
        seated = _made(client, "/api/tables", {"game": "football-whist", "seed": 2, "seats": [
            {"kind": "person", "name": "Ann"}, *[{"kind": "bot", "bot": "random"}] * 3]})
    APP.state.tables.bot_delay = STILL
    yield {"table_id": finished, "drive": drive["id"], "cycle": cycle["id"], "seated": seated["id"],
           "keys": {drive["id"]: drive["key"], cycle["id"]: cycle["key"], seated["id"]: seated["token"]}}
    APP.state.tables.stop()


#: routes that need a seat's key: pointed at a table with a person's seat, and given that seat's key
SEATED = ("/api/tables/{table_id}/close", "/api/tables/{table_id}/again")


@schema.parametrize()
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_every_route_answers_without_a_server_error_and_as_described(case, ids):
    """The routes that change things are called with their owner's key, so generated bodies reach the handlers.

    (A DELETE is left without its key, so that the drive and cycle stay for the other cases: it checks the refusal.)
    """
    owner = None
    if "table_id" in case.path_parameters:
        owner = ids["seated"] if case.path in SEATED else ids["table_id"]
        case.path_parameters["table_id"] = owner
    if "doc_id" in case.path_parameters:
        owner = ids["cycle" if case.path.startswith("/api/cycles") else "drive"]
        case.path_parameters["doc_id"] = owner
    if owner in ids["keys"] and case.method.upper() != "DELETE":
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {ids['keys'][owner]}"}
    case.call_and_validate(checks=[not_a_server_error, response_schema_conformance])
