"""Race-free "get or create": insert a row unless one with the same key exists, in one statement.

Two writers creating the same event (or session, or board) at the same moment both read "not there"; the one
that inserts second would break the unique key and lose its write.  ``insert_missing`` inserts with
``ON CONFLICT DO NOTHING`` (SQLite and PostgreSQL both have it): the loser's insert does nothing, and the row it
reads back afterwards is the winner's.  On PostgreSQL the statement waits for the winner's transaction to end;
on SQLite the write lock orders them.  A row that is already there (the usual case: the tenth ruling on an event)
is found by one read, with no insert.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session


def insert_missing(db: Session, model: type[Any], key: dict[str, Any], **values: Any) -> Any:
    """The row of ``model`` with the unique ``key`` columns, inserted with ``values`` if missing (race-free)."""
    found = db.scalars(select(model).filter_by(**key)).one_or_none()
    if found is not None:
        return found
    dialect = db.get_bind().dialect.name
    row = {**key, **values}
    if dialect in ("sqlite", "postgresql"):
        insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
        made = db.scalars(insert(model).values(**row).on_conflict_do_nothing(index_elements=list(key))
                          .returning(model)).one_or_none()
        if made is not None:
            return made
    else:  # pragma: no cover - another database: a plain check-then-insert
        db.add(model(**row))
        db.flush()
    return db.scalars(select(model).filter_by(**key).execution_options(populate_existing=True)).one()
