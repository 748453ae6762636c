"""Race-free "get or create": insert a row unless one with the same key exists, in one statement.

Two writers creating the same event (or session, or board) at the same moment both read "not there"; the one
that inserts second would break the unique key and lose its write.  ``insert_missing`` inserts with
``ON CONFLICT DO NOTHING`` (SQLite and PostgreSQL both have it): the loser's insert does nothing, and the row it
reads back afterwards is the winner's.  On PostgreSQL the statement waits for the winner's transaction to end;
on SQLite the write lock orders them.  A row that is already there (the usual case: the tenth ruling on an event)
is found by one read, with no insert.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session


def insert_missing(db: Session, model: type[Any], key: dict[str, Any], **values: Any) -> Any:
    """The row of ``model`` with the unique ``key`` columns, inserted with ``values`` if missing (race-free)."""
    return _get_or_insert(db, model, key, values, ())


def insert_missing_columns(db: Session, model: type[Any], key: dict[str, Any], columns: Sequence[Any],
                           **values: Any) -> Row[Any]:
    """``insert_missing`` reading only ``columns`` of the model's table (``Board.__table__.c.id``): a plain row
    and plain statements, no ORM object (what a busy write needs)."""
    row: Row[Any] = _get_or_insert(db, model, key, values, tuple(columns))
    return row


def _get_or_insert(db: Session, model: type[Any], key: dict[str, Any], values: dict[str, Any],
                   columns: tuple[Any, ...]) -> Any:
    def read(statement: Any) -> Any:
        return (db.execute(statement) if columns else db.scalars(statement)).one_or_none()

    wanted = columns or (model,)
    found = read(select(*wanted).filter_by(**key))
    if found is not None:
        return found
    dialect = db.get_bind().dialect.name
    if dialect in ("sqlite", "postgresql"):
        insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
        statement = insert(model.__table__ if columns else model).values(**key, **values)
        made = read(statement.on_conflict_do_nothing(index_elements=list(key)).returning(*wanted))
        if made is not None:
            return made
    else:  # pragma: no cover - another database: a plain insert (a race breaks the unique key)
        db.add(model(**key, **values))
        db.flush()
    again = select(*wanted).filter_by(**key)
    return read(again if columns else again.execution_options(populate_existing=True))
