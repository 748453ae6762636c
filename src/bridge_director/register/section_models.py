"""A session's sections and their results: the entry (players, pairs, teams, substitutes), every result with the
audit of its corrections, and what rulings do to results (decisions as data) and to pairs' totals (penalties).
Any change here needs a migration in ``migrations/versions``.

A section either plays a movement (its tables and rounds known, results entered at the tables or the desk) or
holds results only, read from uploaded travellers (``movement`` is None; a line's pairs are named as the file
names them, ``Pair.label``).  Both kinds are scored, ruled on and exported the same way.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Double, ForeignKey, Index, Integer, String, Text, UniqueConstraint, cast, text
from sqlalchemy.orm import Mapped, column_property, mapped_column, relationship

from .base import Base, utcnow
from .event_models import Board, EventSession, Ruling
from .values import PenaltyKind


class Player(Base):
    """A player: the one place a name and a membership number are kept."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    membership: Mapped[str | None] = mapped_column(String(40), index=True)


class Section(Base):
    """A section of a session: its movement, boards per round, scoring method (with the matchpoint scale: 2 for
    two points a result beaten, 1 for one) and Laws edition."""

    __tablename__ = "sections"
    __table_args__ = (UniqueConstraint("session_id", "letter"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("event_sessions.id"))
    letter: Mapped[str] = mapped_column(String(8))
    #: read when asked for; ``movement_text`` (the same, as the text stored) is what scoring and entries read;
    #: None for a section of results only (uploaded travellers: no tables, no rounds)
    movement: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), deferred=True)
    #: the movement's JSON as stored: ``club.setup.movement_of`` parses each text once per process
    movement_text: Mapped[str | None] = column_property(cast(movement.column, Text))  # type: ignore[attr-defined]
    boards_per_round: Mapped[int]
    first_board: Mapped[int] = mapped_column(default=1)
    method: Mapped[str] = mapped_column(String(16), default="mp")
    scale: Mapped[int] = mapped_column(default=2)
    laws: Mapped[str] = mapped_column(String(8), default="2017")
    #: raised by the database's triggers whenever the section's scores may change (migration 0009, club.score_cache)
    score_version: Mapped[int] = mapped_column(server_default=text("0"))

    session: Mapped[EventSession] = relationship()
    pairs: Mapped[list[Pair]] = relationship(back_populates="section", order_by="Pair.number")
    teams: Mapped[list[Team]] = relationship(back_populates="section", order_by="Team.number")


