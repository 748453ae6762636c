"""Two apps on two registers, one with the short ways to write (``web.quick_writes``) and one without, sent the
same requests: every answer compared (``test_quick_results``, ``test_quick_rulings``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.register import Register
from bridge_director.register.audit import AuditEntry
from bridge_director.register.models import SessionResult
from bridge_director.web import create_app
from bridge_director.web.accounts import Role
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.settings import WebSettings
from web.test_web_session_api import setup_body
from web.web_support import PASSWORDS, login


@pytest.fixture(params=["sqlite", "postgresql"])
def two_urls(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'quick.sqlite3'}", f"sqlite:///{tmp_path / 'route.sqlite3'}"
    server = request.getfixturevalue("pg_server")
    return server.new_database(), server.new_database()


def db_app(url: str, quick: bool) -> FastAPI:
    register = Register(url)
    accounts = DatabaseAccountStore(register)
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    app = create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=register)
    if not quick:
        app.state.quick_writes = None  # the short way is never taken: every write goes by its route
    return app


class Twins:
    """The same requests to an app with the short way and to one without; every answer compared."""

    def __init__(self, urls: tuple[str, str]) -> None:
        self.apps = (db_app(urls[0], quick=True), db_app(urls[1], quick=False))
        self.clients = tuple(TestClient(app, base_url="https://testserver") for app in self.apps)
        self.sid = 0  # the section set up (``set_up``)
        self.slots: list[tuple[int, int, int]] = []  # its (round, table, board), when a test reads them

    def login(self, role: str = "director") -> None:
        for client in self.clients:
            login(client, role)

    def send(self, method: str, path: str, status: int, body: Any = None, **headers: str) -> Any:
        quick, route = (client.request(method, path, json=body, headers=headers) for client in self.clients)
        assert (quick.status_code, quick.json()) == (route.status_code, route.json())
        assert quick.status_code == status, quick.text
        return quick.json()

    def result(self, expect: int = 201, **body: Any) -> Any:
        return self.send("POST", f"/api/sections/{self.sid}/results", expect, body)

    def set_up(self) -> None:
        self.sid = self.send("POST", "/api/sessions", 201, setup_body())["id"]

    def stored(self) -> list[list[tuple[Any, ...]]]:
        """Each register's results and audit entries, as plain values."""
        found = []
        for app in self.apps:
            with app.state.register.transaction() as db:
                rows = [(r.id, r.section_id, r.board_id, r.round_no, r.table_no, r.ns_pair_id, r.ew_pair_id,
                         r.status, r.contract, r.declarer, r.tricks, r.lead, r.ns_score, r.entered_by, r.version)
                        for r in db.scalars(select(SessionResult).order_by(SessionResult.id))]
                audit = [(a.actor, a.kind, a.target, a.detail, a.address)
                         for a in db.scalars(select(AuditEntry).order_by(AuditEntry.id))]
            found.append([*rows, *audit])
        return found

    def close(self) -> None:
        for client, app in zip(self.clients, self.apps, strict=True):
            client.close()
            app.state.register.close()


@pytest.fixture
def twins(two_urls: tuple[str, str]) -> Iterator[Twins]:
    made = Twins(two_urls)
    yield made
    made.close()


def short_ways_of(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[bool]:
    """Each call of ``module.name`` (a short way's store) from now on: True where it stored, False where it left the
    write to the route."""
    taken: list[bool] = []
    original: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        made = original(*args, **kwargs)
        taken.append(made is not None)
        return made

    monkeypatch.setattr(module, name, counted)
    return taken

