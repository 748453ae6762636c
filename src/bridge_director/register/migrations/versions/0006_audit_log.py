"""The audit log; what the web server shares between workers and restarts (the session key, failed logins);
each account's session generation (a logout or a change of password or role ends its sessions).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False, index=True),
        sa.Column("actor", sa.String(40), nullable=False, index=True),
        sa.Column("kind", sa.String(32), nullable=False, index=True),
        sa.Column("target", sa.String(200), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "login_failures",
        sa.Column("scope", sa.String(8), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("username", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("last_at", sa.Float, nullable=False, index=True),
    )
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("session_generation", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("session_generation")
    op.drop_table("login_failures")
    op.drop_table("server_secrets")
    op.drop_table("audit_log")
