"""Events, sessions, boards (with their table logs) and results."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from .models import Board, Event, EventSession, Result
from .values import Authority


def ensure_event(db: Session, name: str, authority: Authority = Authority.EBU, level: int | None = None) -> Event:
    """The event called ``name``, created if new (EBU ``level`` is the permission level, e.g. 3)."""
    if not name.strip():
        raise RegisterError("an event needs a name", field="event")
    found = db.scalars(select(Event).where(Event.name == name)).one_or_none()
    if found is None:
        found = Event(name=name, authority=authority, level=level)
        db.add(found)
        db.flush()
    return found


def ensure_session(db: Session, event: Event, name: str) -> EventSession:
    """The session ``name`` of ``event``, created if new."""
    found = db.scalars(select(EventSession).where(EventSession.event_id == event.id,
                                                 EventSession.name == name)).one_or_none()
    if found is None:
        found = EventSession(event=event, name=name)
        db.add(found)
        db.flush()
    return found


def ensure_board(db: Session, session: EventSession, number: int, table_log: dict[str, Any] | None = None) -> Board:
    """Board ``number`` of ``session``; a given table log (the engine's JSON document) is stored as it is."""
    if number < 1:
        raise RegisterError(f"board number must be 1 or more, not {number}", field="board")
    found = db.scalars(select(Board).where(Board.session_id == session.id, Board.number == number)).one_or_none()
    if found is None:
        found = Board(session=session, number=number, table_log=table_log)
        db.add(found)
        db.flush()
    elif table_log is not None:
        found.table_log = table_log
    return found


def add_result(db: Session, board: Board, ns_pair: str, ew_pair: str, contract: str,
               ns_score: int | None) -> Result:
    """Record a table result on ``board``."""
    result = Result(board=board, ns_pair=ns_pair, ew_pair=ew_pair, contract=contract, ns_score=ns_score)
    db.add(result)
    db.flush()
    return result
