"""Every write route, found in the app's own route table, tried as nobody, viewer, scorer and director, with and
without the CSRF token, against the table "Who may write" in docs/web.md.

A route missing from that table fails the first test, so a new write route is covered as soon as it exists. The
roles: ``none`` (no login needed), ``any`` (any logged-in account), ``scorer`` (a scorer or a director),
``director``. The CSRF column says whether the route needs the token (every write but the API login).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.routing import BaseRoute

from web.web_support import PASSWORDS, form_token, login

DOC = Path(__file__).resolve().parents[2] / "docs" / "web.md"
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
ROLES = ("nobody", "viewer", "scorer", "director")
ALLOWED = {"none": set(ROLES), "any": {"viewer", "scorer", "director"}, "scorer": {"scorer", "director"},
           "director": {"director"}}


def write_routes(routes: Iterable[BaseRoute], prefix: str = "") -> Iterator[tuple[str, str]]:
    """(method, path) of every write route, routers included into routers followed whatever FastAPI's version."""
    for route in routes:
        original = getattr(route, "original_router", None)
        if original is not None:
            yield from write_routes(original.routes, prefix + route.include_context.prefix)  # type: ignore[attr-defined]
            continue
        methods = getattr(route, "methods", None) or set()
        for method in sorted(set(methods) & WRITES):
            yield method, prefix + route.path  # type: ignore[attr-defined]


def documented() -> dict[tuple[str, str], tuple[str, bool]]:
    """The doc's table: (method, path) -> (role, needs CSRF)."""
    after = DOC.read_text(encoding="utf-8").split("### Who may write", 1)[1].splitlines()
    start = next(i for i, line in enumerate(after) if line.startswith("|"))
    rows = after[start + 2:]  # after the header and its rule
    rows = rows[:next((i for i, line in enumerate(rows) if not line.startswith("|")), len(rows))]
    table: dict[tuple[str, str], tuple[str, bool]] = {}
    for line in rows:
        cells = [c.strip() for c in line.strip("|").split("|")]
        found = re.fullmatch(r"`(POST|PUT|PATCH|DELETE) (\S+)`", cells[0])
        assert found, f"not a route in the table: {line}"
        assert cells[1] in ALLOWED, f"not a role: {cells[1]}"
        table[(found.group(1), found.group(2))] = (cells[1], cells[2] == "yes")
    return table


def test_every_write_route_is_in_the_docs_table(register_app: FastAPI) -> None:
    routes = set(write_routes(register_app.routes))
    assert len(routes) > 40
    table = documented()
    assert sorted(routes - set(table)) == [], "write routes missing from docs/web.md, 'Who may write'"
    assert sorted(set(table) - routes) == [], "routes in docs/web.md that the app does not have"


def concrete(path: str) -> str:
    """A path with each parameter filled in: an id of 1, a username nobody has."""
    return re.sub(r"\{(\w+)\}", lambda m: "no-such-user" if m.group(1) == "username" else "1", path)


class Caller:
    """A client in one role, logged in again whenever a probe ended its session (a logout)."""

    def __init__(self, app: FastAPI, role: str) -> None:
        self.client = TestClient(app, base_url="https://testserver")
        self.role = role
        self.token = ""
        self.renew()

    def renew(self) -> None:
        self.client.cookies.clear()
        self.client.headers.pop("X-CSRF-Token", None)
        if self.role == "nobody":  # an anonymous session still has a token: the login form carries it
            self.token = form_token(self.client.get("/login").text)
        else:
            self.token = login(self.client, self.role)
            self.client.headers.pop("X-CSRF-Token")
        assert PASSWORDS  # the test accounts of web_support

    def send(self, method: str, path: str, with_csrf: bool) -> tuple[int, str]:
        url = concrete(path)
        headers = {"X-CSRF-Token": self.token} if with_csrf else {}
        if path.startswith("/api/"):
            r = self.client.request(method, url, json={}, headers=headers, follow_redirects=False)
        else:
            data = {"csrf_token": self.token} if with_csrf else {}
            r = self.client.request(method, url, data=data, follow_redirects=False)
        if self.role != "nobody" and self.client.get("/api/session").status_code != 200:
            self.renew()
        return r.status_code, r.headers.get("location", "") + r.text[:200]


def expected_refusal(role: str, required: str, needs_csrf: bool, with_csrf: bool, api: bool) -> int | None:
    """The status the rules give (None: the request goes through to the route's own checks)."""
    if role not in ALLOWED[required]:
        if role == "nobody":
            return 401 if api else 303
        return 403
    if needs_csrf and not with_csrf:
        return 403
    return None


@pytest.mark.parametrize("role", ROLES)
def test_roles_and_csrf_on_every_write_route(register_app: FastAPI, role: str) -> None:
    table = documented()
    caller = Caller(register_app, role)
    tried, wrong = 0, []
    for method, path in sorted(set(write_routes(register_app.routes))):
        required, needs_csrf = table[(method, path)]
        for with_csrf in (False, True):
            status, body = caller.send(method, path, with_csrf)
            tried += 1
            want = expected_refusal(role, required, needs_csrf, with_csrf, path.startswith("/api/"))
            if want == 303:
                ok = status == 303 and body.startswith("/login?next=")
            elif want is not None:
                ok = status == want
            else:  # through to the route: refused on its own grounds at most, never for the role or the token
                ok = status not in (401, 403, 500) and not body.startswith("/login?next=")
            if not ok:
                wrong.append(f"{method} {path} as {role}, CSRF {'sent' if with_csrf else 'missing'}: "
                             f"{status}, want {want or 'not 401/403/500'} ({body[:80]!r})")
    assert wrong == []
    assert tried == 2 * len(table)
