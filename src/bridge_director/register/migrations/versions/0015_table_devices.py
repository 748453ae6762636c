"""The players' phones as table devices, and calls to the director (docs/phone.md, "Table devices"): a table's
link issued and revoked by the director (``device_tokens``), what a section's devices show (``device_settings``),
each result sent from a device with its idempotency key and the side that confirmed it (``device_results``), and
the calls to the director with their answers (``director_calls``).

New tables only: nothing older is copied or changed.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-13
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _id() -> sa.Column[int]:
    return sa.Column("id", sa.Integer, primary_key=True)


def upgrade() -> None:
    op.create_table(
        "device_tokens", _id(),
        sa.Column("section_id", sa.Integer, sa.ForeignKey("sections.id"), nullable=False, index=True),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("issued_at", _when(), nullable=False), sa.Column("issued_by", sa.String(100), nullable=False),
        sa.Column("revoked_at", _when(), nullable=True), sa.Column("revoked_by", sa.String(100), nullable=False))
    op.create_table(
        "device_settings",
        sa.Column("section_id", sa.Integer, sa.ForeignKey("sections.id"), primary_key=True),
        sa.Column("show_traveller", sa.Boolean, nullable=False),
        sa.Column("changed_by", sa.String(100), nullable=False), sa.Column("changed_at", _when(), nullable=False))
    op.create_table(
        "device_results", _id(),
        sa.Column("device_id", sa.Integer, sa.ForeignKey("device_tokens.id"), nullable=False, index=True),
        sa.Column("result_id", sa.Integer, sa.ForeignKey("session_results.id"), nullable=False, index=True),
        sa.Column("key", sa.String(64), nullable=False, unique=True),
        sa.Column("entry", sa.JSON, nullable=False), sa.Column("confirmed_by", sa.String(2), nullable=False),
        sa.Column("entered_at", _when(), nullable=False))
    op.create_table(
        "director_calls", _id(),
        sa.Column("section_id", sa.Integer, sa.ForeignKey("sections.id"), nullable=False, index=True),
        sa.Column("table_no", sa.Integer, nullable=False), sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=True),
        sa.Column("device_id", sa.Integer, sa.ForeignKey("device_tokens.id"), nullable=True),
        sa.Column("key", sa.String(64), nullable=True, unique=True),
        sa.Column("what", sa.String(200), nullable=False),
        sa.Column("table_board_id", sa.Integer, sa.ForeignKey("table_boards.id"), nullable=True),
        sa.Column("called_at", _when(), nullable=False, index=True),
        sa.Column("answered_at", _when(), nullable=True), sa.Column("answered_by", sa.String(100), nullable=False))


def downgrade() -> None:
    for table in ("director_calls", "device_results", "device_settings", "device_tokens"):
        op.drop_table(table)
