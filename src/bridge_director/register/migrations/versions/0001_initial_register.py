"""The register's first schema: events, sessions, boards, results, rulings, adjusted scores, penalties.

Revision ID: 0001
Revises:
Create Date: 2024-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def _name() -> sa.String:
    """Enum values are stored by name (non-native enums)."""
    return sa.String(16)


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("authority", _name(), nullable=False),
        sa.Column("level", sa.Integer, nullable=True),
        sa.Column("created_at", _when(), nullable=False),
    )
    op.create_table(
        "event_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.UniqueConstraint("event_id", "name"),
    )
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("event_sessions.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("table_log", sa.JSON, nullable=True),
        sa.UniqueConstraint("session_id", "number"),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("board_id", sa.Integer, sa.ForeignKey("boards.id"), nullable=False),
        sa.Column("ns_pair", sa.String(100), nullable=False),
        sa.Column("ew_pair", sa.String(100), nullable=False),
        sa.Column("contract", sa.String(20), nullable=False),
        sa.Column("ns_score", sa.Integer, nullable=True),
    )
    op.create_table(
        "rulings",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("board_id", sa.Integer, sa.ForeignKey("boards.id"), nullable=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("director", sa.String(100), nullable=False),
        sa.Column("ruled_at", _when(), nullable=False),
        sa.Column("laws", sa.String(100), nullable=False),
        sa.Column("facts", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("decision", sa.Text, nullable=False),
        sa.Column("appeal", sa.Text, nullable=True),
        sa.Column("appeal_outcome", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_table(
        "adjusted_scores",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("ruling_id", sa.Integer, sa.ForeignKey("rulings.id"), nullable=False),
        sa.Column("law", sa.String(40), nullable=False),
        sa.Column("side", _name(), nullable=False),
        sa.Column("score", sa.String(60), nullable=False),
    )
    op.create_table(
        "penalties",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("ruling_id", sa.Integer, sa.ForeignKey("rulings.id"), nullable=True),
        sa.Column("kind", _name(), nullable=False),
        sa.Column("law", sa.String(40), nullable=False),
        sa.Column("offender", sa.String(100), nullable=False),
        sa.Column("amount", sa.String(60), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("penalties", "adjusted_scores", "rulings", "results",
                  "boards", "event_sessions", "events"):
        op.drop_table(table)
