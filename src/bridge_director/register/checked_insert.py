"""The busiest writes, a new result and a new ruling, each with its audit entry, written by one statement that
checks, as it writes, what the caller read earlier.  For both: the account is the one the session was made for,
in its generation, with a role allowed to write it, not deactivated.  For a result: both pairs are the section's,
numbered as the movement seats them and still playing in the round; the board is the session's with the deal the
lead was checked against; no result is stored there yet.

If any of it no longer holds, nothing is written and ``insert_checked`` (``insert_checked_ruling``) answers None:
the caller then stores the result the long way (``club.results.store_result``; a ruling,
``stored_rulings.record_ruling``), which reads everything afresh and refuses or answers exactly as it would have.
On PostgreSQL the row, its audit entry and the checks are one statement run outside any transaction (one round
trip, atomic by itself); SQLite, in process, runs the two inserts in one transaction.

>>> from bridge_director.register import Register
>>> register = Register("sqlite://")
>>> insert_checked(register, CheckedResult(section_id=1, board_id=1, session_id=1, board=1, deal="", round_no=1,
...     table_no=1, ns_pair_id=1, ns=1, ew_pair_id=2, ew=2, status="played", contract="PASS", declarer="",
...     tricks=None, lead="", ns_score=0), Writer("td", 0, ("director",), "!", "127.0.0.1"), "detail") is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Integer, String, Table, and_, bindparam, cast, exists, func, insert, literal_column, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import ColumnElement

from ..errors import RegisterError
from .accounts import AccountRecord
from .audit import ACTOR_LENGTH, ADDRESS_LENGTH, DETAIL_LENGTH
from .db import Register
from .models import Base, Board, Event, EventSession, Pair, SessionResult, utcnow
from .plain import Plain

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class CheckedResult:
    """A result and what its checks read: the board's id and deal ("" for none), the pairs' ids and numbers."""

    section_id: int
    board_id: int
    session_id: int
    board: int
    deal: str
    round_no: int
    table_no: int
    ns_pair_id: int
    ns: int
    ew_pair_id: int
    ew: int
    status: str
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    ns_score: int | None


@dataclass(frozen=True, slots=True)
class Writer:
    """Who writes: the account's name and the session generation it logged in with, the roles allowed to write
    scores, the hash a deactivated account has, and the client's address (for the audit entry)."""

    username: str
    generation: int
    roles: tuple[str, ...]
    deactivated: str
    address: str


@dataclass(frozen=True, slots=True)
class CheckedRuling:
    """A ruling that changes no score (``stored_rulings.record_ruling``), its board's id already known (None: on no
    board): what a new ruling stores."""

    board_id: int | None
    kind: str
    director: str
    laws: str
    facts: str
    options: str
    decision: str


_RESULTS, _PAIRS, _BOARDS = SessionResult.__table__.c, Pair.__table__.c, Board.__table__.c
_ACCOUNTS, _AUDIT = AccountRecord.__table__.c, Base.metadata.tables["audit_log"]
#: at most this many roles may write (the statement names each as its own parameter)
_ROLES = 4


def _pair_playing(id_name: str, number_name: str) -> ColumnElement[bool]:
    return exists(select(_PAIRS.id).where(
        _PAIRS.id == bindparam(id_name, type_=Integer), _PAIRS.section_id == bindparam("section_id", type_=Integer),
        _PAIRS.number == bindparam(number_name, type_=Integer),
        or_(_PAIRS.left_after.is_(None), _PAIRS.left_after >= bindparam("round_no", type_=Integer))))


def _account() -> ColumnElement[bool]:
    """The account is the session's: the same name, generation and an allowed role, not deactivated."""
    return exists(select(_ACCOUNTS.id).where(
        _ACCOUNTS.username == bindparam("username", type_=String),
        _ACCOUNTS.session_generation == bindparam("generation", type_=Integer),
        _ACCOUNTS.role.in_([bindparam(f"role{i}", type_=String) for i in range(_ROLES)]),
        _ACCOUNTS.password_hash != bindparam("deactivated", type_=String)))


