"""The psyche register and the recorded steps of guided judgement rulings.

Revision ID: 0002
Revises: 0001
Create Date: 2024-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def _name() -> sa.String:
    """Enum values are stored by name (non-native enums)."""
    return sa.String(16)


def upgrade() -> None:
    op.create_table(
        "workflow_steps",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("ruling_id", sa.Integer, sa.ForeignKey("rulings.id"), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("evidence", sa.JSON, nullable=False),
        sa.UniqueConstraint("ruling_id", "position"),
    )
    op.create_table(
        "psyche_reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("event_sessions.id"), nullable=False),
        sa.Column("board_number", sa.Integer, nullable=False),
        sa.Column("player", sa.String(100), nullable=False),
        sa.Column("partner", sa.String(100), nullable=False),
        sa.Column("partnership", sa.String(210), nullable=False),
        sa.Column("call", sa.String(10), nullable=False),
        sa.Column("meaning", sa.String(100), nullable=False),
        sa.Column("departure", _name(), nullable=False),
        sa.Column("colour", _name(), nullable=False),
        sa.Column("initial_action", sa.Boolean, nullable=False),
        sa.Column("both_partners", sa.Boolean, nullable=False),
        sa.Column("escalated", sa.Boolean, nullable=False),
        sa.Column("partner_explanation", sa.Text, nullable=True),
        sa.Column("ruling_id", sa.Integer, sa.ForeignKey("rulings.id"), nullable=True),
        sa.Column("reported_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_psyche_reports_partnership", "psyche_reports", ["partnership"])



def downgrade() -> None:
    op.drop_index("ix_psyche_reports_partnership", table_name="psyche_reports")
    op.drop_table("psyche_reports")
    op.drop_table("workflow_steps")
