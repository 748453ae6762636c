"""One peer, one answer: a poll's peers, each with a personal link good for one answer (``poll_peers``), the
answers one address may still send to a poll (``poll_rates``, a token bucket), the address an answer came from
(``poll_answers.address``) and whether the poll's own token takes answers from its named peers
(``polls.shared``) (docs/polls.md).

A poll made before keeps its answers: each peer who had answered becomes a peer of the poll (his name as typed,
the name folded as it was, a new personal link) with his answer given, and the poll's own token stays open to
its named peers only (``shared`` true), so nobody answers it under a new name.  Only columns are added to the
older tables (nullable, never a table copied: SQLite's ``ALTER TABLE ... ADD COLUMN``), as 0012 does.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-12
"""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.add_column("polls", sa.Column("shared", sa.Boolean, nullable=True))
    op.add_column("poll_answers", sa.Column("address", sa.String(64), nullable=True))
    op.create_table(
        "poll_peers", sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("poll_id", sa.Integer, sa.ForeignKey("polls.id"), nullable=False, index=True),
        sa.Column("token", sa.String(40), nullable=False, unique=True),
        sa.Column("name", sa.String(100), nullable=False), sa.Column("name_key", sa.String(100), nullable=True),
        sa.Column("created_at", _when(), nullable=False),
        sa.Column("answer_id", sa.Integer, sa.ForeignKey("poll_answers.id"), nullable=True, unique=True),
        sa.UniqueConstraint("poll_id", "name_key"))
    op.create_table(
        "poll_rates",
        sa.Column("poll_id", sa.Integer, sa.ForeignKey("polls.id"), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True),
        sa.Column("due", sa.Float, nullable=False), sa.Column("refused", sa.Integer, nullable=False))
    bind = op.get_bind()
    bind.execute(sa.text("UPDATE polls SET shared = :yes"), {"yes": True})
    answers = bind.execute(sa.text("SELECT id, poll_id, peer, peer_key, created_at FROM poll_answers ORDER BY id"))
    rows = [{"poll_id": a.poll_id, "token": secrets.token_urlsafe(18), "name": a.peer, "name_key": a.peer_key,
             "created_at": a.created_at, "answer_id": a.id} for a in answers]
    if rows:  # the time as the database gave it (SQLite's text, PostgreSQL's timestamp), written back as it was
        bind.execute(sa.text("INSERT INTO poll_peers (poll_id, token, name, name_key, created_at, answer_id) "
                             "VALUES (:poll_id, :token, :name, :name_key, :created_at, :answer_id)"), rows)


def downgrade() -> None:
    op.drop_table("poll_rates")
    op.drop_table("poll_peers")
    if op.get_bind().dialect.name == "postgresql":
        op.drop_column("poll_answers", "address")
        op.drop_column("polls", "shared")
    else:  # SQLite 3.35 drops a column in place (a batch copy of the table is not needed for a plain column)
        op.execute("ALTER TABLE poll_answers DROP COLUMN address")
        op.execute("ALTER TABLE polls DROP COLUMN shared")
