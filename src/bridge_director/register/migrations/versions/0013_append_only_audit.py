"""The audit log is append-only: a trigger refuses any change or removal of an entry, on SQLite and PostgreSQL
(PostgreSQL refuses a TRUNCATE too).  Entries are only ever added, in the transaction of the action they record.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-11
"""

from __future__ import annotations

from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None

MESSAGE = "the audit log is append-only: an entry may not be changed or removed"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"""CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'insufficient_privilege';
END $$""")
        op.execute("CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log "
                   "FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()")
        op.execute("CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log "
                   "FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()")
        return
    for event in ("UPDATE", "DELETE"):
        op.execute(f"CREATE TRIGGER audit_log_no_{event.lower()} BEFORE {event} ON audit_log "
                   f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log")
        op.execute("DROP TRIGGER IF EXISTS audit_log_no_change ON audit_log")
        op.execute("DROP FUNCTION IF EXISTS audit_log_append_only()")
        return
    for event in ("update", "delete"):
        op.execute(f"DROP TRIGGER IF EXISTS audit_log_no_{event}")