class SectionChange(Base):
    """One raise of a section's score version, as the database logs it in the same transaction (migration 0016):
    a result's row written names its board (``board_id``); any other write names none (None: "anything may have
    changed").  Only a section's last versions are kept; ``club.score_cache`` reads them to rescore a board."""

    __tablename__ = "section_changes"
    __table_args__ = (Index("ix_section_changes_section_version", "section_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    section_id: Mapped[int]
    version: Mapped[int]
    board_id: Mapped[int | None]


class Team(Base):
    """A team of four (or more) in a teams section."""

    __tablename__ = "teams"
    __table_args__ = (UniqueConstraint("section_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"))
    number: Mapped[int]
    name: Mapped[str] = mapped_column(String(100))

    section: Mapped[Section] = relationship(back_populates="teams")


class Pair(Base):
    """A pair of the entry, by its number in the movement; ``left_after`` is the last round it played.

    In a section of results only, ``label`` is the pair as the travellers name it (``12``, ``3A``, two names)
    and the players are known only where the file names them."""

    __tablename__ = "pairs"
    __table_args__ = (UniqueConstraint("section_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"))
    number: Mapped[int]
    player1_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    player2_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    label: Mapped[str | None] = mapped_column(String(100))
    team_id: Mapped[int | None] = mapped_column(ForeignKey("teams.id"))
    left_after: Mapped[int | None]

    section: Mapped[Section] = relationship(back_populates="pairs")
    player1: Mapped[Player | None] = relationship(foreign_keys=[player1_id])
    player2: Mapped[Player | None] = relationship(foreign_keys=[player2_id])
    team: Mapped[Team | None] = relationship()
    substitutes: Mapped[list[Substitute]] = relationship(back_populates="pair", order_by="Substitute.from_round")


class Substitute(Base):
    """A substitute who plays for one member (``seat`` 1 or 2) of a pair from ``from_round`` on."""

    __tablename__ = "substitutes"

    id: Mapped[int] = mapped_column(primary_key=True)
    pair_id: Mapped[int] = mapped_column(ForeignKey("pairs.id"))
    seat: Mapped[int]
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    from_round: Mapped[int]

    pair: Mapped[Pair] = relationship(back_populates="substitutes")
    player: Mapped[Player] = relationship()


class SessionResult(Base):
    """A result of the session: board, round, table, the two pairs, contract, declarer, tricks, lead.

    ``ns_score`` is the Law 77 score as computed when the result was entered.  ``status`` is ``played``,
    ``not-played`` (scored by Neuberg as a board not played) or ``awarded``: an uploaded traveller's artificial
    line, with each side's award (``ns_award``, ``ew_award``: percent at matchpoints, IMPs otherwise) and no
    score.  In a section of results only, ``round_no`` is 0 and ``table_no`` the line's place on the traveller.
    ``version`` turns concurrent edits into a conflict.
    """

    __tablename__ = "session_results"
    __table_args__ = (UniqueConstraint("section_id", "round_no", "table_no", "board_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"), index=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("boards.id"))
    round_no: Mapped[int]
    table_no: Mapped[int]
    ns_pair_id: Mapped[int] = mapped_column(ForeignKey("pairs.id"))
    ew_pair_id: Mapped[int] = mapped_column(ForeignKey("pairs.id"))
    status: Mapped[str] = mapped_column(String(16), default="played")
    contract: Mapped[str] = mapped_column(String(20), default="")
    declarer: Mapped[str] = mapped_column(String(1), default="")
    tricks: Mapped[int | None]
    lead: Mapped[str] = mapped_column(String(3), default="")
    ns_score: Mapped[int | None]
    ns_award: Mapped[float | None] = mapped_column(Double)
    ew_award: Mapped[float | None] = mapped_column(Double)
    entered_by: Mapped[str] = mapped_column(String(100), default="")
    entered_at: Mapped[datetime] = mapped_column(default=utcnow)
    version: Mapped[int] = mapped_column(Integer, nullable=False)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    section: Mapped[Section] = relationship()
    board: Mapped[Board] = relationship()
    ns_pair: Mapped[Pair] = relationship(foreign_keys=[ns_pair_id])
    ew_pair: Mapped[Pair] = relationship(foreign_keys=[ew_pair_id])
    changes: Mapped[list[ResultChange]] = relationship(back_populates="result", order_by="ResultChange.id")


class ResultChange(Base):
    """The audit of a result: who changed it, when, what it was before and what it became."""

    __tablename__ = "result_changes"

    id: Mapped[int] = mapped_column(primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("session_results.id"))
    changed_by: Mapped[str] = mapped_column(String(100))
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)
    old: Mapped[dict[str, Any]]
    new: Mapped[dict[str, Any]]
    reason: Mapped[str] = mapped_column(Text, default="")

    result: Mapped[SessionResult] = relationship(back_populates="changes")


class ResultRuling(Base):
    """A ruling's decision on a result of the session, as data (``club.decisions``), applied when scoring.

    Only ``active`` decisions count; an appeal's outcome replaces a decision (``replaces``) and the old one stays
    as history.
    """

    __tablename__ = "result_rulings"

    id: Mapped[int] = mapped_column(primary_key=True)
    ruling_id: Mapped[int] = mapped_column(ForeignKey("rulings.id"))
    result_id: Mapped[int] = mapped_column(ForeignKey("session_results.id"), index=True)
    decision: Mapped[dict[str, Any]]
    active: Mapped[bool] = mapped_column(default=True)
    replaces_id: Mapped[int | None] = mapped_column(ForeignKey("result_rulings.id"))
    made_at: Mapped[datetime] = mapped_column(default=utcnow)

    ruling: Mapped[Ruling] = relationship()
    result: Mapped[SessionResult] = relationship()


class SessionPenalty(Base):
    """A procedural (Law 90) or disciplinary (Law 91) penalty on a pair's session total, from a ruling.

    ``unit`` is the authority's: ``top`` (a fraction of a top on a board), ``mp``, ``percent``, ``imps`` or ``vps``.
    Only ``active`` penalties reach the ranking.  ``given`` keeps a penalty as first written where it was
    recorded as text (a register upgraded from free-text penalties); such a penalty starts inactive and, where
    its pair is not known, names no section or pair.
    """

    __tablename__ = "session_penalties"

    id: Mapped[int] = mapped_column(primary_key=True)
    ruling_id: Mapped[int] = mapped_column(ForeignKey("rulings.id"))
    section_id: Mapped[int | None] = mapped_column(ForeignKey("sections.id"), index=True)
    pair_id: Mapped[int | None] = mapped_column(ForeignKey("pairs.id"))
    kind: Mapped[PenaltyKind] = mapped_column(default=PenaltyKind.PROCEDURAL)
    law: Mapped[str] = mapped_column(String(40), default="90")
    unit: Mapped[str] = mapped_column(String(8))
    amount: Mapped[float] = mapped_column(Double)
    reason: Mapped[str] = mapped_column(Text, default="")
    given: Mapped[str | None] = mapped_column(Text)
    active: Mapped[bool] = mapped_column(default=True)

    ruling: Mapped[Ruling] = relationship(back_populates="penalties")
    pair: Mapped[Pair | None] = relationship()
