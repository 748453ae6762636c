"""Migrations shipped in the package: they build an empty database and upgrade a populated one."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, select, text

from bridge_director.club.psyches import record_psyche
from bridge_director.register import Base, Register, Ruling
from bridge_director.register.db import make_engine
from bridge_director.register.events import ensure_event, ensure_session
from bridge_director.register.migrate import current, upgrade
from bridge_director.register.values import Departure

HEAD = "0016"  # the newest revision in register/migrations/versions


def test_empty_database_upgrades_to_head_matching_the_models(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        assert current(engine) is None
        upgrade(engine)
        assert current(engine) == HEAD
        with engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}),
                                           Base.metadata)
        assert differences == []
        upgrade(engine)  # running again is harmless
        assert current(engine) == HEAD
    finally:
        engine.dispose()


def test_populated_database_at_first_revision_upgrades_keeping_its_records(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        upgrade(engine, "0001")
        assert "psyche_reports" not in inspect(engine).get_table_names()
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO events (name, authority, level, created_at) "
                              "VALUES ('Spring Congress', 'EBU', 3, CURRENT_TIMESTAMP)"))
            conn.execute(text("INSERT INTO rulings (kind, director, ruled_at, laws, facts, options, decision, "
                              "version) VALUES ('mechanical', 'Director 1', CURRENT_TIMESTAMP, '27', 'insufficient "
                              "bid', '', 'corrected', 1)"))
    finally:
        engine.dispose()

    register = Register(db_url)  # opening the register upgrades to head
    try:
        assert current(register.engine) == HEAD
        with register.transaction() as db:
            [ruling] = db.scalars(select(Ruling))
            assert (ruling.laws, ruling.decision, ruling.version) == ("27", "corrected", 1)
            event = ensure_event(db, "Spring Congress")
            assert event.level == 3
            outcome = record_psyche(db, session=ensure_session(db, event, "Saturday"), board_number=4,
                                    player="Player A", partner="Player Z", call="1S", departure=Departure.PSYCHE)
            assert outcome.report.id is not None
    finally:
        register.close()
