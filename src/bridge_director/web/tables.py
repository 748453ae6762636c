"""The web app's boards at tables: stored in the register (``club.tables``), never only in memory."""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..club.tables import StoredTable as Table
from ..club.tables import TableStore
from ..engine.journal import LogEntry, new_table
from ..register import Base, Register

__all__ = ["LogEntry", "Table", "TableStore", "new_table", "scratch_register"]


def scratch_register() -> Register:
    """A throw-away SQLite register in a new temporary folder, for an app started without one (tests, embedding)."""
    folder = Path(tempfile.mkdtemp(prefix="bridge-director-tables-"))
    register = Register(f"sqlite:///{folder / 'tables.sqlite3'}", migrate=False)
    Base.metadata.create_all(register.engine)
    return register
