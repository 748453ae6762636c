"""Statements run on the driver's cursor (``register.plain``): the same stored values as SQLAlchemy's own execution,
driver errors handled as the register handles SQLAlchemy's, and no column left to a default it would not get."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Integer, Text, bindparam, cast, insert, select

from bridge_director.errors import RegisterError
from bridge_director.register import Register
from bridge_director.register.audit import AuditEntry, record_action
from bridge_director.register.models import Base
from bridge_director.register.plain import Plain

AUDIT = Base.metadata.tables["audit_log"]
ADD = Plain(insert(AUDIT).returning(AUDIT.c.id), columns=("actor", "kind", "target", "detail", "address", "at"))


def test_a_time_written_plainly_reads_back_as_sqlalchemy_writes_it(register: Register) -> None:
    at = datetime(2026, 11, 29, 9, 30, 0, tzinfo=UTC)  # no microseconds: the case a driver's own adapter shortens
    with register.transaction() as db:
        plain = ADD.scalar(db, {"actor": "td", "kind": "result", "target": "", "detail": "", "address": "",
                                "at": at})
        orm = AuditEntry(actor="td", kind="result", at=at)
        db.add(orm)
        db.flush()
        orm_id = orm.id
    with register.transaction() as db:
        stored = {e.id: e.at for e in db.scalars(select(AuditEntry))}
        raw = {i: text for i, text in db.execute(select(AUDIT.c.id, cast(AUDIT.c.at, Text)))}
    assert stored[plain] == stored[orm_id]
    assert raw[plain] == raw[orm_id]  # the same text on SQLite, the same timestamp on PostgreSQL


def test_parameters_go_in_the_statements_order_whatever_the_dialect(register: Register) -> None:
    with register.transaction() as db:
        ids = [record_action(db, actor, "result") for actor in ("a", "b", "c")]
        between = Plain(select(AUDIT.c.actor).where(AUDIT.c.id >= bindparam("low", type_=Integer),
                                                    AUDIT.c.id <= bindparam("high", type_=Integer))
                        .order_by(AUDIT.c.id))
        assert between.all(db, {"high": ids[1], "low": ids[0]}) == [("a",), ("b",)]
        assert between.one_or_none(db, {"low": ids[2], "high": ids[2]}) == ("c",)
        assert between.one_or_none(db, {"low": ids[2] + 1, "high": ids[2] + 5}) is None
        with pytest.raises(LookupError, match="more than one row"):
            between.one_or_none(db, {"low": ids[0], "high": ids[2]})


def test_a_refused_row_is_the_registers_refusal_and_nothing_is_kept(register: Register) -> None:
    with register.transaction() as db:
        record_action(db, "td", "login")
    bad = {"actor": None, "kind": "result", "target": "", "detail": "", "address": "", "at": datetime.now(UTC)}
    with pytest.raises(RegisterError, match="the register refused the change"), register.transaction() as db:
        record_action(db, "td", "result")
        ADD.scalar(db, bad)  # actor is NOT NULL
    with register.transaction() as db:
        assert [e.kind for e in db.scalars(select(AuditEntry))] == ["login"]


def test_a_column_left_to_its_default_is_refused_when_compiled(register: Register) -> None:
    short = Plain(insert(AUDIT).returning(AUDIT.c.id), columns=("actor", "kind"))
    with pytest.raises(TypeError, match=r"give every column a value: .*at"), register.transaction() as db:
        short.scalar(db, {"actor": "td", "kind": "result"})
