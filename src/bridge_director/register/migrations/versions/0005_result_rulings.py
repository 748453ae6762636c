"""Rulings applied to the session's results, and penalties on a pair's session total.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "result_rulings",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("ruling_id", sa.Integer, sa.ForeignKey("rulings.id"), nullable=False),
        sa.Column("result_id", sa.Integer, sa.ForeignKey("session_results.id"), nullable=False, index=True),
        sa.Column("decision", sa.JSON, nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.Column("replaces_id", sa.Integer, sa.ForeignKey("result_rulings.id"), nullable=True),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "session_penalties",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("ruling_id", sa.Integer, sa.ForeignKey("rulings.id"), nullable=False),
        sa.Column("section_id", sa.Integer, sa.ForeignKey("sections.id"), nullable=False, index=True),
        sa.Column("pair_id", sa.Integer, sa.ForeignKey("pairs.id"), nullable=False),
        sa.Column("unit", sa.String(8), nullable=False),
        sa.Column("amount", sa.Double, nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("session_penalties")
    op.drop_table("result_rulings")
