"""Many rows into one table in one go: ``COPY`` on PostgreSQL, one ``executemany`` of the driver's own on SQLite.

An upload of travellers writes tens of thousands of results at once.  On PostgreSQL a row at a time (or a few
hundred-row ``INSERT ... VALUES`` statements) costs far more than the rows themselves, and each statement would
run the score-version trigger again; ``COPY`` is one statement, whose triggers run once (migration 0011).

On SQLite the rows go to the driver's ``executemany``, each value as SQLAlchemy would bind it (a time as SQLite's
text), converted once a column; the values every row shares are written into the statement, so that only the
others are bound a row.  SQLite's triggers run once a row: a table's score-version insert trigger (migration
0009) is set aside for the statement, in the same transaction, and each section the rows belong to has its
version raised once, as PostgreSQL's statement trigger raises it.  Either way the section's change log
(migration 0016) records that version as changing "anything", not the boards of its rows: an upload is read
again whole.  The rows go into the caller's transaction: a refusal later rolls them back with the rest, and the
trigger is back whatever happens.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from itertools import repeat
from typing import Any, cast

from sqlalchemy import Table
from sqlalchemy.orm import Session

#: tables with a score-version insert trigger (``score_version_<table>_insert``, migration 0009), and the column
#: naming the section a row belongs to
VERSIONED = {"session_results": "section_id", "pairs": "section_id"}


Part = tuple[Mapping[str, Sequence[Any]], Mapping[str, Any]]


def insert_rows(db: Session, table: Table, columns: Mapping[str, Sequence[Any]],
                same: Mapping[str, Any] | None = None) -> None:
    """Insert rows into ``table``: row ``i`` has ``columns[name][i]`` in each of ``columns`` (all of one length)
    and ``same[name]`` in each of ``same``.

    >>> from sqlalchemy import Column, Float, Integer, MetaData, String, create_engine
    >>> t = Table("t", MetaData(), Column("id", Integer, primary_key=True), Column("a", Float), Column("b", String))
    >>> with Session(create_engine("sqlite://")) as db:
    ...     t.create(db.connection())
    ...     insert_rows(db, t, {"a": [1, None]}, {"b": "it's"})
    ...     insert_parts(db, t, [({"a": [3]}, {"b": "x"}), ({"b": ["y", "z"]}, {"a": 4.5})])
    ...     db.execute(t.select()).all()
    [(1, 1.0, "it's"), (2, None, "it's"), (3, 3.0, 'x'), (4, 4.5, 'y'), (5, 4.5, 'z')]
    """
    insert_parts(db, table, [(columns, same or {})])


def insert_parts(db: Session, table: Table, parts: Sequence[Part]) -> None:
    """Insert the rows of each part in turn, as :func:`insert_rows` inserts ``columns`` and ``same``: one table's
    rows in runs of their own shared values (most lines of an upload share all but five).  Each part names the
    same columns, in ``columns`` or in ``same``."""
    counted = [(columns, same, _length(columns)) for columns, same in parts]
    counted = [part for part in counted if part[2]]
    if not counted:
        return
    order = [*counted[0][0], *counted[0][1]]
    if any(sorted([*columns, *same]) != sorted(order) for columns, same, _ in counted):
        raise ValueError("each part of the rows names the same columns")
    connection = db.connection()
    raw: Any = cast(Any, connection.connection).dbapi_connection
    if connection.dialect.name == "postgresql":
        quoted = ", ".join(f'"{name}"' for name in order)
        with raw.cursor() as cursor, cursor.copy(f'COPY "{table.name}" ({quoted}) FROM STDIN') as copy:
            for columns, same, _ in counted:
                values = [columns[name] if name in columns else repeat(same[name]) for name in order]
                for row in zip(*values, strict=False):  # ``same`` repeats
                    copy.write_row(row)
        section = VERSIONED.get(table.name)
        if section is not None:  # the statement trigger logged the rows' boards: an upload changes "anything"
            raw.execute("INSERT INTO section_changes (section_id, version, board_id) SELECT id, score_version, NULL "
                        "FROM sections WHERE id = ANY(%s)", (sorted(_sections(counted, section)),))
        return
    dialect = connection.dialect
    bind = {name: table.c[name].type.dialect_impl(dialect).bind_processor(dialect) for name in order}
    statements = [_sqlite_insert(table, bind, columns, same, length) for columns, same, length in counted]
    section = VERSIONED.get(table.name)
    trigger = None
    if section is not None:
        trigger = raw.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
                              (f"score_version_{table.name}_insert",)).fetchone()
    if trigger is not None:
        raw.execute(f'DROP TRIGGER "{trigger[0]}"')
    cursor = raw.cursor()
    try:
        for statement, rows in statements:
            cursor.executemany(statement, rows)
    finally:
        cursor.close()
        if trigger is not None:
            raw.execute(trigger[1])
    if trigger is not None and section is not None:  # the raise logs "anything" (migration 0016's trigger)
        raw.executemany("UPDATE sections SET score_version = score_version + 1 WHERE id = ?",
                        [(number,) for number in sorted(_sections(counted, section))])


def _sections(counted: Sequence[tuple[Mapping[str, Sequence[Any]], Mapping[str, Any], int]], column: str) -> set[Any]:
    """The sections the rows belong to (their ``column``)."""
    sections: set[Any] = set()
    for columns, same, _ in counted:
        sections.update(columns[column] if column in columns else [same[column]])
    return sections


def _length(columns: Mapping[str, Sequence[Any]]) -> int:
    sizes = {len(values) for values in columns.values()}
    if len(sizes) > 1:
        raise ValueError(f"columns of {sorted(sizes)} values: a row has one of each")
    return sizes.pop() if sizes else 0


def _sqlite_insert(table: Table, bind: Mapping[str, Any], columns: Mapping[str, Sequence[Any]],
                   same: Mapping[str, Any], length: int) -> tuple[str, Iterator[tuple[Any, ...]]]:
    """The INSERT statement of a part and its rows: ``same`` written into the statement where it can be."""
    varying = {name: values if (process := bind[name]) is None else list(map(process, values))
               for name, values in columns.items()}
    literal: dict[str, str] = {}
    for name, value in same.items():
        bound = value if (process := bind[name]) is None else process(value)
        text = _literal(bound)
        if text is None:
            varying[name] = [bound] * length
        else:
            literal[name] = text
    names = ", ".join(f'"{name}"' for name in [*varying, *literal])
    values = ", ".join(["?"] * len(varying) + list(literal.values()))
    return f'INSERT INTO "{table.name}" ({names}) VALUES ({values})', zip(*varying.values(), strict=True)


def _literal(value: Any) -> str | None:
    """A value as SQLite reads it written in a statement, or None for one to bind (text with a NUL, a float that is
    not finite, a whole number beyond 64 bits, anything else)."""
    if value is None:
        return "NULL"
    if type(value) is int and -2**63 <= value < 2**63:
        return str(value)
    if type(value) is float and math.isfinite(value):
        return repr(value)
    if type(value) is str and "\x00" not in value:
        return "'" + value.replace("'", "''") + "'"
    return None
