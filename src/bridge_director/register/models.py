"""SQLAlchemy 2 models of the register.  Any change here needs a migration in ``migrations/versions``.

Every adjusted score and every penalty given in a ruling points at that ruling, and names its law: the audit
trail from a score back to the decision that made it.
"""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Enum, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from .values import Authority, Colour, Departure, PenaltyKind, Side


def utcnow() -> datetime:
    """The current time in UTC (stored with its zone where the database keeps zones)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base: enums are stored by name in plain strings, JSON documents as JSON."""

    type_annotation_map = {  # noqa: RUF012
        enum.Enum: Enum(enum.Enum, native_enum=False, length=16),
        dict[str, Any]: JSON,
        datetime: DateTime(timezone=True),
    }


class Event(Base):
    """A tournament or club event, run under one authority's regulations (EBU level where it applies)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    authority: Mapped[Authority]
    level: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    sessions: Mapped[list[EventSession]] = relationship(back_populates="event", order_by="EventSession.id")


class EventSession(Base):
    """One session of an event: the unit for the ACBL and club psyche-frequency triggers."""

    __tablename__ = "event_sessions"
    __table_args__ = (UniqueConstraint("event_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"))
    name: Mapped[str] = mapped_column(String(100))

    event: Mapped[Event] = relationship(back_populates="sessions")
    boards: Mapped[list[Board]] = relationship(back_populates="session", order_by="Board.number")


class Board(Base):
    """A board of a session: its hand-record deal (PBN, North first) and a table log stored as given."""

    __tablename__ = "boards"
    __table_args__ = (UniqueConstraint("session_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("event_sessions.id"))
    number: Mapped[int]
    table_log: Mapped[dict[str, Any] | None]
    deal: Mapped[str | None] = mapped_column(String(80))

    session: Mapped[EventSession] = relationship(back_populates="boards")
    results: Mapped[list[Result]] = relationship(back_populates="board", order_by="Result.id")


class Result(Base):
    """A table result on a board: who played it, the contract and the score to North-South."""

    __tablename__ = "results"

    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("boards.id"))
    ns_pair: Mapped[str] = mapped_column(String(100))
    ew_pair: Mapped[str] = mapped_column(String(100))
    contract: Mapped[str] = mapped_column(String(20))
    ns_score: Mapped[int | None]

    board: Mapped[Board] = relationship(back_populates="results")


class Ruling(Base):
    """A director's ruling (Law 81C): facts found, laws applied, options chosen, decision, appeal and outcome.

    ``version`` increases on every change; a change made from a stale copy raises ConflictError.
    """

    __tablename__ = "rulings"

    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int | None] = mapped_column(ForeignKey("boards.id"))
    kind: Mapped[str] = mapped_column(String(40))
    director: Mapped[str] = mapped_column(String(100))
    ruled_at: Mapped[datetime] = mapped_column(default=utcnow)
    laws: Mapped[str] = mapped_column(String(100))
    facts: Mapped[str] = mapped_column(Text, default="")
    options: Mapped[str] = mapped_column(Text, default="")
    decision: Mapped[str] = mapped_column(Text, default="")
    appeal: Mapped[str | None] = mapped_column(Text)
    appeal_outcome: Mapped[str | None] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, nullable=False)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    board: Mapped[Board | None] = relationship()
    adjusted_scores: Mapped[list[AdjustedScore]] = relationship(back_populates="ruling", order_by="AdjustedScore.id")
    penalties: Mapped[list[Penalty]] = relationship(back_populates="ruling", order_by="Penalty.id")
    steps: Mapped[list[WorkflowStep]] = relationship(back_populates="ruling", order_by="WorkflowStep.position")


class AdjustedScore(Base):
    """An adjusted score (Law 12) for one side, always from a ruling and under a named law."""

    __tablename__ = "adjusted_scores"

    id: Mapped[int] = mapped_column(primary_key=True)
    ruling_id: Mapped[int] = mapped_column(ForeignKey("rulings.id"))
    law: Mapped[str] = mapped_column(String(40))
    side: Mapped[Side]
    score: Mapped[str] = mapped_column(String(60))

    ruling: Mapped[Ruling] = relationship(back_populates="adjusted_scores")


class Penalty(Base):
    """A procedural (Law 90) or disciplinary (Law 91) penalty, from a ruling where there is one."""

    __tablename__ = "penalties"

    id: Mapped[int] = mapped_column(primary_key=True)
    ruling_id: Mapped[int | None] = mapped_column(ForeignKey("rulings.id"))
    kind: Mapped[PenaltyKind]
    law: Mapped[str] = mapped_column(String(40))
    offender: Mapped[str] = mapped_column(String(100))
    amount: Mapped[str] = mapped_column(String(60))
    reason: Mapped[str] = mapped_column(Text, default="")

    ruling: Mapped[Ruling | None] = relationship(back_populates="penalties")


class WorkflowStep(Base):
    """One recorded step of a guided judgement ruling: the question, the answer and its evidence."""

    __tablename__ = "workflow_steps"
    __table_args__ = (UniqueConstraint("ruling_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    ruling_id: Mapped[int] = mapped_column(ForeignKey("rulings.id"))
    position: Mapped[int]
    question: Mapped[str] = mapped_column(Text)
    answer: Mapped[str] = mapped_column(Text)
    evidence: Mapped[dict[str, Any]]

    ruling: Mapped[Ruling] = relationship(back_populates="steps")


class PsycheReport(Base):
    """A reported psyche, misbid or deviation (EBU 6 C) with the partner's written explanation (6 C 2)."""

    __tablename__ = "psyche_reports"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("event_sessions.id"))
    board_number: Mapped[int]
    player: Mapped[str] = mapped_column(String(100))
    partner: Mapped[str] = mapped_column(String(100))
    partnership: Mapped[str] = mapped_column(String(210), index=True)
    call: Mapped[str] = mapped_column(String(10))
    meaning: Mapped[str] = mapped_column(String(100), default="")
    departure: Mapped[Departure]
    colour: Mapped[Colour]
    initial_action: Mapped[bool]
    both_partners: Mapped[bool]
    escalated: Mapped[bool]
    partner_explanation: Mapped[str | None] = mapped_column(Text)
    ruling_id: Mapped[int | None] = mapped_column(ForeignKey("rulings.id"))
    reported_at: Mapped[datetime] = mapped_column(default=utcnow)

    session: Mapped[EventSession] = relationship()
    ruling: Mapped[Ruling | None] = relationship()


# The club night's tables share this metadata (one database, one migration history).
from ..club import models as _club_models  # noqa: E402, F401
from ..club import poll_models as _poll_models  # noqa: E402, F401  (polls of peers: migration 0010)
