"""A poll of peers for a Law 16B1(b) ruling, stored (migration 0010): the poll, each peer's answer, and the audit
of an answer replaced by the same peer.

A poll keeps what the peers are shown, copied from the table when it is created: the offender's hand, dealer,
vulnerability and the calls before the reviewed one (calls only: the unauthorised information stays out).  A
later change at the table never changes what a poll showed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..register.models import Base, utcnow
from .models import TableBoard


class PeerPoll(Base):
    """A poll of the offender's peers about his call ``call_no`` at the table ``table_id`` (Law 16B1(b)).

    ``token`` is the unguessable key in the peers' address.  ``seat`` is the offender's seat, ``taken`` the call he
    made, ``hand`` his thirteen cards (PBN), ``auction`` the calls before his (space-separated, from the dealer).
    ``used_seq`` is the table entry that took the poll over (the director's judgement), once used.
    """

    __tablename__ = "polls"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(40), unique=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("table_boards.id"), index=True)
    call_no: Mapped[int]
    seat: Mapped[str] = mapped_column(String(1))
    taken: Mapped[str] = mapped_column(String(8))
    hand: Mapped[str] = mapped_column(String(40))
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerability: Mapped[str] = mapped_column(String(8))
    auction: Mapped[str] = mapped_column(Text)
    laws: Mapped[str] = mapped_column(String(8))
    created_by: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    closed: Mapped[bool] = mapped_column(default=False)
    used_seq: Mapped[int | None]

    table: Mapped[TableBoard] = relationship()
    answers: Mapped[list[PollAnswer]] = relationship(back_populates="poll", order_by="PollAnswer.id")


class PollAnswer(Base):
    """One peer's answer: the call he would make, the calls he also seriously considered (space-separated) and a
    comment.  One answer per peer and poll (``peer_key``: the name folded); a second one replaces it, and the
    replaced answer is kept in ``poll_answer_changes``."""

    __tablename__ = "poll_answers"
    __table_args__ = (UniqueConstraint("poll_id", "peer_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    poll_id: Mapped[int] = mapped_column(ForeignKey("polls.id"), index=True)
    peer: Mapped[str] = mapped_column(String(100))
    peer_key: Mapped[str] = mapped_column(String(100))
    call: Mapped[str] = mapped_column(String(8))
    considered: Mapped[str] = mapped_column(String(400), default="")
    comment: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    poll: Mapped[PeerPoll] = relationship(back_populates="answers")
    changes: Mapped[list[PollAnswerChange]] = relationship(back_populates="answer", order_by="PollAnswerChange.id")


class PollAnswerChange(Base):
    """An answer as it was before the same peer answered again (``old``: call, considered, comment, created_at)."""

    __tablename__ = "poll_answer_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    answer_id: Mapped[int] = mapped_column(ForeignKey("poll_answers.id"), index=True)
    old: Mapped[dict[str, Any]]
    replaced_at: Mapped[datetime] = mapped_column(default=utcnow)

    answer: Mapped[PollAnswer] = relationship(back_populates="changes")
