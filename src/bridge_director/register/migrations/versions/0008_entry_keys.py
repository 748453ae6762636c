"""An idempotency key on each entry at a table: a phone that sends an entry again (after a lost answer or
offline) is answered with the entry already stored, never a second one (docs/phone.md).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("table_entries") as batch:
        batch.add_column(sa.Column("key", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_table_entries_key", ["table_id", "key"])


def downgrade() -> None:
    with op.batch_alter_table("table_entries") as batch:
        batch.drop_constraint("uq_table_entries_key", type_="unique")
        batch.drop_column("key")
