"""The register the release before migration 0011 made (``old_register.json``, written by ``make_old_register.py``)
loaded into an empty database at revision 0010 by this code's own migrations, for the upgrade tests.

The rows go in as they were stored: datetimes from their ISO text (UTC), JSON columns as JSON, with SQL NULL and
the JSON ``null`` kept apart.  The triggers of migration 0009 raise a section's score version while its rows go
in, so each section gets its stored number back at the end; on PostgreSQL every id sequence is then moved past
the largest id loaded, so a new row gets a new id.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, DateTime, Engine, MetaData, Table, Text, cast, create_engine, event, insert, select, text

from bridge_director.register.migrate import current, upgrade

FIXTURE = Path(__file__).with_name("old_register.json")
EXPECTED = Path(__file__).with_name("old_expected.json")
REVISION = "0010"


@cache
def old_register() -> dict[str, Any]:
    """The fixture: ``alembic_version`` and ``tables``, each with its ``name``, ``columns``, ``rows`` (and
    ``json_null``: the places in ``rows`` of the JSON columns holding JSON ``null``)."""
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@cache
def old_expected() -> dict[str, Any]:
    """What the old release showed of the fixture: standings, rulings, psyche histories (see the script)."""
    data: dict[str, Any] = json.loads(EXPECTED.read_text(encoding="utf-8"))
    return data


def engine_for(url: str) -> Engine:
    """A plain engine on ``url``; SQLite checks its foreign keys, as the register does."""
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", lambda connection, _record: connection.execute("PRAGMA foreign_keys=ON"))
    return engine


def _value(column: Any, value: Any, json_null: bool) -> Any:
    if json_null:
        return JSON.NULL
    if value is not None and isinstance(column.type, DateTime):
        moment = datetime.fromisoformat(value)
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return value


def _rows(table: Table, entry: dict[str, Any]) -> list[dict[str, Any]]:
    missing = [name for name in entry["columns"] if name not in table.columns]
    if missing:
        raise ValueError(f"{table.name} at revision {REVISION} has no column {', '.join(missing)}")
    nulls = {name: set(places) for name, places in entry.get("json_null", {}).items()}
    return [{name: _value(table.columns[name], value, at in nulls.get(name, ()))
             for name, value in zip(entry["columns"], row, strict=True)} for at, row in enumerate(entry["rows"])]


def load_old_register(url: str) -> None:
    """Make the database at ``url`` (empty) the old release's register: migrations up to 0010, then the rows."""
    data = old_register()
    engine = engine_for(url)
    try:
        upgrade(engine, REVISION)
        if current(engine) != data["alembic_version"]:
            raise ValueError(f"the migrations stopped at {current(engine)}, not {data['alembic_version']}")
        tables = MetaData()
        tables.reflect(engine)
        for column in (c for t in tables.tables.values() for c in t.columns):
            if isinstance(column.type, JSON):
                column.type.none_as_null = True  # None is SQL NULL; JSON.NULL is the JSON null
        with engine.begin() as conn:
            for entry in data["tables"]:
                if entry["rows"]:
                    table = tables.tables[entry["name"]]
                    conn.execute(insert(table), _rows(table, entry))
            sections = tables.tables["sections"]
            for row in _rows(sections, next(t for t in data["tables"] if t["name"] == "sections")):
                conn.execute(sections.update().where(sections.c.id == row["id"])
                             .values(score_version=row["score_version"]))
            if engine.dialect.name == "postgresql":
                for entry in data["tables"]:
                    if "id" in entry["columns"]:
                        name = entry["name"]
                        conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), max(id)) "
                                          f"FROM {name}"))
    finally:
        engine.dispose()


def fixture_rows(name: str) -> list[dict[str, Any]]:
    """The fixture's rows of table ``name`` by column name, in the form of ``stored_rows``."""
    entry = next(t for t in old_register()["tables"] if t["name"] == name)
    nulls = {column: set(places) for column, places in entry.get("json_null", {}).items()}
    return [{column: "JSON null" if at in nulls.get(column, ()) else value
             for column, value in zip(entry["columns"], row, strict=True)} for at, row in enumerate(entry["rows"])]


def stored_rows(url: str, names: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The rows of the tables ``names`` at ``url`` by column name, in the fixture's form: by primary key,
    datetimes as naive UTC ISO text, JSON as JSON; a JSON ``null`` (not SQL NULL) reads as ``"JSON null"``."""
    engine = engine_for(url)
    try:
        tables = MetaData()
        tables.reflect(engine, only=names)
        out = {}
        with engine.connect() as conn:
            for name in names:
                table = tables.tables[name]
                keys = list(table.primary_key.columns) or list(table.columns)
                raw = [cast(c, Text) if isinstance(c.type, JSON) else None for c in table.columns]
                extra = [r for r in raw if r is not None]
                rows = conn.execute(select(table, *extra).order_by(*keys)).all()
                out[name] = [_as_stored(table, row) for row in rows]
        return out
    finally:
        engine.dispose()


def _as_stored(table: Table, row: Any) -> dict[str, Any]:
    width = len(table.columns)
    texts = iter(row[width:])
    values = {}
    for column, value in zip(table.columns, row[:width], strict=True):
        if isinstance(column.type, JSON) and next(texts) == "null":
            value = "JSON null"
        elif isinstance(value, datetime):
            value = (value.astimezone(UTC).replace(tzinfo=None) if value.tzinfo else value).isoformat()
        values[column.name] = value
    return values
