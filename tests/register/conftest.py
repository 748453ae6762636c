"""Fixtures for the register: every storage test runs on SQLite and on a throw-away PostgreSQL cluster.

The PostgreSQL half uses the session's throw-away cluster (``pg_server`` in ``tests/conftest.py``, built by
``tests/pgkit.py``); it is skipped, with the reason, only when the binaries are absent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bridge_director.register import Register
from pgkit import PgServer


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database URL, once for SQLite and once for PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'register.sqlite3'}"
    server: PgServer = request.getfixturevalue("pg_server")
    return server.new_database()


@pytest.fixture
def open_register(db_url: str) -> Iterator[Callable[[], Register]]:
    """Opens (and later closes) registers on the test's database: call it twice for two directors."""
    opened: list[Register] = []

    def opener() -> Register:
        register = Register(db_url)
        opened.append(register)
        return register

    yield opener
    for register in opened:
        register.close()


@pytest.fixture
def register(open_register: Callable[[], Register]) -> Register:
    return open_register()
