"""Polls of peers for a Law 16B1(b) ruling: the poll (what the peers are shown), each peer's answer, and the
audit of an answer the same peer replaced (docs/polls.md).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _id() -> sa.Column[int]:
    return sa.Column("id", sa.Integer, primary_key=True)


def upgrade() -> None:
    op.create_table(
        "polls", _id(), sa.Column("token", sa.String(40), nullable=False, unique=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("table_boards.id"), nullable=False, index=True),
        sa.Column("call_no", sa.Integer, nullable=False), sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("taken", sa.String(8), nullable=False), sa.Column("hand", sa.String(40), nullable=False),
        sa.Column("dealer", sa.String(1), nullable=False), sa.Column("vulnerability", sa.String(8), nullable=False),
        sa.Column("auction", sa.Text, nullable=False), sa.Column("laws", sa.String(8), nullable=False),
        sa.Column("created_by", sa.String(100), nullable=False), sa.Column("created_at", _when(), nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False), sa.Column("used_seq", sa.Integer, nullable=True))
    op.create_table(
        "poll_answers", _id(),
        sa.Column("poll_id", sa.Integer, sa.ForeignKey("polls.id"), nullable=False, index=True),
        sa.Column("peer", sa.String(100), nullable=False), sa.Column("peer_key", sa.String(100), nullable=False),
        sa.Column("call", sa.String(8), nullable=False), sa.Column("considered", sa.String(400), nullable=False),
        sa.Column("comment", sa.Text, nullable=False), sa.Column("created_at", _when(), nullable=False),
        sa.UniqueConstraint("poll_id", "peer_key"))
    op.create_table(
        "poll_answer_changes", _id(),
        sa.Column("answer_id", sa.Integer, sa.ForeignKey("poll_answers.id"), nullable=False, index=True),
        sa.Column("old", sa.JSON, nullable=False), sa.Column("replaced_at", _when(), nullable=False))


def downgrade() -> None:
    for table in ("poll_answer_changes", "poll_answers", "polls"):
        op.drop_table(table)
