"""Fixtures shared by the register and web tests: one throw-away PostgreSQL cluster per test session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pgkit import PgServer, pg_bindir


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bindir = pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL binaries are not installed (Debian package 'postgresql'); "
                    "`python3 dev.py test` installs them")
    server = PgServer(bindir)
    server.start()
    try:
        yield server
    finally:
        server.stop()
