"""Events, sessions and boards, found or created by name and number."""

from __future__ import annotations

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from ..errors import RegisterError
from .models import Board, Event, EventSession
from .upsert import insert_missing, insert_missing_columns
from .values import Authority


def ensure_event(db: Session, name: str, authority: Authority = Authority.EBU, level: int | None = None) -> Event:
    """The event called ``name``, created if new (EBU ``level`` is the permission level, e.g. 3)."""
    if not name.strip():
        raise RegisterError("an event needs a name", field="event")
    found: Event = insert_missing(db, Event, {"name": name}, authority=authority, level=level)
    return found


def ensure_session(db: Session, event: Event, name: str) -> EventSession:
    """The session ``name`` of ``event``, created if new."""
    found: EventSession = insert_missing(db, EventSession, {"event_id": event.id, "name": name})
    set_committed_value(found, "event", event)  # known already: no lazy load to read it back
    return found


def _check_number(number: int) -> None:
    if number < 1:
        raise RegisterError(f"board number must be 1 or more, not {number}", field="board")


def ensure_board(db: Session, session: EventSession | int, number: int) -> Board:
    """Board ``number`` of ``session`` (the session or its id), created if new."""
    _check_number(number)
    session_id = session if isinstance(session, int) else session.id
    found: Board = insert_missing(db, Board, {"session_id": session_id, "number": number})
    if not isinstance(session, int):
        set_committed_value(found, "session", session)
    return found


def board_id_of(db: Session, event: str, session: str, number: int) -> int:
    """The id of board ``number`` of the session ``session`` of ``event``: one read when all three exist (the
    usual case), else each created as new."""
    _check_number(number)
    found: int | None = db.scalar(_BOARD_ID, {"event": event, "session": session, "number": number})
    if found is not None:
        return found
    return ensure_board(db, ensure_session(db, ensure_event(db, event), session), number).id


_BOARD_ID = (select(Board.__table__.c.id)
             .join(EventSession.__table__, EventSession.__table__.c.id == Board.__table__.c.session_id)
             .join(Event.__table__, Event.__table__.c.id == EventSession.__table__.c.event_id)
             .where(Event.__table__.c.name == bindparam("event"), EventSession.__table__.c.name == bindparam("session"),
                    Board.__table__.c.number == bindparam("number")))


def board_ref(db: Session, session_id: int, number: int) -> tuple[int, str | None]:
    """Board ``number`` of the session, created if new, as its id and its hand-record deal (PBN, or None)."""
    _check_number(number)
    columns = Board.__table__.c
    row = insert_missing_columns(db, Board, {"session_id": session_id, "number": number}, (columns.id, columns.deal))
    return row.id, row.deal
