"""Export and import of the whole register as one JSON document (ids kept, so every link survives)."""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Column, DateTime, Enum, Table, func, insert, select, text
from sqlalchemy.orm import Session

from ..errors import RegisterError
from .models import Base

FORMAT = "bridge-director-register"
FORMAT_VERSION = 1
#: Tables left out of an export and of the emptiness check on import: login accounts (password hashes), the web
#: server's secrets (the session key) and its count of failed logins.
PRIVATE = frozenset({"accounts", "server_secrets", "login_failures"})


def _tables() -> list[Table]:
    """The register's tables in dependency order, without the private ones."""
    return [t for t in Base.metadata.sorted_tables if t.name not in PRIVATE]


def _dump(column: Column[Any], value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, datetime):
        return (value if value.tzinfo else value.replace(tzinfo=UTC)).astimezone(UTC).isoformat()
    return value


def _load(column: Column[Any], value: Any) -> Any:
    if value is None:
        return None
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
    if document.get("format") != FORMAT or document.get("version") != FORMAT_VERSION:
        raise RegisterError(f"not a {FORMAT} export, version {FORMAT_VERSION}", field="format")
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
