"""Fixtures of the club tests: ``run`` runs the real ``bridge-director`` entry point on a fresh SQLite register."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from bridge_director.cli import main

Run = Callable[..., tuple[int, str, str]]


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    def runner(*args: str) -> tuple[int, str, str]:
        monkeypatch.setenv("BRIDGE_DIRECTOR_DB", f"sqlite:///{tmp_path / 'register.sqlite3'}")
        monkeypatch.setattr("sys.argv", ["bridge-director", *args])
        code = 0
        try:
            main()
        except SystemExit as exit_:
            code = int(exit_.code or 0)
        out, err = capsys.readouterr()
        return code, out, err
    return runner
