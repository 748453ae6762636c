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
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.orm.exc import StaleDataError

from ..errors import ConflictError, RegisterError

ENV_VAR = "BRIDGE_DIRECTOR_DB"
#: the program's own data folder name (under the user's data directory)
APP_FOLDER = "bridge-director"
#: Connections a process keeps open to PostgreSQL (and as many more while it is busiest, closed when returned):
#: half the 40 threads a worker answers requests in.  A connection opened per request costs more processor than
#: the request itself, so a busy worker must not run short.  Plan ``max_connections`` for 40 per worker.
POOL_SIZE = 20
#: A pooled connection idle longer than this is pinged before use (a server restarted meanwhile is noticed then).
PING_AFTER_IDLE = 5.0


def database_url(env: Mapping[str, str] | None = None) -> str:
    """The register's URL: ``BRIDGE_DIRECTOR_DB`` if set, else a SQLite file in the user's data directory."""
    raw = (os.environ if env is None else env).get(ENV_VAR, "").strip()
    if not raw:
        return f"sqlite:///{Path(platformdirs.user_data_dir(APP_FOLDER)) / 'register.sqlite3'}"
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


#: the suffixes of SQLite's own files beside the register (journal, write-ahead log, shared memory)
SQLITE_FILES = ("", "-journal", "-wal", "-shm")


def private_folder(folder: Path) -> None:
    """Create ``folder`` owner-only (0700); an existing folder of ours named for the program is made so too (the
    register holds the key that signs session cookies); any other existing folder is left as its owner set it."""
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(folder, 0o700)  # mkdir's mode is filtered by the umask
    elif folder.name == APP_FOLDER and folder.stat().st_uid == os.getuid():
        os.chmod(folder, 0o700)


def private_register(database: Path) -> None:
    """The SQLite register and its journal files, owner-only (0600) however they came to exist: created here with
    0600 before SQLite opens it (SQLite gives its -wal and -shm files the register's own permissions), and an
    older register's files narrowed to 0600."""
    private_folder(database.parent)
    if not database.exists():
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT, 0o600))
    for suffix in SQLITE_FILES:
        path = Path(f"{database}{suffix}")
        if path.exists() and path.stat().st_uid == os.getuid():
            os.chmod(path, 0o600)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode, foreign keys and a busy timeout on every connection, and its
    files are owner-only."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:" and not parsed.database.startswith("file:"):
            private_register(Path(parsed.database))
        engine = create_engine(url)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    engine = create_engine(url, pool_size=POOL_SIZE, max_overflow=POOL_SIZE)
    event.listen(engine, "checkin", _note_checkin)
    event.listen(engine, "checkout", _ping_if_idle(engine))
    return engine


def _note_checkin(_dbapi_connection: Any, record: Any) -> None:
    record.info["idle_since"] = time.monotonic()


def _ping_if_idle(engine: Engine) -> Callable[[Any, Any, Any], None]:
    """Ping a connection that waited in the pool more than ``PING_AFTER_IDLE`` seconds, and replace a dead one
    (the pool retries with a new connection).  A busy server, whose connections never wait that long, spends no
    round trip on it; ``pool_pre_ping`` would spend one at every checkout."""
    def ping(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since <= PING_AFTER_IDLE:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as err:
            raise DisconnectionError(f"the connection was lost while it waited in the pool: {err}") from err
    return ping


class Register:
    """An open register.  ``with register.transaction() as db:`` commits at the end or rolls back on error."""

    def __init__(self, url: str | None = None, *, migrate: bool = True) -> None:
        self.url = url or database_url()
        self.engine = make_engine(self.url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._reader = self.engine.execution_options(isolation_level="AUTOCOMMIT")
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

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection for one read of one statement, without an ORM session or a transaction around it (no
        BEGIN and ROLLBACK round trips): what every request reads first, its account."""
        with self._reader.connect() as connection:
            yield connection

    def close(self) -> None:
        self.engine.dispose()
