"""Schemathesis against the OpenAPI description: no server error and responses that match the schema.

The app has a SQLite register holding the demo event, so the register and event operations run on data.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from web.web_support import login, make_register_app

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.specs.openapi.checks import allow_header_conformance, positive_data_acceptance  # noqa: E402

# Starlette answers a method a path does not have with the Allow header of one of the path's routes only
# (GET and POST on /api/tables are two routes), a framework limitation rather than an API error.
# A request that fits the schema may still be refused with 422 by the engine (a deal that is not a deal,
# an option that is not on offer): the schema cannot say what the Laws say.
EXCLUDED = [allow_header_conformance, positive_data_acceptance]

APP = make_register_app(Path(tempfile.mkdtemp(prefix="bd-schemathesis-")))


def session_headers() -> dict[str, str]:
    with TestClient(APP, base_url="https://testserver") as client:
        token = login(client)
        cookie = client.cookies.get("bd_session")
    assert cookie
    return {"Cookie": f"bd_session={cookie}", "X-CSRF-Token": token}


HEADERS = session_headers()
# the schema is served to a logged-in client only
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP, headers=HEADERS).exclude(
    path_regex="/api/(login|logout)$")


def test_openapi_lists_the_engine_operations() -> None:
    paths = APP.openapi()["paths"]
    assert {"/api/tables", "/api/tables/{table_id}/entries", "/api/rulings", "/api/adjusted"} <= set(paths)
    assert {"/api/register/rulings", "/api/register/rulings/{ruling_id}", "/api/register/psyches",
            "/api/register/psyches/history", "/api/sections/upload", "/api/sections/{sid}/ranking",
            "/api/sections/{sid}/penalties"} <= set(paths)
    assert not any(path.startswith("/api/events") for path in paths)
    assert "patch" in paths["/api/register/rulings/{ruling_id}"]


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_conforms(case: Any) -> None:
    response = case.call(headers=HEADERS)
    assert response.status_code < 500, response.text
    case.validate_response(response, excluded_checks=EXCLUDED)
