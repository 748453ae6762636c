"""The club night: hand-record deals on boards, sections, players, pairs, teams, stored tables and results.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _id() -> sa.Column[int]:
    return sa.Column("id", sa.Integer, primary_key=True)


def _fk(name: str, target: str, nullable: bool = False, index: bool = False) -> sa.Column[int]:
    return sa.Column(name, sa.Integer, sa.ForeignKey(target), nullable=nullable, index=index)


def upgrade() -> None:
    with op.batch_alter_table("boards") as batch:
        batch.add_column(sa.Column("deal", sa.String(80), nullable=True))
    op.create_table("players", _id(), sa.Column("name", sa.String(100), nullable=False),
                    sa.Column("membership", sa.String(40), nullable=True, index=True))
    op.create_table(
        "sections", _id(), _fk("session_id", "event_sessions.id"),
        sa.Column("letter", sa.String(8), nullable=False), sa.Column("movement", sa.JSON, nullable=False),
        sa.Column("boards_per_round", sa.Integer, nullable=False),
        sa.Column("first_board", sa.Integer, nullable=False), sa.Column("method", sa.String(16), nullable=False),
        sa.Column("scale", sa.Integer, nullable=False),
        sa.Column("laws", sa.String(8), nullable=False), sa.UniqueConstraint("session_id", "letter"))
    op.create_table("teams", _id(), _fk("section_id", "sections.id"), sa.Column("number", sa.Integer, nullable=False),
                    sa.Column("name", sa.String(100), nullable=False), sa.UniqueConstraint("section_id", "number"))
    op.create_table(
        "pairs", _id(), _fk("section_id", "sections.id"), sa.Column("number", sa.Integer, nullable=False),
        _fk("player1_id", "players.id"), _fk("player2_id", "players.id"), _fk("team_id", "teams.id", True),
        sa.Column("left_after", sa.Integer, nullable=True), sa.UniqueConstraint("section_id", "number"))
    op.create_table("substitutes", _id(), _fk("pair_id", "pairs.id"), sa.Column("seat", sa.Integer, nullable=False),
                    _fk("player_id", "players.id"), sa.Column("from_round", sa.Integer, nullable=False))
    op.create_table(
        "table_boards", _id(), sa.Column("token", sa.String(24), nullable=False, unique=True),
        _fk("section_id", "sections.id", True), sa.Column("round_no", sa.Integer, nullable=True),
        sa.Column("table_no", sa.Integer, nullable=True), sa.Column("board_number", sa.Integer, nullable=False),
        sa.Column("dealer", sa.String(1), nullable=False), sa.Column("vulnerability", sa.String(8), nullable=False),
        sa.Column("deal", sa.String(80), nullable=True), sa.Column("laws", sa.String(8), nullable=False),
        sa.Column("opened_at", _when(), nullable=False),
        sa.UniqueConstraint("section_id", "round_no", "table_no", "board_number"))
    op.create_table(
        "table_entries", _id(), _fk("table_id", "table_boards.id"), sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("event", sa.JSON, nullable=False), sa.Column("entered_by", sa.String(100), nullable=False),
        sa.Column("entered_at", _when(), nullable=False), sa.UniqueConstraint("table_id", "seq"))
    op.create_table(
        "session_results", _id(), _fk("section_id", "sections.id", index=True), _fk("board_id", "boards.id"),
        sa.Column("round_no", sa.Integer, nullable=False), sa.Column("table_no", sa.Integer, nullable=False),
        _fk("ns_pair_id", "pairs.id"), _fk("ew_pair_id", "pairs.id"),
        sa.Column("status", sa.String(16), nullable=False), sa.Column("contract", sa.String(8), nullable=False),
        sa.Column("declarer", sa.String(1), nullable=False), sa.Column("tricks", sa.Integer, nullable=True),
        sa.Column("lead", sa.String(3), nullable=False), sa.Column("ns_score", sa.Integer, nullable=True),
        sa.Column("entered_by", sa.String(100), nullable=False), sa.Column("entered_at", _when(), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.UniqueConstraint("section_id", "round_no", "table_no", "board_id"))
    op.create_table(
        "result_changes", _id(), _fk("result_id", "session_results.id"),
        sa.Column("changed_by", sa.String(100), nullable=False), sa.Column("changed_at", _when(), nullable=False),
        sa.Column("old", sa.JSON, nullable=False), sa.Column("new", sa.JSON, nullable=False),
        sa.Column("reason", sa.Text, nullable=False))


def downgrade() -> None:
    for table in ("result_changes", "session_results", "table_entries", "table_boards", "substitutes", "pairs",
                  "teams", "sections", "players"):
        op.drop_table(table)
    with op.batch_alter_table("boards") as batch:
        batch.drop_column("deal")