def _result_checks() -> ColumnElement[bool]:
    """What must still hold for a result (the module's docstring)."""
    board = exists(select(_BOARDS.id).where(
        _BOARDS.id == bindparam("board_id", type_=Integer),
        _BOARDS.session_id == bindparam("session_id", type_=Integer),
        _BOARDS.number == bindparam("board", type_=Integer),
        func.coalesce(_BOARDS.deal, literal_column("''")) == bindparam("deal", type_=String)))
    return and_(_account(), _pair_playing("ns_pair_id", "ns"), _pair_playing("ew_pair_id", "ew"), board)


_AUDIT_COLUMNS = ["actor", "kind", "target", "detail", "address", "at"]


@dataclass(frozen=True)
class _Write:
    """One kind of checked write: the row's table and columns (each given), the checks, the audit entry's kind
    (and its target: the kind and the new id); its statements for each database, built when first used."""

    table: Table
    columns: tuple[str, ...]
    checks: Callable[[], ColumnElement[bool]]
    kind: str
    at: str  # the column of the row's time, the audit entry's time too
    _built: dict[str, tuple[Plain, Plain | None]] = field(default_factory=dict, compare=False, repr=False)

    def _audit_rows(self, new_id: Any) -> Any:
        return select(bindparam("actor", type_=String), literal_column(f"'{self.kind}'"),
                      literal_column(f"'{self.kind} '") + cast(new_id, String),
                      bindparam("detail", type_=String), bindparam("address", type_=String),
                      bindparam(self.at, type_=self.table.c[self.at].type))

    def _insert(self, dialect: Any) -> Any:
        given = select(*(bindparam(name, type_=self.table.c[name].type).label(name) for name in self.columns))
        statement = dialect.insert(self.table).from_select(list(self.columns), given.where(self.checks()))
        return statement.on_conflict_do_nothing().returning(self.table.c.id)

    def statements(self, dialect_name: str) -> tuple[Plain, Plain | None]:
        """PostgreSQL: the checked insert, its audit entry and the new id, in one statement; SQLite: the checked
        insert, then its audit entry (in the same transaction)."""
        built = self._built.get(dialect_name)
        if built is None:
            if dialect_name == "postgresql":
                written = self._insert(postgresql).cte("written")
                noted = insert(_AUDIT).from_select(_AUDIT_COLUMNS, self._audit_rows(written.c.id).select_from(written))
                built = (Plain(select(written.c.id).add_cte(noted.cte("noted"))), None)
            else:
                built = (Plain(self._insert(sqlite)), Plain(insert(_AUDIT).from_select(
                    _AUDIT_COLUMNS, self._audit_rows(bindparam("new_id", type_=Integer)))))
            self._built[dialect_name] = built
        return built

    def write(self, register: Register, values: dict[str, Any], writer: Writer, detail: str) -> int | None:
        """The row of ``values`` (and the checks' values) and its audit entry, if every check holds: the new id."""
        if len(writer.roles) > _ROLES or not writer.roles:
            raise ValueError(f"1 to {_ROLES} roles write")
        params = {**values, "username": writer.username, "generation": writer.generation,
                  "deactivated": writer.deactivated, "actor": writer.username[:ACTOR_LENGTH],
                  "address": writer.address[:ADDRESS_LENGTH], "detail": detail[:DETAIL_LENGTH]}
        for i in range(_ROLES):
            params[f"role{i}"] = writer.roles[min(i, len(writer.roles) - 1)]
        first, then = self.statements(register.engine.dialect.name)

        def run(dialect: Any, driver: Any) -> tuple[Any, ...] | None:
            written = _fetch_one(first.execute_on(dialect, driver, params))
            if written is not None and then is not None:
                then.execute_on(dialect, driver, {**params, "new_id": written[0]}).close()
            return written

        row = _at_once(register, run)
        return None if row is None else int(row[0])


_RESULT = _Write(Base.metadata.tables["session_results"], (
    "section_id", "board_id", "round_no", "table_no", "ns_pair_id", "ew_pair_id", "entered_by", "entered_at",
    "version", "status", "contract", "declarer", "tricks", "lead", "ns_score"), _result_checks, "result",
    "entered_at")
_RULING = _Write(Base.metadata.tables["rulings"], (
    "board_id", "kind", "director", "ruled_at", "laws", "facts", "options", "decision", "appeal", "appeal_outcome",
    "version"), _account, "ruling", "ruled_at")


