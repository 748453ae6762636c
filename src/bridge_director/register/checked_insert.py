"""A new result and its audit entry written by one statement that checks, as it writes, what the caller read
earlier: the account is the one the session was made for, in its generation, active and allowed to write scores;
both pairs are the section's, numbered as the movement seats them and still playing in the round; the board is the
session's with the deal the lead was checked against; no result is stored there yet.

If any of it no longer holds, nothing is written and ``insert_checked`` answers None: the caller then stores the
result the long way (``club.results.store_result``), which reads everything afresh and refuses or answers exactly
as it would have.  On PostgreSQL the result, its audit entry and the checks are one statement run outside any
transaction (one round trip, atomic by itself); SQLite, in process, runs the two inserts in one transaction.

>>> from bridge_director.register import Register
>>> register = Register("sqlite://")
>>> insert_checked(register, CheckedResult(section_id=1, board_id=1, session_id=1, board=1, deal="", round_no=1,
...     table_no=1, ns_pair_id=1, ns=1, ew_pair_id=2, ew=2, status="played", contract="PASS", declarer="",
...     tricks=None, lead="", ns_score=0), Writer("td", 0, ("director",), "!", "127.0.0.1"), "detail") is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Integer, String, and_, bindparam, cast, exists, func, insert, literal_column, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import ColumnElement

from ..errors import RegisterError
from .accounts import AccountRecord
from .audit import ACTOR_LENGTH, ADDRESS_LENGTH, DETAIL_LENGTH
from .db import Register
from .models import Base, Board, Pair, SessionResult, utcnow
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


_RESULTS, _PAIRS, _BOARDS = SessionResult.__table__.c, Pair.__table__.c, Board.__table__.c
_ACCOUNTS, _AUDIT = AccountRecord.__table__.c, Base.metadata.tables["audit_log"]
#: the stored columns of a new result, each given
_COLUMNS = ("section_id", "board_id", "round_no", "table_no", "ns_pair_id", "ew_pair_id", "entered_by", "entered_at",
            "version", "status", "contract", "declarer", "tricks", "lead", "ns_score")
#: at most this many roles may write scores (the statement names each as its own parameter)
_ROLES = 4


def _param(name: str) -> Any:
    return bindparam(name, type_=SessionResult.__table__.c[name].type if name in _RESULTS else String)


def _pair_playing(id_name: str, number_name: str) -> ColumnElement[bool]:
    return exists(select(_PAIRS.id).where(
        _PAIRS.id == bindparam(id_name, type_=Integer), _PAIRS.section_id == bindparam("section_id", type_=Integer),
        _PAIRS.number == bindparam(number_name, type_=Integer),
        or_(_PAIRS.left_after.is_(None), _PAIRS.left_after >= bindparam("round_no", type_=Integer))))


def _checks() -> ColumnElement[bool]:
    """What must still hold for the write (the module's docstring)."""
    account = exists(select(_ACCOUNTS.id).where(
        _ACCOUNTS.username == bindparam("username", type_=String),
        _ACCOUNTS.session_generation == bindparam("generation", type_=Integer),
        _ACCOUNTS.role.in_([bindparam(f"role{i}", type_=String) for i in range(_ROLES)]),
        _ACCOUNTS.password_hash != bindparam("deactivated", type_=String)))
    board = exists(select(_BOARDS.id).where(
        _BOARDS.id == bindparam("board_id", type_=Integer),
        _BOARDS.session_id == bindparam("session_id", type_=Integer),
        _BOARDS.number == bindparam("board", type_=Integer),
        func.coalesce(_BOARDS.deal, literal_column("''")) == bindparam("deal", type_=String)))
    return and_(account, _pair_playing("ns_pair_id", "ns"), _pair_playing("ew_pair_id", "ew"), board)


def _insert(dialect: Any) -> Any:
    rows = select(*(_param(name).label(name) for name in _COLUMNS)).where(_checks())
    statement = dialect.insert(SessionResult.__table__).from_select(list(_COLUMNS), rows)
    return statement.on_conflict_do_nothing().returning(_RESULTS.id)


def _audit_rows(result_id: Any) -> Any:
    return select(bindparam("actor", type_=String), literal_column("'result'"),
                  literal_column("'result '") + cast(result_id, String),
                  bindparam("detail", type_=String), bindparam("address", type_=String),
                  bindparam("entered_at", type_=_RESULTS.entered_at.type))


_AUDIT_COLUMNS = ["actor", "kind", "target", "detail", "address", "at"]
#: PostgreSQL: the checked insert, its audit entry and the new id, in one statement
_POSTGRESQL = (lambda written: Plain(select(written.c.id).add_cte(insert(_AUDIT).from_select(
    _AUDIT_COLUMNS, _audit_rows(written.c.id).select_from(written)).cte("noted"))))(
    _insert(postgresql).cte("written"))
#: SQLite: the checked insert, then (in the same transaction) its audit entry
_SQLITE = Plain(_insert(sqlite))
_SQLITE_AUDIT = Plain(insert(_AUDIT).from_select(
    _AUDIT_COLUMNS, _audit_rows(bindparam("result_id", type_=Integer))))


def insert_checked(register: Register, result: CheckedResult, writer: Writer, detail: str) -> int | None:
    """Store ``result`` with its audit entry if every check still holds (the module's docstring): its new id; None
    when nothing was written."""
    if len(writer.roles) > _ROLES:
        raise ValueError(f"at most {_ROLES} roles write scores")
    params: dict[str, Any] = {name: getattr(result, name) for name in _GIVEN}
    params.update(entered_by=writer.username[:100], entered_at=utcnow(), version=1, username=writer.username,
                  generation=writer.generation, deactivated=writer.deactivated,
                  actor=writer.username[:ACTOR_LENGTH], address=writer.address[:ADDRESS_LENGTH],
                  detail=detail[:DETAIL_LENGTH])
    for i in range(_ROLES):
        params[f"role{i}"] = writer.roles[i] if i < len(writer.roles) else writer.roles[0]
    if register.engine.dialect.name == "postgresql":
        row = _at_once(register, lambda dialect, driver: _fetch_one(_POSTGRESQL.execute_on(dialect, driver, params)))
    else:
        def both(dialect: Any, driver: Any) -> tuple[Any, ...] | None:
            written = _fetch_one(_SQLITE.execute_on(dialect, driver, params))
            if written is not None:
                _SQLITE_AUDIT.execute_on(dialect, driver, {**params, "result_id": written[0]}).close()
            return written
        row = _at_once(register, both)
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


#: the fields of a ``CheckedResult``, each a parameter of the statement
_GIVEN = tuple(CheckedResult.__slots__)
_BOARD_KEY = (_BOARDS.session_id == bindparam("session_id", type_=Integer),
              _BOARDS.number == bindparam("number", type_=Integer))
_NEW_BOARD = {name: Plain(dialect.insert(Board.__table__).values(
    session_id=bindparam("session_id", type_=Integer), number=bindparam("number", type_=Integer))
    .on_conflict_do_nothing(index_elements=["session_id", "number"]).returning(_BOARDS.id, _BOARDS.deal))
    for name, dialect in (("postgresql", postgresql), ("sqlite", sqlite))}
_BOARD = Plain(select(_BOARDS.id, _BOARDS.deal).where(*_BOARD_KEY))


def _fetch_one(cursor: Any) -> tuple[Any, ...] | None:
    try:
        row = cursor.fetchone()
    finally:
        cursor.close()
    return None if row is None else tuple(row)
