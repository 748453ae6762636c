"""Export and import of the whole register as one JSON document (ids kept, so every link survives)."""

from __future__ import annotations

import enum
import math
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BigInteger, Column, DateTime, Enum, Float, Integer, Table, func, insert, select, text
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..model.numbers import shown
from .models import Base

FORMAT = "bridge-director-register"
FORMAT_VERSION = 2
#: the last revision whose exports were of version 1 (before one store held every result: migration 0011)
VERSION_1_REVISION = "0010"
#: Tables left out of an export and of the emptiness check on import: login accounts (password hashes), the web
#: server's secrets (the session key) and its count of failed logins.
PRIVATE = frozenset({"accounts", "server_secrets", "login_failures"})
#: Tables the database writes itself as the others change, left out the same way: the log of what each raise of a
#: section's score version changed (migration 0016), which the import's own writes log again.
DERIVED = frozenset({"section_changes"})


def _tables() -> list[Table]:
    """The register's tables in dependency order, without the private and the derived ones."""
    return [t for t in Base.metadata.sorted_tables if t.name not in PRIVATE | DERIVED]


def _dump(column: Column[Any], value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).astimezone(UTC).isoformat()
    return value


def _load(column: Column[Any], value: Any) -> Any:
    if value is None:
        return None
    if isinstance(column.type, Integer):  # a whole number a PostgreSQL column holds (SQLite would take any)
        limit = 2**63 - 1 if isinstance(column.type, BigInteger) else 2**31 - 1
        if type(value) is not int or not -limit - 1 <= value <= limit:
            raise ValueError(f"{column.name} must be a whole number within {limit} either way, not {shown(value)}")
    if isinstance(column.type, Float) and (isinstance(value, bool) or not isinstance(value, int | float)
                                           or not math.isfinite(value)):
        raise ValueError(f"{column.name} must be a finite number, not {shown(value)}")
    if isinstance(column.type, Enum) and column.type.enum_class is not None:
        return column.type.enum_class[value]
    if isinstance(column.type, DateTime):
        return datetime.fromisoformat(value)
    return value


def export_register(db: Session) -> dict[str, Any]:
    """Every row of every table, in dependency order."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in _tables():
        rows = db.execute(select(table).order_by(*table.primary_key.columns)).mappings()
        tables[table.name] = [{c.name: _dump(c, row[c.name]) for c in table.columns} for row in rows]
    return {"format": FORMAT, "version": FORMAT_VERSION, "tables": tables}


def import_register(db: Session, document: dict[str, Any]) -> dict[str, int]:
    """Load an export into an empty register; returns the number of rows per table."""
    if document.get("format") == FORMAT and document.get("version") == 1:
        document = upgraded_export(document)
    if document.get("format") != FORMAT or document.get("version") != FORMAT_VERSION:
        raise RegisterError(f"not a {FORMAT} export, version 1 or {FORMAT_VERSION}", field="format")
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise RegisterError("the export has no tables", field="tables")
    unknown = set(tables) - {t.name for t in _tables()}
    if unknown:
        raise RegisterError(f"unknown tables in the export: {', '.join(sorted(unknown))}", field="tables")
    for table in _tables():
        if db.scalar(select(func.count()).select_from(table)):
            raise RegisterError(f"the register is not empty ({table.name} has rows): import needs an empty one",
                                field=table.name)
    counts: dict[str, int] = {}
    for table in _tables():
        rows = tables.get(table.name, [])
        try:
            values = [{c.name: _load(c, row.get(c.name)) for c in table.columns} for row in rows]
        except (KeyError, ValueError, TypeError, AttributeError) as err:
            raise RegisterError(f"bad row in the export: {err}", field=table.name) from err
        if values:
            db.execute(insert(table), values)
        counts[table.name] = len(values)
    db.flush()
    _reset_sequences(db)
    return counts


def _reset_sequences(db: Session) -> None:
    """PostgreSQL serials do not see explicit ids: move each past the largest imported id."""
    if db.get_bind().dialect.name != "postgresql":
        return
    for table in _tables():
        table_: Table = table
        if "id" not in table_.c:  # a table keyed otherwise (a pair's system card) has no serial
            continue
        db.execute(text(f"SELECT setval(pg_get_serial_sequence('{table_.name}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM {table_.name}), 0) + 1, false)"))


def upgraded_export(document: dict[str, Any]) -> dict[str, Any]:
    """An export of version 1 (a register before migration 0011) as the same register exports now: its rows are
    loaded into a scratch SQLite register at revision 0010, which the migrations then bring up to date."""
    import tempfile
    from pathlib import Path

    from sqlalchemy import MetaData, create_engine
    from sqlalchemy.orm import Session as OrmSession

    from .migrate import upgrade

    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise RegisterError("the export has no tables", field="tables")
    with tempfile.TemporaryDirectory(prefix="bd-import-") as folder:
        engine = create_engine(f"sqlite:///{Path(folder) / 'version1.sqlite3'}")
        try:
            upgrade(engine, VERSION_1_REVISION)
            old = MetaData()
            old.reflect(engine)
            with engine.begin() as connection:
                for table in old.sorted_tables:
                    rows = tables.get(table.name, [])
                    if table.name == "alembic_version" or not rows:
                        continue
                    try:
                        values = [{c.name: _load_v1(c, row.get(c.name)) for c in table.columns} for row in rows]
                    except (AttributeError, TypeError, ValueError) as err:
                        raise RegisterError(f"bad row in the export: {err}", field=table.name) from err
                    connection.execute(insert(table), values)
            upgrade(engine)
            with OrmSession(engine) as db:
                return export_register(db)
        finally:
            engine.dispose()


def _load_v1(column: Column[Any], value: Any) -> Any:
    if value is not None and isinstance(column.type, DateTime):
        return datetime.fromisoformat(value)
    return value
