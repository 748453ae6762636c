"""A section's score version: a number the database itself raises, in the writing transaction, whenever anything
its scores or its results pages read changes (results and their corrections, rulings' decisions, penalties, the
entry, substitutes, players' names, the section, its session and event).  The web pages keep a section's scores
computed once per version (``club.score_cache``); every worker process and every restart compares the stored
number, so none serves a score older than the register.

The triggers do the raising (SQLite and PostgreSQL alike), so no writer, old or new, can forget it.  A new
section starts at a random number, so a cache never mistakes a new section for an old one with the same id.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

#: table -> (the writes that raise the version, the sections a row ``{row}`` belongs to, as a query)
SOURCES: dict[str, tuple[str, str]] = {
    "session_results": ("INSERT OR UPDATE OR DELETE", "SELECT {row}.section_id"),
    "session_penalties": ("INSERT OR UPDATE OR DELETE", "SELECT {row}.section_id"),
    "pairs": ("INSERT OR UPDATE OR DELETE", "SELECT {row}.section_id"),
    "teams": ("INSERT OR UPDATE OR DELETE", "SELECT {row}.section_id"),
    "result_rulings": ("INSERT OR UPDATE OR DELETE",
                       "SELECT section_id FROM session_results WHERE id = {row}.result_id"),
    "substitutes": ("INSERT OR UPDATE OR DELETE", "SELECT section_id FROM pairs WHERE id = {row}.pair_id"),
    "players": ("UPDATE OF name",
                "SELECT section_id FROM pairs WHERE player1_id = {row}.id OR player2_id = {row}.id "
                "UNION SELECT p.section_id FROM substitutes s JOIN pairs p ON p.id = s.pair_id "
                "WHERE s.player_id = {row}.id"),
    "boards": ("UPDATE OF number", "SELECT id FROM sections WHERE session_id = {row}.session_id"),
    "event_sessions": ("UPDATE OF name", "SELECT id FROM sections WHERE session_id = {row}.id"),
    "events": ("UPDATE OF name, authority",
               "SELECT s.id FROM sections s JOIN event_sessions e ON e.id = s.session_id WHERE e.event_id = {row}.id"),
    "sections": ("UPDATE OF session_id, letter, movement, boards_per_round, first_board, method, scale, laws",
                 "SELECT {row}.id"),
}
RANDOM_START = {"sqlite": "abs(random() % 1000000000)", "postgresql": "floor(random() * 1000000000)::integer"}


def _bump(table: str, *rows: str) -> str:
    """The statement raising the version of the sections of the rows (OLD, NEW or both: each section once)."""
    where = " OR ".join(f"id IN ({SOURCES[table][1].format(row=row)})" for row in rows)
    return f"UPDATE sections SET score_version = score_version + 1 WHERE {where}"


def _sqlite_triggers() -> list[str]:
    out = []
    for table, (writes, _) in SOURCES.items():
        for write in writes.split(" OR "):
            rows = {"INSERT": ("NEW",), "DELETE": ("OLD",)}.get(write.split()[0], ("OLD", "NEW"))
            body = f"{_bump(table, *rows)};"
            name = f"score_version_{table}_{write.split()[0].lower()}"
            out.append(f"CREATE TRIGGER {name} AFTER {write} ON {table} FOR EACH ROW BEGIN {body} END")
    out.append("CREATE TRIGGER score_version_sections_insert AFTER INSERT ON sections FOR EACH ROW BEGIN "
               f"UPDATE sections SET score_version = {RANDOM_START['sqlite']} WHERE id = NEW.id; END")
    return out


def _postgresql_triggers() -> list[str]:
    out = []
    for table, (writes, _) in SOURCES.items():
        function = f"score_version_{table}"
        out.append(f"""CREATE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN {_bump(table, 'NEW')};
    ELSIF TG_OP = 'DELETE' THEN {_bump(table, 'OLD')};
    ELSE {_bump(table, 'OLD', 'NEW')};
    END IF;
    RETURN NULL;
END $$""")
        out.append(f"CREATE TRIGGER {function} AFTER {writes} ON {table} FOR EACH ROW EXECUTE FUNCTION {function}()")
    return out


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.add_column("sections", sa.Column("score_version", sa.Integer, nullable=False,
                                            server_default=sa.text(RANDOM_START["postgresql"])))
        statements = _postgresql_triggers()
    else:
        op.add_column("sections", sa.Column("score_version", sa.Integer, nullable=False, server_default="0"))
        op.execute(f"UPDATE sections SET score_version = {RANDOM_START['sqlite']}")
        statements = _sqlite_triggers()
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        for table in SOURCES:
            op.execute(f"DROP TRIGGER IF EXISTS score_version_{table} ON {table}")
            op.execute(f"DROP FUNCTION IF EXISTS score_version_{table}()")
    else:
        for table, (writes, _) in SOURCES.items():
            for write in writes.split(" OR "):
                op.execute(f"DROP TRIGGER IF EXISTS score_version_{table}_{write.split()[0].lower()}")
        op.execute("DROP TRIGGER IF EXISTS score_version_sections_insert")
    if dialect == "postgresql":
        op.drop_column("sections", "score_version")
    else:  # SQLite 3.35 drops a column in place (a batch copy of the table would break its foreign keys)
        op.execute("ALTER TABLE sections DROP COLUMN score_version")