def insert_checked(register: Register, result: CheckedResult, writer: Writer, detail: str) -> int | None:
    """Store ``result`` with its audit entry if every check still holds (the module's docstring): its new id; None
    when nothing was written."""
    values: dict[str, Any] = {name: getattr(result, name) for name in CheckedResult.__slots__}
    values.update(entered_by=writer.username[:100], entered_at=utcnow(), version=1)
    return _RESULT.write(register, values, writer, detail)


def insert_checked_ruling(register: Register, ruling: CheckedRuling, writer: Writer) -> tuple[int, datetime] | None:
    """Store ``ruling`` with its audit entry if the account is still the session's: its new id and its time; None
    when nothing was written."""
    values: dict[str, Any] = {name: getattr(ruling, name) for name in CheckedRuling.__slots__}
    values.update(ruled_at=utcnow(), appeal=None, appeal_outcome=None, version=1)
    new_id = _RULING.write(register, values, writer, "recorded")
    return None if new_id is None else (new_id, values["ruled_at"])


def board_named(register: Register, event: str, session: str, number: int) -> int | None:
    """The id of board ``number`` of the session ``session`` of ``event``, if all three are stored."""
    row = _at_once(register, lambda dialect, driver: _fetch_one(_BOARD_NAMED.execute_on(
        dialect, driver, {"event": event, "session": session, "number": number})))
    return None if row is None else int(row[0])


def store_board(register: Register, session_id: int, number: int) -> tuple[int, str | None]:
    """Board ``number`` of the session, stored now if it is not yet (``events.board_ref`` without a session of
    the ORM): its id and its hand-record deal."""
    if number < 1:
        raise RegisterError(f"board number must be 1 or more, not {number}", field="board")
    key = {"session_id": session_id, "number": number}

    def made_or_found(dialect: Any, driver: Any) -> tuple[Any, ...] | None:
        made = _fetch_one(_NEW_BOARD[dialect.name].execute_on(dialect, driver, key))
        return made if made is not None else _fetch_one(_BOARD.execute_on(dialect, driver, key))

    row = _at_once(register, made_or_found)
    if row is None:
        raise RegisterError(f"board {number} could not be stored", field="board")
    return int(row[0]), row[1]


def _at_once(register: Register, work: Callable[[Any, Any], T]) -> T:
    """``work`` on a pooled connection's driver, committed as soon as it ends (PostgreSQL: each statement by
    itself, no BEGIN and COMMIT round trips; SQLite: one transaction)."""
    dialect = register.engine.dialect
    pooled = register.engine.raw_connection()
    try:
        driver: Any = pooled.driver_connection
        if dialect.name == "postgresql":
            driver.autocommit = True
            try:
                return work(dialect, driver)
            finally:
                driver.autocommit = False
        try:
            done = work(dialect, driver)
            pooled.commit()
        except BaseException:
            pooled.rollback()
            raise
        return done
    finally:
        pooled.close()


_BOARD_KEY = (_BOARDS.session_id == bindparam("session_id", type_=Integer),
              _BOARDS.number == bindparam("number", type_=Integer))
_NEW_BOARD = {name: Plain(dialect.insert(Board.__table__).values(
    session_id=bindparam("session_id", type_=Integer), number=bindparam("number", type_=Integer))
    .on_conflict_do_nothing(index_elements=["session_id", "number"]).returning(_BOARDS.id, _BOARDS.deal))
    for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))}
_BOARD = Plain(select(_BOARDS.id, _BOARDS.deal).where(*_BOARD_KEY))
_SESSIONS, _EVENTS = EventSession.__table__.c, Event.__table__.c
_BOARD_NAMED = Plain(select(_BOARDS.id).join(EventSession.__table__, _SESSIONS.id == _BOARDS.session_id)
                     .join(Event.__table__, _EVENTS.id == _SESSIONS.event_id)
                     .where(_EVENTS.name == bindparam("event", type_=String),
                            _SESSIONS.name == bindparam("session", type_=String),
                            _BOARDS.number == bindparam("number", type_=Integer)))


def _fetch_one(cursor: Any) -> tuple[Any, ...] | None:
    try:
        row = cursor.fetchone()
    finally:
        cursor.close()
    return None if row is None else tuple(row)
