"""Many rows into one table in one go: ``COPY`` on PostgreSQL, one ``executemany`` elsewhere.

An upload of travellers writes tens of thousands of results at once.  On PostgreSQL a row at a time (or a few
hundred-row ``INSERT ... VALUES`` statements) costs far more than the rows themselves, and each statement would
run the score-version trigger again; ``COPY`` is one statement, whose triggers run once.  The rows go into the
caller's transaction: a refusal later rolls them back with the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from sqlalchemy import Table, insert
from sqlalchemy.orm import Session


def insert_rows(db: Session, table: Table, rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert ``rows`` (each a mapping of column name to value, all with the same columns) into ``table``."""
    if not rows:
        return
    connection = db.connection()
    if connection.dialect.name != "postgresql":
        connection.execute(insert(table), list(rows))
        return
    columns = list(rows[0])
    raw: Any = cast(Any, connection.connection).dbapi_connection
    names = ", ".join(f'"{name}"' for name in columns)
    with raw.cursor() as cursor, cursor.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy:
        for row in rows:
            copy.write_row(tuple(row[name] for name in columns))
