"""An account's full name: the name a written ruling shows the players, where the ruling keeps the login it was
made under (docs/register.md).  Nullable: an account made before it has no name, and its login is shown.

Only a column is added (never a table copied): on SQLite an ``ALTER TABLE ... ADD COLUMN`` and, going down, a
``DROP COLUMN`` in place (SQLite 3.35), as 0009 and 0011 do.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("accounts", sa.Column("full_name", sa.String(100), nullable=True))


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.drop_column("accounts", "full_name")
    else:  # SQLite 3.35 drops a column in place (a batch copy of the table is not needed for a plain column)
        op.execute("ALTER TABLE accounts DROP COLUMN full_name")
