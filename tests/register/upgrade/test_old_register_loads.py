"""The old release's register (``old_register.json``) loads at revision 0010 by this code's migrations, on SQLite
and on PostgreSQL: every table holds the fixture's rows, as they were stored."""

from __future__ import annotations

from oldkit import REVISION, engine_for, fixture_rows, load_old_register, old_expected, old_register, stored_rows
from sqlalchemy import func, select, text


def test_every_table_holds_the_fixture_s_rows(db_url: str) -> None:
    load_old_register(db_url)
    engine = engine_for(db_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == REVISION
            counts = {t["name"]: conn.execute(select(func.count()).select_from(text(t["name"]))).scalar_one()
                      for t in old_register()["tables"]}
    finally:
        engine.dispose()
    assert counts == {t["name"]: len(t["rows"]) for t in old_register()["tables"]}
    assert counts["results"] and counts["adjusted_scores"] and counts["penalties"] and counts["session_results"]
    names = [t["name"] for t in old_register()["tables"]]
    assert stored_rows(db_url, names) == {name: fixture_rows(name) for name in names}


def test_a_row_added_after_loading_gets_the_next_id(db_url: str) -> None:
    load_old_register(db_url)
    engine = engine_for(db_url)
    try:
        with engine.begin() as conn:
            new = conn.execute(text("INSERT INTO players (name) VALUES ('New Member') RETURNING id")).scalar_one()
    finally:
        engine.dispose()
    assert new == max(row["id"] for row in fixture_rows("players")) + 1


def test_the_expected_view_names_the_fixture_s_records() -> None:
    shown = old_expected()
    assert [e["name"] for e in shown["events"]] == ["Spring Congress Pairs", "Harbour Sectional Pairs"]
    ruling_ids = [row["id"] for row in fixture_rows("rulings")]
    assert [r["id"] for r in shown["rulings"]] == ruling_ids
    reports = {r["id"] for history in shown["psyche_histories"].values() for r in history}
    assert reports == {row["id"] for row in fixture_rows("psyche_reports")}
