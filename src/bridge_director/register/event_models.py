"""Events, their sessions and boards, and what the director records on them: rulings with their guided steps,
and psyche reports.  Any change here needs a migration in ``migrations/versions``.

A ruling's figures are never stored here: its decision on a result and its penalties live beside the results
(``section_models``), linked to the ruling, and the ranking applies them.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, utcnow
from .values import Authority, Colour, Departure

if TYPE_CHECKING:
    from .section_models import SessionPenalty, SessionResult


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
    """A board of a session, with its hand-record deal (PBN, North first) once one is loaded."""

    __tablename__ = "boards"
    __table_args__ = (UniqueConstraint("session_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("event_sessions.id"))
    number: Mapped[int]
    deal: Mapped[str | None] = mapped_column(String(80))

    session: Mapped[EventSession] = relationship(back_populates="boards")


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
    penalties: Mapped[list[SessionPenalty]] = relationship(back_populates="ruling", order_by="SessionPenalty.id",
                                                           viewonly=True)
    steps: Mapped[list[WorkflowStep]] = relationship(back_populates="ruling", order_by="WorkflowStep.position")


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
    """A reported psyche, misbid or deviation (EBU 6 C) with the partner's written explanation (6 C 2), on a
    board of a session (``board_id`` once the board is in the register) and, where one is found, the stored
    result it happened in (``result_id``)."""

    __tablename__ = "psyche_reports"

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("event_sessions.id"))
    board_number: Mapped[int]
    board_id: Mapped[int | None] = mapped_column(ForeignKey("boards.id"))
    result_id: Mapped[int | None] = mapped_column(ForeignKey("session_results.id"))
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
    board: Mapped[Board | None] = relationship()
    result: Mapped[SessionResult | None] = relationship()
    ruling: Mapped[Ruling | None] = relationship()
