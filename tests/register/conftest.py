"""Fixtures for the register: every storage test runs on SQLite and on a throw-away PostgreSQL cluster.

The PostgreSQL half starts its own server (initdb + pg_ctl on a free loopback port) from the Debian binaries;
as root it runs them as the ``postgres`` user, since PostgreSQL refuses to run as root.  It is skipped, with the
reason, only when the binaries are absent.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from bridge_director.register import Register


def _pg_bindir() -> Path | None:
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists():
            return Path(candidate)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PgServer:
    """A PostgreSQL cluster in a temporary directory, owned by a non-root user."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="bd-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        subprocess.run([*self.prefix, *args], check=True, capture_output=True, cwd=self.root)

    def start(self) -> None:
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-o", options,
                  "-w", "start")

    def stop(self) -> None:
        subprocess.run([*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
                       capture_output=True, cwd=self.root)
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        name = f"register_{next(self._names)}"
        engine = create_engine(self.url(), isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        engine.dispose()
        return self.url(name)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bindir = _pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL binaries are not installed (Debian package 'postgresql'); "
                    "`python3 dev.py test` installs them")
    server = PgServer(bindir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


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
