"""Where the register lives and how it is opened: URL, engine, migrations, transactions.

>>> database_url({"BRIDGE_DIRECTOR_DB": "postgresql://td@db.example/register"})
'postgresql+psycopg://td@db.example/register'
>>> database_url({"BRIDGE_DIRECTOR_DB": "sqlite:////tmp/r.sqlite3"})
'sqlite:////tmp/r.sqlite3'
>>> database_url({}).startswith("sqlite:///") and database_url({}).endswith("register.sqlite3")
True
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from ..errors import ConflictError, RegisterError

ENV_VAR = "BRIDGE_DIRECTOR_DB"


def database_url(env: Mapping[str, str] | None = None) -> str:
    """The register's URL: ``BRIDGE_DIRECTOR_DB`` if set, else a SQLite file in the user's data directory."""
    raw = (os.environ if env is None else env).get(ENV_VAR, "").strip()
    if not raw:
        return f"sqlite:///{Path(platformdirs.user_data_dir('bridge-director')) / 'register.sqlite3'}"
    for prefix in ("postgresql+psycopg2://", "postgresql://", "postgres://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode, foreign keys and a busy timeout on every connection."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class Register:
    """An open register.  ``with register.transaction() as db:`` commits at the end or rolls back on error."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = url or database_url()
        self.engine = make_engine(self.url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        if migrate:
            from .migrate import upgrade
            upgrade(self.engine)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One database transaction; stale versions become ConflictError, broken constraints RegisterError."""
        try:
            with self._sessions.begin() as session:
                yield session
        except StaleDataError as err:
            raise ConflictError("the record was changed by someone else since it was read; reload it and retry",
                                field="version") from err
        except IntegrityError as err:
            raise RegisterError(f"the register refused the change: {err.orig}") from err

    def close(self) -> None:
        self.engine.dispose()
