"""The register's connection pool: a connection that waited in the pool is pinged before use, and one whose
server end was closed meanwhile (a database restart, an idle timeout) is replaced, so the next transaction works;
a busy connection is not pinged (no round trip at every checkout)."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.pool import NullPool

from bridge_director.register import Register, db
from pgkit import PgServer


@pytest.fixture
def pg_register(pg_server: PgServer) -> Register:
    return Register(pg_server.new_database())


def backend_of(register: Register) -> int:
    with register.transaction() as session:
        pid: int = session.execute(text("SELECT pg_backend_pid()")).scalar_one()
        return pid


def test_a_connection_closed_while_idle_in_the_pool_is_replaced(pg_register: Register,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    first = backend_of(pg_register)
    killer = create_engine(pg_register.url, poolclass=NullPool)  # a connection of its own, not the pool's
    with killer.connect() as other:
        assert other.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": first}).scalar_one()
    killer.dispose()
    monkeypatch.setattr(db, "PING_AFTER_IDLE", 0.0)  # every checkout counts as idle
    second = backend_of(pg_register)  # no error: the dead connection was pinged and replaced
    assert second != first
    pg_register.close()


def counting_pings(register: Register, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The connections the register's dialect pings from now on."""
    pings: list[object] = []
    original = register.engine.dialect.do_ping

    def counted(connection: object) -> bool:
        pings.append(connection)
        return original(connection)  # type: ignore[arg-type]

    monkeypatch.setattr(register.engine.dialect, "do_ping", counted)
    return pings


def test_a_busy_connection_is_not_pinged(pg_register: Register, monkeypatch: pytest.MonkeyPatch) -> None:
    statements: list[str] = []
    event.listen(pg_register.engine, "before_cursor_execute",
                 lambda _c, _cur, statement, *_rest: statements.append(statement))
    pings = counting_pings(pg_register, monkeypatch)
    for _ in range(5):
        backend_of(pg_register)
    assert pings == [] and len(statements) == 5
    pg_register.close()


def test_a_connection_idle_past_the_limit_is_pinged(pg_register: Register, monkeypatch: pytest.MonkeyPatch) -> None:
    backend_of(pg_register)
    pings = counting_pings(pg_register, monkeypatch)
    monkeypatch.setattr(db, "PING_AFTER_IDLE", 0.0)
    backend_of(pg_register)
    assert len(pings) == 1
    pg_register.close()
