"""Boards at tables (the stored logs), polls of peers for Law 16B1(b) rulings, and the system card registered
for each pair.  Any change here needs a migration in ``migrations/versions``.

A poll keeps what the peers are shown, copied from the table when it is created: the offender's hand, dealer,
vulnerability and the calls before the reviewed one (calls only: the unauthorised information stays out).  A
later change at the table never changes what a poll showed.  Its peers (migration 0014) are the director's: each
has a personal link that takes one answer, and the answers of one address are rate-limited (``poll_rates``).  A
card is stored as its JSON document, so a later edit of the file never changes a running session.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base, utcnow
from .section_models import Section


class TableBoard(Base):
    """A board at a table (in a section's round, or opened on its own): the header of its stored log.

    ``token`` names it in addresses.  The entries are its log; the state is their fold, never stored.
    """

    __tablename__ = "table_boards"
    __table_args__ = (UniqueConstraint("section_id", "round_no", "table_no", "board_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(24), unique=True)
    section_id: Mapped[int | None] = mapped_column(ForeignKey("sections.id"))
    round_no: Mapped[int | None]
    table_no: Mapped[int | None]
    board_number: Mapped[int]
    dealer: Mapped[str] = mapped_column(String(1))
    vulnerability: Mapped[str] = mapped_column(String(8))
    deal: Mapped[str | None] = mapped_column(String(80))
    laws: Mapped[str] = mapped_column(String(8))
    opened_at: Mapped[datetime] = mapped_column(default=utcnow)

    section: Mapped[Section | None] = relationship()
    entries: Mapped[list[TableEntry]] = relationship(back_populates="table", order_by="TableEntry.seq")


class TableEntry(Base):
    """One entry at a table, numbered from 1; the unique number turns two devices' entries into a conflict.
    ``key`` is the device's idempotency key (migration 0008): a retried entry is answered, never entered twice."""

    __tablename__ = "table_entries"
    __table_args__ = (UniqueConstraint("table_id", "seq"),
                      UniqueConstraint("table_id", "key", name="uq_table_entries_key"))

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("table_boards.id"))
    seq: Mapped[int]
    event: Mapped[dict[str, Any]]
    entered_by: Mapped[str] = mapped_column(String(100), default="")
    entered_at: Mapped[datetime] = mapped_column(default=utcnow)
    key: Mapped[str | None] = mapped_column(String(64))

    table: Mapped[TableBoard] = relationship(back_populates="entries")


class PeerPoll(Base):
    """A poll of the offender's peers about his call ``call_no`` at the table ``table_id`` (Law 16B1(b)).

    ``token`` is the unguessable key in the peers' address.  ``seat`` is the offender's seat, ``taken`` the call he
    made, ``hand`` his thirteen cards (PBN), ``auction`` the calls before his (space-separated, from the dealer).
    ``used_seq`` is the table entry that took the poll over (the director's judgement), once used.  ``shared``:
    whether the poll's own token takes answers too, each from a peer the director named, under his name, once
    (None: a poll made before migration 0014, whose peers are those who had answered; it is read as True).
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
    shared: Mapped[bool | None]

    table: Mapped[TableBoard] = relationship()
    answers: Mapped[list[PollAnswer]] = relationship(back_populates="poll", order_by="PollAnswer.id")
    peers: Mapped[list[PollPeer]] = relationship(back_populates="poll", order_by="PollPeer.id")


class PollAnswer(Base):
    """One peer's answer: the call he would make, the calls he also seriously considered (space-separated) and a
    comment, and the address it came from (None: before migration 0014).  One answer per peer and poll
    (``peer_key``: the name folded).  Before 0014 a second answer under the same name replaced the first, which
    was kept in ``poll_answer_changes``; since then a peer's link takes one answer and nothing is replaced."""

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
    address: Mapped[str | None] = mapped_column(String(64))

    poll: Mapped[PeerPoll] = relationship(back_populates="answers")
    changes: Mapped[list[PollAnswerChange]] = relationship(back_populates="answer", order_by="PollAnswerChange.id")
    link: Mapped[PollPeer | None] = relationship(back_populates="answer")


class PollAnswerChange(Base):
    """An answer as it was before the same peer answered again (``old``: call, considered, comment, created_at)."""

    __tablename__ = "poll_answer_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    answer_id: Mapped[int] = mapped_column(ForeignKey("poll_answers.id"), index=True)
    old: Mapped[dict[str, Any]]
    replaced_at: Mapped[datetime] = mapped_column(default=utcnow)

    answer: Mapped[PollAnswer] = relationship(back_populates="changes")


class PollPeer(Base):
    """One peer of a poll: his personal link (``token``, unguessable, good for one answer), the name the director
    gave him (empty for a link asked for without a name: the peer types his own) and ``name_key``, that name
    folded for comparison (NFKC, case, invisible characters, spaces and dots: ``club.polls.peer_key``; None for
    a link without a name).  ``answer_id`` is his answer once given: set once, never changed."""

    __tablename__ = "poll_peers"
    __table_args__ = (UniqueConstraint("poll_id", "name_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    poll_id: Mapped[int] = mapped_column(ForeignKey("polls.id"), index=True)
    token: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(100), default="")
    name_key: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    answer_id: Mapped[int | None] = mapped_column(ForeignKey("poll_answers.id"), unique=True)

    poll: Mapped[PeerPoll] = relationship(back_populates="peers")
    answer: Mapped[PollAnswer | None] = relationship(back_populates="link")


class PollRate(Base):
    """The answers one address may still send to one poll, as a token bucket kept in one number: ``due`` is the
    time (seconds since the epoch) at which the address's bucket is full again; ``refused`` counts the answers
    refused since the last one let through.  In the register, so every worker and a restart share it."""

    __tablename__ = "poll_rates"

    poll_id: Mapped[int] = mapped_column(ForeignKey("polls.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(64), primary_key=True)
    due: Mapped[float] = mapped_column(Float)
    refused: Mapped[int] = mapped_column(Integer, default=0)


class PairSystemCard(Base):
    """The card of one pair of a section (``pair_id``), as its JSON document."""

    __tablename__ = "pair_system_cards"

    pair_id: Mapped[int] = mapped_column(ForeignKey("pairs.id"), primary_key=True)
    system: Mapped[str] = mapped_column(String(200))
    card: Mapped[str] = mapped_column(Text)
    registered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
