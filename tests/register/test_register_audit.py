"""The audit log in the register (SQLite and PostgreSQL): entries kept with their action's transaction, found by
actor, kind and date, newest first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from bridge_director.errors import RegisterError
from bridge_director.register import AuditEntry, Register
from bridge_director.register.audit import AuditFilter, actions_on, actors, find_actions, kinds, record_action
from bridge_director.register.stored_rulings import record_ruling


def test_an_entry_is_stored_with_its_action_or_not_at_all(register: Register) -> None:
    with register.transaction() as db:
        ruling = record_ruling(db, kind="mechanical", director="TD", laws="27", facts="1C over 1H",
                               decision="corrected to 2C")
        record_action(db, "td", "ruling", f"ruling {ruling.id}", "recorded", address="192.0.2.10")
    with pytest.raises(RegisterError), register.transaction() as db:
        record_action(db, "td", "ruling", "ruling 99", "recorded")
        record_ruling(db, kind="mechanical", director="TD", laws="", facts="x", decision="y")  # refused: no law
    with register.transaction() as db:
        entries = list(db.scalars(select(AuditEntry)))
        assert [(e.actor, e.kind, e.target, e.address) for e in entries] == [
            ("td", "ruling", f"ruling {ruling.id}", "192.0.2.10")]


def test_entries_are_found_by_actor_kind_and_date_newest_first(register: Register) -> None:
    with register.transaction() as db:
        for actor, kind, target in (("td", "login", ""), ("scorer", "result", "result 1"),
                                    ("td", "ruling", "ruling 1"), ("scorer", "correction", "result 1")):
            record_action(db, actor, kind, target)
        db.add(AuditEntry(actor="viewer", kind="login", at=datetime(2020, 5, 17, 21, 30, tzinfo=UTC)))  # an old one
    today = datetime.now(UTC)
    with register.transaction() as db:
        assert [e.kind for e in find_actions(db, AuditFilter(actor="td"))] == ["ruling", "login"]
        assert [e.actor for e in find_actions(db, AuditFilter(kind="login"))] == ["viewer", "td"]
        recent = find_actions(db, AuditFilter(since=today - timedelta(days=1)))
        assert [e.kind for e in recent] == ["correction", "ruling", "result", "login"]
        that_day = AuditFilter(since=datetime(2020, 5, 17, tzinfo=UTC), until=datetime(2020, 5, 17, 23, 59, 59,
                                                                                        tzinfo=UTC))
        assert [e.actor for e in find_actions(db, that_day)] == ["viewer"]
        assert [e.kind for e in actions_on(db, "result 1")] == ["result", "correction"]
        assert actors(db) == ["scorer", "td", "viewer"]
        assert kinds(db) == ["correction", "login", "result", "ruling"]


def test_long_text_is_cut_never_refused(register: Register) -> None:
    with register.transaction() as db:
        entry = db.get_one(AuditEntry, record_action(db, "x" * 100, "k" * 100, "t" * 500, "d" * 5000, "a" * 100))
    assert (len(entry.actor), len(entry.kind), len(entry.target), len(entry.detail), len(entry.address)) == (
        40, 32, 200, 2000, 64)


def test_the_audit_log_is_append_only_a_trigger_refuses_change_and_removal(register: Register) -> None:
    from sqlalchemy import text
    from sqlalchemy.exc import DBAPIError
    with register.transaction() as db:
        entry = record_action(db, "td", "ruling", "ruling 1", "Law 16B: 4S N 10")
    for statement in ("UPDATE audit_log SET detail = 'nothing happened' WHERE id = :id",
                      "DELETE FROM audit_log WHERE id = :id"):
        with pytest.raises(DBAPIError, match="append-only"), register.engine.begin() as connection:
            connection.execute(text(statement), {"id": entry})
    with register.transaction() as db:
        kept = db.get(AuditEntry, entry)
        assert kept is not None and kept.detail == "Law 16B: 4S N 10"
    if register.engine.dialect.name == "postgresql":
        with pytest.raises(DBAPIError, match="append-only"), register.engine.begin() as connection:
            connection.execute(text("TRUNCATE audit_log"))
