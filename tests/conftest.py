"""Fixtures shared by the register, club and web tests: one throw-away PostgreSQL cluster per test session, and a
register on SQLite and on PostgreSQL for every storage test (skipped, with the reason, only when the PostgreSQL
binaries are absent), and ``run``, the real ``bridge-director`` entry point on a fresh SQLite register."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bridge_director.cli import main
from bridge_director.register import Register
from pgkit import PgServer, pg_bindir

#: runs under the release before migration 0011 only (it imports that release's modules): never collected
collect_ignore = ["register/upgrade/make_old_register.py"]


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


Run = Callable[..., tuple[int, str, str]]


def cli_runner(url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    """Runs ``bridge-director ARGS`` through its entry point on the register at ``url`` (``url=`` overrides it for
    one call): (exit status, standard output, standard error)."""
    def runner(*args: str, url: str = url) -> tuple[int, str, str]:
        monkeypatch.setenv("BRIDGE_DIRECTOR_DB", url)
        monkeypatch.setattr("sys.argv", ["bridge-director", *args])
        code = 0
        try:
            main()
        except SystemExit as exit_:
            code = int(exit_.code or 0)
        out, err = capsys.readouterr()
        return code, out, err
    return runner


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    return cli_runner(f"sqlite:///{tmp_path / 'register.sqlite3'}", monkeypatch, capsys)
