"""Statements of the busiest writes, compiled once and run on the driver's own cursor.

SQLAlchemy spends about three times the driver's processor time on each execution of even a cached statement
(an execution context, parameter processing, a result wrapper).  A result write makes five statements, so the
statements of that path are ``Plain``: the Core statement is compiled once per database dialect, its parameters
are converted by the column types' own bind processors, and it runs on the DBAPI cursor of the caller's
connection, inside the caller's transaction.  A driver error comes out as SQLAlchemy's, so the register's own
error handling (``Register.transaction``) treats it as before.

>>> from sqlalchemy import Integer, bindparam, literal_column, select
>>> from bridge_director.register import Register
>>> register = Register("sqlite://")
>>> plus_one = Plain(select(bindparam("n", type_=Integer) + literal_column("1")))
>>> with register.transaction() as db:
...     plus_one.one_or_none(db, {"n": 41})
(42,)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Connection, Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler


@dataclass(frozen=True, slots=True)
class _Compiled:
    """One statement for one dialect: its SQL, its parameters' names in order (None: by name), their converters."""

    sql: str
    order: tuple[str, ...] | None
    convert: Mapping[str, Callable[[Any], Any]]
    errors: type[Exception]


@dataclass(frozen=True)
class Plain:
    """A Core statement run on the driver's cursor (no expanding parameters: each value is its own parameter).

    ``columns``: an INSERT's columns given a value at each execution, every one of them (a column default is not
    filled in here: a statement that would need one is refused when first compiled)."""

    statement: ClauseElement
    columns: tuple[str, ...] = ()
    _by_dialect: dict[str, _Compiled] = field(default_factory=dict, compare=False, repr=False)

    def _compiled(self, dialect: Dialect) -> _Compiled:
        compiled = self._by_dialect.get(dialect.name)
        if compiled is None:
            built = cast(SQLCompiler, self.statement.compile(dialect=dialect, column_keys=list(self.columns) or None))
            missing = [column.key for column in getattr(built, "insert_prefetch", ())]
            if missing:
                raise TypeError(f"give every column a value: {', '.join(missing)} would take its default")
            convert = {}
            for name, bind in built.binds.items():
                processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if processor is not None:
                    convert[name] = processor
            order = tuple(built.positiontup) if built.positional and built.positiontup is not None else None
            compiled = _Compiled(built.string, order, convert, dialect.loaded_dbapi.Error)
            self._by_dialect[dialect.name] = compiled
        return compiled

    def execute(self, db: Session | Connection, params: Mapping[str, Any]) -> Any:
        """Run the statement in ``db``'s transaction; the driver's cursor, to fetch from and close."""
        connection = db.connection() if isinstance(db, Session) else db
        return self.execute_on(connection.dialect, connection.connection.driver_connection, params)

    def execute_on(self, dialect: Dialect, driver_connection: Any, params: Mapping[str, Any]) -> Any:
        """``execute`` on the driver's own connection (a pooled connection's ``driver_connection``)."""
        compiled = self._compiled(dialect)
        values = {name: compiled.convert[name](value) if name in compiled.convert else value
                  for name, value in params.items()}
        given: Any = values if compiled.order is None else tuple(values[name] for name in compiled.order)
        cursor = driver_connection.cursor()
        try:
            cursor.execute(compiled.sql, given)
        except compiled.errors as err:
            cursor.close()
            raise DBAPIError.instance(compiled.sql, given, err, compiled.errors) from err
        return cursor

    def one_or_none(self, db: Session | Connection, params: Mapping[str, Any]) -> tuple[Any, ...] | None:
        """The only row, or None; more than one row is a fault of the statement."""
        cursor = self.execute(db, params)
        try:
            rows = cursor.fetchmany(2)
        finally:
            cursor.close()
        if len(rows) > 1:
            raise LookupError(f"more than one row from {self.statement}")
        return tuple(rows[0]) if rows else None

    def all(self, db: Session | Connection, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        cursor = self.execute(db, params)
        try:
            return [tuple(row) for row in cursor.fetchall()]
        finally:
            cursor.close()

    def scalar(self, db: Session | Connection, params: Mapping[str, Any]) -> Any:
        """The first column of the only row (an INSERT ... RETURNING id)."""
        row = self.one_or_none(db, params)
        if row is None:
            raise LookupError(f"no row from {self.statement}")
        return row[0]
