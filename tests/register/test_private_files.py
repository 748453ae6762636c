"""Issue 27: the register and its journal files are owner-only (0600), its folder too (0700), however they are
created: the register holds the key that signs session cookies."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from sqlalchemy import text

from bridge_director.register import Register
from bridge_director.register.db import private_folder


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_register_and_its_wal_files_are_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual umask: files 0644, folders 0755 unless made private
    try:
        folder = tmp_path / "data" / "club"
        register = Register(f"sqlite:///{folder / 'register.sqlite3'}")
        with register.transaction() as db:
            db.execute(text("select 1"))
        files = [p for p in folder.iterdir() if p.name.startswith("register.sqlite3")]
        assert {p.name for p in files} >= {"register.sqlite3"}
        assert all(mode(p) == 0o600 for p in files), {p.name: oct(mode(p)) for p in files}
        assert mode(folder) == 0o700
        register.close()
    finally:
        os.umask(old)


def test_an_older_register_readable_by_all_is_narrowed_when_opened(tmp_path: Path) -> None:
    os.chmod(tmp_path, 0o755)
    path = tmp_path / "register.sqlite3"
    Register(f"sqlite:///{path}").close()
    for suffix in ("", "-wal", "-shm"):
        extra = Path(f"{path}{suffix}")
        if extra.exists():
            os.chmod(extra, 0o644)
    assert mode(path) == 0o644
    Register(f"sqlite:///{path}").close()
    assert mode(path) == 0o600
    assert mode(tmp_path) == 0o755  # a folder that is not the program's own is left as its owner set it


def test_the_programs_own_data_folder_is_made_owner_only(tmp_path: Path) -> None:
    ours = tmp_path / "bridge-director"
    ours.mkdir(mode=0o755)
    os.chmod(ours, 0o755)
    other = tmp_path / "shared"
    other.mkdir()
    os.chmod(other, 0o755)
    private_folder(ours)
    private_folder(other)
    private_folder(tmp_path / "new" / "demo")
    assert mode(ours) == 0o700 and mode(other) == 0o755 and mode(tmp_path / "new" / "demo") == 0o700
