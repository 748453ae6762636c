"""What the adjusted-score calculator reads from the register: a board's field of N-S scores and its deal.

A board is named by its event and number; it is read from the event's first session (the oldest) that has
results on it, every section of that session counted.  A line with no N-S score (a board not played, an
artificial award) is not in the field.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import Session

from ..register.models import Board, Event, EventSession, SessionResult


def _played(number: int) -> list[ColumnElement[bool]]:
    return [Board.number == number, SessionResult.ns_score.is_not(None)]


def _session_of(db: Session, event: str, number: int) -> int | None:
    """The id of the event's first session with a scored result on board ``number``."""
    return db.scalar(select(EventSession.id).join(Event).join(Board, Board.session_id == EventSession.id)
                     .join(SessionResult, SessionResult.board_id == Board.id)
                     .where(Event.name == event, *_played(number)).order_by(EventSession.id).limit(1))


def board_field(db: Session, event: str, number: int) -> list[int]:
    """The N-S scores at the tables that played board ``number`` of ``event``."""
    session = _session_of(db, event, number)
    if session is None:
        return []
    scores = db.scalars(select(SessionResult.ns_score).join(Board, SessionResult.board_id == Board.id)
                        .where(Board.session_id == session, *_played(number))
                        .order_by(SessionResult.section_id, SessionResult.round_no, SessionResult.table_no))
    return [score for score in scores if score is not None]


def board_deal(db: Session, event: str, number: int) -> str | None:
    """The PBN deal of board ``number`` of ``event`` (from the session whose field is read, else any session)."""
    session = _session_of(db, event, number)
    query = select(Board.deal).join(EventSession).join(Event).where(
        Event.name == event, Board.number == number, Board.deal.is_not(None))
    if session is not None:
        query = query.order_by((Board.session_id != session), Board.session_id)
    return db.scalars(query.limit(1)).first()


def event_with_field(db: Session, number: int) -> str | None:
    """The first event (oldest) with a scored result on board ``number``: its field fills the calculator."""
    return db.scalars(select(Event.name).join(EventSession).join(Board, Board.session_id == EventSession.id)
                      .join(SessionResult, SessionResult.board_id == Board.id)
                      .where(*_played(number)).order_by(Event.id).limit(1)).first()
