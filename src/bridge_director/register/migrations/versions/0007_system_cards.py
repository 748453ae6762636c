"""A system card per pair of a session (docs/system-card.md).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "pair_system_cards",
        sa.Column("pair_id", sa.Integer, sa.ForeignKey("pairs.id"), primary_key=True),
        sa.Column("system", sa.String(200), nullable=False),
        sa.Column("card", sa.Text, nullable=False),
        sa.Column("registered_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("pair_system_cards")
