"""What each raise of a section's score version changed (``section_changes``), logged by the database in the
writing transaction, so that a correction rescores its board and not the whole section (``club.score_cache``).

Every raise of ``sections.score_version`` (any trigger of 0009 and 0011, an upload's own raise, any writer to
come) logs one row at the new version with no board: "anything may have changed".  The triggers on
``session_results`` then replace that row by one row a board the written results were on (before and after
the write), so a version whose rows all name boards changed those boards' results and nothing else.  The raise
itself is as before.  Only a section's last ``KEEP`` versions are kept: each raise deletes the older rows (a
reader further behind reads the section again).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-15
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | None = None
depends_on: str | None = None

#: the versions of a section whose changes are kept
KEEP = 64
#: SQLite's row triggers on session_results (0009): the write and the rows (OLD, NEW) it touches
SQLITE_WRITES = {"insert": ("NEW",), "update": ("OLD", "NEW"), "delete": ("OLD",)}
#: PostgreSQL's statement triggers on session_results (0011): the write and its transition tables
PG_WRITES = {"insert": ("new_rows",), "update": ("old_rows", "new_rows"), "delete": ("old_rows",)}

LOG_SQLITE = f"""CREATE TRIGGER section_changes_log AFTER UPDATE OF score_version ON sections FOR EACH ROW
WHEN NEW.score_version IS NOT OLD.score_version BEGIN
    DELETE FROM section_changes WHERE section_id = NEW.id
        AND (version <= NEW.score_version - {KEEP} OR version > NEW.score_version);
    INSERT INTO section_changes (section_id, version, board_id) VALUES (NEW.id, NEW.score_version, NULL);
END"""

LOG_PG = f"""CREATE FUNCTION section_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM section_changes WHERE section_id = NEW.id
        AND (version <= NEW.score_version - {KEEP} OR version > NEW.score_version);
    INSERT INTO section_changes (section_id, version, board_id) VALUES (NEW.id, NEW.score_version, NULL);
    RETURN NULL;
END $$"""


def _bump_sqlite(rows: tuple[str, ...]) -> str:
    where = " OR ".join(f"id IN (SELECT {row}.section_id)" for row in rows)
    return f"UPDATE sections SET score_version = score_version + 1 WHERE {where};"


def _sqlite_results_trigger(write: str, boards: bool) -> str:
    """The trigger of 0009 on a result's ``write``; with ``boards``, its boards logged in place of "anything"."""
    rows = SQLITE_WRITES[write]
    body = _bump_sqlite(rows)
    if boards:
        sections = ", ".join(f"{row}.section_id" for row in rows)
        body += (" DELETE FROM section_changes WHERE board_id IS NULL AND section_id IN (" + sections + ") AND "
                 "version = (SELECT score_version FROM sections WHERE id = section_changes.section_id);")
        body += " INSERT INTO section_changes (section_id, version, board_id) " + " UNION ".join(
            f"SELECT s.id, s.score_version, {row}.board_id FROM sections s WHERE s.id = {row}.section_id"
            for row in rows) + ";"
    return (f"CREATE TRIGGER score_version_session_results_{write} AFTER {write.upper()} ON session_results "
            f"FOR EACH ROW BEGIN {body} END")


def _pg_results_function(write: str, boards: bool) -> str:
    """The function of 0011's statement trigger on a result's ``write``; with ``boards``, logging its boards."""
    tables = PG_WRITES[write]
    sections = " UNION ".join(f"SELECT section_id FROM {table}" for table in tables)
    body = f"UPDATE sections SET score_version = score_version + 1 WHERE id IN ({sections});"
    if boards:
        written = " UNION ".join(f"SELECT section_id, board_id FROM {table}" for table in tables)
        body += (f"\n    DELETE FROM section_changes c USING sections s WHERE c.section_id = s.id "
                 f"AND c.version = s.score_version AND c.board_id IS NULL AND s.id IN ({sections});"
                 f"\n    INSERT INTO section_changes (section_id, version, board_id) "
                 f"SELECT r.section_id, s.score_version, r.board_id FROM ({written}) r "
                 f"JOIN sections s ON s.id = r.section_id;")
    return f"""CREATE OR REPLACE FUNCTION score_version_session_results_{write}() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    {body}
    RETURN NULL;
END $$"""


def _results_triggers(boards: bool) -> None:
    if op.get_bind().dialect.name == "postgresql":
        for write in PG_WRITES:
            op.execute(_pg_results_function(write, boards))
        return
    for write in SQLITE_WRITES:
        op.execute(f"DROP TRIGGER IF EXISTS score_version_session_results_{write}")
        op.execute(_sqlite_results_trigger(write, boards))


def upgrade() -> None:
    op.create_table("section_changes", sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("section_id", sa.Integer, nullable=False),
                    sa.Column("version", sa.Integer, nullable=False),
                    sa.Column("board_id", sa.Integer, nullable=True))
    op.create_index("ix_section_changes_section_version", "section_changes", ["section_id", "version"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(LOG_PG)
        op.execute("CREATE TRIGGER section_changes_log AFTER UPDATE OF score_version ON sections FOR EACH ROW "
                   "WHEN (NEW.score_version IS DISTINCT FROM OLD.score_version) "
                   "EXECUTE FUNCTION section_changes_log()")
    else:
        op.execute(LOG_SQLITE)
    _results_triggers(boards=True)


def downgrade() -> None:
    _results_triggers(boards=False)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS section_changes_log ON sections")
        op.execute("DROP FUNCTION IF EXISTS section_changes_log()")
    else:
        op.execute("DROP TRIGGER IF EXISTS section_changes_log")
    op.drop_index("ix_section_changes_section_version", table_name="section_changes")
    op.drop_table("section_changes")
